//! The header's "Share or embed" button. The dialog itself (what to show, the view, the
//! language, the size, the link and the `<iframe>` code, the preview, copying) is drawn by the
//! study module (`partlab-study-web`'s `share`), fetched the first time it opens, so its form
//! and its texts are not in the first part. It gets the chapter on screen as an address: its
//! chapter, its fields and the open question set.
//!
//! While the module loads, the button is busy and `#share-status` says so; once it is there the
//! dialog opens for the chapter on screen then. A failed load is said there too; the button
//! tries again.
//!
//! Hooks: `#share-open` (`aria-busy` while the module loads), `#share-status` (`role=status`;
//! `data-failed` after a failed load); the dialog's hooks are listed in the study module.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

use partlab_lab::i18n::{tr, Text};
use partlab_lab::state::Lang;

use crate::dom::{by_id, set_attr, set_text_id};
use crate::remote::{self, ModuleState};
use crate::{listen_id, log_error, with_frame};

/// What `#share-status` says now; anything but `Idle` means the dialog waits for the study
/// module.
#[derive(Clone, Copy, PartialEq)]
enum Status {
    /// Nothing: the dialog is closed or open.
    Idle,
    /// The dialog waits for the study module.
    Loading(Lang),
    /// The study module could not be fetched.
    Failed(Lang),
}

thread_local! {
    static SHOWN: Cell<Status> = const { Cell::new(Status::Idle) };
}

/// Opens the dialog for the chapter that `address` names, in `lang`: at once when the study
/// module is there, else once it is (the frame calls [`sync`] each frame).
pub fn open(address: &str, lang: Lang) {
    match remote::share_open(address, lang) {
        Ok(true) => show(Status::Idle),
        Ok(false) => {
            // A click after a failed load tries again.
            remote::ensure_loading();
            show(Status::Loading(lang));
        }
        Err(e) => log_error("share", &e),
    }
}

/// Called on every frame: opens the dialog that waited for the study module once it is there
/// (`address` is the chapter on screen then), or says the load failed.
pub fn sync(address: impl FnOnce() -> String, lang: Lang) {
    if SHOWN.with(Cell::get) == Status::Idle {
        return;
    }
    match remote::module_state() {
        ModuleState::Ready => open(&address(), lang),
        ModuleState::Failed => show(Status::Failed(lang)),
        ModuleState::Idle | ModuleState::Loading => show(Status::Loading(lang)),
    }
}

/// Writes `status` into `#share-status` and the button, when it changed.
fn show(status: Status) {
    if SHOWN.with(|s| s.replace(status)) == status {
        return;
    }
    let (text, busy, failed) = match status {
        Status::Idle => ("", false, false),
        Status::Loading(lang) => (tr(lang, Text::ShareLoading), true, false),
        Status::Failed(lang) => (tr(lang, Text::ShareLoadFailed), false, true),
    };
    set_text_id("share-status", text);
    if let Some(s) = by_id("share-status") {
        if failed {
            set_attr(&s, "data-failed", "true");
        } else {
            let _ = s.remove_attribute("data-failed");
        }
    }
    if let Some(b) = by_id("share-open") {
        if busy {
            set_attr(&b, "aria-busy", "true");
        } else {
            let _ = b.remove_attribute("aria-busy");
        }
    }
}

/// The button's listener (it lives as long as the page, like the button).
pub fn wire() -> Result<(), JsValue> {
    if let Some(l) = listen_id("share-open", "click", |_| {
        with_frame(|f| {
            let (address, lang) = f.share_address();
            open(&address, lang);
        });
    })? {
        l.forget();
    }
    Ok(())
}
