//! Small wording rules the lab's texts keep (issue #11): sentences end with a full stop, no
//! "node(s)" plurals, the largest share error says it is in percentage points.

#![cfg(not(target_arch = "wasm32"))]

use partlab_core::config::ConfigError;
use partlab_lab::base::text::Texts;
use partlab_lab::i18n::{tr, Text};
use partlab_lab::model::words::notice;
use partlab_lab::model::Notice;
use partlab_lab::state::{Field, FragmentIssue, Lang, StateError};
use partlab_lab::study::fields::StudyIssue;

/// Notices of every kind, with every field and a few errors inside.
fn notices() -> Vec<Notice> {
    let mut errors = vec![
        StateError::TooManyNodes,
        StateError::Vnodes(0),
        StateError::KeyCount(0),
        StateError::Weight {
            node: "a".into(),
            weight: 9.0,
        },
    ];
    errors.extend(ConfigError::examples().into_iter().map(StateError::Config));
    let mut out = vec![
        Notice::EmptyKey,
        Notice::KeyTooLong,
        Notice::UnknownPreset,
        Notice::NodeListFull,
        Notice::ReplicasLowered { wanted: 3, now: 2 },
        Notice::ReplicasLowered { wanted: 2, now: 1 },
        Notice::ReplicasRestored { replicas: 3 },
        Notice::PresetHeld {
            preset: "ring-10".into(),
        },
        Notice::Fragment(FragmentIssue::WeightsDoNotMatchNodes),
        Notice::Fragment(FragmentIssue::UnknownFields { count: 1 }),
        Notice::Fragment(FragmentIssue::UnknownFields { count: 2 }),
        Notice::Fragment(FragmentIssue::ReplicasClamped { given: 4, nodes: 3 }),
        Notice::Fragment(FragmentIssue::ReplicasClamped { given: 2, nodes: 1 }),
    ];
    for e in errors {
        out.push(Notice::Rejected(e.clone()));
        out.push(Notice::Fragment(FragmentIssue::Invalid(e.clone())));
        out.push(Notice::Fragment(FragmentIssue::Rejected {
            field: Field::Nodes,
            error: e,
        }));
    }
    for f in Field::ALL {
        out.push(Notice::Fragment(FragmentIssue::bad_value(f, "x")));
    }
    out
}

/// Words that open a sentence in the English notices: wherever one follows a space it must
/// follow a full stop (or a colon), or two sentences ran together.
const OPENERS: [&str; 8] = [
    "The ", "It ", "So ", "Choose ", "Use ", "Add ", "Type ", "There ",
];

#[test]
fn notices_are_whole_sentences_with_full_stops() {
    for n in notices() {
        for lang in Lang::ALL {
            let t = notice(lang, &n);
            assert!(t.ends_with('.'), "{lang:?} {n:?}: {t}");
            if lang == Lang::En {
                for w in OPENERS {
                    for (i, _) in t.match_indices(&format!(" {w}")) {
                        let before = t[..i].chars().last();
                        assert!(
                            matches!(before, Some('.' | ':')),
                            "two sentences without a full stop in {n:?}: {t}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn study_chapter_issues_are_whole_sentences_too() {
    let issues = [
        StudyIssue::TooLong { bytes: 9000 },
        StudyIssue::BadValue {
            field: "d",
            value: "x".into(),
            range: Some((1, 7)),
        },
        StudyIssue::BadValue {
            field: "s",
            value: "x".into(),
            range: None,
        },
        StudyIssue::UnknownFields { count: 1 },
        StudyIssue::UnknownFields { count: 3 },
        StudyIssue::TooManyOrders {
            days: 30,
            orders: 90_000,
            kept: 10,
        },
        StudyIssue::Frame(FragmentIssue::bad_value(Field::Chapter, "x")),
    ];
    for i in &issues {
        for lang in Lang::ALL {
            let t = partlab_lab::study::issue_text(lang, i);
            assert!(t.ends_with('.'), "{lang:?} {i:?}: {t}");
            if lang == Lang::En {
                for w in OPENERS {
                    for (at, _) in t.match_indices(&format!(" {w}")) {
                        let before = t[..at].chars().last();
                        assert!(matches!(before, Some('.' | ':')), "{i:?}: {t}");
                    }
                }
            }
        }
    }
}

#[test]
fn no_text_counts_with_a_parenthesised_plural() {
    let mut all: Vec<String> = Vec::new();
    for lang in Lang::ALL {
        all.extend(Text::ALL.iter().map(|&t| tr(lang, t).to_owned()));
        all.extend(
            partlab_lab::study::text::St::ALL
                .iter()
                .map(|&t| partlab_lab::study::text::tr(lang, t).to_owned()),
        );
        all.extend(notices().iter().map(|n| notice(lang, n)));
        for count in [1, 2] {
            all.push(partlab_lab::study::issue_text(
                lang,
                &StudyIssue::UnknownFields { count },
            ));
        }
    }
    // A plural in brackets glued to its word ("node(s)"); "(s)" alone is the seconds unit.
    for t in &all {
        for bad in ["(s)", "(es)", "(ies)", "(ns)"] {
            for (i, _) in t.match_indices(bad) {
                let glued = t[..i].chars().last().is_some_and(char::is_alphabetic);
                assert!(!glued, "{t}");
            }
        }
    }
    // One of a kind is singular.
    let one = notice(
        Lang::En,
        &Notice::Fragment(FragmentIssue::UnknownFields { count: 1 }),
    );
    assert!(one.contains("1 unknown field was"), "{one}");
}

#[test]
fn the_share_error_says_it_is_in_percentage_points() {
    // The page writes the figure as its value followed by this unit.
    assert!(tr(Lang::En, Text::PercentagePoints).contains("percentage points"));
    assert!(tr(Lang::Ca, Text::PercentagePoints).contains("punts percentuals"));
    assert!(tr(Lang::Es, Text::PercentagePoints).contains("puntos porcentuales"));
}
