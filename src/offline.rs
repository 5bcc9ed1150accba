//! Installable and offline: the page's side of the service worker (src/sw.js, copied by trunk
//! next to index.html; the web manifest and icons are in manifest.json and icons/).
//!
//! Release builds register `sw.js?v=N`, N being [`PROTOCOL_VERSION`]: the service worker names
//! its cache after N, so a page never meets a worker cached under another protocol, and a new
//! N installs a new service worker that drops the old cache. Debug builds (`trunk serve`)
//! register nothing and remove a registration a release build left on the same origin, so a
//! development session never runs from a cache.

use leptos::prelude::*;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::Closure;
use web_sys::{RegistrationOptions, ServiceWorkerContainer, ServiceWorkerRegistration};

use crate::protocol::PROTOCOL_VERSION;

/// The service worker script, relative to the app's base URL.
#[must_use]
pub fn script_path() -> String {
    format!("sw.js?v={PROTOCOL_VERSION}")
}

/// Register the service worker (release builds) or remove a leftover one (debug builds).
/// Failures only log a warning: the app works without a service worker.
pub fn setup() {
    let Some(container) = container() else {
        return; // no service workers here (e.g. not a secure context)
    };
    if cfg!(debug_assertions) {
        unregister_all(&container);
    } else if let Err(e) = register(&container) {
        leptos::logging::warn!("service worker not registered: {e}");
    }
}

/// `navigator.serviceWorker`, when the browser offers it.
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = window().navigator();
    let value = js_sys::Reflect::get(&navigator, &JsValue::from_str("serviceWorker")).ok()?;
    (!value.is_undefined() && !value.is_null()).then(|| navigator.service_worker())
}

/// Register [`script_path`] with the app's base URL (`document.baseURI`) as its scope, so it
/// works at `/` and under a sub-path such as `/ulti-solver/`.
fn register(container: &ServiceWorkerContainer) -> Result<(), String> {
    let base = document()
        .base_uri()
        .ok()
        .flatten()
        .ok_or("the page has no base URI")?;
    let script = web_sys::Url::new_with_base(&script_path(), &base)
        .map_err(|_| format!("cannot make the service worker URL from {base}"))?;
    let options = RegistrationOptions::new();
    options.set_scope(&base);
    let promise = container.register_with_options(&script.href(), &options);
    on_settled(
        &promise,
        |_| {},
        |e| {
            leptos::logging::warn!("service worker not registered: {e:?}");
        },
    );
    Ok(())
}

/// Unregister every service worker of this origin.
fn unregister_all(container: &ServiceWorkerContainer) {
    on_settled(
        &container.get_registrations(),
        |list| {
            for reg in js_sys::Array::from(&list).iter() {
                let reg: ServiceWorkerRegistration = reg.into();
                let _ = reg.unregister();
                leptos::logging::log!("debug build: removed the service worker of a release build");
            }
        },
        |_| {},
    );
}

/// Run `ok` or `err` when `promise` settles (the rejection is handled, so it never shows as
/// an uncaught error).
fn on_settled(
    promise: &js_sys::Promise,
    ok: impl FnOnce(JsValue) + 'static,
    err: impl FnOnce(JsValue) + 'static,
) {
    let mut ok = Some(ok);
    let mut err = Some(err);
    let on_ok = Closure::<dyn FnMut(JsValue)>::new(move |v| {
        if let Some(f) = ok.take() {
            f(v);
        }
    });
    let on_err = Closure::<dyn FnMut(JsValue)>::new(move |e| {
        if let Some(f) = err.take() {
            f(e);
        }
    });
    let _ = promise.then2(&on_ok, &on_err);
    // Called at most once each, at startup: leaking the two closures is fine.
    on_ok.forget();
    on_err.forget();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The service worker takes its cache version from this URL: it must be the protocol's.
    #[test]
    fn the_service_worker_url_carries_the_protocol_version() {
        assert_eq!(script_path(), format!("sw.js?v={PROTOCOL_VERSION}"));
        let sw = include_str!("sw.js");
        assert!(sw.contains("searchParams.get('v')"), "sw.js reads ?v=");
        assert!(
            sw.contains("const CACHE = `ulti-solver-v${VERSION}`"),
            "cache named by it"
        );
        let html = include_str!("../index.html");
        assert!(
            html.contains(r#"data-trunk rel="copy-file" href="src/sw.js""#),
            "trunk copies sw.js next to index.html"
        );
    }

    /// The manifest works at `/` and under a sub-path, and every icon it names is a file in
    /// the tree (trunk copies icons/ as it is).
    #[test]
    fn the_manifest_is_relative_and_its_icons_exist() {
        let manifest = include_str!("../manifest.json");
        assert!(manifest.contains(r#""start_url": "./""#));
        assert!(manifest.contains(r#""scope": "./""#));
        assert!(manifest.contains(r#""purpose": "maskable""#));
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let icons: Vec<&str> = manifest
            .split(r#""src": ""#)
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap())
            .collect();
        assert!(icons.len() >= 3, "{icons:?}");
        for icon in icons {
            assert!(!icon.starts_with('/'), "{icon} is relative");
            assert!(root.join(icon).is_file(), "{icon} exists");
        }
        let html = include_str!("../index.html");
        assert!(html.contains(r#"<link rel="manifest" href="manifest.json" />"#));
        assert!(html.contains(r#"data-trunk rel="copy-dir" href="icons""#));
    }
}
