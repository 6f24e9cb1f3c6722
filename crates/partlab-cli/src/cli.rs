//! The command line's top: `partlab` and its subcommands besides the study chapters' (those
//! are made from the chapters' field tables in [`crate::chapter`]), from the argument structs
//! of [`crate::args`] and the commands' own modules.

use clap::builder::styling::Styles;
use clap::{Parser, Subcommand};

use crate::args::{DeviationArgs, DistArgs, LocateArgs, MoveArgs, MovementArgs, Output};

/// Shown under the top-level help: the rules that apply to every command.
const AFTER_HELP: &str = "\
Node names are taken exactly as written: a name with a leading or trailing space is refused,
and so is a name containing ',' or '=' (they separate the names in --nodes and the pairs in
--weights). Key files hold one key per line: blank and whitespace-only lines are skipped,
a UTF-8 BOM and CRLF line endings are removed, at most 1024 characters a key and 10 000 000 keys.

Exit status: 0 on success (also when the reader of the output goes away early, as with
`| head`), 2 for bad input with one line on stderr, 1 when the output cannot be written
(a full disk, a closed standard output, one open for reading only).

Run `partlab help COMMAND` for the options of one command.";

/// partlab: data partitioning and consistent hashing, on the lesson's keys.
///
/// Every command prints a table, or with --json one JSON object on stdout.
#[derive(Debug, Parser)]
// Plain styles: errors are rendered with their raw text (see `main`), and a user's own escape
// sequences in a value must stay visible to be escaped, not be stripped as if they were clap's.
#[command(name = "partlab", version, after_help = AFTER_HELP, styles = Styles::plain())]
pub(crate) struct Cli {
    /// What to compute; without one, this help is printed.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands besides the study chapters' (whose commands are made from their field
/// tables: [`crate::chapter`]).
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// The lesson's tables (mod N, the ring with vnodes, rendezvous, exercises), recomputed
    /// beside the figures the lesson prints.
    Lesson {
        /// Output format.
        #[command(flatten)]
        output: Output,
    },
    /// Keys per node, deviation and peak-to-mean.
    Dist(DistArgs),
    /// Keys that change owner when the nodes change, the ideal minimum and the from → to flow.
    Move(MoveArgs),
    /// Deviation against vnodes, or keys moved against the cluster size.
    Sweep {
        /// Which sweep.
        #[command(subcommand)]
        sweep: Sweep,
    },
    /// Where one key goes: its hash, angle, owner and replicas.
    Locate(LocateArgs),
    /// The KM0 workload the study chapters share: markets, clients, producers, products and
    /// hours, measured against what its documentation promises.
    Workload(crate::study::WorkloadArgs),
    /// Beyond the lesson: a Maglev lookup table for a few backends (every entry), and the
    /// entries that change hands when one leaves; --permutations prints the paper's Table 1.
    MaglevTable(crate::zoo::MaglevTableArgs),
    /// Each key's Redis Cluster slot: CRC16 of its hash tag (or of the whole key) mod 16384.
    Slot(crate::study::SlotArgs),
    /// A real cluster's listing (redis-cli's CLUSTER NODES, SHARDS or SLOTS, nodetool ring or
    /// describering, a ketama server list): its format, each node's share, and where each
    /// --key goes (slot or token, owner, replicas), as the system places it.
    Import(crate::import::ImportArgs),
    /// A chapter's "Predict first" questions for a seed (the page's quiz=), with the answers
    /// the page reveals and, where there is one, the command that checks each.
    Quiz(crate::quiz::QuizArgs),
}

/// The two sweeps.
#[derive(Debug, Subcommand)]
pub(crate) enum Sweep {
    /// Deviation (%) of the ring against vnodes: min / median / max over renamed trials.
    Deviation(DeviationArgs),
    /// Fraction of keys moved when a node joins or leaves, for every strategy.
    Movement(MovementArgs),
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
