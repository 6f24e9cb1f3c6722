//! `partlab import FILE`: a real cluster's listing (redis-cli's CLUSTER NODES, SHARDS or
//! SLOTS, nodetool ring or describering, a ketama server list), read by the core's
//! `listing::parse`: the format, each node's share, and where each `--key` goes.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use partlab_core::config::MAX_KEY_CHARS;
use partlab_core::listing::{self, Format, Listing, Located, Position, Role, MAX_INPUT_BYTES};
use serde_json::{json, Value};

use crate::key_file;
use crate::text::{column_width, shown};
use crate::CliError;

/// Most keys one `import` places.
const MAX_IMPORT_KEYS: usize = 100_000;

#[derive(Debug, Args)]
pub(crate) struct ImportArgs {
    /// The listing: a file holding what redis-cli printed for CLUSTER NODES, CLUSTER SHARDS or
    /// CLUSTER SLOTS, what nodetool ring or nodetool describering printed, or a ketama server
    /// list (host:port weight per line); `-` reads it from stdin. At most 4 MiB; the format is
    /// detected.
    #[arg(value_name = "FILE", required_unless_present = "sample")]
    pub file: Option<PathBuf>,
    /// Read the lab's sample of a format instead of a file (the page offers the same ones).
    #[arg(long, value_name = "FORMAT", conflicts_with = "file", value_parser = sample_names())]
    pub sample: Option<String>,
    /// A key to place (repeatable), as the system hashes it: its UTF-8 bytes (1 to 1024
    /// characters).
    #[arg(long = "key", value_name = "KEY")]
    pub keys: Vec<String>,
    /// A file of keys to place, one per line (the rules of every --key-file).
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,
    /// Print one JSON object on stdout instead of a table: {"format", "nodes": [{"name",
    /// "share", …}], "keys": [{"key", "owner", "slot" | "token" | "hash", "replicas", …}]}.
    #[arg(long)]
    pub json: bool,
}

/// The formats' names, for `--sample`.
fn sample_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Format::ALL.map(Format::slug))
}

/// Reads the listing, at most one byte past the core's limit (so a larger one is named as
/// such without being read whole).
fn read_listing(path: &Path) -> Result<String, CliError> {
    let bad = |m: String| CliError::Input(format!("{}: {m}", shown(&path.display().to_string())));
    let mut bytes = Vec::new();
    let limit = MAX_INPUT_BYTES as u64 + 1;
    let read = if path.as_os_str() == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path)
            .map_err(|e| bad(format!("cannot open it: {e}")))?
            .take(limit)
            .read_to_end(&mut bytes)
    };
    read.map_err(|e| bad(format!("cannot read it: {e}")))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(bad(format!(
            "more than {MAX_INPUT_BYTES} bytes; a listing is read up to that size"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        bad(format!("line {line}: not valid UTF-8 text"))
    })
}

fn role_text(l: &Listing, role: &Role) -> String {
    match role {
        Role::Master => "master".to_owned(),
        Role::Replica(Some(m)) => format!(
            "replica of {}",
            l.nodes().get(*m).map_or("?", |n| n.name.as_str())
        ),
        Role::Replica(None) => "replica".to_owned(),
        Role::Node => "node".to_owned(),
        Role::Server { weight } => format!("server, weight {weight}"),
    }
}

/// What a node owns, by the format's unit.
fn unit(format: Format) -> &'static str {
    match format {
        Format::RedisNodes | Format::RedisShards | Format::RedisSlots => "slots",
        Format::NodetoolRing(_) | Format::NodetoolDescribering(_) => "tokens",
        Format::Ketama => "points",
    }
}

/// The key's position field: its name and value (tokens as strings: past 2^53 a JSON number
/// is not exact in every reader).
fn position_json(p: Position) -> (&'static str, Value) {
    match p {
        Position::Slot(s) => ("slot", json!(s)),
        Position::Murmur3(t) => ("token", json!(t.to_string())),
        Position::Md5(t) => ("token", json!(t.to_string())),
        Position::Ketama(h) => ("hash", json!(h)),
    }
}

fn key_json(key: &str, at: &Located) -> Value {
    let (name, value) = position_json(at.position);
    let mut o = json!({
        "key": key,
        "owner": at.owner,
        "replicas": at.replicas,
    });
    o[name] = value;
    if let Some(p) = at.owner_position {
        let (_, v) = position_json(p);
        o[if matches!(p, Position::Ketama(_)) {
            "owner_point"
        } else {
            "owner_token"
        }] = v;
    }
    o
}

/// `partlab import`.
pub(crate) fn import(a: &ImportArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let usage = |m: String| CliError::Usage(format!("{m} (see `partlab import --help`)"));
    let mut keys = a.keys.clone();
    if let Some(path) = &a.key_file {
        keys.extend(key_file::read(path).map_err(|error| CliError::KeyFile {
            path: path.clone(),
            error,
        })?);
    }
    if keys.len() > MAX_IMPORT_KEYS {
        return Err(usage(format!(
            "{} keys; `partlab import` places at most {MAX_IMPORT_KEYS}",
            keys.len()
        )));
    }
    for (i, k) in keys.iter().enumerate() {
        let chars = k.chars().count();
        if chars == 0 || chars > MAX_KEY_CHARS {
            return Err(usage(format!(
                "key {} has {chars} characters; a key has 1 to {MAX_KEY_CHARS}",
                i + 1
            )));
        }
    }
    let (name, text) = match (&a.sample, &a.file) {
        (Some(slug), _) => {
            let format = Format::ALL
                .into_iter()
                .find(|f| f.slug() == slug)
                .ok_or_else(|| usage(format!("no sample called {}", shown(slug))))?;
            (
                format!("the {slug} sample"),
                listing::samples::sample(format).to_owned(),
            )
        }
        (None, Some(file)) => (file.display().to_string(), read_listing(file)?),
        (None, None) => return Err(usage("give a FILE or --sample".to_owned())),
    };
    let l = listing::parse(&text)
        .map_err(|e| CliError::Input(format!("{}: {}", shown(&name), shown(&e.to_string()))))?;
    let format = l.format();
    let located: Vec<Located> = keys.iter().map(|k| l.locate(k)).collect();
    if a.json {
        let nodes: Vec<Value> = l
            .nodes()
            .iter()
            .map(|n| {
                let mut o = json!({
                    "name": n.name,
                    "share": n.share,
                    unit(format): n.owns,
                    "line": n.line,
                });
                match &n.role {
                    Role::Master => o["role"] = json!("master"),
                    Role::Replica(m) => {
                        o["role"] = json!("replica");
                        o["replica_of"] = json!(m.and_then(|i| l.nodes().get(i)).map(|m| &m.name));
                    }
                    Role::Node => o["role"] = json!("node"),
                    Role::Server { weight } => {
                        o["role"] = json!("server");
                        o["weight"] = json!(weight);
                    }
                }
                o
            })
            .collect();
        let keys: Vec<Value> = keys
            .iter()
            .zip(&located)
            .map(|(k, at)| key_json(k, at))
            .collect();
        let v = json!({
            "format": format.slug(),
            "format_name": format.name(),
            "peak_to_mean": l.peak_to_mean(),
            "unserved_slots": l.unserved_slots(),
            "nodes": nodes,
            "keys": keys,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(out, "format  {}", format.name())?;
    let owning = l.nodes().iter().filter(|n| n.owns > 0).count();
    writeln!(
        out,
        "nodes   {} ({owning} own {}), busiest / mean {:.3}",
        l.nodes().len(),
        unit(format),
        l.peak_to_mean()
    )?;
    if l.unserved_slots() > 0 {
        writeln!(
            out,
            "        {} slots are served by no master (a key there gets CLUSTERDOWN)",
            l.unserved_slots()
        )?;
    }
    let width = column_width(l.nodes().iter().map(|n| &n.name), 4);
    writeln!(
        out,
        "  {:<width$}  {:>8}  {:>6}  role",
        "node",
        "share",
        unit(format)
    )?;
    for n in l.nodes() {
        writeln!(
            out,
            "  {:<width$}  {:>6.2} %  {:>6}  {}",
            shown(&n.name),
            n.share * 100.0,
            n.owns,
            shown(&role_text(&l, &n.role))
        )?;
    }
    if keys.is_empty() {
        return Ok(());
    }
    let what = match located.first().map(|at| at.position) {
        Some(Position::Slot(_)) => "slot",
        Some(Position::Ketama(_)) => "hash",
        _ => "token",
    };
    let kw = column_width(&keys, 3);
    let pw = located
        .iter()
        .map(|at| at.position.to_string().len())
        .max()
        .unwrap_or(4)
        .max(what.len());
    writeln!(out)?;
    writeln!(out, "  {:<kw$}  {:>pw$}  owner  (replicas)", "key", what)?;
    for (k, at) in keys.iter().zip(&located) {
        let owner = at.owner.as_deref().map_or_else(
            || "none: no master serves this slot".to_owned(),
            |o| shown(o).into_owned(),
        );
        let replicas = if at.replicas.len() > 1 {
            let rest: Vec<String> = at.replicas[1..]
                .iter()
                .map(|r| shown(r).into_owned())
                .collect();
            format!("  ({})", rest.join(", "))
        } else {
            String::new()
        };
        writeln!(
            out,
            "  {:<kw$}  {:>pw$}  {owner}{replicas}",
            shown(k),
            at.position.to_string()
        )?;
    }
    Ok(())
}
