//! The study chapters' commands (`partlab replication`, `partlab hash-keys`, …), made from
//! each chapter's field table ([`ChapterDef::fields`]): one option per field the table gives
//! an option to, `--preset` for its presets and `--json`. The values become the chapter's
//! address fields, read strictly by the chapter itself (any problem is bad input: exit 2, one
//! line naming the option the user typed and the rule it broke), then the chapter's work runs
//! to the end and its panels are printed: the same numbers the page shows.
//!
//! A new chapter gets its command from its table: nothing here names a chapter or a field.

use std::io::Write;

use clap::{Arg, ArgAction, ArgMatches, Command};
use partlab_lab::base::field::{ChapterDef, Cli, FieldKind, FieldSpec, PresetSpec};
use partlab_lab::base::url::encode;
use partlab_lab::contract::{self, ChapterId, Instrument};
use partlab_lab::state::Lang;
use partlab_lab::study;
use partlab_lab::study::fields::StudyIssue;

use crate::text::shown;
use crate::CliError;

/// The chapters that have a command of their own, with their tables, in the chapter bar's
/// order.
pub(crate) fn chapters() -> impl Iterator<Item = (ChapterId, &'static ChapterDef)> {
    ChapterId::ALL
        .iter()
        .copied()
        .filter(|c| c.instrument() == Instrument::Study)
        .filter_map(|c| contract::def(c).map(|d| (c, d)))
}

/// The chapter whose command is `name`, if any.
pub(crate) fn by_name(name: &str) -> Option<(ChapterId, &'static ChapterDef)> {
    chapters().find(|(c, _)| c.slug() == name)
}

/// A field's help line: what it means, what it takes, its default.
fn help(f: &FieldSpec) -> String {
    let default = match (f.cli, f.kind) {
        (Cli::Hundredths(_), FieldKind::Whole { default, .. }) => hundredths_text(default),
        _ => f.default_value(),
    };
    let rule = match (f.cli, f.kind) {
        (Cli::Hundredths(_), FieldKind::Whole { min, max, .. }) => format!(
            "{} to {} in steps of 0.01",
            hundredths_text(min),
            hundredths_text(max)
        ),
        _ => f.rule(Lang::En),
    };
    if default.is_empty() {
        format!("{} ({rule}).", f.meaning(Lang::En))
    } else {
        format!("{} ({rule}) [default: {default}].", f.meaning(Lang::En))
    }
}

/// `125` hundredths as `1.25`.
fn hundredths_text(v: u64) -> String {
    format!("{}.{:02}", v / 100, v % 100)
}

/// How a value is named in the help: `N` for a number, `WORD` for a word, `VALUE` else.
fn value_name(f: &FieldSpec) -> &'static str {
    match (f.cli, f.kind) {
        (Cli::Hundredths(_), _) => "X.XX",
        (_, FieldKind::Whole { .. }) => "N",
        (_, FieldKind::Choice { .. }) => "WORD",
        (_, FieldKind::Rule { .. }) => "VALUE",
    }
}

/// The command of chapter `c`, from its table.
pub(crate) fn command(c: ChapterId, def: &'static ChapterDef) -> Command {
    let mut cmd = Command::new(c.slug()).about(def.summary);
    let fields = def.fields;
    for (i, f) in fields.iter().enumerate() {
        // Negative-looking values are values: the chapter refuses them with the rule.
        let value = |id: &'static str, long: &'static str| {
            Arg::new(id)
                .long(long)
                .value_name(value_name(f))
                .allow_hyphen_values(true)
                .help(help(f))
        };
        cmd = match f.cli {
            Cli::None | Cli::SpanEnd(_) => cmd,
            Cli::Value(long) | Cli::Hundredths(long) => cmd.arg(value(f.name, long)),
            Cli::Flag(long, _) => cmd.arg(
                Arg::new(f.name)
                    .long(long)
                    .action(ArgAction::SetTrue)
                    .help(format!("{}.", f.meaning(Lang::En))),
            ),
            Cli::SpanStart(long) => {
                let end = fields.get(i + 1).filter(|e| e.cli == Cli::SpanEnd(long));
                let text = match end {
                    Some(e) => format!("{} .. {}", help(f), help(e)),
                    None => help(f),
                };
                cmd.arg(
                    Arg::new(long)
                        .long(long)
                        .value_name("FROM..TO")
                        .allow_hyphen_values(true)
                        .help(text),
                )
            }
        };
    }
    let presets: Vec<&'static str> = def.presets.iter().map(|p| p.id).collect();
    cmd.arg(
        Arg::new("p")
            .long("preset")
            .value_name("NAME")
            .help(format!(
                "A preset, then the options given over it: {}.",
                presets.join(", ")
            )),
    )
    .arg(
        Arg::new("json")
            .long("json")
            .action(ArgAction::SetTrue)
            .help("Print one JSON object on stdout instead of a table."),
    )
}

/// The address fields the options of `m` ask for, in the table's order (the preset first),
/// each value percent-encoded; a value the command line itself cannot turn into a field is
/// bad input.
fn fields_of(
    c: ChapterId,
    def: &ChapterDef,
    m: &ArgMatches,
) -> Result<Vec<(&'static str, String)>, CliError> {
    let mut out = Vec::new();
    let text = |id: &str| m.get_one::<String>(id).cloned();
    if let Some(p) = text("p") {
        out.push(("p", encode(&p)));
    }
    let fields = def.fields;
    for (i, f) in fields.iter().enumerate() {
        match f.cli {
            Cli::None | Cli::SpanEnd(_) => {}
            Cli::Value(_) => {
                if let Some(v) = text(f.name) {
                    out.push((f.name, encode(&v)));
                }
            }
            Cli::Hundredths(long) => {
                if let Some(v) = text(f.name) {
                    out.push((f.name, to_hundredths(c, f, long, &v)?));
                }
            }
            Cli::Flag(_, value) => {
                if m.get_flag(f.name) {
                    out.push((f.name, encode(value)));
                }
            }
            Cli::SpanStart(long) => {
                let Some(v) = text(long) else { continue };
                let Some((from, to)) = v.split_once("..") else {
                    return Err(CliError::Usage(format!(
                        "--{long} {}: write it as FROM..TO (see `partlab {} --help`)",
                        shown(&v),
                        c.slug()
                    )));
                };
                out.push((f.name, encode(from.trim())));
                if let Some(end) = fields.get(i + 1).filter(|e| e.cli == Cli::SpanEnd(long)) {
                    out.push((end.name, encode(to.trim())));
                }
            }
        }
    }
    Ok(out)
}

/// A decimal with at most two places (`1.25`) as the hundredths the address writes (`125`);
/// anything else is bad input naming the option and its range.
fn to_hundredths(c: ChapterId, f: &FieldSpec, long: &str, raw: &str) -> Result<String, CliError> {
    let (min, max) = match f.kind {
        FieldKind::Whole { min, max, .. } => (min, max),
        _ => (0, u64::MAX),
    };
    let value = partlab_lab::base::decimal::parse_decimal(raw.trim())
        .filter(|v| v.is_finite() && *v >= 0.0)
        .map(|v| (v * 100.0).round())
        .filter(|h| ((h / 100.0) - raw.trim().parse::<f64>().unwrap_or(f64::NAN)).abs() < 1e-9);
    match value {
        Some(h) if h >= min as f64 && h <= max as f64 => Ok(format!("{h:.0}")),
        _ => Err(CliError::Usage(format!(
            "--{long} {}: choose a number from {} to {} (see `partlab {} --help`)",
            // A number of at most two places is shown with two, as the range is.
            match raw.trim().parse::<f64>() {
                Ok(v) if v.is_finite() && (v * 100.0).fract() == 0.0 => format!("{v:.2}"),
                _ => shown(raw.trim()).into_owned(),
            },
            hundredths_text(min),
            hundredths_text(max),
            c.slug()
        ))),
    }
}

/// A chapter's issue as a command-line message, naming the option that sets the field (from
/// the table) and the rule it broke.
pub(crate) fn issue_message(
    command: &str,
    fields: &[FieldSpec],
    presets: &[PresetSpec],
    issue: &StudyIssue,
) -> String {
    let spec = |name: &str| fields.iter().find(|f| f.name == name);
    let option = |name: &str| match spec(name).map(|f| f.cli) {
        Some(Cli::Value(o) | Cli::Hundredths(o) | Cli::Flag(o, _)) => format!("--{o}"),
        Some(Cli::SpanStart(o) | Cli::SpanEnd(o)) => format!("--{o}"),
        _ if name == "p" => "--preset".to_owned(),
        _ => format!("the field {name}"),
    };
    let text = match issue {
        StudyIssue::BadValue {
            field,
            value,
            range: Some((min, max)),
        } if matches!(spec(field).map(|f| f.cli), Some(Cli::Hundredths(_))) => format!(
            "{} {}: choose a number from {} to {}",
            option(field),
            value
                .parse::<f64>()
                .map_or_else(|_| shown(value).into_owned(), |v| format!("{:.2}", v / 100.0)),
            hundredths_text(*min),
            hundredths_text(*max)
        ),
        StudyIssue::BadValue {
            field,
            value,
            range: Some((min, max)),
        } => format!(
            "{} {}: choose a whole number from {min} to {max}",
            option(field),
            shown(value)
        ),
        StudyIssue::BadValue {
            field,
            value,
            range: None,
        } if *field == "p" => format!(
            "--preset {}: choose one of {}",
            shown(value),
            presets.iter().map(|p| p.id).collect::<Vec<_>>().join(", ")
        ),
        StudyIssue::BadValue {
            field,
            value,
            range: None,
        } => match spec(field) {
            Some(f) => format!(
                "{} {}: {}",
                option(field),
                shown(value),
                f.rule(Lang::En)
            ),
            None => format!("{} {}: not a value it takes", option(field), shown(value)),
        },
        StudyIssue::BadChoice {
            field,
            value,
            values,
        } => format!(
            "{} {}: choose one of {}",
            option(field),
            shown(value),
            values.join(", ")
        ),
        StudyIssue::Refused { field, value, .. } | StudyIssue::Adjusted { field, to: value, .. } => {
            format!(
                "{} {}: {}",
                option(field),
                shown(value),
                study::issue_rule(Lang::En, issue).unwrap_or_default()
            )
        }
        StudyIssue::TooManyOrders { days, orders, .. } => format!(
            "--days {days} with --orders-per-day {orders} is more than the {} orders a study generates",
            study::MAX_PAGE_ORDERS
        ),
        other => study::issue_text(Lang::En, other),
    };
    format!("{text} (see `partlab {command} --help`)")
}

/// Runs chapter `c`'s command with the options of `m`.
pub(crate) fn run(
    c: ChapterId,
    def: &ChapterDef,
    m: &ArgMatches,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let fields = fields_of(c, def, m)?;
    let fragment: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut s = contract::open_strict(c, &fragment.join("&")).map_err(|issues| {
        CliError::Usage(
            issues
                .first()
                .map(|i| issue_message(c.slug(), def.fields, def.presets, i))
                .unwrap_or_else(|| format!("`{}` is not a study chapter", c.slug())),
        )
    })?;
    s.finish_work();
    crate::panels::print_study(c, s.as_ref(), m.get_flag("json"), out)
}

/// Every chapter's command: options named and described, each field that has an option
/// reachable, nothing clap itself would reject in the table.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_study_chapter_has_a_command_with_an_option_per_field() {
        assert!(chapters().count() >= 9);
        for (c, def) in chapters() {
            let cmd = command(c, def);
            cmd.clone().debug_assert();
            for f in def.fields {
                let Some(o) = f.cli.option() else { continue };
                assert!(
                    cmd.get_arguments().any(|a| a.get_long() == Some(o)),
                    "{c:?}: --{o}"
                );
            }
        }
    }

    #[test]
    fn hundredths_are_read_to_two_places_within_the_range() {
        let (c, def) = by_name("compare").expect("a chapter");
        let lf = def.field("lf").expect("a field");
        assert_eq!(
            to_hundredths(c, lf, "load-factor", "1.25").ok(),
            Some("125".into())
        );
        assert_eq!(
            to_hundredths(c, lf, "load-factor", "2").ok(),
            Some("200".into())
        );
        for bad in ["1.255", "5", "-1", "x", "", "1e2", "NaN"] {
            assert!(to_hundredths(c, lf, "load-factor", bad).is_err(), "{bad}");
        }
    }
}
