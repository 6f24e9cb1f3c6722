//! The hashing instrument, shared by the chapters for sections 5, 6 and 7: nodes, weights,
//! vnodes and keys in, the ring, the figures and three charts out. It binds the page's
//! controls to [`Msg`]s and renders the [`Lab`].
//!
//! Invariants:
//! - The instrument's state lives in one [`Lab`], inside the frame's thread-local; JavaScript
//!   only sees events.
//! - Input events are queued and applied once per animation frame (a slider drag gives at
//!   most one recompute and one redraw per frame).
//! - No task runs long: a change is computed in slices ([`Lab::work`]) of a few milliseconds,
//!   in the frame that applies it and then in timer tasks, while the page keeps showing the
//!   previous figures with a progress note; chart sweeps run in slices too, after input has
//!   been quiet for a moment.
//! - A frame redraws only what changed ([`Seen`]): canvases whose inputs are the same keep
//!   their pixels, and the charts keep their still layers ([`charts::ChartCache`]).
//! - Nothing is built or computed before the chapter is mounted, and its listeners are
//!   dropped with it.

mod charts;
mod compare;
mod magnifier;
mod page;
mod readout;
mod ring;
mod strip;
mod table;
mod tables;
mod why;

use wasm_bindgen::prelude::*;
use wasm_bindgen::{intern, JsCast};
use web_sys::{Element, Event, HtmlElement, HtmlInputElement, HtmlSelectElement, MouseEvent};

use partlab_lab::chapters::{hashing_defaults, ChapterId};
use partlab_lab::export;
use partlab_lab::model::{DeviationSweep, Lab, MovementSweep, Msg, Notice, Preview};
use partlab_lab::palette::Theme;
use partlab_lab::state::{
    Field as FragmentField, FragmentIssue, LabState, Lang, View, KEY_STOPS, VNODE_STOPS,
};

use crate::dom::{self, by_id, by_id_as};
use crate::{clear_timeout, dpr, listen_id, log_error, now, set_timeout, Listener};

/// The CSS sizes of the canvases, measured once per frame before anything changes the page (a
/// size read after a change forces the browser to lay the page out again).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Sizes {
    ring: (f64, f64),
    bars: (f64, f64),
    deviation: (f64, f64),
    movement: (f64, f64),
    /// The "why this key" magnifier's (0 × 0 while there is none).
    magnifier: (f64, f64),
    dpr: f64,
}

/// What drawing a panel whose canvases may be new came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Drawing {
    /// Drawn (or nothing to draw).
    Done,
    /// Its canvases were just made or shown and have no size yet: the update after the
    /// browser has laid them out draws them (reading their sizes now would lay the page out
    /// inside this update).
    AwaitingLayout,
}

/// Watches the four canvases' boxes and the "why this key" panel's (where the magnifier is
/// made when a key is picked): a change of size (a resized window, a panel opened beside
/// them, a magnifier just made) makes the next frame read the sizes again.
struct SizeWatch {
    observer: web_sys::ResizeObserver,
    _callback: Closure<dyn FnMut(JsValue)>,
}

impl SizeWatch {
    /// `None` where the browser has no `ResizeObserver`: sizes are then read every frame.
    fn start() -> Option<SizeWatch> {
        let callback = Closure::<dyn FnMut(JsValue)>::new(|_| {
            with_app(|app| {
                app.measured = None;
                // Before the first drawing, the update after the browser's rendering measures
                // anyway: a frame asked for here would come first and put that update off.
                if !app.awaiting_layout {
                    app.schedule_frame();
                }
            });
        });
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        for id in [
            "ring",
            "bars-chart",
            "deviation-chart",
            "movement-chart",
            "key-why",
        ] {
            if let Some(e) = by_id(id) {
                observer.observe(&e);
            }
        }
        Some(SizeWatch {
            observer,
            _callback: callback,
        })
    }
}

/// What the views were last drawn from: a view is drawn again only when one of its inputs
/// differs.
#[derive(Clone, Debug, Default, PartialEq)]
struct Seen {
    revision: u64,
    lang: Option<Lang>,
    key: Option<String>,
    pending: bool,
    theme: Option<Theme>,
    sizes: Sizes,
}

/// The parts of the page one frame redraws.
#[derive(Clone, Copy, Debug, Default)]
struct Dirty {
    ring: bool,
    /// The "why this key" panel and its magnifier (with the key path, the look, or at a new
    /// size).
    magnifier: bool,
    ring_texts: bool,
    key_path: bool,
    figures: bool,
    bars: bool,
    sweeps: bool,
}

impl Dirty {
    fn between(old: &Seen, new: &Seen) -> Dirty {
        let figures = old.revision != new.revision;
        let lang = old.lang != new.lang;
        let look = old.theme != new.theme || old.sizes.dpr != new.sizes.dpr;
        let key_path = figures || lang || old.key != new.key;
        Dirty {
            ring: figures || look || old.key != new.key || old.sizes.ring != new.sizes.ring,
            magnifier: key_path || look || old.sizes.magnifier != new.sizes.magnifier,
            ring_texts: figures || lang,
            key_path,
            figures: figures || lang || old.pending != new.pending,
            bars: figures || lang || look || old.sizes.bars != new.sizes.bars,
            sweeps: figures
                || lang
                || look
                || old.sizes.deviation != new.sizes.deviation
                || old.sizes.movement != new.sizes.movement,
        }
    }
}

/// The mounted hashing instrument.
pub struct Hashing {
    lab: Lab,
    /// The revision and deviation of the experiment last announced to screen readers.
    announced: Option<(u64, f64)>,
    queue: Vec<Msg>,
    frame_scheduled: bool,
    theme: Theme,
    rendered_lang: Option<Lang>,
    rendered_nodes: Vec<String>,
    /// The state the controls were last synchronised with.
    rendered_controls: Option<LabState>,
    /// What the frame last wrote of the small things it checks every frame.
    marks: FrameMarks,
    reset_focused: bool,
    timing: Vec<(&'static str, f64)>,
    ring_frame: Option<ring::RingFrame>,
    ring_cache: ring::RingCache,
    charts: charts::ChartCache,
    seen: Seen,
    dev: Option<DeviationSweep>,
    mv: Option<MovementSweep>,
    /// The previous sweeps, drawn until their replacements have a first point.
    dev_prev: Option<DeviationSweep>,
    mv_prev: Option<MovementSweep>,
    sweep_timer: bool,
    /// A task is posted to go on with the change being computed.
    work_timer: bool,
    /// While a drawing is spread over frames (the first one, or a new language, look or size):
    /// the stage the next frame draws (1: the figures and the bars, 2: the charts).
    first_stages: Option<u8>,
    /// The first experiment's ring from its configuration is done with: drawn, or there was
    /// none to draw.
    preview_drawn: bool,
    /// That ring is on screen (the progress note then promises only the figures).
    preview_shown: bool,
    /// That ring, computed in a task of its own for the next update to draw.
    preview: Option<Preview>,
    /// The first update after mounting has written the chapter's texts and controls.
    laid_out: bool,
    /// Between that update and the browser's rendering of it: nothing is measured or drawn.
    awaiting_layout: bool,
    /// The first ring was just drawn: the keys' hashing starts once it is on screen.
    first_ring_drawn: bool,
    preset_timer: Option<i32>,
    last_change: f64,
    /// Which of the three chapters this instrument is showing.
    chapter: ChapterId,
    /// The address just loaded had problems: the frame leaves it as the user typed it until
    /// the first change (taken by [`Hashing::take_loaded_with_issues`]).
    loaded_with_issues: bool,
    /// The pointer went down on a preset while a node name was being typed (that press
    /// commits the name): the click that follows holds the preset instead of applying it.
    preset_over_typing: bool,
    /// The last applied input included a slider step (vnodes, a weight): more may follow at
    /// once, so the frame debounces the address write.
    dragging: bool,
    /// The lesson-tables view: computed only once opened.
    tables: tables::TablesView,
    /// The charts' readouts: which item each shows.
    readout_at: readout::ReadoutAt,
    /// Compare mode's panel and its replay.
    compare: compare::ComparePanel,
    /// The canvases' sizes as last read, for the embed view they were read in; cleared by
    /// [`SizeWatch`] when one of them changes size, so a frame that changes nothing of the
    /// layout does not force the browser to lay the page out to read them again.
    measured: Option<(Option<View>, Sizes)>,
    size_watch: Option<SizeWatch>,
    /// The page's listeners on the chapter's elements, dropped with the chapter.
    _listeners: Vec<Listener>,
}

/// What the frame last wrote of the things it looks at every frame (the notices, the progress
/// note, the baseline button, the embed view, the pending-change flag): a frame where they
/// did not change does not cross to the page for them. Only the frame writes them, and a new
/// chapter starts with none written.
#[derive(Default)]
struct FrameMarks {
    notices: Option<(Lang, Vec<Notice>)>,
    progress: Option<(String, bool)>,
    baseline: Option<(Lang, bool)>,
    embed: Option<Option<View>>,
    pending: Option<bool>,
}

/// The body's embed class and attribute for the view embedded, if any (`marks.embed`: as last
/// written).
fn apply_embed(marks: &mut FrameMarks, embed: Option<View>) {
    if marks.embed == Some(embed) {
        return;
    }
    let Some(body) = dom::document().ok().and_then(|d| d.body()) else {
        return;
    };
    marks.embed = Some(embed);
    match embed {
        Some(v) => {
            let _ = body.class_list().add_1("embed");
            dom::set_attr(&body, "data-embed", v.name());
        }
        None => {
            let _ = body.class_list().remove_1("embed");
            let _ = body.remove_attribute(intern("data-embed"));
        }
    }
}

/// Quiet time after the last input before chart sweeps (re)start, in ms.
const SWEEP_DEBOUNCE_MS: f64 = 250.0;
/// How long a preset's "before" state shows before its change is applied, in ms.
const PRESET_CHANGE_DELAY_MS: i32 = 900;
/// Time a frame may spend computing the change it applies, in ms: a usual change is done in
/// the same frame; a longer one goes on in timer tasks.
const FRAME_WORK_MS: f64 = 9.0;
/// The same for the first experiment, computed before anything is drawn.
const FIRST_WORK_MS: f64 = 24.0;
/// Time one task spends on a change or a sweep, in ms.
const TICK_WORK_MS: f64 = 10.0;
/// Work units (one ≈ hashing one key) between two looks at the clock: well under a
/// millisecond, even before the engine has optimised the code.
const WORK_CHUNK: u64 = 500;

/// Runs `f` on the mounted hashing instrument, if it is the chapter on screen.
fn with_app<R>(f: impl FnOnce(&mut Hashing) -> R) -> Option<R> {
    crate::with_frame(|frame| frame.hashing().map(f)).flatten()
}

/// Queues a message; it is applied on the next animation frame.
fn dispatch(msg: Msg) {
    with_app(|app| {
        app.enqueue(msg);
        app.schedule_frame();
    });
}

impl Hashing {
    fn schedule_frame(&mut self) {
        if !self.frame_scheduled {
            self.frame_scheduled = true;
            crate::request_frame();
        }
    }

    /// Queues `msg`, replacing a queued message of the same kind from a slider drag, and a
    /// queued address by a newer one (the newer one says everything).
    fn enqueue(&mut self, msg: Msg) {
        let same = |a: &Msg, b: &Msg| match (a, b) {
            (Msg::SetVnodes(_), Msg::SetVnodes(_))
            | (Msg::SetKeyCount(_), Msg::SetKeyCount(_))
            | (Msg::LoadFragment(_), Msg::LoadFragment(_)) => true,
            (Msg::SetWeight { node: x, .. }, Msg::SetWeight { node: y, .. }) => x == y,
            _ => false,
        };
        if let Some(last) = self.queue.last_mut() {
            if same(last, &msg) {
                *last = msg;
                return;
            }
        }
        self.queue.push(msg);
    }

    /// Computes the change on its way until `deadline` (a `performance.now()` time) or until
    /// it is done.
    // Out of line (as are `apply`, `draw_preview` and `render_experiment`): the browser compiles
    // a wasm function on its first call, all of it, on the main thread, so the update's first
    // call, on a cold start, compiles only what that update runs (see ARCHITECTURE.md).
    #[inline(never)]
    fn work_until(&mut self, deadline: f64) {
        while self.lab.busy() && now() < deadline {
            self.lab.work(WORK_CHUNK);
        }
    }

    /// Starts the change `msgs` (not empty) ask for; whether one of them applied a preset.
    #[inline(never)]
    fn apply(&mut self, msgs: Vec<Msg>) -> bool {
        self.dragging = msgs
            .iter()
            .any(|m| matches!(m, Msg::SetVnodes(_) | Msg::SetWeight { .. }));
        let mut preset_applied = false;
        for msg in msgs {
            preset_applied |= matches!(msg, Msg::ApplyPreset(_));
            let load = matches!(msg, Msg::LoadFragment(_));
            self.reset_focused |= !matches!(
                msg,
                Msg::DismissNotices
                    | Msg::SetLang(_)
                    | Msg::SelectSlot(_)
                    | Msg::LookupKey(_)
                    | Msg::ClearKey
                    | Msg::HoldPreset(_)
                    | Msg::EndGesture
                    | Msg::PinBaseline
                    | Msg::ClearBaseline
            );
            self.lab.begin(msg);
            if load {
                self.loaded_with_issues = self.has_fragment_notices();
            }
        }
        preset_applied
    }

    /// Applies the queued messages and redraws (called by the frame once per animation frame).
    pub fn frame(&mut self) {
        self.frame_scheduled = false;
        let started = now();
        partlab_web::mark("partlab-update-start");
        let msgs = std::mem::take(&mut self.queue);
        let any = !msgs.is_empty();
        let preset_applied = any && self.apply(msgs);
        if any {
            self.last_change = now();
            // A preview computed for the configuration before these messages.
            self.preview = None;
        }
        let budget = if self.lab.ready() {
            FRAME_WORK_MS
        } else if !self.preview_drawn {
            // Draw the first experiment's ring first; its keys are hashed in the next tasks.
            0.0
        } else {
            FIRST_WORK_MS
        };
        self.work_until(started + budget);
        self.timing.clear();
        self.timing.push(("update", now() - started));
        if preset_applied {
            clear_timeout(self.preset_timer.take());
        }
        if let Err(e) = self.render() {
            log_error("render", &e);
        }
        // The time of the whole update (recompute + redraw), for the benchmark and tests.
        if let Some(app) = by_id("app") {
            dom::set_attr(&app, "data-frame-ms", &format!("{:.2}", now() - started));
            let timing: Vec<String> = self
                .timing
                .iter()
                .map(|(k, v)| format!("{k}:{v:.2}"))
                .collect();
            dom::set_attr(&app, "data-timing", &timing.join(" "));
        }
        partlab_web::measure("partlab-update", "partlab-update-start");
        self.after_render();
    }

    /// One task of the change being computed; the frame after it commits draws it.
    fn work_tick(&mut self) {
        self.work_timer = false;
        let started = now();
        let preview_awaited = !self.preview_drawn && self.lab.preview_on_its_way();
        self.work_until(started + TICK_WORK_MS);
        if preview_awaited && !self.lab.preview_on_its_way() {
            // The partitioner built first is ready: the next update draws the ring from it.
            self.ring_ready();
        }
        if self.lab.busy() {
            page::render_progress(&self.lab, self.preview_shown, &mut self.marks.progress);
            self.schedule_work();
        } else {
            self.ring_ready();
        }
    }

    /// A ring to draw is computed: the update that draws it, after a task that builds its
    /// arcs and ticks when it is large (see [`ring::prepare_base`]).
    fn ring_ready(&mut self) {
        let apart = self.visible(View::Ring)
            && self.measured.is_some()
            && if self.lab.ready() {
                self.lab
                    .ring_points()
                    .is_some_and(|p| p.len() >= ring::BUILT_APART_POINTS)
            } else {
                // The first experiment's partitioner, built before its keys (a ring or a
                // Maglev table too big for one task): its preview and the arcs are computed
                // in that task.
                !self.preview_drawn
            };
        if apart
            && crate::post_task(|| {
                with_app(Hashing::prepare_ring);
            })
        {
            return;
        }
        self.schedule_frame();
    }

    /// Builds the arcs and ticks of the ring the next update draws (the experiment's, or the
    /// first experiment's preview, computed here) when it is large, then asks for that update.
    fn prepare_ring(&mut self) {
        self.compute_preview();
        if let Some((_, sizes)) = self.measured {
            let scene = if self.lab.ready() {
                Some(ring::Scene::of(&self.lab))
            } else {
                self.preview
                    .as_ref()
                    .map(|p| ring::Scene::preview(&self.lab, p))
            };
            if let Some(scene) = scene.filter(ring::large) {
                const START: &str = "partlab-ring-paths-start";
                partlab_web::mark(START);
                match ring::prepare_base(&scene, self.theme, sizes.ring, &mut self.ring_cache) {
                    // A task of its own in DevTools' Performance panel and for the tests.
                    Ok(true) => partlab_web::measure("partlab-ring-paths", START),
                    Ok(false) => partlab_web::unmark(START),
                    Err(e) => {
                        partlab_web::unmark(START);
                        log_error("ring", &e);
                    }
                }
            }
        }
        self.schedule_frame();
    }

    /// The first experiment's ring from its configuration alone, for the next update to draw
    /// (nothing once it is drawn, or once the keys are hashed).
    fn compute_preview(&mut self) {
        if !self.preview_drawn && self.preview.is_none() && !self.lab.ready() {
            self.preview = self.lab.preview();
        }
    }

    fn schedule_work(&mut self) {
        // Not before the first update's writing is laid out and the first ring drawn: the
        // keys' hashing could finish first and make the preview's computing a waste.
        if self.work_timer || !self.lab.busy() || self.awaiting_layout || self.preview.is_some() {
            return;
        }
        let tick = || {
            with_app(Hashing::work_tick);
        };
        self.work_timer = if std::mem::take(&mut self.first_ring_drawn) {
            // The first ring is on its way to the screen: a tick posted now would run before
            // the browser's next rendering and hold the ring back by its length.
            crate::after_next_rendering(tick)
        } else {
            crate::post_task(tick)
        };
    }

    fn visible(&self, v: View) -> bool {
        self.lab.target_state().embed.is_none_or(|e| e == v)
    }

    /// The canvases' CSS sizes (0 × 0 for one not displayed): as last read, unless one of
    /// them changed size since (or the embedded view changed, or the screen's pixel ratio).
    fn measure(&mut self) -> Sizes {
        let embed = self.lab.target_state().embed;
        let dpr = dpr();
        match self.measured {
            Some((e, sizes)) if e == embed && sizes.dpr == dpr && self.size_watch.is_some() => {
                sizes
            }
            _ => {
                let sizes = self.read_sizes();
                self.measured = Some((embed, sizes));
                sizes
            }
        }
    }

    /// The canvases' CSS sizes read from the page (a layout if anything changed since the
    /// last one).
    fn read_sizes(&self) -> Sizes {
        let size = |id: &str, v: View| {
            if !self.visible(v) {
                return (0.0, 0.0);
            }
            by_id_as::<web_sys::HtmlCanvasElement>(id).map_or((0.0, 0.0), |c| dom::css_size(&c))
        };
        Sizes {
            ring: size("ring", View::Ring),
            bars: size("bars-chart", View::Bars),
            deviation: size("deviation-chart", View::Deviation),
            movement: size("movement-chart", View::Movement),
            magnifier: size("magnifier", View::Ring),
            dpr: dpr(),
        }
    }

    fn render(&mut self) -> Result<(), JsValue> {
        if self.awaiting_layout {
            return Ok(());
        }
        let t_render = now();
        // The first update after mounting writes the chapter's texts and controls and draws
        // nothing: the browser lays the new page out in its next rendering (a cold first
        // layout, the longest part of a first load) and the update after that rendering reads
        // the canvases' sizes from that layout and draws. Separate tasks, where reading the
        // sizes here would have made the cold layout and the first drawing one long task.
        let first = !self.laid_out;
        // Sizes first, before anything below changes the page.
        let (sizes, compare_sizes) = if first {
            (Sizes::default(), None)
        } else {
            (self.measure(), self.compare.measure(&self.lab))
        };
        // Stage timings start here so that "controls" covers texts, controls and notices.
        let t = now();
        self.timing.push(("measure", t - t_render));
        let target = self.lab.target_state();
        let lang = target.lang;
        let mut rebuild_nodes = false;
        let mut relabel = false;
        if self.rendered_lang != Some(lang) {
            page::render_texts(lang, self.chapter)?;
            self.tables.render_texts(lang);
            readout::reset_all(&mut self.readout_at, lang);
            self.rendered_lang = Some(lang);
            rebuild_nodes = true;
            relabel = true;
        }
        let names: Vec<String> = target.nodes.iter().map(|n| n.name.clone()).collect();
        if names != self.rendered_nodes {
            rebuild_nodes = true;
            self.rendered_nodes = names;
        }
        apply_embed(&mut self.marks, target.embed);
        let controls_changed = self.rendered_controls.as_ref() != Some(target);
        if rebuild_nodes || controls_changed || self.reset_focused {
            let focused = if rebuild_nodes {
                focus_out_of_leaving_rows(target.nodes.len());
                active_id()
            } else {
                None
            };
            page::render_controls(
                &self.lab,
                rebuild_nodes,
                relabel,
                std::mem::take(&mut self.reset_focused),
                self.rendered_controls.as_ref(),
            )?;
            if let Some(id) = focused {
                restore_focus(&id);
            }
            self.rendered_controls = Some(self.lab.target_state().clone());
        }
        page::render_notices(&self.lab, &mut self.marks.notices)?;
        page::render_progress(&self.lab, self.preview_shown, &mut self.marks.progress);
        page::render_baseline(&self.lab, &mut self.marks.baseline);
        let controls_done = now();
        self.timing.push(("controls", controls_done - t));
        let pending = self.lab.has_pending_change();
        if self.marks.pending != Some(pending) {
            if let Some(app) = by_id("app") {
                dom::set_attr(
                    &app,
                    "data-pending-change",
                    if pending { "true" } else { "false" },
                );
            }
            self.marks.pending = Some(pending);
        }
        if first {
            self.laid_out = true;
            // The next update once the browser has laid this one out and painted it; an
            // animation frame before that (the canvases' first resize notice asks for one)
            // leaves the page alone, or it would force that layout itself.
            self.awaiting_layout = true;
            crate::request_update_after_rendering();
            // Meanwhile, the first ring: hashing its sample keys and placing its vnodes is a
            // task apart from the writing above and from the drawing after the layout.
            if !self.lab.ready() && self.visible(View::Ring) {
                crate::post_task(|| {
                    with_app(Hashing::compute_preview);
                });
            }
            return Ok(());
        }
        if !self.lab.ready() {
            return self.draw_preview(sizes);
        }
        self.render_experiment(sizes, compare_sizes, controls_done)
    }

    /// The first experiment is being computed: its ring, from the configuration alone, once
    /// (the figures and the charts wait for the keys).
    #[inline(never)]
    fn draw_preview(&mut self, sizes: Sizes) -> Result<(), JsValue> {
        if !self.preview_drawn && self.visible(View::Ring) {
            // Computed in a task of its own after the first update (see
            // `compute_preview`), or here when that task has not run.
            let preview = self.preview.take().or_else(|| self.lab.preview());
            // A partitioner too big for one task is being built first: its preview is
            // drawn by the update after it is (see `work_tick`).
            self.preview_drawn = preview.is_some() || !self.lab.preview_on_its_way();
            if let (Some(preview), Some(c)) =
                (preview, by_id_as::<web_sys::HtmlCanvasElement>("ring"))
            {
                ring::draw(
                    &c,
                    &ring::Scene::preview(&self.lab, &preview),
                    self.theme,
                    sizes.dpr,
                    sizes.ring,
                    None,
                    &mut self.ring_cache,
                    &mut self.timing,
                )?;
                if let Some(app) = by_id("app") {
                    dom::set_attr(&app, "data-ring", "drawn");
                }
                self.preview_shown = true;
                self.first_ring_drawn = true;
                page::render_progress(&self.lab, true, &mut self.marks.progress);
            }
        }
        Ok(())
    }

    /// Draws what the experiment's change made stale, `t` the time its stages start from.
    #[inline(never)]
    fn render_experiment(
        &mut self,
        sizes: Sizes,
        compare_sizes: Option<[(f64, f64); 4]>,
        mut t: f64,
    ) -> Result<(), JsValue> {
        let mut lap = |timing: &mut Vec<(&'static str, f64)>, name: &'static str| {
            let n = now();
            timing.push((name, n - t));
            t = n;
        };
        let st = self.lab.state();
        let seen = Seen {
            revision: self.lab.revision(),
            lang: Some(st.lang),
            key: st.key.clone(),
            pending: self.lab.has_pending_change(),
            theme: Some(self.theme),
            sizes,
        };
        let mut dirty = Dirty::between(&self.seen, &seen);
        // The first drawing comes in three frames, each a short task: the ring; the figures
        // and the bars; the charts (whose sweeps have no point yet).
        let first = self.seen.revision == 0;
        let later = |stage: u8| first || self.first_stages.is_some_and(|s| s < stage);
        let (hold_texts, mut hold_charts) = (later(1), later(2));
        // A new language, look or size (the projector) redraws the ring, the words and the
        // charts of the same experiment: the charts wait for the next frame, so neither
        // frame is one long task.
        let restyled = self.seen.revision == seen.revision
            && dirty.sweeps
            && (dirty.ring || dirty.ring_texts || dirty.figures || dirty.bars);
        match self.first_stages {
            _ if first => self.first_stages = Some(1),
            Some(1) => {
                dirty.figures = true;
                dirty.bars = true;
                dirty.ring_texts = true;
                self.first_stages = Some(2);
            }
            Some(_) => {
                dirty.sweeps = true;
                self.first_stages = None;
            }
            None if restyled => {
                hold_charts = true;
                self.first_stages = Some(2);
            }
            None => {}
        }
        let theme = self.theme;
        let dpr = sizes.dpr;
        if self.visible(View::Ring) {
            let path = (dirty.ring || dirty.magnifier)
                .then(|| self.lab.key_path())
                .flatten();
            if dirty.ring {
                if let Some(c) = by_id_as::<web_sys::HtmlCanvasElement>("ring") {
                    let frame = ring::draw(
                        &c,
                        &ring::Scene::of(&self.lab),
                        theme,
                        dpr,
                        sizes.ring,
                        path.as_ref(),
                        &mut self.ring_cache,
                        &mut self.timing,
                    )?;
                    let moved = frame.dots.iter().filter(|d| d.moved_from.is_some()).count();
                    dom::set_attr(&c, "data-dots", &frame.dots.len().to_string());
                    dom::set_attr(&c, "data-moved-dots", &moved.to_string());
                    // Where the first sample key is drawn (CSS pixels in the canvas), so a
                    // test can click a dot without re-deriving the ring's layout.
                    if let Some(d) = frame.dots.first() {
                        let (x, y) = frame.layout.dot_position(d.hash);
                        dom::set_attr(&c, "data-first-dot", &format!("{x:.1},{y:.1}"));
                    }
                    self.ring_frame = Some(frame);
                }
            }
            lap(&mut self.timing, "ring");
            if dirty.key_path {
                page::render_key_path(&self.lab, path.as_ref())?;
            }
            if dirty.magnifier
                && why::render(&self.lab, path.as_ref(), theme, dpr, sizes.magnifier)?
                    == Drawing::AwaitingLayout
            {
                // The update after the rendering measures again (the resize observer usually
                // says so too, but the panel's box need not have changed).
                self.measured = None;
                crate::request_update_after_rendering();
            }
            lap(&mut self.timing, "magnifier");
        }
        if self.compare.render(&self.lab, theme, dpr, compare_sizes)? == Drawing::AwaitingLayout {
            crate::request_update_after_rendering();
        }
        lap(&mut self.timing, "compare");
        if !hold_texts && (dirty.ring_texts || dirty.figures || dirty.bars) {
            self.render_texts(&dirty, sizes)?;
            lap(&mut self.timing, "texts");
        }
        if dirty.sweeps && !hold_charts {
            self.render_deviation(sizes)?;
        }
        lap(&mut self.timing, "deviation");
        if dirty.sweeps && !hold_charts {
            self.render_movement(sizes)?;
        }
        lap(&mut self.timing, "movement");
        if !hold_charts {
            self.tables.render(self.lab.state().lang, self.chapter)?;
        }
        self.seen = seen;
        if let Some(app) = by_id("app") {
            // The ring is on screen from the first drawing on; the page is complete (figures,
            // tables, charts) once the first drawing's last stage is done.
            dom::set_attr(&app, "data-ring", "drawn");
            if self.first_stages.is_none() {
                dom::set_attr(&app, "data-state", "ready");
            }
            // A drawing spread over frames is not complete yet (tests wait for it). Not
            // `data-busy`, which says the experiment is computed.
            let drawing = if self.first_stages.is_some() {
                "true"
            } else {
                "false"
            };
            if app.get_attribute("data-drawing").as_deref() != Some(drawing) {
                dom::set_attr(&app, "data-drawing", drawing);
            }
        }
        if self.first_stages.is_some() {
            self.schedule_frame();
        }
        Ok(())
    }

    /// The first drawing's second stage and every later update's words: the ring's legend,
    /// the caption, the strip, the figures, the sentence a screen reader hears and the bars.
    // Out of line and never in a cold load's first task (its first frame draws the ring alone),
    // so the build's split leaves all of it out of the part fetched first (scripts/split.mjs).
    #[inline(never)]
    fn render_texts(&mut self, dirty: &Dirty, sizes: Sizes) -> Result<(), JsValue> {
        if dirty.ring_texts && self.visible(View::Ring) {
            page::render_ring_texts(&self.lab)?;
        }
        if dirty.figures {
            // The embed caption names the experiment shown, whichever view is embedded.
            page::render_caption(&self.lab);
            strip::render(&self.lab)?;
            page::render_canvas_descriptions(&self.lab);
            // One sentence per new experiment for screen readers.
            let revision = self.lab.revision();
            if self.announced.map(|(r, _)| r) != Some(revision) {
                // "Before" is what the movement counts from: a gesture's start, else the
                // experiment announced last.
                let before = self
                    .lab
                    .baseline_deviation()
                    .or(self.announced.map(|(_, d)| d));
                let text = partlab_lab::model::words::change_sentence(
                    self.lab.state().lang,
                    &self.lab,
                    before,
                );
                dom::set_text_id("announce", &text);
                self.announced = Some((revision, self.lab.distribution().deviation_pct));
            }
            if self.visible(View::Figures) {
                page::render_figures(&self.lab)?;
            }
        }
        if dirty.bars && self.visible(View::Bars) {
            charts::draw_bars(
                &mut self.charts,
                &self.lab,
                self.theme,
                sizes.dpr,
                sizes.bars,
            )?;
            page::render_bars_table(&self.lab)?;
        }
        Ok(())
    }

    fn render_deviation(&mut self, sizes: Sizes) -> Result<(), JsValue> {
        if !self.visible(View::Deviation) || !self.lab.ready() {
            return Ok(());
        }
        // A sweep for other nodes stays on screen (marked "computing") until its replacement
        // has points: the chart never blanks during a drag.
        let sweep = shown(self.dev.as_ref(), self.dev_prev.as_ref(), |s| {
            s.points().is_empty()
        });
        charts::draw_deviation_chart(
            &mut self.charts,
            &self.lab,
            sweep,
            self.theme,
            sizes.dpr,
            sizes.deviation,
        )?;
        page::render_deviation_table(&self.lab, sweep)
    }

    fn render_movement(&mut self, sizes: Sizes) -> Result<(), JsValue> {
        if !self.visible(View::Movement) || !self.lab.ready() {
            return Ok(());
        }
        let sweep = shown(self.mv.as_ref(), self.mv_prev.as_ref(), |s| {
            s.points().is_empty()
        });
        charts::draw_movement_chart(
            &mut self.charts,
            &self.lab,
            sweep,
            self.theme,
            sizes.dpr,
            sizes.movement,
        )?;
        page::render_movement_table(&self.lab, sweep)
    }

    fn after_render(&mut self) {
        if self.lab.has_pending_change() && self.preset_timer.is_none() {
            self.preset_timer = set_timeout(PRESET_CHANGE_DELAY_MS, || {
                with_app(|app| app.preset_timer = None);
                dispatch(Msg::ApplyPendingChange);
            });
        }
        self.schedule_work();
        self.schedule_sweep();
    }

    fn sweeps_done(&self) -> bool {
        let dev_done = !self.visible(View::Deviation)
            || self
                .dev
                .as_ref()
                .is_some_and(|s| s.is_for(&self.lab) && s.is_done());
        let mv_done = !self.visible(View::Movement)
            || self
                .mv
                .as_ref()
                .is_some_and(|s| s.is_for(&self.lab) && s.is_done());
        dev_done && mv_done && !self.tables.pending()
    }

    fn schedule_sweep(&mut self) {
        if self.sweep_timer || self.lab.busy() || !self.lab.ready() || self.sweeps_done() {
            return;
        }
        let wait = (SWEEP_DEBOUNCE_MS - (now() - self.last_change)).max(0.0) as i32;
        let tick = || {
            with_app(Hashing::sweep_tick);
        };
        self.sweep_timer = if wait > 0 {
            set_timeout(wait, tick).is_some()
        } else {
            crate::post_task(tick)
        };
    }

    /// Computes a slice of a chart sweep (a few milliseconds, or up to a new point) and
    /// redraws that chart when it has a new point.
    fn sweep_tick(&mut self) {
        self.sweep_timer = false;
        if now() - self.last_change < SWEEP_DEBOUNCE_MS || !self.queue.is_empty() || self.lab.busy()
        {
            self.schedule_sweep();
            return;
        }
        let deadline = now() + TICK_WORK_MS;
        let sizes = self.seen.sizes;
        let result = if self.tables.pending() {
            // Asked for by the user: before the charts' sweeps.
            if self.tables.work_until(deadline) {
                self.tables.render(self.lab.state().lang, self.chapter)
            } else {
                Ok(())
            }
        } else if self.visible(View::Deviation)
            && !self
                .dev
                .as_ref()
                .is_some_and(|s| s.is_for(&self.lab) && s.is_done())
        {
            if !self.dev.as_ref().is_some_and(|s| s.is_for(&self.lab)) {
                let old = self.dev.replace(DeviationSweep::new(&self.lab));
                if old.as_ref().is_some_and(|s| !s.points().is_empty()) {
                    self.dev_prev = old;
                }
            }
            let keys = std::rc::Rc::clone(self.lab.keys());
            let mut new_point = false;
            if let Some(s) = self.dev.as_mut() {
                let before = s.points().len();
                while now() < deadline && !s.work(&keys, WORK_CHUNK) && s.points().len() == before {
                }
                new_point = s.points().len() != before || s.is_done();
            }
            if new_point {
                self.render_deviation(sizes)
            } else {
                Ok(())
            }
        } else if self.visible(View::Movement) {
            if !self.mv.as_ref().is_some_and(|s| s.is_for(&self.lab)) {
                let old = self.mv.replace(MovementSweep::new(&self.lab));
                if old.as_ref().is_some_and(|s| !s.points().is_empty()) {
                    self.mv_prev = old;
                }
            }
            let mut new_point = false;
            if let Some(s) = self.mv.as_mut() {
                let before = s.points().len();
                while now() < deadline
                    && !s.work(&self.lab, WORK_CHUNK)
                    && s.points().len() == before
                {}
                new_point = s.points().len() != before || s.is_done();
            }
            if new_point {
                self.render_movement(sizes)
            } else {
                Ok(())
            }
        } else {
            Ok(())
        };
        if let Err(e) = result {
            log_error("sweep", &e);
        }
        self.schedule_sweep();
    }
}

/// The sweep to draw: the current one once it has a point, the previous one until then.
fn shown<'a, S>(
    current: Option<&'a S>,
    previous: Option<&'a S>,
    empty: impl Fn(&S) -> bool,
) -> Option<&'a S> {
    match current {
        Some(c) if !empty(c) => Some(c),
        _ => previous.or(current),
    }
}

fn active_id() -> Option<String> {
    let id = dom::document().ok()?.active_element()?.id();
    (!id.is_empty()).then_some(id)
}

/// Puts the focus back on `id` after the node rows were rebuilt, or on "add node" when that
/// control is gone. Nothing when it is already there: a `focus()` makes the browser bring
/// its style and layout up to date at once, in the middle of the update.
fn restore_focus(id: &str) {
    let target = by_id_as::<HtmlElement>(id).or_else(|| by_id_as::<HtmlElement>("add-node"));
    if let Some(e) = target {
        if active_id().is_none_or(|a| a != e.id()) {
            let _ = e.focus();
        }
    }
}

/// When the focus is in a node row that is about to go (index `rows_kept` or later: its node
/// left), moves it to "add node" now, before the rows change. Removing the focused element,
/// and then focusing another one, each made the browser lay the page out at once, twice in
/// the middle of a node's leave (traces, CPU throttled 4×: 2–3 ms each); before anything is
/// written the page is still laid out and the move costs nothing.
fn focus_out_of_leaving_rows(rows_kept: usize) {
    let Some(active) = dom::document().ok().and_then(|d| d.active_element()) else {
        return;
    };
    let leaving = active
        .closest(intern("#node-list > li"))
        .ok()
        .flatten()
        .and_then(|row| row.get_attribute(intern("data-idx")))
        .and_then(|i| i.parse::<usize>().ok())
        .is_some_and(|i| i >= rows_kept);
    if leaving {
        restore_focus("add-node");
    }
}

fn target_el(e: &Event) -> Option<web_sys::Element> {
    e.target()?.dyn_into::<web_sys::Element>().ok()
}

fn input_value(e: &Event) -> Option<String> {
    Some(e.target()?.dyn_into::<HtmlInputElement>().ok()?.value())
}

fn select_value(e: &Event) -> Option<String> {
    Some(e.target()?.dyn_into::<HtmlSelectElement>().ok()?.value())
}

/// Whether the focus is in a field the user types into (whose `change` a blur may fire).
fn focus_in_text_field() -> bool {
    let Some(active) = dom::document().ok().and_then(|d| d.active_element()) else {
        return false;
    };
    match active.dyn_ref::<HtmlInputElement>() {
        Some(input) => !matches!(
            input.type_().as_str(),
            "range" | "button" | "checkbox" | "radio" | "submit" | "reset"
        ),
        None => matches!(active.tag_name().as_str(), "TEXTAREA" | "SELECT"),
    }
}

/// Whether the focused element is a node name field whose text differs from the node's name
/// (the user is typing a new name that its `change` event has not committed yet).
fn typed_name_pending() -> bool {
    with_app(|app| typed_name(&app.lab).is_some()).unwrap_or(false)
}

/// The node name being typed in the focused name field, with its node, when it differs from
/// the node's name (its `change` event has not committed it yet).
fn typed_name(lab: &Lab) -> Option<(usize, String)> {
    let input = dom::document()
        .ok()
        .and_then(|d| d.active_element())
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())?;
    if input.get_attribute(intern("data-role")).as_deref() != Some("name") {
        return None;
    }
    let idx = input
        .get_attribute(intern("data-idx"))
        .and_then(|i| i.parse::<usize>().ok())?;
    let value = input.value();
    lab.state()
        .nodes
        .get(idx)
        .is_some_and(|n| n.name != value)
        .then_some((idx, value))
}

fn stop(stops: &[u32], raw: &str) -> Option<u32> {
    raw.parse::<usize>()
        .ok()
        .and_then(|i| stops.get(i).copied())
}

fn wire_events() -> Result<Vec<Listener>, JsValue> {
    let mut listeners = Vec::new();
    for view in ["figures", "bars", "deviation", "movement"] {
        for kind in ["csv", "png"] {
            listeners.extend(listen_id(&format!("{view}-{kind}"), "click", move |_| {
                let result = with_app(|app| app.export(view, kind)).unwrap_or(Ok(()));
                if let Err(e) = result {
                    log_error("export", &e);
                }
            })?);
        }
    }
    listeners.extend(listen_id("strategy", "change", |e| {
        if let Some(s) = select_value(&e).and_then(|v| v.parse().ok()) {
            dispatch(Msg::SetStrategy(s));
        }
    })?);
    listeners.extend(listen_id("vnodes", "input", |e| {
        if let Some(v) = input_value(&e).and_then(|v| stop(&VNODE_STOPS, &v)) {
            dispatch(Msg::SetVnodes(v));
        }
    })?);
    // A gesture on a slider is a whole drag (it ends when the pointer is released) or a run
    // of arrow keys (it ends when the focus leaves the slider): keys moved count from the
    // experiment before it.
    for id in ["vnodes", "node-list"] {
        listeners.extend(listen_id(id, "pointerup", |_| dispatch(Msg::EndGesture))?);
        listeners.extend(listen_id(id, "focusout", |_| dispatch(Msg::EndGesture))?);
    }
    listeners.extend(compare::wire()?);
    listeners.extend(listen_id("pin-baseline", "click", |_| {
        let pinned = with_app(|a| a.lab.baseline_pinned()).unwrap_or(false);
        dispatch(if pinned {
            Msg::ClearBaseline
        } else {
            Msg::PinBaseline
        });
    })?);
    // The key set is rebuilt (hashed) on release, not at every step of a drag.
    listeners.extend(listen_id("keys", "input", |e| {
        if let Some(k) = input_value(&e).and_then(|v| stop(&KEY_STOPS, &v)) {
            let lang = with_app(|a| a.lab.state().lang).unwrap_or(Lang::Ca);
            dom::set_text_id("keys-out", &partlab_lab::i18n::fmt_int(lang, u64::from(k)));
        }
    })?);
    listeners.extend(listen_id("keys", "change", |e| {
        if let Some(k) = input_value(&e).and_then(|v| stop(&KEY_STOPS, &v)) {
            dispatch(Msg::SetKeyCount(k));
        }
    })?);
    // The strategies beyond the lesson: each control changes its own parameter.
    let with_params = |f: &dyn Fn(&mut partlab_core::config::StrategyParams)| {
        if let Some(mut p) = with_app(|a| a.lab.target_state().params) {
            f(&mut p);
            dispatch(Msg::SetParams(p));
        }
    };
    listeners.extend(listen_id("table-size", "change", move |e| {
        if let Some(m) = select_value(&e).and_then(|v| v.parse::<u64>().ok()) {
            with_params(&|p| p.table_size = m);
        }
    })?);
    listeners.extend(listen_id("load-factor", "input", move |e| {
        let i = input_value(&e).and_then(|v| v.parse::<usize>().ok());
        if let Some(&c) = i.and_then(|i| partlab_lab::state::LOAD_FACTOR_STOPS.get(i)) {
            with_params(&|p| p.load_factor = c);
        }
    })?);
    listeners.extend(listen_id("probes", "input", move |e| {
        if let Some(k) = input_value(&e).and_then(|v| stop(&partlab_lab::state::PROBE_STOPS, &v)) {
            with_params(&|p| p.probes = k);
        }
    })?);
    listeners.extend(listen_id("replicas", "change", |e| {
        let r = input_value(&e)
            .and_then(|v| v.trim().parse::<u32>().ok())
            .unwrap_or(0);
        dispatch(Msg::SetReplicas(r));
    })?);
    listeners.extend(listen_id("add-node", "click", |_| dispatch(Msg::AddNode))?);
    let node_idx = |e: &Event| -> Option<(String, usize)> {
        let el = target_el(e)?;
        let role = el.get_attribute(intern("data-role"))?;
        let idx = el.get_attribute(intern("data-idx"))?.parse().ok()?;
        Some((role, idx))
    };
    listeners.extend(listen_id("node-list", "input", move |e| {
        if let Some(("weight", node)) = node_idx(&e).as_ref().map(|(r, i)| (r.as_str(), *i)) {
            if let Some(weight) =
                input_value(&e).and_then(|v| partlab_lab::base::decimal::parse_decimal(&v))
            {
                dispatch(Msg::SetWeight { node, weight });
            }
        }
    })?);
    listeners.extend(listen_id("node-list", "change", move |e| {
        if let Some(("name", node)) = node_idx(&e).as_ref().map(|(r, i)| (r.as_str(), *i)) {
            if let Some(name) = input_value(&e) {
                dispatch(Msg::RenameNode { node, name });
            }
        }
    })?);
    listeners.extend(listen_id("node-list", "click", move |e| {
        if let Some(("remove", node)) = node_idx(&e).as_ref().map(|(r, i)| (r.as_str(), *i)) {
            dispatch(Msg::RemoveNode(node));
        }
    })?);
    // A pressed remove button does not take the focus: it goes with its row, and the focus
    // would then have to move again in the middle of the update (a focus change brings the
    // page's style up to date: about 2 ms of a leave with the CPU throttled 4×). The focus
    // stays where it was, unless that is a field whose text a blur commits (a node name or
    // the replication factor being typed): the press blurs it as before, and its `change`
    // comes before the click removes a node.
    listeners.extend(listen_id("node-list", "mousedown", move |e| {
        if node_idx(&e).is_some_and(|(role, _)| role == "remove") && !focus_in_text_field() {
            e.prevent_default();
        }
    })?);
    // A press on a preset blurs a node name being typed, which commits it (its `change`
    // event comes before the click): the preset is then held, not applied over the new name.
    listeners.extend(listen_id("presets", "pointerdown", |_| {
        let typing = typed_name_pending();
        with_app(|app| app.preset_over_typing = typing);
    })?);
    listeners.extend(listen_id("presets", "click", |e| {
        let id = target_el(&e)
            .and_then(|t| t.closest(intern("[data-preset]")).ok().flatten())
            .and_then(|b| b.get_attribute(intern("data-preset")));
        // A click from the keyboard (detail 0) follows no press on the preset.
        let pointer = e.dyn_ref::<MouseEvent>().is_some_and(|m| m.detail() > 0);
        let held = with_app(|app| std::mem::take(&mut app.preset_over_typing)).unwrap_or(false);
        if let Some(id) = id {
            dispatch(if held && pointer {
                Msg::HoldPreset(id)
            } else {
                Msg::ApplyPreset(id)
            });
        }
    })?);
    listeners.extend(listen_id("lookup", "submit", |e| {
        e.prevent_default();
        if let Some(i) = by_id_as::<HtmlInputElement>("key-input") {
            dispatch(Msg::LookupKey(i.value()));
        }
    })?);
    listeners.extend(listen_id("clear-key", "click", |_| {
        dispatch(Msg::ClearKey)
    })?);
    for id in ["notices", "control-notices", "key-notices"] {
        listeners.extend(listen_id(id, "click", |e| {
            if target_el(&e).is_some_and(|t| t.class_list().contains("dismiss")) {
                dispatch(Msg::DismissNotices);
            }
        })?);
    }
    listeners.extend(listen_id("ring", "click", |e| {
        let Some(m) = e.dyn_ref::<MouseEvent>() else {
            return;
        };
        let (x, y) = (f64::from(m.offset_x()), f64::from(m.offset_y()));
        let slot = with_app(|app| {
            let frame = app.ring_frame.as_ref()?;
            let i = partlab_lab::geometry::hit_test(&frame.layout, &frame.dots, x, y, 14.0)?;
            frame.dots.get(i).map(|d| d.slot)
        })
        .flatten();
        if let Some(slot) = slot {
            dispatch(Msg::SelectSlot(slot));
        }
    })?);
    // Keyboard access to the dots: arrows step through the sample keys clockwise.
    listeners.extend(listen_id("ring", "keydown", |e| {
        let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
            return;
        };
        let key = k.key();
        if key == "Escape" {
            dispatch(Msg::ClearKey);
            return;
        }
        let step: i64 = match key.as_str() {
            "ArrowRight" | "ArrowDown" => 1,
            "ArrowLeft" | "ArrowUp" => -1,
            "PageDown" => 25,
            "PageUp" => -25,
            _ => return,
        };
        e.prevent_default();
        let slot = with_app(|app| {
            let frame = app.ring_frame.as_ref()?;
            let n = frame.dots.len() as i64;
            if n == 0 {
                return None;
            }
            let current = app.lab.key_path().map(|p| p.hash);
            // Dots are in ring order (sorted slots); start from the selected key's position.
            let at = match current {
                Some(h) => frame.dots.partition_point(|d| d.hash < h) as i64,
                None => -1,
            };
            let at_dot = current.is_some_and(|h| {
                frame
                    .dots
                    .get(at.max(0) as usize)
                    .is_some_and(|d| d.hash == h)
            });
            let next = if at_dot || step < 0 || current.is_none() {
                at + step
            } else {
                at + step - 1
            };
            frame.dots.get(next.rem_euclid(n) as usize).map(|d| d.slot)
        })
        .flatten();
        if let Some(slot) = slot {
            dispatch(Msg::SelectSlot(slot));
        }
    })?);
    listeners.extend(listen_id("ring", "pointermove", |e| {
        let Some(m) = e.dyn_ref::<MouseEvent>() else {
            return;
        };
        let (x, y) = (f64::from(m.offset_x()), f64::from(m.offset_y()));
        let text = with_app(|app| {
            let frame = app.ring_frame.as_ref()?;
            let i = partlab_lab::geometry::hit_test(&frame.layout, &frame.dots, x, y, 10.0)?;
            let dot = frame.dots.get(i)?;
            let key = app.lab.keys().key_at_slot(dot.slot)?.into_owned();
            let owner = app.lab.owner_name(dot.slot)?;
            Some(format!("{key} → {owner}"))
        })
        .flatten();
        dom::set_text_id("ring-hover", text.as_deref().unwrap_or(""));
    })?);
    listeners.extend(listen_id("ring", "pointerleave", |_| {
        dom::set_text_id("ring-hover", "")
    })?);
    // The lesson-tables view computes its lab column once opened.
    listeners.extend(listen_id("tables-details", "toggle", |_| {
        if tables::is_open() {
            with_app(|app| {
                app.tables.want(app.chapter);
                let lang = app.lab.state().lang;
                if let Err(e) = app.tables.render(lang, app.chapter) {
                    log_error("tables", &e);
                }
                app.schedule_sweep();
            });
        }
    })?);
    // The charts' readouts: arrow keys on the focused chart, the pointer over it.
    for c in readout::Chart::ALL {
        listeners.extend(listen_id(c.canvas(), "keydown", move |e| {
            if let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() {
                readout::on_key(c, k);
            }
        })?);
        listeners.extend(listen_id(c.canvas(), "pointermove", move |e| {
            if let Some(m) = e.dyn_ref::<MouseEvent>() {
                readout::on_pointer(c, m);
            }
        })?);
        listeners.extend(listen_id(c.canvas(), "focus", move |_| {
            readout::on_focus(c)
        })?);
    }
    Ok(listeners)
}

impl Hashing {
    /// Builds the instrument inside `root` for `chapter`, from the chapter's fragment fields
    /// (`issues`: what the frame found wrong in its own fields), and draws it once.
    pub fn mount(
        root: &Element,
        chapter: ChapterId,
        fields: &str,
        lang: Lang,
        issues: Vec<FragmentIssue>,
        theme: Theme,
    ) -> Result<Hashing, JsValue> {
        // Started, not computed: the first frames compute it in slices.
        let lab = Lab::starting_from_fragment_over(fields, hashing_defaults(chapter, lang), issues);
        page::build(root, chapter, lab.target_state().embed)?;
        let listeners = wire_events()?;
        let loaded_with_issues = lab
            .notices()
            .iter()
            .any(|n| matches!(n, Notice::Fragment(_)));
        // Embedded alone, the tables view is open from the start.
        let mut tables = tables::TablesView::default();
        if lab.target_state().embed == Some(View::Tables) {
            tables.want(chapter);
        }
        Ok(Hashing {
            lab,
            queue: Vec::new(),
            frame_scheduled: false,
            theme,
            rendered_lang: None,
            rendered_nodes: Vec::new(),
            rendered_controls: None,
            marks: FrameMarks::default(),
            reset_focused: false,
            timing: Vec::new(),
            ring_frame: None,
            ring_cache: ring::RingCache::default(),
            charts: charts::ChartCache::default(),
            seen: Seen::default(),
            dev: None,
            mv: None,
            dev_prev: None,
            mv_prev: None,
            sweep_timer: false,
            work_timer: false,
            first_stages: None,
            preview_drawn: false,
            preview_shown: false,
            preview: None,
            laid_out: false,
            awaiting_layout: false,
            first_ring_drawn: false,
            preset_timer: None,
            last_change: -1e9,
            chapter,
            loaded_with_issues,
            announced: None,
            preset_over_typing: false,
            dragging: false,
            tables,
            readout_at: readout::ReadoutAt::default(),
            compare: compare::ComparePanel::default(),
            measured: None,
            size_watch: SizeWatch::start(),
            _listeners: listeners,
        })
    }

    /// The chapter's fragment fields (the whole experiment); without the embed view when
    /// `embed` is false (the "open the full lab" link).
    pub fn fields(&self, embed: bool) -> String {
        let mut state = self.lab.url_state().clone();
        if !embed {
            state.embed = None;
        }
        let mut fields = state.to_fragment();
        // Compare mode: side A's configuration, so a shared link shows both sides.
        if let Some(a) = self.lab.compare_field() {
            fields.push_str(&format!("&{}={a}", FragmentField::Compare.name()));
        }
        fields
    }

    /// The interface language of the experiment.
    pub fn lang(&self) -> Lang {
        self.lab.target_state().lang
    }

    /// Whether one view is shown alone (embed mode).
    pub fn embedded(&self) -> bool {
        self.lab.target_state().embed.is_some()
    }

    /// Switches the language (applied on the next frame). A node name being typed is
    /// committed first, as leaving its field would: the new language rebuilds the node rows.
    pub fn set_lang(&mut self, lang: Lang) {
        if let Some((node, name)) = typed_name(&self.lab) {
            let queued = self.queue.iter().any(
                |m| matches!(m, Msg::RenameNode { node: n, name: q } if *n == node && *q == name),
            );
            if !queued {
                self.enqueue(Msg::RenameNode { node, name });
            }
        }
        self.enqueue(Msg::SetLang(lang));
        self.schedule_frame();
    }

    fn has_fragment_notices(&self) -> bool {
        self.lab
            .notices()
            .iter()
            .any(|n| matches!(n, Notice::Fragment(_)))
    }

    /// Whether the address was just loaded with problems (once per load): the frame then
    /// leaves the address as the user typed it until the first change.
    pub fn take_loaded_with_issues(&mut self) -> bool {
        std::mem::take(&mut self.loaded_with_issues)
    }

    /// Whether the last input was a slider step, after which the address write waits for the
    /// drag to stop; other changes (a rename, a preset, a node added) are written at once.
    pub fn dragging(&self) -> bool {
        self.dragging
    }

    /// The browser has rendered the page the first update wrote: the next update measures
    /// and draws.
    pub fn rendered_by_browser(&mut self) {
        self.awaiting_layout = false;
    }

    /// Whether the first update after the browser laid the chapter out has run (the one that
    /// draws its canvases).
    pub fn drawn(&self) -> bool {
        self.laid_out && !self.awaiting_layout
    }

    /// Whether input is waiting for the next animation frame.
    pub fn has_queued(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Loads the chapter's fields from an address the user edited.
    pub fn load(&mut self, fields: String) {
        self.enqueue(Msg::LoadFragment(fields));
        self.schedule_frame();
    }

    /// Redraws with another colour scheme.
    pub fn set_theme(&mut self, theme: Theme) {
        self.theme = theme;
        self.schedule_frame();
    }

    /// Redraws on the next frame (the window was resized: sizes are measured again, and
    /// what they change is redrawn).
    pub fn request_render(&mut self) {
        self.schedule_frame();
    }

    /// The study module has loaded (or failed to): the lesson tables, if they were asked for,
    /// say so or start computing.
    pub fn module_loaded(&mut self) {
        if let Err(e) = self.tables.render(self.lab.state().lang, self.chapter) {
            log_error("tables", &e);
        }
        self.schedule_sweep();
    }

    /// Downloads `view`'s data (`kind` "csv") or its canvas (`kind` "png"), named after the
    /// chapter and the view.
    fn export(&self, view: &str, kind: &str) -> Result<(), JsValue> {
        let name = format!("partlab-{}-{view}.{kind}", self.chapter.slug());
        if kind == "png" {
            return dom::download_canvas(&name, &format!("{view}-chart"));
        }
        let csv = match view {
            "figures" => export::figures(self.lab.distribution(), self.lab.movement()),
            "bars" => export::keys_per_node(self.lab.distribution()),
            "deviation" => {
                let sweep = shown(self.dev.as_ref(), self.dev_prev.as_ref(), |s| {
                    s.points().is_empty()
                });
                export::deviation(sweep.map(|s| s.points()).unwrap_or_default())
            }
            "movement" => {
                let sweep = shown(self.mv.as_ref(), self.mv_prev.as_ref(), |s| {
                    s.points().is_empty()
                });
                export::movement(sweep.map(|s| s.points()).unwrap_or_default())
            }
            _ => return Ok(()),
        };
        dom::download_csv(&name, &csv)
    }

    /// Stops the instrument's timers before it is dropped (the chapter changes).
    pub fn unmount(&mut self) {
        if let Some(w) = self.size_watch.take() {
            w.observer.disconnect();
        }
        clear_timeout(self.preset_timer.take());
        self.compare.stop();
        self.queue.clear();
    }
}
