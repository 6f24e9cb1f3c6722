//! Compare mode on the page: side A (pinned) beside side B (current): two rings, two
//! columns of figures, before/after bars, the A → B movement with its flow, and a replay of
//! the change (before, the moved keys travelling, after), pausable and steppable from the
//! keyboard. Side by side on a wide screen, stacked below 700 px (`www/style.css`).
//!
//! What it draws comes from [`Lab::compare_side`] (taken once when A was pinned) and the lab's
//! experiment (B). A's ring is drawn again only when another A is pinned or the canvas
//! changes; B's parts when the experiment does.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Event, HtmlCanvasElement};

use partlab_core::stats::Distribution;
use partlab_lab::i18n::{fmt_dec, fmt_fraction, fmt_int, fmt_pct, strategy_name, tr, Text};
use partlab_lab::model::compare::Side;
use partlab_lab::model::{Dot, Lab, Msg};
use partlab_lab::palette::{chart_theme, node_colour, Theme};
use partlab_lab::state::{Lang, NodeSpec};

use super::table::{render_flow, Table};
use super::{dispatch, ring, with_app, Drawing, Hashing};
use crate::dom::{self, by_id, by_id_as, set_attr, set_text_id, H};
use crate::{listen_id, Listener};

/// How long the keys take to travel in the replay, in ms.
const TRAVEL_MS: f64 = 1_600.0;
/// How long a step stays on screen while the replay plays, in ms.
const HOLD_MS: i32 = 1_100;
/// Time between two frames of the travelling keys, in ms.
const TICK_MS: i32 = 33;

/// The replay's three steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Step {
    /// Side A as it was.
    #[default]
    Before,
    /// The keys that change node go there (`ReplayState::t` of them so far).
    Moving,
    /// Side B.
    After,
}

impl Step {
    fn name(self) -> &'static str {
        match self {
            Step::Before => "before",
            Step::Moving => "moving",
            Step::After => "after",
        }
    }
    fn next(self) -> Step {
        match self {
            Step::Before => Step::Moving,
            Step::Moving | Step::After => Step::After,
        }
    }
    fn prev(self) -> Step {
        match self {
            Step::Before | Step::Moving => Step::Before,
            Step::After => Step::Moving,
        }
    }
}

/// Where the replay is.
#[derive(Debug, Default)]
struct ReplayState {
    step: Step,
    /// How far the moved keys have travelled in [`Step::Moving`] (0–1).
    t: f64,
    playing: bool,
    /// The pending timer of a playing replay.
    timer: Option<i32>,
    /// When the last tick ran (`performance.now()`).
    last: f64,
}

/// What the panel was last drawn from.
#[derive(Clone, Debug, Default, PartialEq)]
struct Seen {
    revision: u64,
    side: u64,
    lang: Option<Lang>,
    theme: Option<Theme>,
    dpr_bits: u64,
    sizes: [(u64, u64); 4],
}

/// Compare mode's part of the mounted instrument.
#[derive(Default)]
pub struct ComparePanel {
    seen: Option<Seen>,
    cache_a: ring::RingCache,
    cache_b: ring::RingCache,
    cache_replay: ring::RingCache,
    replay: ReplayState,
    /// The replay's step, travel and play state last drawn, with the revision and side they
    /// were of.
    replay_drawn: Option<(Step, u64, bool, u64, u64)>,
    /// The replay ring's CSS size, measured with the panel's other canvases at the start of
    /// the last update (the replay's timer draws between updates).
    replay_size: (f64, f64),
    /// B's ring's CSS size and the device pixel ratio of the last update, for B's ring drawn
    /// in a task of its own (see [`ComparePanel::render`]).
    ring_b_size: (f64, f64),
    dpr: f64,
}

/// The toggle, placed with the "count moves from here" button in the figures panel.
pub fn toggle() -> H {
    H::new("button")
        .id("compare-toggle")
        .attr("type", "button")
        .attr("aria-pressed", "false")
        .attr("aria-controls", "compare-panel")
}

/// The panel's fixed texts in `lang`.
fn write_texts(lang: Lang) {
    for (id, text) in [
        ("compare-h", Text::CmpTitle),
        ("compare-intro", Text::CmpIntro),
        ("cmp-a-h", Text::CmpSideA),
        ("cmp-b-h", Text::CmpSideB),
        ("cmp-a-ring-label", Text::CmpRingA),
        ("cmp-b-ring-label", Text::CmpRingB),
        ("cmp-bars-h", Text::CmpBars),
        ("cmp-move-h", Text::CmpMove),
        ("replay-h", Text::ReplayTitle),
        ("replay-prev", Text::ReplayPrev),
        ("replay-next", Text::ReplayNext),
        ("replay-keys", Text::ReplayKeys),
    ] {
        set_text_id(id, tr(lang, text));
    }
}

/// One side's column: heading, configuration, ring, figures, keys per node.
fn column(side: &str) -> H {
    H::new("div")
        .class("compare-col")
        .attr("data-side", side)
        .child(H::new("h3").id(&format!("cmp-{side}-h")))
        .child(H::new("p").id(&format!("cmp-{side}-config")).class("note"))
        .child(
            H::new("canvas")
                .id(&format!("cmp-ring-{side}"))
                .class("ring-canvas compare-ring")
                .attr("role", "img")
                .attr("aria-labelledby", &format!("cmp-{side}-ring-label")),
        )
        .child(
            H::new("p")
                .id(&format!("cmp-{side}-ring-label"))
                .class("sr-only"),
        )
        .child(
            H::new("dl")
                .id(&format!("cmp-{side}-figures"))
                .class("figures"),
        )
        .child(
            H::new("table")
                .id(&format!("cmp-{side}-table"))
                .class("data"),
        )
}

/// The panel (hidden until compare mode is on).
pub fn panel() -> H {
    let replay = H::new("div")
        .id("replay")
        .class("replay")
        .attr("role", "group")
        .attr("aria-labelledby", "replay-h")
        .attr("aria-describedby", "replay-keys")
        .child(H::new("h3").id("replay-h"))
        .child(
            H::new("canvas")
                .id("replay-ring")
                .class("ring-canvas compare-ring")
                .attr("role", "img")
                .attr("tabindex", "0")
                .attr("aria-labelledby", "replay-h replay-step"),
        )
        .child(
            H::new("div")
                .class("replay-controls")
                .child(H::new("button").id("replay-prev").attr("type", "button"))
                .child(
                    H::new("button")
                        .id("replay-play")
                        .attr("type", "button")
                        .attr("aria-pressed", "false"),
                )
                .child(H::new("button").id("replay-next").attr("type", "button")),
        )
        .child(
            H::new("p")
                .id("replay-step")
                .class("replay-step")
                .attr("role", "status")
                .attr("aria-live", "polite")
                .attr("data-step", "before"),
        )
        .child(H::new("p").id("replay-keys").class("note"));
    H::new("section")
        .id("compare-panel")
        .class("panel compare-panel")
        .attr("aria-labelledby", "compare-h")
        .attr("hidden", "")
        .child(H::new("h2").id("compare-h"))
        .child(H::new("p").id("compare-intro").class("note"))
        .child(
            H::new("div")
                .class("compare-cols")
                .child(column("a"))
                .child(column("b")),
        )
        .child(
            H::new("div")
                .class("compare-cols")
                .child(
                    H::new("div")
                        .class("compare-col")
                        .child(H::new("h3").id("cmp-bars-h"))
                        .child(
                            H::new("canvas")
                                .id("cmp-bars-chart")
                                .class("compare-bars")
                                .attr("role", "img")
                                .attr("aria-labelledby", "cmp-bars-h")
                                .attr("aria-describedby", "cmp-bars"),
                        )
                        .child(H::new("table").id("cmp-bars").class("data")),
                )
                .child(
                    H::new("div")
                        .class("compare-col")
                        .child(H::new("h3").id("cmp-move-h"))
                        .child(H::new("dl").id("cmp-move").class("figures"))
                        .child(H::new("table").id("cmp-flow").class("data")),
                ),
        )
        .child(replay)
}

/// The events of the toggle and the replay.
pub fn wire() -> Result<Vec<Listener>, JsValue> {
    let mut listeners = Vec::new();
    listeners.extend(listen_id("compare-toggle", "click", |_| {
        let on = with_app(|a| a.lab.compare_on()).unwrap_or(false);
        dispatch(Msg::SetCompare(!on));
    })?);
    listeners.extend(listen_id("replay-prev", "click", |_| {
        replay(|r| r.go(r.step.prev()));
    })?);
    listeners.extend(listen_id("replay-next", "click", |_| {
        replay(|r| r.go(r.step.next()));
    })?);
    listeners.extend(listen_id("replay-play", "click", |_| {
        replay(ReplayState::toggle);
    })?);
    listeners.extend(listen_id("replay", "keydown", |e: Event| {
        let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
            return;
        };
        let key = k.key();
        // Buttons keep their own Enter and space; the arrows, Home, End and P work anywhere
        // in the replay.
        let on_canvas = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|t| t.id() == "replay-ring");
        let handled = match key.as_str() {
            "ArrowRight" | "ArrowDown" => replay(|r| r.go(r.step.next())),
            "ArrowLeft" | "ArrowUp" => replay(|r| r.go(r.step.prev())),
            "Home" => replay(|r| r.go(Step::Before)),
            "End" => replay(|r| r.go(Step::After)),
            "p" | "P" => replay(ReplayState::toggle),
            " " | "Enter" if on_canvas => replay(ReplayState::toggle),
            _ => false,
        };
        if handled {
            e.prevent_default();
        }
    })?);
    Ok(listeners)
}

/// Applies `f` to the replay and redraws it. Returns whether the instrument is mounted.
fn replay(f: impl FnOnce(&mut ReplayState)) -> bool {
    with_app(|a| {
        f(&mut a.compare.replay);
        a.compare.schedule();
        redraw_replay(a, false);
    })
    .is_some()
}

/// Draws the mounted instrument's replay (`force`: even if what it shows was drawn).
fn redraw_replay(a: &mut Hashing, force: bool) {
    let theme = a.theme;
    if let Err(e) = a.compare.draw_replay(&a.lab, theme, force) {
        crate::log_error("replay", &e);
    }
}

/// Whether the user asked for less motion.
fn reduced_motion() -> bool {
    dom::window()
        .ok()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

impl ReplayState {
    /// Goes to `step` (a step taken by hand pauses the replay; the travel is shown whole).
    fn go(&mut self, step: Step) {
        self.pause();
        self.step = step;
        self.t = 1.0;
    }

    fn pause(&mut self) {
        self.playing = false;
        crate::clear_timeout(self.timer.take());
    }

    fn toggle(&mut self) {
        if self.playing {
            self.pause();
        } else {
            if self.step == Step::After {
                self.step = Step::Before;
                self.t = 0.0;
            }
            if self.step == Step::Moving && self.t >= 1.0 {
                self.t = 0.0;
            }
            self.playing = true;
            self.last = crate::now();
        }
    }

    /// One tick of a playing replay: the keys travel on, or the next step comes.
    fn advance(&mut self) {
        let now = crate::now();
        let reduced = reduced_motion();
        match self.step {
            Step::Before => {
                self.step = Step::Moving;
                self.t = if reduced { 1.0 } else { 0.0 };
            }
            Step::Moving if self.t < 1.0 => {
                self.t = (self.t + (now - self.last) / TRAVEL_MS).min(1.0);
            }
            Step::Moving => self.step = Step::After,
            Step::After => self.playing = false,
        }
        self.last = now;
    }

    /// The delay before the next tick.
    fn delay(&self) -> i32 {
        if self.step == Step::Moving && self.t < 1.0 {
            TICK_MS
        } else {
            HOLD_MS
        }
    }
}

impl ComparePanel {
    /// Posts the next tick of a playing replay.
    fn schedule(&mut self) {
        if !self.replay.playing || self.replay.timer.is_some() {
            return;
        }
        self.replay.last = crate::now();
        self.replay.timer = crate::set_timeout(self.replay.delay(), || {
            with_app(|a| {
                a.compare.replay.timer = None;
                if !a.compare.replay.playing {
                    return;
                }
                a.compare.replay.advance();
                redraw_replay(a, false);
                a.compare.schedule();
            });
        });
    }

    /// Stops the replay's timer (the chapter is unmounted).
    pub fn stop(&mut self) {
        self.replay.pause();
    }

    /// The CSS sizes of the panel's canvases (A's and B's rings, the bars, the replay), read
    /// with the frame's other sizes before anything changes the page; none while compare
    /// mode is off.
    pub fn measure(&self, lab: &Lab) -> Option<[(f64, f64); 4]> {
        lab.compare_side()?;
        let size =
            |id: &str| by_id_as::<HtmlCanvasElement>(id).map_or((0.0, 0.0), |c| dom::css_size(&c));
        Some([
            size("cmp-ring-a"),
            size("cmp-ring-b"),
            size("cmp-bars-chart"),
            size("replay-ring"),
        ])
    }

    /// Draws what changed: the toggle always, the panel while compare mode is on (`sizes`:
    /// [`ComparePanel::measure`]'s, `None` when the panel was hidden then).
    ///
    /// The update that shows the panel writes its texts and draws nothing: its canvases get
    /// their sizes in the browser's next layout, and reading them here would force that
    /// layout inside the update, with the three rings, the bars and their rasterisation in
    /// the same task (50–75 ms in traces). It returns [`Drawing::AwaitingLayout`], and the
    /// caller asks for an update after the browser's next rendering, which draws.
    pub fn render(
        &mut self,
        lab: &Lab,
        theme: Theme,
        dpr: f64,
        sizes: Option<[(f64, f64); 4]>,
    ) -> Result<Drawing, JsValue> {
        let lang = lab.state().lang;
        if let Some(b) = by_id("compare-toggle") {
            dom::set_text(&b, tr(lang, Text::CmpToggle));
            set_attr(
                &b,
                "aria-pressed",
                if lab.compare_on() { "true" } else { "false" },
            );
        }
        let Some(panel) = by_id("compare-panel") else {
            return Ok(Drawing::Done);
        };
        if lab.compare_side().is_none() && panel.has_attribute("hidden") {
            return Ok(Drawing::Done);
        }
        self.render_panel(&panel, lab, (theme, dpr), sizes)
    }

    /// Shows, hides or draws the panel: compare mode's texts, second ring, movement and replay.
    // Out of line: only compare mode runs it, so the build's split leaves compare mode's code
    // out of the part a cold load fetches first (scripts/split.mjs).
    #[inline(never)]
    fn render_panel(
        &mut self,
        panel: &web_sys::Element,
        lab: &Lab,
        (theme, dpr): (Theme, f64),
        sizes: Option<[(f64, f64); 4]>,
    ) -> Result<Drawing, JsValue> {
        let lang = lab.state().lang;
        let Some(side) = lab.compare_side() else {
            if !panel.has_attribute("hidden") {
                set_attr(panel, "hidden", "");
                self.replay.pause();
                self.seen = None;
                self.replay_drawn = None;
            }
            return Ok(Drawing::Done);
        };
        if panel.has_attribute("hidden") {
            let _ = panel.remove_attribute("hidden");
            write_texts(lang);
            return Ok(Drawing::AwaitingLayout);
        }
        // Measured with the frame's other sizes; read here only if that found no panel.
        let sizes = match sizes.or_else(|| self.measure(lab)) {
            Some(s) => s,
            None => return Ok(Drawing::Done),
        };
        self.replay_size = sizes[3];
        self.ring_b_size = sizes[1];
        self.dpr = dpr;
        let bits = |(w, h): (f64, f64)| (w.to_bits(), h.to_bits());
        let seen = Seen {
            revision: lab.revision(),
            side: side.generation,
            lang: Some(lang),
            theme: Some(theme),
            dpr_bits: dpr.to_bits(),
            sizes: sizes.map(bits),
        };
        let old = self.seen.clone().unwrap_or_default();
        if old == seen {
            return Ok(Drawing::Done);
        }
        let look = old.theme != seen.theme || old.dpr_bits != seen.dpr_bits;
        let texts = old.lang != seen.lang;
        let side_changed = old.side != seen.side;
        let b_changed = old.revision != seen.revision;
        if texts {
            write_texts(lang);
        }
        let mut timing = Vec::new();
        let draw_a = side_changed || texts || look || old.sizes[0] != seen.sizes[0];
        if draw_a {
            if let Some(c) = by_id_as::<HtmlCanvasElement>("cmp-ring-a") {
                let scene = ring::Scene::parts(
                    side.points.as_deref(),
                    &side.state.nodes,
                    side.state.vnodes,
                    side.dots.clone(),
                    lab.keys_generation(),
                );
                ring::draw(
                    &c,
                    &scene,
                    theme,
                    dpr,
                    sizes[0],
                    None,
                    &mut self.cache_a,
                    &mut timing,
                )?;
            }
            side_figures(
                "a",
                lang,
                &side.state,
                &side.distribution,
                lab.compare_side_lesson_deviation(),
            )?;
        }
        if b_changed || texts || look || old.sizes[1] != seen.sizes[1] {
            if draw_a {
                // Two rings of the largest size in one task took 60-88 ms: B's is drawn in a
                // task of its own, after this one (the replay's comes after it).
                crate::post_task(|| {
                    with_app(|a| {
                        let theme = a.theme;
                        if let Err(e) = a.compare.draw_ring_b(&a.lab, theme) {
                            crate::log_error("compare ring", &e);
                        }
                    });
                });
            } else {
                self.draw_ring_b(lab, theme)?;
            }
            side_figures("b", lang, lab.state(), lab.distribution(), None)?;
        }
        if b_changed || side_changed || texts || look || old.sizes[2] != seen.sizes[2] {
            self.render_bars(lab, side, theme, dpr, sizes[2])?;
            render_movement(lab)?;
        }
        if b_changed || side_changed {
            // Another change: the replay starts again from A.
            self.replay.pause();
            self.replay.step = Step::Before;
            self.replay.t = 0.0;
        }
        self.seen = Some(seen);
        if side_changed || b_changed || texts || look {
            // A third ring: in a task of its own, after A's, B's and the bars (the three rings
            // in one update made a task of 40-70 ms on the panel's first drawing).
            crate::post_task(|| {
                with_app(|a| redraw_replay(a, true));
            });
        } else {
            self.draw_replay(lab, theme, false)?;
        }
        Ok(Drawing::Done)
    }

    /// Before/after bars: per node, A's keys (light) over B's (solid), one scale.
    fn render_bars(
        &mut self,
        lab: &Lab,
        side: &Side,
        theme: Theme,
        dpr: f64,
        size: (f64, f64),
    ) -> Result<(), JsValue> {
        let lang = lab.state().lang;
        let rows = bar_rows(side, lab);
        let table_rows = rows
            .iter()
            .map(|r| {
                let change = r.b as i64 - r.a as i64;
                (
                    vec![
                        ("data-node", r.name.clone()),
                        ("data-a", r.a.to_string()),
                        ("data-b", r.b.to_string()),
                    ],
                    vec![
                        r.name.clone(),
                        fmt_int(lang, r.a),
                        fmt_int(lang, r.b),
                        format!(
                            "{}{}",
                            if change > 0 {
                                "+"
                            } else if change < 0 {
                                "−"
                            } else {
                                ""
                            },
                            fmt_int(lang, change.unsigned_abs())
                        ),
                    ],
                )
            })
            .collect();
        Table {
            head: vec![
                tr(lang, Text::Node),
                tr(lang, Text::CmpSideA),
                tr(lang, Text::CmpSideB),
                tr(lang, Text::CmpChange),
            ],
            rows: table_rows,
        }
        .render("cmp-bars")?;
        let Some(canvas) = by_id_as::<HtmlCanvasElement>("cmp-bars-chart") else {
            return Ok(());
        };
        let (w, h) = (size.0.max(1.0), size.1.max(1.0));
        dom::size_canvas_to(&canvas, (w, h), dpr);
        let ctx = dom::context_2d(&canvas)?;
        ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)?;
        let t = chart_theme(theme);
        ctx.set_global_alpha(1.0);
        ctx.set_fill_style_str(&t.background.css());
        ctx.fill_rect(0.0, 0.0, w, h);
        let max = rows.iter().map(|r| r.a.max(r.b)).max().unwrap_or(1).max(1) as f64;
        let label_w = (w * 0.28).min(110.0);
        let n = rows.len().max(1) as f64;
        let band = (h - 8.0) / n;
        let bar = (band * 0.36).min(14.0);
        let font = (bar * 0.95).clamp(9.0, 13.0);
        ctx.set_font(&format!("{font}px sans-serif"));
        ctx.set_text_baseline("middle");
        for (i, r) in rows.iter().enumerate() {
            let y = 4.0 + band * i as f64 + band / 2.0;
            let colour = t.mark(node_colour(r.colour)).css();
            ctx.set_fill_style_str(&t.text.css());
            ctx.set_text_align("right");
            let name = partlab_lab::charts::text::fit_end(&r.name, font, label_w - 6.0);
            ctx.fill_text(&name, label_w - 6.0, y)?;
            let scale = (w - label_w - 8.0).max(1.0) / max;
            ctx.set_fill_style_str(&colour);
            // A: a light bar with its outline; B: solid.
            ctx.set_global_alpha(0.35);
            ctx.fill_rect(label_w, y - bar - 1.0, r.a as f64 * scale, bar);
            ctx.set_global_alpha(1.0);
            ctx.set_stroke_style_str(&colour);
            ctx.set_line_width(1.0);
            ctx.stroke_rect(label_w, y - bar - 1.0, r.a as f64 * scale, bar);
            ctx.fill_rect(label_w, y + 1.0, r.b as f64 * scale, bar);
            ctx.set_fill_style_str(&t.text.css());
            ctx.set_text_align("left");
            ctx.fill_text("A", label_w + 2.0, y - bar / 2.0 - 1.0)?;
            ctx.fill_text("B", label_w + 2.0, y + bar / 2.0 + 1.0)?;
        }
        Ok(())
    }

    /// Draws B's ring, the lab's experiment, at the size and pixel ratio of the last update.
    fn draw_ring_b(&mut self, lab: &Lab, theme: Theme) -> Result<(), JsValue> {
        let Some(c) = by_id_as::<HtmlCanvasElement>("cmp-ring-b") else {
            return Ok(());
        };
        let dots = lab.sample_dots();
        let moved = dots.iter().filter(|d| d.moved_from.is_some()).count();
        set_attr(&c, "data-moved-dots", &moved.to_string());
        let scene = ring::Scene::parts(
            lab.ring_points(),
            &lab.state().nodes,
            lab.state().vnodes,
            dots,
            lab.keys_generation(),
        );
        let mut timing = Vec::new();
        ring::draw(
            &c,
            &scene,
            theme,
            self.dpr,
            self.ring_b_size,
            None,
            &mut self.cache_b,
            &mut timing,
        )?;
        Ok(())
    }

    /// Draws the replay's ring and status when its step, its travel or what it shows changed
    /// (`force`: the sides or the look changed).
    fn draw_replay(&mut self, lab: &Lab, theme: Theme, force: bool) -> Result<(), JsValue> {
        let Some(side) = lab.compare_side() else {
            return Ok(());
        };
        let r = &self.replay;
        let key = (
            r.step,
            r.t.to_bits(),
            r.playing,
            lab.revision(),
            side.generation,
        );
        if !force && self.replay_drawn == Some(key) {
            return Ok(());
        }
        let lang = lab.state().lang;
        set_text_id(
            "replay-play",
            tr(
                lang,
                if r.playing {
                    Text::ReplayPause
                } else {
                    Text::ReplayPlay
                },
            ),
        );
        if let Some(b) = by_id("replay-play") {
            set_attr(&b, "aria-pressed", if r.playing { "true" } else { "false" });
        }
        let b_dots = lab.sample_dots();
        let moved_total = b_dots.iter().filter(|d| d.moved_from.is_some()).count();
        // The first `shown` moved keys (in sample order) have reached their new node.
        let shown = match r.step {
            Step::Before => 0,
            Step::Moving => (r.t * moved_total as f64).round() as usize,
            Step::After => moved_total,
        };
        let (points, nodes, vnodes, dots): (_, &[NodeSpec], u32, Vec<Dot>) = match r.step {
            Step::Before => (
                side.points.as_deref(),
                &side.state.nodes,
                side.state.vnodes,
                side.dots.clone(),
            ),
            Step::Moving => {
                let mut seen = 0usize;
                let dots = b_dots
                    .iter()
                    .map(|d| match d.moved_from {
                        Some(from) => {
                            seen += 1;
                            if seen <= shown {
                                *d
                            } else {
                                // Still on its old node: marked, in the old colour.
                                Dot { colour: from, ..*d }
                            }
                        }
                        None => *d,
                    })
                    .collect();
                (
                    lab.ring_points(),
                    &lab.state().nodes[..],
                    lab.state().vnodes,
                    dots,
                )
            }
            Step::After => (
                lab.ring_points(),
                &lab.state().nodes[..],
                lab.state().vnodes,
                b_dots
                    .iter()
                    .map(|d| Dot {
                        moved_from: None,
                        ..*d
                    })
                    .collect(),
            ),
        };
        if let Some(c) = by_id_as::<HtmlCanvasElement>("replay-ring") {
            let size = self.replay_size;
            let scene = ring::Scene::parts(points, nodes, vnodes, dots, lab.keys_generation());
            let mut timing = Vec::new();
            ring::draw(
                &c,
                &scene,
                theme,
                crate::dpr(),
                size,
                None,
                &mut self.cache_replay,
                &mut timing,
            )?;
            set_attr(&c, "data-moved-shown", &shown.to_string());
            set_attr(&c, "data-moved-total", &moved_total.to_string());
        }
        let status = match r.step {
            Step::Before => tr(lang, Text::ReplayBefore).to_owned(),
            Step::Moving => format!(
                "{} ({} / {})",
                tr(lang, Text::ReplayMoving),
                fmt_int(lang, shown as u64),
                fmt_int(lang, moved_total as u64)
            ),
            Step::After => tr(lang, Text::ReplayAfter).to_owned(),
        };
        set_text_id("replay-step", &status);
        if let Some(p) = by_id("replay-step") {
            set_attr(&p, "data-step", r.step.name());
            set_attr(&p, "data-playing", if r.playing { "true" } else { "false" });
        }
        self.replay_drawn = Some(key);
        Ok(())
    }
}

/// One node's keys in A and B, in A's order and then B's new nodes.
struct BarRow {
    name: String,
    a: u64,
    b: u64,
    colour: usize,
}

fn bar_rows(side: &Side, lab: &Lab) -> Vec<BarRow> {
    let a = &side.distribution;
    let b = lab.distribution();
    let colour = |name: &str| {
        lab.state()
            .nodes
            .iter()
            .chain(&side.state.nodes)
            .find(|n| n.name == name)
            .map_or(0, |n| n.colour)
    };
    let mut names: Vec<&str> = a.nodes.iter().map(|n| n.name.as_str()).collect();
    for n in &b.nodes {
        if !names.contains(&n.name.as_str()) {
            names.push(&n.name);
        }
    }
    names
        .into_iter()
        .map(|name| BarRow {
            name: name.to_owned(),
            a: a.keys_of(name).unwrap_or(0),
            b: b.keys_of(name).unwrap_or(0),
            colour: colour(name),
        })
        .collect()
}

/// One side's configuration line, figures and keys per node.
fn side_figures(
    side: &str,
    lang: Lang,
    state: &partlab_lab::state::LabState,
    d: &Distribution,
    lesson_deviation: Option<f64>,
) -> Result<(), JsValue> {
    let mut config = format!(
        "{} · {} {}",
        strategy_name(lang, state.strategy),
        state.nodes.len(),
        tr(lang, Text::CmpNodes),
    );
    if state.strategy.uses_vnodes() {
        config.push_str(&format!(
            " · {} {}",
            state.vnodes,
            tr(lang, Text::CmpVnodes)
        ));
    }
    config.push_str(&format!(
        " · {} {}",
        state.replicas,
        if state.replicas == 1 {
            tr(lang, Text::CmpReplica)
        } else {
            tr(lang, Text::CmpReplicas)
        }
    ));
    set_text_id(&format!("cmp-{side}-config"), &config);
    if let Some(dl) = by_id(&format!("cmp-{side}-figures")) {
        dom::clear(&dl);
        let weighted = d
            .nodes
            .windows(2)
            .any(|w| w[0].expected_share != w[1].expected_share);
        let mut deviation = fmt_pct(lang, d.deviation_pct, 1);
        if let Some(l) = lesson_deviation {
            deviation.push_str(&format!(
                " ({}: {})",
                tr(lang, Text::Lesson),
                fmt_pct(lang, l, 1)
            ));
        }
        let items = [
            (
                "deviation",
                tr(
                    lang,
                    if weighted {
                        Text::DeviationWeighted
                    } else {
                        Text::Deviation
                    },
                ),
                deviation,
                d.deviation_pct,
            ),
            (
                "peak",
                tr(lang, Text::PeakToMean),
                fmt_dec(lang, d.peak_to_mean, 3),
                d.peak_to_mean,
            ),
        ];
        for (key, label, text, value) in items {
            add_figure(&dl, key, label, &text, value);
        }
    }
    let rows = d
        .nodes
        .iter()
        .map(|n| {
            (
                vec![
                    ("data-node", n.name.clone()),
                    ("data-keys", n.keys.to_string()),
                ],
                vec![
                    n.name.clone(),
                    fmt_int(lang, n.keys),
                    fmt_fraction(lang, n.share),
                ],
            )
        })
        .collect();
    Table {
        head: vec![
            tr(lang, Text::Node),
            tr(lang, Text::Keys),
            tr(lang, Text::Share),
        ],
        rows,
    }
    .render(&format!("cmp-{side}-table"))
}

/// One figure of a side or of the movement into `dl`: its label, and its text with its
/// value for tests (`data-cmp-figure`, `data-value`).
fn add_figure(dl: &Element, key: &str, label: &str, text: &str, value: f64) {
    dom::append(dl, &H::new("dt").text(label).el());
    dom::append(
        dl,
        &H::new("dd")
            .attr("data-cmp-figure", key)
            .attr("data-value", &value.to_string())
            .text(text)
            .el(),
    );
}

/// The A → B movement: keys moved, the ideal, replica sets changed, and the flow.
fn render_movement(lab: &Lab) -> Result<(), JsValue> {
    let lang = lab.state().lang;
    let Some(dl) = by_id("cmp-move") else {
        return Ok(());
    };
    dom::clear(&dl);
    let add = |key: &str, label: &str, text: String, value: f64| {
        add_figure(&dl, key, label, &text, value);
    };
    let Some(m) = lab.movement() else {
        add(
            "moved",
            tr(lang, Text::MovedSincePinned),
            tr(lang, Text::NoChangeYet).to_owned(),
            0.0,
        );
        if let Some(t) = by_id("cmp-flow") {
            dom::clear(&t);
            // Empty now: whatever it showed last must be written again next time.
            let _ = t.remove_attribute("data-sig");
        }
        return Ok(());
    };
    add(
        "moved",
        tr(lang, Text::MovedSincePinned),
        format!(
            "{} ({} / {})",
            fmt_fraction(lang, m.moved_fraction),
            fmt_int(lang, m.moved),
            fmt_int(lang, m.total)
        ),
        m.moved_fraction * 100.0,
    );
    add(
        "ideal",
        tr(lang, Text::Ideal),
        fmt_fraction(lang, m.ideal_fraction),
        m.ideal_fraction * 100.0,
    );
    if let Some(r) = m.replica_sets_changed_fraction {
        add(
            "replica-sets",
            tr(lang, Text::ReplicaSetsChanged),
            fmt_fraction(lang, r),
            r * 100.0,
        );
    }
    render_flow(lang, m, "cmp-flow")
}
