//! How a study chapter's panels are printed: every figure and table, in English, or with
//! `--json` one object with plain numbers (the same numbers the page shows).

use std::io::Write;

use partlab_lab::chapters::ChapterId;
use partlab_lab::study::view::{Block, DataTable, Panel};
use partlab_lab::study::Study;
use serde_json::{json, Value};

use crate::text::shown;
use crate::CliError;

/// Prints a chapter's panels: figures and tables.
pub(crate) fn print_study(
    chapter: ChapterId,
    s: &dyn Study,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let panels = s.panels();
    if json {
        let views: Vec<Value> = panels.iter().map(panel_json).collect();
        let v = json!({
            "chapter": chapter.slug(),
            "fields": s.fragment(false),
            "views": views,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(out, "partlab {}  ({})", chapter.slug(), s.fragment(false))?;
    for p in &panels {
        writeln!(out)?;
        writeln!(out, "== {} [{}]", p.title, p.view)?;
        for f in p.figures() {
            writeln!(out, "  {}: {}", shown(&f.label), shown(&f.text))?;
        }
        for t in p.tables() {
            print_table(t, out)?;
        }
        texts(&p.blocks, out)?;
    }
    Ok(())
}

fn texts(blocks: &[Block], out: &mut dyn Write) -> Result<(), CliError> {
    for b in blocks {
        match b {
            Block::Text(t) => writeln!(out, "  {}", shown(t))?,
            Block::Reveal { blocks, .. } => texts(blocks, out)?,
            _ => {}
        }
    }
    Ok(())
}

fn print_table(t: &DataTable, out: &mut dyn Write) -> Result<(), CliError> {
    let head: Vec<String> = t.head.iter().map(|h| shown(h).into_owned()).collect();
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .map(|c| shown(&c.text).into_owned())
                .collect()
        })
        .collect();
    let cols = head.len();
    let width = |i: usize| {
        rows.iter()
            .filter_map(|r| r.get(i))
            .chain(head.get(i))
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..cols).map(width).collect();
    let line = |cells: &[String]| {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let w = widths.get(i).copied().unwrap_or(0);
                if i == 0 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
    };
    writeln!(out, "  -- {}", t.key)?;
    writeln!(out, "  {}", line(&head).trim_end())?;
    for r in &rows {
        writeln!(out, "  {}", line(r).trim_end())?;
    }
    Ok(())
}

fn table_json(t: &DataTable) -> Value {
    let rows: Vec<Value> = t
        .rows
        .iter()
        .map(|r| {
            let cells: Vec<Value> = r
                .cells
                .iter()
                .map(|c| c.value.map_or_else(|| json!(c.text), |v| json!(v)))
                .collect();
            let attrs: serde_json::Map<String, Value> = r
                .attrs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), json!(v)))
                .collect();
            json!({ "attrs": attrs, "cells": cells })
        })
        .collect();
    json!({ "key": t.key, "head": t.head, "rows": rows })
}

fn panel_json(p: &Panel) -> Value {
    let figures: Vec<Value> = p
        .figures()
        .iter()
        .map(|f| json!({ "key": f.key, "label": f.label, "value": f.value, "text": f.text }))
        .collect();
    let tables: Vec<Value> = p.tables().into_iter().map(table_json).collect();
    json!({ "view": p.view, "title": p.title, "figures": figures, "tables": tables })
}
