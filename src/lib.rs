//! Partlab's browser app (wasm32 only): binds DOM events to `partlab_lab` messages and renders
//! the lab's view models into the page. Natively this crate is empty: the partitioning core
//! (`partlab-core`) and the view models (`partlab-lab`) are member crates, tested natively.
//!
//! Architecture invariants:
//! - All state lives in one [`Lab`] behind a thread-local; JavaScript only sees events.
//! - Input events are queued and applied once per animation frame (a slider drag gives at
//!   most one recompute and one redraw per frame).
//! - Chart sweeps run one point per `setTimeout` tick, after input has been quiet for a
//!   moment, so no task blocks the page for long.
//! - User text reaches the DOM through `textContent`, `value` and attribute values only.

#![cfg(target_arch = "wasm32")]

mod charts;
mod dom;
mod page;
mod ring;

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlElement, HtmlInputElement, HtmlSelectElement, MouseEvent};

use partlab_lab::i18n::{tr, Text};
use partlab_lab::model::{DeviationSweep, Lab, MovementSweep, Msg};
use partlab_lab::palette::Theme;
use partlab_lab::state::{Lang, View, KEY_STOPS, VNODE_STOPS};

use dom::{by_id, by_id_as, window};

/// Quiet time after the last input before chart sweeps (re)start, in ms.
const SWEEP_DEBOUNCE_MS: f64 = 250.0;
/// Delay before the URL is updated after a change, in ms.
const URL_DELAY_MS: i32 = 150;
/// How long a preset's "before" state shows before its change is applied, in ms.
const PRESET_CHANGE_DELAY_MS: i32 = 900;

struct App {
    lab: Lab,
    queue: Vec<Msg>,
    frame_scheduled: bool,
    theme: Theme,
    rendered_lang: Option<Lang>,
    rendered_nodes: Vec<String>,
    reset_focused: bool,
    timing: Vec<(&'static str, f64)>,
    ring_frame: Option<ring::RingFrame>,
    dev: Option<DeviationSweep>,
    mv: Option<MovementSweep>,
    /// The previous sweeps, drawn until their replacements have a first point.
    dev_prev: Option<DeviationSweep>,
    mv_prev: Option<MovementSweep>,
    sweep_timer: bool,
    url_timer: Option<i32>,
    preset_timer: Option<i32>,
    last_change: f64,
    written_fragment: String,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

fn with_app<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|cell| {
        let mut guard = cell.try_borrow_mut().ok()?;
        guard.as_mut().map(f)
    })
}

fn now() -> f64 {
    window()
        .ok()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn dpr() -> f64 {
    window()
        .map(|w| w.device_pixel_ratio())
        .ok()
        .filter(|d| d.is_finite() && *d > 0.0)
        .unwrap_or(1.0)
        .clamp(1.0, 4.0)
}

fn log_error(context: &str, e: &JsValue) {
    let text = e.as_string().unwrap_or_else(|| format!("{e:?}"));
    web_sys::console::warn_1(&JsValue::from_str(&format!("partlab: {context}: {text}")));
}

fn set_timeout(ms: i32, f: impl FnOnce() + 'static) -> Option<i32> {
    let cb = Closure::once_into_js(f);
    window()
        .ok()?
        .set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms)
        .ok()
}

fn clear_timeout(handle: Option<i32>) {
    if let (Some(h), Ok(w)) = (handle, window()) {
        w.clear_timeout_with_handle(h);
    }
}

fn request_frame() {
    let cb = Closure::once_into_js(|| {
        with_app(App::frame);
    });
    if let Ok(w) = window() {
        let _ = w.request_animation_frame(cb.unchecked_ref());
    }
}

/// Queues a message; it is applied on the next animation frame.
fn dispatch(msg: Msg) {
    with_app(|app| {
        app.enqueue(msg);
        app.schedule_frame();
    });
}

/// Redraws on the next frame without changing anything (resize, theme change).
fn request_render() {
    with_app(App::schedule_frame);
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

impl App {
    fn schedule_frame(&mut self) {
        if !self.frame_scheduled {
            self.frame_scheduled = true;
            request_frame();
        }
    }

    /// Queues `msg`, replacing a queued message of the same kind from a slider drag.
    fn enqueue(&mut self, msg: Msg) {
        let same = |a: &Msg, b: &Msg| match (a, b) {
            (Msg::SetVnodes(_), Msg::SetVnodes(_)) | (Msg::SetKeyCount(_), Msg::SetKeyCount(_)) => {
                true
            }
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

    fn frame(&mut self) {
        self.frame_scheduled = false;
        let started = now();
        if let Some(p) = window().ok().and_then(|w| w.performance()) {
            let _ = p.mark("partlab-update-start");
        }
        let msgs = std::mem::take(&mut self.queue);
        let mut preset_applied = false;
        let any = !msgs.is_empty();
        for msg in msgs {
            preset_applied |= matches!(msg, Msg::ApplyPreset(_));
            self.reset_focused |= !matches!(
                msg,
                Msg::DismissNotices
                    | Msg::SetLang(_)
                    | Msg::SelectSlot(_)
                    | Msg::LookupKey(_)
                    | Msg::ClearKey
            );
            self.lab.update(msg);
        }
        if any {
            self.last_change = now();
        }
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
        if let Some(p) = window().ok().and_then(|w| w.performance()) {
            let _ = p.measure_with_start_mark("partlab-update", "partlab-update-start");
        }
        self.after_render();
    }

    fn visible(&self, v: View) -> bool {
        self.lab.state().embed.is_none_or(|e| e == v)
    }

    fn render(&mut self) -> Result<(), JsValue> {
        // Stage timings start here so that "controls" covers texts, controls and notices.
        let mut t = now();
        let lang = self.lab.state().lang;
        let mut rebuild_nodes = false;
        if self.rendered_lang != Some(lang) {
            page::render_texts(lang)?;
            self.rendered_lang = Some(lang);
            rebuild_nodes = true;
        }
        let names: Vec<String> = self
            .lab
            .state()
            .nodes
            .iter()
            .map(|n| n.name.clone())
            .collect();
        if names != self.rendered_nodes {
            rebuild_nodes = true;
            self.rendered_nodes = names;
        }
        self.apply_embed();
        let focused = if rebuild_nodes { active_id() } else { None };
        page::render_controls(
            &self.lab,
            rebuild_nodes,
            std::mem::take(&mut self.reset_focused),
        )?;
        if let Some(id) = focused {
            restore_focus(&id);
        }
        page::render_notices(&self.lab)?;
        let mut lap = |timing: &mut Vec<(&'static str, f64)>, name: &'static str| {
            let n = now();
            timing.push((name, n - t));
            t = n;
        };
        lap(&mut self.timing, "controls");
        let (theme, dpr) = (self.theme, dpr());
        if self.visible(View::Ring) {
            let path = self.lab.key_path();
            if let Some(c) = by_id_as::<web_sys::HtmlCanvasElement>("ring") {
                let frame = ring::draw(&c, &self.lab, theme, dpr, path.as_ref())?;
                let moved = frame.dots.iter().filter(|d| d.moved_from.is_some()).count();
                dom::set_attr(&c, "data-dots", &frame.dots.len().to_string());
                dom::set_attr(&c, "data-moved-dots", &moved.to_string());
                // Where the first sample key is drawn (CSS pixels in the canvas), so a test can
                // click a dot without re-deriving the ring's layout.
                if let Some(d) = frame.dots.first() {
                    let (x, y) = frame.layout.dot_position(d.hash);
                    dom::set_attr(&c, "data-first-dot", &format!("{x:.1},{y:.1}"));
                }
                self.ring_frame = Some(frame);
            }
            lap(&mut self.timing, "ring");
            page::render_ring_texts(&self.lab)?;
            page::render_key_path(&self.lab, path.as_ref())?;
        }
        if self.visible(View::Figures) {
            page::render_figures(&self.lab)?;
        }
        lap(&mut self.timing, "texts");
        if self.visible(View::Bars) {
            charts::draw_bars(&self.lab, theme, dpr)?;
            page::render_bars_table(&self.lab)?;
        }
        lap(&mut self.timing, "bars");
        self.render_deviation()?;
        lap(&mut self.timing, "deviation");
        self.render_movement()?;
        lap(&mut self.timing, "movement");
        if let Some(app) = by_id("app") {
            dom::set_attr(&app, "data-state", "ready");
            dom::set_attr(
                &app,
                "data-pending-change",
                if self.lab.has_pending_change() {
                    "true"
                } else {
                    "false"
                },
            );
        }
        Ok(())
    }

    fn render_deviation(&self) -> Result<(), JsValue> {
        if !self.visible(View::Deviation) {
            return Ok(());
        }
        // A sweep for other nodes stays on screen (marked "computing") until its replacement
        // has points: the chart never blanks during a drag.
        let sweep = shown(self.dev.as_ref(), self.dev_prev.as_ref(), |s| {
            s.points().is_empty()
        });
        charts::draw_deviation_chart(&self.lab, sweep, self.theme, dpr())?;
        page::render_deviation_table(&self.lab, sweep)
    }

    fn render_movement(&self) -> Result<(), JsValue> {
        if !self.visible(View::Movement) {
            return Ok(());
        }
        let sweep = shown(self.mv.as_ref(), self.mv_prev.as_ref(), |s| {
            s.points().is_empty()
        });
        charts::draw_movement_chart(&self.lab, sweep, self.theme, dpr())?;
        page::render_movement_table(&self.lab, sweep)
    }

    fn apply_embed(&self) {
        let Some(body) = dom::document().ok().and_then(|d| d.body()) else {
            return;
        };
        match self.lab.state().embed {
            Some(v) => {
                let _ = body.class_list().add_1("embed");
                dom::set_attr(&body, "data-embed", v.name());
            }
            None => {
                let _ = body.class_list().remove_1("embed");
                let _ = body.remove_attribute("data-embed");
            }
        }
    }

    fn after_render(&mut self) {
        // The address follows the state (debounced: a drag writes it once).
        let fragment = self.lab.state().to_fragment();
        if fragment != self.written_fragment {
            clear_timeout(self.url_timer.take());
            self.url_timer = set_timeout(URL_DELAY_MS, || {
                with_app(App::write_url);
            });
        }
        if self.lab.has_pending_change() && self.preset_timer.is_none() {
            self.preset_timer = set_timeout(PRESET_CHANGE_DELAY_MS, || {
                with_app(|app| app.preset_timer = None);
                dispatch(Msg::ApplyPendingChange);
            });
        }
        self.schedule_sweep();
    }

    fn write_url(&mut self) {
        self.url_timer = None;
        let fragment = self.lab.state().to_fragment();
        let Ok(w) = window() else {
            return;
        };
        if let Ok(h) = w.history() {
            let url = format!("#{fragment}");
            if let Err(e) = h.replace_state_with_url(&JsValue::NULL, "", Some(&url)) {
                log_error("history", &e);
            }
        }
        let mut full = self.lab.state().clone();
        full.embed = None;
        if let Some(a) = by_id("open-full") {
            dom::set_attr(&a, "href", &format!("#{}", full.to_fragment()));
        }
        self.written_fragment = fragment;
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
        dev_done && mv_done
    }

    fn schedule_sweep(&mut self) {
        if self.sweep_timer || self.sweeps_done() {
            return;
        }
        let wait = (SWEEP_DEBOUNCE_MS - (now() - self.last_change)).max(0.0) as i32;
        self.sweep_timer = set_timeout(wait, || {
            with_app(App::sweep_tick);
        })
        .is_some();
    }

    /// Computes one point of a chart sweep and redraws that chart.
    fn sweep_tick(&mut self) {
        self.sweep_timer = false;
        if now() - self.last_change < SWEEP_DEBOUNCE_MS || !self.queue.is_empty() {
            self.schedule_sweep();
            return;
        }
        let result = if self.visible(View::Deviation)
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
            if let Some(s) = self.dev.as_mut() {
                s.step(&keys);
            }
            self.render_deviation()
        } else if self.visible(View::Movement) {
            if !self.mv.as_ref().is_some_and(|s| s.is_for(&self.lab)) {
                let old = self.mv.replace(MovementSweep::new(&self.lab));
                if old.as_ref().is_some_and(|s| !s.points().is_empty()) {
                    self.mv_prev = old;
                }
            }
            if let Some(s) = self.mv.as_mut() {
                s.step(&self.lab);
            }
            self.render_movement()
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

fn restore_focus(id: &str) {
    let target = by_id_as::<HtmlElement>(id).or_else(|| by_id_as::<HtmlElement>("add-node"));
    if let Some(e) = target {
        let _ = e.focus();
    }
}

/// Shows a readable message in the page when the wasm panics (instead of a dead canvas).
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&JsValue::from_str(&format!("partlab panicked: {detail}")));
        let Some(app) = by_id("app") else {
            return;
        };
        dom::clear(&app);
        let _ = app.set_attribute("data-state", "crashed");
        let build = || -> Result<web_sys::Element, JsValue> {
            Ok(dom::H::new("div")?
                .class("crash")
                .attr("role", "alert")
                .child(
                    dom::H::new("p")?
                        .attr("lang", "ca")
                        .text(tr(Lang::Ca, Text::Crashed)),
                )?
                .child(
                    dom::H::new("p")?
                        .attr("lang", "en")
                        .text(tr(Lang::En, Text::Crashed)),
                )?
                .child(dom::H::new("pre")?.text(&detail))?
                .el())
        };
        if let Ok(el) = build() {
            let _ = app.append_child(&el);
        }
    }));
}

fn listen(
    target: &web_sys::EventTarget,
    event: &str,
    f: impl FnMut(Event) + 'static,
) -> Result<(), JsValue> {
    let cb = Closure::<dyn FnMut(Event)>::new(f);
    target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref())?;
    // Listeners live as long as the page.
    cb.forget();
    Ok(())
}

fn listen_id(id: &str, event: &str, f: impl FnMut(Event) + 'static) -> Result<(), JsValue> {
    match by_id(id) {
        Some(e) => listen(&e, event, f),
        None => Ok(()),
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

fn stop(stops: &[u32], raw: &str) -> Option<u32> {
    raw.parse::<usize>()
        .ok()
        .and_then(|i| stops.get(i).copied())
}

fn wire_events() -> Result<(), JsValue> {
    listen_id("lang", "change", |e| {
        if let Some(l) = select_value(&e).as_deref().and_then(Lang::from_code) {
            dispatch(Msg::SetLang(l));
        }
    })?;
    listen_id("strategy", "change", |e| {
        if let Some(s) = select_value(&e).and_then(|v| v.parse().ok()) {
            dispatch(Msg::SetStrategy(s));
        }
    })?;
    listen_id("vnodes", "input", |e| {
        if let Some(v) = input_value(&e).and_then(|v| stop(&VNODE_STOPS, &v)) {
            dispatch(Msg::SetVnodes(v));
        }
    })?;
    // The key set is rebuilt (hashed) on release, not at every step of a drag.
    listen_id("keys", "input", |e| {
        if let Some(k) = input_value(&e).and_then(|v| stop(&KEY_STOPS, &v)) {
            let lang = with_app(|a| a.lab.state().lang).unwrap_or(Lang::Ca);
            dom::set_text_id("keys-out", &partlab_lab::i18n::fmt_int(lang, u64::from(k)));
        }
    })?;
    listen_id("keys", "change", |e| {
        if let Some(k) = input_value(&e).and_then(|v| stop(&KEY_STOPS, &v)) {
            dispatch(Msg::SetKeyCount(k));
        }
    })?;
    listen_id("replicas", "change", |e| {
        let r = input_value(&e)
            .and_then(|v| v.trim().parse::<u32>().ok())
            .unwrap_or(0);
        dispatch(Msg::SetReplicas(r));
    })?;
    listen_id("add-node", "click", |_| dispatch(Msg::AddNode))?;
    let node_idx = |e: &Event| -> Option<(String, usize)> {
        let el = target_el(e)?;
        let role = el.get_attribute("data-role")?;
        let idx = el.get_attribute("data-idx")?.parse().ok()?;
        Some((role, idx))
    };
    listen_id("node-list", "input", move |e| {
        if let Some(("weight", node)) = node_idx(&e).as_ref().map(|(r, i)| (r.as_str(), *i)) {
            if let Some(weight) = input_value(&e).and_then(|v| v.parse::<f64>().ok()) {
                dispatch(Msg::SetWeight { node, weight });
            }
        }
    })?;
    listen_id("node-list", "change", move |e| {
        if let Some(("name", node)) = node_idx(&e).as_ref().map(|(r, i)| (r.as_str(), *i)) {
            if let Some(name) = input_value(&e) {
                dispatch(Msg::RenameNode { node, name });
            }
        }
    })?;
    listen_id("node-list", "click", move |e| {
        if let Some(("remove", node)) = node_idx(&e).as_ref().map(|(r, i)| (r.as_str(), *i)) {
            dispatch(Msg::RemoveNode(node));
        }
    })?;
    listen_id("presets", "click", |e| {
        let id = target_el(&e)
            .and_then(|t| t.closest("[data-preset]").ok().flatten())
            .and_then(|b| b.get_attribute("data-preset"));
        if let Some(id) = id {
            dispatch(Msg::ApplyPreset(id));
        }
    })?;
    listen_id("lookup", "submit", |e| {
        e.prevent_default();
        if let Some(i) = by_id_as::<HtmlInputElement>("key-input") {
            dispatch(Msg::LookupKey(i.value()));
        }
    })?;
    listen_id("clear-key", "click", |_| dispatch(Msg::ClearKey))?;
    for id in ["notices", "control-notices", "key-notices"] {
        listen_id(id, "click", |e| {
            if target_el(&e).is_some_and(|t| t.class_list().contains("dismiss")) {
                dispatch(Msg::DismissNotices);
            }
        })?;
    }
    listen_id("ring", "click", |e| {
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
    })?;
    // Keyboard access to the dots: arrows step through the sample keys clockwise.
    listen_id("ring", "keydown", |e| {
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
    })?;
    listen_id("ring", "pointermove", |e| {
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
    })?;
    listen_id("ring", "pointerleave", |_| {
        dom::set_text_id("ring-hover", "")
    })?;
    let w = window()?;
    listen(&w, "resize", |_| request_render())?;
    listen(&w, "hashchange", |e| {
        // The event's own new URL: a debounced replaceState may already have run since.
        let hash = e
            .dyn_ref::<web_sys::HashChangeEvent>()
            .map(|h| h.new_url())
            .map(|url| url.find('#').map_or(String::new(), |i| url[i..].to_owned()))
            .unwrap_or_else(location_hash);
        let ours = with_app(|a| format!("#{}", a.written_fragment)).unwrap_or_default();
        if hash != ours {
            dispatch(Msg::LoadFragment(hash));
        }
    })?;
    if let Ok(Some(mq)) = w.match_media("(prefers-color-scheme: dark)") {
        listen(&mq, "change", |_| {
            with_app(|a| a.theme = if is_dark() { Theme::Dark } else { Theme::Light });
            request_render();
        })?;
    }
    Ok(())
}

fn run() -> Result<(), JsValue> {
    let lab = Lab::from_fragment(&location_hash(), browser_lang());
    let app = by_id("app").ok_or_else(|| JsValue::from_str("no #app element"))?;
    page::build(&app, lab.state().embed)?;
    APP.with(|cell| {
        *cell.borrow_mut() = Some(App {
            lab,
            queue: Vec::new(),
            frame_scheduled: false,
            theme: if is_dark() { Theme::Dark } else { Theme::Light },
            rendered_lang: None,
            rendered_nodes: Vec::new(),
            reset_focused: false,
            timing: Vec::new(),
            ring_frame: None,
            dev: None,
            mv: None,
            dev_prev: None,
            mv_prev: None,
            sweep_timer: false,
            url_timer: None,
            preset_timer: None,
            last_change: -1e9,
            written_fragment: String::new(),
        });
    });
    wire_events()?;
    // First render synchronously, so the page never shows a half-built state.
    with_app(App::frame);
    Ok(())
}

/// Entry point called by the wasm-bindgen glue once the module is instantiated: builds the
/// lab inside `#app` (replacing the loading message) from the URL fragment.
#[wasm_bindgen(start)]
pub fn start() {
    install_panic_hook();
    if let Err(e) = run() {
        log_error("start", &e);
        if let Some(app) = by_id("app") {
            app.set_text_content(Some(&format!(
                "{} {}",
                tr(Lang::En, Text::Crashed),
                e.as_string().unwrap_or_default()
            )));
        }
    }
}
