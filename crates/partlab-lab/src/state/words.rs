//! The hashing chapters' state in words: the views' titles, what each address field means and
//! takes, and the messages for a refused state or a faulty address.

use super::{
    Field, FragmentIssue, StateError, View, MAX_FRAGMENT_BYTES, MAX_LAB_KEYS, MAX_LAB_NODES,
    MAX_LAB_VNODES, MAX_LAB_WEIGHT, MAX_SELECTED_KEY_CHARS, MIN_KEYS, MIN_WEIGHT,
};
use crate::base::field::{ChapterDef, Cli, FieldKind, FieldSpec, ViewSpec};
use crate::base::fmt::{fmt_num, shown};
use crate::base::text::{fill, tr};
use crate::base::Lang;
use crate::i18n::{config_error, count_nodes, Text};

/// The title of a view (used in embed mode and for headings).
pub fn view_title(lang: Lang, v: View) -> &'static str {
    match v {
        View::Ring => tr(lang, Text::Ring),
        View::Figures => tr(lang, Text::Figures),
        View::Bars => tr(lang, Text::BarsTitle),
        View::Deviation => tr(lang, Text::DeviationTitle),
        View::Movement => tr(lang, Text::MovementTitle),
        View::Tables => tr(lang, Text::TablesTitle),
    }
}

/// What an address field means and which values it takes, for the teachers' page.
pub fn field_help(lang: Lang, f: Field) -> (&'static str, &'static str) {
    let (help, values) = match f {
        Field::Quiz | Field::QuizIndex => return quiz_field_help(lang, f == Field::QuizIndex),
        Field::Chapter => (StateText::HelpChapter, StateText::ValuesChapter),
        Field::Links => (StateText::HelpLinks, StateText::ValuesLinks),
        Field::Projector => (StateText::HelpProjector, StateText::ValuesProjector),
        Field::Strategy => (StateText::HelpStrategy, StateText::ValuesStrategy),
        Field::TableSize => (StateText::HelpTableSize, StateText::ValuesTableSize),
        Field::LoadFactor => (StateText::HelpLoadFactor, StateText::ValuesLoadFactor),
        Field::Probes => (StateText::HelpProbes, StateText::ValuesProbes),
        Field::Nodes => (StateText::HelpNodes, StateText::ValuesNodes),
        Field::Weights => (StateText::HelpWeights, StateText::ValuesWeights),
        Field::Vnodes => (StateText::HelpVnodes, StateText::ValuesVnodes),
        Field::Keys => (StateText::HelpKeys, StateText::ValuesKeys),
        Field::Replicas => (StateText::HelpReplicas, StateText::ValuesReplicas),
        Field::Lang => (StateText::HelpLang, StateText::ValuesLang),
        Field::Preset => (StateText::HelpPreset, StateText::ValuesPreset),
        Field::Key => (StateText::HelpKey, StateText::ValuesKey),
        Field::Embed => (StateText::HelpEmbed, StateText::ValuesEmbed),
        Field::Compare => (StateText::HelpCompare, StateText::ValuesCompare),
    };
    (tr(lang, help), tr(lang, values))
}

/// What a valid value of field `f` looks like (the "why" of a refused value).
pub(crate) fn field_rule(lang: Lang, f: Field) -> String {
    let rule = match f {
        Field::Strategy => StateText::StrategyRule,
        Field::TableSize => StateText::TableSizeRule,
        Field::LoadFactor => StateText::LoadFactorRule,
        Field::Probes => StateText::ProbesRule,
        Field::Nodes => StateText::NodesRule,
        Field::Weights => StateText::WeightsRule,
        Field::Vnodes => StateText::VnodesRule,
        Field::Keys => StateText::KeysRule,
        Field::Replicas => StateText::ReplicasRule,
        Field::Lang => StateText::LangRule,
        Field::Preset => StateText::PresetRule,
        Field::Key => StateText::KeyRule,
        Field::Embed => StateText::EmbedRule,
        Field::Chapter => StateText::ChapterRule,
        Field::Links => StateText::LinksRule,
        Field::Projector => StateText::ProjectorRule,
        Field::Quiz | Field::QuizIndex => {
            return quiz_field_rule(lang, f == Field::QuizIndex).to_owned()
        }
        Field::Compare => StateText::CompareRule,
    };
    // Every limit a rule may quote; each rule fills the ones it names.
    fill(
        lang,
        rule,
        &[
            ("max_lab_nodes", &MAX_LAB_NODES),
            ("min", &fmt_num(lang, MIN_WEIGHT)),
            ("max", &fmt_num(lang, MAX_LAB_WEIGHT)),
            ("max_lab_vnodes", &MAX_LAB_VNODES),
            ("min_keys", &MIN_KEYS),
            ("max_lab_keys", &MAX_LAB_KEYS),
            ("max_selected_key_chars", &MAX_SELECTED_KEY_CHARS),
        ],
    )
}

/// What the page used instead of a field it dropped.
pub(crate) fn fallback(lang: Lang, f: Field) -> &'static str {
    let t = match f {
        Field::Nodes => StateText::InsteadNodes,
        Field::Weights => StateText::InsteadWeights,
        Field::Preset | Field::Key | Field::Embed => StateText::InsteadIgnored,
        Field::Chapter => StateText::InsteadChapter,
        _ => StateText::InsteadDefault,
    };
    tr(lang, t)
}

/// What field `f` is, by its address name, for a message about it.
pub(crate) fn field_name(lang: Lang, f: Field) -> String {
    let t = match f {
        Field::Strategy => StateText::NameStrategy,
        Field::TableSize => StateText::NameTableSize,
        Field::LoadFactor => StateText::NameLoadFactor,
        Field::Probes => StateText::NameProbes,
        Field::Nodes => StateText::NameNodes,
        Field::Weights => StateText::NameWeights,
        Field::Vnodes => StateText::NameVnodes,
        Field::Keys => StateText::NameKeys,
        Field::Replicas => StateText::NameReplicas,
        Field::Lang => StateText::NameLang,
        Field::Preset => StateText::NamePreset,
        Field::Key => StateText::NameKey,
        Field::Embed => StateText::NameEmbed,
        Field::Chapter => StateText::NameChapter,
        Field::Links => StateText::NameLinks,
        Field::Projector => StateText::NameProjector,
        Field::Quiz | Field::QuizIndex => {
            let label = quiz_field_label(lang, f == Field::QuizIndex);
            return named_field(lang, f, label);
        }
        Field::Compare => StateText::NameCompare,
    };
    named_field(lang, f, tr(lang, t))
}

/// A field by its address name and what it is: `the field "v" (virtual nodes)`.
fn named_field(lang: Lang, f: Field, label: &str) -> String {
    fill(
        lang,
        StateText::FieldNamed,
        &[("field", &f.name()), ("label", &label)],
    )
}

/// A message for a state the lab rejects.
pub fn state_error(lang: Lang, e: &StateError) -> String {
    match e {
        StateError::TooManyNodes => fill(
            lang,
            StateText::TooManyNodes,
            &[("max_lab_nodes", &MAX_LAB_NODES)],
        ),
        StateError::Vnodes(v) => fill(
            lang,
            StateText::VnodesRefused,
            &[("v", &v), ("max_lab_vnodes", &MAX_LAB_VNODES)],
        ),
        StateError::KeyCount(k) => fill(
            lang,
            StateText::KeysRefused,
            &[
                ("k", &k),
                ("min_keys", &MIN_KEYS),
                ("max_lab_keys", &MAX_LAB_KEYS),
            ],
        ),
        StateError::Weight { node, weight } => {
            let node = shown(node);
            let (min, max) = (fmt_num(lang, MIN_WEIGHT), fmt_num(lang, MAX_LAB_WEIGHT));
            fill(
                lang,
                StateText::WeightRefused,
                &[
                    ("weight", &weight),
                    ("node", &node),
                    ("min", &min),
                    ("max", &max),
                ],
            )
        }
        StateError::Config(c) => config_error(lang, c),
    }
}

/// A message for a problem found in the URL fragment.
pub fn fragment_issue(lang: Lang, issue: &FragmentIssue) -> String {
    let prefix = tr(lang, StateText::PageAddress);
    let body = match issue {
        FragmentIssue::TooLong { bytes } => fill(
            lang,
            StateText::FragmentTooLong,
            &[
                ("bytes", &bytes),
                ("max_fragment_bytes", &MAX_FRAGMENT_BYTES),
            ],
        ),
        FragmentIssue::NotUtf8 { field } => fill(
            lang,
            StateText::NotUtf8,
            &[
                ("field", &field_name(lang, *field)),
                ("fallback", &fallback(lang, *field)),
            ],
        ),
        FragmentIssue::BadValue { field, value } => {
            let value = shown(value);
            fill(
                lang,
                StateText::BadValue,
                &[
                    ("field", &field_name(lang, *field)),
                    ("value", &value),
                    ("field_rule", &field_rule(lang, *field)),
                    ("fallback", &fallback(lang, *field)),
                ],
            )
        }
        FragmentIssue::Rejected { field, error } => fill(
            lang,
            StateText::Rejected,
            &[
                ("field", &field_name(lang, *field)),
                ("error", &state_error(lang, error)),
                ("fallback", &fallback(lang, *field)),
            ],
        ),
        FragmentIssue::ReplicasClamped { given, nodes } => fill(
            lang,
            StateText::ReplicasClamped,
            &[
                ("field", &field_name(lang, Field::Replicas)),
                ("given", &given),
                ("node_count", &count_nodes(lang, *nodes)),
                ("nodes", &nodes),
            ],
        ),
        FragmentIssue::TooManyNodes { count } => fill(
            lang,
            StateText::TooManyNodesListed,
            &[
                ("field", &field_name(lang, Field::Nodes)),
                ("count", &count),
                ("max_lab_nodes", &MAX_LAB_NODES),
            ],
        ),
        FragmentIssue::WeightsDoNotMatchNodes => fill(
            lang,
            StateText::WeightsDoNotMatchNodes,
            &[("field", &field_name(lang, Field::Weights))],
        ),
        FragmentIssue::UnknownFields { count: 1 } => tr(lang, StateText::UnknownField).to_owned(),
        FragmentIssue::UnknownFields { count } => {
            fill(lang, StateText::UnknownFields, &[("count", &count)])
        }
        FragmentIssue::Invalid(e) => fill(
            lang,
            StateText::DefaultShown,
            &[("error", &state_error(lang, e))],
        ),
    };
    format!("{prefix} {body}")
}

/// What the address fields mean and which values they take, for the teachers' page (the
/// same shape as [`field_help`]).
pub fn quiz_field_help(lang: Lang, index_field: bool) -> (&'static str, &'static str) {
    if index_field {
        (
            tr(lang, StateText::QuizIndexHelp),
            tr(lang, StateText::QuizIndexLimits),
        )
    } else {
        (
            tr(lang, StateText::QuizHelp),
            tr(lang, StateText::QuizLimits),
        )
    }
}

/// The field's name in an issue ("question set"), in `lang`.
pub fn quiz_field_label(lang: Lang, index_field: bool) -> &'static str {
    if index_field {
        tr(lang, StateText::QuestionNumber)
    } else {
        tr(lang, StateText::QuestionSet)
    }
}

/// What a valid value looks like, for an issue about the field.
pub fn quiz_field_rule(lang: Lang, index_field: bool) -> &'static str {
    if index_field {
        tr(lang, StateText::QuizIndexRule)
    } else {
        tr(lang, StateText::QuizRule)
    }
}

/// The opening paragraph of the hashing chapter `slug` (`mod-n`, `ring`, `rendezvous`; others:
/// an empty string).
pub fn hashing_intro(lang: Lang, slug: &str) -> &'static str {
    let t = match slug {
        "mod-n" => StateText::IntroModN,
        "ring" => StateText::IntroRing,
        "rendezvous" => StateText::IntroRendezvous,
        _ => return "",
    };
    tr(lang, t)
}

/// A hashing chapter's field: its URL name from [`Field::name`], its meaning and values from
/// [`field_help`].
macro_rules! hashing_field {
    ($field:ident, $cli:expr, $default:literal) => {
        FieldSpec {
            name: Field::$field.name(),
            cli: $cli,
            kind: FieldKind::Rule {
                rule: |l| field_help(l, Field::$field).1,
                default: $default,
            },
            help: |l| field_help(l, Field::$field).0,
        }
    };
}

/// The hashing chapters' own fields (the frame's and every chapter's `l`, `p`, `embed` apart).
pub const HASHING_FIELDS: &[FieldSpec] = &[
    hashing_field!(Strategy, Cli::Value("strategy"), ""),
    hashing_field!(
        Nodes,
        Cli::Value("nodes"),
        "inv-bcn,inv-vlc,inv-gir,inv-lle"
    ),
    hashing_field!(Weights, Cli::Value("weights"), ""),
    hashing_field!(Vnodes, Cli::Value("vnodes"), "150"),
    hashing_field!(Keys, Cli::Value("keys"), "100000"),
    hashing_field!(Replicas, Cli::Value("replicas"), "1"),
    hashing_field!(Key, Cli::None, ""),
    hashing_field!(TableSize, Cli::Value("table-size"), "65537"),
    hashing_field!(LoadFactor, Cli::Value("load-factor"), "1.25"),
    hashing_field!(Probes, Cli::Value("probes"), "21"),
    hashing_field!(Compare, Cli::None, ""),
];

/// The hashing chapters' views, in page order.
pub const HASHING_VIEWS: &[ViewSpec] = &[
    ViewSpec::new("ring", |l| view_title(l, View::Ring)),
    ViewSpec::new("figures", |l| view_title(l, View::Figures)),
    ViewSpec::new("bars", |l| view_title(l, View::Bars)),
    ViewSpec::new("deviation", |l| view_title(l, View::Deviation)),
    ViewSpec::new("movement", |l| view_title(l, View::Movement)),
    ViewSpec::new("tables", |l| view_title(l, View::Tables)),
];

const MOD_N_DEF: ChapterDef = ChapterDef {
    fields: HASHING_FIELDS,
    presets: &[],
    views: HASHING_VIEWS,
    intro: |l| hashing_intro(l, "mod-n"),
    summary: "Section 5: hash mod N, and why nearly every key moves when N changes (partlab dist, move, locate --strategy modulo)",
};
const RING_DEF: ChapterDef = ChapterDef {
    intro: |l| hashing_intro(l, "ring"),
    summary: "Section 6 and exercise 1: the ring with virtual nodes and weights (partlab dist, move, locate, sweep deviation)",
    ..MOD_N_DEF
};
const RENDEZVOUS_DEF: ChapterDef = ChapterDef {
    intro: |l| hashing_intro(l, "rendezvous"),
    summary: "Section 7 and exercise 3: rendezvous hashing, jump hash and replica sets (partlab dist, move, locate --strategy rendezvous)",
    ..MOD_N_DEF
};

/// The address description of the hashing chapter `slug`: the fields and views the three
/// share, and the chapter's own opening paragraph. Their presets are the lesson's scenarios
/// of the chapter's parts (`ChapterId::presets`), not a fixed list.
pub fn hashing_def(slug: &str) -> &'static ChapterDef {
    match slug {
        "ring" => &RING_DEF,
        "rendezvous" => &RENDEZVOUS_DEF,
        _ => &MOD_N_DEF,
    }
}

crate::base::text::texts! {
    /// The words of the instrument's fields, its address problems and its errors.
    pub enum StateText {
        StrategyRule => ("ha de ser modulo, ring, rendezvous, jump, maglev, bounded, multiprobe o ketama", "it must be modulo, ring, rendezvous, jump, maglev, bounded, multiprobe or ketama", "debe ser modulo, ring, rendezvous, jump, maglev, bounded, multiprobe o ketama"),
        TableSizeRule => ("ha de ser un nombre primer de 2 a 2.000.003", "it must be a prime from 2 to 2,000,003", "debe ser un número primo de 2 a 2.000.003"),
        LoadFactorRule => ("ha de ser un nombre d'1 a 16", "it must be a number from 1 to 16", "debe ser un número de 1 a 16"),
        ProbesRule => ("ha de ser un nombre d'1 a 64", "it must be a number from 1 to 64", "debe ser un número de 1 a 64"),
        NodesRule => ("han de ser d'1 a {max_lab_nodes} noms separats per comes", "it must be 1 to {max_lab_nodes} comma-separated names", "deben ser de 1 a {max_lab_nodes} nombres separados por comas"),
        WeightsRule => ("cal un pes per node, cadascun entre {min} i {max}", "it needs one weight per node, each from {min} to {max}", "hace falta un peso por nodo, cada uno entre {min} y {max}"),
        VnodesRule => ("ha de ser un nombre enter d'1 a {max_lab_vnodes}", "it must be a whole number from 1 to {max_lab_vnodes}", "debe ser un número entero de 1 a {max_lab_vnodes}"),
        KeysRule => ("ha de ser un nombre enter de {min_keys} a {max_lab_keys}", "it must be a whole number from {min_keys} to {max_lab_keys}", "debe ser un número entero de {min_keys} a {max_lab_keys}"),
        ReplicasRule => ("ha de ser un nombre enter d'1 al nombre de nodes", "it must be a whole number from 1 to the number of nodes", "debe ser un número entero de 1 al número de nodos"),
        LangRule => ("ha de ser ca, en o es", "it must be ca, en or es", "debe ser ca, en o es"),
        PresetRule => ("ha de ser un experiment de la lliçó, com ring-150", "it must be one of the lesson's experiments, such as ring-150", "debe ser un experimento de la lección, como ring-150"),
        KeyRule => ("ha de ser text sense caràcters de control, d'1 a {max_selected_key_chars} caràcters", "it must be text without control characters, 1 to {max_selected_key_chars} characters", "debe ser texto sin caracteres de control, de 1 a {max_selected_key_chars} caracteres"),
        EmbedRule => ("ha de ser ring, figures, bars, deviation, movement o tables", "it must be ring, figures, bars, deviation, movement or tables", "debe ser ring, figures, bars, deviation, movement o tables"),
        ChapterRule => ("ha de ser el nom d'un capítol de la barra de capítols, com ring, replication o teachers", "it must be the name of a chapter in the chapter bar, such as ring, replication or teachers", "debe ser el nombre de un capítulo de la barra de capítulos, como ring, replication o teachers"),
        LinksRule => ("ha de ser off o on", "it must be off or on", "debe ser off u on"),
        ProjectorRule => ("ha de ser on o off", "it must be on or off", "debe ser on u off"),
        CompareRule => ("ha de ser una configuració vàlida, com s:ring;n:inv-bcn,inv-vlc;v:150", "it must be a valid configuration, such as s:ring;n:inv-bcn,inv-vlc;v:150", "debe ser una configuración válida, como s:ring;n:inv-bcn,inv-vlc;v:150"),
        TooManyNodes => ("El laboratori admet com a màxim {max_lab_nodes} nodes.", "The lab takes at most {max_lab_nodes} nodes.", "El laboratorio admite como máximo {max_lab_nodes} nodos."),
        VnodesRefused => ("{v} nodes virtuals per node: tria entre 1 i {max_lab_vnodes}.", "{v} virtual nodes per node: choose between 1 and {max_lab_vnodes}.", "{v} nodos virtuales por nodo: elige entre 1 y {max_lab_vnodes}."),
        KeysRefused => ("{k} claus: tria entre {min_keys} i {max_lab_keys}.", "{k} keys: choose between {min_keys} and {max_lab_keys}.", "{k} claves: elige entre {min_keys} y {max_lab_keys}."),
        WeightRefused => ("El pes {weight} del node «{node}» no és vàlid: tria entre {min} i {max}.", "Weight {weight} for node \"{node}\" is not valid: choose between {min} and {max}.", "El peso {weight} del nodo «{node}» no es válido: elige entre {min} y {max}."),
        PageAddress => ("Adreça de la pàgina:", "Page address:", "Dirección de la página:"),
        FragmentTooLong => ("la part després de # fa {bytes} bytes (el màxim és {max_fragment_bytes}); s'ha ignorat i es mostra l'experiment per defecte.", "the part after # is {bytes} bytes long (at most {max_fragment_bytes}); it was ignored and the default experiment is shown.", "la parte después de # tiene {bytes} bytes (el máximo es {max_fragment_bytes}); se ha ignorado y se muestra el experimento por defecto."),
        NotUtf8 => ("{field}: no és text UTF-8 vàlid; {fallback}.", "{field}: not valid UTF-8 text; {fallback}.", "{field}: no es texto UTF-8 válido; {fallback}."),
        BadValue => ("{field}: «{value}» no és vàlid ({field_rule}); {fallback}.", "{field}: \"{value}\" is not valid ({field_rule}); {fallback}.", "{field}: «{value}» no es válido ({field_rule}); {fallback}."),
        Rejected => ("{field}: {error} Per això {fallback}.", "{field}: {error} So {fallback}.", "{field}: {error} Por eso {fallback}."),
        ReplicasClamped => ("{field}: {given} còpies no hi caben amb {node_count}; s'ha rebaixat a {nodes}.", "{field}: {given} copies do not fit {node_count}; it was lowered to {nodes}.", "{field}: {given} copias no caben con {node_count}; se ha rebajado a {nodes}."),
        TooManyNodesListed => ("{field}: {count} nodes són massa (màxim {max_lab_nodes}); es mostren els nodes per defecte.", "{field}: {count} nodes are too many (at most {max_lab_nodes}); the default nodes are shown.", "{field}: {count} nodos son demasiados (máximo {max_lab_nodes}); se muestran los nodos por defecto."),
        WeightsDoNotMatchNodes => ("{field}: el nombre de pesos no coincideix amb el de nodes; s'han ignorat els pesos.", "{field}: the number of weights does not match the number of nodes; the weights were ignored.", "{field}: el número de pesos no coincide con el de nodos; se han ignorado los pesos."),
        UnknownField => ("s'ha ignorat 1 camp desconegut.", "1 unknown field was ignored.", "se ha ignorado 1 campo desconocido."),
        UnknownFields => ("s'han ignorat {count} camps desconeguts.", "{count} unknown fields were ignored.", "se han ignorado {count} campos desconocidos."),
        DefaultShown => ("{error} Es mostra l'experiment per defecte.", "{error} The default experiment is shown.", "{error} Se muestra el experimento por defecto."),
        QuizIndexHelp => ("Quina pregunta del joc es mostra (0 és la primera).", "Which question of the set is shown (0 is the first).", "Qué pregunta de la serie se muestra (0 es la primera)."),
        QuizIndexLimits => ("de 0 a 999; només amb quiz=", "0 to 999; only with quiz=", "de 0 a 999; solo con quiz="),
        QuizHelp => ("Obre les preguntes «Primer, prediu» (mod N, anell, rendezvous, claus per hash, rangs, índexs, rebalanceig, replicació, claus calentes, encaminament, triar claus, comparativa) amb aquest joc: cada llavor dona unes altres xifres, les respostes es calculen a la pàgina i no s'envia res.", "Opens the \"Predict first\" questions (mod N, ring, rendezvous, hash keys, ranges, indexes, rebalancing, replication, hot keys, routing, choosing keys, comparison) with this set: each seed gives other figures, the answers are computed in the page and nothing is sent.", "Abre las preguntas «Primero, predice» (mod N, anillo, rendezvous, claves por hash, rangos, índices, rebalanceo, replicación, claves calientes, enrutamiento, elegir claves, comparativa) con esta serie: cada semilla da otras cifras, las respuestas se calculan en la página y no se envía nada."),
        QuizLimits => ("un nombre enter de fins a 20 xifres", "a whole number of up to 20 digits", "un número entero de hasta 20 cifras"),
        QuestionNumber => ("número de pregunta", "question number", "número de pregunta"),
        QuestionSet => ("joc de preguntes", "question set", "serie de preguntas"),
        QuizIndexRule => ("ha de ser un nombre enter de 0 a 999", "it must be a whole number from 0 to 999", "debe ser un número entero de 0 a 999"),
        QuizRule => ("ha de ser un nombre enter de fins a 20 xifres", "it must be a whole number of up to 20 digits", "debe ser un número entero de hasta 20 cifras"),
        // What the page used instead of a dropped field (`fallback`).
        InsteadNodes => ("es mostren els nodes per defecte", "the default nodes are shown", "se muestran los nodos por defecto"),
        InsteadWeights => ("tots els pesos són 1", "every weight is 1", "todos los pesos son 1"),
        InsteadIgnored => ("s'ha ignorat", "it was ignored", "se ha ignorado"),
        InsteadChapter => ("es mostra el capítol que correspon a la resta de l'adreça", "the chapter for the rest of the address is shown", "se muestra el capítulo que corresponde al resto de la dirección"),
        InsteadDefault => ("s'ha fet servir el valor per defecte", "the default was used", "se ha usado el valor por defecto"),
        // What each address field is (`field_name`).
        NameStrategy => ("estratègia", "strategy", "estrategia"),
        NameTableSize => ("mida de la taula de Maglev", "Maglev's table size", "tamaño de la tabla de Maglev"),
        NameLoadFactor => ("factor de càrrega", "load factor", "factor de carga"),
        NameProbes => ("sondes per clau", "probes per key", "sondas por clave"),
        NameNodes => ("noms dels nodes", "node names", "nombres de los nodos"),
        NameWeights => ("pesos", "weights", "pesos"),
        NameVnodes => ("nodes virtuals", "virtual nodes", "nodos virtuales"),
        NameKeys => ("nombre de claus", "key count", "número de claves"),
        NameReplicas => ("factor de replicació", "replication factor", "factor de replicación"),
        NameLang => ("idioma", "language", "idioma"),
        NamePreset => ("experiment de la lliçó", "lesson experiment", "experimento de la lección"),
        NameKey => ("clau seleccionada", "selected key", "clave seleccionada"),
        NameEmbed => ("vista incrustada", "embedded view", "vista incrustada"),
        NameChapter => ("capítol", "chapter", "capítulo"),
        NameLinks => ("enllaços que surten de la pàgina", "links that leave the page", "enlaces que salen de la página"),
        NameProjector => ("mode projector", "projector mode", "modo proyector"),
        NameCompare => ("configuració A del mode de comparació", "compare mode's configuration A", "configuración A del modo de comparación"),
        // The hashing chapters' opening paragraphs (`hashing_intro`).
        IntroModN => ("Amb hash mòdul N, el node d'una clau és el seu hash mòdul el nombre de nodes. Afegeix o treu un node i mira quantes claus canvien de lloc: gairebé totes, lluny del mínim ideal 1/(N+1).", "With hash mod N, a key's node is its hash modulo the number of nodes. Add or remove a node and watch how many keys change place: nearly all of them, far from the ideal minimum 1/(N+1).", "Con hash módulo N, el nodo de una clave es su hash módulo el número de nodos. Añade o quita un nodo y mira cuántas claves cambian de sitio: casi todas, lejos del mínimo ideal 1/(N+1)."),
        IntroRing => ("A l'anell, cada node ocupa molts punts (nodes virtuals) i cada clau va al primer punt en sentit horari. Mou el control de nodes virtuals i mira com baixa la desviació; afegeix inv-tar i mira que només es mou la part que li toca. L'exercici 1 dona pes 2 a inv-bcn.", "On the ring, each node takes many points (virtual nodes) and each key goes to the first point clockwise. Move the virtual-nodes slider and watch the deviation fall; add inv-tar and see that only its share moves. Exercise 1 gives inv-bcn weight 2.", "En el anillo, cada nodo ocupa muchos puntos (nodos virtuales) y cada clave va al primer punto en sentido horario. Mueve el control de nodos virtuales y mira cómo baja la desviación; añade inv-tar y mira que solo se mueve la parte que le toca. El ejercicio 1 da peso 2 a inv-bcn."),
        IntroRendezvous => ("Amb rendezvous, cada node puntua cada clau amb hash(\"node|clau\") i guanya la puntuació més alta; les rèpliques són les següents millors. No hi ha anell ni nodes virtuals. L'exercici 3 hi posa tres rèpliques i passa de 5 a 6 nodes; també hi pots provar jump hash.", "With rendezvous, every node scores every key with hash(\"node|key\") and the highest score wins; replicas are the next best. There is no ring and no virtual nodes. Exercise 3 keeps three replicas and goes from 5 to 6 nodes; jump hash is here too.", "Con rendezvous, cada nodo puntúa cada clave con hash(\"nodo|clave\") y gana la puntuación más alta; las réplicas son las siguientes mejores. No hay anillo ni nodos virtuales. El ejercicio 3 pone tres réplicas y pasa de 5 a 6 nodos; también puedes probar jump hash."),
        // What each address field means and takes, for the teachers' page (`field_help`).
        HelpChapter => ("El capítol.", "The chapter.", "El capítulo."),
        ValuesChapter => ("mod-n, ring, rendezvous, teachers; sol (amb l=), obre el capítol tal com el vas deixar", "mod-n, ring, rendezvous, teachers; alone (with l=), opens the chapter as you left it", "mod-n, ring, rendezvous, teachers; solo (con l=), abre el capítulo tal como lo dejaste"),
        HelpLinks => ("Amaga els enllaços que surten d'un marc incrustat.", "Hides the links that leave an embedding frame.", "Oculta los enlaces que salen de un marco incrustado."),
        ValuesLinks => ("off (o on)", "off (or on)", "off (u on)"),
        HelpProjector => ("Mode projector: text i marques més grans, línies més gruixudes i colors amb un contrast de 3:1 com a mínim.", "Projector mode: larger text and marks, thicker lines, and colours with at least 3:1 contrast.", "Modo proyector: texto y marcas más grandes, líneas más gruesas y colores con un contraste de 3:1 como mínimo."),
        ValuesProjector => ("on (o off)", "on (or off)", "on (u off)"),
        HelpStrategy => ("L'estratègia de repartiment.", "The partitioning strategy.", "La estrategia de reparto."),
        ValuesStrategy => ("modulo, ring, rendezvous, jump, maglev, bounded, multiprobe, ketama", "modulo, ring, rendezvous, jump, maglev, bounded, multiprobe, ketama", "modulo, ring, rendezvous, jump, maglev, bounded, multiprobe, ketama"),
        HelpTableSize => ("La mida de la taula de Maglev (s=maglev).", "Maglev's table size (s=maglev).", "El tamaño de la tabla de Maglev (s=maglev)."),
        ValuesTableSize => ("un nombre primer, com a mínim el nombre de nodes; 65537 si no s'indica", "a prime, at least the node count; 65537 when left out", "un número primo, como mínimo el número de nodos; 65537 si no se indica"),
        HelpLoadFactor => ("El factor de càrrega c de l'anell amb càrrega limitada (s=bounded): cap node no passa de ⌈c · claus / N⌉.", "Bounded loads' factor c (s=bounded): no node holds more than ⌈c · keys / N⌉.", "El factor de carga c del anillo con carga limitada (s=bounded): ningún nodo pasa de ⌈c · claves / N⌉."),
        ValuesLoadFactor => ("1 a 16; 1.25 si no s'indica", "1 to 16; 1.25 when left out", "1 a 16; 1.25 si no se indica"),
        HelpProbes => ("Les sondes per clau de multi-sonda (s=multiprobe).", "Multi-probe's probes per key (s=multiprobe).", "Las sondas por clave de multisonda (s=multiprobe)."),
        ValuesProbes => ("1 a 64; 21 si no s'indica", "1 to 64; 21 when left out", "1 a 64; 21 si no se indica"),
        HelpNodes => ("Els noms dels nodes, separats per comes (codificats per a URL).", "The node names, comma-separated (URL-encoded).", "Los nombres de los nodos, separados por comas (codificados para URL)."),
        ValuesNodes => ("1–32 noms únics", "1–32 unique names", "1–32 nombres únicos"),
        HelpWeights => ("Els pesos, en l'ordre dels noms (s'omet si tots són 1).", "The weights, in the names' order (left out when all are 1).", "Los pesos, en el orden de los nombres (se omite si todos son 1)."),
        ValuesWeights => ("0,1–5 cadascun", "0.1–5 each", "0,1–5 cada uno"),
        HelpVnodes => ("Nodes virtuals per node de pes 1 (només l'anell).", "Virtual nodes per node of weight 1 (the ring only).", "Nodos virtuales por nodo de peso 1 (solo el anillo)."),
        ValuesVnodes => ("1–1000", "1–1000", "1–1000"),
        HelpKeys => ("Quantes claus de la lliçó (P-2026-000001 …).", "How many of the lesson's keys (P-2026-000001 …).", "Cuántas claves de la lección (P-2026-000001 …)."),
        ValuesKeys => ("1000–1000000", "1000–1000000", "1000–1000000"),
        HelpReplicas => ("Còpies de cada clau (factor de replicació).", "Copies of each key (replication factor).", "Copias de cada clave (factor de replicación)."),
        ValuesReplicas => ("1 – el nombre de nodes", "1 – the number of nodes", "1 – el número de nodos"),
        HelpLang => ("L'idioma.", "The language.", "El idioma."),
        ValuesLang => ("ca, en, es", "ca, en, es", "ca, en, es"),
        HelpPreset => ("Un experiment de la lliçó; sol, posa el laboratori en el seu estat.", "A lesson experiment; alone, it puts the lab in its state.", "Un experimento de la lección; solo, pone el laboratorio en su estado."),
        ValuesPreset => ("vegeu la taula d'experiments", "see the table of experiments", "véase la tabla de experimentos"),
        HelpKey => ("La clau de la qual es mostra el camí.", "The key whose path is shown.", "La clave cuyo camino se muestra."),
        ValuesKey => ("qualsevol text, fins a 256 caràcters", "any text, up to 256 characters", "cualquier texto, hasta 256 caracteres"),
        HelpEmbed => ("Mostra només aquesta vista, per incrustar-la.", "Shows this view alone, for embedding.", "Muestra solo esta vista, para incrustarla."),
        ValuesEmbed => ("vegeu la taula de vistes", "see the table of views", "véase la tabla de vistas"),
        HelpCompare => ("Mode de comparació: la configuració fixada (A) que es mostra al costat de l'actual (B).", "Compare mode: the pinned configuration (A) shown beside the current one (B).", "Modo de comparación: la configuración fijada (A) que se muestra al lado de la actual (B)."),
        ValuesCompare => ("els camps s, n, w, v, r, m, lf, probes com s:ring;n:inv-bcn,inv-vlc;v:150", "the fields s, n, w, v, r, m, lf, probes as s:ring;n:inv-bcn,inv-vlc;v:150", "los campos s, n, w, v, r, m, lf, probes como s:ring;n:inv-bcn,inv-vlc;v:150"),
        /// A field by its address name and what it is.
        FieldNamed => ("el camp «{field}» ({label})", "the field \"{field}\" ({label})", "el campo «{field}» ({label})"),
    }
    test the_field_words_are_whole_in_every_language(
        same_as_english: [
            ValuesStrategy,
            ValuesVnodes,
            ValuesKeys,
            ValuesLang,
        ],
        same_in_ca_and_es: [
            QuestionNumber,
            NameWeights,
            NameLang,
            NameEmbed,
        ],
    );
}
