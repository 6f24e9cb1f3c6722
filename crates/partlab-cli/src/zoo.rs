//! `partlab maglev-table`: a Maglev lookup table (Eisenbud et al., NSDI 2016) for a few
//! backends, and what changes when one leaves. With `--permutations` the (offset, skip) pairs
//! are given, so the paper's Table 1 can be printed as it is.

use std::io::Write;

use clap::Args;
use partlab_core::zoo::maglev::{Maglev, Permutation};
use partlab_core::zoo::ZooError;
use serde_json::json;

use crate::args::{NodesArg, Output};
use crate::text::{column_width, shown};
use crate::CliError;

/// Largest table the command prints (every entry is shown).
const MAX_PRINTED: u64 = 1_009;

/// `partlab maglev-table`.
#[derive(Debug, Args)]
pub(crate) struct MaglevTableArgs {
    /// The backends.
    #[command(flatten)]
    pub nodes: NodesArg,
    /// The table size M: a prime, at least the number of backends, at most 1 009 here.
    #[arg(long, value_name = "M")]
    pub table_size: u64,
    /// Each backend's offset:skip, in order (e.g. the paper's Table 1: 3:4,0:2,3:1)
    /// [default: from MD5 of "{name}|maglev-offset" and "{name}|maglev-skip"].
    #[arg(long, value_name = "O:S,…", value_parser = parse_permutations)]
    pub permutations: Option<Permutations>,
    /// A backend that leaves: the table without it, and the entries of the others that
    /// changed hands.
    #[arg(long, value_name = "NAME")]
    pub remove: Option<String>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `offset:skip` pairs, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Permutations(pub Vec<(u64, u64)>);

fn parse_permutations(raw: &str) -> Result<Permutations, String> {
    let bad = || "expected OFFSET:SKIP pairs separated by commas, e.g. 3:4,0:2,3:1".to_owned();
    raw.split(',')
        .map(|pair| {
            let (o, s) = pair.split_once(':').ok_or_else(bad)?;
            let num = |t: &str| {
                (!t.is_empty() && t.len() <= 12 && t.bytes().all(|c| c.is_ascii_digit()))
                    .then(|| t.parse::<u64>().ok())
                    .flatten()
                    .ok_or_else(bad)
            };
            Ok((num(o)?, num(s)?))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Permutations)
}

fn usage(message: impl std::fmt::Display) -> CliError {
    CliError::Usage(format!("{message} (see `partlab maglev-table --help`)"))
}

fn zoo_error(e: ZooError) -> CliError {
    usage(match e {
        ZooError::NoNodes => "no backend given".to_owned(),
        ZooError::TooManyNodes { nodes, max } => format!("{nodes} backends; at most {max}"),
        ZooError::TableSizeNotPrime { size } => {
            format!("--table-size {size} is not prime; Maglev's permutations need a prime size")
        }
        ZooError::TableSizeOutOfRange { size, min, max } => {
            format!("--table-size {size}: choose a prime from {min} to {max}")
        }
        ZooError::BadPermutation { offset, skip, size } => format!(
            "--permutations {offset}:{skip}: with --table-size {size} an offset is below {size} and a skip from 1 to {}",
            size.saturating_sub(1)
        ),
        other => format!("{other:?}"),
    })
}

/// `partlab maglev-table`.
pub(crate) fn maglev_table(a: &MaglevTableArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let names = &a.nodes.nodes.0;
    let m = a.table_size;
    if m > MAX_PRINTED {
        return Err(usage(format!(
            "--table-size {m}: this command prints every entry, so at most {MAX_PRINTED}"
        )));
    }
    let perms: Vec<Permutation> = match &a.permutations {
        Some(p) if p.0.len() != names.len() => {
            return Err(usage(format!(
                "--permutations gives {} pairs for {} backends",
                p.0.len(),
                names.len()
            )))
        }
        Some(p) => {
            p.0.iter()
                .map(|&(offset, skip)| Permutation { offset, skip })
                .collect()
        }
        None => {
            partlab_core::zoo::maglev::check_table_size(m, names.len()).map_err(zoo_error)?;
            names.iter().map(|n| Permutation::of(n, m)).collect()
        }
    };
    let before = Maglev::from_permutations(&perms, m).map_err(zoo_error)?;
    let removed = match &a.remove {
        None => None,
        Some(r) => {
            let i = names
                .iter()
                .position(|n| n == r)
                .ok_or_else(|| usage(format!("--remove {}: not one of --nodes", shown(r))))?;
            if names.len() < 2 {
                return Err(usage("--remove leaves no backend"));
            }
            let keep: Vec<usize> = (0..names.len()).filter(|&k| k != i).collect();
            let kept: Vec<Permutation> = keep.iter().map(|&k| perms[k]).collect();
            let after = Maglev::from_permutations(&kept, m).map_err(zoo_error)?;
            // Entries back in the original numbering.
            let table: Vec<usize> = after
                .entries()
                .iter()
                .map(|&e| keep[usize::from(e)])
                .collect();
            Some((i, table))
        }
    };
    let before_table: Vec<usize> = before.entries().iter().map(|&e| usize::from(e)).collect();
    let changed: Vec<(usize, usize, usize)> = removed.as_ref().map_or(Vec::new(), |(i, t)| {
        (0..before_table.len())
            .filter(|&j| before_table[j] != *i && before_table[j] != t[j])
            .map(|j| (j, before_table[j], t[j]))
            .collect()
    });
    if a.output.json {
        let counts = before.counts();
        let v = json!({
            "size": m,
            "backends": names.iter().zip(&perms).zip(&counts).map(|((n, p), c)| json!({
                "name": n, "offset": p.offset, "skip": p.skip, "entries": c,
            })).collect::<Vec<_>>(),
            "table": before_table.iter().map(|&i| &names[i]).collect::<Vec<_>>(),
            "after": removed.as_ref().map(|(i, t)| json!({
                "removed": names[*i],
                "table": t.iter().map(|&k| &names[k]).collect::<Vec<_>>(),
                "changed": changed.iter().map(|&(j, f, t)| json!({
                    "entry": j, "from": names[f], "to": names[t],
                })).collect::<Vec<_>>(),
            })),
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(
        out,
        "Maglev lookup table, M = {m}, {} backends",
        names.len()
    )?;
    writeln!(out)?;
    let width = column_width(names, 7);
    writeln!(
        out,
        "  {:<width$}  {:>7}  {:>7}  {:>7}",
        "backend", "offset", "skip", "entries"
    )?;
    for ((n, p), c) in names.iter().zip(&perms).zip(before.counts()) {
        writeln!(
            out,
            "  {:<width$}  {:>7}  {:>7}  {:>7}",
            shown(n),
            p.offset,
            p.skip,
            c
        )?;
    }
    writeln!(out)?;
    let row = |t: &[usize]| {
        t.iter()
            .map(|&i| shown(&names[i]).into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(out, "table:  {}", row(&before_table))?;
    if let Some((i, t)) = &removed {
        writeln!(out, "without {}: {}", shown(&names[*i]), row(t))?;
        writeln!(
            out,
            "entries of the other backends that changed hands: {}",
            // The count first, then each entry by its index: a bare index read as a count.
            if changed.is_empty() {
                "none".to_owned()
            } else {
                format!(
                    "{} ({})",
                    changed.len(),
                    changed
                        .iter()
                        .map(|&(j, f, t)| format!(
                            "entry {j}: {} → {}",
                            shown(&names[f]),
                            shown(&names[t])
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        )?;
    }
    Ok(())
}
