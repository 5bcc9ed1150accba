#!/usr/bin/env bash
# Runs every test of the project, installing what is missing first (wasm32 target, trunk,
# wasm-bindgen-cli, wasm-opt, mdbook, Chromium, the e2e npm packages, the Python tools):
# formatting and clippy, the native tests (engine, CLI, app logic, the guide's CLI reference),
# the table server's container image (scripts/container-test.sh: a FROM scratch image around a
# static musl build, run with podman), the Python package's tests (its wheel in a fresh virtual environment, against the CLI, with one
# local Ray run; the guide's Python reference and examples), the user guide (mdBook, every
# internal link checked), the engine's wasm32 build, the app's component tests in the browser
# (wasm-bindgen-test), one release build of the app and its guide under the GitHub Pages
# sub-path /ulti-solver/, and the browser end-to-end tests against that build (compared with
# the CLI that `cargo test` built).
# Usage: scripts/test.sh            (CI: .ci/run calls exactly this)
set -euo pipefail
# shellcheck source=scripts/tools.sh
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

started=$SECONDS
timings=()

# A clean clone builds everything once: incremental caches only cost disk and time there.
if [ "${CI:-}" = true ]; then
  export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
fi

# Free space under the target directory, in GiB (whole GiB, rounded down).
free_gib() {
  local dir
  dir="$(cargo_target_dir)"
  mkdir -p "$dir"
  df -Pk "$dir" | awk 'NR == 2 { print int($4 / 1048576) }'
}
# The whole run needs about this much free space on a clean clone (measured: target/ ends at
# about this size with the musl, wasm32 and wheel builds; podman's image is small).
DISK_NEEDED_GIB=12
free=$(free_gib)
if [ "$free" -lt "$DISK_NEEDED_GIB" ]; then
  note "warning: only ${free} GiB free under $(cargo_target_dir); a clean run needs about ${DISK_NEEDED_GIB} GiB (a build that runs out fails with 'No space left on device')"
fi
# Runs "$@" as a timed step with a header.
timed() {
  local name="$1" t0=$SECONDS
  shift
  step "$name"
  "$@"
  timings+=("$(printf '%5ss  %s' $((SECONDS - t0)) "$name")")
}

install_tools() {
  ensure_wasm_target
  ensure_trunk
  ensure_wasm_bindgen
  ensure_wasm_opt
  ensure_mdbook
  ensure_python
  ensure_py_tools
  ensure_chromium
  ensure_e2e_deps
}

lint() {
  cargo fmt --all --check
  cargo clippy --workspace --all-targets --locked -- -D warnings
  # The search statistics behind `ulti bench --per-deal` (off in every other build).
  cargo clippy -p ulti-cli --features search-stats --locked -- -D warnings
}

# tests/web.rs: wasm-bindgen-test in the browser, through wasm-bindgen-test-runner (installed with
# wasm-bindgen-cli; .cargo/config.toml makes it the wasm32 runner) and chromedriver.
web_tests() {
  export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
  cargo test --target wasm32-unknown-unknown --test web --locked
}

# The sub-path build: the same files GitHub Pages serves, under site/ulti-solver/.
build_site() {
  rm -rf site
  mkdir -p site
  trunk build --release --locked --public-url /ulti-solver/ --dist site/ulti-solver
  [ -f site/ulti-solver/guide/index.html ] || die "the build has no guide/ (Trunk.toml's mdbook hook)"
  scripts/app-size.sh site/ulti-solver
}

# The user guide (docs/, mdBook) built into target/guide, every internal link checked, and the
# relative links of the top-level Markdown files (scripts/check-links.py, which first shows on
# made-up pages that it catches broken ones);
# README.md at most 200 lines; no issue numbers in README.md, BENCHMARKS.md or the guide. The
# guide's CLI reference is checked by `cargo test`, its Python pages by the Python step.
guide() {
  local out lines
  out="$(cargo_target_dir)/guide"
  mdbook build docs --dest-dir "$out"
  python3 scripts/check-links.py --self-test
  python3 scripts/check-links.py "$out" --site-url /ulti-solver/guide/ --app-routes hand,play,table,puzzles
  python3 scripts/check-links.py --markdown README.md BENCHMARKS.md CHANGELOG.md ARCHITECTURE.md
  lines=$(wc -l <README.md)
  [ "$lines" -le 200 ] || die "README.md has $lines lines: the front door holds at most 200 (the rest goes in docs/)"
  if grep -rnEi 'issues? #?[0-9]+' README.md BENCHMARKS.md docs/src; then
    die "issue numbers in README.md, BENCHMARKS.md or docs/ (above): say what, not which issue"
  fi
  note "README.md: $lines lines; the guide in $out"
}

e2e() {
  local target ulti log
  target="$(cargo_target_dir)"
  ulti="$target/debug/ulti"
  [ -x "$ulti" ] || die "$ulti is missing (cargo test --workspace builds it)"
  # tests/e2e/live.test.mjs starts its own table server on the same build (site/).
  [ -x "$target/debug/ulti-server" ] || die "$target/debug/ulti-server is missing (cargo test --workspace builds it)"
  rm -rf target/e2e
  mkdir -p target/e2e
  log="target/e2e/http-server.log"
  trap stop_static_server EXIT
  start_static_server site /ulti-solver/index.html "$log"
  E2E_BASE_URL="http://127.0.0.1:$STATIC_SERVER_PORT/ulti-solver/" ULTI_BIN="$ulti" \
    ULTI_SERVER_BIN="$target/debug/ulti-server" E2E_SITE_DIR="$REPO_ROOT/site" \
    node --test --test-concurrency=1 --test-reporter=spec tests/e2e/
  stop_static_server
  note "screenshots in target/e2e/"
}

# crates/ulti-py: one wheel (maturin, the dev profile: it reuses `cargo test`'s build, and the
# engine is optimised there too), installed into a fresh virtual environment whose test tools
# (pytest, ray) come from .tools/py-venv through a .pth file; pytest compares it with the CLI.
python_tests() {
  local target tools venv site wheel
  target="$(cargo_target_dir)"
  tools="$TOOLS_DIR/py-venv"
  venv="$target/py-test-venv"
  rm -rf "$target/wheels" "$venv"
  (cd crates/ulti-py && "$tools/bin/maturin" build --locked --out "$target/wheels")
  wheel="$(ls "$target"/wheels/ulti_solver-*-abi3-*.whl)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-index --no-deps "$wheel"
  site="$("$tools/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  echo "$site" >"$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/py-tools.pth"
  (cd crates/ulti-py && ULTI_BIN="$target/debug/ulti" RAY_AUTH_MODE=disabled \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider tests)
  # The guide's Python pages: the reference is what the docstrings say, and every example runs.
  "$venv/bin/python" scripts/python-reference.py --check
  "$venv/bin/python" scripts/doctest-md.py docs/src/python.md docs/src/reference/python.md
}

timed "tools (installed only when missing)" install_tools
timed "format and lints" lint
timed "native tests (engine, CLI, app)" cargo test --workspace --locked
timed "the table server's container image (podman; a stop and a new container on its volume)" \
  scripts/container-test.sh --strict-stop
timed "python package (wheel into a fresh venv, pytest against the CLI, one local Ray run, the guide's examples)" python_tests
timed "user guide (mdBook, its links, README length, no issue numbers)" guide
timed "engine builds for wasm32" cargo build -p ulti-engine --target wasm32-unknown-unknown --locked
timed "app component tests in headless Chromium (wasm-bindgen-test)" web_tests
timed "release build of the app and its guide under /ulti-solver/ (GitHub Pages layout)" build_site
timed "browser end-to-end tests (headless Chromium, /ulti-solver/ build)" e2e

step "timings"
printf '  %s\n' "${timings[@]}"
printf '  %5ss  total\n' $((SECONDS - started))
note "disk: target/ holds $(du -sh "$(cargo_target_dir)" | cut -f1); $(free_gib) GiB free"

printf '\nall tests passed\n'
