//! Browser helpers shared by the page's two wasm modules: the first part (the frame and the
//! hashing instrument, the root package) and the study module (the study chapters and the
//! teachers' page, `partlab-study-web`, loaded on demand). Natively this crate is empty.
//!
//! Each module links its own copy: the two are separate wasm instances with their own memory,
//! so the thread-locals here (the task queue) exist once per module.

#![cfg(target_arch = "wasm32")]

pub mod batched;
pub mod dom;

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Event;

use partlab_lab::i18n::{tr, Text};
use partlab_lab::state::Lang;

use dom::{by_id, window};

/// A DOM event listener kept alive by whoever owns it (dropped with its chapter).
pub type Listener = Closure<dyn FnMut(Event)>;

thread_local! {
    /// The page's `performance`, looked up once (an update reads the clock a dozen times).
    static PERFORMANCE: Option<web_sys::Performance> =
        window().ok().and_then(|w| w.performance());
}

/// The page's `performance` (marks and measures), if it has one.
pub fn performance() -> Option<web_sys::Performance> {
    PERFORMANCE.with(Clone::clone)
}

/// Starts a span of the page's work, for DevTools' Performance panel and the benchmark: a
/// performance mark named `start` (see [`measure`]).
pub fn mark(start: &str) {
    if let Some(p) = performance() {
        let _ = p.mark(start);
    }
}

/// Ends the span [`mark`] began at `start` as a performance measure named `name`, and
/// forgets the mark (marks would otherwise pile up, one per span, while the page is open).
pub fn measure(name: &str, start: &str) {
    if let Some(p) = performance() {
        let _ = p.measure_with_start_mark(name, start);
        p.clear_marks_with_mark_name(start);
    }
}

/// Forgets the span [`mark`] began at `start` without measuring it.
pub fn unmark(start: &str) {
    if let Some(p) = performance() {
        p.clear_marks_with_mark_name(start);
    }
}

/// The page's clock (`performance.now()`), in ms; 0 where there is none.
pub fn now() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0.0, web_sys::Performance::now))
}

/// The device pixel ratio, kept within 1–4 (a canvas's backing store grows with its square).
pub fn dpr() -> f64 {
    window()
        .map(|w| w.device_pixel_ratio())
        .ok()
        .filter(|d| d.is_finite() && *d > 0.0)
        .unwrap_or(1.0)
        .clamp(1.0, 4.0)
}

/// Reports a JavaScript error on the console as a warning, with where it happened.
pub fn log_error(context: &str, e: &JsValue) {
    let text = e.as_string().unwrap_or_else(|| format!("{e:?}"));
    web_sys::console::warn_1(&JsValue::from_str(&format!("partlab: {context}: {text}")));
}

/// Runs `f` once after `ms` ms; returns the timer's handle (for [`clear_timeout`]).
pub fn set_timeout(ms: i32, f: impl FnOnce() + 'static) -> Option<i32> {
    let cb = Closure::once_into_js(f);
    window()
        .ok()?
        .set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms)
        .ok()
}

/// The port that [`post_task`] posts to, with the listener of the other end.
type TaskChannel = (web_sys::MessagePort, Closure<dyn FnMut(JsValue)>);

thread_local! {
    /// Tasks posted with [`post_task`], run in order, one per message.
    static TASKS: RefCell<std::collections::VecDeque<Box<dyn FnOnce()>>> =
        RefCell::new(std::collections::VecDeque::new());
    /// The channel they are posted through (created on first use), with its listener.
    static CHANNEL: RefCell<Option<TaskChannel>> = const { RefCell::new(None) };
}

/// Runs `f` in a task of its own, as soon as the browser is free (after pending input,
/// rendering and other tasks): a message to ourselves, without the 4 ms that browsers add to
/// chained `setTimeout(0)` calls. Returns whether it was posted.
pub fn post_task(f: impl FnOnce() + 'static) -> bool {
    TASKS.with(|t| t.borrow_mut().push_back(Box::new(f)));
    CHANNEL.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            let Ok(channel) = web_sys::MessageChannel::new() else {
                return false;
            };
            let run = Closure::<dyn FnMut(JsValue)>::new(|_| {
                let next = TASKS.with(|t| t.borrow_mut().pop_front());
                if let Some(f) = next {
                    f();
                }
            });
            channel
                .port1()
                .set_onmessage(Some(run.as_ref().unchecked_ref()));
            *c = Some((channel.port2(), run));
        }
        c.as_ref()
            .is_some_and(|(port, _)| port.post_message(&JsValue::NULL).is_ok())
    })
}

/// Runs `f` in a task of its own once the browser has rendered its next frame (an animation
/// frame that posts a task): `f` comes after what the page wrote before is laid out and
/// painted, in a task apart from that rendering. False where the browser cannot.
pub fn after_next_rendering(f: impl FnOnce() + 'static) -> bool {
    let cb = Closure::once_into_js(move || {
        post_task(f);
    });
    window().is_ok_and(|w| w.request_animation_frame(cb.unchecked_ref()).is_ok())
}

/// Cancels a timer set with [`set_timeout`] (nothing for `None`).
pub fn clear_timeout(handle: Option<i32>) {
    if let (Some(h), Ok(w)) = (handle, window()) {
        w.clear_timeout_with_handle(h);
    }
}

/// Listens to `event` on `target`; the listener lives as long as the returned closure.
pub fn listen(
    target: &web_sys::EventTarget,
    event: &str,
    f: impl FnMut(Event) + 'static,
) -> Result<Listener, JsValue> {
    let cb = Closure::<dyn FnMut(Event)>::new(f);
    target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref())?;
    Ok(cb)
}

/// [`listen`] on the element `id`, if it is on the page.
pub fn listen_id(
    id: &str,
    event: &str,
    f: impl FnMut(Event) + 'static,
) -> Result<Option<Listener>, JsValue> {
    match by_id(id) {
        Some(e) => listen(&e, event, f).map(Some),
        None => Ok(None),
    }
}

/// Shows a readable message in the page when the wasm panics (instead of a dead canvas).
/// Each module installs it: a panic in either replaces `#app` with the message.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&JsValue::from_str(&format!("partlab panicked: {detail}")));
        let Some(app) = by_id("app") else {
            return;
        };
        dom::clear(&app);
        let _ = app.set_attribute("data-state", "crashed");
        // The first part keeps the page hidden while it is being built (see its `run`).
        let _ = app.remove_attribute("hidden");
        // Every language at once: the crash may come before the language is known.
        let crash = dom::H::new("div").class("crash").attr("role", "alert");
        for lang in Lang::ALL {
            crash.append(
                dom::H::new("p")
                    .attr("lang", lang.code())
                    .text(tr(lang, Text::Crashed)),
            );
        }
        let _ = app.append_child(&crash.child(dom::H::new("pre").text(&detail)).el());
    }));
}
