//! The page's texts in Catalan and English, and numbers formatted the way each language
//! writes them (Catalan `6,3 %` and `24.275`, English `6.3 %` and `24,275`).
//!
//! Every fixed text is a variant of the closed enum [`Text`], so a missing translation is a
//! compile error. Messages that quote user input (node names) are built by functions here and
//! are always shown by the page as plain text.

use crate::state::{
    Field, FragmentIssue, Lang, StateError, View, MAX_FRAGMENT_BYTES, MAX_LAB_KEYS, MAX_LAB_NODES,
    MAX_LAB_VNODES, MAX_LAB_WEIGHT, MIN_KEYS, MIN_WEIGHT,
};
use partlab_core::config::{ConfigError, Strategy, MAX_NODE_NAME_CHARS};

/// Every fixed text of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    /// Page title.
    Title,
    /// One line under the title.
    Tagline,
    /// Label of the language switch.
    Language,
    /// Controls panel heading.
    Controls,
    /// Strategy select label.
    Strategy,
    /// Nodes fieldset legend.
    Nodes,
    /// Node name input label.
    NodeName,
    /// Weight slider label.
    Weight,
    /// Remove-node button.
    RemoveNode,
    /// Add-node button.
    AddNode,
    /// Vnodes slider label.
    Vnodes,
    /// Vnodes are ignored by this strategy.
    VnodesUnused,
    /// Weights are ignored by this strategy.
    WeightsUnused,
    /// Key count slider label.
    KeyCount,
    /// Replication factor label.
    Replicas,
    /// Presets heading.
    Presets,
    /// Presets intro.
    PresetsIntro,
    /// Ring panel heading.
    Ring,
    /// Ring caption for the ring strategy.
    RingCaption,
    /// Ring caption for strategies without a ring.
    NoRingCaption,
    /// Key lookup label.
    LookupKey,
    /// Key lookup button.
    Find,
    /// Clear selection button.
    ClearKey,
    /// Hint: click a dot.
    PickHint,
    /// Key path heading.
    KeyPath,
    /// "Key" row.
    PathKey,
    /// MD5 row.
    PathMd5,
    /// u64 row.
    PathU64,
    /// Angle row.
    PathAngle,
    /// Rule row (how the owner is chosen).
    PathRule,
    /// Owner row.
    PathOwner,
    /// Replicas row.
    PathReplicas,
    /// Before the last change row.
    PathBefore,
    /// Figures heading.
    Figures,
    /// Table header: node.
    Node,
    /// Table header: keys.
    Keys,
    /// Table header: actual share.
    Share,
    /// Table header: expected share.
    Expected,
    /// Table header: vnodes on the ring.
    VnodesCol,
    /// Table header: share of the ring's arcs.
    ArcShare,
    /// Deviation figure label.
    Deviation,
    /// Deviation figure label when weights differ (measured against each node's share).
    DeviationWeighted,
    /// Peak-to-mean label.
    PeakToMean,
    /// Largest share error label.
    ShareError,
    /// Moved-by-last-change label.
    Moved,
    /// Ideal minimum label.
    Ideal,
    /// Replica sets changed label.
    ReplicaSetsChanged,
    /// Nothing changed yet.
    NoChangeYet,
    /// The lesson's figure prefix.
    Lesson,
    /// Flow table heading.
    Flow,
    /// Flow table header: fraction of all keys.
    OfAllKeys,
    /// Flow table header: from.
    From,
    /// Flow table header: to.
    To,
    /// Keys-per-node chart title.
    BarsTitle,
    /// Deviation chart title.
    DeviationTitle,
    /// Deviation chart caption.
    DeviationCaption,
    /// Movement chart title.
    MovementTitle,
    /// Movement chart caption.
    MovementCaption,
    /// The data behind a chart.
    ChartData,
    /// A sweep is running.
    Computing,
    /// Table header: trials min.
    Min,
    /// Table header: median.
    Median,
    /// Table header: max.
    Max,
    /// Table header: nodes before → after.
    Change,
    /// Legend: ideal.
    IdealShort,
    /// Legend: expected by weight.
    ExpectedByWeight,
    /// Legend: trend 1/√V.
    Trend,
    /// Legend: current setting.
    Current,
    /// Legend: min–max band.
    Band,
    /// Axis: vnodes per node.
    AxisVnodes,
    /// Axis: deviation %.
    AxisDeviation,
    /// Axis: keys.
    AxisKeys,
    /// Axis: nodes before the join.
    AxisNodes,
    /// Axis: % keys moved.
    AxisMoved,
    /// Dismiss a notice.
    Dismiss,
    /// Loading message.
    Loading,
    /// Crash message prefix.
    Crashed,
    /// Skip link / footer note on computation.
    Footer,
    /// Open the full lab (from embed mode).
    OpenFull,
    /// A looked-up key that is not one of the experiment's keys.
    NotInKeySet,
}

/// The text `t` in language `lang`.
pub fn tr(lang: Lang, t: Text) -> &'static str {
    let (ca, en) = match t {
        Text::Title => ("Partlab: particionament i hashing consistent", "Partlab: partitioning and consistent hashing"),
        Text::Tagline => (
            "Canvia nodes, pesos i nodes virtuals i mira com es reparteixen (i es mouen) les claus de les comandes de Quilòmetre Zero.",
            "Change nodes, weights and virtual nodes and watch how Quilòmetre Zero's order keys spread out (and move).",
        ),
        Text::Language => ("Idioma", "Language"),
        Text::Controls => ("Experiment", "Experiment"),
        Text::Strategy => ("Estratègia", "Strategy"),
        Text::Nodes => ("Nodes físics", "Physical nodes"),
        Text::NodeName => ("Nom", "Name"),
        Text::Weight => ("Pes", "Weight"),
        Text::RemoveNode => ("Treu", "Remove"),
        Text::AddNode => ("Afegeix un node", "Add a node"),
        Text::Vnodes => ("Nodes virtuals per node", "Virtual nodes per node"),
        Text::VnodesUnused => ("(aquesta estratègia no en fa servir)", "(not used by this strategy)"),
        Text::WeightsUnused => ("Aquesta estratègia ignora els pesos.", "This strategy ignores weights."),
        Text::KeyCount => ("Claus (comandes P-2026-…)", "Keys (orders P-2026-…)"),
        Text::Replicas => ("Factor de replicació (rèpliques per clau)", "Replication factor (copies per key)"),
        Text::Presets => ("Els experiments de la lliçó", "The lesson's experiments"),
        Text::PresetsIntro => (
            "Cada botó posa el laboratori en l'estat d'una taula de la lliçó; si hi ha un canvi, primer veus l'abans i després s'aplica.",
            "Each button puts the lab in the state of one of the lesson's tables; when there is a change you see the before first, then it is applied.",
        ),
        Text::Ring => ("L'anell", "The ring"),
        Text::RingCaption => (
            "Cada marca és un node virtual, cada arc pertany al node de la marca que el tanca (en sentit horari), i cada punt és una clau de mostra. Les claus que l'últim canvi ha mogut queden ressaltades: l'anella té el color del node d'abans i el farciment, el del node nou.",
            "Each tick is a virtual node, each arc belongs to the node of the tick that closes it (clockwise), and each dot is a sample key. Keys moved by the last change are highlighted: the ring shows the node before, the fill the node after.",
        ),
        Text::NoRingCaption => (
            "Aquesta estratègia no fa servir cap anell: els punts són claus de mostra a la posició del seu hash, pintades del color del node que les rep. Les claus mogudes per l'últim canvi queden ressaltades (anella: node d'abans; farciment: node nou).",
            "This strategy uses no ring: the dots are sample keys at their hash position, coloured by the node that gets them. Keys moved by the last change are highlighted (ring: node before; fill: node after).",
        ),
        Text::LookupKey => ("Segueix una clau", "Follow a key"),
        Text::Find => ("Mostra el camí", "Show its path"),
        Text::ClearKey => ("Esborra", "Clear"),
        Text::PickHint => (
            "O bé fes clic (o toca) un punt de l'anell; amb el focus a l'anell, les fletxes recorren les claus.",
            "Or click (or tap) a dot on the ring; with the ring focused, the arrow keys step through the keys.",
        ),
        Text::KeyPath => ("Camí de la clau", "The key's path"),
        Text::PathKey => ("Clau", "Key"),
        Text::PathMd5 => ("MD5", "MD5"),
        Text::PathU64 => ("Primers 8 bytes (u64, big-endian)", "First 8 bytes (u64, big-endian)"),
        Text::PathAngle => ("Angle a l'anell", "Angle on the ring"),
        Text::PathRule => ("Regla", "Rule"),
        Text::PathOwner => ("Propietari", "Owner"),
        Text::PathReplicas => ("Rèpliques", "Replicas"),
        Text::PathBefore => ("Abans de l'últim canvi", "Before the last change"),
        Text::Figures => ("Xifres", "Figures"),
        Text::Node => ("Node", "Node"),
        Text::Keys => ("Claus", "Keys"),
        Text::Share => ("Part real", "Actual share"),
        Text::Expected => ("Part esperada", "Expected share"),
        Text::VnodesCol => ("Nodes virtuals", "Virtual nodes"),
        Text::ArcShare => ("Part de l'anell", "Share of the ring"),
        Text::Deviation => ("Desviació (desv. típica / mitjana)", "Deviation (std. dev. / mean)"),
        Text::DeviationWeighted => (
            "Desviació respecte a la part de cada pes (desv. típica / mitjana)",
            "Deviation from each node's weighted share (std. dev. / mean)",
        ),
        Text::PeakToMean => ("Màxim / mitjana", "Peak-to-mean"),
        Text::ShareError => ("Error màxim de part", "Largest share error"),
        Text::Moved => ("Claus mogudes per l'últim canvi", "Keys moved by the last change"),
        Text::Ideal => ("Mínim ideal", "Ideal minimum"),
        Text::ReplicaSetsChanged => ("Conjunts de rèpliques canviats", "Replica sets changed"),
        Text::NoChangeYet => ("encara cap canvi", "no change yet"),
        Text::Lesson => ("lliçó", "lesson"),
        Text::Flow => ("Cap on van les claus mogudes", "Where the moved keys went"),
        Text::OfAllKeys => ("De totes les claus", "Of all keys"),
        Text::From => ("De", "From"),
        Text::To => ("A", "To"),
        Text::BarsTitle => ("Claus per node", "Keys per node"),
        Text::DeviationTitle => ("Desviació segons els nodes virtuals", "Deviation against virtual nodes"),
        Text::DeviationCaption => (
            "Banda: mínim–màxim de diversos anells amb els mateixos nodes reanomenats; línia: tendència 1/√V; punt: el teu valor actual.",
            "Band: min–max over several rings with the same nodes renamed; line: the 1/√V trend; dot: your current setting.",
        ),
        Text::MovementTitle => ("Claus mogudes quan entra un node", "Keys moved when a node joins"),
        Text::MovementCaption => (
            "Per a cada estratègia, la fracció de claus que canvien de node en passar de N a N+1 nodes, davant del mínim ideal 1/(N+1).",
            "For each strategy, the fraction of keys that change node going from N to N+1 nodes, against the ideal minimum 1/(N+1).",
        ),
        Text::ChartData => ("Dades del gràfic", "Chart data"),
        Text::Computing => ("Calculant…", "Computing…"),
        Text::Min => ("mín.", "min"),
        Text::Median => ("mediana", "median"),
        Text::Max => ("màx.", "max"),
        Text::Change => ("Nodes", "Nodes"),
        Text::IdealShort => ("ideal", "ideal"),
        Text::ExpectedByWeight => ("esperat pel pes", "expected by weight"),
        Text::Trend => ("tendència 1/√V", "1/√V trend"),
        Text::Current => ("valor actual", "current setting"),
        Text::Band => ("mín.–màx.", "min–max"),
        Text::AxisVnodes => ("nodes virtuals per node", "virtual nodes per node"),
        Text::AxisDeviation => ("desviació (%)", "deviation (%)"),
        Text::AxisKeys => ("claus", "keys"),
        Text::AxisNodes => ("nodes abans del canvi (N)", "nodes before the change (N)"),
        Text::AxisMoved => ("claus mogudes (%)", "keys moved (%)"),
        Text::Dismiss => ("D'acord", "Dismiss"),
        Text::Loading => ("Carregant Partlab…", "Loading Partlab…"),
        Text::Crashed => (
            "Partlab ha trobat un error intern i s'ha aturat. Torna a carregar la pàgina; si es repeteix, copia aquest missatge:",
            "Partlab hit an internal error and stopped. Reload the page; if it happens again, copy this message:",
        ),
        Text::Footer => (
            "Tot es calcula al teu navegador amb Rust compilat a WebAssembly; l'adreça de la pàgina guarda l'experiment sencer.",
            "Everything is computed in your browser by Rust compiled to WebAssembly; the page's address holds the whole experiment.",
        ),
        Text::OpenFull => ("Obre el laboratori sencer", "Open the full lab"),
        Text::NotInKeySet => (
            "no és cap de les claus de l'experiment",
            "not one of the experiment's keys",
        ),
    };
    match lang {
        Lang::Ca => ca,
        Lang::En => en,
    }
}

/// The strategy's name as the page shows it.
pub fn strategy_name(lang: Lang, s: Strategy) -> &'static str {
    match (lang, s) {
        (Lang::Ca, Strategy::Modulo) => "hash mòdul N",
        (Lang::En, Strategy::Modulo) => "hash mod N",
        (Lang::Ca, Strategy::Ring) => "anell amb nodes virtuals",
        (Lang::En, Strategy::Ring) => "ring with virtual nodes",
        (_, Strategy::Rendezvous) => "rendezvous (HRW)",
        (Lang::Ca, Strategy::Jump) => "jump hash",
        (Lang::En, Strategy::Jump) => "jump hash",
    }
}

/// How the strategy picks the owner, one line (the key path's "rule" row).
pub fn strategy_rule(lang: Lang, s: Strategy) -> &'static str {
    match (lang, s) {
        (Lang::Ca, Strategy::Modulo) => "node = u64 mòdul N",
        (Lang::En, Strategy::Modulo) => "node = u64 mod N",
        (Lang::Ca, Strategy::Ring) => "el primer node virtual en sentit horari a partir de la clau",
        (Lang::En, Strategy::Ring) => "the first virtual node clockwise from the key",
        (Lang::Ca, Strategy::Rendezvous) => "el node amb la puntuació hash(\"node|clau\") més alta",
        (Lang::En, Strategy::Rendezvous) => "the node with the highest score hash(\"node|key\")",
        (Lang::Ca, Strategy::Jump) => "jump consistent hash del u64 sobre N cubetes",
        (Lang::En, Strategy::Jump) => "jump consistent hash of the u64 over N buckets",
    }
}

/// The title of a view (used in embed mode and for headings).
pub fn view_title(lang: Lang, v: View) -> &'static str {
    match v {
        View::Ring => tr(lang, Text::Ring),
        View::Figures => tr(lang, Text::Figures),
        View::Bars => tr(lang, Text::BarsTitle),
        View::Deviation => tr(lang, Text::DeviationTitle),
        View::Movement => tr(lang, Text::MovementTitle),
    }
}

/// The label of a lesson preset button.
pub fn preset_label(lang: Lang, id: &str) -> String {
    let ca = lang == Lang::Ca;
    match id {
        "mod-4-5" | "mod-5-6" | "mod-10-11" | "mod-4-8" => {
            let nums: Vec<&str> = id.split('-').skip(1).collect();
            let (a, b) = (
                nums.first().copied().unwrap_or(""),
                nums.get(1).copied().unwrap_or(""),
            );
            if ca {
                format!("Mòdul N: {a} → {b} nodes")
            } else {
                format!("mod N: {a} → {b} nodes")
            }
        }
        "ring-1" | "ring-10" | "ring-150" | "ring-500" | "ring-1000" => {
            let v = id.trim_start_matches("ring-");
            match (ca, v == "1") {
                (true, true) => "Anell, 1 node virtual".to_owned(),
                (true, false) => format!("Anell, {v} nodes virtuals"),
                (false, true) => "Ring, 1 virtual node".to_owned(),
                (false, false) => format!("Ring, {v} virtual nodes"),
            }
        }
        "ring-join" => if ca {
            "Anell: entra inv-tar"
        } else {
            "Ring: inv-tar joins"
        }
        .to_owned(),
        "ring-leave" => if ca {
            "Anell: surt inv-vlc"
        } else {
            "Ring: inv-vlc leaves"
        }
        .to_owned(),
        "rendezvous-join" => if ca {
            "Rendezvous: entra inv-tar"
        } else {
            "Rendezvous: inv-tar joins"
        }
        .to_owned(),
        "weighted" => if ca {
            "Anell amb pesos (exercici 1)"
        } else {
            "Weighted ring (exercise 1)"
        }
        .to_owned(),
        "rendezvous" => if ca {
            "Rendezvous, 3 rèpliques: 5 → 6 (exercici 3)"
        } else {
            "Rendezvous, 3 replicas: 5 → 6 (exercise 3)"
        }
        .to_owned(),
        "ring-5-6" => if ca {
            "Anell: 5 → 6 nodes (exercici 3)"
        } else {
            "Ring: 5 → 6 nodes (exercise 3)"
        }
        .to_owned(),
        other => other.to_owned(),
    }
}

fn decimal_sep(lang: Lang) -> char {
    match lang {
        Lang::Ca => ',',
        Lang::En => '.',
    }
}

fn group_sep(lang: Lang) -> char {
    match lang {
        Lang::Ca => '.',
        Lang::En => ',',
    }
}

/// An integer with thousands separators: Catalan `24.275`, English `24,275`.
pub fn fmt_int(lang: Lang, n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(group_sep(lang));
        }
        out.push(c);
    }
    out
}

/// A decimal number with `decimals` places and the language's decimal separator.
pub fn fmt_dec(lang: Lang, x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return "–".to_owned();
    }
    let s = format!("{x:.decimals$}");
    if decimal_sep(lang) == '.' {
        s
    } else {
        s.replace('.', ",")
    }
}

/// A percentage given in percent units (`6.3` → Catalan `6,3 %`, English `6.3 %`), with a
/// no-break space before the sign.
pub fn fmt_pct(lang: Lang, pct: f64, decimals: usize) -> String {
    format!("{}\u{a0}%", fmt_dec(lang, pct, decimals))
}

/// A fraction (0–1) as a percentage with one decimal.
pub fn fmt_fraction(lang: Lang, fraction: f64) -> String {
    fmt_pct(lang, fraction * 100.0, 1)
}

fn field_name(lang: Lang, f: Field) -> String {
    let ca = lang == Lang::Ca;
    let label = match f {
        Field::Strategy => {
            if ca {
                "estratègia"
            } else {
                "strategy"
            }
        }
        Field::Nodes => {
            if ca {
                "noms dels nodes"
            } else {
                "node names"
            }
        }
        Field::Weights => {
            if ca {
                "pesos"
            } else {
                "weights"
            }
        }
        Field::Vnodes => {
            if ca {
                "nodes virtuals"
            } else {
                "virtual nodes"
            }
        }
        Field::Keys => {
            if ca {
                "nombre de claus"
            } else {
                "key count"
            }
        }
        Field::Replicas => {
            if ca {
                "factor de replicació"
            } else {
                "replication factor"
            }
        }
        Field::Lang => {
            if ca {
                "idioma"
            } else {
                "language"
            }
        }
        Field::Preset => {
            if ca {
                "experiment de la lliçó"
            } else {
                "lesson experiment"
            }
        }
        Field::Key => {
            if ca {
                "clau seleccionada"
            } else {
                "selected key"
            }
        }
        Field::Embed => {
            if ca {
                "vista incrustada"
            } else {
                "embedded view"
            }
        }
    };
    if ca {
        format!("el camp «{}» ({label})", f.name())
    } else {
        format!("the field \"{}\" ({label})", f.name())
    }
}

/// A message for a core configuration error.
pub fn config_error(lang: Lang, e: &ConfigError) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        ConfigError::NoNodes => "Cal almenys un node: les claus han d'anar a algun lloc.".to_owned(),
        ConfigError::TooManyNodes { count } => format!("{count} nodes són massa; el màxim és {MAX_LAB_NODES}."),
        ConfigError::EmptyNodeName { position } => format!("El node {position} no té nom; tots els nodes en necessiten un."),
        ConfigError::DuplicateNodeName { name } => format!(
            "Hi ha dos nodes que es diuen «{name}»; els noms han de ser únics perquè el nom és el que es hasheja."
        ),
        ConfigError::NodeNameTooLong { name, chars } => format!(
            "El nom «{name}» té {chars} caràcters; com a màxim {MAX_NODE_NAME_CHARS}."
        ),
        ConfigError::NodeNameControlChar { name } => format!(
            "El nom «{}» conté un caràcter de control (com un salt de línia).",
            name.escape_debug()
        ),
        ConfigError::InvalidWeight { node, weight } => format!(
            "El node «{node}» té pes {weight}; el pes ha de ser un nombre més gran que 0."
        ),
        ConfigError::VnodesOutOfRange { vnodes } => format!(
            "{vnodes} nodes virtuals per node queda fora de límits."
        ),
        ConfigError::TooManyVnodesForNode { node, vnodes } => format!(
            "El node «{node}» tindria {vnodes} nodes virtuals (nodes virtuals × pes); és massa."
        ),
        ConfigError::TooManyRingPoints { points } => format!(
            "L'anell tindria {points} nodes virtuals en total; és massa: fes servir menys nodes virtuals o menys nodes."
        ),
        ConfigError::ReplicasOutOfRange { replicas, nodes } => format!(
            "Un factor de replicació de {replicas} no hi cap amb {nodes} node(s): cada còpia necessita un node diferent; tria entre 1 i {nodes}."
        ),
        ConfigError::KeyCountOutOfRange { count } => format!("{count} claus queda fora de límits."),
        ConfigError::KeyTooLong { position } => format!("La clau {position} és massa llarga."),
        ConfigError::UnknownStrategy { given } => format!(
            "No hi ha cap estratègia «{given}»; tria modulo, ring, rendezvous o jump."
        ),
    }
}

/// A message for a state the lab rejects.
pub fn state_error(lang: Lang, e: &StateError) -> String {
    let ca = lang == Lang::Ca;
    match e {
        StateError::TooManyNodes => {
            if ca {
                format!("El laboratori admet com a màxim {MAX_LAB_NODES} nodes.")
            } else {
                format!("The lab takes at most {MAX_LAB_NODES} nodes.")
            }
        }
        StateError::Vnodes(v) => {
            if ca {
                format!("{v} nodes virtuals per node: tria entre 1 i {MAX_LAB_VNODES}.")
            } else {
                format!("{v} virtual nodes per node: choose between 1 and {MAX_LAB_VNODES}.")
            }
        }
        StateError::KeyCount(k) => {
            if ca {
                format!("{k} claus: tria entre {MIN_KEYS} i {MAX_LAB_KEYS}.")
            } else {
                format!("{k} keys: choose between {MIN_KEYS} and {MAX_LAB_KEYS}.")
            }
        }
        StateError::Weight { node, weight } => {
            if ca {
                format!("El pes {weight} del node «{node}» no és vàlid: tria entre {MIN_WEIGHT} i {MAX_LAB_WEIGHT}.")
            } else {
                format!("Weight {weight} for node \"{node}\" is not valid: choose between {MIN_WEIGHT} and {MAX_LAB_WEIGHT}.")
            }
        }
        StateError::Config(c) => config_error(lang, c),
    }
}

/// A message for a problem found in the URL fragment.
pub fn fragment_issue(lang: Lang, issue: &FragmentIssue) -> String {
    let ca = lang == Lang::Ca;
    let prefix = if ca {
        "Adreça de la pàgina: "
    } else {
        "Page address: "
    };
    let body = match issue {
        FragmentIssue::TooLong { bytes } => {
            if ca {
                format!("la part després de # fa {bytes} bytes (el màxim és {MAX_FRAGMENT_BYTES}); s'ha ignorat i es mostra l'experiment per defecte.")
            } else {
                format!("the part after # is {bytes} bytes long (at most {MAX_FRAGMENT_BYTES}); it was ignored and the default experiment is shown.")
            }
        }
        FragmentIssue::NotUtf8 { field } => {
            if ca {
                format!(
                    "{}: no és text UTF-8 vàlid; s'ha fet servir el valor per defecte.",
                    field_name(lang, *field)
                )
            } else {
                format!(
                    "{}: not valid UTF-8 text; the default was used.",
                    field_name(lang, *field)
                )
            }
        }
        FragmentIssue::BadValue { field, value } => {
            if ca {
                format!(
                    "{}: «{value}» no és vàlid; s'ha fet servir el valor per defecte.",
                    field_name(lang, *field)
                )
            } else {
                format!(
                    "{}: \"{value}\" is not valid; the default was used.",
                    field_name(lang, *field)
                )
            }
        }
        FragmentIssue::TooManyNodes { count } => {
            if ca {
                format!("{count} nodes són massa (màxim {MAX_LAB_NODES}); es mostren els nodes per defecte.")
            } else {
                format!("{count} nodes are too many (at most {MAX_LAB_NODES}); the default nodes are shown.")
            }
        }
        FragmentIssue::WeightsDoNotMatchNodes => {
            if ca {
                "el nombre de pesos no coincideix amb el de nodes; s'han ignorat els pesos."
                    .to_owned()
            } else {
                "the number of weights does not match the number of nodes; the weights were ignored.".to_owned()
            }
        }
        FragmentIssue::UnknownFields { count } => {
            if ca {
                format!("s'han ignorat {count} camp(s) desconegut(s).")
            } else {
                format!("{count} unknown field(s) were ignored.")
            }
        }
        FragmentIssue::Invalid(e) => {
            if ca {
                format!(
                    "{} Es mostra l'experiment per defecte.",
                    state_error(lang, e)
                )
            } else {
                format!("{} The default experiment is shown.", state_error(lang, e))
            }
        }
    };
    format!("{prefix}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_each_language() {
        let cases: [(Lang, f64, &str); 4] = [
            (Lang::Ca, 6.3, "6,3\u{a0}%"),
            (Lang::En, 6.3, "6.3\u{a0}%"),
            (Lang::Ca, 106.44, "106,4\u{a0}%"),
            (Lang::En, 0.049, "0.0\u{a0}%"),
        ];
        for (lang, x, want) in cases {
            assert_eq!(fmt_pct(lang, x, 1), want);
        }
        assert_eq!(fmt_int(Lang::Ca, 24275), "24.275");
        assert_eq!(fmt_int(Lang::En, 1_000_000), "1,000,000");
        assert_eq!(fmt_int(Lang::En, 999), "999");
        assert_eq!(fmt_int(Lang::Ca, 0), "0");
        assert_eq!(fmt_fraction(Lang::Ca, 0.192), "19,2\u{a0}%");
        assert_eq!(fmt_dec(Lang::En, f64::NAN, 2), "–");
    }

    #[test]
    fn every_text_exists_in_both_languages_and_catalan_uses_the_lesson_terms() {
        let ca_all: String = [
            Text::Ring,
            Text::Vnodes,
            Text::Deviation,
            Text::Moved,
            Text::Replicas,
        ]
        .into_iter()
        .map(|t| tr(Lang::Ca, t).to_lowercase())
        .collect::<Vec<_>>()
        .join(" ");
        for term in [
            "anell",
            "nodes virtuals",
            "desviació",
            "claus mogudes",
            "rèpliques",
        ] {
            assert!(ca_all.contains(term), "missing {term} in {ca_all}");
        }
        assert_ne!(tr(Lang::Ca, Text::Title), tr(Lang::En, Text::Title));
    }

    #[test]
    fn messages_quote_user_text_without_interpreting_it() {
        let e = ConfigError::DuplicateNodeName {
            name: "<img src=x>".into(),
        };
        assert!(config_error(Lang::Ca, &e).contains("«<img src=x>»"));
        assert!(config_error(Lang::En, &e).contains("<img src=x>"));
        let issue = FragmentIssue::TooLong { bytes: 1 << 20 };
        assert!(fragment_issue(Lang::En, &issue).contains("1048576"));
    }

    #[test]
    fn preset_labels_cover_every_scenario() {
        for s in partlab_core::lesson::scenarios() {
            for lang in Lang::ALL {
                let label = preset_label(lang, s.id);
                assert_ne!(label, s.id, "no label for {}", s.id);
            }
        }
    }
}
