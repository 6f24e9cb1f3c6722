//! The study chapters (sections 1–4 and 10): one module renders any
//! [`partlab_lab::study::Study`] view model: its controls, its notices and its panels
//! (figures, tables, charts on canvases with their "chart data" tables).
//!
//! Invariants:
//! - The view model lives inside the study module's thread-local; events become
//!   [`Input`]s queued and applied once per animation frame (a slider drag gives at most one
//!   recompute per frame).
//! - Long work (a growth curve, a simulation) runs one slice per `setTimeout` task, after the
//!   frame has drawn, so the page never blocks for long; `#app[data-busy]` says whether any is
//!   left.
//! - Panels whose structure did not change are updated in place: a `<details>` the user
//!   opened stays open, the focus stays where it was.
//! - Everything is built inside this chapter's own `<main>`, which the next chapter replaces:
//!   its listeners go with it.

mod render;
mod sizes;

pub(crate) use sizes::forget as forget_chart_sizes;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlInputElement, HtmlSelectElement};

use partlab_lab::chapters::ChapterId;
use partlab_lab::palette::Theme;
use partlab_lab::state::{FragmentIssue, Lang};
use partlab_lab::study::{Input, Study};

use crate::dom::{self, by_id};
use crate::{listen, log_error, set_timeout, with_study, Listener};

/// How long a slice of background work runs its units before drawing: several small units
/// (a few thousand ids hashed) share a task, a large one has it alone.
const WORK_BUDGET_MS: f64 = 8.0;

/// The mounted study chapter.
pub struct StudyView {
    chapter: ChapterId,
    /// The chapter was just read from an address with problems (a notice says which): the
    /// frame leaves the address as the user typed it until the first change (taken by
    /// [`StudyView::take_loaded_with_issues`]).
    loaded_with_issues: bool,
    model: Box<dyn Study>,
    queue: Vec<Input>,
    frame_scheduled: bool,
    work_scheduled: bool,
    theme: Theme,
    rendered: render::Rendered,
    /// Panels are left to fill in the next frames (a first render is spread over frames).
    unfilled: bool,
    /// The next part of the render is posted as a task of its own (see
    /// [`StudyView::schedule_fill`]): an animation frame meanwhile has nothing to draw.
    fill_scheduled: bool,
    /// Which mounting this is: a slice of work or a redraw posted for a chapter since left
    /// does nothing to the chapter shown now.
    serial: u64,
    _listeners: Vec<Listener>,
}

thread_local! {
    /// The serial of the last chapter mounted.
    static MOUNTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Runs `f` on the mounted chapter if it is still the mounting `serial`.
fn with_mounted(serial: u64, f: impl FnOnce(&mut StudyView)) {
    with_study(|s| {
        if s.serial == serial {
            f(s);
        }
    });
}

/// Queues an input; it is applied on the next animation frame.
fn dispatch(input: Input) {
    with_study(|s| {
        s.enqueue(input);
        s.schedule_frame();
    });
}

/// The control id and value an event's target carries (`data-control`, and the element's
/// value or its `data-value`).
fn control_event(e: &Event) -> Option<(String, String)> {
    let el = e.target()?.dyn_into::<Element>().ok()?;
    let el = el.closest("[data-control]").ok().flatten()?;
    let id = el.get_attribute("data-control")?;
    let value = if let Some(v) = el.get_attribute("data-value") {
        v
    } else if let Some(i) = el.dyn_ref::<HtmlInputElement>() {
        i.value()
    } else if let Some(s) = el.dyn_ref::<HtmlSelectElement>() {
        s.value()
    } else {
        return None;
    };
    Some((id, value))
}

fn wire_events(main: &Element) -> Result<Vec<Listener>, JsValue> {
    let send = |e: Event| {
        if let Some((id, value)) = control_event(&e) {
            dispatch(Input::Control { id, value });
        }
    };
    let mut out = Vec::new();
    // Selects and number boxes report on change; sliders while they move.
    out.push(listen(main, "change", move |e| {
        let is_button = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|t| t.tag_name() == "BUTTON");
        if !is_button {
            send(e);
        }
    })?);
    out.push(listen(main, "input", move |e| {
        let is_range = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            .is_some_and(|i| i.type_() == "range");
        if is_range {
            send(e);
        }
    })?);
    out.push(listen(main, "click", |e| {
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        let Some(t) = target else {
            return;
        };
        if t.closest(".dismiss").ok().flatten().is_some() {
            dispatch(Input::DismissNotices);
            return;
        }
        if let Some(what) = t
            .closest("button[data-export]")
            .ok()
            .flatten()
            .and_then(|b| b.get_attribute("data-export"))
        {
            if let Some(Err(e)) = crate::with_study(|s| s.export(&what)) {
                crate::log_error("export", &e);
            }
            return;
        }
        if let Some(b) = t.closest("button[data-control]").ok().flatten() {
            if let (Some(id), Some(value)) = (
                b.get_attribute("data-control"),
                b.get_attribute("data-value"),
            ) {
                dispatch(Input::Control { id, value });
            }
        }
    })?);
    Ok(out)
}

impl StudyView {
    /// Builds `chapter` inside `root` from its fields (`issues`: the frame's own) and draws it
    /// once.
    pub fn mount(
        root: &Element,
        chapter: ChapterId,
        fields: &str,
        lang: Lang,
        issues: Vec<FragmentIssue>,
        theme: Theme,
    ) -> Result<StudyView, JsValue> {
        let model = partlab_lab::contract::open(chapter, fields, lang, issues)
            .ok_or_else(|| JsValue::from_str("not a study chapter"))?;
        let main = render::build(root, chapter)?;
        let listeners = wire_events(&main)?;
        // The first frame in a task of its own rather than an animation frame, whose
        // rendering would add the browser's first layout of the chapter to the same task.
        let posted = partlab_web::post_task(StudyView::fill);
        Ok(StudyView {
            chapter,
            loaded_with_issues: !model.issues().is_empty(),
            model,
            queue: Vec::new(),
            frame_scheduled: false,
            work_scheduled: false,
            theme,
            rendered: render::Rendered::default(),
            unfilled: false,
            fill_scheduled: posted,
            serial: MOUNTS.with(|m| {
                m.set(m.get() + 1);
                m.get()
            }),
            _listeners: listeners,
        })
    }

    fn schedule_frame(&mut self) {
        if !self.frame_scheduled {
            self.frame_scheduled = true;
            crate::request_frame();
        }
    }

    /// Queues `input`, replacing a queued input of the same control (a slider drag).
    fn enqueue(&mut self, input: Input) {
        if let (Some(Input::Control { id: last, .. }), Input::Control { id, .. }) =
            (self.queue.last(), &input)
        {
            if last == id {
                self.queue.pop();
            }
        }
        self.queue.push(input);
    }

    /// Asks for the next part of a render spread over several: a task after the browser's
    /// next rendering, so that each part and the layout of the part before are separate
    /// tasks (an animation frame would run the part and then lay out everything written so
    /// far in one), and the charts it draws read their sizes from a layout already done.
    fn schedule_fill(&mut self) {
        if !self.fill_scheduled {
            self.fill_scheduled = partlab_web::after_next_rendering(StudyView::fill);
        }
    }

    /// The task [`StudyView::schedule_fill`] posted: the next part of the render.
    fn fill() {
        with_study(|s| {
            s.fill_scheduled = false;
            s.frame();
        });
    }

    /// Applies the queued inputs and redraws (called by the frame once per animation frame).
    pub fn frame(&mut self) {
        self.frame_scheduled = false;
        if self.fill_scheduled && self.queue.is_empty() {
            // Nothing new: the task on its way draws.
            return;
        }
        mark_start();
        let inputs = std::mem::take(&mut self.queue);
        if !inputs.is_empty() {
            // A change may start new work (a growth curve for another seed).
            self.rendered.pending_work = true;
        }
        let t0 = crate::now();
        for input in inputs {
            let loaded = matches!(input, Input::Load(_));
            self.model.update(input);
            if loaded {
                self.loaded_with_issues = !self.model.issues().is_empty();
            }
        }
        let t1 = crate::now();
        self.draw();
        if let Some(app) = by_id("app") {
            dom::set_attr(
                &app,
                "data-timing",
                &format!("update:{:.2} draw:{:.2}", t1 - t0, crate::now() - t1),
            );
        }
        measure("partlab-study-frame");
        self.schedule_work();
    }

    fn draw(&mut self) {
        match render::render(
            self.chapter,
            self.model.as_ref(),
            self.theme,
            &mut self.rendered,
        ) {
            Ok(done) => {
                self.unfilled = !done;
                if !done {
                    // The panels left are filled in the next tasks.
                    self.schedule_fill();
                }
            }
            Err(e) => {
                self.unfilled = false;
                log_error("study render", &e);
            }
        }
        if let Some(app) = by_id("app") {
            dom::set_attr(&app, "data-state", "ready");
            let busy = if self.work_scheduled || self.rendered.pending_work || self.unfilled {
                "true"
            } else {
                "false"
            };
            dom::set_attr(&app, "data-busy", busy);
        }
        // The figures on screen may be the previous state's until the work ends: assistive
        // technologies wait for the new ones.
        if let Some(panels) = by_id("study-panels") {
            let working = self.work_scheduled || self.rendered.pending_work || self.unfilled;
            dom::set_attr(&panels, "aria-busy", if working { "true" } else { "false" });
        }
    }

    fn schedule_work(&mut self) {
        if self.work_scheduled || !self.rendered.pending_work {
            return;
        }
        let serial = self.serial;
        self.work_scheduled = set_timeout(0, move || {
            with_mounted(serial, StudyView::work_tick);
        })
        .is_some();
    }

    /// One slice of the model's background work (as many of its units as fit in
    /// [`WORK_BUDGET_MS`], at least one), then a redraw of what it changed: in the same task
    /// when the work left room for it, else in a task of its own (see [`StudyView::draw_tick`]).
    fn work_tick(&mut self) {
        self.work_scheduled = false;
        mark_start();
        let deadline = crate::now() + WORK_BUDGET_MS;
        let mut more = self.model.work();
        while more && crate::now() < deadline {
            more = self.model.work();
        }
        self.rendered.pending_work = more;
        if crate::now() >= deadline {
            // Traces of cold loads: a unit of work that runs 12–26 ms before the engine has
            // optimised it, followed by the first drawing of the charts it completed (up to
            // 26 ms), made tasks of 40–70 ms. Each is a task apart.
            measure("partlab-study-work");
            let serial = self.serial;
            self.work_scheduled = partlab_web::post_task(move || {
                with_mounted(serial, StudyView::draw_tick);
            });
            if self.work_scheduled {
                return;
            }
            mark_start();
        }
        self.draw_and_go_on();
    }

    /// The redraw after a slice of work that filled its task, then the next slice.
    fn draw_tick(&mut self) {
        self.work_scheduled = false;
        mark_start();
        self.draw_and_go_on();
    }

    /// Draws what the work changed, ends the slice's measure and asks for the next slice.
    fn draw_and_go_on(&mut self) {
        self.draw();
        measure("partlab-study-work");
        self.schedule_work();
    }

    /// The chapter's fragment fields; without the embed view when `embed` is false.
    pub fn fields(&self, embed: bool) -> String {
        self.model.fragment(embed)
    }

    /// The interface language.
    pub fn lang(&self) -> Lang {
        self.model.lang()
    }

    /// Whether one view is shown alone.
    pub fn embedded(&self) -> bool {
        self.model.embed().is_some()
    }

    /// Switches the language (applied on the next frame).
    pub fn set_lang(&mut self, lang: Lang) {
        self.enqueue(Input::Lang(lang));
        self.schedule_frame();
    }

    /// Downloads what an export button names: a view's figures and tables as CSV
    /// (`<view>-csv`), or a chart as PNG (`<canvas id>-png`), named after the chapter.
    pub fn export(&self, what: &str) -> Result<(), JsValue> {
        let slug = self.chapter.slug();
        if let Some(view) = what.strip_suffix("-csv") {
            let panels = self.model.panels();
            let Some(p) = panels.iter().find(|p| p.view == view) else {
                return Ok(());
            };
            return dom::download_csv(
                &format!("partlab-{slug}-{view}.csv"),
                &partlab_lab::export::panel_csv(p),
            );
        }
        if let Some(canvas) = what.strip_suffix("-png") {
            return dom::download_canvas(&format!("partlab-{slug}-{canvas}.png"), canvas);
        }
        Ok(())
    }

    /// Whether the chapter's fields were just loaded from an address with problems (asked
    /// once per load).
    pub fn take_loaded_with_issues(&mut self) -> bool {
        std::mem::take(&mut self.loaded_with_issues)
    }

    /// Loads the chapter's fields from an address the user edited.
    pub fn load(&mut self, fields: String) {
        self.enqueue(Input::Load(fields));
        self.schedule_frame();
    }

    /// Redraws with another colour scheme.
    pub fn set_theme(&mut self, theme: Theme) {
        self.theme = theme;
        self.schedule_frame();
    }

    /// Redraws everything on the next frame (the window was resized).
    pub fn request_render(&mut self) {
        // The canvases change size: every chart is drawn again.
        self.rendered.invalidate();
        self.schedule_frame();
    }

    /// Stops the chapter's work before it is dropped (the chapter changes).
    pub fn unmount(&mut self) {
        self.queue.clear();
        if let Some(app) = by_id("app") {
            let _ = app.remove_attribute("data-busy");
        }
    }
}

/// Marks the start of a frame or a work slice (see [`measure`]).
fn mark_start() {
    partlab_web::mark("partlab-study-start");
}

/// Records the frame or work slice begun by [`mark_start`] as a performance measure named
/// `name`: the benchmark's per-chapter rows and DevTools' Performance panel read them.
fn measure(name: &str) {
    partlab_web::measure(name, "partlab-study-start");
}
