//! The lab's model: a closed set of messages ([`Msg`]) and the [`Lab`] that applies them.
//!
//! [`Lab::update`] validates every change through the core; when a change is rejected the last
//! valid experiment stays (figures, ring and charts keep showing it) and a [`Notice`] says why.
//! After every accepted change of nodes, weights, vnodes, strategy or replicas the lab keeps
//! the previous assignment and the [`Movement`] between the two, so the page can highlight the
//! keys that moved and show where they went.
//!
//! The chart sweeps are cut into points ([`DeviationSweep`], [`MovementSweep`]): the page
//! computes one point per tick so no task blocks the browser for long.

use std::rc::Rc;

pub mod compare;
mod job;
pub mod words;

pub use job::{Preview, Progress, WorkStage, LAB_SCORE_CACHE_SCORES};

use crate::state::{
    assign_colours, FragmentIssue, LabState, Lang, StateError, MAX_LAB_NODES,
    MAX_SELECTED_KEY_CHARS,
};
use partlab_core::config::{Config, Node, Strategy, StrategyParams};
use partlab_core::hash::{angle_deg, arc_fraction, md5_hex, rendezvous_score};
use partlab_core::keys::{KeySet, KeySetBuilder};
use partlab_core::lesson::{self, Printed};
use partlab_core::order::{pack, sort_u128, unpack};
use partlab_core::stats::{Distribution, Movement};
use partlab_core::strategy::{Assignment, NodeIdx, Partitioner, RingPoint, VnodeCache};
use partlab_core::sweep::{
    sweep_node_names, Change, DeviationPoint, DeviationPointTask, MovementPoint, MovementPointTask,
    DEFAULT_TRIALS, DEFAULT_VNODE_COUNTS,
};

/// How many keys the ring shows as dots at most.
pub const SAMPLE_KEYS: usize = 1_500;
/// Most keys the movement chart's sweep uses (it assigns them 36 times).
pub const MOVEMENT_SWEEP_KEYS: u32 = 100_000;
/// Cluster sizes N of the movement chart (N → N+1).
pub const MOVEMENT_SIZES: std::ops::RangeInclusive<usize> = 2..=10;

/// Everything a user can do to the lab.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Choose the strategy.
    SetStrategy(Strategy),
    /// Set vnodes per node of weight 1.
    SetVnodes(u32),
    /// Set node `node`'s weight.
    SetWeight {
        /// Node index.
        node: usize,
        /// The new weight.
        weight: f64,
    },
    /// Add a node with a fresh name (the lesson's inv-tar first).
    AddNode,
    /// Remove node `0`.
    RemoveNode(usize),
    /// Rename a node (names are what gets hashed: its keys move).
    RenameNode {
        /// Node index.
        node: usize,
        /// The new name.
        name: String,
    },
    /// Set how many lesson keys there are.
    SetKeyCount(u32),
    /// Set the replication factor.
    SetReplicas(u32),
    /// Set Maglev's table size, bounded loads' factor and multi-probe's probes.
    SetParams(StrategyParams),
    /// Switch language.
    SetLang(Lang),
    /// Put the lab in a lesson scenario's state (the "before" side when it has a change).
    ApplyPreset(String),
    /// A preset chosen while a node name was being typed (the same click committed the name
    /// with a [`Msg::RenameNode`] first): the preset is not applied, so the typed name is not
    /// silently replaced; a notice says so and choosing the preset again applies it.
    HoldPreset(String),
    /// Apply the pending change of the preset just applied.
    ApplyPendingChange,
    /// Select the key at a sorted slot of the key set (a dot on the ring).
    SelectSlot(usize),
    /// Select any key by its text.
    LookupKey(String),
    /// Forget the selected key.
    ClearKey,
    /// Hide the notices.
    DismissNotices,
    /// Load a whole state from a URL fragment (the user edited the address).
    LoadFragment(String),
    /// A slider was released (or a typed value committed): the next slider step starts a new
    /// gesture, whose movement counts from the experiment before it.
    EndGesture,
    /// Count "keys moved" from the experiment on screen until cleared, across any change.
    PinBaseline,
    /// Count "keys moved" from the last change again.
    ClearBaseline,
    /// Compare mode on (side A = the experiment on screen, pinned) or off
    /// ([`compare`]).
    SetCompare(bool),
}

/// Something the page tells the user inline.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A problem in the URL fragment.
    Fragment(FragmentIssue),
    /// A change that was rejected; the last valid state stays.
    Rejected(StateError),
    /// An empty key was looked up.
    EmptyKey,
    /// A key longer than the lab keeps.
    KeyTooLong,
    /// No such lesson scenario.
    UnknownPreset,
    /// No node can be added: the list is full.
    NodeListFull,
    /// The replication factor is below the one the user set, because nodes were removed; it
    /// goes back up as nodes come back, unless the user sets it meanwhile.
    ReplicasLowered {
        /// The factor the user set.
        wanted: u32,
        /// The factor in force (the node count).
        now: u32,
    },
    /// Nodes came back and the user's replication factor is in force again.
    ReplicasRestored {
        /// The factor.
        replicas: u32,
    },
    /// A preset chosen by the click that also committed a node name being typed: the name is
    /// kept and the preset is not applied (choosing it again applies it).
    PresetHeld {
        /// The preset's id.
        preset: String,
    },
}

impl Notice {
    /// The notice's text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        words::notice(lang, self)
    }
}

/// A sample key drawn on the ring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dot {
    /// Its sorted slot in the key set.
    pub slot: usize,
    /// Its ring position.
    pub hash: u64,
    /// Colour slot of its owner.
    pub colour: usize,
    /// Colour slot of its owner before the last change, when it moved.
    pub moved_from: Option<usize>,
}

/// The dots of one change of owner (see [`moved_by_pair`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MovedPair {
    /// Colour slot of the owner before.
    pub from: usize,
    /// Colour slot of the owner now.
    pub to: usize,
    /// The dots' indices, ascending.
    pub dots: Vec<usize>,
}

/// The moved dots among `dots`, by change of owner: one entry per (colour before, colour
/// now) pair, in that order, each with its dots in sample order. One sort, where looking
/// for each pair's dots among all of them took pairs × dots steps (992 × 1 500 when one of
/// 32 nodes leaves a mod-N cluster).
pub fn moved_by_pair(dots: &[Dot]) -> Vec<MovedPair> {
    let mut moved: Vec<u128> = dots
        .iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let from = u32::try_from(d.moved_from?).ok()?;
            let to = u32::try_from(d.colour).ok()?;
            Some(pack((u64::from(from) << 32) | u64::from(to), i as u64))
        })
        .collect();
    sort_u128(&mut moved);
    let mut pairs: Vec<MovedPair> = Vec::new();
    for (pair, i) in moved.into_iter().map(unpack) {
        let (from, to) = ((pair >> 32) as usize, (pair & 0xffff_ffff) as usize);
        match pairs.last_mut() {
            Some(p) if p.from == from && p.to == to => p.dots.push(i as usize),
            _ => pairs.push(MovedPair {
                from,
                to,
                dots: vec![i as usize],
            }),
        }
    }
    pairs
}

/// How the strategy found the owner of a selected key.
#[derive(Clone, Debug, PartialEq)]
pub enum PathDetail {
    /// `u64 % n = rem`.
    Modulo {
        /// Node count.
        n: u32,
        /// The remainder (owner index).
        rem: u64,
    },
    /// The owning vnode.
    Ring {
        /// Its label, `name#i`.
        vnode: String,
        /// Its position.
        position: u64,
    },
    /// The winner's score.
    Rendezvous {
        /// `hash("{winner}|{key}")`.
        score: u64,
    },
    /// The bucket.
    Jump {
        /// Bucket count.
        n: u32,
        /// The chosen bucket.
        bucket: u32,
    },
    /// Maglev's table entry `u64 mod size`.
    Maglev {
        /// The entry.
        entry: u64,
        /// The table size `M`.
        size: u64,
    },
    /// Multi-probe: how many probes the key made.
    MultiProbe {
        /// Probes per key.
        probes: u32,
    },
    /// Ketama: the key's 32-bit hash and the continuum point that owns it.
    Ketama {
        /// The first 4 bytes of the key's MD5, little-endian.
        hashi: u32,
        /// The owning point (the first at or after `hashi`, wrapping).
        point: u32,
    },
}

/// A key's path: key → MD5 → u64 → angle → owner and replicas.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyPath {
    /// The key.
    pub key: String,
    /// The full MD5 digest, lowercase hex.
    pub md5_hex: String,
    /// The first 8 bytes, big-endian.
    pub hash: u64,
    /// Angle clockwise from the top, in degrees.
    pub angle_deg: f64,
    /// Strategy-specific step.
    pub detail: PathDetail,
    /// Owner then replicas: (name, colour slot).
    pub nodes: Vec<(String, usize)>,
    /// The owner and replicas before the last change, when they differ.
    pub before: Option<Vec<String>>,
    /// Whether the key is one of the experiment's keys.
    pub in_key_set: bool,
}

/// The state before the last accepted change.
#[derive(Debug)]
struct Previous {
    config: Config,
    /// The owner of each sample key (see [`Lab::sample_dots`]), in sample order.
    sample_owners: Vec<NodeIdx>,
    colours: Vec<usize>,
}

/// The lab: state, keys and everything computed from them.
#[derive(Debug)]
pub struct Lab {
    state: LabState,
    keys: Rc<KeySet>,
    config: Config,
    partitioner: Partitioner,
    /// Shared with the baseline taken at a gesture's start (no copy of a million keys'
    /// owners while the gesture's changes are computed).
    assignment: Rc<Assignment>,
    distribution: Distribution,
    previous: Option<Previous>,
    movement: Option<Movement>,
    sample: Vec<usize>,
    notices: Vec<Notice>,
    pending: Option<Config>,
    keys_generation: u64,
    /// The replication factor the user set, while removed nodes keep it lowered (see
    /// [`Notice::ReplicasLowered`]).
    wanted_replicas: Option<u32>,
    /// The chapter's opening state: fields a loaded fragment leaves out (or gets wrong) take
    /// their value here.
    defaults: LabState,
    /// The change being computed, a slice at a time ([`job`]).
    job: Option<job::Job>,
    /// False while the first experiment is computed.
    ready: bool,
    /// The vnode positions of the nodes seen lately: a ring is rebuilt hashing only what
    /// changed.
    vnode_cache: VnodeCache,
    /// Counts the experiments committed ([`Lab::revision`]).
    revision: u64,
    /// What "keys moved" is counted from, when not simply the experiment on screen: the
    /// experiment before the gesture under way (a whole slider drag), or one the user pinned.
    baseline: Option<Baseline>,
    /// A slider gesture is under way: its steps keep the baseline taken at its start.
    gesture_open: bool,
    /// Compare mode: the pinned baseline shown as side A ([`compare`]).
    compare: compare::Compare,
}

/// The experiment movement is counted from ([`Lab::baseline`]).
#[derive(Clone, Debug)]
struct Baseline {
    config: Config,
    assignment: Rc<Assignment>,
    /// Its keys per node.
    counts: Vec<u64>,
    /// Its partitioner when it is a ring with one copy per key: a change is then derived
    /// from it arc by arc (see `Lab::assign_or_derive`).
    ring: Option<Partitioner>,
    colours: Vec<usize>,
    /// Its deviation, for "deviation before → after".
    deviation_pct: f64,
    /// Which key set its assignment is of ([`Lab::keys_generation`]).
    keys_generation: u64,
    /// Set by the user ([`Msg::PinBaseline`]): kept across changes until cleared.
    pinned: bool,
    /// The experiment on screen has differed from it since it was taken (a slider moved
    /// away, which may then come back).
    left: bool,
}

fn sample_slots(keys: &KeySet) -> Vec<usize> {
    // The first SAMPLE_KEYS keys in source order (P-2026-000001 …): a fixed, deterministic
    // sample that MD5 scatters evenly around the ring and that stays the same when the key
    // count changes.
    // Slots ascending, as they are visited.
    (0..keys.len())
        .filter(|&slot| keys.source_index(slot) < SAMPLE_KEYS)
        .collect()
}

/// Everything computed for one valid state.
struct Computed {
    state: LabState,
    keys: Rc<KeySet>,
    config: Config,
    partitioner: Partitioner,
    assignment: Assignment,
    distribution: Distribution,
}

impl Lab {
    /// A lab in `state`, with `issues` (from reading the URL) shown as notices. A state the
    /// core rejects is replaced by the default experiment.
    pub fn new(state: LabState, issues: Vec<FragmentIssue>) -> Lab {
        Lab::with_defaults(state, issues, LabState::with_lang(Lang::Ca))
    }

    /// A lab for `state` whose chapter opens on `defaults` (only the experiment part of
    /// `defaults` matters; the language and embed view come from `state`).
    pub fn with_defaults(state: LabState, issues: Vec<FragmentIssue>, defaults: LabState) -> Lab {
        let mut lab = Lab::starting(state, issues, defaults);
        lab.finish_work();
        lab
    }

    /// Like [`Lab::with_defaults`], but the experiment is only started: it is computed by
    /// [`Lab::work`], a slice at a time, and [`Lab::ready`] says when it is there.
    pub fn starting(state: LabState, issues: Vec<FragmentIssue>, defaults: LabState) -> Lab {
        let mut notices: Vec<Notice> = issues.into_iter().map(Notice::Fragment).collect();
        let state = match job::check(&state) {
            Ok(()) => state,
            Err(e) => {
                notices.push(Notice::Rejected(e));
                let mut fallback = defaults.clone();
                fallback.lang = state.lang;
                fallback.embed = state.embed;
                fallback
            }
        };
        // Until the experiment is computed, the lab holds the smallest one there is.
        let computed = placeholder();
        let mut lab = Lab {
            sample: sample_slots(&computed.keys),
            state: computed.state,
            keys: computed.keys,
            config: computed.config,
            partitioner: computed.partitioner,
            assignment: Rc::new(computed.assignment),
            distribution: computed.distribution,
            previous: None,
            movement: None,
            notices,
            pending: None,
            keys_generation: 0,
            wanted_replicas: None,
            baseline: None,
            gesture_open: false,
            compare: compare::Compare::default(),
            defaults,
            job: None,
            ready: false,
            vnode_cache: VnodeCache::default(),
            revision: 0,
        };
        lab.start_job(state, false, true);
        lab
    }

    /// A lab for a URL fragment; `lang` is used when the fragment names no language.
    pub fn from_fragment(fragment: &str, lang: Lang) -> Lab {
        Lab::from_fragment_over(fragment, LabState::with_lang(lang), Vec::new())
    }

    /// A lab for a chapter's fragment fields: what they leave out comes from `defaults` (the
    /// chapter's opening state, in the language to use when they name none); `issues` are
    /// problems the frame already found in its own fields, shown with the others.
    pub fn from_fragment_over(
        fragment: &str,
        defaults: LabState,
        mut issues: Vec<FragmentIssue>,
    ) -> Lab {
        let (state, more) = LabState::from_fragment_over(fragment, defaults.clone());
        issues.extend(more);
        let (state, refused) = job::fit_address_state(state, &defaults);
        issues.extend(refused);
        let mut lab = Lab::starting(state, issues, defaults);
        lab.open_compare_from(fragment);
        lab.finish_work();
        lab
    }

    /// When the state is a preset's "after" side (a reloaded URL), recomputes the "before"
    /// side so the moved fraction shows again.
    fn restore_preset_change(&mut self) {
        let Some(s) = self.state.preset.as_deref().and_then(lesson::scenario) else {
            return;
        };
        let Some(after) = s.after.as_ref() else {
            return;
        };
        if *after != self.config || self.keys.len() != lesson::KEY_COUNT {
            return;
        }
        if let Ok(p) = Partitioner::new(&s.before) {
            let before_assignment = p.assign(&self.keys, s.before.replicas as usize);
            self.movement = Some(Movement::between(
                &s.before,
                &before_assignment,
                &self.config,
                &self.assignment,
            ));
            let colours = assign_colours(&self.state.nodes, &names_weights(&s.before))
                .iter()
                .map(|n| n.colour)
                .collect();
            self.previous = Some(Previous {
                config: s.before.clone(),
                sample_owners: self
                    .sample
                    .iter()
                    .map(|&slot| before_assignment.owners[slot])
                    .collect(),
                colours,
            });
        }
    }

    /// Applies one message, computing any change to the end. Returns whether anything the
    /// page shows may have changed.
    pub fn update(&mut self, msg: Msg) -> bool {
        let changed = self.begin(msg);
        self.finish_work();
        changed
    }

    /// Applies one message; a change of the experiment is only started (see [`Lab::work`]),
    /// on top of any change still on its way. Returns whether anything the page shows may
    /// have changed.
    pub fn begin(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::DismissNotices => {
                self.notices.clear();
                return true;
            }
            Msg::SetLang(lang) => {
                self.state.lang = lang;
                if let Some(j) = self.job.as_mut() {
                    j.next.lang = lang;
                }
                self.compare.set_lang(lang);
                return true;
            }
            Msg::SelectSlot(slot) => {
                self.notices.clear();
                if let Some(k) = self.keys.key_at_slot(slot) {
                    self.set_key(Some(k.into_owned()));
                }
                return true;
            }
            Msg::LookupKey(text) => {
                self.notices.clear();
                let key = text.trim();
                if key.is_empty() {
                    self.notices.push(Notice::EmptyKey);
                } else if key.chars().count() > MAX_SELECTED_KEY_CHARS {
                    self.notices.push(Notice::KeyTooLong);
                } else if key.chars().any(char::is_control) {
                    self.notices.push(Notice::EmptyKey);
                } else {
                    self.set_key(Some(key.to_owned()));
                }
                return true;
            }
            Msg::ClearKey => {
                self.set_key(None);
                return true;
            }
            Msg::HoldPreset(id) => {
                // Nothing changes: the rename before it stays, with any notice it gave.
                self.notices.push(match lesson::scenario(&id) {
                    Some(s) => Notice::PresetHeld {
                        preset: s.id.to_owned(),
                    },
                    None => Notice::UnknownPreset,
                });
                return true;
            }
            Msg::EndGesture => {
                self.gesture_open = false;
                return false;
            }
            Msg::PinBaseline => {
                self.baseline = Some(self.snapshot(true));
                self.gesture_open = false;
                if self.compare_on() {
                    self.take_side();
                }
                return true;
            }
            Msg::ClearBaseline => {
                self.baseline = None;
                self.gesture_open = false;
                self.end_compare();
                return true;
            }
            Msg::SetCompare(on) => {
                self.set_compare(on);
                return true;
            }
            Msg::LoadFragment(fragment) => {
                self.end_compare();
                self.baseline = None;
                self.gesture_open = false;
                let mut defaults = self.defaults.clone();
                defaults.lang = self.target_state().lang;
                let (state, mut issues) = LabState::from_fragment_over(&fragment, defaults.clone());
                // Fields valid alone that break a rule together: the address stays as
                // typed, the page shows it with the fewest fields replaced.
                let (state, refused) = job::fit_address_state(state, &defaults);
                issues.extend(refused);
                self.notices = issues.into_iter().map(Notice::Fragment).collect();
                self.pending = None;
                self.start_job(state, false, true);
                self.open_compare_from(&fragment);
                return true;
            }
            Msg::SetKeyCount(k) if self.compare_on() => {
                // Side A is recomputed on the new keys, then B follows.
                self.notices.clear();
                self.pending = None;
                let mut b = self.target_state().clone();
                b.key_count = k;
                if !b.is_preset_state() {
                    b.preset = None;
                }
                let mut a = b.clone();
                if let Some(side) = self.compare_side() {
                    a.set_config(&side.config.clone());
                }
                self.start_compare(a, b);
                return true;
            }
            _ => {}
        }
        // Any change of the experiment cancels a preset's pending change (and a side B
        // still to come).
        if !matches!(msg, Msg::ApplyPendingChange) {
            self.pending = None;
            self.compare.drop_next();
        }
        self.follow_gesture(&msg);
        self.notices.clear();
        let mut next = self.target_state().clone();
        // What the replication factor does when the node count changes (see below).
        let mut replicas_change: Option<Notice> = None;
        let set_replicas = matches!(msg, Msg::SetReplicas(_));
        match msg {
            Msg::SetStrategy(s) => next.strategy = s,
            Msg::SetVnodes(v) => next.vnodes = v,
            Msg::SetWeight { node, weight } => match next.nodes.get_mut(node) {
                Some(n) => n.weight = weight,
                None => return false,
            },
            Msg::AddNode => {
                if next.nodes.len() >= MAX_LAB_NODES {
                    self.notices.push(Notice::NodeListFull);
                    return true;
                }
                let name = fresh_node_name(&next);
                let mut list = names_weights_state(&next);
                list.push((name, 1.0));
                next.nodes = assign_colours(&next.nodes, &list);
                // A factor lowered by a removal comes back as nodes do.
                if let Some(wanted) = self.wanted_replicas {
                    next.replicas = wanted.min(next.nodes.len() as u32);
                    replicas_change = Some(if next.replicas == wanted {
                        Notice::ReplicasRestored { replicas: wanted }
                    } else {
                        Notice::ReplicasLowered {
                            wanted,
                            now: next.replicas,
                        }
                    });
                }
            }
            Msg::RemoveNode(node) => {
                if node >= next.nodes.len() {
                    return false;
                }
                next.nodes.remove(node);
                // Keep the replication factor possible, and say so: the user's factor is
                // remembered and comes back with the nodes.
                if next.replicas as usize > next.nodes.len() && !next.nodes.is_empty() {
                    let wanted = self.wanted_replicas.unwrap_or(next.replicas);
                    next.replicas = next.nodes.len() as u32;
                    replicas_change = Some(Notice::ReplicasLowered {
                        wanted,
                        now: next.replicas,
                    });
                }
            }
            Msg::RenameNode { node, name } => match next.nodes.get_mut(node) {
                Some(n) => {
                    if n.name == name {
                        return false;
                    }
                    n.name = name
                }
                None => return false,
            },
            Msg::SetKeyCount(k) => next.key_count = k,
            Msg::SetReplicas(r) => next.replicas = r,
            Msg::SetParams(p) => next.params = p,
            Msg::ApplyPreset(id) => {
                let Some(s) = lesson::scenario(&id) else {
                    self.notices.push(Notice::UnknownPreset);
                    return true;
                };
                next.set_config(&s.before);
                next.key_count = lesson::KEY_COUNT as u32;
                next.preset = Some(s.id.to_owned());
                let before = next.clone();
                let ok = self.request(next, false);
                self.end_compare();
                if ok {
                    // A change opens in compare mode: before (A) and after (B) side by side.
                    if let Some(after) = &s.after {
                        self.open_preset_change(&before, after);
                    }
                    self.wanted_replicas = None;
                }
                return true;
            }
            Msg::ApplyPendingChange => {
                let Some(after) = self.pending.take() else {
                    return false;
                };
                next.set_config(&after);
                self.request(next, true);
                return true;
            }
            _ => return false,
        }
        // The preset's label stays only while the experiment is still the preset's.
        if !next.is_preset_state() {
            next.preset = None;
        }
        if self.request(next, true) {
            if set_replicas {
                self.wanted_replicas = None;
            } else if let Some(n) = replicas_change {
                self.wanted_replicas = match n {
                    Notice::ReplicasLowered { wanted, .. } => Some(wanted),
                    _ => None,
                };
                self.notices.push(n);
            }
        }
        true
    }

    /// Where `msg` leaves the baseline: a slider step opens a gesture (the experiment on
    /// screen becomes the baseline) unless one is open; any other change counts from the
    /// experiment on screen again, unless the user pinned a baseline; a preset or a new key
    /// count starts afresh.
    fn follow_gesture(&mut self, msg: &Msg) {
        let pinned = self.baseline.as_ref().is_some_and(|b| b.pinned);
        match msg {
            Msg::SetVnodes(_) | Msg::SetWeight { .. } => {
                if !self.gesture_open && !pinned {
                    self.baseline = Some(self.snapshot(false));
                }
                self.gesture_open = true;
            }
            Msg::ApplyPreset(_) | Msg::SetKeyCount(_) => {
                self.baseline = None;
                self.gesture_open = false;
            }
            _ => {
                if !pinned {
                    self.baseline = None;
                }
                self.gesture_open = false;
            }
        }
    }

    /// Keys per node of the experiment on screen.
    fn counts_on_screen(&self) -> Vec<u64> {
        self.distribution.nodes.iter().map(|n| n.keys).collect()
    }

    /// The experiment on screen as a baseline.
    fn snapshot(&self, pinned: bool) -> Baseline {
        Baseline {
            config: self.config.clone(),
            assignment: Rc::clone(&self.assignment),
            counts: self.counts_on_screen(),
            // Only what can be derived from (one copy per key): the worst ring's points are
            // 2.5 MB.
            ring: (self.config.strategy == Strategy::Ring && self.assignment.replicas == 1)
                .then(|| self.partitioner.clone()),
            colours: self.state.nodes.iter().map(|n| n.colour).collect(),
            deviation_pct: self.distribution.deviation_pct,
            keys_generation: self.keys_generation,
            pinned,
            left: false,
        }
    }

    /// The configuration the movement shown was counted from (the last change's "before",
    /// or the baseline).
    pub fn moved_from(&self) -> Option<&Config> {
        self.previous.as_ref().map(|p| &p.config)
    }

    /// Whether "keys moved" counts from a baseline (a pinned one, or the start of a slider
    /// gesture) rather than from the last change.
    pub fn baseline_pinned(&self) -> bool {
        self.baseline.as_ref().is_some_and(|b| b.pinned)
    }

    /// The baseline, when it is of the key set on screen (a new key set leaves it behind).
    fn current_baseline(&self) -> Option<&Baseline> {
        self.baseline
            .as_ref()
            .filter(|b| b.keys_generation == self.keys_generation)
    }

    /// The deviation of the experiment "keys moved" counts from, when it is a baseline (the
    /// start of a gesture or a pinned one) rather than the last change's.
    pub fn baseline_deviation(&self) -> Option<f64> {
        self.current_baseline().map(|b| b.deviation_pct)
    }

    /// Whether a slider gesture (or a pinned baseline) came back to the configuration it
    /// counts from: no key moved since, which is not the same as no change yet.
    pub fn back_at_baseline(&self) -> bool {
        self.movement.is_none()
            && self
                .current_baseline()
                .is_some_and(|b| b.left && b.config == self.config)
    }

    /// The configuration "keys moved" counts from, when it is not the last change's.
    pub fn baseline_config(&self) -> Option<&Config> {
        self.current_baseline().map(|b| &b.config)
    }

    /// Selects `key` (or none) on screen and in the change on its way.
    fn set_key(&mut self, key: Option<String>) {
        if let Some(j) = self.job.as_mut() {
            j.next.key.clone_from(&key);
        }
        self.state.key = key;
    }

    /// The current state (what the URL holds).
    pub fn state(&self) -> &LabState {
        &self.state
    }

    /// The current, valid configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The key set.
    pub fn keys(&self) -> &Rc<KeySet> {
        &self.keys
    }

    /// Changes each time the key set is rebuilt.
    pub fn keys_generation(&self) -> u64 {
        self.keys_generation
    }

    /// Keys per node and the evenness figures.
    pub fn distribution(&self) -> &Distribution {
        &self.distribution
    }

    /// What the last change did, if there was one since the keys were (re)built.
    pub fn movement(&self) -> Option<&Movement> {
        self.movement.as_ref()
    }

    /// The notices to show.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Whether a preset's change is waiting to be applied.
    pub fn has_pending_change(&self) -> bool {
        self.pending.is_some() || self.compare.waiting()
    }

    /// The ring's vnodes, for the ring strategy.
    pub fn ring_points(&self) -> Option<&[RingPoint]> {
        self.partitioner.ring().map(|r| r.points())
    }

    /// Colour slot of node `idx` of the current configuration.
    pub fn colour_of(&self, idx: usize) -> usize {
        self.state.nodes.get(idx).map_or(idx, |n| n.colour)
    }

    /// The sample keys to draw, with their owner and, when they moved, their previous owner.
    pub fn sample_dots(&self) -> Vec<Dot> {
        let hashes = self.keys.sorted_hashes();
        // Each earlier node's index now (by name), found once rather than a name compared
        // per dot.
        let now_of_before: Vec<Option<usize>> = self.previous.as_ref().map_or(Vec::new(), |p| {
            p.config
                .nodes
                .iter()
                .map(|b| self.config.nodes.iter().position(|n| n.name == b.name))
                .collect()
        });
        self.sample
            .iter()
            .enumerate()
            .map(|(i, &slot)| {
                let owner = self.assignment.owners[slot] as usize;
                let colour = self.colour_of(owner);
                let moved_from = self.previous.as_ref().and_then(|p| {
                    let before = *p.sample_owners.get(i)? as usize;
                    (now_of_before.get(before).copied().flatten() != Some(owner))
                        .then(|| p.colours.get(before).copied().unwrap_or(before))
                });
                Dot {
                    slot,
                    hash: hashes[slot],
                    colour,
                    moved_from,
                }
            })
            .collect()
    }

    /// The owner's name of the key at sorted slot `slot`.
    pub fn owner_name(&self, slot: usize) -> Option<&str> {
        let owner = *self.assignment.owners.get(slot)? as usize;
        self.config.nodes.get(owner).map(|n| n.name.as_str())
    }

    /// Fraction of the hash space each node's arcs cover (ring only), in node order.
    pub fn arc_shares(&self) -> Option<Vec<f64>> {
        let points = self.ring_points()?;
        let mut shares = vec![0.0; self.config.nodes.len()];
        let mut prev = points.last()?.position;
        for p in points {
            shares[p.node as usize] += arc_fraction(prev, p.position);
            prev = p.position;
        }
        Some(shares)
    }

    /// The selected key's path, if a key is selected.
    pub fn key_path(&self) -> Option<KeyPath> {
        let key = self.state.key.as_deref()?;
        let r = self.config.replicas as usize;
        let placement = self.partitioner.place(key, r);
        let hash = placement.hash;
        let n = self.config.nodes.len() as u32;
        let detail = match (self.partitioner.strategy(), self.partitioner.ring()) {
            (_, Some(ring)) => {
                let p = placement
                    .ring_point
                    .and_then(|i| ring.points().get(i).copied());
                match p {
                    Some(p) => PathDetail::Ring {
                        vnode: format!("{}#{}", self.config.nodes[p.node as usize].name, p.vnode),
                        position: p.position,
                    },
                    None => PathDetail::Ring {
                        vnode: String::new(),
                        position: 0,
                    },
                }
            }
            (Strategy::Rendezvous, None) => PathDetail::Rendezvous {
                score: placement
                    .nodes
                    .first()
                    .and_then(|&i| self.config.nodes.get(i as usize))
                    .map_or(0, |node| rendezvous_score(&node.name, key)),
            },
            (Strategy::Jump, None) => PathDetail::Jump {
                n,
                bucket: placement.nodes.first().map_or(0, |&b| u32::from(b)),
            },
            (Strategy::Maglev, None) => {
                let size = self.config.params.table_size.max(1);
                PathDetail::Maglev {
                    entry: hash % size,
                    size,
                }
            }
            (Strategy::MultiProbe, None) => PathDetail::MultiProbe {
                probes: self.config.params.probes,
            },
            (Strategy::Ketama, None) => {
                let hashi = partlab_core::zoo::ketama::hashi_of_position(hash);
                let point = self
                    .partitioner
                    .ketama()
                    .map_or(0, |k| k.points().get(k.point_for(hashi)).map_or(0, |p| p.0));
                PathDetail::Ketama { hashi, point }
            }
            // A ring partitioner always has its ring: only mod N gets here.
            (Strategy::Modulo | Strategy::Ring | Strategy::Bounded, None) => PathDetail::Modulo {
                n,
                rem: hash % u64::from(n.max(1)),
            },
        };
        // Bounded loads: a key of the key set goes where the loads sent it (its ring
        // successor may have been full); the placement alone knows only the successor.
        let slot = {
            let hashes = self.keys.sorted_hashes();
            let start = hashes.partition_point(|&h| h < hash);
            (start..hashes.len())
                .take_while(|&s| hashes[s] == hash)
                .find(|&s| self.keys.key_at_slot(s).as_deref() == Some(key))
        };
        let placed_nodes: Vec<NodeIdx> = match slot {
            Some(s) if self.config.strategy == Strategy::Bounded => {
                self.assignment.replica_set(s).to_vec()
            }
            _ => placement.nodes.clone(),
        };
        let nodes: Vec<(String, usize)> = placed_nodes
            .iter()
            .map(|&i| {
                (
                    self.config.nodes[i as usize].name.clone(),
                    self.colour_of(i as usize),
                )
            })
            .collect();
        let before = self.previous.as_ref().and_then(|p| {
            let part = Partitioner::new(&p.config).ok()?;
            let placed = part.place(key, p.config.replicas as usize);
            let names: Vec<String> = placed
                .nodes
                .iter()
                .map(|&i| p.config.nodes[i as usize].name.clone())
                .collect();
            let now: Vec<&String> = nodes.iter().map(|(n, _)| n).collect();
            (names.iter().collect::<Vec<_>>() != now).then_some(names)
        });
        let in_key_set = slot.is_some();
        Some(KeyPath {
            key: key.to_owned(),
            md5_hex: md5_hex(key),
            hash,
            angle_deg: angle_deg(hash),
            detail,
            nodes,
            before,
            in_key_set,
        })
    }

    /// The lesson's printed figures for the active preset, in the phase they belong to:
    /// a scenario with a change prints its moved fraction (and the counts after a leave)
    /// once the change is applied, its other figures before.
    pub fn lesson_figures(&self) -> Option<LessonFigures> {
        let s = lesson::scenario(self.state.preset.as_deref()?)?;
        let applied = s.after.is_some() && !self.has_pending_change();
        let printed: &Printed = &s.printed;
        let names_match = |names: &[&str]| {
            names.len() == self.config.nodes.len()
                && names
                    .iter()
                    .all(|n| self.config.nodes.iter().any(|c| c.name == *n))
        };
        let count_names: Vec<&str> = printed.counts.iter().map(|(n, _)| *n).collect();
        Some(LessonFigures {
            id: s.id,
            counts: if !printed.counts.is_empty() && names_match(&count_names) {
                printed.counts.clone()
            } else {
                Vec::new()
            },
            deviation_pct: if s.after.is_none() || !applied {
                printed.deviation_pct
            } else {
                None
            },
            moved_pct: if applied { printed.moved_pct } else { None },
            replica_sets_changed_pct: if applied {
                printed.replica_sets_changed_pct
            } else {
                None
            },
        })
    }
}

/// The lesson's figures to show beside the lab's (see [`Lab::lesson_figures`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LessonFigures {
    /// Scenario id.
    pub id: &'static str,
    /// Keys per node as printed.
    pub counts: Vec<(&'static str, u64)>,
    /// Deviation in %.
    pub deviation_pct: Option<f64>,
    /// Moved in %.
    pub moved_pct: Option<f64>,
    /// Replica sets changed in %.
    pub replica_sets_changed_pct: Option<f64>,
}

/// The smallest experiment there is (one node, the fewest keys): what a lab holds until the
/// experiment it was asked for is computed ([`Lab::ready`]).
fn placeholder() -> Computed {
    let mut state = LabState::with_lang(Lang::En);
    state.nodes.truncate(1);
    state.strategy = Strategy::Modulo;
    state.key_count = crate::state::MIN_KEYS;
    state.replicas = 1;
    let config = state.config();
    // A valid key count and one node: neither can fail; should they, abort rather than
    // show a wrong figure.
    let keys =
        Rc::new(KeySet::lesson(state.key_count as usize).unwrap_or_else(|_| std::process::abort()));
    keys.set_score_cache_limit(LAB_SCORE_CACHE_SCORES);
    let partitioner = Partitioner::new(&config).unwrap_or_else(|_| std::process::abort());
    let assignment = partitioner.assign(&keys, 1);
    let distribution = Distribution::of(&config, &assignment);
    Computed {
        state,
        keys,
        config,
        partitioner,
        assignment,
        distribution,
    }
}

fn names_weights(config: &Config) -> Vec<(String, f64)> {
    config
        .nodes
        .iter()
        .map(|n| (n.name.clone(), n.weight))
        .collect()
}

fn names_weights_state(state: &LabState) -> Vec<(String, f64)> {
    state
        .nodes
        .iter()
        .map(|n| (n.name.clone(), n.weight))
        .collect()
}

/// A name for a new node: the lesson's inv-tar first, then node-5, node-6, …
fn fresh_node_name(state: &LabState) -> String {
    let taken = |n: &str| state.nodes.iter().any(|x| x.name == n);
    let mut candidates = std::iter::once(lesson::JOINING_NODE.to_owned())
        .chain(lesson::NODES.iter().map(|s| (*s).to_owned()))
        .chain((1..).map(|i| format!("node-{i}")));
    candidates
        .find(|c| !taken(c))
        .unwrap_or_else(|| "node".to_owned())
}

/// Vnode hashes one deviation point may compute: keeps a point well under 50 ms in a browser.
const DEVIATION_POINT_BUDGET: f64 = 80_000.0;

/// A deviation-against-vnodes sweep computed one point at a time.
///
/// Each point runs [`DEFAULT_TRIALS`] renamed rings when that fits the budget of vnode hashes
/// per point, fewer (at least 2) for big clusters at high vnode counts.
#[derive(Debug)]
pub struct DeviationSweep {
    nodes: Vec<Node>,
    keys_generation: u64,
    next: usize,
    points: Vec<DeviationPoint>,
    /// The point being computed, a slice at a time ([`DeviationSweep::work`]).
    current: Option<DeviationPointTask>,
}

impl DeviationSweep {
    /// A sweep for the lab's current nodes and keys, with nothing computed yet.
    pub fn new(lab: &Lab) -> Self {
        DeviationSweep {
            nodes: lab.config.nodes.clone(),
            keys_generation: lab.keys_generation,
            next: 0,
            points: Vec::new(),
            current: None,
        }
    }

    /// Whether this sweep is for the lab's current nodes, weights and keys.
    pub fn is_for(&self, lab: &Lab) -> bool {
        self.keys_generation == lab.keys_generation && self.nodes == lab.config.nodes
    }

    /// Trials of the point at `vnodes` vnodes per node.
    pub fn trials_at(&self, vnodes: u32) -> u32 {
        let weights: f64 = self.nodes.iter().map(|n| n.weight).sum();
        let per_trial = (weights * f64::from(vnodes)).max(1.0);
        ((DEVIATION_POINT_BUDGET / per_trial) as u32).clamp(2, DEFAULT_TRIALS)
    }

    /// Whether every point is computed (a point the core rejects is skipped).
    pub fn is_done(&self) -> bool {
        self.next >= DEFAULT_VNODE_COUNTS.len()
    }

    /// Computes the next point. Returns whether the sweep is done.
    pub fn step(&mut self, keys: &KeySet) -> bool {
        let next = self.next;
        while self.next == next && !self.work(keys, u64::MAX / 4) {}
        self.is_done()
    }

    /// Does about `work` units (one ≈ one MD5 hash) of the sweep, a point's trials a slice
    /// at a time. Returns whether the sweep is done.
    pub fn work(&mut self, keys: &KeySet, work: u64) -> bool {
        let Some(&v) = DEFAULT_VNODE_COUNTS.get(self.next) else {
            return true;
        };
        let mut task = match self.current.take() {
            Some(t) => t,
            None => match DeviationPointTask::new(&self.nodes, v, self.trials_at(v)) {
                Ok(t) => t,
                Err(_) => {
                    // A point the core rejects is skipped.
                    self.next += 1;
                    return self.is_done();
                }
            },
        };
        if task.step(keys, work) {
            self.next += 1;
            self.points.push(task.finish(keys));
        } else {
            self.current = Some(task);
        }
        self.is_done()
    }

    /// The points so far.
    pub fn points(&self) -> &[DeviationPoint] {
        &self.points
    }
}

/// A keys-moved-per-strategy sweep (N → N+1 for N in [`MOVEMENT_SIZES`]), one point at a time.
#[derive(Debug)]
pub struct MovementSweep {
    names: Vec<String>,
    vnodes: u32,
    key_count: u32,
    keys: Option<Rc<KeySet>>,
    /// Its own key set in the making, when the lab's has another count.
    builder: Option<KeySetBuilder>,
    warmed: usize,
    /// The score column being hashed, a slice at a time.
    column: Vec<u64>,
    /// The point being computed, a strategy at a time.
    point: Option<MovementPointTask>,
    points: Vec<MovementPoint>,
    failed: bool,
}

impl MovementSweep {
    /// A sweep for the lab's node names, vnodes and keys (capped at [`MOVEMENT_SWEEP_KEYS`]).
    pub fn new(lab: &Lab) -> Self {
        MovementSweep {
            names: lab.config.node_names(),
            vnodes: lab.config.vnodes,
            key_count: lab.state.key_count.min(MOVEMENT_SWEEP_KEYS),
            keys: None,
            builder: None,
            warmed: 0,
            column: Vec::new(),
            point: None,
            points: Vec::new(),
            failed: false,
        }
    }

    /// Whether this sweep is for the lab's current node names, vnodes and key count.
    pub fn is_for(&self, lab: &Lab) -> bool {
        self.vnodes == lab.config.vnodes
            && self.key_count == lab.state.key_count.min(MOVEMENT_SWEEP_KEYS)
            && self.names == lab.config.node_names()
    }

    /// Keys the sweep uses.
    pub fn key_count(&self) -> u32 {
        self.key_count
    }

    /// Vnodes the ring uses in the sweep.
    pub fn vnodes(&self) -> u32 {
        self.vnodes
    }

    /// Whether every point is computed (or the sweep cannot go on).
    pub fn is_done(&self) -> bool {
        self.failed || self.points.len() >= MOVEMENT_SIZES.count()
    }

    /// Does the next piece of work: build the key set (when the lab's cannot be shared), or
    /// hash one rendezvous score column (the costly part, cached in the key set), or compute
    /// one strategy of a point. Returns whether the sweep is done.
    pub fn step(&mut self, lab: &Lab) -> bool {
        self.work(lab, u64::MAX / 4)
    }

    /// Does about `work` units (one ≈ one MD5 hash) of the next piece of work (see
    /// [`MovementSweep::step`]; a strategy of a point is done in one go). Returns whether the
    /// sweep is done.
    pub fn work(&mut self, lab: &Lab, work: u64) -> bool {
        let done = self.work_on(lab, work);
        if done {
            // Only the points are shown from now on. With more keys than the sweep uses, its
            // key set is its own, with a rendezvous score column per name (about 10 MB at
            // 100 000 keys): kept, it stayed beside the next experiment being computed and
            // raised the page's peak memory by as much.
            self.keys = None;
            self.builder = None;
            self.column = Vec::new();
            self.point = None;
        }
        done
    }

    fn work_on(&mut self, lab: &Lab, work: u64) -> bool {
        if self.is_done() {
            return true;
        }
        let Some(keys) = self.keys.clone() else {
            if lab.keys.len() == self.key_count as usize {
                self.keys = Some(Rc::clone(&lab.keys));
                return self.work_on(lab, work);
            }
            let builder = match self.builder.take() {
                Some(b) => Some(b),
                None => KeySetBuilder::lesson(self.key_count as usize).ok(),
            };
            match builder {
                Some(mut b) => {
                    if b.step(work) {
                        let k = b.finish();
                        k.set_score_cache_limit(LAB_SCORE_CACHE_SCORES);
                        self.keys = Some(Rc::new(k));
                    } else {
                        self.builder = Some(b);
                    }
                }
                None => self.failed = true,
            }
            return self.is_done();
        };
        let all_names = sweep_node_names(&self.names, MOVEMENT_SIZES.end() + 1);
        if let Some(name) = all_names.get(self.warmed) {
            if keys.cached_rendezvous_column(name).is_some() {
                self.warmed += 1;
                return self.work_on(lab, work);
            }
            let start = self.column.len();
            let end = keys
                .len()
                .min(start.saturating_add(usize::try_from(work).unwrap_or(usize::MAX).max(1)));
            self.column.resize(end, 0);
            keys.rendezvous_scores(name, start..end, &mut self.column[start..]);
            if end == keys.len() {
                let names: Vec<&str> = all_names.iter().map(String::as_str).collect();
                let column = std::mem::take(&mut self.column);
                keys.cache_rendezvous_column(name, column.into(), &names);
                self.warmed += 1;
            }
            return self.is_done();
        }
        let n = MOVEMENT_SIZES.start() + self.points.len();
        let mut point = self
            .point
            .take()
            .unwrap_or_else(|| MovementPointTask::new(&self.names, n, Change::Join, self.vnodes));
        match point.step(&keys) {
            Ok(true) => self.points.push(point.finish()),
            Ok(false) => self.point = Some(point),
            Err(_) => self.failed = true,
        }
        self.is_done()
    }

    /// The points so far.
    pub fn points(&self) -> &[MovementPoint] {
        &self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab() -> Lab {
        Lab::new(LabState::with_lang(Lang::En), Vec::new())
    }

    fn counts(lab: &Lab) -> Vec<(String, u64)> {
        lab.distribution()
            .nodes
            .iter()
            .map(|n| (n.name.clone(), n.keys))
            .collect()
    }

    #[test]
    fn moved_dots_are_grouped_by_their_change_of_owner() {
        // 32 colours, about two dots in three moved: hundreds of pairs.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let dots: Vec<Dot> = (0..1500)
            .map(|slot| {
                let r = next();
                Dot {
                    slot,
                    hash: r,
                    colour: (r % 32) as usize,
                    moved_from: (r % 3 != 0).then_some(((r >> 8) % 32) as usize),
                }
            })
            .collect();
        let got = moved_by_pair(&dots);
        // What a pass over all the dots for each pair, pairs in order, finds.
        let mut want = Vec::new();
        for from in 0..32 {
            for to in 0..32 {
                let these: Vec<usize> = (0..dots.len())
                    .filter(|&i| dots[i].moved_from == Some(from) && dots[i].colour == to)
                    .collect();
                if !these.is_empty() {
                    want.push(MovedPair {
                        from,
                        to,
                        dots: these,
                    });
                }
            }
        }
        assert!(want.len() > 300, "{} pairs", want.len());
        assert_eq!(got, want);
        assert!(moved_by_pair(&dots[..0]).is_empty());
    }

    #[test]
    fn the_default_lab_is_the_lessons_ring_150() {
        let lab = lab();
        assert_eq!(lab.distribution().keys_of("inv-bcn"), Some(24275));
        assert_eq!(lab.distribution().keys_of("inv-gir"), Some(27571));
        assert_eq!(lab.distribution().keys_of("inv-vlc"), Some(24835));
        assert_eq!(lab.distribution().keys_of("inv-lle"), Some(23319));
        assert!((lab.distribution().deviation_pct - 6.3).abs() < 0.05);
        assert!(lab.movement().is_none());
        assert!(lab.notices().is_empty());
    }

    #[test]
    fn an_invalid_change_keeps_the_last_valid_state_and_says_why() {
        let mut lab = lab();
        let before = counts(&lab);
        let rejected = [
            Msg::SetWeight {
                node: 0,
                weight: f64::NAN,
            },
            Msg::SetWeight {
                node: 0,
                weight: 0.0,
            },
            Msg::SetWeight {
                node: 0,
                weight: 1e308,
            },
            Msg::RenameNode {
                node: 1,
                name: "inv-bcn".into(),
            },
            Msg::RenameNode {
                node: 1,
                name: "   ".into(),
            },
            Msg::RenameNode {
                node: 1,
                name: "x".repeat(10_000),
            },
            Msg::SetVnodes(1_000_000_000),
            Msg::SetKeyCount(50_000_000),
            Msg::SetReplicas(9),
        ];
        for msg in rejected {
            lab.update(msg.clone());
            assert_eq!(counts(&lab), before, "{msg:?} changed the state");
            assert!(
                matches!(lab.notices(), [Notice::Rejected(_)]),
                "{msg:?}: {:?}",
                lab.notices()
            );
            assert!(!lab.notices()[0].text(Lang::Ca).is_empty());
        }
        lab.update(Msg::SetVnodes(10));
        assert!(lab.notices().is_empty());
    }

    #[test]
    fn adding_and_removing_nodes_reports_movement_and_highlights_moved_keys() {
        let mut lab = lab();
        lab.update(Msg::AddNode);
        assert_eq!(lab.config().nodes.len(), 5);
        assert_eq!(lab.config().nodes[4].name, "inv-tar");
        let m = lab.movement().expect("a movement");
        assert!(
            (m.moved_fraction * 100.0 - 19.2).abs() < 0.05,
            "{}",
            m.moved_fraction
        );
        assert!((m.ideal_fraction - 0.2).abs() < 1e-12);
        assert!(m.flow.iter().all(|f| f.to == "inv-tar"));
        let dots = lab.sample_dots();
        assert_eq!(dots.len(), SAMPLE_KEYS);
        let moved = dots.iter().filter(|d| d.moved_from.is_some()).count();
        assert!(moved > 150 && moved < 450, "{moved}");
        assert!(dots
            .iter()
            .filter(|d| d.moved_from.is_some())
            .all(|d| d.colour == 4));

        // inv-vlc (colour 1) leaves from the middle: the nodes after it change index, and
        // only its dots moved, each ringed in its colour.
        let vlc_dots = lab.sample_dots().iter().filter(|d| d.colour == 1).count();
        assert!(vlc_dots > 0);
        lab.update(Msg::RemoveNode(1));
        let m = lab.movement().expect("a movement");
        assert!(m.flow.iter().all(|f| f.from == "inv-vlc"));
        let moved: Vec<_> = lab
            .sample_dots()
            .into_iter()
            .filter_map(|d| d.moved_from)
            .collect();
        assert_eq!(moved.len(), vlc_dots);
        assert!(moved.iter().all(|&from| from == 1), "{moved:?}");
        // Colours stay with their node.
        assert_eq!(lab.colour_of(1), 2);
    }

    #[test]
    fn presets_show_the_lessons_figures() {
        for s in lesson::scenarios() {
            let mut lab = lab();
            // A change opens in compare mode: the "before" is side A, computed first.
            lab.begin(Msg::ApplyPreset(s.id.to_owned()));
            assert_eq!(lab.has_pending_change(), s.after.is_some(), "{}", s.id);
            lab.finish_work();
            assert!(!lab.has_pending_change());
            assert_eq!(lab.compare_on(), s.after.is_some(), "{}", s.id);
            if let Some(dev) = s.printed.deviation_pct {
                let d = lab
                    .compare_side()
                    .map_or(lab.distribution(), |side| &side.distribution);
                assert!(
                    (d.deviation_pct - dev).abs() < 0.05,
                    "{}: {}",
                    s.id,
                    d.deviation_pct
                );
            }
            let lf = lab.lesson_figures().expect("a preset");
            if let Some(moved) = s.printed.moved_pct {
                let m = lab.movement().expect("movement");
                assert!((m.moved_fraction * 100.0 - moved).abs() < 0.06, "{}", s.id);
                assert_eq!(lf.moved_pct, Some(moved));
            }
            for (name, keys) in &lf.counts {
                assert_eq!(lab.distribution().keys_of(name), Some(*keys), "{}", s.id);
            }
            assert_eq!(lab.state().preset.as_deref(), Some(s.id));
            // A reload of the URL shows the same movement.
            let reloaded = Lab::from_fragment(&lab.state().to_fragment(), Lang::En);
            assert_eq!(
                reloaded.movement().map(|m| m.moved),
                lab.movement().map(|m| m.moved),
                "{}",
                s.id
            );
            assert_eq!(counts(&reloaded), counts(&lab));
        }
    }

    #[test]
    fn a_manual_change_leaves_the_preset_and_another_message_cancels_its_pending_change() {
        let mut lab = lab();
        lab.begin(Msg::ApplyPreset("ring-join".into()));
        lab.begin(Msg::LookupKey("P-2026-000001".into()));
        lab.begin(Msg::SetLang(Lang::Ca));
        assert!(lab.has_pending_change());
        lab.update(Msg::SetVnodes(10));
        assert!(!lab.has_pending_change());
        assert_eq!(lab.state().preset, None);
        assert!(lab.lesson_figures().is_none());
        lab.update(Msg::ApplyPreset("nope".into()));
        assert_eq!(lab.notices(), [Notice::UnknownPreset]);
    }

    #[test]
    fn key_paths_follow_the_strategy() {
        let mut lab = lab();
        lab.update(Msg::LookupKey("  P-2026-000001 ".into()));
        let p = lab.key_path().expect("a path");
        assert_eq!(p.key, "P-2026-000001");
        assert_eq!(p.hash, 0x659d8a14f47e3b3b);
        assert!(p.md5_hex.starts_with("659d8a14f47e3b3b"));
        assert!(p.in_key_set);
        assert!(matches!(&p.detail, PathDetail::Ring { vnode, .. } if vnode.contains('#')));
        assert!((p.angle_deg - 0x659d8a14f47e3b3b_u64 as f64 / 2f64.powi(64) * 360.0).abs() < 1e-9);
        lab.update(Msg::SetStrategy(Strategy::Modulo));
        let p = lab.key_path().expect("a path");
        assert_eq!(
            p.detail,
            PathDetail::Modulo {
                n: 4,
                rem: 0x659d8a14f47e3b3b % 4
            }
        );
        assert_eq!(
            p.nodes[0].0,
            lab.config().nodes[(0x659d8a14f47e3b3b_u64 % 4) as usize].name
        );
        lab.update(Msg::SetReplicas(3));
        assert_eq!(lab.key_path().expect("a path").nodes.len(), 3);
        lab.update(Msg::LookupKey("not-a-lesson-key".into()));
        assert!(!lab.key_path().expect("a path").in_key_set);
        lab.update(Msg::LookupKey(" ".into()));
        assert_eq!(lab.notices(), [Notice::EmptyKey]);
        lab.update(Msg::SelectSlot(0));
        assert_eq!(
            lab.key_path().expect("a path").hash,
            lab.keys().sorted_hashes()[0]
        );
    }

    #[test]
    fn big_clusters_run_fewer_trials_at_high_vnode_counts() {
        let mut lab = lab();
        for _ in 0..28 {
            lab.update(Msg::AddNode);
        }
        assert_eq!(lab.config().nodes.len(), 32);
        let dev = DeviationSweep::new(&lab);
        assert_eq!(dev.trials_at(1), 16);
        assert_eq!(dev.trials_at(1000), 2);
    }

    #[test]
    fn the_key_set_is_rebuilt_only_when_the_count_changes() {
        let mut lab = lab();
        let g = lab.keys_generation();
        lab.update(Msg::SetVnodes(10));
        lab.update(Msg::AddNode);
        assert_eq!(lab.keys_generation(), g);
        lab.update(Msg::SetKeyCount(2000));
        assert_eq!(lab.keys_generation(), g + 1);
        assert_eq!(lab.keys().len(), 2000);
        assert!(lab.movement().is_none());
    }

    #[test]
    fn arc_shares_add_up_to_one() {
        let lab = lab();
        let shares = lab.arc_shares().expect("ring");
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let mut one = lab;
        one.update(Msg::SetVnodes(1));
        one.update(Msg::RemoveNode(3));
        one.update(Msg::RemoveNode(2));
        one.update(Msg::RemoveNode(1));
        assert_eq!(one.arc_shares(), Some(vec![1.0]));
    }

    #[test]
    fn sweeps_run_point_by_point() {
        let mut lab = lab();
        lab.update(Msg::SetKeyCount(5_000));
        let mut dev = DeviationSweep::new(&lab);
        assert!(dev.is_for(&lab));
        let keys = Rc::clone(lab.keys());
        let mut steps = 0;
        while !dev.step(&keys) {
            steps += 1;
        }
        assert_eq!(steps + 1, DEFAULT_VNODE_COUNTS.len());
        assert_eq!(dev.trials_at(1000), 16);
        assert_eq!(dev.points()[10].trials_deviation_pct.len(), 16);
        let mut mv = MovementSweep::new(&lab);
        while !mv.step(&lab) {}
        assert_eq!(mv.points().len(), MOVEMENT_SIZES.count());
        lab.update(Msg::SetWeight {
            node: 0,
            weight: 2.0,
        });
        assert!(!dev.is_for(&lab));
        assert!(mv.is_for(&lab));
        lab.update(Msg::SetVnodes(10));
        assert!(!mv.is_for(&lab));
    }

    #[test]
    fn removed_nodes_lower_the_replication_factor_aloud_and_returning_ones_restore_it() {
        let mut lab = lab();
        lab.update(Msg::SetReplicas(4));
        lab.update(Msg::RemoveNode(3));
        assert_eq!(lab.state().replicas, 3);
        assert_eq!(
            lab.notices(),
            [Notice::ReplicasLowered { wanted: 4, now: 3 }]
        );
        lab.update(Msg::RemoveNode(2));
        assert_eq!(lab.state().replicas, 2);
        assert_eq!(
            lab.notices(),
            [Notice::ReplicasLowered { wanted: 4, now: 2 }]
        );
        // Other changes keep the wish; one node back is not enough yet.
        lab.update(Msg::SetVnodes(10));
        lab.update(Msg::AddNode);
        assert_eq!(lab.state().replicas, 3);
        assert_eq!(
            lab.notices(),
            [Notice::ReplicasLowered { wanted: 4, now: 3 }]
        );
        lab.update(Msg::AddNode);
        assert_eq!(lab.state().replicas, 4);
        assert_eq!(lab.notices(), [Notice::ReplicasRestored { replicas: 4 }]);
        for lang in Lang::ALL {
            assert!(lab.notices()[0].text(lang).contains('4'));
        }
        // Restored once: another node does not touch it again.
        lab.update(Msg::AddNode);
        assert_eq!(lab.state().replicas, 4);
        assert!(lab.notices().is_empty());
    }

    #[test]
    fn a_factor_set_by_the_user_meanwhile_is_not_overridden() {
        let mut lab = lab();
        lab.update(Msg::SetReplicas(4));
        lab.update(Msg::RemoveNode(0));
        lab.update(Msg::SetReplicas(2));
        lab.update(Msg::AddNode);
        assert_eq!(lab.state().replicas, 2);
        assert!(lab.notices().is_empty());
        // Nor is one that was never lowered.
        let mut lab = lab_with("r=2");
        lab.update(Msg::RemoveNode(0));
        lab.update(Msg::AddNode);
        assert_eq!(lab.state().replicas, 2);
        assert!(lab.notices().is_empty());
    }

    fn lab_with(fragment: &str) -> Lab {
        Lab::from_fragment(fragment, Lang::En)
    }

    #[test]
    fn a_preset_chosen_over_a_typed_name_is_held_and_the_name_kept() {
        let mut lab = lab();
        // The click on the preset first commits the name being typed, then holds the preset.
        lab.update(Msg::RenameNode {
            node: 0,
            name: "mine".into(),
        });
        lab.update(Msg::HoldPreset("ring-10".into()));
        assert_eq!(lab.state().nodes[0].name, "mine");
        assert_eq!(lab.state().vnodes, 150);
        assert_eq!(lab.state().preset, None);
        assert_eq!(
            lab.notices(),
            [Notice::PresetHeld {
                preset: "ring-10".into()
            }]
        );
        assert!(lab.notices()[0]
            .text(Lang::En)
            .contains("Ring, 10 virtual nodes"));
        // A refused name keeps its own notice beside it.
        lab.update(Msg::RenameNode {
            node: 0,
            name: "inv-vlc".into(),
        });
        lab.update(Msg::HoldPreset("ring-10".into()));
        assert!(matches!(
            lab.notices(),
            [Notice::Rejected(_), Notice::PresetHeld { .. }]
        ));
        // Chosen again, the preset applies.
        lab.update(Msg::ApplyPreset("ring-10".into()));
        assert_eq!(lab.state().vnodes, 10);
        assert_eq!(lab.state().preset.as_deref(), Some("ring-10"));
        lab.update(Msg::HoldPreset("nope".into()));
        assert_eq!(lab.notices(), [Notice::UnknownPreset]);
    }

    #[test]
    fn a_preset_label_goes_as_soon_as_the_experiment_differs() {
        let mut lab = lab();
        lab.update(Msg::ApplyPreset("ring-150".into()));
        // Setting what is already there keeps it.
        lab.update(Msg::SetVnodes(150));
        assert_eq!(lab.state().preset.as_deref(), Some("ring-150"));
        lab.update(Msg::SetKeyCount(2_000));
        assert_eq!(lab.state().preset, None);
        // An address that changes the preset's experiment loads without the label.
        let mut lab = lab_with("p=ring-10");
        assert_eq!(lab.state().preset.as_deref(), Some("ring-10"));
        let mut f = lab.state().to_fragment();
        f = f.replace("v=10", "v=20");
        lab.update(Msg::LoadFragment(f));
        assert_eq!(
            (lab.state().vnodes, lab.state().preset.as_deref()),
            (20, None)
        );
        assert!(lab.lesson_figures().is_none());
        assert!(lab.notices().is_empty());
    }

    #[test]
    fn a_gesture_shares_the_assignment_on_screen_instead_of_copying_it() {
        let mut lab = lab();
        lab.begin(Msg::SetVnodes(lab.state().vnodes + 10));
        // The change is on its way: the experiment on screen is the gesture's baseline,
        // shared, not copied (a million keys' owners and points are several megabytes).
        let b = lab
            .baseline
            .as_ref()
            .expect("a slider step opens a gesture");
        assert!(Rc::ptr_eq(&b.assignment, &lab.assignment));
        lab.finish_work();
        let b = lab.baseline.as_ref().expect("the gesture is still open");
        assert!(!Rc::ptr_eq(&b.assignment, &lab.assignment));
        assert!(lab.movement().is_some_and(|m| m.moved > 0));
        // The next step of the same gesture keeps the same baseline.
        let before = Rc::clone(&b.assignment);
        lab.update(Msg::SetVnodes(lab.state().vnodes + 10));
        let b = lab.baseline.as_ref().expect("the gesture is still open");
        assert!(Rc::ptr_eq(&b.assignment, &before));
    }

    #[test]
    fn a_finished_movement_sweep_keeps_its_points_and_lets_its_own_key_set_go() {
        // More keys than the sweep uses: it hashes a key set of its own, with a score column
        // per name cached in it.
        let lab = lab_with(&format!("n=a,b,c&k={}&v=10", MOVEMENT_SWEEP_KEYS * 2));
        let mut mv = MovementSweep::new(&lab);
        let mut held = false;
        while !mv.work(&lab, 50_000) {
            held |= mv.keys.as_ref().is_some_and(|k| !Rc::ptr_eq(k, lab.keys()));
        }
        assert!(held, "the sweep works on a key set of its own");
        let points = mv.points().to_vec();
        assert_eq!(points.len(), MOVEMENT_SIZES.count());
        assert!(mv.keys.is_none() && mv.builder.is_none() && mv.column.capacity() == 0);
        // Asked again, it has nothing to do: no key set built anew, the same points.
        assert!(mv.work(&lab, 50_000));
        assert!(mv.keys.is_none() && mv.builder.is_none());
        assert_eq!(mv.points(), &points[..]);
        assert!(mv.is_for(&lab));
    }

    #[test]
    fn a_user_node_called_like_a_generated_one_does_not_cut_the_movement_chart() {
        let mut lab = lab_with("n=a,node-3,node-4&k=2000&v=10");
        assert!(lab.notices().is_empty());
        let mut mv = MovementSweep::new(&lab);
        while !mv.step(&lab) {}
        assert_eq!(mv.points().len(), MOVEMENT_SIZES.count());
        lab.update(Msg::RenameNode {
            node: 0,
            name: "node-11".into(),
        });
        let mut mv = MovementSweep::new(&lab);
        while !mv.step(&lab) {}
        assert_eq!(mv.points().len(), MOVEMENT_SIZES.count());
    }

    #[test]
    fn a_fragment_reload_reproduces_the_figures() {
        let mut lab = lab();
        lab.update(Msg::SetVnodes(10));
        lab.update(Msg::SetWeight {
            node: 2,
            weight: 1.5,
        });
        lab.update(Msg::SetStrategy(Strategy::Rendezvous));
        let f = lab.state().to_fragment();
        let again = Lab::from_fragment(&f, Lang::Ca);
        assert_eq!(counts(&again), counts(&lab));
        assert_eq!(again.state(), lab.state());
    }

    /// The movement a direct change from `from` to `to` gives on the lab's keys.
    fn direct_movement(lab: &Lab, from: &LabState, to: &LabState) -> Movement {
        let (a, b) = (from.config(), to.config());
        let before = Partitioner::new(&a).map(|p| p.assign(lab.keys(), 1));
        let after = Partitioner::new(&b).map(|p| p.assign(lab.keys(), 1));
        match (before, after) {
            (Ok(x), Ok(y)) => Movement::between(&a, &x, &b, &y),
            _ => panic!("the test's configurations are valid"),
        }
    }

    #[test]
    fn a_weight_dragged_from_1_to_2_counts_the_whole_drag_from_its_start() {
        // Exercise 1: inv-bcn's weight dragged from 1 to 2 in the slider's steps of 0.1.
        let mut lab = lab();
        let start = lab.state().clone();
        for step in 1..=10 {
            lab.update(Msg::SetWeight {
                node: 0,
                weight: 1.0 + f64::from(step) / 10.0,
            });
        }
        lab.update(Msg::EndGesture);
        let direct = direct_movement(&lab, &start, lab.state());
        let m = lab.movement().map(|m| m.moved).unwrap_or(0);
        assert_eq!(m, direct.moved);
        // The lesson's exercise 1: about 15.4 % of the keys move.
        let pct = 100.0 * direct.moved_fraction;
        assert!((pct - 15.4).abs() < 0.5, "{pct}");
        // The next drag starts from where this one ended: its first step moves far fewer.
        let before_step = lab.state().clone();
        lab.update(Msg::SetWeight {
            node: 0,
            weight: 1.9,
        });
        let one_step = lab.movement().map(|m| m.moved).unwrap_or(0);
        assert_eq!(
            one_step,
            direct_movement(&lab, &before_step, lab.state()).moved
        );
        assert!(
            one_step * 5 < direct.moved,
            "{one_step} vs {}",
            direct.moved
        );
        // A drag back to where its gesture began moved nothing.
        lab.update(Msg::SetWeight {
            node: 0,
            weight: 2.0,
        });
        assert!(lab.movement().is_none());
    }

    #[test]
    fn a_pinned_baseline_counts_every_change_until_cleared() {
        let mut lab = lab();
        let start = lab.state().clone();
        lab.update(Msg::PinBaseline);
        assert!(lab.baseline_pinned());
        lab.update(Msg::AddNode);
        lab.update(Msg::SetVnodes(500));
        lab.update(Msg::EndGesture);
        lab.update(Msg::SetWeight {
            node: 1,
            weight: 2.0,
        });
        let m = lab.movement().map(|m| m.moved).unwrap_or(0);
        assert_eq!(m, direct_movement(&lab, &start, lab.state()).moved);
        assert_eq!(lab.baseline_config(), Some(&start.config()));
        lab.update(Msg::ClearBaseline);
        assert!(!lab.baseline_pinned());
        let before = lab.state().clone();
        lab.update(Msg::RemoveNode(4));
        let m = lab.movement().map(|m| m.moved).unwrap_or(0);
        assert_eq!(m, direct_movement(&lab, &before, lab.state()).moved);
    }

    #[test]
    fn a_slider_moved_away_and_back_is_back_at_its_baseline_not_unchanged() {
        let mut lab = lab();
        assert!(!lab.back_at_baseline());
        // A reference pinned where nothing has changed yet: nothing to come back from.
        lab.update(Msg::PinBaseline);
        assert!(lab.baseline_pinned());
        assert!(!lab.back_at_baseline());
        lab.update(Msg::ClearBaseline);
        let start = lab.state().vnodes;
        lab.update(Msg::SetVnodes(start / 2));
        assert!(lab.movement().is_some());
        assert!(!lab.back_at_baseline());
        lab.update(Msg::SetVnodes(start));
        assert!(lab.movement().is_none());
        assert!(lab.back_at_baseline());
        // The gesture over, the next change counts from the setting on screen again.
        lab.update(Msg::EndGesture);
        lab.update(Msg::AddNode);
        assert!(lab.movement().is_some());
        assert!(!lab.back_at_baseline());
    }

    #[test]
    fn a_gesture_remembers_the_deviation_it_started_from() {
        let mut lab = lab();
        let start = lab.distribution().deviation_pct;
        assert_eq!(lab.baseline_deviation(), None);
        for v in [100, 50, 10] {
            lab.update(Msg::SetVnodes(v));
        }
        assert_eq!(lab.baseline_deviation(), Some(start));
        lab.update(Msg::EndGesture);
        lab.update(Msg::AddNode);
        assert_eq!(lab.baseline_deviation(), None);
    }
}
