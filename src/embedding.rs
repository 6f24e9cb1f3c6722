//! The embedding contract, for course pages that put the lab in an `<iframe>`:
//!
//! - when the page is drawn, it posts `{type: "partlab:ready"}` to its parent window;
//! - whenever its content height changes, it posts `{type: "partlab:resize", height}` (CSS
//!   pixels, a whole number), so the parent can size the frame to the content;
//! - it posts only to a parent that is another window (never to itself: a page opened on its
//!   own posts nothing), with target origin `*` because the messages carry no private data;
//! - it never listens to messages: nothing a parent sends is read, trusted or run.
//!
//! The guide's "Sharing and embedding" page (docs/src/teachers/embedding.md) has a course-page
//! snippet that uses it.

use std::cell::Cell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Window;

use crate::dom::{document, window};

thread_local! {
    /// The last height posted, so a resize that changes nothing posts nothing.
    static LAST_HEIGHT: Cell<i32> = const { Cell::new(-1) };
}

/// The parent window, when this page is inside a frame (`None` on its own).
fn parent() -> Option<Window> {
    let own = window().ok()?;
    let parent = own.parent().ok().flatten()?;
    (!js_sys::Object::is(&parent, &own)).then_some(parent)
}

fn post(fields: &[(&str, JsValue)]) {
    let Some(parent) = parent() else {
        return;
    };
    let message = js_sys::Object::new();
    for (name, value) in fields {
        let _ = js_sys::Reflect::set(&message, &JsValue::from_str(name), value);
    }
    if let Err(e) = parent.post_message(&message, "*") {
        crate::log_error("postMessage", &e);
    }
}

/// The height of the page's content, in CSS pixels.
fn content_height() -> Option<i32> {
    let root = document().ok()?.document_element()?;
    Some(root.scroll_height())
}

fn post_height() {
    let Some(height) = content_height() else {
        return;
    };
    if LAST_HEIGHT.with(|last| last.replace(height)) != height {
        post(&[
            ("type", JsValue::from_str("partlab:resize")),
            ("height", JsValue::from(height)),
        ]);
    }
}

/// Tells the parent the page is drawn, with its height, and keeps telling it the height as it
/// changes (a resize observer on the whole document). Does nothing on a page on its own.
pub fn announce() {
    if parent().is_none() {
        return;
    }
    post(&[("type", JsValue::from_str("partlab:ready"))]);
    // The height follows from the observer's first notice, once the browser has laid the
    // page out: reading it here would force that layout now.
    let observer = Closure::<dyn FnMut()>::new(post_height);
    let watch = || -> Result<(), JsValue> {
        let root = document()?
            .document_element()
            .ok_or_else(|| JsValue::from_str("no document element"))?;
        let ro = web_sys::ResizeObserver::new(observer.as_ref().unchecked_ref())?;
        ro.observe(&root);
        if let Some(body) = document()?.body() {
            ro.observe(&body);
        }
        Ok(())
    };
    if let Err(e) = watch() {
        crate::log_error("resize observer", &e);
        post_height();
    }
    // The observer lives as long as the page.
    observer.forget();
}
