//! `partlab quiz`: a chapter's "Predict first" questions for a seed, with their answers: the
//! teacher's answer key, and the e2e tests' oracle for what the page reveals. Each question
//! that has one names the `partlab` command computing the same figure another way.

use std::io::Write;

use clap::Args;
use partlab_lab::chapters::ChapterId;
use partlab_lab::quiz::{self, Answer, Guess, InputKind, QuizSet, MAX_INDEX};
use partlab_lab::state::Lang;
use serde_json::{json, Value};

use crate::args::Output;
use crate::CliError;

/// Most questions one call prints.
const MAX_COUNT: u32 = 50;

/// The options of `quiz`.
#[derive(Debug, Args)]
pub(crate) struct QuizArgs {
    /// The chapter, as in the page's address (mod-n, ring, rendezvous, hash-keys, ranges,
    /// indexes, rebalancing, replication, hot-keys, routing, choosing-keys, compare).
    #[arg(long, value_name = "SLUG")]
    pub chapter: String,
    /// The question set: the page's `quiz=` (a whole number).
    #[arg(long, value_name = "SEED", allow_hyphen_values = true)]
    pub seed: String,
    /// The first question's index: the page's `qi=` (0 to 999).
    #[arg(
        long,
        value_name = "I",
        default_value = "0",
        allow_hyphen_values = true
    )]
    pub first: String,
    /// How many questions (1 to 50).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 5,
        allow_negative_numbers = true
    )]
    pub count: u32,
    /// The questions' language: ca, en or es.
    #[arg(long, value_name = "LANG", default_value = "en")]
    pub lang: String,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

fn bad(message: String) -> CliError {
    CliError::Usage(format!("{message} (see `partlab quiz --help`)"))
}

/// `partlab quiz`.
pub(crate) fn quiz(a: &QuizArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let chapter = ChapterId::from_slug(&a.chapter)
        .filter(|c| quiz::covers(*c))
        .ok_or_else(|| {
            let slugs: Vec<&str> = quiz::chapters().map(ChapterId::slug).collect();
            bad(format!(
                "no questions for the chapter \"{}\"; chapters with questions: {}",
                crate::text::shown(&a.chapter),
                slugs.join(", ")
            ))
        })?;
    let seed = quiz::parse_seed(&a.seed)
        .ok_or_else(|| bad("--seed must be a whole number of up to 20 digits".to_owned()))?;
    let first = quiz::parse_index(&a.first).ok_or_else(|| {
        bad(format!(
            "--first must be a whole number from 0 to {MAX_INDEX}"
        ))
    })?;
    if !(1..=MAX_COUNT).contains(&a.count) {
        return Err(bad(format!("--count must be from 1 to {MAX_COUNT}")));
    }
    let lang = Lang::from_code(&a.lang)
        .filter(|_| a.lang.len() <= 8)
        .ok_or_else(|| bad("--lang must be ca, en or es".to_owned()))?;
    let mut rows = Vec::new();
    for index in (first..=MAX_INDEX).take(a.count as usize) {
        let set = QuizSet { seed, index };
        let Some(q) = quiz::question(chapter, set) else {
            continue;
        };
        let answer = q
            .solve()
            .map_err(|_| bad(format!("question {index} could not be computed")))?;
        rows.push((set, q, answer));
    }
    if a.output.json {
        let list: Vec<Value> = rows
            .iter()
            .map(|(set, q, answer)| {
                let (input, value) = match (q.input(), answer) {
                    (InputKind::Percent, Answer::Percent(p)) => ("percent", json!(p)),
                    (_, Answer::Count(c)) => ("count", json!(c)),
                    (_, Answer::Choice(i)) => ("choice", json!(i)),
                    (_, Answer::Percent(p)) => ("percent", json!(p)),
                };
                json!({
                    "chapter": chapter.slug(),
                    "seed": set.seed,
                    "index": set.index,
                    "address": format!("c={}&{}", chapter.slug(), set.fields()),
                    "kind": q.kind(),
                    "prompt": q.prompt(lang),
                    "input": input,
                    "choices": q.choices(lang),
                    "answer": value,
                    "answer_shown": q.show(lang, guess_of(*answer)),
                    "tolerance_pp": if input == "percent" { json!(quiz::PERCENT_TOLERANCE) } else { json!(0) },
                    "nodes": q.node_names(),
                    "check": q.check_command(),
                })
            })
            .collect();
        writeln!(out, "{}", json!({ "questions": list }))?;
        return Ok(());
    }
    for (set, q, answer) in &rows {
        writeln!(out, "#c={}&{}", chapter.slug(), set.fields())?;
        writeln!(out, "  {}", q.prompt(lang))?;
        let choices = q.choices(lang);
        if !choices.is_empty() {
            writeln!(out, "  options: {}", choices.join(" | "))?;
        }
        writeln!(
            out,
            "  answer: {} ({})",
            q.show(lang, guess_of(*answer)),
            q.rule(lang)
        )?;
        if let Some(check) = q.check_command() {
            writeln!(out, "  check: partlab {}", check.join(" "))?;
        }
    }
    Ok(())
}

fn guess_of(a: Answer) -> Guess {
    match a {
        Answer::Percent(p) => Guess::Percent(p),
        Answer::Count(c) => Guess::Count(c),
        Answer::Choice(i) => Guess::Choice(i),
    }
}
