//! Changes computed a slice at a time.
//!
//! An accepted change becomes a [`Job`]: hash the keys (when their count changed), assign
//! them (hashing rendezvous scores on the way), compare with the assignment on screen. The
//! page calls [`Lab::work`] with a few milliseconds' worth of work units per task and keeps
//! showing the last complete experiment, with [`Lab::progress`] as a note, until the job
//! commits; native callers ([`Lab::update`]) run it to the end at once. Nothing a job does
//! is visible before it commits, and a newer change replaces it, keeping the keys it already
//! hashed when the count is the same.

use std::rc::Rc;

use partlab_core::budget;
use partlab_core::config::Strategy;
use partlab_core::keys::{KeySet, KeySetBuilder};
use partlab_core::ring_change::{DerivedRing, RingChange};
use partlab_core::stats::{Distribution, Movement, MovementTask};
use partlab_core::strategy::{AssignTask, Assignment, Building, Partitioner, PartitionerBuilder};

use super::{sample_slots, Lab, Notice, Previous};
use crate::state::{Field, FragmentIssue, LabState, StateError};

/// Rendezvous scores a lab's key set keeps cached, all columns together (16 MB): what fits
/// the page's memory figure next to a million keys.
pub const LAB_SCORE_CACHE_SCORES: usize = 2_000_000;

/// What a job is doing (the page words it in its progress note).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkStage {
    /// Hashing and sorting the keys.
    HashKeys,
    /// Hashing the vnodes' positions and building the ring (the ring and bounded loads).
    Ring,
    /// Filling Maglev's lookup table.
    Table,
    /// Assigning the keys (hashing rendezvous scores on the way).
    Assign,
    /// Comparing with the previous assignment (keys moved).
    Compare,
}

/// Most ring points a [`Preview`] builds (a few milliseconds of hashing).
const PREVIEW_MAX_POINTS: usize = 20_000;

/// Largest Maglev table a [`Preview`] fills: the default size (the large one took 50–75 ms
/// in one task on a cold start).
const PREVIEW_MAX_TABLE: u64 = partlab_core::zoo::maglev::DEFAULT_TABLE_SIZE;

/// Most ring points whose partitioner is built before the keys, for a [`Preview`]: a ring
/// of 160 000 points took 45–65 ms to draw on a cold start (the page's code not yet
/// optimised), and is drawn once the experiment is computed instead; bounded loads' 32 000
/// points take 20–55 ms.
const PREPARE_MAX_POINTS: usize = 40_000;

/// The number of ring points of `config` (weighted vnodes), 0 for strategies without a ring.
fn ring_points(config: &partlab_core::Config) -> usize {
    if !config.strategy.uses_vnodes() {
        return 0;
    }
    (0..config.nodes.len())
        .map(|i| config.vnodes_of(i) as usize)
        .sum()
}

/// Whether the first experiment of `config` has its partitioner built first (see
/// [`Stage::Prepare`]): too big for a one-task [`Preview`], small enough to draw.
fn built_first(config: &partlab_core::Config) -> bool {
    too_big_to_preview(config) && ring_points(config) <= PREPARE_MAX_POINTS
}

/// Whether `config`'s partitioner takes too long to build in one task for a [`Preview`]: a
/// ring (or bounded loads' ring) over [`PREVIEW_MAX_POINTS`], a Maglev table over
/// [`PREVIEW_MAX_TABLE`].
fn too_big_to_preview(config: &partlab_core::Config) -> bool {
    match config.strategy {
        s if s.uses_vnodes() => ring_points(config) > PREVIEW_MAX_POINTS,
        Strategy::Maglev => config.params.table_size > PREVIEW_MAX_TABLE,
        _ => false,
    }
}

/// What the ring of the experiment being computed first looks like, from its configuration
/// alone: its vnodes and where the sample keys go. Drawn while the keys are hashed (before
/// the first experiment is ready), so the ring is on screen at once and the figures follow.
#[derive(Clone, Debug)]
pub struct Preview {
    /// The ring's vnodes (ring strategy only).
    pub points: Option<Vec<partlab_core::strategy::RingPoint>>,
    /// The sample keys (the first [`super::SAMPLE_KEYS`] lesson ids) with their owner's
    /// colour; `slot` is `usize::MAX`: they are not in a key set yet.
    pub dots: Vec<super::Dot>,
}

/// How far a job is: `done` of `total` work units of its current stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// The stage.
    pub stage: WorkStage,
    /// Work units done in it.
    pub done: u64,
    /// Its work units.
    pub total: u64,
    /// Keys the job works on.
    pub keys: u64,
}

impl Progress {
    /// Done / total, 0–1.
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            (self.done as f64 / self.total as f64).clamp(0.0, 1.0)
        }
    }
}

/// A change on its way (see the module documentation).
#[derive(Debug)]
pub(crate) struct Job {
    /// The state it computes.
    pub(crate) next: LabState,
    /// Keep the movement from the experiment on screen.
    track: bool,
    /// A whole new experiment (an address, the first state): no movement, and a preset's
    /// change is restored as on a reload.
    reload: bool,
    stage: Stage,
}

#[derive(Debug)]
enum Stage {
    /// The first experiment's partitioner, built before its keys are hashed when it is too
    /// big for a one-task [`Preview`]: once built, the preview comes from it.
    Prepare {
        builder: PartitionerBuilder,
        keys: KeySetBuilder,
    },
    /// Hashing the keys; `prepared`: the partitioner, when [`Stage::Prepare`] built it.
    Keys {
        builder: KeySetBuilder,
        prepared: Option<Partitioner>,
    },
    /// Building the partitioner: a ring's vnodes or Maglev's table, in slices.
    Build {
        keys: Rc<KeySet>,
        builder: PartitionerBuilder,
    },
    Assign {
        keys: Rc<KeySet>,
        partitioner: Partitioner,
        task: AssignTask,
    },
    Compare {
        keys: Rc<KeySet>,
        partitioner: Partitioner,
        assignment: Assignment,
        counts: Vec<u64>,
        task: MovementTask,
    },
    /// Assigned and compared at once, from the experiment the movement counts from (see
    /// [`Lab::assign_or_derive`]): committed by the next step.
    Derived {
        keys: Rc<KeySet>,
        partitioner: Partitioner,
        derived: DerivedRing,
    },
    /// The configuration the movement counts from again (a slider gesture back at its
    /// start): its assignment (shared) and counts (see [`Lab::assign_or_derive`]); committed
    /// by the next step, with no movement.
    Copied {
        keys: Rc<KeySet>,
        partitioner: Partitioner,
        assignment: Rc<Assignment>,
        counts: Vec<u64>,
    },
    /// Placeholder while a stage is moved out.
    Empty,
}

/// Checks a state the lab is asked to compute: the lab's own limits, the core's
/// configuration rules and the work budget.
pub(crate) fn check(state: &LabState) -> Result<(), StateError> {
    state.validate()?;
    budget::check_assignment(&state.config(), u64::from(state.key_count))
        .map_err(StateError::Config)
}

/// A state read from an address, made one the lab computes. Each field of an address is
/// checked on its own when it is read; fields valid alone can still break a rule together
/// (nodes × keys over the work budget). The address is not replaced by the default
/// experiment then: the page shows the address with the fewest fields taken from `defaults`
/// (one field, the first in [`ADDRESS_FALLBACKS`]'s order that makes the experiment pass),
/// and the issue names that field and the rule it broke. Only when no single field does it
/// is the default experiment shown (with the language, view and selected key asked for).
pub(crate) fn fit_address_state(
    state: LabState,
    defaults: &LabState,
) -> (LabState, Option<FragmentIssue>) {
    let Err(error) = check(&state) else {
        return (state, None);
    };
    for &(field, reset) in ADDRESS_FALLBACKS {
        let mut fitted = state.clone();
        reset(&mut fitted, defaults);
        if fitted.replicas as usize > fitted.nodes.len() {
            fitted.replicas = defaults.replicas;
        }
        let same = fitted.config() == state.config() && fitted.key_count == state.key_count;
        if same || check(&fitted).is_err() {
            continue;
        }
        if !fitted.is_preset_state() {
            fitted.preset = None;
        }
        return (fitted, Some(FragmentIssue::Rejected { field, error }));
    }
    let mut fallback = defaults.clone();
    fallback.lang = state.lang;
    fallback.embed = state.embed;
    fallback.key = state.key;
    (fallback, Some(FragmentIssue::Invalid(error)))
}

/// Resets the state's `field` to the defaults'.
type FieldReset = fn(&mut LabState, &LabState);

/// The fields an address's experiment falls back on, one at a time, in the order tried: the
/// cheapest way back under the work budget first (fewer keys, fewer copies, fewer vnodes),
/// then the nodes, the strategy's parameter and the strategy.
const ADDRESS_FALLBACKS: &[(Field, FieldReset)] = &[
    (Field::Keys, |s, d| s.key_count = d.key_count),
    (Field::Replicas, |s, d| s.replicas = d.replicas),
    (Field::Vnodes, |s, d| s.vnodes = d.vnodes),
    (Field::Nodes, |s, d| s.nodes = d.nodes.clone()),
    (Field::TableSize, |s, d| {
        s.params.table_size = d.params.table_size
    }),
    (Field::LoadFactor, |s, d| {
        s.params.load_factor = d.params.load_factor
    }),
    (Field::Probes, |s, d| s.params.probes = d.params.probes),
    (Field::Strategy, |s, d| {
        s.strategy = d.strategy;
        s.params = d.params;
    }),
];

fn new_keys(builder: KeySetBuilder) -> Rc<KeySet> {
    let keys = builder.finish();
    keys.set_score_cache_limit(LAB_SCORE_CACHE_SCORES);
    Rc::new(keys)
}

impl Lab {
    /// The state the controls and the address show: the one being computed while a change
    /// is on its way, else the one on screen ([`Lab::state`]).
    pub fn target_state(&self) -> &LabState {
        self.job.as_ref().map_or(&self.state, |j| &j.next)
    }

    /// Changes each time a computed experiment replaces the one on screen: everything drawn
    /// from the figures (ring, tables, charts) is current while it stays the same.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Like [`Lab::from_fragment_over`], but the experiment is only started (see
    /// [`Lab::starting`]).
    pub fn starting_from_fragment_over(
        fragment: &str,
        defaults: LabState,
        mut issues: Vec<crate::state::FragmentIssue>,
    ) -> Lab {
        let (state, more) = LabState::from_fragment_over(fragment, defaults.clone());
        issues.extend(more);
        let (state, refused) = fit_address_state(state, &defaults);
        issues.extend(refused);
        let mut lab = Lab::starting(state, issues, defaults);
        lab.open_compare_from(fragment);
        lab
    }

    /// While the first experiment is computed, its [`Preview`]: `None` once ready; for a
    /// ring or a Maglev table too big to build in one task, `None` until the job has built it
    /// (see [`Lab::preview_on_its_way`]), and always for a ring too big to draw in a frame
    /// on a cold start (over [`PREPARE_MAX_POINTS`]).
    pub fn preview(&self) -> Option<Preview> {
        if self.ready {
            return None;
        }
        let st = self.target_state();
        let config = st.config();
        let built;
        let p = if too_big_to_preview(&config) {
            match &self.job.as_ref()?.stage {
                Stage::Keys {
                    prepared: Some(p), ..
                } => p,
                _ => return None,
            }
        } else {
            built = Partitioner::new(&config).ok()?;
            &built
        };
        let colour = |n: usize| st.nodes.get(n).map_or(n, |x| x.colour);
        let n = super::SAMPLE_KEYS.min(st.key_count as usize) as u64;
        let mut dots: Vec<super::Dot> = (1..=n)
            .map(|i| {
                let placed = p.place(&partlab_core::hash::lesson_key(i), 1);
                super::Dot {
                    slot: usize::MAX,
                    hash: placed.hash,
                    colour: colour(placed.nodes.first().map_or(0, |&o| o as usize)),
                    moved_from: None,
                }
            })
            .collect();
        // In ring order, as the lab's own dots are.
        partlab_core::order::sort_by_key_stable(&mut dots, |d| d.hash);
        Some(Preview {
            points: p.ring().map(|r| r.points().to_vec()),
            dots,
        })
    }

    /// Whether the first experiment's [`Preview`], not available yet, will be once the
    /// partitioner being built first is done (the page then draws it before the keys are
    /// hashed).
    pub fn preview_on_its_way(&self) -> bool {
        !self.ready
            && matches!(
                self.job.as_ref().map(|j| &j.stage),
                Some(Stage::Prepare { .. })
            )
    }

    /// Whether a change is being computed (the figures show the previous experiment).
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Whether the experiment on screen is one the user asked for: false only while the
    /// first one is computed (the page shows a progress note instead of the views).
    pub fn ready(&self) -> bool {
        self.ready
    }

    /// How far the change on its way is.
    pub fn progress(&self) -> Option<Progress> {
        let job = self.job.as_ref()?;
        let keys = u64::from(job.next.key_count);
        Some(match &job.stage {
            Stage::Keys { builder: b, .. } => Progress {
                stage: WorkStage::HashKeys,
                done: b.work_done(),
                total: b.total_work(),
                keys,
            },
            Stage::Prepare { builder, .. } | Stage::Build { builder, .. } => Progress {
                stage: match builder.building() {
                    Building::Table => WorkStage::Table,
                    Building::Ring | Building::Nothing => WorkStage::Ring,
                },
                done: builder.work_done(),
                total: builder.total_work(),
                keys,
            },
            Stage::Assign { task, .. } => Progress {
                stage: WorkStage::Assign,
                done: task.work_done(),
                total: task.total_work(),
                keys,
            },
            Stage::Compare { task, .. } => Progress {
                stage: WorkStage::Compare,
                done: task.work_done(),
                total: task.total_work(),
                keys,
            },
            Stage::Derived { .. } | Stage::Copied { .. } => Progress {
                stage: WorkStage::Compare,
                done: 1,
                total: 1,
                keys,
            },
            Stage::Empty => Progress {
                stage: WorkStage::Assign,
                done: 0,
                total: 0,
                keys,
            },
        })
    }

    /// Starts computing `next` (already checked with [`check`]), replacing a job on its way.
    /// `track`: show the movement from the experiment on screen; `reload`: a whole new
    /// experiment.
    pub(crate) fn start_job(&mut self, next: LabState, track: bool, reload: bool) {
        let count = next.key_count as usize;
        let old = self.job.take();
        // A change on top of one on its way: tracked only if both were, and a reload stays one.
        let (track, reload) = match &old {
            Some(j) => (track && j.track, reload || j.reload),
            None => (track, reload),
        };
        // Keys: those on screen, those of the job replaced, or new ones.
        let mut keys = (self.keys.len() == count).then(|| Rc::clone(&self.keys));
        let mut builder = None;
        if let Some(j) = old {
            match j.stage {
                Stage::Keys { builder: b, .. } | Stage::Prepare { keys: b, .. }
                    if b.len() == count =>
                {
                    builder = Some(b)
                }
                Stage::Build { keys: k, .. }
                | Stage::Assign { keys: k, .. }
                | Stage::Compare { keys: k, .. }
                | Stage::Derived { keys: k, .. }
                | Stage::Copied { keys: k, .. }
                    if k.len() == count =>
                {
                    keys = Some(k)
                }
                _ => {}
            }
        }
        let stage = match (keys, builder) {
            (Some(keys), _) => self.assign_stage(keys, &next, track, reload),
            (None, Some(b)) => self.keys_stage(b, &next),
            (None, None) => match KeySetBuilder::lesson(count) {
                Ok(b) => {
                    // The cached scores of the old keys are of no use to the new ones.
                    self.keys.clear_score_cache();
                    self.keys_stage(b, &next)
                }
                // The state was checked: the count is valid.
                Err(_) => return,
            },
        };
        self.job = Some(Job {
            next,
            track,
            reload,
            stage,
        });
    }

    /// Hashing `keys` for `next`; for the first experiment, when its partitioner is too big
    /// for a one-task preview but its ring small enough to draw ([`built_first`]), that
    /// partitioner is built first (so the ring can be drawn long before the keys are hashed).
    fn keys_stage(&self, keys: KeySetBuilder, next: &LabState) -> Stage {
        let config = next.config();
        if !self.ready && built_first(&config) {
            if let Ok(builder) = PartitionerBuilder::new(&config) {
                return Stage::Prepare { builder, keys };
            }
        }
        Stage::Keys {
            builder: keys,
            prepared: None,
        }
    }

    /// Assigning `keys` for `next`, its partitioner built first unless that is quick (see
    /// [`Lab::assign_or_derive`] for `track` and `reload`).
    fn assign_stage(&self, keys: Rc<KeySet>, next: &LabState, track: bool, reload: bool) -> Stage {
        match PartitionerBuilder::new(&next.config()) {
            Ok(builder) if builder.is_done() => {
                self.assign_or_derive(keys, builder.finish(None), next, track, reload)
            }
            Ok(builder) => Stage::Build { keys, builder },
            // The state was checked; should the core still refuse it, nothing happens.
            Err(_) => Stage::Empty,
        }
    }

    /// Assigning `keys` with `partitioner` for `next`; or, when the change is tracked (`track`,
    /// not `reload`, the same keys) and it and the experiment it counts from (the baseline or
    /// the one on screen) are both rings with one copy, its assignment and movement derived
    /// from that experiment arc by arc ([`RingChange`]): a node's join or a slider step looks
    /// at the keys of the arcs it changes, not at every key.
    ///
    /// A tracked change back to the configuration the movement counts from takes that
    /// experiment's assignment (shared) and counts: the same keys under the same configuration land
    /// where they did (a slider moved away and back within a gesture assigned every key again).
    fn assign_or_derive(
        &self,
        keys: Rc<KeySet>,
        partitioner: Partitioner,
        next: &LabState,
        track: bool,
        reload: bool,
    ) -> Stage {
        if !(track && !reload && self.ready && Rc::ptr_eq(&keys, &self.keys)) {
            return Self::assign_with(keys, partitioner, next.replicas);
        }
        let config = next.config();
        let (base_config, base) = self.movement_base();
        if config == *base_config && base.replicas == partitioner.copies(next.replicas as usize) {
            let counts = match self.current_baseline() {
                Some(b) => b.counts.clone(),
                None => self.counts_on_screen(),
            };
            return Stage::Copied {
                keys,
                partitioner,
                assignment: Rc::clone(base),
                counts,
            };
        }
        if next.replicas == 1 {
            let on_screen;
            let (before_config, before, before_assignment, before_counts) =
                match self.current_baseline() {
                    Some(b) => match &b.ring {
                        Some(ring) => (&b.config, ring, &b.assignment, &b.counts[..]),
                        None => return Self::assign_with(keys, partitioner, next.replicas),
                    },
                    None => {
                        on_screen = self.counts_on_screen();
                        (
                            &self.config,
                            &self.partitioner,
                            &self.assignment,
                            &on_screen[..],
                        )
                    }
                };
            // A different configuration from `before_config` (the same one is copied above).
            let change = RingChange {
                keys: &keys,
                before_config,
                before,
                before_assignment,
                before_counts,
                after_config: &config,
                after: &partitioner,
            };
            if let Some(derived) = change.derive() {
                return Stage::Derived {
                    keys,
                    partitioner,
                    derived,
                };
            }
        }
        Self::assign_with(keys, partitioner, next.replicas)
    }

    fn assign_with(keys: Rc<KeySet>, partitioner: Partitioner, replicas: u32) -> Stage {
        let task = AssignTask::new(&partitioner, &keys, replicas as usize);
        Stage::Assign {
            keys,
            partitioner,
            task,
        }
    }

    /// Does about `work` units of the change on its way (one unit ≈ hashing one key); commits
    /// it when it is complete. Returns whether the lab is idle.
    pub fn work(&mut self, work: u64) -> bool {
        let Some(mut job) = self.job.take() else {
            return true;
        };
        let stage = std::mem::replace(&mut job.stage, Stage::Empty);
        job.stage = match stage {
            Stage::Prepare { mut builder, keys } => {
                if builder.step(Some(&mut self.vnode_cache), work) {
                    Stage::Keys {
                        builder: keys,
                        prepared: Some(builder.finish(Some(&mut self.vnode_cache))),
                    }
                } else {
                    Stage::Prepare { builder, keys }
                }
            }
            Stage::Keys {
                builder: mut b,
                prepared,
            } => {
                if !b.step(work) {
                    Stage::Keys {
                        builder: b,
                        prepared,
                    }
                } else if let Some(partitioner) = prepared {
                    Self::assign_with(new_keys(b), partitioner, job.next.replicas)
                } else {
                    self.assign_stage(new_keys(b), &job.next, job.track, job.reload)
                }
            }
            Stage::Build { keys, mut builder } => {
                if builder.step(Some(&mut self.vnode_cache), work) {
                    let partitioner = builder.finish(Some(&mut self.vnode_cache));
                    self.assign_or_derive(keys, partitioner, &job.next, job.track, job.reload)
                } else {
                    Stage::Build { keys, builder }
                }
            }
            Stage::Assign {
                keys,
                partitioner,
                mut task,
            } => {
                if !task.step(&keys, work) {
                    Stage::Assign {
                        keys,
                        partitioner,
                        task,
                    }
                } else {
                    let (assignment, counts) = task.finish(&keys);
                    let config = job.next.config();
                    let same_keys = Rc::ptr_eq(&keys, &self.keys);
                    let (base_config, base) = self.movement_base();
                    if job.track && !job.reload && same_keys && config != *base_config {
                        let task = MovementTask::new(
                            base_config,
                            base.replicas,
                            &config,
                            assignment.replicas,
                            keys.len(),
                        );
                        Stage::Compare {
                            keys,
                            partitioner,
                            assignment,
                            counts,
                            task,
                        }
                    } else {
                        self.commit(job, keys, partitioner, Rc::new(assignment), counts, None);
                        return self.job.is_none();
                    }
                }
            }
            Stage::Compare {
                keys,
                partitioner,
                assignment,
                counts,
                mut task,
            } => {
                let (_, base) = self.movement_base();
                if task.step(base, &assignment, work) {
                    let movement = task.finish(base, &assignment);
                    let assignment = Rc::new(assignment);
                    self.commit(job, keys, partitioner, assignment, counts, Some(movement));
                    return self.job.is_none();
                }
                Stage::Compare {
                    keys,
                    partitioner,
                    assignment,
                    counts,
                    task,
                }
            }
            Stage::Copied {
                keys,
                partitioner,
                assignment,
                counts,
            } => {
                self.commit(job, keys, partitioner, assignment, counts, None);
                return self.job.is_none();
            }
            Stage::Derived {
                keys,
                partitioner,
                derived,
            } => {
                let DerivedRing {
                    assignment,
                    counts,
                    movement,
                } = derived;
                let assignment = Rc::new(assignment);
                self.commit(job, keys, partitioner, assignment, counts, Some(movement));
                return self.job.is_none();
            }
            Stage::Empty => return true,
        };
        self.job = Some(job);
        false
    }

    /// The configuration and assignment "keys moved" counts from: the baseline when there is
    /// one for this key set, else the experiment on screen.
    fn movement_base(&self) -> (&partlab_core::Config, &Rc<Assignment>) {
        match self
            .baseline
            .as_ref()
            .filter(|b| b.keys_generation == self.keys_generation)
        {
            Some(b) => (&b.config, &b.assignment),
            None => (&self.config, &self.assignment),
        }
    }

    /// Runs the change on its way to the end.
    pub fn finish_work(&mut self) {
        while !self.work(u64::MAX / 256) {}
    }

    /// Makes a computed job the experiment on screen.
    fn commit(
        &mut self,
        job: Job,
        keys: Rc<KeySet>,
        partitioner: Partitioner,
        assignment: Rc<Assignment>,
        counts: Vec<u64>,
        movement: Option<Movement>,
    ) {
        let same_keys = Rc::ptr_eq(&keys, &self.keys);
        if !same_keys {
            self.keys_generation += 1;
            self.sample = sample_slots(&keys);
        }
        let config = job.next.config();
        let distribution = Distribution::from_counts(&config, &counts);
        let old_colours: Vec<usize> = self.state.nodes.iter().map(|n| n.colour).collect();
        let old_config = std::mem::replace(&mut self.config, config);
        let old_assignment = std::mem::replace(&mut self.assignment, assignment);
        self.keys = keys;
        self.partitioner = partitioner;
        self.distribution = distribution;
        self.state = job.next;
        self.ready = true;
        self.revision += 1;
        if job.reload {
            self.movement = None;
            self.previous = None;
            self.restore_preset_change();
        } else if job.track && same_keys {
            let base = self
                .baseline
                .as_ref()
                .filter(|b| b.keys_generation == self.keys_generation);
            if let Some(m) = movement {
                self.movement = Some(m);
                self.previous = Some(match base {
                    Some(b) => Previous {
                        sample_owners: self
                            .sample
                            .iter()
                            .map(|&s| b.assignment.owners[s])
                            .collect(),
                        config: b.config.clone(),
                        colours: b.colours.clone(),
                    },
                    None => Previous {
                        sample_owners: self
                            .sample
                            .iter()
                            .map(|&s| old_assignment.owners[s])
                            .collect(),
                        config: old_config,
                        colours: old_colours,
                    },
                });
            } else if base.is_some_and(|b| b.config == self.config) {
                // Back where the baseline was: nothing moved since.
                self.movement = None;
                self.previous = None;
            }
        } else {
            self.movement = None;
            self.previous = None;
        }
        if let Some(b) = self.baseline.as_mut() {
            b.left |= b.config != self.config;
        }
        // Compare mode: a side A just computed is pinned and side B follows.
        self.after_commit();
    }

    /// A change the lab was asked for: checked, then started; on error the experiment on
    /// screen stays and a notice says why. Returns whether it was accepted.
    pub(crate) fn request(&mut self, next: LabState, track: bool) -> bool {
        match check(&next) {
            Ok(()) => {
                self.start_job(next, track, false);
                true
            }
            Err(e) => {
                self.notices.push(Notice::Rejected(e));
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Msg;
    use crate::state::Lang;
    use partlab_core::budget::OverBudget;
    use partlab_core::config::{ConfigError, Strategy};

    fn lab() -> Lab {
        Lab::new(LabState::with_lang(Lang::En), Vec::new())
    }

    fn counts(lab: &Lab) -> Vec<u64> {
        lab.distribution().nodes.iter().map(|n| n.keys).collect()
    }

    #[test]
    fn a_change_computed_in_slices_shows_the_old_figures_until_it_commits() {
        let mut sliced = lab();
        let mut whole = lab();
        let before = counts(&sliced);
        for msg in [Msg::SetKeyCount(200_000), Msg::AddNode] {
            sliced.begin(msg.clone());
            whole.update(msg);
        }
        assert!(sliced.busy());
        assert_eq!(sliced.target_state().key_count, 200_000);
        assert_eq!(sliced.state().key_count, 100_000);
        let mut stages = Vec::new();
        let mut last = (WorkStage::HashKeys, 0.0);
        while !sliced.work(2_000) {
            // The figures on screen stay those of the experiment before the change.
            assert_eq!(counts(&sliced), before);
            let p = sliced.progress().expect("busy");
            if p.stage == last.0 {
                assert!(p.fraction() >= last.1, "{p:?} after {last:?}");
            }
            last = (p.stage, p.fraction());
            if stages.last() != Some(&p.stage) {
                stages.push(p.stage);
            }
        }
        assert_eq!(
            stages,
            [WorkStage::HashKeys, WorkStage::Ring, WorkStage::Assign]
        );
        assert!(!sliced.busy() && sliced.progress().is_none());
        assert_eq!(counts(&sliced), counts(&whole));
        assert_eq!(sliced.state(), whole.state());
        assert_eq!(sliced.keys_generation(), whole.keys_generation());
    }

    #[test]
    fn a_maglev_table_and_a_bounded_ring_are_built_in_slices_too() {
        use partlab_core::config::StrategyParams;
        use partlab_core::Strategy;
        let large = StrategyParams {
            table_size: partlab_core::zoo::maglev::LARGE_TABLE_SIZE,
            load_factor: 1.0,
            ..StrategyParams::default()
        };
        for (strategy, stage) in [
            (Strategy::Maglev, WorkStage::Table),
            (Strategy::Bounded, WorkStage::Ring),
        ] {
            let mut sliced = lab();
            let mut whole = lab();
            for msg in [
                Msg::SetParams(large),
                Msg::SetVnodes(1000),
                Msg::SetStrategy(strategy),
            ] {
                sliced.begin(msg.clone());
                whole.update(msg);
            }
            // The keys are those on screen: the job starts with the build.
            let mut seen = Vec::new();
            let mut build_slices = 0;
            let mut last = 0.0;
            while !sliced.work(500) {
                let p = sliced.progress().expect("busy");
                if p.stage == stage {
                    build_slices += 1;
                    assert!(p.fraction() >= last, "{p:?}");
                    last = p.fraction();
                }
                if seen.last() != Some(&p.stage) {
                    seen.push(p.stage);
                }
            }
            assert_eq!(
                seen,
                [stage, WorkStage::Assign, WorkStage::Compare],
                "{strategy:?}"
            );
            assert!(build_slices > 5, "{strategy:?}: {build_slices} slices");
            assert_eq!(counts(&sliced), counts(&whole), "{strategy:?}");
            assert_eq!(sliced.state(), whole.state());
            assert_eq!(
                (sliced.state().strategy, sliced.state().vnodes),
                (strategy, 1000)
            );
        }
    }

    #[test]
    fn a_change_on_top_of_one_on_its_way_keeps_the_keys_already_hashed() {
        let mut lab = lab();
        let g = lab.keys_generation();
        lab.begin(Msg::SetKeyCount(50_000));
        lab.work(10_000);
        lab.begin(Msg::SetVnodes(10));
        lab.begin(Msg::SetKeyCount(50_000));
        lab.finish_work();
        assert_eq!(lab.keys_generation(), g + 1);
        assert_eq!((lab.state().vnodes, lab.keys().len()), (10, 50_000));
        // The language changed meanwhile stays changed when the job commits.
        lab.begin(Msg::SetKeyCount(20_000));
        lab.begin(Msg::SetLang(Lang::Ca));
        lab.finish_work();
        assert_eq!(lab.state().lang, Lang::Ca);
    }

    #[test]
    fn a_tracked_change_is_compared_in_slices() {
        for strategy in [Strategy::Ring, Strategy::Rendezvous] {
            let mut sliced = lab();
            let mut whole = lab();
            for l in [&mut sliced, &mut whole] {
                l.update(Msg::SetStrategy(strategy));
            }
            sliced.begin(Msg::AddNode);
            whole.update(Msg::AddNode);
            let mut stages = Vec::new();
            while !sliced.work(500) {
                stages.push(sliced.progress().expect("busy").stage);
            }
            assert!(
                stages.contains(&WorkStage::Compare),
                "{strategy}: {stages:?}"
            );
            assert_eq!(sliced.movement(), whole.movement(), "{strategy}");
        }
        let mut ring = lab();
        ring.update(Msg::AddNode);
        let m = ring.movement().expect("a movement");
        assert!((m.moved_fraction * 100.0 - 19.2).abs() < 0.05);
    }

    #[test]
    fn ring_changes_are_derived_and_equal_the_full_computation() {
        let mut lab = lab();
        let weight = |node, weight| Msg::SetWeight { node, weight };
        let changes = [
            Msg::AddNode,
            // A gesture: both steps count from its start.
            weight(1, 2.5),
            weight(1, 3.0),
            Msg::EndGesture,
            Msg::RemoveNode(1),
            Msg::RenameNode {
                node: 0,
                name: "inv-x".into(),
            },
            Msg::SetVnodes(40),
            // Counted from a pinned baseline.
            Msg::PinBaseline,
            Msg::AddNode,
            Msg::RemoveNode(3),
        ];
        for msg in changes {
            let what = format!("{msg:?}");
            if matches!(msg, Msg::EndGesture | Msg::PinBaseline) {
                lab.update(msg);
                continue;
            }
            let screen = (lab.config().clone(), lab.assignment.clone());
            lab.begin(msg);
            let (config, assignment) = lab
                .current_baseline()
                .map_or(screen, |b| (b.config.clone(), b.assignment.clone()));
            let stages = stages_until_done(&mut lab);
            assert!(!stages.contains(&WorkStage::Assign), "{what}: {stages:?}");
            let full = Partitioner::new(lab.config())
                .expect("valid")
                .assign(lab.keys(), 1);
            assert!(*lab.assignment == full, "{what}");
            let movement = Movement::between(&config, &assignment, lab.config(), &full);
            assert_eq!(lab.movement(), Some(&movement), "{what}");
            assert!(movement.moved > 0, "{what}");
            assert_eq!(
                lab.distribution(),
                &Distribution::of(lab.config(), &full),
                "{what}"
            );
        }
        // With copies, or after a strategy other than the ring: every key is assigned.
        lab.update(Msg::ClearBaseline);
        lab.update(Msg::SetReplicas(2));
        lab.begin(Msg::AddNode);
        assert!(stages_until_done(&mut lab).contains(&WorkStage::Assign));
        lab.update(Msg::SetReplicas(1));
        lab.update(Msg::SetStrategy(Strategy::Jump));
        lab.begin(Msg::SetStrategy(Strategy::Ring));
        assert!(stages_until_done(&mut lab).contains(&WorkStage::Assign));
    }

    #[test]
    fn a_gesture_back_at_its_start_copies_that_experiment_instead_of_assigning_again() {
        for replicas in [1, 2] {
            let mut lab = lab();
            lab.update(Msg::SetReplicas(replicas));
            let start = (lab.assignment.clone(), lab.distribution().clone());
            let vnodes = lab.state().vnodes;
            // One gesture: away and back again, without an `EndGesture` between.
            lab.update(Msg::SetVnodes(vnodes + 10));
            assert!(lab.movement().is_some_and(|m| m.moved > 0));
            lab.begin(Msg::SetVnodes(vnodes));
            let stages = stages_until_done(&mut lab);
            assert!(
                !stages.contains(&WorkStage::Assign),
                "{replicas}: {stages:?}"
            );
            let full = Partitioner::new(lab.config())
                .expect("valid")
                .assign(lab.keys(), replicas as usize);
            assert!(*lab.assignment == full, "{replicas}");
            assert!(lab.assignment == start.0, "{replicas}");
            assert_eq!(lab.distribution(), &start.1, "{replicas}");
            assert_eq!(lab.movement(), None, "{replicas}");
            assert!(lab.back_at_baseline());
            // A pinned baseline: the same when a change comes back to it.
            lab.update(Msg::EndGesture);
            lab.update(Msg::PinBaseline);
            lab.update(Msg::AddNode);
            lab.update(Msg::EndGesture);
            lab.begin(Msg::RemoveNode(4));
            let stages = stages_until_done(&mut lab);
            assert!(
                !stages.contains(&WorkStage::Assign),
                "{replicas}: {stages:?}"
            );
            assert!(lab.assignment == start.0, "{replicas}");
            assert_eq!(lab.distribution(), &start.1, "{replicas}");
        }
    }

    /// The stages a change on its way goes through, a little work at a time.
    fn stages_until_done(lab: &mut Lab) -> Vec<WorkStage> {
        let mut stages = Vec::new();
        while let Some(p) = lab.progress() {
            stages.push(p.stage);
            lab.work(100);
        }
        stages
    }

    #[test]
    fn work_over_the_budget_is_refused_with_the_way_round_it() {
        let mut lab = lab();
        for _ in 0..28 {
            lab.update(Msg::AddNode);
        }
        lab.update(Msg::SetStrategy(Strategy::Rendezvous));
        lab.update(Msg::SetKeyCount(200_000));
        let before = counts(&lab);
        lab.update(Msg::SetKeyCount(1_000_000));
        let [Notice::Rejected(StateError::Config(ConfigError::OverBudget(b)))] = lab.notices()
        else {
            panic!("expected a budget notice, got {:?}", lab.notices());
        };
        assert!(matches!(b, OverBudget::Rendezvous { nodes: 32, .. }));
        assert_eq!(b.max_keys(), Some(250_000));
        assert!(lab.notices()[0].text(Lang::En).contains("250,000"));
        assert_eq!(counts(&lab), before);
        assert!(!lab.busy());
        // The same address keeps what it can: its 32 nodes and its strategy, with the
        // default key count, and a notice that names the field and the rule.
        let fragment = {
            let mut s = lab.state().clone();
            s.key_count = 1_000_000;
            s.to_fragment()
        };
        let loaded = Lab::from_fragment(&fragment, Lang::En);
        let [Notice::Fragment(FragmentIssue::Rejected {
            field: Field::Keys,
            error: StateError::Config(ConfigError::OverBudget(_)),
        })] = loaded.notices()
        else {
            panic!(
                "expected the keys refused by the budget, got {:?}",
                loaded.notices()
            );
        };
        let text = loaded.notices()[0].text(Lang::En);
        assert!(
            text.contains("250,000") && text.contains("default"),
            "{text}"
        );
        assert_eq!(loaded.state().nodes.len(), 32);
        assert_eq!(loaded.state().strategy, Strategy::Rendezvous);
        assert_eq!(
            loaded.state().key_count,
            LabState::with_lang(Lang::En).key_count
        );
    }

    #[test]
    fn an_address_over_the_budget_keeps_every_field_it_can() {
        let defaults = LabState::with_lang(Lang::En);
        let nodes: Vec<String> = (0..32).map(|i| format!("n{i}")).collect();
        // Each field valid alone; together over the budget of rendezvous scores.
        let fragment = format!("s=rendezvous&n={}&k=1000000&r=2", nodes.join(","));
        let (state, issues) = LabState::from_fragment_over(&fragment, defaults.clone());
        assert!(issues.is_empty(), "{issues:?}");
        assert!(check(&state).is_err());
        let (fitted, issue) = fit_address_state(state.clone(), &defaults);
        assert!(check(&fitted).is_ok());
        assert!(matches!(
            issue,
            Some(FragmentIssue::Rejected {
                field: Field::Keys,
                ..
            })
        ));
        assert_eq!(
            (fitted.strategy, fitted.nodes.len(), fitted.replicas),
            (Strategy::Rendezvous, 32, 2)
        );
        // A state that passes is returned as it is, with no issue.
        let (same, none) = fit_address_state(defaults.clone(), &defaults);
        assert_eq!((same, none), (defaults, None));
        // The page keeps such an address as typed: its notice is an address notice.
        let mut lab = Lab::from_fragment(&fragment, Lang::En);
        assert!(matches!(lab.notices(), [Notice::Fragment(_)]));
        // Loaded again from the address bar, the same.
        lab.update(Msg::LoadFragment(fragment));
        assert!(matches!(lab.notices(), [Notice::Fragment(_)]));
        assert_eq!(lab.state().nodes.len(), 32);
    }

    #[test]
    fn the_preview_shows_the_ring_and_the_sample_keys_where_the_lab_puts_them() {
        let state = LabState::with_lang(Lang::En);
        let mut lab = Lab::starting(state.clone(), Vec::new(), state.clone());
        let preview = lab.preview().expect("a preview before the keys are hashed");
        lab.finish_work();
        assert!(lab.preview().is_none());
        assert_eq!(preview.points.as_deref(), lab.ring_points());
        let mut dots: Vec<(u64, usize)> = lab
            .sample_dots()
            .iter()
            .map(|d| (d.hash, d.colour))
            .collect();
        dots.sort_unstable();
        let seen: Vec<(u64, usize)> = preview.dots.iter().map(|d| (d.hash, d.colour)).collect();
        assert_eq!(seen, dots);
    }

    /// Works `lab` until the preview being prepared is ready; returns the stages seen.
    fn prepare_preview(lab: &mut Lab) -> Vec<WorkStage> {
        let mut stages = Vec::new();
        while lab.preview_on_its_way() {
            assert!(lab.preview().is_none());
            let stage = lab.progress().expect("busy").stage;
            if stages.last() != Some(&stage) {
                stages.push(stage);
            }
            lab.work(500);
        }
        stages
    }

    #[test]
    fn a_ring_or_maglev_table_over_the_limits_is_previewed_once_built_first() {
        let mut cases = Vec::new();
        for strategy in [Strategy::Ring, Strategy::Bounded] {
            let mut state = LabState::with_lang(Lang::En);
            state.strategy = strategy;
            let at_limit = (PREVIEW_MAX_POINTS / state.nodes.len()) as u32;
            for (vnodes, at_once) in [(at_limit, true), (at_limit + 1, false)] {
                state.vnodes = vnodes;
                cases.push((state.clone(), at_once, WorkStage::Ring));
            }
        }
        let mut state = LabState::with_lang(Lang::En);
        state.strategy = Strategy::Maglev;
        for (table_size, at_once) in [(PREVIEW_MAX_TABLE, true), (655_373, false)] {
            state.params.table_size = table_size;
            cases.push((state.clone(), at_once, WorkStage::Table));
        }
        // Over the limit of a ring drawn early: no preview at all, the ring once computed.
        let mut state = LabState::with_lang(Lang::En);
        state.vnodes = (PREPARE_MAX_POINTS / state.nodes.len()) as u32 + 1;
        let mut lab = Lab::starting(state.clone(), Vec::new(), state.clone());
        assert!(lab.preview().is_none() && !lab.preview_on_its_way());
        assert_eq!(lab.progress().map(|p| p.stage), Some(WorkStage::HashKeys));
        lab.work(500);
        assert!(lab.preview().is_none() && !lab.preview_on_its_way());
        for (state, at_once, build) in cases {
            let what = format!(
                "{:?} {} {}",
                state.strategy, state.vnodes, state.params.table_size
            );
            let mut lab = Lab::starting(state.clone(), Vec::new(), state.clone());
            assert_eq!(lab.preview().is_some(), at_once, "{what}");
            assert_eq!(lab.preview_on_its_way(), !at_once, "{what}");
            let stages = prepare_preview(&mut lab);
            let preview = lab.preview().expect("a preview before the keys are hashed");
            if !at_once {
                // The partitioner first, then the keys.
                assert_eq!(stages, [build], "{what}");
                assert_eq!(lab.progress().map(|p| p.stage), Some(WorkStage::HashKeys));
            }
            lab.finish_work();
            assert!(lab.preview().is_none() && !lab.preview_on_its_way());
            assert_eq!(preview.points.as_deref(), lab.ring_points(), "{what}");
            if state.strategy != Strategy::Bounded {
                // (Bounded loads' dots may move once the loads are known.)
                let mut dots: Vec<(u64, usize)> = lab
                    .sample_dots()
                    .iter()
                    .map(|d| (d.hash, d.colour))
                    .collect();
                dots.sort_unstable();
                let seen: Vec<(u64, usize)> =
                    preview.dots.iter().map(|d| (d.hash, d.colour)).collect();
                assert_eq!(seen, dots, "{what}");
            }
            // The same experiment, straight from the core.
            let config = state.config();
            let keys = partlab_core::KeySet::lesson(state.key_count as usize).expect("valid");
            let assignment = Partitioner::new(&config)
                .expect("valid")
                .assign(&keys, state.replicas as usize);
            assert_eq!(
                counts(&lab),
                assignment.counts(config.nodes.len()),
                "{what}"
            );
        }
    }

    #[test]
    fn a_lab_started_in_slices_is_not_ready_until_its_experiment_is_computed() {
        let mut state = LabState::with_lang(Lang::En);
        state.key_count = 500_000;
        let mut lab = Lab::starting(state.clone(), Vec::new(), LabState::with_lang(Lang::En));
        assert!(!lab.ready() && lab.busy());
        assert_eq!(lab.target_state(), &state);
        let mut slices = 0;
        while !lab.work(20_000) {
            slices += 1;
        }
        assert!(slices > 20, "{slices}");
        assert!(lab.ready());
        assert_eq!(lab.keys().len(), 500_000);
        assert_eq!(lab.state(), &state);
    }
}
