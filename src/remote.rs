//! The chapters that live in the study module (the study chapters and the teachers' page,
//! crate `partlab-study-web`): a second wasm module, fetched the first time one of them is
//! shown, so a visitor of the hashing chapters downloads only this first part. The open
//! questions panel, the share dialog and the hashing chapters' lesson tables are drawn by the
//! same module (`quiz_render`, `quiz_reveal`, `share_open`, `tables_*`, called by
//! `src/quiz.rs`, `src/share.rs` and `src/hashing/tables.rs`, which wait for the load with
//! [`module_state`]).
//!
//! The build (scripts/study-module.sh, a Trunk hook) names the module's files with a content
//! hash and writes them into the page: `<meta name="partlab-study-module" content="….js">` (its
//! wasm-bindgen glue) and `<meta name="partlab-study-wasm" content="…_bg.wasm">`. The glue is
//! loaded with a dynamic `import()` (same origin, so the strict CSP's `script-src 'self'`
//! allows it; the single file stands its own inlined copy in for it), then initialised with
//! the wasm's URL. One load per page; a failed one can be tried again.
//!
//! While the module loads, the chapter keeps what it was opened with (fields, language, theme)
//! and says so in `#chapter` (`role="status"`); the address is left as it is. Once it is
//! there the chapter is mounted in it, and the calls below are passed on.
//!
//! Hooks: `#chapter-loading` (the status; `data-failed="true"` with `#chapter-retry` when the
//! load failed).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use partlab_lab::chapters::{ChapterId, Instrument};
use partlab_lab::i18n::{tr, Text};
use partlab_lab::palette::Theme;
use partlab_lab::state::Lang;

use crate::dom::{self, by_id, by_id_as, H};
use crate::{lang_field, listen, log_error, with_frame, Frame, Listener};

/// The meta element naming the module's JS glue.
const META_MODULE: &str = "partlab-study-module";
/// The meta element naming the module's wasm.
const META_WASM: &str = "partlab-study-wasm";

#[wasm_bindgen(inline_js = "export function load_module(url) { return import(url); }")]
extern "C" {
    /// `import(url)`: the module namespace of the glue at `url` (an absolute URL: a relative
    /// one would resolve against this snippet's own URL).
    #[wasm_bindgen(catch)]
    fn load_module(url: &str) -> Result<js_sys::Promise, JsValue>;
}

#[wasm_bindgen]
extern "C" {
    /// The study module's glue (its module namespace): `default` initialises it, the rest is
    /// the API of `partlab-study-web`.
    #[derive(Clone)]
    type StudyModule;

    #[wasm_bindgen(method, catch, js_name = default)]
    fn init(this: &StudyModule, options: &JsValue) -> Result<js_sys::Promise, JsValue>;

    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(method, catch)]
    fn mount(
        this: &StudyModule,
        chapter: &str,
        root: &Element,
        fields: &str,
        lang: &str,
        address: &str,
        theme: &str,
        request_frame: &js_sys::Function,
    ) -> Result<(), JsValue>;

    #[wasm_bindgen(method)]
    fn fields(this: &StudyModule, embed: bool) -> String;

    #[wasm_bindgen(method)]
    fn lang(this: &StudyModule) -> String;

    #[wasm_bindgen(method)]
    fn embedded(this: &StudyModule) -> bool;

    #[wasm_bindgen(method)]
    fn frame(this: &StudyModule);

    #[wasm_bindgen(method)]
    fn take_loaded_with_issues(this: &StudyModule) -> bool;

    #[wasm_bindgen(method)]
    fn set_lang(this: &StudyModule, lang: &str);

    #[wasm_bindgen(method)]
    fn load(this: &StudyModule, fields: &str);

    #[wasm_bindgen(method)]
    fn set_theme(this: &StudyModule, theme: &str);

    #[wasm_bindgen(method)]
    fn request_render(this: &StudyModule);

    #[wasm_bindgen(method)]
    fn unmount(this: &StudyModule);

    #[wasm_bindgen(method, catch)]
    fn quiz_render(
        this: &StudyModule,
        section: &Element,
        address: &str,
        lang: &str,
    ) -> Result<(), JsValue>;

    #[wasm_bindgen(method)]
    fn quiz_reveal(this: &StudyModule);

    #[wasm_bindgen(method, catch)]
    fn share_open(this: &StudyModule, address: &str, lang: &str) -> Result<(), JsValue>;

    #[wasm_bindgen(method)]
    fn tables_start(this: &StudyModule, chapter: &str);

    #[wasm_bindgen(method)]
    fn tables_pending(this: &StudyModule) -> bool;

    #[wasm_bindgen(method)]
    fn tables_work(this: &StudyModule, deadline: f64) -> bool;

    #[wasm_bindgen(method, catch)]
    fn tables_render(this: &StudyModule, lang: &str) -> Result<(), JsValue>;
}

/// Where the module's load stands (one per page).
enum Load {
    Idle,
    Loading,
    Ready(StudyModule),
    Failed,
}

thread_local! {
    static MODULE: RefCell<Load> = const { RefCell::new(Load::Idle) };
    /// The frame's "request an animation frame", handed to the module at mount (made once).
    static REQUEST_FRAME: js_sys::Function = Closure::<dyn FnMut()>::new(crate::request_frame)
        .into_js_value()
        .unchecked_into();
    /// How many loads were started: a retry asks for the glue at another URL (`?try=N`), since
    /// a browser may remember a failed `import()` of a URL.
    static TRIES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The content of `<meta name=NAME>`, resolved against the document's base URL.
fn meta_url(name: &str) -> Option<String> {
    let doc = dom::document().ok()?;
    let content = doc
        .query_selector(&format!("meta[name=\"{name}\"]"))
        .ok()
        .flatten()?
        .get_attribute("content")?;
    let base = doc.base_uri().ok().flatten()?;
    web_sys::Url::new_with_base(&content, &base)
        .ok()
        .map(|u| u.href())
}

/// Where the study module's load stands, for the parts of the frame that wait for it (the
/// questions panel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModuleState {
    /// Not asked for yet.
    Idle,
    /// Being fetched.
    Loading,
    /// There: its functions can be called.
    Ready,
    /// The last load failed (it can be tried again).
    Failed,
}

/// Where the study module's load stands.
pub fn module_state() -> ModuleState {
    MODULE.with(|m| match &*m.borrow() {
        Load::Idle => ModuleState::Idle,
        Load::Loading => ModuleState::Loading,
        Load::Ready(_) => ModuleState::Ready,
        Load::Failed => ModuleState::Failed,
    })
}

/// Fills the questions panel `section` with the question the frame's `address` opens, in
/// `lang`; `false` when the module is not there yet.
pub fn quiz_render(section: &Element, address: &str, lang: Lang) -> Result<bool, JsValue> {
    let Some(module) = ready_module() else {
        return Ok(false);
    };
    module.quiz_render(section, address, lang.code())?;
    Ok(true)
}

/// Opens the share dialog for the chapter that `address` names, in `lang`; `false` when the
/// module is not there yet.
pub fn share_open(address: &str, lang: Lang) -> Result<bool, JsValue> {
    let Some(module) = ready_module() else {
        return Ok(false);
    };
    module.share_open(address, lang.code())?;
    Ok(true)
}

/// Starts computing `chapter`'s lesson tables in the module; `false` when it is not there.
pub fn tables_start(chapter: ChapterId) -> bool {
    ready_module().is_some_and(|m| {
        m.tables_start(chapter.slug());
        true
    })
}

/// Whether the module's lesson tables are started and not yet computed.
pub fn tables_pending() -> bool {
    ready_module().is_some_and(|m| m.tables_pending())
}

/// Computes the lesson tables until `deadline`; whether a row got its value.
pub fn tables_work(deadline: f64) -> bool {
    ready_module().is_some_and(|m| m.tables_work(deadline))
}

/// Draws the lesson tables in `lang` (in `#tables`), when anything they show changed.
pub fn tables_render(lang: Lang) -> Result<(), JsValue> {
    match ready_module() {
        Some(m) => m.tables_render(lang.code()),
        None => Ok(()),
    }
}

/// Grades the guess in the questions panel (nothing while the module is not there: the
/// panel has no form then).
pub fn quiz_reveal() {
    if let Some(module) = ready_module() {
        module.quiz_reveal();
    }
}

/// Starts loading the module unless it is loaded or loading; the frame hears of the result
/// ([`Frame::remote_loaded`]).
pub fn ensure_loading() {
    let start = MODULE.with(|m| {
        let mut m = m.borrow_mut();
        if matches!(*m, Load::Idle | Load::Failed) {
            *m = Load::Loading;
            true
        } else {
            false
        }
    });
    if start {
        wasm_bindgen_futures::spawn_local(async {
            let result = fetch_module().await;
            if let Err(e) = &result {
                log_error("study module", e);
            }
            MODULE.with(|m| {
                *m.borrow_mut() = match result {
                    Ok(module) => Load::Ready(module),
                    Err(_) => Load::Failed,
                };
            });
            // In a task of its own: this runs in the task that finished compiling and starting
            // the module (5–15 ms cold), and mounting a chapter there made tasks of 35–58 ms in
            // traces of cold loads.
            if !crate::post_task(|| {
                with_frame(Frame::remote_loaded);
            }) {
                with_frame(Frame::remote_loaded);
            }
        });
    }
}

async fn fetch_module() -> Result<StudyModule, JsValue> {
    let (Some(glue), Some(wasm)) = (meta_url(META_MODULE), meta_url(META_WASM)) else {
        return Err(JsValue::from_str("the page names no study module"));
    };
    let tries = TRIES.with(|t| {
        t.set(t.get() + 1);
        t.get()
    });
    let glue = if tries > 1 {
        format!("{glue}?try={tries}")
    } else {
        glue
    };
    let module: StudyModule = wasm_bindgen_futures::JsFuture::from(load_module(&glue)?)
        .await?
        .unchecked_into();
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"module_or_path".into(), &wasm.into())?;
    wasm_bindgen_futures::JsFuture::from(module.init(&options)?).await?;
    Ok(module)
}

fn ready_module() -> Option<StudyModule> {
    MODULE.with(|m| match &*m.borrow() {
        Load::Ready(module) => Some(module.clone()),
        Load::Idle | Load::Loading | Load::Failed => None,
    })
}

fn load_failed() -> bool {
    MODULE.with(|m| matches!(*m.borrow(), Load::Failed))
}

/// What a chapter was opened with, kept until the module is there.
struct Pending {
    fields: String,
    lang: Lang,
    address: String,
    theme: Theme,
    /// Whether the keyboard focus moves to the chapter once it is built (a chapter switch).
    focus: bool,
    _retry: Option<Listener>,
}

/// A chapter of the study module.
pub struct Remote {
    chapter: ChapterId,
    root: Element,
    state: State,
}

enum State {
    Pending(Pending),
    Mounted(StudyModule),
}

impl Remote {
    /// Shows `chapter` in `root`: at once when the module is loaded, else once it is.
    /// `address` is the address the frame read it from; `focus`, whether the keyboard focus
    /// moves to it once built.
    pub fn mount(
        chapter: ChapterId,
        root: &Element,
        fields: &str,
        lang: Lang,
        address: &str,
        theme: Theme,
        focus: bool,
    ) -> Result<Remote, JsValue> {
        let mut remote = Remote {
            chapter,
            root: root.clone(),
            state: State::Pending(Pending {
                fields: fields.to_owned(),
                lang,
                address: address.to_owned(),
                theme,
                focus,
                _retry: None,
            }),
        };
        if ready_module().is_some() {
            remote.mount_loaded()?;
        } else {
            ensure_loading();
            remote.show_status(false)?;
        }
        Ok(remote)
    }

    /// Mounts the pending chapter in the loaded module; shows the failure if there is none.
    pub fn mount_loaded(&mut self) -> Result<(), JsValue> {
        let State::Pending(p) = &self.state else {
            return Ok(());
        };
        let Some(module) = ready_module() else {
            return self.show_status(load_failed());
        };
        let focus = p.focus;
        REQUEST_FRAME.with(|request| {
            module.mount(
                self.chapter.slug(),
                &self.root,
                &p.fields,
                p.lang.code(),
                &p.address,
                p.theme.code(),
                request,
            )
        })?;
        self.state = State::Mounted(module);
        if focus {
            dom::focus_chapter();
        }
        Ok(())
    }

    /// The loading status, or the failure with its retry button, in the chapter's place.
    fn show_status(&mut self, failed: bool) -> Result<(), JsValue> {
        let State::Pending(p) = &mut self.state else {
            return Ok(());
        };
        let lang = lang_field(&p.fields).unwrap_or(p.lang);
        // The focus was in the status (on the retry button, or the status itself after a
        // retry): clearing it would drop the focus to the page's top.
        let had_focus = crate::dom::document()
            .ok()
            .and_then(|d| d.active_element())
            .is_some_and(|a| self.root.contains(Some(&a)));
        dom::clear(&self.root);
        let mut status = H::new("div")
            .id("chapter-loading")
            .class("chapter-loading")
            .attr("lang", lang.code());
        if failed {
            status = status
                .attr("role", "alert")
                .attr("data-failed", "true")
                .child(H::new("p").text(tr(lang, Text::ChapterLoadFailed)))
                .child(
                    H::new("button")
                        .id("chapter-retry")
                        .attr("type", "button")
                        .text(tr(lang, Text::ChapterRetry)),
                );
        } else {
            status = status
                .attr("role", "status")
                .child(H::new("p").text(tr(lang, Text::ChapterLoading)));
        }
        let status = status.el();
        crate::dom::append(&self.root, &status);
        if failed && (p.focus || had_focus) {
            // A chapter switch (or a retry) that failed: the keyboard lands on "Try again",
            // not back on the chapter link, and the alert is read out with it.
            if let Some(b) = by_id_as::<web_sys::HtmlElement>("chapter-retry") {
                let _ = b.focus();
            }
        }
        p._retry = if failed {
            Some(listen(&status, "click", |e| {
                let on_retry = e
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .is_some_and(|t| t.id() == "chapter-retry");
                if on_retry {
                    with_frame(Frame::remote_retry);
                }
            })?)
        } else {
            None
        };
        if let Some(app) = by_id("app") {
            // Loading: tests and scripts wait for `ready`, which the chapter sets once drawn.
            // Failed: the page is usable (another chapter, the retry button).
            dom::set_attr(&app, "data-state", if failed { "ready" } else { "loading" });
            let _ = app.remove_attribute("data-busy");
        }
        Ok(())
    }

    /// Tries loading the module again (the retry button).
    pub fn retry(&mut self) {
        if matches!(self.state, State::Pending(_)) {
            ensure_loading();
            if let Err(e) = self.show_status(false) {
                log_error("chapter", &e);
            }
            if let Some(b) = by_id("chapter-loading") {
                // The status replaced the focused button: keep the focus in the chapter.
                dom::set_attr(&b, "tabindex", "-1");
                if let Some(h) = b.dyn_ref::<web_sys::HtmlElement>() {
                    let _ = h.focus();
                }
            }
        }
    }

    /// The chapter's fragment fields; without the embed view when `embed` is false.
    pub fn fields(&self, embed: bool) -> String {
        match &self.state {
            State::Mounted(m) => m.fields(embed),
            State::Pending(p) if embed => p.fields.clone(),
            State::Pending(p) => without(&p.fields, "embed"),
        }
    }

    /// The chapter's language.
    pub fn lang(&self) -> Lang {
        match &self.state {
            State::Mounted(m) => Lang::from_code(&m.lang()).unwrap_or(Lang::Ca),
            State::Pending(p) => lang_field(&p.fields).unwrap_or(p.lang),
        }
    }

    /// Whether one view is shown alone.
    pub fn embedded(&self) -> bool {
        match &self.state {
            State::Mounted(m) => m.embedded(),
            // Only the study chapters have views to embed (not the teachers' page).
            State::Pending(p) => {
                self.chapter.instrument() == Instrument::Study
                    && p.fields
                        .split('&')
                        .any(|f| f.strip_prefix("embed=").is_some_and(|v| !v.is_empty()))
            }
        }
    }

    /// Whether the chapter waits for the module (the address is not written meanwhile).
    pub fn pending(&self) -> bool {
        matches!(self.state, State::Pending(_))
    }

    /// Whether the chapter waits for the module while it is being fetched (not after a
    /// failed load).
    pub fn loading(&self) -> bool {
        self.pending() && MODULE.with(|m| matches!(*m.borrow(), Load::Idle | Load::Loading))
    }

    /// One animation frame.
    pub fn frame(&mut self) {
        if let State::Mounted(m) = &self.state {
            m.frame();
        }
    }

    /// Whether the chapter's fields were just loaded from an address with problems (asked
    /// once per load).
    pub fn take_loaded_with_issues(&mut self) -> bool {
        match &self.state {
            State::Mounted(m) => m.take_loaded_with_issues(),
            State::Pending(_) => false,
        }
    }

    /// Switches the language.
    pub fn set_lang(&mut self, lang: Lang) {
        match &mut self.state {
            State::Mounted(m) => m.set_lang(lang.code()),
            State::Pending(p) => {
                p.fields = format!("{}&l={}", without(&p.fields, "l"), lang.code())
                    .trim_start_matches('&')
                    .to_owned();
                // The status is said again in the new language.
                if let Err(e) = self.show_status(load_failed()) {
                    log_error("chapter", &e);
                }
                crate::request_frame();
            }
        }
    }

    /// Loads the chapter's fields from an address the user edited.
    pub fn load(&mut self, fields: String) {
        match &mut self.state {
            State::Mounted(m) => m.load(&fields),
            State::Pending(p) => p.fields = fields,
        }
    }

    /// Another colour scheme.
    pub fn set_theme(&mut self, theme: Theme) {
        match &mut self.state {
            State::Mounted(m) => m.set_theme(theme.code()),
            State::Pending(p) => p.theme = theme,
        }
    }

    /// Redraws everything (the window was resized).
    pub fn request_render(&mut self) {
        if let State::Mounted(m) = &self.state {
            m.request_render();
        }
    }

    /// Stops the chapter (another one replaces it).
    pub fn unmount(&mut self) {
        if let State::Mounted(m) = &self.state {
            m.unmount();
        }
    }
}

/// `fields` without the pairs named `name`.
fn without(fields: &str, name: &str) -> String {
    fields
        .split('&')
        .filter(|p| !p.is_empty() && p.split('=').next() != Some(name))
        .collect::<Vec<_>>()
        .join("&")
}
