//! The real thing as the oracle, started by the tests on loopback only:
//!
//! - **Redis** (Debian's `redis-server` and `redis-cli`): eight empty cluster-mode nodes; the
//!   plans `redis-cli --cluster create` prints for 3 to 8 masters against the rebalancing
//!   chapter's layout; then three masters made a cluster. For thousands of random keys
//!   (unicode, hash tags, empty tags) `partlab slot` equals `CLUSTER KEYSLOT`, and the owner
//!   `partlab import` reads from that cluster's CLUSTER NODES, SHARDS (RESP2 and RESP3) and
//!   SLOTS equals the node that serves the key: the one of the three that answers `GET`
//!   without `MOVED`, and the target of the other two's `MOVED slot ip:port`.
//! - **uhashring** (PyPI, ketama): for several weight sets, the server of every key from
//!   uhashring, from `partlab import` of the server list and from the core's ketama strategy.
//! - **cassandra-driver** (PyPI): Murmur3 and MD5 tokens of every key, and its replicas
//!   (the driver's `TokenMap` over a SimpleStrategy keyspace) against `partlab import` of the
//!   same ring as `nodetool ring` and as `nodetool describering` prints it.
//!
//! The Python oracles run from `.venv-oracles/`, which `scripts/setup.sh` creates from
//! `tests/oracles/requirements.txt`. A missing tool fails the test with the command that
//! installs it.
#![cfg(unix)]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use partlab_core::rng::SplitMix64;
use serde_json::{json, Value};

mod common;
use common::{assert_success, json};

const SETUP: &str = "bash scripts/setup.sh";

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// `program`, found on PATH, or a failure naming the command that installs it.
fn tool(program: &str, install: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("{program} is not installed; install it with `{install}` (or run `{SETUP}`)")
        })
}

/// The oracles' Python, or a failure naming the command that makes it.
fn python() -> PathBuf {
    let p = repo_root().join(".venv-oracles/bin/python");
    assert!(
        p.is_file(),
        "the Python oracles are not installed ({} is missing); create them with `{SETUP}` \
         (python3 -m venv .venv-oracles && .venv-oracles/bin/pip install -r tests/oracles/requirements.txt)",
        p.display()
    );
    p
}

/// Runs `command` with `input` written to its stdin, then closed; its whole outcome.
fn with_stdin(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("stdin written");
    child.wait_with_output().expect("the program finishes")
}

/// Runs an oracle script with `input` on stdin; its JSON answer.
fn oracle(script: &str, input: &Value) -> Value {
    let out = with_stdin(
        Command::new(python()).arg(repo_root().join("tests/oracles").join(script)),
        input.to_string().as_bytes(),
    );
    assert_success(script, &out);
    serde_json::from_slice(&out.stdout).expect("the oracle's JSON")
}

/// `partlab import FILE --key-file KEYS --json`.
fn import(listing: &Path, keys: &Path) -> Value {
    json(&[
        "import",
        listing.to_str().expect("UTF-8 path"),
        "--key-file",
        keys.to_str().expect("UTF-8 path"),
        "--json",
    ])
}

/// Random keys: letters, digits and punctuation, accented and CJK letters, emoji, right-to-left
/// text, hash tags `{…}`, empty tags `{}`, braces in odd places. No line breaks and never
/// blank (a key file holds one key a line), at most 40 characters.
fn random_keys(seed: u64, n: usize) -> Vec<String> {
    const PIECES: &[&str] = &[
        "a",
        "b",
        "z",
        "Q",
        "0",
        "7",
        "-",
        "_",
        ":",
        ".",
        "/",
        " ",
        "é",
        "ñ",
        "ŀ",
        "ß",
        "日",
        "本",
        "語",
        "🦀",
        "☕",
        "ש",
        "ل",
        "{",
        "}",
        "{}",
        "{user1000}",
        "{tag}",
        "}{",
        "{{",
        "}}",
        "\t",
        "order:",
        "P-2026-",
        "\u{301}",
    ];
    let mut rng = SplitMix64::new(seed);
    let mut keys = Vec::with_capacity(n);
    while keys.len() < n {
        let len = 1 + rng.below(12) as usize;
        let mut k = String::new();
        for _ in 0..len {
            k.push_str(PIECES[rng.below(PIECES.len() as u64) as usize]);
        }
        if !k.trim().is_empty() && k.chars().count() <= 40 {
            keys.push(k);
        }
    }
    keys
}

fn write_keys(dir: &Path, name: &str, keys: &[String]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, keys.join("\n")).expect("the key file");
    path
}

// ---------------------------------------------------------------------------------------------
// Redis

/// A reply of the Redis protocol.
#[derive(Clone, Debug, PartialEq)]
enum Reply {
    Status(String),
    Error(String),
    Int(i64),
    Bulk(Option<Vec<u8>>),
    Array(Vec<Reply>),
}

fn encode(args: &[&[u8]], out: &mut Vec<u8>) {
    out.extend_from_slice(format!("*{}\r\n", args.len()).as_bytes());
    for a in args {
        out.extend_from_slice(format!("${}\r\n", a.len()).as_bytes());
        out.extend_from_slice(a);
        out.extend_from_slice(b"\r\n");
    }
}

fn read_reply(r: &mut impl BufRead) -> Reply {
    let mut line = String::new();
    r.read_line(&mut line).expect("a reply line");
    let line = line.trim_end_matches("\r\n");
    let (kind, rest) = line.split_at(1);
    match kind {
        "+" => Reply::Status(rest.to_owned()),
        "-" => Reply::Error(rest.to_owned()),
        ":" => Reply::Int(rest.parse().expect("an integer")),
        "$" => {
            let len: i64 = rest.parse().expect("a length");
            if len < 0 {
                return Reply::Bulk(None);
            }
            let mut buf = vec![0u8; len as usize + 2];
            r.read_exact(&mut buf).expect("the bulk string");
            buf.truncate(len as usize);
            Reply::Bulk(Some(buf))
        }
        "*" => {
            let n: i64 = rest.parse().expect("a count");
            Reply::Array((0..n.max(0)).map(|_| read_reply(r)).collect())
        }
        other => panic!("unexpected reply type {other:?} in {line:?}"),
    }
}

/// One connection, sending commands in a pipeline.
struct Conn(BufReader<TcpStream>);

impl Conn {
    fn open(port: u16) -> std::io::Result<Conn> {
        let s = TcpStream::connect(("127.0.0.1", port))?;
        s.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(Conn(BufReader::new(s)))
    }

    fn pipeline(&mut self, commands: &[Vec<&[u8]>]) -> Vec<Reply> {
        let mut buf = Vec::new();
        for c in commands {
            encode(c, &mut buf);
        }
        self.0.get_mut().write_all(&buf).expect("commands sent");
        commands.iter().map(|_| read_reply(&mut self.0)).collect()
    }

    fn one(&mut self, args: &[&[u8]]) -> Reply {
        self.pipeline(&[args.to_vec()]).remove(0)
    }
}

fn text(r: &Reply) -> String {
    match r {
        Reply::Bulk(Some(b)) => String::from_utf8_lossy(b).into_owned(),
        Reply::Status(s) | Reply::Error(s) => s.clone(),
        other => format!("{other:?}"),
    }
}

/// The Redis processes of a test, stopped (and reaped) when it ends, passed or not.
struct Servers(Vec<Child>);

impl Drop for Servers {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// A loopback port nothing listens on now.
fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// Starts `n` empty cluster-mode nodes in `dir`; their ports.
fn start_nodes(server: &Path, dir: &Path, n: usize, procs: &mut Servers) -> Vec<u16> {
    let mut ports = Vec::new();
    while ports.len() < n {
        let (port, bus) = (free_port(), free_port());
        if port == bus || ports.contains(&port) {
            continue;
        }
        let child = Command::new(server)
            .args(["--port", &port.to_string()])
            .args(["--cluster-port", &bus.to_string()])
            .args(["--bind", "127.0.0.1", "--protected-mode", "yes"])
            .args(["--cluster-enabled", "yes"])
            .args(["--cluster-config-file", &format!("nodes-{port}.conf")])
            .args(["--dir", dir.to_str().expect("UTF-8 path")])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            .args(["--logfile", &format!("redis-{port}.log")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        procs.0.push(child);
        ports.push(port);
    }
    for &port in &ports {
        let start = Instant::now();
        loop {
            if let Ok(mut c) = Conn::open(port) {
                if c.one(&[b"PING"]) == Reply::Status("PONG".into()) {
                    break;
                }
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "redis-server on {port} did not answer (see {})",
                dir.join(format!("redis-{port}.log")).display()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    ports
}

fn redis_cli(cli: &Path, args: &[&str], stdin: &str) -> String {
    let out = with_stdin(Command::new(cli).args(args), stdin.as_bytes());
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// `Master[i] -> Slots a - b` lines of a `--cluster create` plan (colour codes stripped).
fn plan(output: &str) -> Vec<(u16, u16)> {
    output
        .lines()
        .filter_map(|l| {
            let at = l.find("Master[")?;
            let rest = l[at..].split_once("-> Slots ")?.1;
            let (a, b) = rest.split_once(" - ")?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        })
        .collect()
}

#[test]
fn redis_cluster_agrees_with_slot_and_import() {
    let server = tool("redis-server", "apt-get install -y redis-server");
    let cli = tool("redis-cli", "apt-get install -y redis-tools");
    let dir = temp_dir("oracle-redis");
    let mut procs = Servers(Vec::new());
    let ports = start_nodes(&server, &dir, 8, &mut procs);
    let addr = |p: u16| format!("127.0.0.1:{p}");

    // The plans redis-cli prints for 3 … 8 empty masters (answered "no": nothing is made),
    // against the rebalancing chapter's layout.
    for n in 3..=8 {
        let mut args = vec!["--cluster".to_owned(), "create".to_owned()];
        args.extend(ports[..n].iter().map(|&p| addr(p)));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = redis_cli(&cli, &args, "no\n");
        assert_eq!(
            plan(&out),
            partlab_core::redis::redis_create_ranges(n as u32),
            "{n} masters: {out}"
        );
    }

    // Three masters made a cluster.
    let masters = &ports[..3];
    let mut args = vec!["--cluster".to_owned(), "create".to_owned()];
    args.extend(masters.iter().map(|&p| addr(p)));
    args.push("--cluster-yes".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = redis_cli(&cli, &args, "");
    assert!(out.contains("All 16384 slots covered"), "{out}");
    let start = Instant::now();
    'wait: loop {
        let mut ready = true;
        for &p in masters {
            let info = text(&Conn::open(p).expect("connects").one(&[b"CLUSTER", b"INFO"]));
            ready &= info.contains("cluster_state:ok")
                && info.contains("cluster_known_nodes:3")
                && info.contains("cluster_slots_assigned:16384");
        }
        if ready {
            break 'wait;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the cluster never got ready"
        );
        std::thread::sleep(Duration::from_millis(100));
    }

    // The listings, as a student would copy them from redis-cli.
    let p1 = masters[0].to_string();
    let listings = [
        ("nodes", vec!["-p", &p1, "cluster", "nodes"]),
        ("shards", vec!["--no-raw", "-p", &p1, "cluster", "shards"]),
        (
            "shards-resp3",
            vec!["-3", "--no-raw", "-p", &p1, "cluster", "shards"],
        ),
        ("slots", vec!["--no-raw", "-p", &p1, "cluster", "slots"]),
    ];
    let mut files = Vec::new();
    for (name, args) in &listings {
        let mut a = vec!["-h", "127.0.0.1"];
        a.extend(args);
        let out = redis_cli(&cli, &a, "");
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, &out).expect("the listing");
        files.push((*name, path));
    }

    let keys = random_keys(51, 4_000);
    let key_file = write_keys(&dir, "keys.txt", &keys);

    // partlab slot = CLUSTER KEYSLOT.
    let mut args = vec!["slot", "--json", "--"];
    args.extend(keys.iter().map(String::as_str));
    let slots: Vec<u64> = json(&args)
        .as_array()
        .expect("a list")
        .iter()
        .map(|o| o["slot"].as_u64().expect("a slot"))
        .collect();
    let mut conn = Conn::open(masters[0]).expect("connects");
    let keyslot: Vec<Vec<&[u8]>> = keys
        .iter()
        .map(|k| vec![&b"CLUSTER"[..], b"KEYSLOT", k.as_bytes()])
        .collect();
    let real: Vec<u64> = conn
        .pipeline(&keyslot)
        .into_iter()
        .map(|r| match r {
            Reply::Int(i) => i as u64,
            other => panic!("CLUSTER KEYSLOT answered {other:?}"),
        })
        .collect();
    for (i, k) in keys.iter().enumerate() {
        assert_eq!(slots[i], real[i], "slot of {k:?}");
    }

    // The node that serves each key: GET on all three; one answers (nil), two answer MOVED.
    let gets: Vec<Vec<&[u8]>> = keys
        .iter()
        .map(|k| vec![&b"GET"[..], k.as_bytes()])
        .collect();
    let mut served: Vec<Option<String>> = vec![None; keys.len()];
    let mut moved_to: Vec<Vec<(u64, String)>> = vec![Vec::new(); keys.len()];
    for &p in masters {
        let replies = Conn::open(p).expect("connects").pipeline(&gets);
        for (i, r) in replies.iter().enumerate() {
            match r {
                Reply::Bulk(None) => {
                    assert!(served[i].is_none(), "two nodes serve {:?}", keys[i]);
                    served[i] = Some(addr(p));
                }
                Reply::Error(e) if e.starts_with("MOVED ") => {
                    let mut f = e.split(' ').skip(1);
                    let slot = f.next().and_then(|s| s.parse().ok()).expect("MOVED's slot");
                    moved_to[i].push((slot, f.next().expect("MOVED's target").to_owned()));
                }
                other => panic!("GET {:?} on {p}: {other:?}", keys[i]),
            }
        }
    }
    let mut compared = 0;
    for (name, path) in &files {
        let v = import(path, &key_file);
        let format = v["format"].as_str().expect("format");
        assert!(format.starts_with("redis-cluster-"), "{name}: {format}");
        let located = v["keys"].as_array().expect("keys");
        assert_eq!(located.len(), keys.len());
        for (i, at) in located.iter().enumerate() {
            let owner = served[i].as_deref().expect("a node serves every key");
            assert_eq!(at["owner"], owner, "{name}: {:?}", keys[i]);
            assert_eq!(at["slot"].as_u64(), Some(real[i]), "{name}: {:?}", keys[i]);
            assert_eq!(moved_to[i].len(), 2, "{:?}", keys[i]);
            for (slot, target) in &moved_to[i] {
                assert_eq!(
                    (*slot, target.as_str()),
                    (real[i], owner),
                    "{name}: {:?}",
                    keys[i]
                );
            }
            compared += 1;
        }
        let shares: f64 = v["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .map(|n| n["share"].as_f64().expect("share"))
            .sum();
        assert!((shares - 1.0).abs() < 1e-9, "{name}: {shares}");
    }
    println!(
        "redis: {} keys, slots equal to CLUSTER KEYSLOT; {compared} owners equal to the serving node over {} listings",
        keys.len(),
        files.len()
    );
}

// ---------------------------------------------------------------------------------------------
// Ketama

#[test]
fn ketama_places_keys_as_uhashring() {
    let dir = temp_dir("oracle-ketama");
    let mut rng = SplitMix64::new(7);
    let weight_sets: Vec<Vec<u64>> = vec![
        vec![1, 1, 1],
        vec![600, 300, 200, 350, 1000, 800, 950, 100],
        vec![1, 2],
        vec![5, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        (0..40).map(|_| 1 + rng.below(10)).collect(),
    ];
    let mut compared = 0;
    let (mut ties, mut tie_keys) = (0, 0);
    let mut version = String::new();
    for (set, weights) in weight_sets.iter().enumerate() {
        let servers: Vec<(String, u64)> = weights
            .iter()
            .enumerate()
            .map(|(i, &w)| (format!("10.0.{set}.{}:11211", i + 1), w))
            .collect();
        let mut keys = random_keys(100 + set as u64, 4_000);
        // Keys that hash onto a point: "{server}-{k}" is the digest of that server's k-th
        // group, whose first four bytes are a point.
        for (name, _) in servers.iter().take(3) {
            keys.extend((0..3).map(|k| format!("{name}-{k}")));
            tie_keys += 3;
        }
        let answer = oracle(
            "ketama_oracle.py",
            &json!({"servers": servers, "keys": keys}),
        );
        version = answer["uhashring"].as_str().unwrap_or("?").to_owned();
        let list: String = servers.iter().map(|(n, w)| format!("{n}\t{w}\n")).collect();
        let list_path = dir.join(format!("servers-{set}.txt"));
        std::fs::write(&list_path, list).expect("the server list");
        let key_file = write_keys(&dir, &format!("keys-{set}.txt"), &keys);
        let v = import(&list_path, &key_file);
        assert_eq!(v["format"], "ketama");
        // Groups of four points per server, as uhashring counts them.
        let groups = partlab_core::zoo::ketama::groups(
            &weights.iter().map(|&w| w as f64).collect::<Vec<_>>(),
        );
        for ((name, _), g) in servers.iter().zip(&groups) {
            assert_eq!(
                answer["distribution"][name].as_u64().unwrap_or(0),
                u64::from(*g) * 4,
                "{name}"
            );
        }
        // The core's ketama strategy, as the page and `--strategy ketama` place keys.
        let config = partlab_core::Config {
            strategy: partlab_core::Strategy::Ketama,
            nodes: servers
                .iter()
                .map(|(n, w)| partlab_core::Node::weighted(n.clone(), *w as f64))
                .collect(),
            vnodes: 150,
            replicas: 1,
            params: Default::default(),
        };
        let partitioner = partlab_core::Partitioner::new(&config).expect("valid");
        for (i, key) in keys.iter().enumerate() {
            let at = &v["keys"][i];
            let ours = at["owner"].as_str().expect("an owner");
            let core = &servers[usize::from(partitioner.place(key, 1).nodes[0])].0;
            assert_eq!(ours, core, "{key:?}: import and the strategy");
            let theirs = answer["owners"][i].as_str().expect("uhashring's owner");
            let hash = at["hash"].as_u64().expect("hash");
            let point = at["owner_point"].as_u64().expect("owner point");
            if hash == point {
                // A key on a point: libketama (and this lab) give it to that point's server;
                // uhashring bisects to the right and gives it to the next point.
                let next = answer["points"][i].as_u64().expect("uhashring's point");
                assert_ne!(next, hash, "{key:?}");
                ties += 1;
            } else {
                assert_eq!(ours, theirs, "{key:?} on weights {weights:?}");
                assert_eq!(at["owner_point"], answer["points"][i], "{key:?}");
                compared += 1;
            }
        }
    }
    assert_eq!(ties, tie_keys, "every \"server-k\" key is on a point");
    println!(
        "ketama: {compared} keys placed as uhashring {version} places them over {} weight sets; {ties} keys on a point given to that point's server (uhashring: the next)",
        weight_sets.len()
    );
}

// ---------------------------------------------------------------------------------------------
// Cassandra

#[test]
fn cassandra_tokens_and_replicas_match_the_python_driver() {
    let dir = temp_dir("oracle-cassandra");
    let mut rng = SplitMix64::new(11);
    let mut compared = 0;
    // (partitioner, nodes, tokens per node, replication factor)
    let rings = [
        ("murmur3", 3, 1, 2),
        ("murmur3", 3, 4, 2),
        ("murmur3", 5, 16, 3),
        ("murmur3", 8, 256, 3),
        ("random", 4, 1, 3),
        ("random", 3, 8, 2),
    ];
    for (r, &(partitioner, nodes, per_node, rf)) in rings.iter().enumerate() {
        let mut keys = random_keys(200 + r as u64, 3_000);
        let mut ring: Vec<(String, String)> = Vec::new();
        let mut used = std::collections::HashSet::new();
        for n in 0..nodes {
            let address = format!("10.1.{r}.{}", n + 1);
            for t in 0..per_node {
                // Some tokens are keys' own tokens: those keys sit exactly on a node's token.
                let token = if t == 0 {
                    let key = format!("tie-{r}-{n}");
                    let tok = if partitioner == "murmur3" {
                        partlab_core::tokens::murmur3_token(key.as_bytes()).to_string()
                    } else {
                        partlab_core::tokens::md5_token(key.as_bytes()).to_string()
                    };
                    keys.push(key);
                    tok
                } else if partitioner == "murmur3" {
                    (rng.next_u64() as i64).to_string()
                } else {
                    ((u128::from(rng.next_u64()) << 63 | u128::from(rng.next_u64() >> 1))
                        % ((1u128 << 127) + 1))
                        .to_string()
                };
                if used.insert(token.clone()) {
                    ring.push((token, address.clone()));
                }
            }
        }
        let answer = oracle(
            "cassandra_oracle.py",
            &json!({"partitioner": partitioner, "ring": ring, "rf": rf, "keys": keys}),
        );
        let key_file = write_keys(&dir, &format!("keys-{r}.txt"), &keys);
        let mut by_format: HashMap<&str, Value> = HashMap::new();
        for what in ["ring", "describering"] {
            let path = dir.join(format!("{what}-{r}.txt"));
            std::fs::write(&path, answer[what].as_str().expect("listing text")).expect("listing");
            by_format.insert(what, import(&path, &key_file));
        }
        let want_format = |what: &str| format!("nodetool-{what}-{partitioner}");
        for (what, v) in &by_format {
            assert_eq!(v["format"], want_format(what), "ring {r}");
        }
        for (i, key) in keys.iter().enumerate() {
            let token = answer["tokens"][i].as_str().expect("a token");
            let replicas: Vec<&str> = answer["replicas"][i]
                .as_array()
                .expect("replicas")
                .iter()
                .map(|h| h.as_str().expect("an address"))
                .collect();
            let ring_at = &by_format["ring"]["keys"][i];
            let desc_at = &by_format["describering"]["keys"][i];
            assert_eq!(ring_at["token"], token, "{key:?}");
            assert_eq!(desc_at["token"], token, "{key:?}");
            assert_eq!(ring_at["owner"], replicas[0], "{key:?} in ring {r}");
            let ours: Vec<&str> = desc_at["replicas"]
                .as_array()
                .expect("replicas")
                .iter()
                .map(|h| h.as_str().expect("an address"))
                .collect();
            assert_eq!(ours, replicas, "{key:?} in ring {r}");
            compared += 1;
        }
        // A key on a node's token belongs to that node.
        for n in 0..nodes {
            let i = keys
                .iter()
                .position(|k| *k == format!("tie-{r}-{n}"))
                .expect("the tie key");
            assert_eq!(
                by_format["ring"]["keys"][i]["owner"],
                format!("10.1.{r}.{}", n + 1)
            );
            assert_eq!(
                by_format["ring"]["keys"][i]["owner_token"],
                by_format["ring"]["keys"][i]["token"]
            );
        }
        if r == 0 {
            println!(
                "cassandra-driver {} ({} murmur3)",
                answer["cassandra-driver"], answer["murmur3"]
            );
        }
    }
    println!(
        "cassandra: {compared} keys' tokens, owners (nodetool ring) and replicas (describering) equal to the driver's over {} rings",
        rings.len()
    );
}
