// Entry point of the solver web worker (a module worker): loads the wasm-bindgen module that
// trunk builds from src/bin/worker.rs and runs its `main`, which registers the gloo worker.
// A real file under the app's base path (instead of gloo's blob: shim) keeps the worker's URL
// inside the site, which GitHub Pages sub-paths and strict CSPs both like.
import init from './worker.js';

await init();
