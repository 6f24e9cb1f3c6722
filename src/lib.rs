//! Partlab's browser app (wasm32 only): the frame that holds the chapters, and each chapter's
//! rendering. Natively this crate is empty: the partitioning core (`partlab-core`) and the view
//! models (`partlab-lab`) are member crates, tested natively.
//!
//! Architecture invariants:
//! - The frame owns the header (title, language, chapter bar, table of contents), the footer
//!   and the address; a chapter owns everything inside `#chapter`.
//! - One chapter is mounted at a time; the others are not built and compute nothing. Leaving a
//!   chapter keeps its fragment fields in memory, so coming back (`#c=ring`) restores it.
//! - All state lives in Rust behind one thread-local; JavaScript only sees events.
//! - This first part holds the frame and the hashing instrument only. The study chapters and
//!   the teachers' page live in a second wasm module (`partlab-study-web`), fetched the first
//!   time one of them is shown ([`remote`]); a visitor of the hashing chapters never loads it.
//! - User text reaches the DOM through `textContent`, `value` and attribute values only.

#![cfg(target_arch = "wasm32")]

mod embedding;
mod frame;
mod hashing;
mod quiz;
mod remote;
mod share;
mod unsaved;

// The helpers shared with the study module, under the paths the first part has always used.
pub(crate) use partlab_web::dom;
pub(crate) use partlab_web::{
    after_next_rendering, clear_timeout, dpr, listen, listen_id, log_error, now, post_task,
    set_timeout, Listener,
};

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use partlab_lab::chapters::{self, legacy_chapter, route, ChapterId, FrameOptions, Instrument};
use partlab_lab::i18n::{tr, Text};
use partlab_lab::palette::Theme;
use partlab_lab::state::{FragmentIssue, Lang};

use dom::{by_id, window};
use hashing::Hashing;
use remote::Remote;

/// Delay before the address is updated after a slider step, in ms (a drag writes it once).
const URL_DELAY_MS: i32 = 150;

/// The chapter on screen: the hashing instrument, or a chapter of the study module
/// ([`Instrument::Study`], [`Instrument::Teachers`]).
enum ChapterView {
    // Boxed: the instrument is large.
    Hashing(Box<Hashing>),
    Remote(Remote),
}

/// What a chapter is opened from.
struct Opening<'a> {
    fields: &'a str,
    lang: Lang,
    /// The frame's problems with the address.
    issues: Vec<FragmentIssue>,
    /// The address itself (the study module reads the problems again from it).
    address: &'a str,
    theme: Theme,
    /// Whether the keyboard focus moves to the chapter (a chapter switch).
    focus: bool,
}

impl ChapterView {
    fn mount(chapter: ChapterId, root: &Element, o: Opening) -> Result<ChapterView, JsValue> {
        match chapter.instrument() {
            Instrument::Hashing => Ok(ChapterView::Hashing(Box::new(Hashing::mount(
                root, chapter, o.fields, o.lang, o.issues, o.theme,
            )?))),
            Instrument::Teachers | Instrument::Study => Ok(ChapterView::Remote(Remote::mount(
                chapter, root, o.fields, o.lang, o.address, o.theme, o.focus,
            )?)),
        }
    }

    fn fields(&self, embed: bool) -> String {
        match self {
            ChapterView::Hashing(h) => h.fields(embed),
            ChapterView::Remote(r) => r.fields(embed),
        }
    }

    fn lang(&self) -> Lang {
        match self {
            ChapterView::Hashing(h) => h.lang(),
            ChapterView::Remote(r) => r.lang(),
        }
    }

    fn embedded(&self) -> bool {
        match self {
            ChapterView::Hashing(h) => h.embedded(),
            ChapterView::Remote(r) => r.embedded(),
        }
    }

    fn frame(&mut self) {
        match self {
            ChapterView::Hashing(h) => h.frame(),
            ChapterView::Remote(r) => r.frame(),
        }
    }

    /// Whether the chapter's fields were just loaded from an address with problems (asked
    /// once per load).
    fn take_loaded_with_issues(&mut self) -> bool {
        match self {
            ChapterView::Hashing(h) => h.take_loaded_with_issues(),
            ChapterView::Remote(r) => r.take_loaded_with_issues(),
        }
    }

    /// Whether the last change was a slider step (the address write waits for the drag to end).
    fn dragging(&self) -> bool {
        match self {
            ChapterView::Hashing(h) => h.dragging(),
            ChapterView::Remote(_) => false,
        }
    }

    /// Whether the chapter has drawn its first update (a study chapter's is drawn by its
    /// module, so it counts as drawn).
    fn drawn(&self) -> bool {
        match self {
            ChapterView::Hashing(h) => h.drawn(),
            ChapterView::Remote(_) => true,
        }
    }

    /// Whether input is waiting to be applied on the next animation frame.
    fn has_queued(&self) -> bool {
        match self {
            ChapterView::Hashing(h) => h.has_queued(),
            ChapterView::Remote(_) => false,
        }
    }

    fn set_lang(&mut self, lang: Lang) {
        match self {
            ChapterView::Hashing(h) => h.set_lang(lang),
            ChapterView::Remote(r) => r.set_lang(lang),
        }
    }

    fn load(&mut self, fields: String) {
        match self {
            ChapterView::Hashing(h) => h.load(fields),
            ChapterView::Remote(r) => r.load(fields),
        }
    }

    fn set_theme(&mut self, theme: Theme) {
        match self {
            ChapterView::Hashing(h) => h.set_theme(theme),
            ChapterView::Remote(r) => r.set_theme(theme),
        }
    }

    fn request_render(&mut self) {
        match self {
            ChapterView::Hashing(h) => h.request_render(),
            ChapterView::Remote(r) => r.request_render(),
        }
    }

    fn unmount(&mut self) {
        match self {
            ChapterView::Hashing(h) => h.unmount(),
            ChapterView::Remote(r) => r.unmount(),
        }
    }
}

/// The page: the frame around the chapter on screen.
struct Frame {
    chapter: ChapterId,
    view: ChapterView,
    theme: Theme,
    /// The chapter's root element, `#chapter`.
    root: Element,
    /// The fields each chapter had when the user left it.
    saved: Vec<(ChapterId, String)>,
    /// What the frame last drew: language, chapter, embed mode.
    rendered: Option<(Lang, ChapterId, bool)>,
    /// The frame's own address fields: whether links that leave the page show (`links=off`
    /// hides them, for embedding pages), projector mode.
    options: FrameOptions,
    written_fragment: String,
    url_timer: Option<i32>,
    /// The address to write: by `url_timer`, or by a task posted after a discrete change's
    /// frame; `None` when nothing is to be written (a timer is only set for one).
    url_pending: Option<String>,
    /// The last address the browser reported (`hashchange`) and not yet shown: a burst of
    /// address changes (a script, a held Back key) is shown once, the last one, on the next
    /// animation frame.
    pending_hash: Option<String>,
    hash_frame_scheduled: bool,
    /// The browser's addresses under which the last change is kept in the tab's storage
    /// ([`unsaved`]): each address the browser had since the page was last shown (a reload
    /// asked for before a write loads the address from before it), the oldest first.
    unsaved_from: Vec<String>,
    /// Whether the embedding page was told the lab is drawn (`partlab:ready`): at start, or,
    /// when the first chapter waits for the study module, once it is mounted (or has failed).
    announced: bool,
}

thread_local! {
    static FRAME: RefCell<Option<Frame>> = const { RefCell::new(None) };
}

/// Runs `f` on the frame (`None` before it exists, or while it is borrowed).
pub(crate) fn with_frame<R>(f: impl FnOnce(&mut Frame) -> R) -> Option<R> {
    FRAME.with(|cell| {
        let mut guard = cell.try_borrow_mut().ok()?;
        guard.as_mut().map(f)
    })
}

/// Asks for one frame update (the mounted chapter applies its queue and redraws, then the
/// frame follows: texts, address).
pub(crate) fn request_frame() {
    let cb = Closure::once_into_js(|| {
        with_frame(Frame::frame);
    });
    if let Ok(w) = window() {
        let _ = w.request_animation_frame(cb.unchecked_ref());
    }
}

/// Runs the frame's update in a task of its own once the browser has rendered its next frame:
/// the update reads the layout of what the page wrote before without forcing one.
pub(crate) fn request_update_after_rendering() {
    after_next_rendering(|| {
        with_frame(|f| {
            if let ChapterView::Hashing(h) = &mut f.view {
                h.rendered_by_browser();
            }
            f.frame();
        });
    });
}

/// The colour scheme for the page: the projector's, else the system's light or dark one.
fn theme_for(options: FrameOptions) -> Theme {
    if options.projector {
        Theme::Projector
    } else if is_dark() {
        Theme::Dark
    } else {
        Theme::Light
    }
}

fn is_dark() -> bool {
    window()
        .ok()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

fn browser_lang() -> Lang {
    let Ok(w) = window() else {
        return Lang::Ca;
    };
    let nav = w.navigator();
    let mut codes: Vec<String> = nav
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .take(16)
        .collect();
    if let Some(l) = nav.language() {
        codes.push(l);
    }
    Lang::from_browser(codes.iter().map(String::as_str))
}

fn location_hash() -> String {
    window()
        .ok()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

impl Frame {
    /// The hashing instrument, when it is the chapter on screen.
    fn hashing(&mut self) -> Option<&mut Hashing> {
        match &mut self.view {
            ChapterView::Hashing(h) => Some(h),
            ChapterView::Remote(_) => None,
        }
    }

    /// The study module has loaded (or failed to): the chapter waiting for it is built (or
    /// says it could not be), then drawn on the next frame.
    fn remote_loaded(&mut self) {
        match &mut self.view {
            ChapterView::Remote(r) => {
                if let Err(e) = r.mount_loaded() {
                    log_error("chapter", &e);
                }
                self.rendered = None;
            }
            ChapterView::Hashing(h) => h.module_loaded(),
        }
        // The questions panel and the share dialog may wait for the module too.
        request_frame();
    }

    /// The failed chapter's retry button.
    fn remote_retry(&mut self) {
        if let ChapterView::Remote(r) = &mut self.view {
            r.retry();
        }
    }

    /// One animation frame: the last address reported since the previous frame, the chapter,
    /// then the frame's own texts and the address.
    ///
    /// After a load whose address had problems (the page shows what it could read and a
    /// notice listing what it dropped), the address is left exactly as the user typed it:
    /// what the page shows counts as written, so only the user's first change rewrites it.
    fn frame(&mut self) {
        self.hash_frame_scheduled = false;
        if let Some(hash) = self.pending_hash.take() {
            // An address that says what the page shows needs nothing (the address written
            // last may be older: it is written a moment after changes settle).
            if hash != format!("#{}", self.fragment()) {
                self.load_fragment(&hash);
            }
        }
        self.view.frame();
        share::sync(|| self.share_address().0, self.view.lang());
        quiz::sync(
            self.chapter,
            self.options,
            self.view.lang(),
            self.view.embedded(),
        );
        if self.view.take_loaded_with_issues() {
            clear_timeout(self.url_timer.take());
            self.url_pending = None;
            self.written_fragment = self.fragment();
            self.set_open_full();
        }
        let now_rendered = (self.view.lang(), self.chapter, self.view.embedded());
        if self.rendered != Some(now_rendered) {
            if let Err(e) = frame::render(now_rendered.0, self.chapter, self.options) {
                log_error("frame", &e);
            }
            self.rendered = Some(now_rendered);
        }
        self.schedule_url();
        if !self.announced && !matches!(&self.view, ChapterView::Remote(r) if r.loading()) {
            // The first chapter came from the study module: drawn now (or its failure shown).
            self.announced = true;
            embedding::announce();
        }
    }

    /// The chapter on screen for the share dialog, as an address (its chapter, its fields with
    /// the embedded view, and the open question set), and the page's language.
    fn share_address(&self) -> (String, Lang) {
        let options = FrameOptions {
            quiz: self.options.quiz.filter(|_| quiz::covers(self.chapter)),
            ..FrameOptions::default()
        };
        (
            chapters::fragment(self.chapter, options, &self.view.fields(true)),
            self.view.lang(),
        )
    }

    /// Applies the frame's address fields: the links and the projector mode (its palette for
    /// the chapter, its CSS for the page).
    fn set_options(&mut self, options: FrameOptions) {
        if options.projector != self.options.projector {
            frame::show_projector(options.projector);
            self.theme = theme_for(options);
            self.view.set_theme(self.theme);
        }
        self.options = options;
        self.rendered = None;
    }

    /// The question set on screen, if the questions are open.
    fn quiz(&self) -> Option<partlab_lab::quiz::QuizSet> {
        self.options.quiz
    }

    /// Opens the questions with `quiz`, moves to another question, or closes them (`None`):
    /// the panel and the address follow on the next frame (the chapter links too, which
    /// carry the frame's fields).
    fn set_quiz(&mut self, quiz: Option<partlab_lab::quiz::QuizSet>) {
        self.options.quiz = quiz;
        self.rendered = None;
        request_frame();
    }

    /// Projector mode switched from its button: shown at once, written to the address.
    fn toggle_projector(&mut self) {
        let mut options = self.options;
        options.projector = !options.projector;
        self.set_options(options);
        request_frame();
    }

    /// The whole address for the chapter on screen (without `#`).
    fn fragment(&self) -> String {
        chapters::fragment(self.chapter, self.options, &self.view.fields(true))
    }

    /// Writes the address when the state changed: right after the frame of a discrete change
    /// (a rename, a preset, a node added: a reload right after it must find it there, since
    /// browsers reload the address they had before any `pagehide`; see
    /// [`Frame::write_posted_url`]), debounced while a slider is being dragged (browsers limit
    /// how often `replaceState` may run).
    fn schedule_url(&mut self) {
        if matches!(&self.view, ChapterView::Remote(r) if r.pending()) {
            // The chapter is not built yet: the address stays as the user gave it.
            return;
        }
        let fragment = self.fragment();
        if fragment == self.written_fragment {
            clear_timeout(self.url_timer.take());
            self.url_pending = None;
        } else if self.url_pending.as_deref() != Some(fragment.as_str()) {
            // A new address to write, a moment after the last change (frames that change
            // nothing in it do not put the writing off). Kept in the tab's storage at once:
            // a reload before the write shows it.
            self.remember_unsaved(&fragment);
            self.url_pending = Some(fragment);
            clear_timeout(self.url_timer.take());
            if self.view.dragging() {
                self.url_timer = set_timeout(URL_DELAY_MS, || {
                    with_frame(Frame::write_url);
                });
            } else if self.written_fragment.is_empty() {
                // The first address (the one the page opened with, in the lab's own words):
                // in a task of its own once the chapter has drawn. Serializing the fields and
                // `replaceState` take a few milliseconds that the page's first layout and
                // first drawing would otherwise wait for.
                if !self.view.drawn() {
                    self.url_pending = None;
                    return;
                }
                self.url_timer = set_timeout(0, || {
                    with_frame(Frame::write_url);
                });
            } else if !crate::post_task(|| {
                with_frame(Frame::write_posted_url);
            }) {
                self.write_url();
            }
        }
    }

    /// The address of a discrete change, written in a task of its own once the frame that
    /// shows the change is rendered: `replaceState` took 0.5–4 ms (0.8 ms median in a trace
    /// of joins), and in the frame's own task the browser rendered the change that much later.
    /// The browser may render one frame more before the task runs; a page hidden or left
    /// before it runs has the address written by [`Frame::flush`]. Nothing when the address
    /// was written since, or when a drag's debounce took the writing over.
    fn write_posted_url(&mut self) {
        if self.url_pending.is_some() && self.url_timer.is_none() {
            self.write_url();
        }
    }

    /// Writes the address. The copy of the change in the tab's storage stays: a reload asked
    /// for a moment before this write still loads the address from before it ([`unsaved`]).
    fn write_url(&mut self) {
        self.url_timer = None;
        self.url_pending = None;
        let fragment = self.fragment();
        let Ok(w) = window() else {
            return;
        };
        if let Ok(h) = w.history() {
            let url = format!("#{fragment}");
            if let Err(e) = h.replace_state_with_url(&JsValue::NULL, "", Some(&url)) {
                log_error("history", &e);
            }
        }
        self.set_open_full();
        self.written_fragment = fragment;
    }

    /// Keeps `fragment`, the address of a change not written yet, in the tab's storage under
    /// the address the browser has now (what a reload would load).
    fn remember_unsaved(&mut self, fragment: &str) {
        /// Addresses kept at most (a reload in flight is one or two writes behind).
        const KEPT: usize = 4;
        let from = location_hash();
        let to = format!("#{fragment}");
        if !self.unsaved_from.contains(&from) {
            self.unsaved_from.push(from);
        }
        while self.unsaved_from.len() > KEPT {
            let oldest = self.unsaved_from.remove(0);
            unsaved::forget(&oldest);
        }
        for f in &self.unsaved_from {
            if *f == to {
                unsaved::forget(f);
            } else {
                unsaved::remember(f, &to);
            }
        }
    }

    /// The page is visible again after [`Frame::flush`]: its address was written then, so the
    /// copy kept for a reload is not needed unless a change is still to be written.
    fn shown_again(&mut self) {
        if self.url_pending.is_none() {
            for from in std::mem::take(&mut self.unsaved_from) {
                unsaved::forget(&from);
            }
        }
    }

    /// The embed view's "open the full lab" link: the address without `embed`.
    fn set_open_full(&self) {
        let full = chapters::fragment(self.chapter, self.options, &self.view.fields(false));
        frame::set_open_full(&full);
    }

    /// Writes now what would be written after the debounce: input still queued for the next
    /// animation frame is applied first. Called when the page is hidden or left (`pagehide`,
    /// `visibilitychange` to hidden), so a change made just before closing or leaving the tab
    /// is in the address that session restore and the back/forward cache keep. (A reload
    /// reloads the address from before `pagehide`: that is why discrete changes are written at
    /// once, see [`Frame::schedule_url`].)
    ///
    /// Input still queued (a key pressed a moment before) is applied first, by a whole frame
    /// (a study chapter's input waits in its module's queue, which the frame does not see:
    /// its frame always runs), which also keeps the change in the tab's storage: a reload
    /// loads the address from before this write, and the page opened by it shows the change
    /// from there ([`unsaved`]). The copy stays until the page is shown again or the address
    /// is next written.
    fn flush(&mut self) {
        if self.view.has_queued() || matches!(self.view, ChapterView::Remote(_)) {
            self.frame();
        } else {
            self.schedule_url();
        }
        // A debounced address, or a discrete change's whose task has not run yet.
        if self.url_pending.is_some() {
            clear_timeout(self.url_timer.take());
            self.write_url();
        }
    }

    /// Shows what the address `hash` says: the same chapter reloads its fields, another
    /// chapter is mounted (restored as it was left when the address names only the chapter).
    fn load_fragment(&mut self, hash: &str) {
        // A write still pending is for the state the user just replaced by typing an address.
        clear_timeout(self.url_timer.take());
        let r = route(hash, legacy_chapter);
        let options = FrameOptions {
            links: r.links,
            projector: r.projector,
            quiz: r.quiz,
        };
        if options != self.options {
            self.set_options(options);
        }
        if r.chapter == self.chapter {
            if !r.bare {
                self.view.load(r.rest);
            } else if let Some(l) = lang_field(&r.rest) {
                self.view.set_lang(l);
            }
            return;
        }
        let lang = lang_field(&r.rest).unwrap_or_else(|| self.view.lang());
        let fields = if r.bare {
            let saved = self
                .saved
                .iter()
                .find(|(c, _)| *c == r.chapter)
                .map(|(_, f)| f.clone())
                .unwrap_or_default();
            // The link's language wins over the one the chapter was left in.
            format!("{saved}&l={}", lang.code())
        } else {
            r.rest
        };
        self.switch(r.chapter, &fields, lang, r.issues, hash);
    }

    /// Replaces the chapter on screen by `chapter`, built from `fields`.
    fn switch(
        &mut self,
        chapter: ChapterId,
        fields: &str,
        lang: Lang,
        issues: Vec<FragmentIssue>,
        address: &str,
    ) {
        let leaving = (self.chapter, self.view.fields(true));
        self.saved.retain(|(c, _)| *c != leaving.0);
        self.saved.push(leaving);
        self.view.unmount();
        let opening = Opening {
            fields,
            lang,
            issues,
            address,
            theme: self.theme,
            focus: true,
        };
        match ChapterView::mount(chapter, &self.root, opening) {
            Ok(view) => {
                self.view = view;
                self.chapter = chapter;
                self.rendered = None;
                // Called from `frame`, which draws the new chapter next.
                dom::focus_chapter();
            }
            Err(e) => log_error("chapter", &e),
        }
    }
}

/// The language a chapter's fields name, if any (`l=en`).
pub(crate) fn lang_field(fields: &str) -> Option<Lang> {
    fields
        .split('&')
        .filter_map(|p| p.strip_prefix("l="))
        .next_back()
        .and_then(|code| (code.len() <= 8).then(|| Lang::from_code(code)).flatten())
}

/// The frame's listeners, on the window and the header: they live as long as the page.
fn wire_frame_events() -> Result<(), JsValue> {
    let keep = |l: Option<Listener>| {
        if let Some(l) = l {
            l.forget();
        }
    };
    keep(listen_id(frame::SKIP_LINK, "click", |e| {
        e.prevent_default();
        frame::skip_to_chapter();
    })?);
    keep(listen_id("projector", "click", |_| {
        with_frame(Frame::toggle_projector);
    })?);
    // A chapter tab reached with Tab is shown whole in its row (the browser leaves a tab that
    // is already partly in view where it is).
    keep(listen_id("chapters", "focusin", |e| {
        if let Some(tab) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) {
            frame::keep_tab_in_row(&tab);
        }
    })?);
    keep(listen_id("lang", "change", |e| {
        let lang = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            .and_then(|s| Lang::from_code(&s.value()));
        if let Some(l) = lang {
            with_frame(|f| f.view.set_lang(l));
        }
    })?);
    let w = window()?;
    listen(&w, "resize", |_| {
        with_frame(|f| f.view.request_render());
    })?
    .forget();
    listen(&w, "hashchange", |e| {
        // The event's own new URL: a debounced replaceState may already have run since.
        let hash = e
            .dyn_ref::<web_sys::HashChangeEvent>()
            .map(|h| h.new_url())
            .map(|url| url.find('#').map_or(String::new(), |i| url[i..].to_owned()))
            .unwrap_or_else(location_hash);
        with_frame(|f| {
            f.pending_hash = Some(hash);
            if !f.hash_frame_scheduled {
                f.hash_frame_scheduled = true;
                request_frame();
            }
        });
    })?
    .forget();
    // Leaving or hiding the page writes a pending address change at once.
    listen(&w, "pagehide", |_| {
        with_frame(Frame::flush);
    })?
    .forget();
    let document = dom::document()?;
    listen(&document, "visibilitychange", |_| {
        let hidden =
            dom::document().is_ok_and(|d| d.visibility_state() == web_sys::VisibilityState::Hidden);
        if hidden {
            with_frame(Frame::flush);
        } else {
            with_frame(Frame::shown_again);
        }
    })?
    .forget();
    if let Ok(Some(mq)) = w.match_media("(prefers-color-scheme: dark)") {
        listen(&mq, "change", |_| {
            with_frame(|f| {
                f.theme = theme_for(f.options);
                f.view.set_theme(f.theme);
            });
        })?
        .forget();
    }
    Ok(())
}

/// Registers the service worker (below) once the page has drawn its chapter (`#app` says
/// `data-state="ready"`) and the main thread is next idle, or 5 s after that at the latest.
/// Installing it downloads every file of the site again: started with the page, on a 2-core
/// machine that competed with the first frames (about 40 ms of a cold first load).
fn register_service_worker_once_drawn() {
    let Some(app) = by_id("app") else {
        return;
    };
    let drawn = |app: &Element| app.get_attribute("data-state").as_deref() == Some("ready");
    if drawn(&app) {
        when_idle(register_service_worker);
        return;
    }
    let on_change = Closure::<dyn FnMut(js_sys::Array, web_sys::MutationObserver)>::new(
        move |_: js_sys::Array, observer: web_sys::MutationObserver| {
            if by_id("app").is_some_and(|app| drawn(&app)) {
                observer.disconnect();
                when_idle(register_service_worker);
            }
        },
    );
    let init = web_sys::MutationObserverInit::new();
    init.set_attributes(true);
    init.set_attribute_filter(&js_sys::Array::of1(&JsValue::from_str("data-state")));
    let observing = web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref())
        .and_then(|observer| observer.observe_with_options(&app, &init));
    match observing {
        // Called once at most; it lives as long as the page.
        Ok(()) => on_change.forget(),
        Err(_) => register_service_worker(),
    }
}

/// Runs `f` when the main thread is next idle, within 5 s (`requestIdleCallback`), or after
/// 1 s where the browser has no such call.
pub(crate) fn when_idle(f: fn()) {
    let Ok(w) = window() else {
        return;
    };
    let callback = Closure::once_into_js(f);
    let options = web_sys::IdleRequestOptions::new();
    options.set_timeout(5000);
    if w.request_idle_callback_with_options(callback.unchecked_ref(), &options)
        .is_err()
    {
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 1000);
    }
}

/// Registers the build's service worker (the site then works offline after a first visit)
/// when the page asks for one — `<meta name="partlab-service-worker" content="sw.js">`, written
/// by scripts/sw.mjs; the development server and the single file have none — and the browser
/// offers service workers (not from `file://`, nor in every sandboxed frame).
fn register_service_worker() {
    let url = dom::document()
        .ok()
        .and_then(|d| {
            d.query_selector("meta[name=\"partlab-service-worker\"]")
                .ok()
                .flatten()
        })
        .and_then(|m| m.get_attribute("content"));
    let (Some(url), Ok(w)) = (url, window()) else {
        return;
    };
    // Reading `navigator.serviceWorker` can throw (sandboxed frames): Reflect catches it.
    let container = js_sys::Reflect::get(&w.navigator(), &JsValue::from_str("serviceWorker"))
        .ok()
        .and_then(|c| c.dyn_into::<web_sys::ServiceWorkerContainer>().ok());
    if let Some(container) = container {
        let on_error = Closure::<dyn FnMut(JsValue)>::new(|e: JsValue| {
            log_error("service worker", &e);
        });
        let _ = container.register(&url).catch(&on_error);
        on_error.forget();
    }
}

fn run() -> Result<(), JsValue> {
    let mut address = location_hash();
    // Reloaded (or reached by Back/Forward) right after a change the address did not show
    // yet: the change, kept in the tab's storage, is shown, and is the address from now on.
    if let Some(to) = unsaved::restore(&address) {
        match unsaved::show(&to) {
            Ok(()) => {
                unsaved::forget(&address);
                address = to;
            }
            Err(e) => log_error("history", &e),
        }
    }
    unsaved::forget_reached(&address);
    let r = route(&address, legacy_chapter);
    let app = by_id("app").ok_or_else(|| JsValue::from_str("no #app element"))?;
    let root = frame::build(&app)?;
    // The chapter is built, and then the page written (the first update), in tasks of their
    // own (building the page and drawing it in one task blocked input for over 100 ms on a
    // cold start). The page stays hidden until that update has written its texts, so no frame
    // shows it half-built.
    app.set_attribute("hidden", "")?;
    let posted = post_task(move || {
        if let Err(e) = mount_first_chapter(&address, r, root) {
            show_start_failure(&e);
        }
    });
    if !posted {
        return Err(JsValue::from_str(
            "no MessageChannel: this browser cannot run Partlab",
        ));
    }
    // The worker that caches the site for offline use, once the page is drawn.
    register_service_worker_once_drawn();
    Ok(())
}

/// Mounts the chapter `r` names inside `root`, then posts the first update: both in tasks,
/// not in an animation frame, so the browser's first layout of the page (the longest part of
/// a cold start) comes in its own rendering task instead of at the end of the update's; and
/// in two tasks, since building a chapter with many node rows and then writing all of it
/// took over 50 ms in one.
fn mount_first_chapter(address: &str, r: chapters::Route, root: Element) -> Result<(), JsValue> {
    let options = FrameOptions {
        links: r.links,
        projector: r.projector,
        quiz: r.quiz,
    };
    let theme = theme_for(options);
    frame::show_projector(options.projector);
    let opening = Opening {
        fields: &r.rest,
        // The browser's languages only when the address names none (the first read of
        // `navigator` costs a few milliseconds on a cold start).
        lang: lang_field(&r.rest).unwrap_or_else(browser_lang),
        issues: r.issues,
        address,
        theme,
        focus: false,
    };
    let view = ChapterView::mount(r.chapter, &root, opening)?;
    let waiting = matches!(&view, ChapterView::Remote(r) if r.loading());
    FRAME.with(|cell| {
        *cell.borrow_mut() = Some(Frame {
            chapter: r.chapter,
            view,
            theme,
            root,
            saved: Vec::new(),
            rendered: None,
            options,
            written_fragment: String::new(),
            url_timer: None,
            url_pending: None,
            pending_hash: None,
            hash_frame_scheduled: false,
            unsaved_from: Vec::new(),
            announced: !waiting,
        });
    });
    wire_frame_events()?;
    share::wire()?;
    // `run` has posted a task already, so this one can be posted too.
    if !post_task(move || {
        if let Err(e) = first_update(waiting) {
            show_start_failure(&e);
        }
    }) {
        return Err(JsValue::from_str("the first update could not be posted"));
    }
    Ok(())
}

/// The first update of the mounted chapter (texts and controls), then the page is shown and,
/// unless the chapter is still loading, the embedding page told it is ready.
fn first_update(waiting: bool) -> Result<(), JsValue> {
    with_frame(Frame::frame);
    if let Some(app) = by_id("app") {
        app.remove_attribute("hidden")?;
    }
    if !waiting {
        embedding::announce();
    }
    Ok(())
}

/// What the page shows when the app could not start (the panic hook covers panics).
fn show_start_failure(e: &JsValue) {
    log_error("start", e);
    if let Some(app) = by_id("app") {
        let _ = app.remove_attribute("hidden");
        app.set_text_content(Some(&format!(
            "{} {}",
            tr(Lang::En, Text::Crashed),
            e.as_string().unwrap_or_default()
        )));
    }
}

/// Entry point called by the wasm-bindgen glue once the module is instantiated: builds the
/// frame inside `#app` (replacing the loading message), then, in the next task, the chapter
/// the address names.
#[wasm_bindgen(start)]
pub fn start() {
    partlab_web::install_panic_hook();
    if let Err(e) = run() {
        show_start_failure(&e);
    }
}
