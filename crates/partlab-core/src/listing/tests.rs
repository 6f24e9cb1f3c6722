use super::samples::*;
use super::*;

fn read(text: &str) -> Listing {
    parse(text).unwrap_or_else(|e| panic!("{e}"))
}

fn names(l: &Listing) -> Vec<&str> {
    l.nodes().iter().map(|n| n.name.as_str()).collect()
}

#[test]
fn every_sample_reads_as_its_format() {
    for f in Format::ALL {
        let l = read(samples::sample(f));
        assert_eq!(l.format(), f, "{}", f.slug());
        let total: f64 = l.nodes().iter().map(|n| n.share).sum();
        assert!((total - 1.0).abs() < 1e-9, "{}: {total}", f.slug());
        assert!(l.peak_to_mean() >= 1.0);
    }
}

#[test]
fn redis_nodes_gives_masters_their_ranges_and_replicas() {
    let l = read(REDIS_NODES);
    assert_eq!(
        names(&l),
        [
            "127.0.0.1:7001",
            "127.0.0.1:7002",
            "127.0.0.1:7003",
            "127.0.0.1:7005",
            "127.0.0.1:7004",
            "127.0.0.1:7000"
        ]
    );
    let owns: Vec<u64> = l.nodes().iter().map(|n| n.owns).collect();
    assert_eq!(owns, [5462, 5461, 0, 0, 0, 5461]);
    // 7003 replicates 7000 (the last line).
    assert_eq!(l.nodes()[2].role, Role::Replica(Some(5)));
    assert_eq!(l.unserved_slots(), 0);
    // CLUSTER KEYSLOT foo is 12182 (10923–16383: 7002, replicated by 7005).
    let at = l.locate("foo");
    assert_eq!(at.position, Position::Slot(12_182));
    assert_eq!(at.owner.as_deref(), Some("127.0.0.1:7002"));
    assert_eq!(at.replicas, ["127.0.0.1:7002", "127.0.0.1:7005"]);
    assert_eq!(at.owner_position, None);
    let at = l.locate("{user1000}.following");
    assert_eq!(at.position, Position::Slot(3_443));
    assert_eq!(at.owner.as_deref(), Some("127.0.0.1:7000"));
}

/// The three Redis listings of one cluster agree slot by slot, replicas included.
#[test]
fn the_three_redis_listings_agree() {
    let nodes = read(REDIS_NODES);
    for other in [REDIS_SHARDS, REDIS_SLOTS] {
        let l = read(other);
        for key in ["foo", "bar", "", "{a}b", "日本", "P-2026-000001"] {
            let (a, b) = (nodes.locate(key), l.locate(key));
            assert_eq!(a.position, b.position, "{key}");
            assert_eq!(a.replicas, b.replicas, "{key}");
        }
        let mut shares: Vec<(String, u64)> =
            l.nodes().iter().map(|n| (n.name.clone(), n.owns)).collect();
        let mut want: Vec<(String, u64)> = nodes
            .nodes()
            .iter()
            .map(|n| (n.name.clone(), n.owns))
            .collect();
        shares.sort();
        want.sort();
        assert_eq!(shares, want);
    }
}

#[test]
fn slot_numbers_sent_as_strings_and_resp3_maps_are_read() {
    let strings = REDIS_SHARDS
        .replace("(integer) 0\n", "\"0\"\n")
        .replace("(integer) 5460", "\"5460\"");
    assert_eq!(
        read(&strings).locate("a").owner,
        read(REDIS_SHARDS).locate("a").owner
    );
    let resp3 = "1) 1# \"slots\" => \n      1) (integer) 0\n      2) (integer) 16383\n   2# \"nodes\" => \n      1) 1# \"id\" => \"d986\"\n         2# \"port\" => (integer) 7000\n         3# \"ip\" => \"10.0.0.9\"\n         4# \"endpoint\" => \"10.0.0.9\"\n         5# \"role\" => \"master\"\n";
    let l = read(resp3);
    assert_eq!(l.format(), Format::RedisShards);
    assert_eq!(l.locate("x").owner.as_deref(), Some("10.0.0.9:7000"));
}

/// The sample's tokens, sorted, with their owners (read off the sample by eye).
const RING_TOKENS: [(i64, &str); 12] = [
    (-4_684_006_274_789_753_673, "10.0.0.1"),
    (-4_504_000_195_123_123_997, "10.0.0.2"),
    (-2_906_946_610_418_081_932, "10.0.0.3"),
    (-671_074_453_861_027_675, "10.0.0.3"),
    (433_628_056_701_191_575, "10.0.0.3"),
    (890_788_429_489_151_290, "10.0.0.2"),
    (964_570_178_468_758_718, "10.0.0.1"),
    (3_614_428_511_319_735_893, "10.0.0.3"),
    (6_135_368_406_896_803_731, "10.0.0.2"),
    (6_244_044_887_857_507_856, "10.0.0.1"),
    (6_774_882_176_898_286_211, "10.0.0.2"),
    (9_105_512_592_976_879_210, "10.0.0.1"),
];

#[test]
fn nodetool_ring_owner_is_the_first_token_at_or_after_the_key() {
    let l = read(NODETOOL_RING_MURMUR3);
    assert_eq!(names(&l), ["10.0.0.1", "10.0.0.2", "10.0.0.3"]);
    // The Owns column nodetool printed.
    let pct: Vec<String> = l
        .nodes()
        .iter()
        .map(|n| format!("{:.2}", n.share * 100.0))
        .collect();
    assert_eq!(pct, ["38.87", "20.00", "41.13"]);
    for key in ["a", "b", "P-2026-000001", "日本語", "", "key-42"] {
        let t = crate::tokens::murmur3_token(key.as_bytes());
        let want = RING_TOKENS
            .iter()
            .find(|(tok, _)| *tok >= t)
            .unwrap_or(&RING_TOKENS[0]);
        let at = l.locate(key);
        assert_eq!(at.position, Position::Murmur3(t));
        assert_eq!(at.owner.as_deref(), Some(want.1), "{key}");
        assert_eq!(at.owner_position, Some(Position::Murmur3(want.0)));
    }
    // A key's token equal to a node's token belongs to that node.
    let ring = read(NODETOOL_RING_MURMUR3);
    let Map::Ring(r) = &ring.map else { panic!() };
    let p = murmur3_pos(RING_TOKENS[3].0);
    assert_eq!(r.points[r.point_for(p)].0, p);
    assert_eq!(
        r.points[r.point_for(p + 1)].0,
        murmur3_pos(RING_TOKENS[4].0)
    );
}

#[test]
fn describering_agrees_with_the_ring_and_names_the_replicas() {
    let ring = read(NODETOOL_RING_MURMUR3);
    let d = read(NODETOOL_DESCRIBERING_MURMUR3);
    for key in ["a", "b", "c", "P-2026-000001", "x"] {
        let (a, b) = (ring.locate(key), d.locate(key));
        assert_eq!(a.owner, b.owner, "{key}");
        assert_eq!(a.owner_position, b.owner_position);
        assert_eq!(b.replicas.len(), 2);
        assert_ne!(b.replicas[0], b.replicas[1]);
    }
    let shares = |l: &Listing| -> Vec<String> {
        l.nodes()
            .iter()
            .map(|n| format!("{}={:.6}", n.name, n.share))
            .collect()
    };
    let mut a = shares(&ring);
    let mut b = shares(&d);
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn random_partitioner_tokens_are_md5_and_evenly_spaced_tokens_split_evenly() {
    for text in [NODETOOL_RING_RANDOM, NODETOOL_DESCRIBERING_RANDOM] {
        let l = read(text);
        for n in l.nodes() {
            assert!((n.share - 0.25).abs() < 1e-12, "{}: {}", n.name, n.share);
        }
        for key in ["a", "P-2026-000001", "ü"] {
            let t = crate::tokens::md5_token(key.as_bytes());
            let quarter = 1u128 << 125;
            // Tokens 0, q, 2q, 3q: the owner of t is the first at or after it.
            let idx = if t == 0 {
                0
            } else {
                ((t - 1) / quarter + 1) % 4
            } as usize;
            let at = l.locate(key);
            assert_eq!(at.position, Position::Md5(t));
            assert_eq!(
                at.owner.as_deref(),
                Some(l.nodes()[idx].name.as_str()),
                "{key}"
            );
        }
    }
    assert_eq!(
        read(NODETOOL_DESCRIBERING_RANDOM)
            .locate("a")
            .replicas
            .len(),
        3
    );
}

#[test]
fn ketama_lists_weigh_their_servers() {
    let l = read(KETAMA);
    assert_eq!(l.nodes().len(), 4);
    assert_eq!(l.nodes()[3].role, Role::Server { weight: 2048 });
    // 40 · 4 · w / 4608 groups of four points: 35, 35, 17 and 71.
    let owns: Vec<u64> = l.nodes().iter().map(|n| n.owns).collect();
    assert_eq!(owns, [140, 140, 68, 284]);
    let k = crate::zoo::Ketama::new(&[
        crate::Node::weighted("10.0.2.1:11211", 1024.0),
        crate::Node::weighted("10.0.2.2:11211", 1024.0),
        crate::Node::weighted("10.0.2.3:11211", 512.0),
        crate::Node::weighted("10.0.2.4:11211", 2048.0),
    ])
    .expect("valid");
    for key in ["a", "b", "c", "10.0.2.3:11211-0", "P-2026-000001"] {
        let at = l.locate(key);
        let h = crate::zoo::ketama::hashi(key.as_bytes());
        assert_eq!(at.position, Position::Ketama(h));
        assert_eq!(at.owner_index, Some(k.owner_of_hashi(h)), "{key}");
    }
    // A server without a weight weighs 1.
    let l = read("10.0.0.1:11211\n10.0.0.2:11211 1\n");
    assert_eq!(l.nodes()[0].role, Role::Server { weight: 1 });
    assert_eq!(l.nodes()[0].owns, 160);
}

#[test]
fn copied_prompts_crlf_and_a_bom_are_fine() {
    let with_prompt = format!(
        "127.0.0.1:7000> cluster nodes\r\n{}",
        REDIS_NODES.replace('\n', "\r\n")
    );
    assert_eq!(
        read(&with_prompt).locate("foo"),
        read(REDIS_NODES).locate("foo")
    );
    let bom = format!("\u{feff}{KETAMA}");
    assert_eq!(read(&bom).nodes().len(), 4);
    let prompt_slots = format!("127.0.0.1:7000> cluster slots\n{REDIS_SLOTS}");
    assert_eq!(read(&prompt_slots).format(), Format::RedisSlots);
}

/// Hostile and broken input: a typed error with its line, never a panic.
#[test]
fn broken_listings_name_the_line_and_the_rule() {
    let nodes_line = "d6d4 127.0.0.1:7000@17000 myself,master - 0 0 1 connected";
    let cases: Vec<(String, Option<usize>, &str)> = vec![
        ("".into(), None, "empty"),
        ("\n  \n\t\n".into(), None, "empty"),
        ("hello world".into(), None, "not a listing"),
        ("slots\n0\n5460\nnodes\n".into(), None, "--no-raw"),
        ("0\n5460\n127.0.0.1\n".into(), None, "--no-raw"),
        (format!("{nodes_line} 0-16384"), Some(1), "16384 does not exist"),
        (format!("{nodes_line} 10-5"), Some(1), "ends before it starts"),
        (format!("{nodes_line} 0-x"), Some(1), "slot number"),
        (
            format!("{nodes_line} 0-100\nabcd 127.0.0.1:7001@17001 master - 0 0 2 connected 50-60"),
            Some(2),
            "two masters",
        ),
        (
            format!("{nodes_line} 0-100\n{nodes_line} 200"),
            Some(2),
            "listed twice",
        ),
        (format!("{nodes_line} 1\nnot a node line"), Some(2), "CLUSTER NODES"),
        (nodes_line.to_string(), None, "no node owns"),
        ("1) 1) (integer) 0\n   2) (integer) 99999\n   3) 1) \"1.2.3.4\"\n      2) (integer) 1".into(), Some(2), "99999"),
        ("1) 1) (integer) 0\n   2) (integer) 10\n   3) 1) \"1.2.3.4\"\n      2) \"port?\"".into(), Some(4), "port"),
        ("1) 1) (integer) 0\n   2) (integer) 10\n2) oops".into(), Some(3), "redis-cli"),
        ("Datacenter: dc1\n==========\n10.0.0.1 rack1 Up Normal 1 KiB 50% 12x".into(), Some(3), "token"),
        ("Datacenter: dc1\n10.0.0.1 rack1 Up Normal 1 KiB 50% 99999999999999999999999999999999999999999".into(), Some(2), "outside"),
        ("Datacenter: dc1\n10.0.0.1 rack1 Up Normal 1KiB 50% -5\n10.0.0.2 rack1 Up Normal 1KiB 50% 170141183460469231731687303715884105727".into(), Some(3), "mix"),
        ("Datacenter: dc1\n10.0.0.1 rack1 Up Normal 1KiB 50% 5\n10.0.0.2 rack1 Up Normal 1KiB 50% 5".into(), Some(3), "twice"),
        ("Datacenter: dc1\nthis line is not a node".into(), Some(2), "nodetool ring"),
        ("TokenRange: \n\tTokenRange(start_token:1, end_token:5, endpoints:[a])\n\tTokenRange(start_token:7, end_token:1, endpoints:[b])".into(), Some(3), "do not close"),
        ("TokenRange: \n\tTokenRange(start_token:1, end_token:1, endpoints:[])".into(), Some(2), "endpoint"),
        ("TokenRange: \n\tTokenRange(garbage".into(), Some(2), "describering"),
        ("10.0.0.1:11211 10\n10.0.0.2:11211 0".into(), Some(2), "weight"),
        ("10.0.0.1:11211 10\n10.0.0.2:11211 1e3".into(), Some(2), "weight"),
        ("10.0.0.1:11211 10\n10.0.0.1:11211 5".into(), Some(2), "twice"),
        ("10.0.0.1:11211 10\n10.0.0.2 5".into(), Some(2), "port"),
        ("10.0.0.1:11211 10\n10.0.0.2:11211 5 extra".into(), Some(2), "host:port"),
        ("10.0.0.1:11211\n10.0.0.2:99999".into(), Some(2), "port"),
        (format!("1.2.3.4:11211\n{}:1", "x".repeat(300)), Some(2), "255"),
        ("1.2.3.4:11211\n\u{202e}evil:11211".into(), Some(2), "invisible"),
    ];
    for (text, line, says) in cases {
        let e = match parse(&text) {
            Ok(l) => panic!("{text:?} was read: {:?}", l.format()),
            Err(e) => e,
        };
        assert_eq!(e.line, line, "{text:?}: {e}");
        let msg = e.to_string();
        assert!(msg.contains(says), "{text:?}: {msg}");
        if let Some(n) = line {
            assert!(msg.starts_with(&format!("line {n}: ")), "{msg}");
        }
        assert!(!msg.contains('\u{202e}'), "{msg:?}");
    }
}

#[test]
fn limits_are_enforced_before_reading() {
    let big = "a".repeat(MAX_INPUT_BYTES + 1);
    assert!(matches!(
        parse(&big).map_err(|e| e.kind),
        Err(ErrorKind::TooLarge { .. })
    ));
    let lines = "\n".repeat(MAX_LINES + 1);
    assert!(matches!(
        parse(&lines).map_err(|e| e.kind),
        Err(ErrorKind::TooManyLines { .. })
    ));
    let servers: String = (0..=MAX_NODES)
        .map(|i| format!("10.{}.{}.1:11211\n", i / 256, i % 256))
        .collect();
    let e = parse(&servers).expect_err("too many");
    assert_eq!(e.kind, ErrorKind::TooManyNodes { max: MAX_NODES });
    assert_eq!(e.line, Some(MAX_NODES + 1));
}

#[test]
fn a_leaving_node_moves_its_share_and_a_joining_one_about_its_fair_share() {
    // Redis: 7000's 5 461 slots go to the two other masters, half each.
    let l = read(REDIS_NODES);
    let leaver = l.node_index("127.0.0.1:7000").expect("listed");
    let c = l.leave(leaver).expect("a master can leave");
    assert!((c.moved - 5461.0 / 16384.0).abs() < 1e-12);
    assert_eq!(c.moved, c.ideal);
    assert_eq!(c.flows.len(), 2);
    assert!(c.flows.iter().all(|f| f.from == "127.0.0.1:7000"));
    let counts: Vec<f64> = c
        .flows
        .iter()
        .map(|f| (f.share * 16384.0).round())
        .collect();
    assert_eq!(counts.iter().sum::<f64>(), 5461.0);
    assert!((counts[0] - counts[1]).abs() <= 1.0, "{counts:?}");
    // A replica holds no slots: nothing moves.
    let replica = l.node_index("127.0.0.1:7003").expect("listed");
    assert_eq!(l.leave(replica).map(|c| c.moved), Some(0.0));
    // A fourth master takes 4 096 slots.
    let j = l.join("127.0.0.1:7006", Join::default()).expect("joins");
    assert_eq!((j.moved * 16384.0).round(), 4096.0);
    assert!(j.flows.iter().all(|f| f.to == "127.0.0.1:7006"));
    assert!(l.join("127.0.0.1:7000", Join::default()).is_err());

    // Cassandra: a leaving node's ranges go to the next tokens' owners.
    let l = read(NODETOOL_RING_MURMUR3);
    let c = l.leave(1).expect("leaves");
    assert!((c.moved - l.nodes()[1].share).abs() < 1e-12);
    assert!(c.flows.iter().all(|f| f.from == "10.0.0.2"));
    let how = |seed| Join {
        tokens: 4,
        seed,
        ..Join::default()
    };
    let j = l.join("10.0.0.4", how(7)).expect("joins");
    // Only the newcomer gains: what moves is what it takes, from each range it splits.
    assert!(j.flows.iter().all(|f| f.to == "10.0.0.4"));
    let flowed: f64 = j.flows.iter().map(|f| f.share).sum();
    assert!((flowed - j.moved).abs() < 1e-12 && j.moved > 0.0 && j.moved < 1.0);
    assert_eq!(l.join("10.0.0.4", how(7)), Ok(j.clone()), "seeded");
    assert_ne!(l.join("10.0.0.4", how(8)).map(|c| c.moved), Ok(j.moved));
    // Many tokens take most of the ring: the share follows the token count.
    let many = l
        .join(
            "10.0.0.4",
            Join {
                tokens: 1_200,
                ..how(7)
            },
        )
        .expect("joins");
    assert!(many.moved > 0.95, "{many:?}");

    // Ketama: a server of equal weight joining takes about its fair share.
    let l = read("a:1\nb:1\nc:1\n");
    let j = l.join("d:1", Join::default()).expect("joins");
    assert!((j.ideal - 0.25).abs() < 1e-12);
    assert!((j.moved - 0.25).abs() < 0.06, "{j:?}");
    assert!(
        j.flows.iter().all(|f| f.to == "d:1"),
        "equal weights keep the others' points"
    );
    let c = l.leave(0).expect("leaves");
    assert!((c.moved - l.nodes()[0].share).abs() < 1e-12);
    // The last node that owns anything cannot leave.
    assert!(read("a:1\n").leave(0).is_none());
}
