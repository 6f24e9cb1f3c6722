//! Property tests of the lab's URL state: any fragment parses without panicking into a valid
//! state, and any valid state survives the round trip through the fragment.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use partlab_core::config::Strategy as Kind;
use partlab_core::lesson;
use partlab_lab::model::{Lab, Msg};
use partlab_lab::state::{
    assign_colours, encode, format_weight, Field, FragmentIssue, LabState, Lang, View, KEY_STOPS,
    MAX_LAB_NODES, VNODE_STOPS,
};
use proptest::prelude::*;

fn arb_name() -> impl Strategy<Value = String> {
    // Printable text of any script, including the separators the format uses.
    "[a-zA-Z0-9 ,&=%#~*<>\"'é☕ŀ·-]{1,20}".prop_filter("not blank", |s| !s.trim().is_empty())
}

fn arb_state() -> impl Strategy<Value = LabState> {
    (
        0usize..4,
        proptest::collection::vec((arb_name(), 1u32..=50), 1..6),
        0usize..VNODE_STOPS.len(),
        0usize..KEY_STOPS.len(),
        prop::sample::select(Lang::ALL.to_vec()),
        proptest::option::of(0usize..View::ALL.len()),
        proptest::option::of("[ -~]{1,30}"),
    )
        .prop_map(|(s, nodes, v, k, lang, embed, key)| {
            let mut nodes = nodes;
            nodes.sort_by(|a, b| a.0.cmp(&b.0));
            nodes.dedup_by(|a, b| a.0 == b.0);
            let list: Vec<(String, f64)> = nodes
                .into_iter()
                .map(|(n, w)| (n, f64::from(w) / 10.0))
                .collect();
            let mut st = LabState::with_lang(lang);
            st.strategy = Kind::ALL[s];
            st.nodes = assign_colours(&[], &list);
            st.vnodes = VNODE_STOPS[v];
            st.key_count = KEY_STOPS[k].min(20_000);
            st.embed = embed.map(|i| View::ALL[i]);
            st.key = key
                .filter(|k| !k.trim().is_empty())
                .map(|k| k.trim().to_owned());
            st
        })
        .prop_filter("valid", |st| st.validate().is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_text_parses_to_a_valid_state(fragment in any::<String>()) {
        let (state, _) = LabState::from_fragment(&fragment, Lang::En);
        prop_assert!(state.validate().is_ok());
    }

    #[test]
    fn any_bytes_percent_encoded_parse_to_a_valid_state(
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
        field in prop::sample::select(vec!["n", "w", "s", "v", "k", "r", "l", "p", "key", "embed", "x"]),
    ) {
        let raw: String = bytes.iter().map(|b| format!("%{b:02X}")).collect();
        let (state, _) = LabState::from_fragment(&format!("{field}={raw}&n={raw},b"), Lang::Ca);
        prop_assert!(state.validate().is_ok());
    }

    #[test]
    fn fragments_made_of_the_formats_pieces_never_panic(
        parts in proptest::collection::vec(
            prop::sample::select(vec!["s=", "n=", "w=", "v=", "k=", "r=", "l=", "p=", "key=", "embed=",
                "&", ",", "%", "%E2%98", "%FF", "ring", "1", "0", "1e9", "NaN", "-1", "ca", "ring-join",
                "inv-bcn", "=", "#"]),
            0..40,
        )
    ) {
        let fragment: String = parts.concat();
        let (state, _) = LabState::from_fragment(&fragment, Lang::En);
        prop_assert!(state.validate().is_ok());
    }

    #[test]
    fn valid_states_round_trip(state in arb_state()) {
        let (back, issues) = LabState::from_fragment(&state.to_fragment(), Lang::Ca);
        prop_assert_eq!(issues, vec![]);
        prop_assert_eq!(back, state);
    }

    #[test]
    fn encoding_keeps_only_unreserved_characters(s in any::<String>()) {
        let e = encode(&s);
        prop_assert!(e.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)));
    }
}

/// One field of a generated fragment: its valid value, or an invalid raw value.
type Case<T> = Option<Result<T, String>>;

/// How the generated `w` relates to the nodes it will meet.
#[derive(Clone, Debug)]
enum WeightsCase {
    /// One weight per node in force, in tenths (1–50).
    Matching(Vec<u32>),
    /// One weight per node, but one of them replaced by an invalid value.
    OneBad(Vec<u32>, usize, &'static str),
    /// One weight more than there are nodes.
    WrongCount,
}

/// A fragment described field by field: what each field holds, valid or not.
#[derive(Clone, Debug)]
struct Spec {
    strategy: Case<Kind>,
    nodes: Case<Vec<String>>,
    weights: Option<WeightsCase>,
    vnodes: Case<u32>,
    keys: Case<u32>,
    replicas: Case<u32>,
    lang: Case<Lang>,
    preset: Case<&'static str>,
    key: Case<String>,
    embed: Case<View>,
    unknown: bool,
    /// Sort keys that shuffle the fields.
    order: Vec<u32>,
}

fn case<T: std::fmt::Debug + Clone + 'static>(
    valid: impl Strategy<Value = T> + 'static,
    invalid: Vec<String>,
) -> impl Strategy<Value = Case<T>> {
    proptest::option::of(prop_oneof![
        2 => valid.prop_map(Ok),
        1 => prop::sample::select(invalid).prop_map(Err),
    ])
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

fn arb_names() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::btree_set(arb_name(), 1..8).prop_map(|set| set.into_iter().collect())
}

fn arb_spec() -> impl Strategy<Value = Spec> {
    let invalid_names = vec![
        "a,a".to_owned(),
        "a%E2%80%AEb,c".to_owned(),
        "x%E2%80%8B".to_owned(),
        "%EF%BB%BFbom".to_owned(),
        "a,,b".to_owned(),
        String::new(),
        "x".repeat(65),
        vec!["n"; 33].join(","),
        "a%FF".to_owned(),
        "a%0Ab".to_owned(),
    ];
    let weights = proptest::option::of(prop_oneof![
        2 => proptest::collection::vec(1u32..=50, MAX_LAB_NODES).prop_map(WeightsCase::Matching),
        1 => (
            proptest::collection::vec(1u32..=50, MAX_LAB_NODES),
            0usize..MAX_LAB_NODES,
            prop::sample::select(vec!["0", "1e-9", "0.09", "5.01", "NaN", "-1", "inf", "x", ""]),
        )
            .prop_map(|(w, i, bad)| WeightsCase::OneBad(w, i, bad)),
        1 => Just(WeightsCase::WrongCount),
    ]);
    (
        (
            case(
                (0usize..4).prop_map(|i| Kind::ALL[i]),
                strings(&["chord", "", "%FF"]),
            ),
            case(arb_names(), invalid_names),
            weights,
            case(1u32..=1000, strings(&["0", "1001", "1e9", "-1", "x", ""])),
            case(1_000u32..=1_000_000, strings(&["999", "1000001", "x", ""])),
            case(
                1u32..=MAX_LAB_NODES as u32,
                strings(&["0", "-1", "x", "33", "1.5", ""]),
            ),
        ),
        (
            case(
                prop::sample::select(Lang::ALL.to_vec()),
                strings(&["fr", "", "english"]),
            ),
            case(
                prop::sample::select(lesson::scenarios().iter().map(|s| s.id).collect::<Vec<_>>()),
                strings(&["nope", ""]),
            ),
            case(
                "[!-~][ -~]{0,29}".prop_filter("not blank at the end", |k| k.trim() == k),
                vec!["%00".to_owned(), String::new(), "k".repeat(257)],
            ),
            case(
                (0usize..View::ALL.len()).prop_map(|i| View::ALL[i]),
                strings(&["x", ""]),
            ),
            any::<bool>(),
            proptest::collection::vec(any::<u32>(), 11),
        ),
    )
        .prop_map(
            |(
                (strategy, nodes, weights, vnodes, keys, replicas),
                (lang, preset, key, embed, unknown, order),
            )| Spec {
                strategy,
                nodes,
                weights,
                vnodes,
                keys,
                replicas,
                lang,
                preset,
                key,
                embed,
                unknown,
                order,
            },
        )
}

/// A fragment written field by field, and the fields it must report as dropped or changed.
#[derive(Default)]
struct Written {
    pieces: Vec<String>,
    dropped: BTreeSet<&'static str>,
}

impl Written {
    /// Writes the field `name` as `raw`; unless it is `ok`, it must be reported.
    fn field(&mut self, name: &'static str, raw: String, ok: bool) {
        self.pieces.push(format!("{name}={raw}"));
        if !ok {
            self.dropped.insert(name);
        }
    }

    /// Writes the field `name` if `case` holds it (a valid value as `shown` writes it, an
    /// invalid one as its raw text); the value, when valid.
    fn given<'a, T>(
        &mut self,
        name: &'static str,
        case: &'a Case<T>,
        shown: impl Fn(&T) -> String,
    ) -> Option<&'a T> {
        match case {
            Some(Ok(v)) => {
                self.field(name, shown(v), true);
                Some(v)
            }
            Some(Err(raw)) => {
                self.field(name, raw.clone(), false);
                None
            }
            None => None,
        }
    }
}

/// The fragment `spec` describes, the state it must give (worked out field by field, without
/// the parser) and the fields that must be reported as dropped or changed.
fn expected(spec: &Spec) -> (String, LabState, BTreeSet<&'static str>) {
    let mut written = Written::default();
    let mut st = LabState::with_lang(Lang::En);
    if let Some(v) = written.given("s", &spec.strategy, |k| k.name().to_owned()) {
        st.strategy = *v;
    }
    if let Some(v) = written.given("v", &spec.vnodes, |v| v.to_string()) {
        st.vnodes = *v;
    }
    if let Some(v) = written.given("k", &spec.keys, |k| k.to_string()) {
        st.key_count = *v;
    }
    if let Some(v) = written.given("l", &spec.lang, |l| l.code().to_owned()) {
        st.lang = *v;
    }
    if let Some(v) = written.given("key", &spec.key, |k| encode(k)) {
        st.key = Some(v.clone());
    }
    if let Some(v) = written.given("embed", &spec.embed, |v| v.name().to_owned()) {
        st.embed = Some(*v);
    }
    let config_given = spec.strategy.is_some()
        || spec.nodes.is_some()
        || spec.weights.is_some()
        || spec.vnodes.is_some()
        || spec.keys.is_some()
        || spec.replicas.is_some();
    match &spec.preset {
        Some(Ok(id)) => {
            written.field("p", (*id).to_owned(), true);
            st.preset = Some((*id).to_owned());
            if let (false, Some(s)) = (config_given, lesson::scenario(id)) {
                let config = s.after.as_ref().unwrap_or(&s.before);
                let list: Vec<(String, f64)> = config
                    .nodes
                    .iter()
                    .map(|n| (n.name.clone(), n.weight))
                    .collect();
                st.strategy = config.strategy;
                st.nodes = assign_colours(&[], &list);
                st.vnodes = config.vnodes;
                st.replicas = config.replicas;
                st.key_count = lesson::KEY_COUNT as u32;
            }
        }
        Some(Err(raw)) => written.field("p", raw.clone(), false),
        None => {}
    }
    match &spec.nodes {
        Some(Ok(names)) => {
            let raw: Vec<String> = names.iter().map(|n| encode(n)).collect();
            written.field("n", raw.join(","), true);
            let list: Vec<(String, f64)> = names.iter().map(|n| (n.clone(), 1.0)).collect();
            st.nodes = assign_colours(&[], &list);
        }
        Some(Err(raw)) => written.field("n", raw.clone(), false),
        None => {}
    }
    let count = st.nodes.len();
    match &spec.weights {
        Some(WeightsCase::Matching(w)) => {
            let w: Vec<f64> = w[..count].iter().map(|&t| f64::from(t) / 10.0).collect();
            let raw: Vec<String> = w.iter().map(|&x| format_weight(x)).collect();
            written.field("w", raw.join(","), true);
            for (node, w) in st.nodes.iter_mut().zip(w) {
                node.weight = w;
            }
        }
        Some(WeightsCase::OneBad(w, i, bad)) => {
            let mut raw: Vec<String> = w[..count]
                .iter()
                .map(|&t| format_weight(f64::from(t) / 10.0))
                .collect();
            raw[i % count] = (*bad).to_owned();
            written.field("w", raw.join(","), false);
        }
        Some(WeightsCase::WrongCount) => {
            written.field("w", vec!["1"; count + 1].join(","), false);
        }
        None => {}
    }
    match &spec.replicas {
        Some(Ok(r)) => {
            // Above the node count it is lowered, and that is reported.
            let clamped = *r as usize > count;
            written.field("r", r.to_string(), !clamped);
            st.replicas = (*r).min(count as u32);
        }
        Some(Err(raw)) => written.field("r", raw.clone(), false),
        None => {}
    }
    // A label stays only on its preset's experiment (before or after its change).
    let config = st.config();
    let is_its = st
        .preset
        .as_deref()
        .and_then(lesson::scenario)
        .is_some_and(|s| {
            st.key_count as usize == lesson::KEY_COUNT
                && (config == s.before || s.after.as_ref() == Some(&config))
        });
    if !is_its {
        st.preset = None;
    }
    if spec.unknown {
        written.pieces.push("zz=1".to_owned());
    }
    let mut order: Vec<(u32, String)> = spec.order.iter().copied().zip(written.pieces).collect();
    order.sort();
    let fragment = order
        .into_iter()
        .map(|(_, p)| p)
        .collect::<Vec<_>>()
        .join("&");
    (fragment, st, written.dropped)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// Any fragment made of valid and invalid fields, in any order, gives the state obtained
    /// field by field (each valid field kept, each invalid one at its default, `r` lowered to
    /// the node count), every dropped field is reported exactly once, and writing the state
    /// back and reading it again changes nothing.
    #[test]
    fn a_fragment_is_read_field_by_field(spec in arb_spec()) {
        let (fragment, want, dropped) = expected(&spec);
        let (state, issues) = LabState::from_fragment(&fragment, Lang::En);
        prop_assert_eq!(&state, &want, "{}", fragment);
        let named: Vec<&'static str> = issues.iter().filter_map(|i| i.field().map(Field::name)).collect();
        prop_assert_eq!(named.iter().copied().collect::<BTreeSet<_>>(), dropped, "{}: {:?}", fragment, issues);
        prop_assert_eq!(named.len(), issues.len() - usize::from(spec.unknown), "{:?}", issues);
        prop_assert_eq!(
            spec.unknown,
            issues.contains(&FragmentIssue::UnknownFields { count: 1 })
        );
        let (again, more) = LabState::from_fragment(&state.to_fragment(), Lang::Ca);
        prop_assert_eq!(more, vec![]);
        prop_assert_eq!(again, state);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of messages keeps the lab valid, whatever is rejected on the way.
    #[test]
    fn any_message_sequence_keeps_a_valid_lab(
        msgs in proptest::collection::vec(
            prop_oneof![
                (0usize..4).prop_map(|i| Msg::SetStrategy(Kind::ALL[i])),
                (0u32..2_000).prop_map(Msg::SetVnodes),
                (0usize..6, -2.0f64..8.0).prop_map(|(node, weight)| Msg::SetWeight { node, weight }),
                Just(Msg::AddNode),
                (0usize..6).prop_map(Msg::RemoveNode),
                (0usize..6, arb_name()).prop_map(|(node, name)| Msg::RenameNode { node, name }),
                (0u32..6).prop_map(Msg::SetReplicas),
                (0usize..3).prop_map(|i| Msg::SetKeyCount([1_000, 2_000, 500][i])),
                prop::sample::select(vec!["ring-join", "mod-4-5", "nope"]).prop_map(|p| Msg::ApplyPreset(p.to_owned())),
                prop::sample::select(vec!["ring-10", "nope"]).prop_map(|p| Msg::HoldPreset(p.to_owned())),
                Just(Msg::ApplyPendingChange),
                any::<String>().prop_map(Msg::LookupKey),
                (0usize..3_000).prop_map(Msg::SelectSlot),
            ],
            1..12,
        )
    ) {
        let mut lab = Lab::from_fragment("k=1000", Lang::En);
        for msg in msgs {
            lab.update(msg);
            prop_assert!(lab.state().validate().is_ok());
            prop_assert!(lab.state().nodes.len() <= MAX_LAB_NODES);
            // A label never names an experiment that is not its preset's.
            prop_assert!(lab.state().preset.is_none() || lab.state().is_preset_state());
            prop_assert_eq!(lab.distribution().total, lab.keys().len() as u64);
            let _ = lab.key_path();
            let _ = lab.sample_dots();
        }
    }
}
