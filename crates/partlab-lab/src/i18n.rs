//! The page's texts in Catalan and English, and numbers formatted the way each language
//! writes them (Catalan `6,3 %` and `24.275`, English `6.3 %` and `24,275`).
//!
//! Every fixed text is a variant of the closed enum [`Text`], so a missing translation is a
//! compile error. Messages that quote user input (node names) are built by functions here and
//! are always shown by the page as plain text.

use crate::chapters::ChapterId;
use crate::model::{Notice, Progress, WorkStage};
use crate::state::{
    Field, FragmentIssue, Lang, StateError, View, MAX_FRAGMENT_BYTES, MAX_LAB_KEYS, MAX_LAB_NODES,
    MAX_LAB_VNODES, MAX_LAB_WEIGHT, MAX_SELECTED_KEY_CHARS, MIN_KEYS, MIN_WEIGHT,
};
use partlab_core::budget::OverBudget;
use partlab_core::config::{is_hidden_char, ConfigError, Strategy};
use partlab_core::lesson::{LessonPart, Scenario, ScenarioKind, JOINING_NODE, LEAVING_NODE};

/// Declares [`Text`], its list [`Text::ALL`] and each text in both languages, side by side,
/// so that a text cannot exist without both its translations.
macro_rules! texts {
    ($( $(#[doc = $doc:expr])* $name:ident => ($ca:expr, $en:expr $(, $es:expr)? $(,)?), )*) => {
        /// Every fixed text of the page.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Text {
            $( $(#[doc = $doc])* $name, )*
        }

        impl Text {
            /// Every text, in declaration order.
            pub const ALL: &'static [Text] = &[$(Text::$name,)*];

            /// The text in Catalan and in English.
            fn pair(self) -> (&'static str, &'static str) {
                match self {
                    $(Text::$name => ($ca, $en),)*
                }
            }

            /// The Spanish text, where one is written yet (the third language is being
            /// added: every text will carry it, and this will stop being an `Option`).
            #[allow(dead_code)]
            fn spanish(self) -> Option<&'static str> {
                match self {
                    $(Text::$name => { None::<&'static str> $(.or(Some($es)))? },)*
                }
            }
        }
    };
}

texts! {
    /// The chapter bar's accessible name.
    ChapterNav => ("Capítols del laboratori", "The lab's chapters", "Capítulos del laboratorio"),
    /// The table of contents' toggle.
    Contents => ("Tota la lliçó (seccions 1–10 i exercicis)", "The whole lesson (sections 1–10 and exercises)"),
    /// The contents' group of chapters beyond the lesson.
    BeyondLesson => ("Més enllà de la lliçó", "Beyond the lesson"),
    /// The comparison chapter's title.
    CompareTitle => ("Comparativa d'algorismes", "Comparison of algorithms"),
    /// The hot-keys chapter's title.
    HotKeysTitle => ("Claus calentes", "Hot keys"),
    /// Marks a part of the lesson that no chapter covers yet.
    NotYet => ("encara no és al laboratori", "not in the lab yet"),
    /// Heading of the chapter's introduction, before the chapter's own title.
    LessonSection => ("Lliçó, secció", "Lesson, section"),
    /// The deviation chart's line for trial 0, the nodes under their own names.
    NamedRun => ("amb els noms reals", "with the real names"),
    /// The button that opens the share / embed dialog.
    ShareOpen => ("Comparteix o incrusta", "Share or embed"),
    /// The share dialog's heading.
    ShareTitle => ("Comparteix o incrusta aquesta vista", "Share or embed this view"),
    /// The share dialog's "what" question.
    ShareWhat => ("Què vols mostrar", "What to show"),
    /// Share what is on screen.
    ShareCurrent => ("El que veus ara, tal com és", "What you see now, as it is"),
    /// Share a lesson preset.
    SharePreset => ("Un experiment de la lliçó", "One of the lesson's experiments"),
    /// Share the chapter as it opens.
    ShareStart => ("El capítol tal com s'obre", "The chapter as it opens"),
    /// Which view to embed.
    ShareView => ("Vista", "View"),
    /// The whole page (no embed view).
    WholePage => ("Tota la pàgina", "The whole page"),
    /// Frame size.
    ShareSize => ("Mida del marc", "Frame size"),
    /// The list of frame sizes.
    SizeChoice => ("Mida", "Size"),
    /// A size of one's own.
    ShareCustomSize => ("Una altra mida", "Another size"),
    /// Width in pixels.
    Width => ("Amplada (px)", "Width (px)"),
    /// Height in pixels.
    Height => ("Alçada (px)", "Height (px)"),
    /// Hide the links that leave the frame.
    LinksOff => ("Amaga els enllaços que surten del marc", "Hide the links that leave the frame"),
    /// What changed when only names did (a rename), in the change sentence.
    NodesRenamed => ("Noms canviats", "Names changed"),
    /// A node's weight slider, for screen readers: "Weight of node" + its name.
    WeightOfNode => ("Pes del node", "Weight of node"),
    /// A node's name box, for screen readers: "Name of node" + its number.
    NameOfNode => ("Nom del node", "Name of node"),
    /// The share dialog's projector checkbox.
    ShareProjector => ("En mode projector", "In projector mode"),
    /// The header's projector toggle.
    Projector => ("Mode projector", "Projector mode"),
    /// The projector toggle's tooltip.
    ProjectorHint => (
        "Mode projector: text més gran i colors més contrastats, per a l'aula",
        "Projector mode: larger text and stronger colours, for the classroom",
    ),
    /// The shared link.
    ShareLink => ("Enllaç", "Link"),
    /// The iframe code.
    EmbedCode => ("Codi per incrustar (iframe)", "Code to embed (iframe)"),
    /// Copy the link.
    CopyLink => ("Copia l'enllaç", "Copy the link"),
    /// Copy the code.
    CopyCode => ("Copia el codi", "Copy the code"),
    /// Something was copied.
    Copied => ("Copiat al porta-retalls.", "Copied to the clipboard."),
    /// The clipboard is not available: the text is selected instead.
    CopyByHand => ("Text seleccionat: copia'l amb Ctrl+C (⌘C).", "Text selected: copy it with Ctrl+C (⌘C)."),
    /// The preview heading.
    Preview => ("Vista prèvia a aquesta mida", "Preview at this size"),
    /// Close a dialog.
    Close => ("Tanca", "Close"),
    /// The teachers' page title.
    TeachersTitle => ("Per a docents: enllaços, incrustacions i paràmetres", "For teachers: links, embeds and parameters"),
    /// Heading: the lesson's experiments, for teachers.
    TeachersPresets => ("Els experiments de la lliçó, capítol per capítol", "The lesson's experiments, chapter by chapter"),
    /// Heading: the address fields.
    TeachersFields => ("Els camps de l'adreça", "The address's fields"),
    /// Heading: the views that can be embedded.
    TeachersViews => ("Les vistes que es poden incrustar", "The views that can be embedded"),
    /// Table header: field or id.
    Name => ("Nom", "Name"),
    /// Table header: meaning.
    Meaning => ("Què és", "Meaning"),
    /// Table header: values.
    Values => ("Valors", "Values"),
    /// Table header: the lesson part.
    LessonPartCol => ("A la lliçó", "In the lesson"),
    /// Table header: a link.
    Address => ("Adreça", "Address"),
    /// Table header: a chapter.
    ChapterCol => ("Capítol", "Chapter"),
    /// "deviation", before its figure in an embed caption.
    CaptionDeviation => ("desviació", "deviation"),
    /// "of keys moved", after the figure in an embed caption.
    CaptionMoved => ("de claus mogudes", "of keys moved"),
    /// Save a chart as an image.
    ExportPng => ("Desa la imatge (PNG)", "Save the image (PNG)"),
    /// Save a chart's or the figures' data.
    ExportCsv => ("Desa les dades (CSV)", "Save the data (CSV)"),
    /// Page title.
    Title => ("Partlab: particionament i hashing consistent", "Partlab: partitioning and consistent hashing"),
    /// One line under the title.
    Tagline => (
        "Canvia nodes, pesos i nodes virtuals i mira com es reparteixen (i es mouen) les claus de les comandes de Quilòmetre Zero.",
        "Change nodes, weights and virtual nodes and watch how Quilòmetre Zero's order keys spread out (and move).",
    ),
    /// Label of the language switch.
    Language => ("Idioma", "Language"),
    /// Controls panel heading.
    Controls => ("Experiment", "Experiment"),
    /// Strategy select label.
    Strategy => ("Estratègia", "Strategy"),
    /// Nodes fieldset legend.
    Nodes => ("Nodes físics", "Physical nodes"),
    /// Node name input label.
    NodeName => ("Nom", "Name"),
    /// Weight slider label.
    Weight => ("Pes", "Weight"),
    /// Remove-node button.
    RemoveNode => ("Treu", "Remove"),
    /// Add-node button.
    AddNode => ("Afegeix un node", "Add a node"),
    /// Vnodes slider label.
    Vnodes => ("Nodes virtuals per node", "Virtual nodes per node"),
    /// Vnodes are ignored by this strategy.
    VnodesUnused => ("(aquesta estratègia no en fa servir)", "(not used by this strategy)"),
    /// Maglev's table size control.
    TableSizeLabel => ("Mida de la taula de Maglev (M, primer)", "Maglev's table size (M, a prime)"),
    /// Bounded loads' factor control.
    LoadFactorLabel => ("Factor de càrrega c (cap node per sobre de c × la mitjana)", "Load factor c (no node above c × the mean)"),
    /// Multi-probe's probes control.
    ProbesLabel => ("Sondes per clau (k)", "Probes per key (k)"),
    /// Weights are ignored by this strategy.
    WeightsUnused => ("Aquesta estratègia ignora els pesos.", "This strategy ignores weights."),
    /// Key count slider label.
    KeyCount => ("Claus (comandes P-2026-…)", "Keys (orders P-2026-…)"),
    /// Replication factor label.
    Replicas => ("Factor de replicació (rèpliques per clau)", "Replication factor (copies per key)"),
    /// Presets heading.
    Presets => ("Els experiments de la lliçó", "The lesson's experiments"),
    /// Presets intro.
    PresetsIntro => (
        "Cada botó posa el laboratori en l'estat d'una taula de la lliçó; si hi ha un canvi, l'abans (A) i el després (B) queden l'un al costat de l'altre en mode de comparació.",
        "Each button puts the lab in the state of one of the lesson's tables; when there is a change, the before (A) and the after (B) stay side by side in compare mode.",
        "Cada botón pone el laboratorio en el estado de una tabla de la lección; si hay un cambio, el antes (A) y el después (B) quedan uno al lado del otro en modo de comparación.",
    ),
    /// Ring panel heading.
    Ring => ("L'anell", "The ring"),
    /// Ring caption for the ring strategy.
    RingCaption => (
        "Cada marca és un node virtual, cada arc pertany al node de la marca que el tanca (en sentit horari), i cada punt és una clau de mostra. Les claus que l'últim canvi ha mogut queden ressaltades: l'anella té el color del node d'abans i el farciment, el del node nou.",
        "Each tick is a virtual node, each arc belongs to the node of the tick that closes it (clockwise), and each dot is a sample key. Keys moved by the last change are highlighted: the ring shows the node before, the fill the node after.",
    ),
    /// Ring caption for strategies without a ring.
    NoRingCaption => (
        "Aquesta estratègia no fa servir cap anell: els punts són claus de mostra a la posició del seu hash, pintades del color del node que les rep. Les claus mogudes per l'últim canvi queden ressaltades (anella: node d'abans; farciment: node nou).",
        "This strategy uses no ring: the dots are sample keys at their hash position, coloured by the node that gets them. Keys moved by the last change are highlighted (ring: node before; fill: node after).",
    ),
    /// Key lookup label.
    LookupKey => ("Segueix una clau", "Follow a key"),
    /// Key lookup button.
    Find => ("Mostra el camí", "Show its path"),
    /// Clear selection button.
    ClearKey => ("Esborra", "Clear"),
    /// Hint: click a dot.
    PickHint => (
        "O bé fes clic (o toca) un punt de l'anell; amb el focus a l'anell, les fletxes recorren les claus.",
        "Or click (or tap) a dot on the ring; with the ring focused, the arrow keys step through the keys.",
    ),
    /// Key path heading.
    KeyPath => ("Camí de la clau", "The key's path"),
    /// "Key" row.
    PathKey => ("Clau", "Key"),
    /// MD5 row.
    PathMd5 => ("MD5", "MD5"),
    /// u64 row.
    PathU64 => ("Primers 8 bytes (u64, big-endian)", "First 8 bytes (u64, big-endian)"),
    /// Angle row.
    PathAngle => ("Angle a l'anell", "Angle on the ring"),
    /// Rule row (how the owner is chosen).
    PathRule => ("Regla", "Rule"),
    /// Owner row.
    PathOwner => ("Propietari", "Owner"),
    /// Replicas row.
    PathReplicas => ("Rèpliques", "Replicas"),
    /// Before the last change row.
    PathBefore => ("Abans de l'últim canvi", "Before the last change"),
    /// Figures heading.
    Figures => ("Xifres", "Figures"),
    /// Table header: node.
    Node => ("Node", "Node"),
    /// Table header: keys.
    Keys => ("Claus", "Keys"),
    /// Table header: actual share.
    Share => ("Part real", "Actual share"),
    /// Table header: expected share.
    Expected => ("Part esperada", "Expected share"),
    /// Table header: vnodes on the ring.
    VnodesCol => ("Nodes virtuals", "Virtual nodes"),
    /// Table header: share of the ring's arcs.
    ArcShare => ("Part de l'anell", "Share of the ring"),
    /// Deviation figure label.
    Deviation => ("Desviació (desv. típica / mitjana)", "Deviation (std. dev. / mean)"),
    /// Deviation figure label when weights differ (measured against each node's share).
    DeviationWeighted => (
        "Desviació respecte a la part de cada pes (desv. típica / mitjana)",
        "Deviation from each node's weighted share (std. dev. / mean)",
    ),
    /// Peak-to-mean label.
    PeakToMean => ("Màxim / mitjana", "Peak-to-mean"),
    /// Largest share error label.
    ShareError => ("Error màxim de part", "Largest share error"),
    /// Moved-by-last-change label.
    Moved => ("Claus mogudes per l'últim canvi", "Keys moved by the last change"),
    /// Ideal minimum label.
    Ideal => ("Mínim ideal", "Ideal minimum"),
    /// Replica sets changed label.
    ReplicaSetsChanged => ("Conjunts de rèpliques canviats", "Replica sets changed"),
    /// Nothing changed yet.
    NoChangeYet => ("encara cap canvi", "no change yet"),
    /// Moved-keys label while a slider gesture counts from its start.
    MovedSinceGesture => (
        "Claus mogudes des que has agafat el control lliscant",
        "Keys moved since the slider was grabbed",
    ),
    /// Moved-keys label with a pinned reference.
    MovedSincePinned => (
        "Claus mogudes des de la referència fixada",
        "Keys moved since the pinned reference",
    ),
    /// The button that pins the reference movement counts from.
    PinBaseline => ("Compta els moviments des d'aquí", "Count moves from here"),
    /// Why keys moved after a change of strategy.
    MovedWhyStrategy => (
        "Una altra estratègia torna a situar cada clau: es mouen claus encara que cap node no hagi entrat ni sortit, i per això el mínim ideal és 0.",
        "Another strategy places every key anew: keys move although no node joined or left, which is why the ideal minimum is 0.",
    ),
    /// Why keys moved after a change of vnode count.
    MovedWhyVnodes => (
        "Amb un altre nombre de nodes virtuals, els punts de cada node són a llocs nous de l'anell: es mouen claus encara que els nodes siguin els mateixos, i per això el mínim ideal és 0.",
        "With another vnode count each node's points sit at new places on the ring: keys move although the nodes are the same, which is why the ideal minimum is 0.",
    ),
    /// The lesson's figure prefix.
    Lesson => ("lliçó", "lesson"),
    /// Flow table heading.
    Flow => ("Cap on van les claus mogudes", "Where the moved keys went"),
    /// Flow table header: fraction of all keys.
    OfAllKeys => ("De totes les claus", "Of all keys"),
    /// Flow table header: from.
    From => ("De", "From"),
    /// Flow table header: to.
    To => ("A", "To"),
    /// Keys-per-node chart title.
    BarsTitle => ("Claus per node", "Keys per node"),
    /// Deviation chart title.
    DeviationTitle => ("Desviació segons els nodes virtuals", "Deviation against virtual nodes"),
    /// Deviation chart caption.
    DeviationCaption => (
        "Banda: mínim–màxim de diversos anells amb els mateixos nodes reanomenats; línia: tendència 1/√V; punt: el teu valor actual.",
        "Band: min–max over several rings with the same nodes renamed; line: the 1/√V trend; dot: your current setting.",
    ),
    /// Movement chart title.
    MovementTitle => ("Claus mogudes quan entra un node", "Keys moved when a node joins"),
    /// Movement chart caption.
    MovementCaption => (
        "Per a cada estratègia, la fracció de claus que canvien de node en passar de N a N+1 nodes, davant del mínim ideal 1/(N+1).",
        "For each strategy, the fraction of keys that change node going from N to N+1 nodes, against the ideal minimum 1/(N+1).",
    ),
    /// The data behind a chart.
    ChartData => ("Dades del gràfic", "Chart data"),
    /// A sweep is running.
    Computing => ("Calculant…", "Computing…"),
    /// Table header: trials min.
    Min => ("mín.", "min"),
    /// Table header: median.
    Median => ("mediana", "median"),
    /// Table header: max.
    Max => ("màx.", "max"),
    /// Table header: nodes before → after.
    Change => ("Nodes", "Nodes"),
    /// Legend: ideal.
    IdealShort => ("ideal", "ideal"),
    /// Legend: expected by weight.
    ExpectedByWeight => ("esperat pel pes", "expected by weight"),
    /// Legend: trend 1/√V.
    Trend => ("tendència 1/√V", "1/√V trend"),
    /// Legend: current setting.
    Current => ("valor actual", "current setting"),
    /// Legend: min–max band.
    Band => ("mín.–màx.", "min–max"),
    /// Axis: vnodes per node.
    AxisVnodes => ("nodes virtuals per node", "virtual nodes per node"),
    /// Axis: deviation %.
    AxisDeviation => ("desviació (%)", "deviation (%)"),
    /// Axis: keys.
    AxisKeys => ("claus", "keys"),
    /// Axis: nodes before the join.
    AxisNodes => ("nodes abans del canvi (N)", "nodes before the change (N)"),
    /// Axis: % keys moved.
    AxisMoved => ("claus mogudes (%)", "keys moved (%)"),
    /// Dismiss a notice.
    Dismiss => ("D'acord", "Dismiss"),
    /// Loading message.
    Loading => ("Carregant Partlab…", "Loading Partlab…"),
    /// Crash message prefix.
    Crashed => (
        "Partlab ha trobat un error intern i s'ha aturat. Torna a carregar la pàgina; si es repeteix, copia aquest missatge:",
        "Partlab hit an internal error and stopped. Reload the page; if it happens again, copy this message:",
    ),
    /// Skip link / footer note on computation.
    Footer => (
        "Tot es calcula al teu navegador amb Rust compilat a WebAssembly; l'adreça de la pàgina guarda l'experiment sencer.",
        "Everything is computed in your browser by Rust compiled to WebAssembly; the page's address holds the whole experiment.",
    ),
    /// Open the full lab (from embed mode).
    OpenFull => ("Obre el laboratori sencer", "Open the full lab"),
    /// A looked-up key that is not one of the experiment's keys.
    NotInKeySet => (
        "no és cap de les claus de l'experiment",
        "not one of the experiment's keys",
    ),

    // Compare mode and the replay of a change (`model::compare`, `src/hashing/compare.rs`).
    /// The toggle that turns compare mode on (A = the experiment on screen) or off.
    CmpToggle => ("Compara de costat (A i B)", "Compare side by side (A and B)", "Comparar lado a lado (A y B)"),
    /// Compare mode's panel heading.
    CmpTitle => ("Comparació: A fixada, B actual", "Compare: A pinned, B current", "Comparación: A fijada, B actual"),
    /// What compare mode shows.
    CmpIntro => (
        "A és la configuració que has fixat i no canvia; B és la que vas canviant. Les claus mogudes es compten d'A a B.",
        "A is the configuration you pinned and it stays as it is; B is the one you keep changing. Keys moved are counted from A to B.",
        "A es la configuración que has fijado y no cambia; B es la que vas cambiando. Las claves movidas se cuentan de A a B.",
    ),
    /// Side A's heading.
    CmpSideA => ("A (fixada)", "A (pinned)", "A (fijada)"),
    /// Side B's heading.
    CmpSideB => ("B (actual)", "B (current)", "B (actual)"),
    /// The before/after bars' heading.
    CmpBars => ("Claus per node, A i B", "Keys per node, A and B", "Claves por nodo, A y B"),
    /// The change of a node's keys from A to B (a column).
    CmpChange => ("Canvi", "Change", "Cambio"),
    /// The A → B movement's heading.
    CmpMove => ("D'A a B", "From A to B", "De A a B"),
    /// The replay's heading.
    ReplayTitle => ("Repetició del canvi, pas a pas", "Replay of the change, step by step", "Repetición del cambio, paso a paso"),
    /// The replay's "previous step" button.
    ReplayPrev => ("Pas anterior", "Previous step", "Paso anterior"),
    /// The replay's "next step" button.
    ReplayNext => ("Pas següent", "Next step", "Paso siguiente"),
    /// The replay's play button.
    ReplayPlay => ("Reprodueix", "Play", "Reproducir"),
    /// The replay's pause button.
    ReplayPause => ("Atura", "Pause", "Pausa"),
    /// How to drive the replay from the keyboard.
    ReplayKeys => (
        "Amb el focus a la repetició: ← i → fan un pas, Inici i Fi van al principi i al final, P reprodueix o atura.",
        "With the focus on the replay: ← and → take a step, Home and End go to the start and the end, P plays or pauses.",
        "Con el foco en la repetición: ← y → dan un paso, Inicio y Fin van al principio y al final, P reproduce o detiene.",
    ),
    /// Replay step 1.
    ReplayBefore => ("Pas 1 de 3: abans (A)", "Step 1 of 3: before (A)", "Paso 1 de 3: antes (A)"),
    /// Replay step 2 (a count of sample keys follows).
    ReplayMoving => (
        "Pas 2 de 3: les claus que canvien de node hi viatgen",
        "Step 2 of 3: the keys that change node travel to it",
        "Paso 2 de 3: las claves que cambian de nodo viajan a él",
    ),
    /// Replay step 3.
    ReplayAfter => ("Pas 3 de 3: després (B)", "Step 3 of 3: after (B)", "Paso 3 de 3: después (B)"),
    /// The ring canvases' accessible names in compare mode.
    CmpRingA => ("Anell o repartiment d'A", "A's ring or placement", "Anillo o reparto de A"),
    /// As above, for B.
    CmpRingB => ("Anell o repartiment de B", "B's ring or placement", "Anillo o reparto de B"),
}

/// The text `t` in language `lang`.
pub fn tr(lang: Lang, t: Text) -> &'static str {
    let (ca, en) = t.pair();
    match lang {
        Lang::Ca => ca,
        Lang::En => en,
    }
}

/// One of three inline texts by language: Catalan, English, Spanish. New language-dependent
/// code writes all three (Spanish falls back to English until `Lang` carries it).
pub fn by_lang<'a>(lang: Lang, ca: &'a str, en: &'a str, es: &'a str) -> &'a str {
    let _ = es;
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
        (_, Strategy::Maglev) => "Maglev",
        (Lang::Ca, Strategy::Bounded) => "anell amb càrrega limitada",
        (Lang::En, Strategy::Bounded) => "ring with bounded loads",
        (Lang::Ca, Strategy::MultiProbe) => "multi-sonda (multi-probe)",
        (Lang::En, Strategy::MultiProbe) => "multi-probe",
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
        (Lang::Ca, Strategy::Maglev) => "la casella u64 mòdul M de la taula de Maglev, omplerta amb la permutació de cada node",
        (Lang::En, Strategy::Maglev) => "entry u64 mod M of Maglev's table, filled from each node's permutation",
        (Lang::Ca, Strategy::Bounded) => "el primer node virtual en sentit horari el node del qual no és ple (capacitat ⌈c · claus / N⌉)",
        (Lang::En, Strategy::Bounded) => "the first virtual node clockwise whose node is not full (capacity ⌈c · keys / N⌉)",
        (Lang::Ca, Strategy::MultiProbe) => "el punt de node més proper en sentit horari d'entre les k sondes de la clau",
        (Lang::En, Strategy::MultiProbe) => "the node point closest clockwise over the key's k probes",
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

/// The label of a lesson preset button, worded from what the scenario shows.
pub fn preset_label(lang: Lang, s: &Scenario) -> String {
    let ca = lang == Lang::Ca;
    match s.kind {
        ScenarioKind::ModuloResize { from, to } => pick(
            ca,
            format!("Hash mòdul N: de {from} a {to} nodes"),
            format!("Hash mod N: {from} → {to} nodes"),
        ),
        ScenarioKind::RingVnodes { vnodes: 1 } => {
            pick(ca, "Anell, 1 node virtual", "Ring, 1 virtual node")
        }
        ScenarioKind::RingVnodes { vnodes } => pick(
            ca,
            format!("Anell, {vnodes} nodes virtuals"),
            format!("Ring, {vnodes} virtual nodes"),
        ),
        ScenarioKind::NodeJoins { strategy } => pick(
            ca,
            format!("{}: entra {JOINING_NODE}", strategy_short(lang, strategy)),
            format!("{}: {JOINING_NODE} joins", strategy_short(lang, strategy)),
        ),
        ScenarioKind::NodeLeaves => pick(
            ca,
            format!("Anell: surt {LEAVING_NODE}"),
            format!("Ring: {LEAVING_NODE} leaves"),
        ),
        ScenarioKind::WeightedRing => pick(
            ca,
            format!("Anell amb pesos ({})", part_name(lang, s.section)),
            format!("Weighted ring ({})", part_name(lang, s.section)),
        ),
        ScenarioKind::Resize {
            strategy,
            from,
            to,
            replicas,
        } => {
            let copies = match (ca, replicas) {
                (_, 1) => String::new(),
                (true, r) => format!(", {r} rèpliques"),
                (false, r) => format!(", {r} replicas"),
            };
            format!(
                "{}{copies}: {from} → {to} nodes ({})",
                strategy_short(lang, strategy),
                part_name(lang, s.section)
            )
        }
    }
}

/// A strategy's name at the start of a preset label ("Ring", "Rendezvous").
fn strategy_short(lang: Lang, s: Strategy) -> &'static str {
    match (lang, s) {
        (Lang::Ca, Strategy::Modulo) => "Hash mòdul N",
        (Lang::En, Strategy::Modulo) => "Hash mod N",
        (Lang::Ca, Strategy::Ring) => "Anell",
        (Lang::En, Strategy::Ring) => "Ring",
        (_, Strategy::Rendezvous) => "Rendezvous",
        (_, Strategy::Jump) => "Jump hash",
        (_, Strategy::Maglev) => "Maglev",
        (Lang::Ca, Strategy::Bounded) => "Càrrega limitada",
        (Lang::En, Strategy::Bounded) => "Bounded loads",
        (Lang::Ca, Strategy::MultiProbe) => "Multi-sonda",
        (Lang::En, Strategy::MultiProbe) => "Multi-probe",
    }
}

/// "secció 6", "exercise 1": a part of the lesson by its number.
pub fn part_name(lang: Lang, part: LessonPart) -> String {
    match (lang, part) {
        (Lang::Ca, LessonPart::Section(n)) => format!("secció {n}"),
        (Lang::En, LessonPart::Section(n)) => format!("section {n}"),
        (Lang::Ca, LessonPart::Exercise(n)) => format!("exercici {n}"),
        (Lang::En, LessonPart::Exercise(n)) => format!("exercise {n}"),
    }
}

/// The number a table of contents shows for a part: `5`, `Ex. 1`.
pub fn part_number(lang: Lang, part: LessonPart) -> String {
    match (lang, part) {
        (_, LessonPart::Section(n)) => format!("{n}."),
        (Lang::Ca, LessonPart::Exercise(n)) => format!("Ex. {n}."),
        (Lang::En, LessonPart::Exercise(n)) => format!("Ex. {n}."),
    }
}

/// What a part of the lesson is about, as a table of contents names it.
pub fn part_title(lang: Lang, part: LessonPart) -> &'static str {
    let (ca, en) = match part {
        LessonPart::Section(1) => ("Particions i rèpliques", "Partitions and replicas"),
        LessonPart::Section(2) => (
            "Particionament per rangs i punts calents",
            "Range partitioning and hot spots",
        ),
        LessonPart::Section(3) => (
            "Particionament per hash i claus compostes",
            "Hash partitioning and compound keys",
        ),
        LessonPart::Section(4) => (
            "Índexs secundaris locals i globals",
            "Local and global secondary indexes",
        ),
        LessonPart::Section(5) => (
            "Hash mòdul N: gairebé tot es mou",
            "Hash mod N: nearly everything moves",
        ),
        LessonPart::Section(6) => ("L'anell amb nodes virtuals", "The ring with virtual nodes"),
        LessonPart::Section(7) => ("Hashing de rendezvous (HRW)", "Rendezvous (HRW) hashing"),
        LessonPart::Section(8) => ("Rebalancejar particions", "Rebalancing partitions"),
        LessonPart::Section(9) => (
            "Encaminar peticions i descobrir particions",
            "Request routing and partition discovery",
        ),
        LessonPart::Section(10) => ("Triar les claus de KM0", "Choosing KM0's partition keys"),
        LessonPart::Exercise(1) => ("Un anell amb pesos", "A weighted ring"),
        LessonPart::Exercise(2) => (
            "Les posicions de les furgonetes",
            "Delivery vans' positions",
        ),
        LessonPart::Exercise(3) => (
            "Rendezvous amb tres rèpliques",
            "Rendezvous with three replicas",
        ),
        LessonPart::Section(_) | LessonPart::Exercise(_) => ("", ""),
    };
    match lang {
        Lang::Ca => ca,
        Lang::En => en,
    }
}

/// A chapter's heading.
pub fn chapter_title(lang: Lang, c: ChapterId) -> String {
    match c {
        ChapterId::Compare => return tr(lang, Text::CompareTitle).to_owned(),
        ChapterId::HotKeys => return tr(lang, Text::HotKeysTitle).to_owned(),
        _ => {}
    }
    match c.parts().first() {
        Some(&main) => format!("{} {}", part_number(lang, main), part_title(lang, main)),
        None => tr(lang, Text::TeachersTitle).to_owned(),
    }
}

/// A chapter's tab label in the chapter bar (short).
pub fn chapter_tab(lang: Lang, c: ChapterId) -> &'static str {
    match (lang, c) {
        (Lang::Ca, ChapterId::ModN) => "5 · Mòdul N",
        (Lang::En, ChapterId::ModN) => "5 · Mod N",
        (Lang::Ca, ChapterId::Ring) => "6 · Anell",
        (Lang::En, ChapterId::Ring) => "6 · Ring",
        (_, ChapterId::Rendezvous) => "7 · Rendezvous",
        (Lang::Ca, ChapterId::Teachers) => "Per a docents",
        (Lang::En, ChapterId::Teachers) => "For teachers",
        (
            _,
            ChapterId::Replication
            | ChapterId::Ranges
            | ChapterId::HashKeys
            | ChapterId::Indexes
            | ChapterId::ChoosingKeys
            | ChapterId::Compare
            | ChapterId::HotKeys
            | ChapterId::Rebalancing
            | ChapterId::Routing,
        ) => crate::study::text::chapter_tab(lang, c),
    }
}

/// The paragraph that opens a chapter: what to try, in the lesson's terms.
pub fn chapter_intro(lang: Lang, c: ChapterId) -> &'static str {
    let (ca, en) = match c {
        ChapterId::Replication
        | ChapterId::Ranges
        | ChapterId::HashKeys
        | ChapterId::Indexes
        | ChapterId::ChoosingKeys
        | ChapterId::Compare
        | ChapterId::HotKeys
        | ChapterId::Rebalancing
        | ChapterId::Routing => return crate::study::text::chapter_intro(lang, c),
        ChapterId::ModN => (
            "Amb hash mòdul N, el node d'una clau és el seu hash mòdul el nombre de nodes. Afegeix o treu un node i mira quantes claus canvien de lloc: gairebé totes, lluny del mínim ideal 1/(N+1).",
            "With hash mod N, a key's node is its hash modulo the number of nodes. Add or remove a node and watch how many keys change place: nearly all of them, far from the ideal minimum 1/(N+1).",
        ),
        ChapterId::Ring => (
            "A l'anell, cada node ocupa molts punts (nodes virtuals) i cada clau va al primer punt en sentit horari. Mou el control de nodes virtuals i mira com baixa la desviació; afegeix inv-tar i mira que només es mou la part que li toca. L'exercici 1 dona pes 2 a inv-bcn.",
            "On the ring, each node takes many points (virtual nodes) and each key goes to the first point clockwise. Move the virtual-nodes slider and watch the deviation fall; add inv-tar and see that only its share moves. Exercise 1 gives inv-bcn weight 2.",
        ),
        ChapterId::Teachers => (
            "Tot el que cal per preparar una classe: cada experiment de la lliçó, cada vista que es pot incrustar i cada camp de l'adreça, generats de les mateixes taules que fa servir el laboratori. El botó «Comparteix o incrusta» de cada capítol en fa l'enllaç i el codi.",
            "Everything needed to prepare a class: every lesson experiment, every view that can be embedded and every field of the address, generated from the same tables the lab uses. The \"Share or embed\" button of every chapter makes the link and the code.",
        ),
        ChapterId::Rendezvous => (
            "Amb rendezvous, cada node puntua cada clau amb hash(\"node|clau\") i guanya la puntuació més alta; les rèpliques són les següents millors. No hi ha anell ni nodes virtuals. L'exercici 3 hi posa tres rèpliques i passa de 5 a 6 nodes; també hi pots provar jump hash.",
            "With rendezvous, every node scores every key with hash(\"node|key\") and the highest score wins; replicas are the next best. There is no ring and no virtual nodes. Exercise 3 keeps three replicas and goes from 5 to 6 nodes; jump hash is here too.",
        ),
    };
    match lang {
        Lang::Ca => ca,
        Lang::En => en,
    }
}

/// What an address field means and which values it takes, for the teachers' page.
pub fn field_help(lang: Lang, f: Field) -> (&'static str, &'static str) {
    let (ca, en) = match f {
        Field::Chapter => (
            ("El capítol.", "mod-n, ring, rendezvous, teachers; sol (amb l=), obre el capítol tal com el vas deixar"),
            ("The chapter.", "mod-n, ring, rendezvous, teachers; alone (with l=), opens the chapter as you left it"),
        ),
        Field::Links => (
            ("Amaga els enllaços que surten d'un marc incrustat.", "off (o on)"),
            ("Hides the links that leave an embedding frame.", "off (or on)"),
        ),
        Field::Projector => (
            (
                "Mode projector: text i marques més grans, línies més gruixudes i colors amb un contrast de 3:1 com a mínim.",
                "on (o off)",
            ),
            (
                "Projector mode: larger text and marks, thicker lines, and colours with at least 3:1 contrast.",
                "on (or off)",
            ),
        ),
        Field::Strategy => (
            ("L'estratègia de repartiment.", "modulo, ring, rendezvous, jump, maglev, bounded, multiprobe"),
            ("The partitioning strategy.", "modulo, ring, rendezvous, jump, maglev, bounded, multiprobe"),
        ),
        Field::TableSize => (
            ("La mida de la taula de Maglev (s=maglev).", "un nombre primer, com a mínim el nombre de nodes; 65537 si no s'indica"),
            ("Maglev's table size (s=maglev).", "a prime, at least the node count; 65537 when left out"),
        ),
        Field::LoadFactor => (
            ("El factor de càrrega c de l'anell amb càrrega limitada (s=bounded): cap node no passa de ⌈c · claus / N⌉.", "1 a 16; 1.25 si no s'indica"),
            ("Bounded loads' factor c (s=bounded): no node holds more than ⌈c · keys / N⌉.", "1 to 16; 1.25 when left out"),
        ),
        Field::Probes => (
            ("Les sondes per clau de multi-sonda (s=multiprobe).", "1 a 64; 21 si no s'indica"),
            ("Multi-probe's probes per key (s=multiprobe).", "1 to 64; 21 when left out"),
        ),
        Field::Nodes => (
            ("Els noms dels nodes, separats per comes (codificats per a URL).", "1–32 noms únics"),
            ("The node names, comma-separated (URL-encoded).", "1–32 unique names"),
        ),
        Field::Weights => (
            ("Els pesos, en l'ordre dels noms (s'omet si tots són 1).", "0,1–5 cadascun"),
            ("The weights, in the names' order (left out when all are 1).", "0.1–5 each"),
        ),
        Field::Vnodes => (
            ("Nodes virtuals per node de pes 1 (només l'anell).", "1–1000"),
            ("Virtual nodes per node of weight 1 (the ring only).", "1–1000"),
        ),
        Field::Keys => (
            ("Quantes claus de la lliçó (P-2026-000001 …).", "1000–1000000"),
            ("How many of the lesson's keys (P-2026-000001 …).", "1000–1000000"),
        ),
        Field::Replicas => (
            ("Còpies de cada clau (factor de replicació).", "1 – el nombre de nodes"),
            ("Copies of each key (replication factor).", "1 – the number of nodes"),
        ),
        Field::Lang => (("L'idioma.", "ca, en"), ("The language.", "ca, en")),
        Field::Preset => (
            ("Un experiment de la lliçó; sol, posa el laboratori en el seu estat.", "vegeu la taula d'experiments"),
            ("A lesson experiment; alone, it puts the lab in its state.", "see the table of experiments"),
        ),
        Field::Key => (
            ("La clau de la qual es mostra el camí.", "qualsevol text, fins a 256 caràcters"),
            ("The key whose path is shown.", "any text, up to 256 characters"),
        ),
        Field::Embed => (
            ("Mostra només aquesta vista, per incrustar-la.", "vegeu la taula de vistes"),
            ("Shows this view alone, for embedding.", "see the table of views"),
        ),
        Field::Compare => (
            ("Mode de comparació: la configuració fixada (A) que es mostra al costat de l'actual (B).", "els camps s, n, w, v, r, m, lf, probes com s:ring;n:inv-bcn,inv-vlc;v:150"),
            ("Compare mode: the pinned configuration (A) shown beside the current one (B).", "the fields s, n, w, v, r, m, lf, probes as s:ring;n:inv-bcn,inv-vlc;v:150"),
        ),
    };
    match lang {
        Lang::Ca => ca,
        Lang::En => en,
    }
}

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
    let ca = lang == Lang::Ca;
    let mut out = Vec::new();
    let had = |name: &str| from.nodes.iter().find(|n| n.name == name);
    let has = |name: &str| now.nodes.iter().any(|n| n.name == name);
    for n in now.nodes.iter().filter(|n| had(&n.name).is_none()) {
        out.push(pick(
            ca,
            format!("{} ha entrat", n.name),
            format!("{} joined", n.name),
        ));
    }
    for n in from.nodes.iter().filter(|n| !has(&n.name)) {
        out.push(pick(
            ca,
            format!("{} ha sortit", n.name),
            format!("{} left", n.name),
        ));
    }
    for n in &now.nodes {
        if let Some(old) = had(&n.name).filter(|o| o.weight != n.weight) {
            out.push(pick(
                ca,
                format!(
                    "pes del node {} {} → {}",
                    n.name,
                    fmt_num(lang, old.weight),
                    fmt_num(lang, n.weight)
                ),
                format!(
                    "weight of node {} {} → {}",
                    n.name,
                    fmt_num(lang, old.weight),
                    fmt_num(lang, n.weight)
                ),
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
            tr(lang, Text::Replicas).to_lowercase(),
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
    let ca = lang == Lang::Ca;
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
                pick(
                    ca,
                    format!("Ara: {v} nodes virtuals, desviació {dev}."),
                    format!("Now: {v} virtual nodes, deviation {dev}."),
                )
            } else {
                let s = strategy_name(lang, c.strategy);
                pick(
                    ca,
                    format!("Ara: {s}, sense nodes virtuals, desviació {dev}."),
                    format!("Now: {s}, no virtual nodes, deviation {dev}."),
                )
            })
        }
        View::Figures | View::Movement => None,
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
        pick(
            lang == Lang::Ca,
            format!("les primeres {u} de les {t} claus"),
            format!("the first {u} of the {t} keys"),
        )
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
    let ca = lang == Lang::Ca;
    let d = lab.distribution().deviation_pct;
    let deviation = match deviation_before {
        Some(b) if fmt_pct(lang, b, 1) != fmt_pct(lang, d, 1) => {
            format!("{} → {}", fmt_pct(lang, b, 1), fmt_pct(lang, d, 1))
        }
        _ => fmt_pct(lang, d, 1),
    };
    let deviation = pick(
        ca,
        format!("desviació {deviation}"),
        format!("deviation {deviation}"),
    );
    let (Some(m), Some(from)) = (lab.movement(), lab.moved_from()) else {
        let st = lab.state();
        return pick(
            ca,
            format!(
                "{} claus en {}; {deviation}.",
                fmt_int(lang, u64::from(st.key_count)),
                count_nodes(lang, st.nodes.len())
            ),
            format!(
                "{} keys on {}; {deviation}.",
                fmt_int(lang, u64::from(st.key_count)),
                count_nodes(lang, st.nodes.len())
            ),
        );
    };
    let mut what = what_changed(lang, from, lab.config()).join(", ");
    if what.is_empty() {
        what = tr(lang, Text::NodesRenamed).to_owned();
    }
    let moved = fmt_fraction(lang, m.moved_fraction);
    let target = match m.flow.first() {
        Some(f) if m.moved > 0 && m.flow.iter().all(|g| g.to == f.to) => pick(
            ca,
            format!(", totes cap a {}", f.to),
            format!(", all to {}", f.to),
        ),
        _ => String::new(),
    };
    pick(
        ca,
        format!("{what}: s'han mogut el {moved} de les claus{target}; {deviation}."),
        format!("{what}: {moved} of the keys moved{target}; {deviation}."),
    )
}

/// A notice's text.
pub fn notice(lang: Lang, n: &Notice) -> String {
    let ca = lang == Lang::Ca;
    match n {
        Notice::Fragment(issue) => fragment_issue(lang, issue),
        Notice::Rejected(e) => pick(
            ca,
            format!("{} Es manté l'últim estat vàlid.", state_error(lang, e)),
            format!("{} The last valid state is kept.", state_error(lang, e)),
        ),
        Notice::EmptyKey => pick(
            ca,
            "Escriu una clau per seguir-ne el camí.",
            "Type a key to follow its path.",
        ),
        Notice::KeyTooLong => pick(
            ca,
            format!("La clau és massa llarga: com a màxim {MAX_SELECTED_KEY_CHARS} caràcters."),
            format!("That key is too long: at most {MAX_SELECTED_KEY_CHARS} characters."),
        ),
        Notice::UnknownPreset => pick(
            ca,
            "Aquest experiment no existeix.",
            "There is no such experiment.",
        ),
        Notice::NodeListFull => pick(
            ca,
            format!("Ja hi ha {MAX_LAB_NODES} nodes, el màxim del laboratori."),
            format!("There are already {MAX_LAB_NODES} nodes, the lab's maximum."),
        ),
        Notice::ReplicasLowered { wanted, now } => pick(
            ca,
            format!("El factor de replicació és {now} i no {wanted}: amb {} no hi caben més còpies. Tornarà a {wanted} quan hi hagi prou nodes, si no el canvies.", count_nodes(lang, *now as usize)),
            format!("The replication factor is {now}, not {wanted}: {} hold no more copies. It goes back to {wanted} when there are enough nodes, unless you change it.", count_nodes(lang, *now as usize)),
        ),
        Notice::ReplicasRestored { replicas } => pick(
            ca,
            format!("Tornen a haver-hi prou nodes: el factor de replicació torna a ser {replicas}, com l'havies posat."),
            format!("There are enough nodes again: the replication factor is back to {replicas}, as you set it."),
        ),
        Notice::PresetHeld { preset } => {
            let label = partlab_core::lesson::scenario(preset)
                .map(|s| preset_label(lang, s))
                .unwrap_or_else(|| shown(preset));
            pick(
                ca,
                format!("S'ha desat el nom que escrivies i no s'ha aplicat «{label}», que l'hauria substituït. Tria'l un altre cop per aplicar-lo."),
                format!("The name you were typing was saved and \"{label}\", which would have replaced it, was not applied. Choose it again to apply it."),
            )
        }
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

/// What a valid value of field `f` looks like (the "why" of a refused value).
fn field_rule(lang: Lang, f: Field) -> String {
    let ca = lang == Lang::Ca;
    match f {
        Field::Strategy => pick(
            ca,
            "ha de ser modulo, ring, rendezvous, jump, maglev, bounded o multiprobe",
            "it must be modulo, ring, rendezvous, jump, maglev, bounded or multiprobe",
        ),
        Field::TableSize => pick(
            ca,
            "ha de ser un nombre primer de 2 a 2.000.003",
            "it must be a prime from 2 to 2,000,003",
        ),
        Field::LoadFactor => pick(ca, "ha de ser un nombre d'1 a 16", "it must be a number from 1 to 16"),
        Field::Probes => pick(ca, "ha de ser un nombre d'1 a 64", "it must be a number from 1 to 64"),
        Field::Nodes => pick(
            ca,
            format!("han de ser d'1 a {MAX_LAB_NODES} noms separats per comes"),
            format!("it must be 1 to {MAX_LAB_NODES} comma-separated names"),
        ),
        Field::Weights => pick(
            ca,
            format!(
                "cal un pes per node, cadascun entre {} i {}",
                fmt_num(lang, MIN_WEIGHT),
                fmt_num(lang, MAX_LAB_WEIGHT)
            ),
            format!(
                "it needs one weight per node, each from {} to {}",
                fmt_num(lang, MIN_WEIGHT),
                fmt_num(lang, MAX_LAB_WEIGHT)
            ),
        ),
        Field::Vnodes => pick(
            ca,
            format!("ha de ser un nombre enter d'1 a {MAX_LAB_VNODES}"),
            format!("it must be a whole number from 1 to {MAX_LAB_VNODES}"),
        ),
        Field::Keys => pick(
            ca,
            format!("ha de ser un nombre enter de {MIN_KEYS} a {MAX_LAB_KEYS}"),
            format!("it must be a whole number from {MIN_KEYS} to {MAX_LAB_KEYS}"),
        ),
        Field::Replicas => pick(
            ca,
            "ha de ser un nombre enter d'1 al nombre de nodes",
            "it must be a whole number from 1 to the number of nodes",
        ),
        Field::Lang => pick(ca, "ha de ser ca o en", "it must be ca or en"),
        Field::Preset => pick(
            ca,
            "ha de ser un experiment de la lliçó, com ring-150",
            "it must be one of the lesson's experiments, such as ring-150",
        ),
        Field::Key => pick(
            ca,
            format!("ha de ser text sense caràcters de control, d'1 a {MAX_SELECTED_KEY_CHARS} caràcters"),
            format!("it must be text without control characters, 1 to {MAX_SELECTED_KEY_CHARS} characters"),
        ),
        Field::Embed => pick(
            ca,
            "ha de ser ring, figures, bars, deviation o movement",
            "it must be ring, figures, bars, deviation or movement",
        ),
        Field::Chapter => pick(
            ca,
            "ha de ser mod-n, ring, rendezvous o teachers",
            "it must be mod-n, ring, rendezvous or teachers",
        ),
        Field::Links => pick(ca, "ha de ser off o on", "it must be off or on"),
        Field::Projector => pick(ca, "ha de ser on o off", "it must be on or off"),
        Field::Compare => pick(
            ca,
            "ha de ser una configuració vàlida, com s:ring;n:inv-bcn,inv-vlc;v:150",
            "it must be a valid configuration, such as s:ring;n:inv-bcn,inv-vlc;v:150",
        ),
    }
}

/// What the page used instead of a field it dropped.
fn fallback(lang: Lang, f: Field) -> &'static str {
    let (ca, en) = match f {
        Field::Nodes => (
            "es mostren els nodes per defecte",
            "the default nodes are shown",
        ),
        Field::Weights => ("tots els pesos són 1", "every weight is 1"),
        Field::Preset | Field::Key | Field::Embed => ("s'ha ignorat", "it was ignored"),
        Field::Chapter => (
            "es mostra el capítol que correspon a la resta de l'adreça",
            "the chapter for the rest of the address is shown",
        ),
        _ => (
            "s'ha fet servir el valor per defecte",
            "the default was used",
        ),
    };
    match lang {
        Lang::Ca => ca,
        Lang::En => en,
    }
}

fn field_name(lang: Lang, f: Field) -> String {
    let (ca, en) = match f {
        Field::Strategy => ("estratègia", "strategy"),
        Field::TableSize => ("mida de la taula de Maglev", "Maglev's table size"),
        Field::LoadFactor => ("factor de càrrega", "load factor"),
        Field::Probes => ("sondes per clau", "probes per key"),
        Field::Nodes => ("noms dels nodes", "node names"),
        Field::Weights => ("pesos", "weights"),
        Field::Vnodes => ("nodes virtuals", "virtual nodes"),
        Field::Keys => ("nombre de claus", "key count"),
        Field::Replicas => ("factor de replicació", "replication factor"),
        Field::Lang => ("idioma", "language"),
        Field::Preset => ("experiment de la lliçó", "lesson experiment"),
        Field::Key => ("clau seleccionada", "selected key"),
        Field::Embed => ("vista incrustada", "embedded view"),
        Field::Chapter => ("capítol", "chapter"),
        Field::Links => (
            "enllaços que surten de la pàgina",
            "links that leave the page",
        ),
        Field::Projector => ("mode projector", "projector mode"),
        Field::Compare => (
            "configuració A del mode de comparació",
            "compare mode's configuration A",
        ),
    };
    match lang {
        Lang::Ca => format!("el camp «{}» ({ca})", f.name()),
        Lang::En => format!("the field \"{}\" ({en})", f.name()),
    }
}

/// User text quoted in a message, with every character that could hide or reorder the text
/// around it written out: control characters as Rust writes them (`\n`, `\u{1b}`) and the
/// invisible formatting characters of [`is_hidden_char`] as `\u{202e}`. A name with U+202E
/// would otherwise reverse the rest of its own notice.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else if is_hidden_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// A message for a core configuration error, in the words of a student's lab (the CLI prints
/// the English one too). Names are quoted through [`shown`].
pub fn config_error(lang: Lang, e: &ConfigError) -> String {
    let ca = lang == Lang::Ca;
    match e {
        ConfigError::NoNodes => pick(
            ca,
            "Cal almenys un node: les claus han d'anar a algun lloc.",
            "Add at least one node: keys need somewhere to go.",
        ),
        ConfigError::TooManyNodes { count, max } => pick(
            ca,
            format!("{count} nodes són massa; el màxim és {max}."),
            format!("{count} nodes is more than this lab handles; use at most {max}."),
        ),
        ConfigError::EmptyNodeName { position } => pick(
            ca,
            format!("El node {position} no té nom; tots els nodes en necessiten un."),
            format!("Node {position} has no name; every node needs one."),
        ),
        ConfigError::DuplicateNodeName { name } => {
            let name = shown(name);
            pick(
                ca,
                format!("Hi ha dos nodes que es diuen «{name}»; els noms han de ser únics perquè el nom és el que es hasheja."),
                format!("Two nodes are called \"{name}\"; names must be unique because the name is what gets hashed."),
            )
        }
        ConfigError::NodeNameTooLong { name, chars, max } => {
            let name = shown(name);
            pick(
                ca,
                format!("El nom «{name}» té {chars} caràcters; com a màxim {max} (compten els caràcters Unicode: «é» o «☕» és un)."),
                format!("The node name \"{name}\" has {chars} characters; use at most {max} (counted in Unicode characters: \"é\" or \"☕\" is one)."),
            )
        }
        ConfigError::NodeNameControlChar { name } => {
            let name = shown(name);
            pick(
                ca,
                format!("El nom «{name}» conté un caràcter de control (com un salt de línia)."),
                format!("The node name \"{name}\" contains a control character (such as a line break)."),
            )
        }
        ConfigError::NodeNameHiddenChar { name, code } => {
            let name = shown(name);
            pick(
                ca,
                format!("El nom «{name}» conté un caràcter invisible (U+{code:04X}, d'amplada zero o de direcció del text); esborra'l: dos noms que semblen iguals es repartirien diferent."),
                format!("The node name \"{name}\" contains an invisible character (U+{code:04X}, zero-width or text direction); remove it: two names that look the same would hash apart."),
            )
        }
        ConfigError::InvalidWeight {
            node,
            weight,
            min,
            max,
        } => {
            let node = shown(node);
            pick(
                ca,
                format!("El node «{node}» té pes {weight}; el pes ha de ser un nombre entre {} i {}.", fmt_num(lang, *min), fmt_num(lang, *max)),
                format!("Node \"{node}\" has weight {weight}; a weight must be a number from {} to {}.", fmt_num(lang, *min), fmt_num(lang, *max)),
            )
        }
        ConfigError::VnodesOutOfRange { vnodes, max } => pick(
            ca,
            format!("{vnodes} nodes virtuals per node queda fora de límits; tria entre 1 i {max}."),
            format!("{vnodes} virtual nodes per node is out of range; choose between 1 and {max}."),
        ),
        ConfigError::TooManyVnodesForNode { node, vnodes, max } => {
            let node = shown(node);
            pick(
                ca,
                format!("El node «{node}» tindria {vnodes} nodes virtuals (nodes virtuals × pes); el límit és {max} per node."),
                format!("Node \"{node}\" would get {vnodes} virtual nodes (vnodes × weight); the limit is {max} per node."),
            )
        }
        ConfigError::TooManyRingPoints { points, max } => pick(
            ca,
            format!("L'anell tindria {points} nodes virtuals en total; el límit és {max}: fes servir menys nodes virtuals o menys nodes."),
            format!("The ring would have {points} virtual nodes in total; the limit is {max}: use fewer vnodes or nodes."),
        ),
        ConfigError::ReplicasOutOfRange { replicas, nodes } => pick(
            ca,
            format!("Un factor de replicació de {replicas} no hi cap amb {}: cada còpia necessita un node diferent; tria entre 1 i {nodes}.", count_nodes(lang, *nodes)),
            format!("A replication factor of {replicas} does not fit {}: each copy needs a different node, so choose between 1 and {nodes}.", count_nodes(lang, *nodes)),
        ),
        ConfigError::KeyCountOutOfRange { count, max } => pick(
            ca,
            format!("{count} claus queda fora de límits; tria entre 1 i {max}."),
            format!("{count} keys is out of range; choose between 1 and {max}."),
        ),
        ConfigError::KeyTooLong { position, max } => pick(
            ca,
            format!("La clau {position} té més de {max} caràcters."),
            format!("Key {position} is longer than {max} characters."),
        ),
        ConfigError::UnknownStrategy { given } => {
            let given = shown(given);
            pick(
                ca,
                format!("No hi ha cap estratègia «{given}»; tria modulo, ring, rendezvous, jump, maglev, bounded o multiprobe."),
                format!("Unknown strategy \"{given}\"; choose modulo, ring, rendezvous, jump, maglev, bounded or multiprobe."),
            )
        }
        ConfigError::OverBudget(b) => over_budget(lang, b),
        ConfigError::TableSizeNotPrime { size } => pick(
            ca,
            format!("La mida de la taula de Maglev ha de ser un nombre primer, i {size} no ho és (65.537 o 655.373, per exemple)."),
            format!("Maglev's table size must be a prime, and {size} is not (65,537 or 655,373, for example)."),
        ),
        ConfigError::TableSizeOutOfRange { size, min, max } => pick(
            ca,
            format!("La taula de Maglev de {size} caselles no és possible: ha de tenir entre {min} (una per node) i {max} caselles."),
            format!("A Maglev table of {size} entries is not possible: it needs {min} (one per node) to {max} entries."),
        ),
        ConfigError::LoadFactorOutOfRange { factor, min, max } => pick(
            ca,
            format!("El factor de càrrega c = {} ha de ser entre {} i {}.", fmt_num(lang, *factor), fmt_num(lang, *min), fmt_num(lang, *max)),
            format!("The load factor c = {} must be from {} to {}.", fmt_num(lang, *factor), fmt_num(lang, *min), fmt_num(lang, *max)),
        ),
        ConfigError::ProbesOutOfRange { probes, min, max } => pick(
            ca,
            format!("{probes} sondes per clau no és possible: entre {min} i {max}."),
            format!("{probes} probes per key is not possible: from {min} to {max}."),
        ),
    }
}

/// A limit such as a weight, without trailing zeros: `0.1`, `1000`, in Catalan `0,1`.
fn fmt_num(lang: Lang, x: f64) -> String {
    let s = crate::state::format_weight(x);
    match lang {
        Lang::Ca => s.replace('.', ","),
        Lang::En => s,
    }
}

/// `n` nodes, with the singular for one.
pub fn count_nodes(lang: Lang, n: usize) -> String {
    // "node" / "nodes" is the same word in both languages.
    let _ = lang;
    if n == 1 {
        "1 node".to_owned()
    } else {
        format!("{n} nodes")
    }
}

/// The Catalan or the English text.
fn pick(ca: bool, ca_text: impl Into<String>, en_text: impl Into<String>) -> String {
    if ca {
        ca_text.into()
    } else {
        en_text.into()
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
            let node = shown(node);
            let (min, max) = (fmt_num(lang, MIN_WEIGHT), fmt_num(lang, MAX_LAB_WEIGHT));
            if ca {
                format!("El pes {weight} del node «{node}» no és vàlid: tria entre {min} i {max}.")
            } else {
                format!("Weight {weight} for node \"{node}\" is not valid: choose between {min} and {max}.")
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
        FragmentIssue::NotUtf8 { field } => pick(
            ca,
            format!(
                "{}: no és text UTF-8 vàlid; {}.",
                field_name(lang, *field),
                fallback(lang, *field)
            ),
            format!(
                "{}: not valid UTF-8 text; {}.",
                field_name(lang, *field),
                fallback(lang, *field)
            ),
        ),
        FragmentIssue::BadValue { field, value } => {
            let value = shown(value);
            pick(
                ca,
                format!(
                    "{}: «{value}» no és vàlid ({}); {}.",
                    field_name(lang, *field),
                    field_rule(lang, *field),
                    fallback(lang, *field)
                ),
                format!(
                    "{}: \"{value}\" is not valid ({}); {}.",
                    field_name(lang, *field),
                    field_rule(lang, *field),
                    fallback(lang, *field)
                ),
            )
        }
        FragmentIssue::Rejected { field, error } => pick(
            ca,
            format!(
                "{}: {} Per això {}.",
                field_name(lang, *field),
                state_error(lang, error),
                fallback(lang, *field)
            ),
            format!(
                "{}: {} So {}.",
                field_name(lang, *field),
                state_error(lang, error),
                fallback(lang, *field)
            ),
        ),
        FragmentIssue::ReplicasClamped { given, nodes } => pick(
            ca,
            format!(
                "{}: {given} còpies no hi caben amb {}; s'ha rebaixat a {nodes}.",
                field_name(lang, Field::Replicas),
                count_nodes(lang, *nodes)
            ),
            format!(
                "{}: {given} copies do not fit {}; it was lowered to {nodes}.",
                field_name(lang, Field::Replicas),
                count_nodes(lang, *nodes)
            ),
        ),
        FragmentIssue::TooManyNodes { count } => pick(
            ca,
            format!("{}: {count} nodes són massa (màxim {MAX_LAB_NODES}); es mostren els nodes per defecte.", field_name(lang, Field::Nodes)),
            format!("{}: {count} nodes are too many (at most {MAX_LAB_NODES}); the default nodes are shown.", field_name(lang, Field::Nodes)),
        ),
        FragmentIssue::WeightsDoNotMatchNodes => pick(
            ca,
            format!("{}: el nombre de pesos no coincideix amb el de nodes; s'han ignorat els pesos.", field_name(lang, Field::Weights)),
            format!("{}: the number of weights does not match the number of nodes; the weights were ignored.", field_name(lang, Field::Weights)),
        ),
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

/// The note shown while a change is computed: what is being done, how far, and what the
/// page shows meanwhile (`ready`: the previous experiment's figures; else nothing yet).
pub fn progress_note(lang: Lang, p: &Progress, ready: bool) -> String {
    let ca = lang == Lang::Ca;
    let keys = fmt_int(lang, p.keys);
    let pct = fmt_pct(lang, (p.fraction() * 100.0).floor(), 0);
    let doing = match p.stage {
        WorkStage::HashKeys => pick(
            ca,
            format!("Calculant el hash de {keys} claus… {pct}"),
            format!("Hashing {keys} keys… {pct}"),
        ),
        WorkStage::Ring => pick(
            ca,
            format!("Col·locant els nodes virtuals a l'anell… {pct}"),
            format!("Placing the virtual nodes on the ring… {pct}"),
        ),
        WorkStage::Assign => pick(
            ca,
            format!("Assignant {keys} claus als nodes… {pct}"),
            format!("Assigning {keys} keys to the nodes… {pct}"),
        ),
        WorkStage::Compare => pick(
            ca,
            format!("Comptant les claus que es mouen… {pct}"),
            format!("Counting the keys that move… {pct}"),
        ),
    };
    let meanwhile = if ready {
        pick(
            ca,
            "Mentrestant, les xifres són les de l'experiment anterior.",
            "Meanwhile the figures are those of the previous experiment.",
        )
    } else {
        pick(
            ca,
            "L'anell, les xifres i els gràfics apareixeran en acabar.",
            "The ring, the figures and the charts appear when it is done.",
        )
    };
    format!("{doing} {meanwhile}")
}

/// A request over the work budget: what it asks for, the limit and the ways round it.
pub fn over_budget(lang: Lang, b: &OverBudget) -> String {
    let ca = lang == Lang::Ca;
    let n = |x: u64| fmt_int(lang, x);
    let (work, max) = (n(b.work()), n(b.max()));
    let keys = b.max_keys().map(n);
    let other = b.max_other();
    match *b {
        OverBudget::Rendezvous {
            nodes,
            keys: k,
            replicas,
            ..
        } => {
            let copies = if replicas > 1 {
                pick(ca, ", o menys còpies", ", or fewer copies")
            } else {
                String::new()
            };
            let nodes_way = other.filter(|&m| m >= 1).map(n);
            pick(
                ca,
                format!(
                    "El rendezvous hauria de calcular {} × {} × {} = {work} puntuacions (nodes × claus × còpies); el límit és {max}, perquè cada canvi acabi en un segon: fes servir com a màxim {} claus{}{copies}.",
                    n(nodes), n(k), n(replicas),
                    keys.clone().unwrap_or_else(|| "1".into()),
                    nodes_way.clone().map(|m| format!(", o com a màxim {m} nodes")).unwrap_or_default(),
                ),
                format!(
                    "Rendezvous would compute {} × {} × {} = {work} scores (nodes × keys × copies); the limit is {max}, so that every change finishes within a second: use at most {} keys{}{copies}.",
                    n(nodes), n(k), n(replicas),
                    keys.unwrap_or_else(|| "1".into()),
                    nodes_way.map(|m| format!(", or at most {m} nodes")).unwrap_or_default(),
                ),
            )
        }
        OverBudget::KeyCopies { keys: k, replicas, .. } => {
            let factor = match other {
                Some(f) if f >= 2 => (
                    format!(", o un factor de replicació de com a màxim {}", n(f)),
                    format!(", or a replication factor of at most {}", n(f)),
                ),
                _ => (
                    ", o una sola còpia (factor 1)".to_owned(),
                    ", or a single copy (factor 1)".to_owned(),
                ),
            };
            pick(
                ca,
                format!(
                    "Un factor de replicació de {} sobre {} claus desa {work} còpies; el límit és {max}: fes servir com a màxim {} claus{}.",
                    n(replicas), n(k), keys.clone().unwrap_or_else(|| "1".into()), factor.0
                ),
                format!(
                    "A replication factor of {} on {} keys stores {work} copies; the limit is {max}: use at most {} keys{}.",
                    n(replicas), n(k), keys.unwrap_or_else(|| "1".into()), factor.1
                ),
            )
        }
        OverBudget::DeviationSweep {
            trials,
            ring_points,
            ..
        } => {
            let way = match other {
                Some(t) => (
                    format!("fes servir com a màxim {} proves, o menys nodes virtuals", n(t)),
                    format!("use at most {} trials, or fewer vnodes", n(t)),
                ),
                None => (
                    "fes servir menys nodes virtuals o menys nodes".to_owned(),
                    "use fewer vnodes or fewer nodes".to_owned(),
                ),
            };
            pick(
                ca,
                format!(
                    "Aquest escombratge hauria de calcular {work} posicions de nodes virtuals ({} proves × {} punts de l'anell sumant tots els valors); el límit és {max}: {}.",
                    n(trials), n(ring_points), way.0
                ),
                format!(
                    "This sweep would hash {work} vnode positions ({} trials × {} ring points over its vnode counts); the limit is {max}: {}.",
                    n(trials), n(ring_points), way.1
                ),
            )
        }
        OverBudget::Probes {
            keys: k, probes, ..
        } => {
            let fewer = other.filter(|&p| p >= 1).map(n);
            pick(
                ca,
                format!(
                    "Multi-sonda hauria de fer {} × {} = {work} sondes (claus × sondes); el límit és {max}, perquè cada canvi acabi en un segon: fes servir com a màxim {} claus{}.",
                    n(k), n(probes),
                    keys.clone().unwrap_or_else(|| "1".into()),
                    fewer.clone().map(|p| format!(", o com a màxim {p} sondes")).unwrap_or_default(),
                ),
                format!(
                    "Multi-probe would make {} × {} = {work} probes (keys × probes); the limit is {max}, so that every change finishes within a second: use at most {} keys{}.",
                    n(k), n(probes),
                    keys.unwrap_or_else(|| "1".into()),
                    fewer.map(|p| format!(", or at most {p} probes")).unwrap_or_default(),
                ),
            )
        }
        OverBudget::MovementSweep { sizes, keys: k, .. } => pick(
            ca,
            format!(
                "Aquest escombratge hauria de repartir {} mides de clúster × {} claus = {work} vegades les claus; el límit és {max}: fes servir com a màxim {} claus{}.",
                n(sizes), n(k), keys.clone().unwrap_or_else(|| "1".into()),
                other.map(|m| format!(", o com a màxim {} mides", n(m))).unwrap_or_default()
            ),
            format!(
                "This sweep would place the keys {} cluster sizes × {} keys = {work} times; the limit is {max}: use at most {} keys{}.",
                n(sizes), n(k), keys.unwrap_or_else(|| "1".into()),
                other.map(|m| format!(", or at most {} sizes", n(m))).unwrap_or_default()
            ),
        ),
    }
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
        let mut seen = std::collections::HashSet::new();
        for s in partlab_core::lesson::scenarios() {
            for lang in Lang::ALL {
                let label = preset_label(lang, s);
                assert!(seen.insert(label.clone()), "two presets read {label}");
            }
        }
        let weighted = partlab_core::lesson::scenario("weighted").expect("exists");
        assert_eq!(
            preset_label(Lang::En, weighted),
            "Weighted ring (exercise 1)"
        );
        let m = partlab_core::lesson::scenario("mod-4-5").expect("exists");
        assert_eq!(preset_label(Lang::Ca, m), "Hash mòdul N: de 4 a 5 nodes");
    }

    /// Texts that are rightly the same word in both languages.
    const SAME_IN_BOTH: &[Text] = &[
        Text::Controls,
        Text::PathMd5,
        Text::Node,
        Text::Change,
        Text::IdealShort,
    ];

    /// Every text has both languages: not empty, not padded, and not the other language's
    /// text copied (except the few words that are the same in both).
    fn check_pair(what: &str, ca: &str, en: &str, may_match: bool) {
        for (lang, t) in [("ca", ca), ("en", en)] {
            assert!(!t.trim().is_empty(), "{what}: no {lang} text");
            assert_eq!(t.trim(), t, "{what}: {lang} text padded");
        }
        if !may_match {
            assert_ne!(ca, en, "{what}: the Catalan text is the English one");
        }
    }

    #[test]
    fn every_text_has_both_languages() {
        assert!(Text::ALL.len() > 60, "{}", Text::ALL.len());
        for &t in Text::ALL {
            check_pair(
                &format!("{t:?}"),
                tr(Lang::Ca, t),
                tr(Lang::En, t),
                SAME_IN_BOTH.contains(&t),
            );
        }
        for part in LessonPart::ALL {
            check_pair(
                &format!("{part:?}"),
                part_title(Lang::Ca, part),
                part_title(Lang::En, part),
                false,
            );
        }
        for f in crate::state::Field::ALL {
            let (ca, en) = (field_help(Lang::Ca, f), field_help(Lang::En, f));
            check_pair(&format!("{f:?} meaning"), ca.0, en.0, false);
            // Value lists such as "ca, en" are the same in both languages.
            check_pair(&format!("{f:?} values"), ca.1, en.1, true);
        }
        for c in ChapterId::ALL {
            let what = format!("{c:?}");
            check_pair(
                &what,
                chapter_intro(Lang::Ca, c),
                chapter_intro(Lang::En, c),
                false,
            );
            check_pair(
                &what,
                &chapter_title(Lang::Ca, c),
                &chapter_title(Lang::En, c),
                false,
            );
            let rendezvous = c == ChapterId::Rendezvous;
            check_pair(
                &what,
                chapter_tab(Lang::Ca, c),
                chapter_tab(Lang::En, c),
                rendezvous,
            );
        }
        let errors = [
            ConfigError::NoNodes,
            ConfigError::TooManyNodes {
                count: 300,
                max: 256,
            },
            ConfigError::EmptyNodeName { position: 2 },
            ConfigError::DuplicateNodeName { name: "a".into() },
            ConfigError::NodeNameTooLong {
                name: "a".into(),
                chars: 70,
                max: 64,
            },
            ConfigError::NodeNameControlChar { name: "a\n".into() },
            ConfigError::InvalidWeight {
                node: "a".into(),
                weight: -1.0,
                min: 0.1,
                max: 1000.0,
            },
            ConfigError::NodeNameHiddenChar {
                name: "a\u{202e}b".into(),
                code: 0x202e,
            },
            ConfigError::VnodesOutOfRange {
                vnodes: 0,
                max: 10_000,
            },
            ConfigError::TooManyVnodesForNode {
                node: "a".into(),
                vnodes: 20_000,
                max: 10_000,
            },
            ConfigError::TooManyRingPoints {
                points: 300_000,
                max: 200_000,
            },
            ConfigError::ReplicasOutOfRange {
                replicas: 5,
                nodes: 4,
            },
            ConfigError::KeyCountOutOfRange { count: 0, max: 10 },
            ConfigError::KeyTooLong {
                position: 1,
                max: 1024,
            },
            ConfigError::UnknownStrategy { given: "x".into() },
            ConfigError::OverBudget(OverBudget::Rendezvous {
                nodes: 32,
                keys: 1_000_000,
                replicas: 2,
                max: 8_000_000,
            }),
            ConfigError::OverBudget(OverBudget::KeyCopies {
                keys: 10_000_000,
                replicas: 2,
                max: 8_000_000,
            }),
            ConfigError::OverBudget(OverBudget::DeviationSweep {
                trials: 16,
                ring_points: 30_000_000,
                max: 20_000_000,
            }),
            ConfigError::OverBudget(OverBudget::MovementSweep {
                sizes: 64,
                keys: 10_000_000,
                max: 100_000_000,
            }),
        ];
        for e in &errors {
            check_pair(
                &format!("{e:?}"),
                &config_error(Lang::Ca, e),
                &config_error(Lang::En, e),
                false,
            );
        }
        let notices = [
            Notice::EmptyKey,
            Notice::KeyTooLong,
            Notice::UnknownPreset,
            Notice::NodeListFull,
            Notice::ReplicasLowered { wanted: 3, now: 2 },
            Notice::ReplicasRestored { replicas: 3 },
            Notice::PresetHeld {
                preset: "ring-10".into(),
            },
            Notice::Rejected(StateError::TooManyNodes),
            Notice::Fragment(FragmentIssue::WeightsDoNotMatchNodes),
            Notice::Fragment(FragmentIssue::UnknownFields { count: 2 }),
            Notice::Fragment(FragmentIssue::bad_value(Field::Chapter, "x")),
            Notice::Fragment(FragmentIssue::ReplicasClamped { given: 4, nodes: 3 }),
            Notice::Fragment(FragmentIssue::Rejected {
                field: Field::Nodes,
                error: StateError::Config(ConfigError::NoNodes),
            }),
        ];
        for n in &notices {
            check_pair(
                &format!("{n:?}"),
                &notice(Lang::Ca, n),
                &notice(Lang::En, n),
                false,
            );
        }
    }

    /// Limits quoted by a message come from the error's own data, so the two languages
    /// cannot cite different limits.
    #[test]
    fn embed_captions_carry_the_key_figures() {
        use crate::model::{Lab, Msg};
        let lab = Lab::from_fragment("p=ring-10", Lang::En);
        assert_eq!(
            embed_caption(Lang::En, &lab),
            "Ring, 10 virtual nodes · 4 nodes · deviation 35.7\u{a0}%"
        );
        let mut lab = Lab::from_fragment("v=150", Lang::Ca);
        lab.update(Msg::AddNode);
        let caption = embed_caption(Lang::Ca, &lab);
        assert!(
            caption.starts_with(
                "anell amb nodes virtuals · 150 nodes virtuals per node · 5 nodes · desviació "
            ),
            "{caption}"
        );
        assert!(caption.ends_with("de claus mogudes"), "{caption}");
    }

    #[test]
    fn both_languages_cite_the_same_limits() {
        let e = ConfigError::TooManyNodes {
            count: 300,
            max: 256,
        };
        for lang in Lang::ALL {
            let text = config_error(lang, &e);
            assert!(text.contains("300") && text.contains("256"), "{text}");
        }
        let e = ConfigError::ReplicasOutOfRange {
            replicas: 2,
            nodes: 1,
        };
        assert!(config_error(Lang::En, &e).contains("does not fit 1 node:"));
    }

    #[test]
    fn names_are_quoted_with_invisible_and_control_characters_written_out() {
        let e = ConfigError::NodeNameHiddenChar {
            name: "abc\u{202e}def".into(),
            code: 0x202e,
        };
        for lang in Lang::ALL {
            let text = config_error(lang, &e);
            assert!(text.contains("abc\\u{202e}def"), "{text}");
            assert!(text.contains("U+202E"), "{text}");
            assert!(!text.chars().any(is_hidden_char), "{text}");
        }
        assert_eq!(shown("a\u{200b}b\nc\u{feff}"), "a\\u{200b}b\\nc\\u{feff}");
        assert_eq!(shown("café ☕ אב"), "café ☕ אב");
        let w = ConfigError::InvalidWeight {
            node: "a".into(),
            weight: 1e-9,
            min: 0.1,
            max: 1000.0,
        };
        assert!(config_error(Lang::Ca, &w).contains("entre 0,1 i 1000"));
        assert!(config_error(Lang::En, &w).contains("from 0.1 to 1000"));
    }

    #[test]
    fn progress_notes_exist_in_both_languages() {
        for stage in [
            WorkStage::HashKeys,
            WorkStage::Ring,
            WorkStage::Assign,
            WorkStage::Compare,
        ] {
            let p = Progress {
                stage,
                done: 1,
                total: 3,
                keys: 1_000_000,
            };
            for ready in [true, false] {
                let (ca, en) = (
                    progress_note(Lang::Ca, &p, ready),
                    progress_note(Lang::En, &p, ready),
                );
                check_pair(&format!("{stage:?}"), &ca, &en, false);
                assert!(en.contains("33\u{a0}%"), "{en}");
            }
        }
        let p = Progress {
            stage: WorkStage::HashKeys,
            done: 0,
            total: 1,
            keys: 1_000_000,
        };
        assert!(progress_note(Lang::Ca, &p, true).contains("1.000.000 claus"));
    }

    /// A request over the budget says the limit and the ways round it, in both languages.
    #[test]
    fn over_budget_messages_say_the_limit_and_the_way_round_it() {
        let e = ConfigError::OverBudget(OverBudget::Rendezvous {
            nodes: 32,
            keys: 1_000_000,
            replicas: 1,
            max: 8_000_000,
        });
        let ca = config_error(Lang::Ca, &e);
        let en = config_error(Lang::En, &e);
        assert!(
            en.contains("32,000,000") && en.contains("8,000,000"),
            "{en}"
        );
        assert!(
            en.contains("at most 250,000 keys") && en.contains("at most 8 nodes"),
            "{en}"
        );
        assert!(
            ca.contains("32.000.000") && ca.contains("8.000.000"),
            "{ca}"
        );
        assert!(
            ca.contains("250.000 claus") && ca.contains("8 nodes"),
            "{ca}"
        );
        let e = ConfigError::OverBudget(OverBudget::KeyCopies {
            keys: 10_000_000,
            replicas: 2,
            max: 8_000_000,
        });
        assert!(config_error(Lang::En, &e).contains("a single copy"));
    }

    #[test]
    fn a_change_is_told_in_one_short_sentence() {
        use crate::model::{Lab, Msg};
        use crate::state::LabState;
        let mut lab = Lab::new(LabState::with_lang(Lang::En), Vec::new());
        let first = change_sentence(Lang::En, &lab, None);
        assert!(
            first.starts_with("100,000 keys on 4 nodes; deviation "),
            "{first}"
        );
        let before = lab.distribution().deviation_pct;
        lab.update(Msg::AddNode);
        let m = lab.movement().cloned().expect("a join moves keys");
        let en = change_sentence(Lang::En, &lab, Some(before));
        let want = format!(
            "inv-tar joined: {} of the keys moved, all to inv-tar; deviation {} → {}.",
            fmt_fraction(Lang::En, m.moved_fraction),
            fmt_pct(Lang::En, before, 1),
            fmt_pct(Lang::En, lab.distribution().deviation_pct, 1)
        );
        assert_eq!(en, want);
        assert!(en.chars().count() < 120, "{en}");
        let ca = change_sentence(Lang::Ca, &lab, Some(before));
        assert!(ca.starts_with("inv-tar ha entrat: s'han mogut el "), "{ca}");
        assert!(ca.contains("totes cap a inv-tar"), "{ca}");
        // A weight step names the node and both weights; keys go to several nodes.
        lab.update(Msg::EndGesture);
        lab.update(Msg::SetWeight {
            node: 1,
            weight: 0.5,
        });
        let en = change_sentence(Lang::En, &lab, None);
        assert!(en.starts_with("weight of node inv-vlc 1 → 0.5: "), "{en}");
        assert!(!en.contains("all to"), "{en}");
        lab.update(Msg::SetStrategy(Strategy::Rendezvous));
        let en = change_sentence(Lang::En, &lab, None);
        assert!(
            en.starts_with(&format!(
                "{} → {}",
                strategy_name(Lang::En, Strategy::Ring),
                strategy_name(Lang::En, Strategy::Rendezvous)
            )),
            "{en}"
        );
    }

    #[test]
    fn a_capped_sweep_says_how_many_of_the_keys_it_used() {
        assert_eq!(sweep_keys(Lang::En, 100_000, 100_000), "100,000 keys");
        assert_eq!(
            sweep_keys(Lang::En, 100_000, 1_000_000),
            "the first 100,000 of the 1,000,000 keys"
        );
        assert_eq!(
            sweep_keys(Lang::Ca, 100_000, 1_000_000),
            "les primeres 100.000 de les 1.000.000 claus"
        );
    }
}
