//! The hashing lab's model in words: the embed caption, the canvases' descriptions, the
//! sentence that says what changed and why keys moved, notices and progress.

use super::{Notice, Progress, WorkStage};
use crate::base::fmt::{fmt_fraction, fmt_int, fmt_num, fmt_pct, lower_latin, shown};
use crate::base::text::{fill, tr};
use crate::base::Lang;
use crate::i18n::{count_nodes, preset_label, strategy_name, Text};
use crate::state::words::{fragment_issue, state_error};
use crate::state::{View, MAX_LAB_NODES, MAX_SELECTED_KEY_CHARS};

/// The one-line caption an embedded view carries, so it stands on its own in a course page:
/// what it shows (the preset, or the strategy and its settings) and its key figures
/// (`6. Ring, 10 virtual nodes · 4 nodes · deviation 35.7 %`, `Ring: inv-tar joins · … ·
/// 19.2 % of keys moved`).
pub fn embed_caption(lang: Lang, lab: &crate::model::Lab) -> String {
    let st = lab.state();
    let mut parts: Vec<String> = Vec::new();
    match st
        .preset
        .as_deref()
        .and_then(partlab_core::lesson::scenario)
    {
        Some(s) => parts.push(preset_label(lang, s)),
        None => {
            parts.push(strategy_name(lang, st.strategy).to_owned());
            if st.strategy.uses_vnodes() {
                parts.push(format!(
                    "{} {}",
                    fmt_int(lang, u64::from(st.vnodes)),
                    tr(lang, Text::AxisVnodes)
                ));
            }
        }
    }
    parts.push(count_nodes(lang, st.nodes.len()));
    parts.push(format!(
        "{} {}",
        tr(lang, Text::CaptionDeviation),
        fmt_pct(lang, lab.distribution().deviation_pct, 1)
    ));
    if let Some(m) = lab.movement() {
        parts.push(format!(
            "{} {}",
            fmt_fraction(lang, m.moved_fraction),
            tr(lang, Text::CaptionMoved)
        ));
    }
    parts.join(" · ")
}

/// What changed between two configurations, in a few words ("inv-tar joined", "vnodes 150 →
/// 500"), for the sentence a screen reader hears after a change.
fn what_changed(
    lang: Lang,
    from: &partlab_core::Config,
    now: &partlab_core::Config,
) -> Vec<String> {
    let mut out = Vec::new();
    let had = |name: &str| from.nodes.iter().find(|n| n.name == name);
    let has = |name: &str| now.nodes.iter().any(|n| n.name == name);
    for n in now.nodes.iter().filter(|n| had(&n.name).is_none()) {
        out.push(fill(lang, LabText::Joined, &[("name", &n.name)]));
    }
    for n in from.nodes.iter().filter(|n| !has(&n.name)) {
        out.push(fill(lang, LabText::Left, &[("name", &n.name)]));
    }
    for n in &now.nodes {
        if let Some(old) = had(&n.name).filter(|o| o.weight != n.weight) {
            out.push(fill(
                lang,
                LabText::WeightChanged,
                &[
                    ("name", &n.name),
                    ("old", &fmt_num(lang, old.weight)),
                    ("new", &fmt_num(lang, n.weight)),
                ],
            ));
        }
    }
    if from.strategy != now.strategy {
        out.push(format!(
            "{} → {}",
            strategy_name(lang, from.strategy),
            strategy_name(lang, now.strategy)
        ));
    } else if from.vnodes != now.vnodes && now.strategy.uses_vnodes() {
        out.push(format!(
            "{} {} → {}",
            tr(lang, Text::AxisVnodes),
            fmt_int(lang, u64::from(from.vnodes)),
            fmt_int(lang, u64::from(now.vnodes))
        ));
    }
    if from.replicas != now.replicas {
        out.push(format!(
            "{} {} → {}",
            lower_latin(tr(lang, Text::Replicas)),
            from.replicas,
            now.replicas
        ));
    }
    out
}

/// What a chart's canvas shows now, for screen readers (`aria-describedby`): the ring's
/// experiment, each node's keys in the bars, the current setting on the deviation chart.
/// `None` for a view with nothing to add to its title and data table.
pub fn canvas_description(lang: Lang, view: View, lab: &crate::model::Lab) -> Option<String> {
    let d = lab.distribution();
    match view {
        View::Ring => Some(embed_caption(lang, lab)),
        View::Bars => Some(
            d.nodes
                .iter()
                .map(|n| {
                    format!(
                        "{} {} ({})",
                        n.name,
                        fmt_int(lang, n.keys),
                        fmt_fraction(lang, n.share)
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
        ),
        View::Deviation => {
            let c = lab.config();
            let dev = fmt_pct(lang, d.deviation_pct, 1);
            Some(if c.strategy.uses_vnodes() {
                let v = fmt_int(lang, u64::from(c.vnodes));
                fill(lang, LabText::NowVnodes, &[("v", &v), ("dev", &dev)])
            } else {
                let s = strategy_name(lang, c.strategy);
                fill(lang, LabText::NowNoVnodes, &[("s", &s), ("dev", &dev)])
            })
        }
        View::Figures | View::Movement | View::Tables => None,
    }
}

/// The keys a chart's sweep used: "100,000 keys", or "the first 100,000 of the 1,000,000
/// keys" when the sweep is capped below the experiment's key count.
pub fn sweep_keys(lang: Lang, used: u32, total: u32) -> String {
    let (u, t) = (
        fmt_int(lang, u64::from(used)),
        fmt_int(lang, u64::from(total)),
    );
    if used < total {
        fill(lang, LabText::FirstKeysOf, &[("u", &u), ("t", &t)])
    } else {
        format!("{u} {}", tr(lang, Text::AxisKeys))
    }
}

/// The one sentence a screen reader hears after the experiment changed (a live region of
/// its own, not the whole figures panel): what changed, the share of keys that moved and
/// where to when they all went to one node, and the deviation before → after
/// (`deviation_before`: the figure on screen before the change).
pub fn change_sentence(
    lang: Lang,
    lab: &crate::model::Lab,
    deviation_before: Option<f64>,
) -> String {
    let d = lab.distribution().deviation_pct;
    let deviation = match deviation_before {
        Some(b) if fmt_pct(lang, b, 1) != fmt_pct(lang, d, 1) => {
            format!("{} → {}", fmt_pct(lang, b, 1), fmt_pct(lang, d, 1))
        }
        _ => fmt_pct(lang, d, 1),
    };
    let deviation = fill(lang, LabText::Deviation, &[("deviation", &deviation)]);
    let (Some(m), Some(from)) = (lab.movement(), lab.moved_from()) else {
        let st = lab.state();
        return fill(
            lang,
            LabText::KeysOnNodes,
            &[
                ("keys", &fmt_int(lang, u64::from(st.key_count))),
                ("nodes", &count_nodes(lang, st.nodes.len())),
                ("deviation", &deviation),
            ],
        );
    };
    let mut what = what_changed(lang, from, lab.config()).join(", ");
    if what.is_empty() {
        what = tr(lang, Text::NodesRenamed).to_owned();
    }
    let moved = fmt_fraction(lang, m.moved_fraction);
    let target = match m.flow.first() {
        Some(f) if m.moved > 0 && m.flow.iter().all(|g| g.to == f.to) => {
            fill(lang, LabText::AllTo, &[("to", &f.to)])
        }
        _ => String::new(),
    };
    fill(
        lang,
        LabText::KeysMoved,
        &[
            ("what", &what),
            ("moved", &moved),
            ("target", &target),
            ("deviation", &deviation),
        ],
    )
}

/// A notice's text.
pub fn notice(lang: Lang, n: &Notice) -> String {
    match n {
        Notice::Fragment(issue) => fragment_issue(lang, issue),
        Notice::Rejected(e) => fill(lang, LabText::Rejected, &[("error", &state_error(lang, e))]),
        Notice::EmptyKey => tr(lang, LabText::EmptyKey).to_owned(),
        Notice::KeyTooLong => fill(
            lang,
            LabText::KeyTooLong,
            &[("max_selected_key_chars", &MAX_SELECTED_KEY_CHARS)],
        ),
        Notice::UnknownPreset => tr(lang, LabText::UnknownPreset).to_owned(),
        Notice::NodeListFull => fill(
            lang,
            LabText::NodeListFull,
            &[("max_lab_nodes", &MAX_LAB_NODES)],
        ),
        Notice::ReplicasLowered { wanted, now } => fill(
            lang,
            LabText::ReplicasLowered,
            &[
                ("now", &now),
                ("wanted", &wanted),
                ("nodes", &count_nodes(lang, *now as usize)),
            ],
        ),
        Notice::ReplicasRestored { replicas } => {
            fill(lang, LabText::ReplicasRestored, &[("replicas", &replicas)])
        }
        Notice::PresetHeld { preset } => {
            let label = partlab_core::lesson::scenario(preset)
                .map(|s| preset_label(lang, s))
                .unwrap_or_else(|| shown(preset));
            fill(lang, LabText::PresetHeld, &[("label", &label)])
        }
    }
}

/// What the page shows while a change is computed (the end of its progress note).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meanwhile {
    /// The previous experiment's figures.
    PreviousFigures,
    /// The first experiment's ring, drawn from its configuration before its keys are hashed.
    RingOnly,
    /// Nothing of the first experiment yet.
    Nothing,
}

/// The note shown while a change is computed: what is being done, how far, and what the
/// page shows meanwhile.
pub fn progress_note(lang: Lang, p: &Progress, meanwhile: Meanwhile) -> String {
    let keys = fmt_int(lang, p.keys);
    let pct = fmt_pct(lang, (p.fraction() * 100.0).floor(), 0);
    let doing = match p.stage {
        WorkStage::HashKeys => fill(
            lang,
            LabText::HashingKeys,
            &[("keys", &keys), ("pct", &pct)],
        ),
        WorkStage::Ring => fill(lang, LabText::PlacingVnodes, &[("pct", &pct)]),
        WorkStage::Table => fill(lang, LabText::FillingMaglev, &[("pct", &pct)]),
        WorkStage::Assign => fill(
            lang,
            LabText::AssigningKeys,
            &[("keys", &keys), ("pct", &pct)],
        ),
        WorkStage::Compare => fill(lang, LabText::CountingMoves, &[("pct", &pct)]),
    };
    let meanwhile = match meanwhile {
        Meanwhile::PreviousFigures => tr(lang, LabText::MeanwhilePrevious).to_owned(),
        Meanwhile::RingOnly => tr(lang, LabText::FiguresWhenDone).to_owned(),
        Meanwhile::Nothing => tr(lang, LabText::RingAndFiguresWhenDone).to_owned(),
    };
    format!("{doing} {meanwhile}")
}

crate::base::text::texts! {
    /// The hashing instrument's live sentences and notices.
    pub enum LabText {
        Joined => ("{name} ha entrat", "{name} joined", "{name} ha entrado"),
        Left => ("{name} ha sortit", "{name} left", "{name} ha salido"),
        WeightChanged => ("pes del node {name} {old} → {new}", "weight of node {name} {old} → {new}", "peso del nodo {name} {old} → {new}"),
        NowVnodes => ("Ara: {v} nodes virtuals, desviació {dev}.", "Now: {v} virtual nodes, deviation {dev}.", "Ahora: {v} nodos virtuales, desviación {dev}."),
        NowNoVnodes => ("Ara: {s}, sense nodes virtuals, desviació {dev}.", "Now: {s}, no virtual nodes, deviation {dev}.", "Ahora: {s}, sin nodos virtuales, desviación {dev}."),
        FirstKeysOf => ("les primeres {u} de les {t} claus", "the first {u} of the {t} keys", "las primeras {u} de las {t} claves"),
        Deviation => ("desviació {deviation}", "deviation {deviation}", "desviación {deviation}"),
        KeysOnNodes => ("{keys} claus en {nodes}; {deviation}.", "{keys} keys on {nodes}; {deviation}.", "{keys} claves en {nodes}; {deviation}."),
        AllTo => (", totes cap a {to}", ", all to {to}", ", todas hacia {to}"),
        KeysMoved => ("{what}: s'han mogut el {moved} de les claus{target}; {deviation}.", "{what}: {moved} of the keys moved{target}; {deviation}.", "{what}: se ha movido el {moved} de las claves{target}; {deviation}."),
        Rejected => ("{error} Es manté l'últim estat vàlid.", "{error} The last valid state is kept.", "{error} Se mantiene el último estado válido."),
        EmptyKey => ("Escriu una clau per seguir-ne el camí.", "Type a key to follow its path.", "Escribe una clave para seguir su camino."),
        KeyTooLong => ("La clau és massa llarga: com a màxim {max_selected_key_chars} caràcters.", "That key is too long: at most {max_selected_key_chars} characters.", "La clave es demasiado larga: como máximo {max_selected_key_chars} caracteres."),
        UnknownPreset => ("Aquest experiment no existeix.", "There is no such experiment.", "Este experimento no existe."),
        NodeListFull => ("Ja hi ha {max_lab_nodes} nodes, el màxim del laboratori.", "There are already {max_lab_nodes} nodes, the lab's maximum.", "Ya hay {max_lab_nodes} nodos, el máximo del laboratorio."),
        ReplicasLowered => ("El factor de replicació és {now} i no {wanted}: amb {nodes} no hi caben més còpies. Tornarà a {wanted} quan hi hagi prou nodes, si no el canvies.", "The replication factor is {now}, not {wanted}: {nodes} hold no more copies. It goes back to {wanted} when there are enough nodes, unless you change it.", "El factor de replicación es {now} y no {wanted}: con {nodes} no caben más copias. Volverá a {wanted} cuando haya suficientes nodos, si no lo cambias."),
        ReplicasRestored => ("Tornen a haver-hi prou nodes: el factor de replicació torna a ser {replicas}, com l'havies posat.", "There are enough nodes again: the replication factor is back to {replicas}, as you set it.", "Vuelve a haber suficientes nodos: el factor de replicación vuelve a ser {replicas}, como lo habías puesto."),
        PresetHeld => ("S'ha desat el nom que escrivies i no s'ha aplicat «{label}», que l'hauria substituït. Tria'l un altre cop per aplicar-lo.", "The name you were typing was saved and \"{label}\", which would have replaced it, was not applied. Choose it again to apply it.", "Se ha guardado el nombre que escribías y no se ha aplicado «{label}», que lo habría sustituido. Elígelo otra vez para aplicarlo."),
        HashingKeys => ("Calculant el hash de {keys} claus… {pct}", "Hashing {keys} keys… {pct}", "Calculando el hash de {keys} claves… {pct}"),
        PlacingVnodes => ("Col·locant els nodes virtuals a l'anell… {pct}", "Placing the virtual nodes on the ring… {pct}", "Colocando los nodos virtuales en el anillo… {pct}"),
        FillingMaglev => ("Omplint la taula de Maglev… {pct}", "Filling Maglev's table… {pct}", "Llenando la tabla de Maglev… {pct}"),
        AssigningKeys => ("Assignant {keys} claus als nodes… {pct}", "Assigning {keys} keys to the nodes… {pct}", "Asignando {keys} claves a los nodos… {pct}"),
        CountingMoves => ("Comptant les claus que es mouen… {pct}", "Counting the keys that move… {pct}", "Contando las claves que se mueven… {pct}"),
        MeanwhilePrevious => ("Mentrestant, les xifres són les de l'experiment anterior.", "Meanwhile the figures are those of the previous experiment.", "Mientras tanto, las cifras son las del experimento anterior."),
        FiguresWhenDone => ("Les xifres i els gràfics apareixeran en acabar.", "The figures and the charts appear when it is done.", "Las cifras y los gráficos aparecerán al terminar."),
        RingAndFiguresWhenDone => ("L'anell, les xifres i els gràfics apareixeran en acabar.", "The ring, the figures and the charts appear when it is done.", "El anillo, las cifras y los gráficos aparecerán al terminar."),
    }
    test the_instrument_sentences_are_whole_in_every_language(
        same_as_english: [],
        same_in_ca_and_es: [],
    );
}
