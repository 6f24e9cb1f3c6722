//! Each chapter's page of the guide (`docs/src/chapters/<slug>.md`) documents what the
//! chapter's table declares: every address field, every preset and every view, by name. A
//! field, preset or view added to a chapter without its guide page fails here.

use std::path::PathBuf;

use partlab_lab::base::field::ChapterDef;
use partlab_lab::contract::{self, ChapterId};

/// Every chapter that declares a table, with its table.
fn declared() -> impl Iterator<Item = (ChapterId, &'static ChapterDef)> {
    ChapterId::ALL
        .iter()
        .filter_map(|&c| contract::def(c).map(|def| (c, def)))
}

fn page(slug: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/src/chapters")
        .join(format!("{slug}.md"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_chapter_page_names_its_fields_presets_and_views() {
    let mut missing = Vec::new();
    for (c, def) in declared() {
        // The three hashing chapters share one instrument and one page of fields.
        let slug = match c.instrument() {
            contract::Instrument::Hashing => "instrument",
            _ => c.slug(),
        };
        let text = page(slug);
        for f in def.fields {
            if !text.contains(&format!("`{}`", f.name)) {
                missing.push(format!("{slug}.md: field `{}`", f.name));
            }
        }
        for p in def.presets {
            if !text.contains(&format!("`{}`", p.id)) {
                missing.push(format!("{slug}.md: preset `{}`", p.id));
            }
        }
        for v in def.views {
            if !text.contains(&format!("`{}`", v.name)) {
                missing.push(format!("{slug}.md: view `{}`", v.name));
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}

/// The field names a page's "Address fields" table lists (first cells, each backticked name).
fn listed_fields(text: &str) -> Vec<String> {
    let Some(start) = text.find("## Address fields") else {
        return Vec::new();
    };
    let section = &text[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    section[..end]
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(" | ").next())
        .flat_map(|cell| cell.split(", ").map(str::to_owned).collect::<Vec<_>>())
        .filter_map(|n| {
            n.strip_prefix('`')
                .and_then(|n| n.strip_suffix('`'))
                .map(str::to_owned)
        })
        .collect()
}

/// And the other way round: a field a page lists is one the chapter reads (or one every
/// chapter reads: `l`, `p`, `embed`), so a renamed or removed field leaves no stale row.
#[test]
fn every_field_a_chapter_page_lists_is_one_the_chapter_reads() {
    let mut stale = Vec::new();
    for (c, def) in declared() {
        if c.instrument() != contract::Instrument::Study {
            continue;
        }
        let listed = listed_fields(&page(c.slug()));
        assert!(!listed.is_empty(), "{}.md lists no field", c.slug());
        for name in listed {
            if !["l", "p", "embed"].contains(&name.as_str()) && def.field(&name).is_none() {
                stale.push(format!("{}.md lists `{name}`", c.slug()));
            }
        }
    }
    assert!(stale.is_empty(), "{stale:#?}");
}
