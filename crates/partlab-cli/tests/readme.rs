//! Every `partlab` command that README.md and the guide and notes under `docs/` show runs:
//! found in their code (fenced shell blocks, and inline code that starts with `partlab `), run
//! against the built binary as written, and again with `--json`, whose output must be one JSON
//! value. Blocks of another language (`text`, `html`, …) are not commands: the generated
//! command reference quotes the tool's help in `text` blocks.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use std::path::{Path, PathBuf};

mod common;
use common::partlab;

const README: &str = include_str!("../../../README.md");

/// The repository's root, from this crate's directory.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every markdown file under `dir`, sorted, without mdBook's output (`docs/book/`).
fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "book") {
                continue;
            }
            markdown_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// README.md, then every markdown file under docs/, as (name, text).
fn documents() -> Vec<(String, String)> {
    let mut docs = vec![("README.md".to_owned(), README.to_owned())];
    let mut files = Vec::new();
    markdown_under(&root().join("docs"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a docs file is UTF-8");
        let name = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        docs.push((name, text));
    }
    docs
}

/// The words of a shell command line: whitespace-separated, with '…' and "…" quoting (the
/// README needs no more; anything fancier fails the test rather than being misread).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, '\\' | '$' | '`' | '|' | '>' | '<' | ';' | '&') => {
                panic!("README command needs a real shell: {line}")
            }
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "unbalanced quote in: {line}");
    words.extend(word);
    words
}

/// The line without a trailing `# comment`.
fn without_comment(line: &str) -> &str {
    match line.find(" #") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// The arguments of a README command that runs partlab, or `None` for another command.
///
/// `partlab ARGS` runs the installed binary; `cargo run … -- ARGS` must select the CLI's
/// package with `-p partlab-cli`, since the workspace root is the browser app.
fn partlab_args(line: &str) -> Option<Vec<String>> {
    let line = without_comment(line.trim());
    // Only these two can run partlab; other lines (other tools, HTML, URLs) are not words.
    if !line.starts_with("partlab ") && !line.starts_with("cargo run ") {
        return None;
    }
    let w = words(line);
    match w.first().map(String::as_str) {
        Some("partlab") => Some(w[1..].to_vec()),
        Some("cargo") if w.get(1).map(String::as_str) == Some("run") => {
            let dash = w.iter().position(|x| x == "--");
            let cargo_part = &w[..dash.unwrap_or(w.len())];
            let package = cargo_part
                .windows(2)
                .any(|p| p[0] == "-p" && p[1] == "partlab-cli");
            let bin = cargo_part
                .windows(2)
                .any(|p| p[0] == "--bin" && p[1] == "partlab");
            if !package && !bin {
                return None;
            }
            assert!(
                package,
                "README runs partlab without `-p partlab-cli`, which fails from the workspace root: {line}"
            );
            let dash = dash.unwrap_or_else(|| panic!("no `--` before the arguments: {line}"));
            Some(w[dash + 1..].to_vec())
        }
        _ => None,
    }
}

/// Whether a fenced block's info string (what follows the opening fence) holds commands.
fn is_shell_block(info: &str) -> bool {
    matches!(info.trim(), "" | "sh" | "bash" | "shell" | "console")
}

/// Every partlab command in a document's shell blocks and inline code spans.
fn commands_in(text: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    // None outside a block; Some(true) inside a shell block, Some(false) inside another.
    let mut block: Option<bool> = None;
    for line in text.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            block = match block {
                None => Some(is_shell_block(info)),
                Some(_) => None,
            };
            continue;
        }
        match block {
            Some(true) => {
                commands.extend(partlab_args(line));
                continue;
            }
            Some(false) => continue,
            None => {}
        }
        // Inline code: the odd-numbered pieces between backticks.
        for span in line.split('`').skip(1).step_by(2) {
            if span.starts_with("partlab ") {
                commands.extend(partlab_args(span));
            }
        }
    }
    commands
}

/// Every partlab command in README.md.
fn readme_commands() -> Vec<Vec<String>> {
    commands_in(README)
}

/// Every partlab command of README.md and docs/, each distinct one once, in order.
fn all_commands() -> Vec<Vec<String>> {
    let mut commands: Vec<Vec<String>> = documents()
        .iter()
        .flat_map(|(_, text)| commands_in(text))
        .collect();
    let mut seen = std::collections::HashSet::new();
    commands.retain(|c| seen.insert(c.clone()));
    commands
}

/// The first of `names` that no command of `commands` runs (as `partlab NAME …`), if any.
fn first_unshown<'a>(commands: &[Vec<String>], names: &[&'a str]) -> Option<&'a str> {
    names.iter().copied().find(|&name| {
        !commands
            .iter()
            .any(|c| c.first().map(String::as_str) == Some(name))
    })
}

#[test]
fn the_readme_shows_every_command() {
    let commands = readme_commands();
    let names = ["lesson", "dist", "move", "sweep", "locate"];
    if let Some(name) = first_unshown(&commands, &names) {
        panic!("no README example of `partlab {name}`: {commands:?}");
    }
}

#[test]
fn the_guide_shows_every_study_command() {
    let commands = all_commands();
    let names = [
        "replication",
        "ranges",
        "hash-keys",
        "indexes",
        "rebalancing",
        "routing",
        "choosing-keys",
        "compare",
        "hot-keys",
        "quiz",
    ];
    if let Some(name) = first_unshown(&commands, &names) {
        panic!("no example of `partlab {name}` in README.md or docs/");
    }
}

#[test]
fn every_documented_command_runs_and_its_json_parses() {
    // Each command as written, then with `--json`; a run the docs already show is not
    // repeated.
    let mut runs: Vec<Vec<String>> = Vec::new();
    for args in all_commands() {
        let is_help = args.first().is_some_and(|a| a == "help")
            || args.iter().any(|a| a == "--help" || a == "-h");
        let with_json = (!is_help && !args.iter().any(|a| a == "--json")).then(|| {
            let mut with_json = args.clone();
            with_json.push("--json".to_owned());
            with_json
        });
        for run_args in std::iter::once(args).chain(with_json) {
            if !runs.contains(&run_args) {
                runs.push(run_args);
            }
        }
    }
    let mut failures = Vec::new();
    for run_args in runs {
        let out = partlab(&run_args);
        if !out.status.success() {
            failures.push(format!(
                "partlab {}: {:?}, stderr: {}",
                run_args.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        if out.stdout.is_empty() {
            failures.push(format!("partlab {}: no output", run_args.join(" ")));
        }
        if run_args.iter().any(|a| a == "--json")
            && serde_json::from_slice::<serde_json::Value>(&out.stdout).is_err()
        {
            failures.push(format!("partlab {}: not JSON", run_args.join(" ")));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_extractor_reads_the_forms_the_readme_uses() {
    let args = |line: &str| partlab_args(line).expect("a partlab command");
    assert_eq!(
        args("cargo run --release -p partlab-cli -- lesson            # the tables"),
        ["lesson"]
    );
    assert_eq!(
        args("partlab locate 'a b' --nodes x"),
        ["locate", "a b", "--nodes", "x"]
    );
    assert_eq!(
        partlab_args("cargo install --path crates/partlab-cli"),
        None
    );
    assert_eq!(partlab_args("cargo test --test lesson"), None);
    // Help quoted in a text block is not a command; a shell block is.
    let text = "```text\npartlab dist --nodes a\n```\n```sh\npartlab lesson\n```\n";
    assert_eq!(commands_in(text), [["lesson"]]);
    assert!(std::panic::catch_unwind(|| partlab_args(
        "cargo run --release --bin partlab -- lesson"
    ))
    .is_err());
}
