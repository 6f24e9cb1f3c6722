//! The KM0 workload a study chapter measures, generated and hashed in slices.
//!
//! A chapter asks for the workload of its fields ([`WorkloadSource::want`]); when it is not the
//! one already held, the new one is built a day of orders, then a slice of ids, per
//! [`WorkloadSource::step`] (the chapter's [`super::Study::work`]), so that no frame of the page
//! generates or hashes a whole workload. Until the new one is ready the old one stays, and the
//! chapter keeps showing the figures it computed from it.

use std::rc::Rc;

use partlab_km0::hash_keys::{HashedWorkload, HashedWorkloadBuild};
use partlab_km0::workload::{Workload, WorkloadBuild};

use super::text::{fill, St};
use super::view::{Block, Panel};
use super::WorkloadFields;
use crate::state::Lang;

/// Ids hashed per unit of work: about 1.3 ms of MD5 natively, 2–3 ms in the page once the
/// engine has optimised it, 4–6 ms before (the page runs several units per slice when they
/// are quick).
const IDS_PER_SLICE: usize = 8_192;

/// A generated and hashed workload, with the fields it was made from.
pub type Loaded = (WorkloadFields, Rc<Workload>, Rc<HashedWorkload>);

/// How far the build of the wanted workload is.
enum Stage {
    /// Orders being generated, a day per slice.
    Generate(Box<WorkloadBuild>),
    /// Ids being hashed.
    Hash(Rc<Workload>, HashedWorkloadBuild),
}

/// What one [`WorkloadSource::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceStep {
    /// Nothing to build.
    Idle,
    /// A slice was built; more remain.
    Working,
    /// The wanted workload has just become the one held.
    Ready,
}

/// The workload held by a chapter, and the one being built for its current fields.
#[derive(Default)]
pub struct WorkloadSource {
    ready: Option<Loaded>,
    pending: Option<(WorkloadFields, Stage)>,
}

impl WorkloadSource {
    /// Asks for the workload of `wf`; `true` when it is the one held already. Otherwise its
    /// build starts (or goes on) in [`WorkloadSource::step`].
    pub fn want(&mut self, wf: &WorkloadFields) -> bool {
        if self.ready.as_ref().is_some_and(|r| &r.0 == wf) {
            self.pending = None;
            return true;
        }
        if self.pending.as_ref().is_some_and(|p| &p.0 == wf) {
            return false;
        }
        // The fields are capped, so the spec is valid; an error leaves nothing to build.
        self.pending = WorkloadBuild::new(&wf.spec())
            .ok()
            .map(|b| (wf.clone(), Stage::Generate(Box::new(b))));
        false
    }

    /// Builds one slice of the wanted workload.
    pub fn step(&mut self) -> SourceStep {
        let Some((wf, stage)) = self.pending.take() else {
            return SourceStep::Idle;
        };
        let next = match stage {
            Stage::Generate(mut b) => {
                if b.step() {
                    Stage::Generate(b)
                } else {
                    let w = (*b).finish();
                    let h = HashedWorkloadBuild::new(&w);
                    Stage::Hash(Rc::new(w), h)
                }
            }
            Stage::Hash(w, mut h) => {
                if h.step(&w, IDS_PER_SLICE) {
                    Stage::Hash(w, h)
                } else {
                    let hashed = h.finish(&w);
                    self.ready = Some((wf, w, Rc::new(hashed)));
                    return SourceStep::Ready;
                }
            }
        };
        self.pending = Some((wf, next));
        SourceStep::Working
    }

    /// Builds the wanted workload to the end (the CLI and tests, which have no frames to keep).
    pub fn finish(&mut self) {
        while self.step() == SourceStep::Working {}
    }

    /// The workload held: the wanted one once built, the previous one meanwhile.
    pub fn ready(&self) -> Option<&Loaded> {
        self.ready.as_ref()
    }

    /// The workload of `wf` and its hashes, once that is the one held.
    pub fn ready_for(&self, wf: &WorkloadFields) -> Option<(&Rc<Workload>, &Rc<HashedWorkload>)> {
        self.ready
            .as_ref()
            .filter(|r| &r.0 == wf)
            .map(|r| (&r.1, &r.2))
    }

    /// Whether a workload is being built.
    pub fn is_busy(&self) -> bool {
        self.pending.is_some()
    }

    /// A note saying how far the build is ("Generating the orders… day 3 of 9"), if one runs.
    pub fn progress_block(&self, lang: Lang) -> Option<Block> {
        let (_, stage) = self.pending.as_ref()?;
        let text = match stage {
            Stage::Generate(b) => {
                let (done, total) = b.progress();
                fill(
                    lang,
                    St::KmGenerating,
                    &[("done", &done.to_string()), ("total", &total.to_string())],
                )
            }
            Stage::Hash(w, h) => {
                let (done, total) = h.progress(w);
                let pct = (done as u64 * 100).checked_div(total as u64).unwrap_or(0);
                fill(lang, St::KmHashing, &[("pct", &pct.to_string())])
            }
        };
        Some(Block::Text(text))
    }

    /// A panel holding only the progress note, for a chapter with nothing to show yet.
    pub fn progress_panel(&self, lang: Lang, view: &'static str) -> Option<Panel> {
        self.progress_block(lang).map(|b| note_panel(lang, view, b))
    }

    /// A chapter's panels while it has nothing to show yet: the progress note alone, if a
    /// build runs.
    pub fn progress_panels(&self, lang: Lang, view: &'static str) -> Vec<Panel> {
        self.progress_panel(lang, view).into_iter().collect()
    }
}

/// A panel holding only `note`, shown while a chapter's first data is prepared.
fn note_panel(lang: Lang, view: &'static str, note: Block) -> Panel {
    Panel {
        view,
        title: fill(lang, St::KmPreparing, &[]),
        caption: String::new(),
        wide: true,
        blocks: vec![note],
    }
}

/// The panel shown while the first `total` days of orders are generated, `done` so far.
pub fn generating_panel(lang: Lang, view: &'static str, (done, total): (u32, u32)) -> Panel {
    let text = fill(
        lang,
        St::KmGenerating,
        &[("done", &done.to_string()), ("total", &total.to_string())],
    );
    note_panel(lang, view, Block::Text(text))
}

/// The panel shown while a chapter's first figures are computed.
pub fn computing_panel(lang: Lang, view: &'static str) -> Panel {
    note_panel(lang, view, Block::Text(fill(lang, St::CmpPending, &[])))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(seed: u64) -> WorkloadFields {
        WorkloadFields {
            seed,
            orders: 2_000,
            days: 2,
        }
    }

    #[test]
    fn the_old_workload_stays_until_the_new_one_is_built_in_slices() {
        let mut s = WorkloadSource::default();
        assert!(!s.want(&small(1)));
        assert!(s.ready().is_none() && s.is_busy());
        s.finish();
        assert!(s.want(&small(1)) && !s.is_busy());
        let first = s.ready().map(|r| r.1.fingerprint());
        assert!(!s.want(&small(2)));
        let mut slices = 0;
        while s.step() == SourceStep::Working {
            slices += 1;
            assert_eq!(s.ready().map(|r| r.1.fingerprint()), first, "old one kept");
            assert!(s.progress_block(Lang::En).is_some());
        }
        assert!(slices >= 2, "a day per slice at least: {slices}");
        let loaded = s.ready().expect("built");
        assert_eq!(loaded.0, small(2));
        let direct = Workload::generate(&small(2).spec()).expect("valid");
        assert_eq!(loaded.1.fingerprint(), direct.fingerprint());
        assert_ne!(Some(direct.fingerprint()), first);
        assert_eq!(loaded.2.order, HashedWorkload::new(&direct).order);
        assert_eq!(s.step(), SourceStep::Idle);
    }

    #[test]
    fn asking_again_for_the_held_workload_drops_a_build_in_progress() {
        let mut s = WorkloadSource::default();
        s.want(&small(1));
        s.finish();
        s.want(&small(2));
        assert_eq!(s.step(), SourceStep::Working);
        assert!(s.want(&small(1)));
        assert!(!s.is_busy());
        assert_eq!(s.step(), SourceStep::Idle);
    }
}
