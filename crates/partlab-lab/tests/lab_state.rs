//! Property tests of the lab's URL state: any fragment parses without panicking into a valid
//! state, and any valid state survives the round trip through the fragment.
#![cfg(not(target_arch = "wasm32"))]

use partlab_core::config::Strategy as Kind;
use partlab_lab::model::{Lab, Msg};
use partlab_lab::state::{
    assign_colours, encode, LabState, Lang, View, KEY_STOPS, MAX_LAB_NODES, VNODE_STOPS,
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
        any::<bool>(),
        proptest::option::of(0usize..5),
        proptest::option::of("[ -~]{1,30}"),
    )
        .prop_map(|(s, nodes, v, k, ca, embed, key)| {
            let mut nodes = nodes;
            nodes.sort_by(|a, b| a.0.cmp(&b.0));
            nodes.dedup_by(|a, b| a.0 == b.0);
            let list: Vec<(String, f64)> = nodes
                .into_iter()
                .map(|(n, w)| (n, f64::from(w) / 10.0))
                .collect();
            let mut st = LabState::with_lang(if ca { Lang::Ca } else { Lang::En });
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
            prop_assert_eq!(lab.distribution().total, lab.keys().len() as u64);
            let _ = lab.key_path();
            let _ = lab.sample_dots();
        }
    }
}
