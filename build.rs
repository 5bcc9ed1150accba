//! Rebuild the app when its message catalogue changes: `rust_i18n::i18n!("locales")` compiles
//! `locales/*.json` in, and cargo does not track those files by itself.

fn main() {
    println!("cargo:rerun-if-changed=locales");
}
