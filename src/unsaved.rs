//! The change not yet in the address, kept in the tab's `sessionStorage` so that a reload at
//! any moment shows it.
//!
//! The frame writes the address a moment after a change (a task after the change's frame, or
//! after a drag's debounce), and a reload loads the address the browser had when it was
//! asked for, before `pagehide` runs: a change made just before a reload was lost. So each
//! change that the address does not show yet is also written, at once, under the address the
//! browser has (`from`), as the address that shows it (`to`). The entry stays after the
//! address is written: a reload already asked for loads `from` even when the write comes
//! before the page is left. It goes when a newer change replaces it, when the page is shown
//! again after being hidden, or when a page opens at `to`. A page that opens by a reload or by Back/Forward at `from` shows `to`.
//! Any other opening (a link, an address typed in another tab or this one) is shown as it is:
//! an entry never overrides an address someone chose. Storage refused (a sandboxed frame,
//! storage off) only takes this away; nothing else depends on it.

use wasm_bindgen::JsValue;

use crate::dom::window;

/// The prefix of the entries' keys; the rest is the address the entry is for.
const KEY_PREFIX: &str = "partlab-unsaved ";

fn storage() -> Option<web_sys::Storage> {
    window().ok()?.session_storage().ok().flatten()
}

fn key(from: &str) -> String {
    format!("{KEY_PREFIX}{from}")
}

/// Keeps `to` (an address, with `#`) as what the page opened at `from` (the browser's address,
/// `location.hash`) must show.
pub fn remember(from: &str, to: &str) {
    if let Some(s) = storage() {
        // A full storage only loses this entry.
        let _ = s.set_item(&key(from), to);
    }
}

/// Forgets the entry for `from` (the address now shows the change).
pub fn forget(from: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(&key(from));
    }
}

/// Forgets every entry that leads to `address`, the one the page opened at: the browser
/// already had the change's address, and a stale entry would later bring that state back
/// over a newer one.
pub fn forget_reached(address: &str) {
    let Some(s) = storage() else {
        return;
    };
    let count = s.length().unwrap_or(0);
    let reached: Vec<String> = (0..count)
        .filter_map(|i| s.key(i).ok().flatten())
        .filter(|k| k.starts_with(KEY_PREFIX))
        .filter(|k| s.get_item(k).ok().flatten().as_deref() == Some(address))
        .collect();
    for k in reached {
        let _ = s.remove_item(&k);
    }
}

/// The address the page must show instead of `address`, the one it opened at: the change
/// kept for it, when the page was reloaded (or reached by Back/Forward) and one was kept.
pub fn restore(address: &str) -> Option<String> {
    if !reopened() {
        return None;
    }
    let s = storage()?;
    let to = s.get_item(&key(address)).ok().flatten()?;
    // Only an address: a `#` and no more than the lab writes.
    (to.starts_with('#') && to.len() <= 64 * 1024 && to != address).then_some(to)
}

/// Whether this page was opened by a reload or by Back/Forward (the navigation timing
/// entry's `type`), not by following a link or typing an address.
fn reopened() -> bool {
    let kind = partlab_web::performance()
        .map(|p| p.get_entries_by_type("navigation").get(0))
        .filter(|entry| !entry.is_undefined())
        .and_then(|entry| js_sys::Reflect::get(&entry, &JsValue::from_str("type")).ok())
        .and_then(|t| t.as_string());
    matches!(kind.as_deref(), Some("reload" | "back_forward"))
}

/// Replaces the browser's address by `to` without a new history entry.
pub fn show(to: &str) -> Result<(), JsValue> {
    window()?
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(to))
}
