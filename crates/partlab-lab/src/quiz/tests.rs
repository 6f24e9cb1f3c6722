//! The question sets: deterministic, varied, answered like an independent computation over
//! the core's primitives (hashes, the ring, jump hash, CRC16), graded at their stated
//! boundaries, and unbreakable by what a student types or an address holds.

use super::*;
use partlab_core::hash::{hash_key, rendezvous_score};
use partlab_core::strategy::{jump_hash, Ring};
use partlab_km0::rebalancing::crc16_xmodem;

fn every_question(seeds: std::ops::Range<u64>, indexes: u32) -> Vec<(ChapterId, Question)> {
    let mut out = Vec::new();
    for chapter in chapters() {
        for seed in seeds.clone() {
            for index in 0..indexes {
                if let Some(q) = question(chapter, QuizSet { seed, index }) {
                    out.push((chapter, q));
                }
            }
        }
    }
    out
}

/// The share (%) of the first `QUIZ_KEYS` lesson keys whose owner name differs between
/// `before(hash, key)` and `after(hash, key)`: a plain loop over the keys, without `KeySet`,
/// `Partitioner` or `Movement`.
fn share_by_hand(before: impl Fn(u64, &str) -> String, after: impl Fn(u64, &str) -> String) -> f64 {
    let moved = (1..=QUIZ_KEYS as u64)
        .filter(|&i| {
            let key = lesson_key(i);
            let h = hash_key(&key);
            before(h, &key) != after(h, &key)
        })
        .count();
    moved as f64 / QUIZ_KEYS as f64 * 100.0
}

fn ring_owner(nodes: u32, vnodes: u32) -> impl Fn(u64, &str) -> String {
    let config = Config::new(Strategy::Ring, names(nodes)).with_vnodes(vnodes);
    let ring = Ring::build(&config).expect("a valid ring");
    let all = names(nodes);
    move |h, _| all[usize::from(ring.points()[ring.point_for(h)].node)].clone()
}

fn rendezvous_owner(all: Vec<String>) -> impl Fn(u64, &str) -> String {
    move |_, key| {
        all.iter()
            .max_by_key(|n| rendezvous_score(n, key))
            .cloned()
            .unwrap_or_default()
    }
}

fn modulo_owner(nodes: u32) -> impl Fn(u64, &str) -> String {
    let all = names(nodes);
    move |h, _| all[(h % u64::from(nodes)) as usize].clone()
}

fn jump_owner(nodes: u32) -> impl Fn(u64, &str) -> String {
    let all = names(nodes);
    move |h, _| all[jump_hash(h, nodes) as usize].clone()
}

/// The answer computed without the functions `solve` calls.
fn by_hand(q: &Question) -> Answer {
    match *q {
        Question::ModuloJoin { nodes } => {
            Answer::Percent(share_by_hand(modulo_owner(nodes), modulo_owner(nodes + 1)))
        }
        Question::RingJoin { nodes, vnodes } => Answer::Percent(share_by_hand(
            ring_owner(nodes, vnodes),
            ring_owner(nodes + 1, vnodes),
        )),
        Question::JumpJoin { nodes } => {
            Answer::Percent(share_by_hand(jump_owner(nodes), jump_owner(nodes + 1)))
        }
        Question::RendezvousLeave { nodes, leaver } => {
            let mut rest = names(nodes);
            rest.remove(leaver as usize);
            Answer::Percent(share_by_hand(
                rendezvous_owner(names(nodes)),
                rendezvous_owner(rest),
            ))
        }
        Question::Owner {
            strategy,
            nodes,
            key,
        } => {
            let key = lesson_key(key);
            let h = hash_key(&key);
            let name = match strategy {
                Strategy::Modulo => modulo_owner(nodes)(h, &key),
                Strategy::Ring => ring_owner(nodes, 150)(h, &key),
                _ => rendezvous_owner(names(nodes))(h, &key),
            };
            let at = names(nodes).iter().position(|n| *n == name);
            Answer::Choice(at.expect("an owner among the nodes"))
        }
        // Whole partitions, each node's share rounded up.
        Question::FixedJoin { partitions, nodes } => {
            Answer::Count(u64::from(partitions.div_ceil(nodes + 1)))
        }
        Question::SameSlot { user, tagging } => {
            let [a, b] = slot_keys(user, tagging);
            let slot = |k: &str| match tagging {
                Tagging::SameTag => crc16_xmodem(format!("user{user}").as_bytes()) % 16384,
                _ => crc16_xmodem(k.as_bytes()) % 16384,
            };
            Answer::Choice(if slot(&a) == slot(&b) { 0 } else { 1 })
        }
        // Round robin puts a partition's copies on `rf` different nodes: only single copies
        // on the failed node are lost.
        Question::ReplicaLoss {
            nodes,
            partitions,
            rf,
            failed,
        } => Answer::Count(if rf == 1 {
            (0..partitions).filter(|p| p % nodes == failed).count() as u64
        } else {
            0
        }),
        Question::HottestShare {
            keys,
            exponent_centi,
        } => {
            let s = f64::from(exponent_centi) / 100.0;
            let total: f64 = (1..=keys).map(|r| 1.0 / f64::from(r).powf(s)).sum();
            Answer::Percent(100.0 / total)
        }
        Question::CompareJoin { algo, nodes } => match algo {
            Algo::Modulo => by_hand(&Question::ModuloJoin { nodes }),
            Algo::Jump => by_hand(&Question::JumpJoin { nodes }),
            // Maglev and multi-probe have no independent implementation here: bounded by
            // what any strategy must move and by what mod N moves.
            _ => Answer::Percent(f64::NAN),
        },
        // MD5's first 8 bytes (the lesson's primitive) taken mod the partitions with `%`.
        Question::HashPartition { partitions, key } => {
            Answer::Choice((hash_key(&lesson_key(key)) % u64::from(partitions)) as usize)
        }
        Question::HashRun {
            partitions,
            from,
            count,
        } => {
            let used: std::collections::BTreeSet<u64> = (from..from + u64::from(count))
                .map(|i| hash_key(&lesson_key(i)) % u64::from(partitions))
                .collect();
            Answer::Count(used.len() as u64)
        }
        // Whole hours: hour h of the campaign falls in range ⌊h · N / hours⌋.
        Question::TimePartition {
            partitions,
            days,
            day,
            hour,
        } => {
            let h = u64::from((day - 1) * 24 + hour);
            Answer::Choice((h * u64::from(partitions) / u64::from(days * 24)) as usize)
        }
        Question::SlowChance {
            partitions,
            per_10k,
        } => {
            let p = f64::from(per_10k) / 10_000.0;
            Answer::Percent((1.0 - (1.0 - p).powi(partitions as i32)) * 100.0)
        }
        // The last refresh at or before the death (refreshes every TTL/3 s from 0), plus TTL.
        Question::LeaseExpiry { ttl_s, die_s } => {
            let r = ttl_s / 3;
            Answer::Count(u64::from(die_s / r * r + ttl_s))
        }
        Question::KeyPartitions {
            partitions,
            by_producer,
        } => {
            let slugs: Vec<&str> = if by_producer {
                partlab_km0::workload::PRODUCERS
                    .iter()
                    .map(|p| p.slug)
                    .collect()
            } else {
                partlab_km0::workload::Market::ALL
                    .iter()
                    .map(|m| m.slug())
                    .collect()
            };
            let used: std::collections::BTreeSet<u64> = slugs
                .iter()
                .map(|s| hash_key(s) % u64::from(partitions))
                .collect();
            Answer::Count(used.len() as u64)
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_question_and_answer() {
    for chapter in chapters() {
        for seed in [0, 1, 7, 42, u64::MAX, u64::MAX / 3] {
            for index in [0, 1, 2, MAX_INDEX] {
                let set = QuizSet { seed, index };
                let a = question(chapter, set);
                assert!(a.is_some(), "{chapter:?} {set:?}");
                assert_eq!(a, question(chapter, set));
                let a = a.and_then(|q| q.solve().ok());
                assert_eq!(a, question(chapter, set).and_then(|q| q.solve().ok()));
            }
        }
    }
}

#[test]
fn seeds_and_indexes_give_variants_of_every_kind() {
    for chapter in chapters() {
        let mut seen: Vec<Question> = Vec::new();
        let mut kinds_seen: Vec<&str> = Vec::new();
        for seed in 0..40 {
            let q = question(chapter, QuizSet { seed, index: 0 }).expect("covered");
            if !seen.contains(&q) {
                seen.push(q);
            }
            if !kinds_seen.contains(&q.kind()) {
                kinds_seen.push(q.kind());
            }
        }
        assert!(
            seen.len() >= 10,
            "{chapter:?}: only {} variants",
            seen.len()
        );
        let mut expected: Vec<Kind> = kinds(chapter).to_vec();
        expected.dedup();
        assert_eq!(
            kinds_seen.len(),
            expected.len(),
            "{chapter:?}: {kinds_seen:?}"
        );
        // The next question of a set is drawn afresh, not the same one.
        let firsts: Vec<_> = (0..10)
            .map(|index| question(chapter, QuizSet { seed: 5, index }))
            .collect();
        assert!(firsts.windows(2).any(|w| w[0] != w[1]), "{chapter:?}");
    }
}

#[test]
fn chapters_without_a_change_or_a_measure_have_no_questions() {
    // Only the teachers' page has neither a change nor a measure.
    assert!(!covers(ChapterId::Teachers));
    assert_eq!(
        question(ChapterId::Teachers, QuizSet { seed: 1, index: 0 }),
        None
    );
    for &chapter in ChapterId::ALL {
        assert_eq!(
            covers(chapter),
            chapter != ChapterId::Teachers,
            "{chapter:?}"
        );
    }
    let study = chapters()
        .filter(|c| c.instrument() == crate::chapters::Instrument::Study)
        .count();
    assert!(study >= 3, "{study}");
}

#[test]
fn answers_match_an_independent_computation() {
    let questions = every_question(0..12, 2);
    let mut checked = 0;
    for (chapter, q) in &questions {
        let answer = q.solve().expect("generated questions are solvable");
        match (answer, by_hand(q)) {
            (Answer::Percent(a), Answer::Percent(b)) if b.is_nan() => {
                // The comparison's zoo: at least the new node's share, at most everything.
                let Question::CompareJoin { nodes, .. } = *q else {
                    panic!("{q:?}")
                };
                assert!(
                    a >= 100.0 / f64::from(nodes + 1) - 2.0 && a <= 100.0,
                    "{q:?} {a}"
                );
            }
            (Answer::Percent(a), Answer::Percent(b)) => {
                // Hot keys' weights are integers from the core's own exp/ln: a hair apart.
                let tol = if matches!(q, Question::HottestShare { .. }) {
                    0.01
                } else {
                    1e-9
                };
                assert!((a - b).abs() <= tol, "{chapter:?} {q:?}: {a} against {b}");
            }
            (a, b) => assert_eq!(a, b, "{chapter:?} {q:?}"),
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn the_lessons_own_figures_come_out() {
    // inv-tar joins the lesson's 4-node, 150-vnode ring; mod N goes from 4 to 5 nodes: the
    // lesson prints about 19 % and about 80 % on its 100 000 keys.
    let ring = Question::RingJoin {
        nodes: 4,
        vnodes: 150,
    };
    let Ok(Answer::Percent(r)) = ring.solve() else {
        panic!("a share")
    };
    assert!((15.0..25.0).contains(&r), "{r}");
    assert!(ring.prompt(Lang::En).starts_with("inv-tar joins"));
    let Ok(Answer::Percent(m)) = Question::ModuloJoin { nodes: 4 }.solve() else {
        panic!("a share")
    };
    assert!((75.0..85.0).contains(&m), "{m}");
    // Section 4: 12 partitions, each slow 1 % of the time: 11.362 % (the core's doc example,
    // the lesson's figure).
    let slow = Question::SlowChance {
        partitions: 12,
        per_10k: 100,
    };
    let Ok(Answer::Percent(s)) = slow.solve() else {
        panic!("a share")
    };
    assert!((s - 11.362).abs() < 0.001, "{s}");
    // Section 9's default lease (TTL 15 s, refreshed every 5 s, death at 12 s): the last
    // refresh is at 10 s, so the entries go at 25 s, not at 27 s.
    let lease = Question::LeaseExpiry {
        ttl_s: 15,
        die_s: 12,
    };
    assert_eq!(lease.solve(), Ok(Answer::Count(25)));
    // Section 2: the last hour of the campaign is in the last range, the first in the first.
    for (day, hour, want) in [(1, 0, 0), (30, 23, 4), (7, 0, 1), (6, 23, 0)] {
        let q = Question::TimePartition {
            partitions: 5,
            days: 30,
            day,
            hour,
        };
        assert_eq!(q.solve(), Ok(Answer::Choice(want)), "{q:?}");
    }
    // Section 10: four markets can fill at most four partitions, twelve producers twelve.
    for partitions in 4..=16 {
        for by_producer in [false, true] {
            let q = Question::KeyPartitions {
                partitions,
                by_producer,
            };
            let Ok(Answer::Count(c)) = q.solve() else {
                panic!("a count")
            };
            assert!(c >= 1 && c <= if by_producer { 12 } else { 4 }, "{q:?} {c}");
        }
    }
}

#[test]
fn grading_boundaries() {
    let q = Question::RingJoin {
        nodes: 4,
        vnodes: 150,
    };
    let a = Answer::Percent(30.0);
    let right = |raw: &str| q.grade(a, raw).map(|v| v.correct);
    for raw in [
        "30", "35", "25", "25 %", "35%", "34,9", " 30.0 ", "25.04", "34.96",
    ] {
        assert_eq!(right(raw), Ok(true), "{raw}");
    }
    for raw in ["35.1", "24.9", "0", "100", "24.94", "35.06"] {
        assert_eq!(right(raw), Ok(false), "{raw}");
    }
    let fixed = Question::FixedJoin {
        partitions: 12,
        nodes: 3,
    };
    assert_eq!(fixed.solve(), Ok(Answer::Count(3)));
    assert_eq!(
        fixed.grade(Answer::Count(3), "3").map(|v| v.correct),
        Ok(true)
    );
    assert_eq!(
        fixed.grade(Answer::Count(3), "4").map(|v| v.correct),
        Ok(false)
    );
    assert_eq!(
        fixed.grade(Answer::Count(3), "3.5"),
        Err(GuessError::NotWhole)
    );
    assert_eq!(
        fixed.grade(Answer::Count(3), "13"),
        Err(GuessError::OutOfRange { min: 0, max: 12 })
    );
    let owner = Question::Owner {
        strategy: Strategy::Ring,
        nodes: 4,
        key: 42,
    };
    let Ok(Answer::Choice(c)) = owner.solve() else {
        panic!("a choice")
    };
    assert_eq!(
        owner
            .grade(Answer::Choice(c), &c.to_string())
            .map(|v| v.correct),
        Ok(true)
    );
    let other = (c + 1) % 4;
    assert_eq!(
        owner
            .grade(Answer::Choice(c), &other.to_string())
            .map(|v| v.correct),
        Ok(false)
    );
    assert_eq!(
        owner.grade(Answer::Choice(c), "4"),
        Err(GuessError::NoChoice)
    );
    // A share near the lesson's 11.4 %: 5 points either side, at the shown tenth.
    let slow = Question::SlowChance {
        partitions: 12,
        per_10k: 100,
    };
    let a = slow.solve().expect("solvable");
    for (raw, want) in [
        ("11", true),
        ("6.4", true),
        ("16.4", true),
        ("6.3", false),
        ("16.5", false),
    ] {
        assert_eq!(slow.grade(a, raw).map(|v| v.correct), Ok(want), "{raw}");
    }
    // A lease's second is exact: the death's second or one off is wrong.
    let lease = Question::LeaseExpiry {
        ttl_s: 15,
        die_s: 12,
    };
    let a = lease.solve().expect("solvable");
    for (raw, want) in [("25", true), ("24", false), ("26", false), ("27", false)] {
        assert_eq!(lease.grade(a, raw).map(|v| v.correct), Ok(want), "{raw}");
    }
    assert_eq!(lease.grade(a, "25.5"), Err(GuessError::NotWhole));
    // A partition is picked among P0…P(N−1); P(N) is not offered.
    let part = Question::HashPartition {
        partitions: 4,
        key: 42,
    };
    let Ok(Answer::Choice(c)) = part.solve() else {
        panic!("a choice")
    };
    assert_eq!(part.choices(Lang::En)[c], format!("P{c}"));
    assert_eq!(
        part.grade(Answer::Choice(c), &c.to_string())
            .map(|v| v.correct),
        Ok(true)
    );
    assert_eq!(
        part.grade(Answer::Choice(c), &((c + 1) % 4).to_string())
            .map(|v| v.correct),
        Ok(false)
    );
    assert_eq!(
        part.grade(Answer::Choice(c), "4"),
        Err(GuessError::NoChoice)
    );
    // Markets: at most 4, so more is out of range only past the partitions.
    let keys = Question::KeyPartitions {
        partitions: 6,
        by_producer: false,
    };
    assert_eq!(
        keys.grade(Answer::Count(3), "7"),
        Err(GuessError::OutOfRange { min: 0, max: 6 })
    );
    // Every generated question's own answer, typed back, is right.
    for (_, q) in every_question(20..24, 2) {
        let a = q.solve().expect("solvable");
        assert_eq!(q.grade(a, &a.plain()).map(|v| v.correct), Ok(true), "{q:?}");
    }
}

#[test]
fn hostile_guesses_are_refused_with_a_reason() {
    let pct = Question::ModuloJoin { nodes: 4 };
    let a = Answer::Percent(80.0);
    let long = "1".repeat(MAX_GUESS_CHARS + 1);
    let zalgo = "8\u{0301}".repeat(40);
    let cases: [(&str, GuessError); 16] = [
        ("", GuessError::Empty),
        ("   ", GuessError::Empty),
        ("NaN", GuessError::NotANumber),
        ("inf", GuessError::NotANumber),
        ("-5", GuessError::NotANumber),
        ("1e2", GuessError::NotANumber),
        ("0x10", GuessError::NotANumber),
        ("12.5.3", GuessError::NotANumber),
        ("\u{202e}12", GuessError::NotANumber),
        ("１２", GuessError::NotANumber),
        ("12\u{0}", GuessError::NotANumber),
        ("%", GuessError::NotANumber),
        (".", GuessError::NotANumber),
        ("101", GuessError::OutOfRange { min: 0, max: 100 }),
        (&long, GuessError::TooLong),
        (&zalgo, GuessError::TooLong),
    ];
    for (raw, want) in cases {
        assert_eq!(pct.grade(a, raw), Err(want), "{raw:?}");
        for lang in Lang::ALL {
            assert!(!want.message(lang).is_empty());
        }
    }
    let count = Question::ReplicaLoss {
        nodes: 3,
        partitions: 6,
        rf: 1,
        failed: 0,
    };
    assert_eq!(count.solve(), Ok(Answer::Count(2)));
    for raw in ["-1", "99999999999999999999999", "7", "-0.5"] {
        assert_eq!(
            count.grade(Answer::Count(2), raw),
            Err(GuessError::OutOfRange { min: 0, max: 6 }),
            "{raw:?}"
        );
    }
    assert_eq!(
        count.grade(Answer::Count(2), "x"),
        Err(GuessError::NotANumber)
    );
    let slot = Question::SameSlot {
        user: 42,
        tagging: Tagging::SameTag,
    };
    assert_eq!(slot.solve(), Ok(Answer::Choice(0)));
    for raw in ["", "2", "-1", "same", "0.0"] {
        assert_eq!(
            slot.grade(Answer::Choice(0), raw),
            Err(GuessError::NoChoice),
            "{raw:?}"
        );
    }
}

#[test]
fn address_values_are_read_strictly() {
    assert_eq!(parse_seed("7"), Some(7));
    assert_eq!(parse_seed("18446744073709551615"), Some(u64::MAX));
    for bad in [
        "",
        "-1",
        "+1",
        " 1",
        "1 ",
        "18446744073709551616",
        "1e3",
        "٣",
        "0x1",
        "seven",
    ] {
        assert_eq!(parse_seed(bad), None, "{bad:?}");
    }
    assert_eq!(parse_index("0"), Some(0));
    assert_eq!(parse_index("999"), Some(999));
    for bad in ["", "1000", "-1", "+1", "1.0", "99999999999"] {
        assert_eq!(parse_index(bad), None, "{bad:?}");
    }
    let set = QuizSet { seed: 9, index: 0 };
    assert_eq!(set.fields(), "quiz=9");
    assert_eq!(set.next().fields(), "quiz=9&qi=1");
    assert_eq!(
        QuizSet {
            seed: 9,
            index: MAX_INDEX
        }
        .next()
        .index,
        MAX_INDEX
    );
}

#[test]
fn every_question_speaks_every_language() {
    for (_, q) in every_question(0..30, 1) {
        let prompts: Vec<String> = Lang::ALL.into_iter().map(|l| q.prompt(l)).collect();
        for (lang, p) in Lang::ALL.into_iter().zip(&prompts) {
            assert!(!p.is_empty() && !q.explanation(lang).is_empty() && !q.rule(lang).is_empty());
            // No placeholder left unfilled (a slot question's keys carry braces of their own).
            if !matches!(q, Question::SameSlot { .. }) {
                assert!(!p.contains('{'), "{p}");
            }
        }
        assert_ne!(prompts[0], prompts[1], "{q:?}");
        match q.input() {
            InputKind::Choice => assert!(q.choices(Lang::Ca).len() >= 2),
            _ => assert!(q.choices(Lang::Ca).is_empty()),
        }
        if let Some(fields) = q.lab_fields() {
            let (state, issues) = crate::state::LabState::from_fragment(&fields, Lang::Ca);
            assert!(issues.is_empty(), "{fields}: {issues:?}");
            assert_eq!(state.key_count as usize, QUIZ_KEYS, "{fields}");
        }
    }
    // Every panel word and field help, in each language, differs between Catalan and English.
    let words = [
        Word::Open,
        Word::Heading,
        Word::GuessPercent,
        Word::GuessCount,
        Word::GuessChoice,
        Word::Reveal,
        Word::Next,
        Word::Close,
        Word::Right,
        Word::Wrong,
        Word::Private,
        Word::OpenInLab,
        Word::ShareWith,
        Word::TeachersHeading,
        Word::TeachersNote,
        Word::FirstQuestion,
    ];
    for w in words {
        assert_ne!(w.text(Lang::Ca), w.text(Lang::En), "{w:?}");
    }
}

#[test]
fn the_question_texts_are_whole_in_every_language() {
    use crate::base::text::check_table;
    assert_eq!(check_table::<QuizText>(&[], &[]), Vec::<String>::new());
    assert_eq!(check_table::<Word>(&[], &[]), Vec::<String>::new());
}
