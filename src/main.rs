//! The page binary (trunk `data-type="main"`): mounts [`ulti_solver::App`].

fn main() {
    console_error_panic_hook::set_once();
    ulti_solver::offline::setup();
    leptos::mount::mount_to_body(ulti_solver::App);
}
