//! Pasted listings: whatever the text, `listing::parse` answers with a listing or a typed
//! error naming a line that exists, and a listing it accepts places keys, says what a leave
//! or a join moves, and never panics.

use partlab_core::listing::{self, samples, Format, Join, Listing};
use proptest::prelude::*;

fn check_listing(l: &Listing, keys: &[String]) {
    let total: f64 = l.nodes().iter().map(|n| n.share).sum();
    assert!(total <= 1.0 + 1e-9, "shares {total}");
    assert!(l.nodes().iter().all(|n| n.share >= 0.0));
    for k in keys {
        let at = l.locate(k);
        if let Some(o) = &at.owner {
            assert!(l.nodes().iter().any(|n| &n.name == o));
            assert_eq!(at.replicas.first(), Some(o));
        }
    }
    for i in 0..l.nodes().len().min(4) {
        if let Some(c) = l.leave(i) {
            assert!((0.0..=1.0 + 1e-9).contains(&c.moved), "{c:?}");
        }
    }
    let _ = l.join("new-node:1", Join::default());
}

fn check(text: &str, keys: &[String]) {
    match listing::parse(text) {
        Ok(l) => check_listing(&l, keys),
        Err(e) => {
            let lines = text.lines().count().max(1);
            if let Some(n) = e.line {
                assert!(n >= 1 && n <= lines, "line {n} of {lines}: {e}");
            }
            assert!(!e.to_string().is_empty());
        }
    }
}

/// One edit of a sample: cut a stretch, insert text, repeat or drop a line.
#[derive(Clone, Debug)]
enum Edit {
    Cut(usize, usize),
    Insert(usize, String),
    RepeatLine(usize),
    DropLine(usize),
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut s = text.to_owned();
    for e in edits {
        let boundary = |s: &str, at: usize| {
            let mut at = at % (s.len() + 1);
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        match e {
            Edit::Cut(at, len) => {
                let a = boundary(&s, *at);
                let b = boundary(&s, a + len);
                if b > a {
                    s.replace_range(a..b, "");
                }
            }
            Edit::Insert(at, t) => {
                let a = boundary(&s, *at);
                s.insert_str(a, t);
            }
            Edit::RepeatLine(i) | Edit::DropLine(i) => {
                let mut lines: Vec<&str> = s.lines().collect();
                if lines.is_empty() {
                    continue;
                }
                let i = i % lines.len();
                if matches!(e, Edit::RepeatLine(_)) {
                    lines.insert(i, lines[i]);
                } else {
                    lines.remove(i);
                }
                s = lines.join("\n");
            }
        }
    }
    s
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(a, l)| Edit::Cut(a, l)),
        (
            any::<usize>(),
            prop_oneof![
                "[0-9-]{1,40}".boxed(),
                "[ \\t\\n\\[\\]\\(\\)\":,#=>-]{1,8}".boxed(),
                any::<String>().boxed(),
                Just("99999999999999999999999999999999999999999".to_owned()).boxed(),
                Just("\n1) 1) 1) 1) 1) 1) 1) 1) 1) 1) (integer) 1\n".to_owned()).boxed(),
            ]
        )
            .prop_map(|(a, t)| Edit::Insert(a, t)),
        any::<usize>().prop_map(Edit::RepeatLine),
        any::<usize>().prop_map(Edit::DropLine),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>(), key in any::<String>()) {
        check(&text, &[key]);
    }

    #[test]
    fn edited_samples_never_panic(
        which in 0usize..Format::ALL.len(),
        edits in prop::collection::vec(edit(), 1..6),
        key in any::<String>(),
    ) {
        let text = apply(samples::sample(Format::ALL[which]), &edits);
        check(&text, &[key, "foo".to_owned(), String::new()]);
    }
}

#[test]
fn every_sample_survives_every_single_line_drop() {
    for f in Format::ALL {
        let text = samples::sample(f);
        let n = text.lines().count();
        for i in 0..n {
            check(&apply(text, &[Edit::DropLine(i)]), &["k".to_owned()]);
            check(&apply(text, &[Edit::RepeatLine(i)]), &["k".to_owned()]);
        }
    }
}
