//! The guide's command reference, `docs/src/reference/cli.md`, is clap's own help for every
//! command, rendered into markdown: this test asks the built binary for `partlab help` and
//! `partlab help <command>` (and each subcommand of a command that has them), writes the page
//! that help makes, and fails when the committed page differs. `PARTLAB_BLESS=1` rewrites the
//! page instead, after an option changed:
//!
//! ```sh
//! PARTLAB_BLESS=1 cargo test -p partlab-cli --test cli_reference
//! ```
//!
//! The help comes from the binary rather than from `Cli::command()` because the CLI is a binary
//! crate: the text is the same clap renders for a user, with its wrapping.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use std::path::PathBuf;

mod common;
use common::stdout;

/// Where the page lives, from this crate's directory.
fn page_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/src/reference/cli.md")
}

/// The subcommands a help text lists under `Commands:`, without clap's own `help`.
fn subcommands(help_text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_commands = false;
    for line in help_text.lines() {
        if line == "Commands:" {
            in_commands = true;
            continue;
        }
        if !in_commands {
            continue;
        }
        // The section ends at the first line that is not indented (a blank line or a heading).
        if !line.starts_with(' ') {
            break;
        }
        // A command's own line is indented by two spaces; its wrapped description by more.
        if let Some(rest) = line.strip_prefix("  ") {
            if !rest.starts_with(' ') {
                if let Some(name) = rest.split_whitespace().next() {
                    if name != "help" {
                        names.push(name.to_owned());
                    }
                }
            }
        }
    }
    names
}

/// The help of `path` (`["sweep", "movement"]`) and of each of its subcommands, depth first,
/// as (path, help) pairs.
fn collect(path: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    let mut args = vec!["help".to_owned()];
    args.extend(path.iter().cloned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let text = stdout(&args);
    let subs = subcommands(&text);
    out.push((path.clone(), text));
    for sub in subs {
        let mut next = path.clone();
        next.push(sub);
        collect(next, out);
    }
}

/// The page: an introduction, then one section per command with its help as clap prints it.
fn render() -> String {
    let mut commands = Vec::new();
    collect(Vec::new(), &mut commands);
    let mut page = String::new();
    page.push_str("# Command reference\n\n");
    page.push_str(
        "<!-- Generated from the partlab binary's own help by \
         crates/partlab-cli/tests/cli_reference.rs: do not edit by hand. After changing an \
         option, run `PARTLAB_BLESS=1 cargo test -p partlab-cli --test cli_reference`. -->\n\n",
    );
    page.push_str(
        "Every command of `partlab` with its options, exactly as the tool's own `help` command \
         prints them. [The command-line tool](command-line.md) explains how to run it, its exit codes \
         and its JSON fields; each chapter's page shows the commands that print its figures.\n\n",
    );
    let listed: Vec<String> = commands
        .iter()
        .filter(|(path, _)| !path.is_empty())
        .map(|(path, _)| {
            let name = format!("partlab {}", path.join(" "));
            format!("- [{name}](#{})", name.replace(' ', "-"))
        })
        .collect();
    page.push_str(&listed.join("\n"));
    page.push_str("\n\n");
    for (path, text) in &commands {
        let heading = if path.is_empty() {
            "partlab".to_owned()
        } else {
            format!("partlab {}", path.join(" "))
        };
        page.push_str(&format!(
            "## {heading}\n\n```text\n{}\n```\n\n",
            text.trim_end()
        ));
    }
    // One newline at the end, none doubled.
    format!("{}\n", page.trim_end())
}

#[test]
fn the_command_reference_is_the_tools_own_help() {
    let want = render();
    let path = page_path();
    if std::env::var_os("PARTLAB_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &want).expect("docs/src/reference/cli.md can be written");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        // The first line that differs, to say what changed without printing two whole pages.
        let (line, (a, b)) = have
            .lines()
            .chain(std::iter::repeat(""))
            .zip(want.lines().chain(std::iter::repeat("")))
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .unwrap_or((0, ("", "")));
        panic!(
            "{} is not the tool's help (first difference at line {}:\n  page: {a:?}\n  help: {b:?}).\n\
             Run `PARTLAB_BLESS=1 cargo test -p partlab-cli --test cli_reference` and commit the page.",
            path.display(),
            line + 1
        );
    }
}

#[test]
fn every_command_of_the_top_level_help_has_a_section() {
    let top = stdout(&["help"]);
    let names = subcommands(&top);
    // The tool has more than a handful of commands; an empty list would mean the parser
    // no longer reads clap's layout, and the page would silently lose them.
    assert!(
        names.len() >= 10,
        "commands read from `partlab help`: {names:?}"
    );
    for must in ["lesson", "dist", "move", "sweep", "locate", "quiz"] {
        assert!(names.iter().any(|n| n == must), "no {must} in {names:?}");
    }
    let page = render();
    for name in &names {
        assert!(
            page.contains(&format!("\n## partlab {name}\n")),
            "no section for partlab {name}"
        );
    }
    assert!(page.contains("\n## partlab sweep deviation\n"));
}

#[test]
fn the_command_list_reader_takes_names_not_wrapped_descriptions() {
    let text = "Usage: x\n\nCommands:\n  lesson  The lesson's\n          tables\n  dist    Keys\n  help    Print this\n\nOptions:\n  -h\n";
    assert_eq!(subcommands(text), ["lesson", "dist"]);
}
