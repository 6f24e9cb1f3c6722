//! [`OwnersTask`]: [`super::owners`] a slice of work at a time.
//!
//! [`super::owners`] runs one to the end; the browser steps it instead, so that no task of
//! the page places every key of a large key set with multi-probe's probes, or fills a Maglev
//! table, or hashes a rendezvous column, at once. Work is counted as in
//! [`crate::strategy::AssignTask`]: one unit is about one MD5 hash.

use std::sync::Arc;

use super::{Algo, Params};
use crate::config::{Config, Strategy};
use crate::keys::KeySet;
use crate::strategy::{jump_hash, Ring};
use crate::zoo::bounded::BoundedLoads;
use crate::zoo::ketama::Ketama;
use crate::zoo::maglev::{Maglev, MaglevBuilder};
use crate::zoo::multiprobe::MultiProbe;
use crate::zoo::{check_nodes, ZooError};

/// Work units per key placed, in 64ths of an MD5 (measured natively): a binary search over a
/// few thousand points or jump hash's loop is about a sixth of one hash, a table look-up or a
/// remainder a few percent.
const SEARCH_COST_64THS: u64 = 10;
/// A table look-up (Maglev) or a remainder (mod N).
const LOOKUP_COST_64THS: u64 = 2;
/// Multi-probe: one MD5 for the probe step, and a search of the nodes' points per probe.
const PROBE_COST_64THS: u64 = 4;
/// Rendezvous over cached columns: one comparison per node.
const SCORE_COMPARE_COST_64THS: u64 = 1;
/// Maglev's table: entries looked at per work unit (each an array read and an addition).
const TABLE_PROBES_PER_UNIT: u64 = 16;

/// How a key's owner is found once the strategy's structure is built.
#[derive(Debug)]
enum Placer {
    Modulo,
    Jump,
    Ring(Ring),
    Rendezvous(Vec<Arc<[u64]>>),
    Maglev(Maglev),
    Bounded {
        loads: Box<BoundedLoads>,
        counts: Vec<u64>,
        capacity: u64,
    },
    MultiProbe(MultiProbe),
    Ketama(Ketama),
}

/// What the task does next.
#[derive(Debug)]
enum Stage {
    /// Rendezvous: the score columns of the first `columns.len()` nodes are known; `partial`
    /// holds the next node's scores for its first slots.
    Columns {
        columns: Vec<Arc<[u64]>>,
        partial: Vec<u64>,
    },
    /// Maglev's table, being filled.
    Table(Box<MaglevBuilder>),
    /// The keys being placed, in slot order.
    Place(Placer),
}

/// The owner of every key of a key set under one of the comparison's strategies, computed a
/// slice of work at a time; equal to [`super::owners`] (which runs one to the end).
#[derive(Debug)]
pub struct OwnersTask {
    algo: Algo,
    names: Vec<String>,
    stage: Stage,
    owners: Vec<u32>,
    total: usize,
    work_done: u64,
}

impl OwnersTask {
    /// A task placing the keys of `keys` on `names` with `algo`. The cheap structures (a
    /// ring of `names.len() × vnodes` points, multi-probe's and ketama's points) are built
    /// here; Maglev's table and rendezvous' score columns in [`OwnersTask::step`].
    pub fn new(
        algo: Algo,
        names: &[String],
        params: &Params,
        keys: &KeySet,
    ) -> Result<OwnersTask, ZooError> {
        check_nodes(names.len())?;
        let stage = match algo {
            Algo::Modulo => Stage::Place(Placer::Modulo),
            Algo::Jump => Stage::Place(Placer::Jump),
            Algo::Ring => {
                let config =
                    Config::new(Strategy::Ring, names.iter().cloned()).with_vnodes(params.vnodes);
                Stage::Place(Placer::Ring(Ring::build(&config)?))
            }
            Algo::Rendezvous => Stage::Columns {
                columns: Vec::with_capacity(names.len()),
                partial: Vec::new(),
            },
            Algo::Maglev => Stage::Table(Box::new(MaglevBuilder::new(names, params.table_size)?)),
            Algo::Bounded => {
                let b = BoundedLoads::new(names, params.vnodes, params.load_factor)?;
                Stage::Place(Placer::Bounded {
                    capacity: b.capacity(keys.len() as u64),
                    counts: vec![0; names.len()],
                    loads: Box::new(b),
                })
            }
            Algo::MultiProbe => {
                Stage::Place(Placer::MultiProbe(MultiProbe::new(names, params.probes)?))
            }
            Algo::Ketama => Stage::Place(Placer::Ketama(Ketama::unweighted(names)?)),
        };
        Ok(OwnersTask {
            algo,
            names: names.to_vec(),
            stage,
            owners: Vec::with_capacity(keys.len()),
            total: keys.len(),
            work_done: 0,
        })
    }

    /// The strategy.
    pub fn algo(&self) -> Algo {
        self.algo
    }

    /// Work done so far (about one unit per MD5 hash).
    pub fn work_done(&self) -> u64 {
        self.work_done
    }

    /// Whether every key is placed.
    pub fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Place(_)) && self.owners.len() == self.total
    }

    /// The cost of placing one key, in 64ths of a work unit.
    fn key_cost_64ths(&self, placer: &Placer) -> u64 {
        match placer {
            Placer::Rendezvous(c) => SCORE_COMPARE_COST_64THS * c.len() as u64,
            Placer::MultiProbe(mp) => 64 + PROBE_COST_64THS * u64::from(mp.probes()),
            Placer::Modulo | Placer::Maglev(_) => LOOKUP_COST_64THS,
            Placer::Ring(_) | Placer::Jump | Placer::Bounded { .. } | Placer::Ketama(_) => {
                SEARCH_COST_64THS
            }
        }
    }

    /// Does about `work` units (at least one key, table entry or score); `true` while more
    /// remains. `keys` must be the key set the task was made for.
    pub fn step(&mut self, keys: &KeySet, work: u64) -> bool {
        let work = work.max(1);
        let hashes = keys.sorted_hashes();
        let stage = std::mem::replace(&mut self.stage, Stage::Place(Placer::Modulo));
        self.stage = match stage {
            Stage::Columns {
                mut columns,
                mut partial,
            } => {
                let name = &self.names[columns.len()];
                if partial.is_empty() {
                    if let Some(col) = keys.cached_rendezvous_column(name) {
                        columns.push(col);
                        self.work_done += 1;
                        return self.after_columns(columns);
                    }
                }
                let start = partial.len();
                let end = start + (work.min((self.total - start) as u64) as usize);
                partial.resize(end, 0);
                keys.rendezvous_scores(name, start..end, &mut partial[start..end]);
                self.work_done += (end - start) as u64;
                if end == self.total {
                    let col: Arc<[u64]> = std::mem::take(&mut partial).into();
                    let keep: Vec<&str> = self.names.iter().map(String::as_str).collect();
                    keys.cache_rendezvous_column(name, Arc::clone(&col), &keep);
                    columns.push(col);
                    return self.after_columns(columns);
                }
                Stage::Columns { columns, partial }
            }
            Stage::Table(mut b) => {
                let before = b.probes();
                let full = b.step(work.saturating_mul(TABLE_PROBES_PER_UNIT));
                self.work_done += (b.probes() - before).div_ceil(TABLE_PROBES_PER_UNIT);
                if full {
                    Stage::Place(Placer::Maglev(b.finish()))
                } else {
                    Stage::Table(b)
                }
            }
            Stage::Place(mut p) => {
                let per_key = self.key_cost_64ths(&p).max(1);
                let start = self.owners.len();
                let room = (work.saturating_mul(64) / per_key).max(1);
                let end = start + (room.min((self.total - start) as u64) as usize);
                self.place(&mut p, &hashes[start..end]);
                self.work_done += ((end - start) as u64 * per_key).div_ceil(64);
                Stage::Place(p)
            }
        };
        !self.is_done()
    }

    /// The columns are complete when every node has one: then the keys are placed.
    fn after_columns(&mut self, columns: Vec<Arc<[u64]>>) -> bool {
        self.stage = if columns.len() == self.names.len() {
            Stage::Place(Placer::Rendezvous(columns))
        } else {
            Stage::Columns {
                columns,
                partial: Vec::new(),
            }
        };
        !self.is_done()
    }

    /// Places the keys at `hashes`, the next ones in slot order.
    fn place(&mut self, placer: &mut Placer, hashes: &[u64]) {
        let n = self.names.len() as u32;
        let out = &mut self.owners;
        match placer {
            Placer::Modulo => out.extend(hashes.iter().map(|&h| (h % u64::from(n)) as u32)),
            Placer::Jump => out.extend(hashes.iter().map(|&h| jump_hash(h, n))),
            Placer::Ring(ring) => out.extend(
                hashes
                    .iter()
                    .map(|&h| u32::from(ring.points()[ring.point_for(h)].node)),
            ),
            Placer::Rendezvous(columns) => {
                let start = out.len();
                out.extend((start..start + hashes.len()).map(|slot| {
                    // The highest score wins; on a tie the earlier node, as in the lab's HRW.
                    let mut best = 0usize;
                    for (i, col) in columns.iter().enumerate().skip(1) {
                        if col[slot] > columns[best][slot] {
                            best = i;
                        }
                    }
                    best as u32
                }));
            }
            Placer::Maglev(t) => out.extend(hashes.iter().map(|&h| t.owner(h) as u32)),
            Placer::Bounded {
                loads,
                counts,
                capacity,
            } => {
                for &h in hashes {
                    // The nodes together hold at least every key, so there is room.
                    let node = loads.place(h, counts, *capacity).unwrap_or(0);
                    counts[node] += 1;
                    out.push(node as u32);
                }
            }
            Placer::MultiProbe(mp) => out.extend(hashes.iter().map(|&h| mp.owner(h) as u32)),
            Placer::Ketama(k) => out.extend(hashes.iter().map(|&h| k.owner(h) as u32)),
        }
    }

    /// Runs the task to the end and returns the owners, in sorted-slot order.
    pub fn finish(mut self, keys: &KeySet) -> Vec<u32> {
        while self.step(keys, u64::MAX / 64) {}
        self.owners
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::owners;

    /// A comparison's inputs: the first `keys` lesson keys, `nodes` nodes, Maglev's
    /// `table_size` and multi-probe's `probes` (the other parameters by default).
    fn inputs(
        keys: usize,
        nodes: usize,
        table_size: u64,
        probes: u32,
    ) -> (KeySet, Vec<String>, Params) {
        let keys = KeySet::lesson(keys).expect("valid");
        let names = (0..nodes).map(|i| format!("node-{i}")).collect();
        let params = Params {
            table_size,
            probes,
            ..Params::default()
        };
        (keys, names, params)
    }

    #[test]
    fn sliced_owners_equal_the_whole_run_for_every_strategy() {
        let (keys, names, params) = inputs(5_000, 5, 1_009, 7);
        for algo in Algo::ALL {
            let whole = owners(algo, &names, &params, &keys).expect("valid");
            keys.clear_score_cache();
            let mut t = OwnersTask::new(algo, &names, &params, &keys).expect("valid");
            let mut steps = 0;
            while t.step(&keys, 20) {
                steps += 1;
            }
            assert!(steps > 3, "{algo:?} ran in {steps} steps");
            assert_eq!(t.finish(&keys), whole, "{algo:?}");
        }
    }

    #[test]
    fn a_step_does_about_the_work_it_is_given() {
        // The largest comparison the page accepts: 10 nodes, 100 000 keys, 100 probes,
        // Maglev's largest table.
        let (keys, names, params) = inputs(100_000, 10, 65_537, 100);
        const WORK: u64 = 5_000;
        let most = WORK + 65_537 / TABLE_PROBES_PER_UNIT;
        for algo in Algo::ALL {
            let mut t = OwnersTask::new(algo, &names, &params, &keys).expect("valid");
            let mut steps = 0u64;
            loop {
                let before = t.work_done();
                let more = t.step(&keys, WORK);
                let done = t.work_done() - before;
                // A step never exceeds the work by more than one key's placement (multi-probe's
                // 100 probes: 8 units) or one Maglev entry's probes (at most the table's size).
                assert!(done <= most, "{algo:?}: {done} units in one step");
                steps += 1;
                if !more {
                    break;
                }
            }
            assert!(
                steps >= t.work_done() / most,
                "{algo:?}: {steps} steps for {} units",
                t.work_done()
            );
        }
    }
}
