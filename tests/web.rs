//! Component tests in a real browser (wasm-bindgen-test): the whole app mounted, driven through
//! the DOM contract's `data-testid`s. Run with
//! `cargo test --target wasm32-unknown-unknown --test web` (chromedriver on PATH).
//! The worker is not served by the test runner; these tests cover the page alone.

#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use leptos::prelude::document;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlElement, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

/// Let Leptos' scheduled effects run.
async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                &resolve,
                Duration::from_millis(30).as_millis() as i32,
            );
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

fn one(selector: &str) -> Element {
    document()
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element {selector}"))
}

fn count(selector: &str) -> u32 {
    document().query_selector_all(selector).unwrap().length()
}

fn click(selector: &str) {
    one(selector).unchecked_into::<HtmlElement>().click();
}

fn attr(selector: &str, name: &str) -> Option<String> {
    one(selector).get_attribute(name)
}

/// Mount the app once per test page (tests share the document, so each test cleans up).
async fn mount() {
    if count("[data-testid=deck]") == 0 {
        leptos::mount::mount_to_body(ulti_solver::App);
    }
    settle().await;
    click("[data-testid=clear-deal]");
    click("[data-testid=hand-tab-0]");
    settle().await;
}

#[wasm_bindgen_test]
async fn clicking_deck_cards_fills_the_active_hand_and_a_full_hand_refuses() {
    mount().await;
    assert_eq!(count("[data-testid=deck] [data-testid=card]"), 32);
    assert_eq!(count("[data-testid=card][data-owner=none]"), 32);

    click("[data-testid=card][data-card=PA]");
    settle().await;
    assert_eq!(
        attr("[data-testid=card][data-card=PA]", "data-owner").as_deref(),
        Some("0")
    );
    assert_eq!(
        attr("[data-testid=hand-0]", "data-count").as_deref(),
        Some("1")
    );
    assert_eq!(count("[data-testid=hand-0] [data-card=PA]"), 1);

    // Ten more Piros/Zöld cards: the eleventh is refused with a visible notice.
    for c in ["PK", "PO", "PU", "PX", "P9", "P8", "P7", "ZA", "ZK", "ZO"] {
        click(&format!("[data-testid=card][data-card={c}]"));
        settle().await;
    }
    assert_eq!(
        attr("[data-testid=hand-0]", "data-count").as_deref(),
        Some("10")
    );
    assert_eq!(
        attr("[data-testid=card][data-card=ZO]", "data-owner").as_deref(),
        Some("none")
    );
    let notice = one("[data-testid=editor-notice]").text_content().unwrap();
    assert!(notice.contains("Soloist"), "{notice}");

    // Clicking a dealt card sends it back.
    click("[data-testid=card][data-card=PA]");
    settle().await;
    assert_eq!(
        attr("[data-testid=card][data-card=PA]", "data-owner").as_deref(),
        Some("none")
    );
    assert_eq!(
        attr("[data-testid=hand-0]", "data-count").as_deref(),
        Some("9")
    );
}

#[wasm_bindgen_test]
async fn keys_switch_hands_and_fill_random_completes_the_deal_into_the_url() {
    mount().await;
    let init = KeyboardEventInit::new();
    init.set_key("3");
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&event).unwrap();
    settle().await;
    assert_eq!(
        attr("[data-testid=hand-tab-2]", "aria-pressed").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr("[data-testid=hand-tab-0]", "aria-pressed").as_deref(),
        Some("false")
    );

    click("[data-testid=card][data-card=T7]");
    click("[data-testid=fill-random]");
    settle().await;
    for seat in 0..3 {
        assert_eq!(
            attr(&format!("[data-testid=hand-{seat}]"), "data-count").as_deref(),
            Some("10")
        );
    }
    assert_eq!(count("[data-testid=talon] [data-card]"), 2);
    assert_eq!(
        attr("[data-testid=card][data-card=T7]", "data-owner").as_deref(),
        Some("2")
    );
    let search = web_sys::window().unwrap().location().search().unwrap();
    let code = search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("deal="))
        .unwrap_or_else(|| panic!("no deal= in {search}"));
    assert_eq!(code.len(), 61);
    assert_eq!(count("[data-testid=result]"), 9);

    // A trump click re-writes digit 0 of the code.
    click("[data-testid=trump-M]");
    settle().await;
    assert_eq!(
        attr("[data-testid=trump-M]", "aria-pressed").as_deref(),
        Some("true")
    );
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert!(search.contains("deal=2"), "{search}");
}

#[wasm_bindgen_test]
async fn the_full_table_and_bids_lay_out_every_cell_and_a_cell_click_selects_trump_and_game() {
    mount().await;
    click("[data-testid=fill-random]");
    settle().await;
    // 7 trump contracts × 4 suits + betli and colourless durchmars once.
    assert_eq!(
        count("[data-testid=full-table] [data-testid=table-cell]"),
        30
    );
    assert_eq!(count("[data-testid=table-cell][data-trump=none]"), 2);
    assert_eq!(
        count("[data-testid=table-cell][data-contract=ulti][data-trump=T]"),
        1
    );
    assert_eq!(
        attr("[data-testid=table-progress]", "data-total").as_deref(),
        Some("30")
    );
    // The worker is not served here: everything stays pending, no points yet.
    assert_eq!(count("[data-testid=table-cell][data-status=pending]"), 30);
    assert_eq!(count("[data-testid=table-cell][data-points]"), 0);
    assert_eq!(
        count("[data-testid=bids] [data-testid=bid]"),
        ulti_engine::standard_announcements().len() as u32
    );
    assert_eq!(count("[data-testid=bid][data-bid-id=\"40-100+ulti@Z\"]"), 1);
    assert_eq!(count("[data-testid=bid][data-best]"), 0);

    // A Zöld cell selects Zöld and its contract.
    click("[data-testid=trump-P]");
    settle().await;
    click("[data-testid=table-cell][data-contract=passz][data-trump=Z]");
    settle().await;
    assert_eq!(
        attr("[data-testid=trump-Z]", "aria-pressed").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr("[data-testid=line-viewer]", "data-game").as_deref(),
        Some("passz")
    );
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert!(search.contains("deal=1"), "{search}");
    assert!(search.contains("game=passz"), "{search}");
    assert!(!search.contains("played="), "{search}");
}
