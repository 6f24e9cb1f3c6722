//! Every `partlab` command that README.md shows runs: found in the README's code (fenced
//! blocks, and inline code that starts with `partlab `), run against the built binary as
//! written, and again with `--json`, whose output must be one JSON value.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use std::process::Command;

const README: &str = include_str!("../../../README.md");

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

/// Every partlab command in the README's fenced code blocks and inline code spans.
fn readme_commands() -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut in_block = false;
    for line in README.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            commands.extend(partlab_args(line));
            continue;
        }
        // Inline code: the odd-numbered pieces between backticks.
        for span in line.split('`').skip(1).step_by(2) {
            if span.starts_with("partlab ") {
                commands.extend(partlab_args(span));
            }
        }
    }
    // Each distinct command once, in README order.
    let mut seen = std::collections::HashSet::new();
    commands.retain(|c| seen.insert(c.clone()));
    commands
}

fn run(args: &[String]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_partlab"))
        .args(args)
        .output()
        .expect("the partlab binary runs")
}

#[test]
fn the_readme_shows_every_command() {
    let commands = readme_commands();
    for name in ["lesson", "dist", "move", "sweep", "locate"] {
        assert!(
            commands
                .iter()
                .any(|c| c.first().map(String::as_str) == Some(name)),
            "no README example of `partlab {name}`: {commands:?}"
        );
    }
}

#[test]
fn every_readme_command_runs_and_its_json_parses() {
    // Each command as written, then with `--json`; a run the README already shows is not
    // repeated.
    let mut runs: Vec<Vec<String>> = Vec::new();
    for args in readme_commands() {
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
        let out = run(&run_args);
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
    assert!(std::panic::catch_unwind(|| partlab_args(
        "cargo run --release --bin partlab -- lesson"
    ))
    .is_err());
}
