//! Partlab's study module: the study chapters (`Instrument::Study`), the teachers' page
//! (`Instrument::Teachers`), the open "Predict first" panel, the share dialog and the hashing
//! chapters' lesson tables, compiled into a wasm module of their own that the page's first
//! part (the root package: the frame and the hashing instrument) loads the first time one of
//! them is shown. A visitor of the ring, mod-n or rendezvous chapters who opens none of these
//! never downloads it.
//!
//! The boundary is the small API below, called by the first part's `remote` chapter through
//! the module's wasm-bindgen glue; it mirrors the first part's `ChapterView` methods. Values
//! cross it as strings (chapter slug, fragment fields, language and theme codes) and DOM
//! elements; the frame's request for an animation frame comes in as a JS function.
//!
//! Architecture invariants:
//! - One view at a time, in this module's own thread-local; the frame owns the address, the
//!   header and the chapter switches, this module only what is inside `#chapter`.
//! - The frame's problems with an address (an unknown `c=`, say) are read again here from the
//!   address itself (`route` is pure), so no typed value crosses the boundary.

#![cfg(target_arch = "wasm32")]

mod quiz;
mod share;
mod study;
mod tables;
mod teachers;

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::Element;

use partlab_lab::chapters::{route, ChapterId, Instrument};
use partlab_lab::palette::Theme;
use partlab_lab::state::Lang;

pub(crate) use partlab_web::dom;
pub(crate) use partlab_web::{dpr, listen, listen_id, log_error, now, set_timeout, Listener};

use study::StudyView;
use teachers::Teachers;

/// The view this module shows.
enum View {
    Study(StudyView),
    Teachers(Teachers),
}

thread_local! {
    static VIEW: RefCell<Option<View>> = const { RefCell::new(None) };
    /// The frame's "request an animation frame" (given at mount).
    static REQUEST_FRAME: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Asks the frame for one animation frame: it calls [`frame`] on this module, then updates
/// its own texts and the address.
pub(crate) fn request_frame() {
    REQUEST_FRAME.with(|f| {
        if let Some(f) = f.borrow().as_ref() {
            if let Err(e) = f.call0(&JsValue::NULL) {
                log_error("request frame", &e);
            }
        }
    });
}

/// Runs `f` on the mounted study chapter, if one is on screen (`None` while it is borrowed).
pub(crate) fn with_study<R>(f: impl FnOnce(&mut StudyView) -> R) -> Option<R> {
    VIEW.with(|cell| {
        let mut guard = cell.try_borrow_mut().ok()?;
        match guard.as_mut()? {
            View::Study(s) => Some(f(s)),
            View::Teachers(_) => None,
        }
    })
}

/// Runs `f` on the view, if one is mounted.
fn with_view<R>(f: impl FnOnce(&mut View) -> R) -> Option<R> {
    VIEW.with(|cell| cell.try_borrow_mut().ok()?.as_mut().map(f))
}

fn theme_from_code(code: &str) -> Theme {
    Theme::from_code(code).unwrap_or(Theme::Light)
}

fn lang_from_code(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::Ca)
}

/// Called once by the glue when the module is instantiated.
#[wasm_bindgen(start)]
pub fn init() {
    partlab_web::install_panic_hook();
}

/// Builds `chapter` (a slug of a study chapter or `teachers`) inside `root` from its fragment
/// `fields`, in `lang` (a language code) with `theme` (`light`, `dark`, `projector`).
/// `address` is the address the frame read the chapter from (its own fields' problems are
/// shown as notices); `request_frame` asks the frame for an animation frame. Replaces the
/// view mounted before, if any.
#[wasm_bindgen]
pub fn mount(
    chapter: &str,
    root: Element,
    fields: &str,
    lang: &str,
    address: &str,
    theme: &str,
    request_frame: js_sys::Function,
) -> Result<(), JsValue> {
    let chapter =
        ChapterId::from_slug(chapter).ok_or_else(|| JsValue::from_str("unknown chapter"))?;
    let lang = lang_from_code(lang);
    REQUEST_FRAME.with(|f| *f.borrow_mut() = Some(request_frame));
    unmount();
    let view = match chapter.instrument() {
        Instrument::Study => {
            let issues = route(address, |_| chapter).issues;
            View::Study(StudyView::mount(
                &root,
                chapter,
                fields,
                lang,
                issues,
                theme_from_code(theme),
            )?)
        }
        Instrument::Teachers => View::Teachers(Teachers::mount(&root, fields, lang)?),
        Instrument::Hashing => return Err(JsValue::from_str("not a chapter of this module")),
    };
    VIEW.with(|cell| *cell.borrow_mut() = Some(view));
    Ok(())
}

/// The view's fragment fields; without the embed view when `embed` is false.
#[wasm_bindgen]
pub fn fields(embed: bool) -> String {
    with_view(|v| match v {
        View::Study(s) => s.fields(embed),
        View::Teachers(t) => t.fields(),
    })
    .unwrap_or_default()
}

/// The view's language code.
#[wasm_bindgen]
pub fn lang() -> String {
    with_view(|v| match v {
        View::Study(s) => s.lang(),
        View::Teachers(t) => t.lang(),
    })
    .unwrap_or(Lang::Ca)
    .code()
    .to_owned()
}

/// Whether one view of the chapter is shown alone (`embed=`).
#[wasm_bindgen]
pub fn embedded() -> bool {
    with_view(|v| match v {
        View::Study(s) => s.embedded(),
        View::Teachers(_) => false,
    })
    .unwrap_or(false)
}

/// Whether the chapter's fields were just loaded from an address with problems: the frame
/// then leaves the address as the user typed it (asked once per load).
#[wasm_bindgen]
pub fn take_loaded_with_issues() -> bool {
    with_study(StudyView::take_loaded_with_issues).unwrap_or(false)
}

/// One animation frame: applies the queued input and redraws.
#[wasm_bindgen]
pub fn frame() {
    with_view(|v| match v {
        View::Study(s) => s.frame(),
        View::Teachers(t) => t.frame(),
    });
}

/// Switches the language (a code; applied on the next frame).
#[wasm_bindgen]
pub fn set_lang(lang: &str) {
    let lang = lang_from_code(lang);
    with_view(|v| match v {
        View::Study(s) => s.set_lang(lang),
        View::Teachers(t) => t.set_lang(lang),
    });
}

/// Loads the view's fields from an address the user edited.
#[wasm_bindgen]
pub fn load(fields: String) {
    with_view(|v| match v {
        View::Study(s) => s.load(fields),
        View::Teachers(t) => t.load(&fields),
    });
}

/// Redraws with another colour scheme (a code, as in [`mount`]).
#[wasm_bindgen]
pub fn set_theme(theme: &str) {
    let theme = theme_from_code(theme);
    with_view(|v| match v {
        View::Study(s) => s.set_theme(theme),
        View::Teachers(_) => {}
    });
}

/// Redraws everything on the next frame (the window was resized): the charts' sizes are
/// read from the page again, since the observer only reports them after that frame.
#[wasm_bindgen]
pub fn request_render() {
    study::forget_chart_sizes();
    redraw_all();
}

/// Fills every panel and draws every chart again on the next frame.
pub(crate) fn redraw_all() {
    with_view(|v| match v {
        View::Study(s) => s.request_render(),
        View::Teachers(_) => {}
    });
}

/// Stops the view's work and drops it (the frame shows another chapter).
#[wasm_bindgen]
pub fn unmount() {
    let view = VIEW.with(|cell| cell.try_borrow_mut().ok().and_then(|mut v| v.take()));
    if let Some(View::Study(mut s)) = view {
        s.unmount();
    }
}

/// Fills the frame's questions panel (`section`, `#quiz`) with the question that the frame's
/// `address` opens (its chapter and its `quiz=`/`qi=` fields), in `lang` (a language code).
/// The panel is independent of the mounted view: the hashing chapters use it too.
#[wasm_bindgen]
pub fn quiz_render(section: Element, address: &str, lang: &str) -> Result<(), JsValue> {
    quiz::render(&section, address, lang_from_code(lang))
}

/// Grades the guess in the questions panel and shows the answer (its form was submitted).
#[wasm_bindgen]
pub fn quiz_reveal() {
    quiz::reveal();
}

/// Opens the share dialog for the chapter that `address` names (its `c=`, its fields, and
/// `quiz=` when the page's questions are open), in `lang` (a language code).
#[wasm_bindgen]
pub fn share_open(address: &str, lang: &str) -> Result<(), JsValue> {
    share::open(address, lang_from_code(lang))
}

/// Starts computing the lesson tables of `chapter` (a slug of a sections 5–7 chapter); kept
/// if they are already that chapter's.
#[wasm_bindgen]
pub fn tables_start(chapter: &str) {
    if let Some(c) = ChapterId::from_slug(chapter) {
        tables::start(c);
    }
}

/// Whether the lesson tables are started and not yet computed.
#[wasm_bindgen]
pub fn tables_pending() -> bool {
    tables::pending()
}

/// Computes the lesson tables until `deadline` (a `performance.now()` time); whether a row
/// got its value.
#[wasm_bindgen]
pub fn tables_work(deadline: f64) -> bool {
    tables::work(deadline)
}

/// Draws the lesson tables in `#tables` in `lang` (a language code), when anything they show
/// changed.
#[wasm_bindgen]
pub fn tables_render(lang: &str) -> Result<(), JsValue> {
    tables::render(lang_from_code(lang))
}
