//! The page's texts in Catalan, English and Spanish, and numbers formatted the way each
//! language writes them (Catalan and Spanish `6,3 %` and `24.275`, English `6.3 %` and
//! `24,275`).
//!
//! Every fixed text is a variant of the closed enum [`Text`], so a missing translation is a
//! compile error. Messages that quote user input (node names) are built by functions here and
//! are always shown by the page as plain text.

pub use crate::base::fmt::{
    capitalize_latin, fmt_dec, fmt_fraction, fmt_int, fmt_num, fmt_pct, lower_latin, shown,
};
use crate::base::text::texts;
pub use crate::base::text::{fill, tr, Texts};
use crate::base::Lang;
use partlab_core::budget::OverBudget;
use partlab_core::config::{ConfigError, Strategy};
use partlab_core::lesson::{LessonPart, Scenario, ScenarioKind, JOINING_NODE, LEAVING_NODE};
use std::fmt::Display;

texts! {
    /// Every fixed text of the page.
    pub enum Text {
        /// The chapter bar's accessible name.
        ChapterNav => ("Capítols del laboratori", "The lab's chapters", "Capítulos del laboratorio"),
        /// The first link of the page, seen when reached with Tab: moves the focus past the
        /// header and the chapter bar to the chapter on screen.
        SkipToLab => ("Salta al laboratori", "Skip to the lab", "Saltar al laboratorio"),
        /// The table of contents' toggle.
        Contents => ("Tota la lliçó (seccions 1–10 i exercicis)", "The whole lesson (sections 1–10 and exercises)", "Toda la lección (secciones 1–10 y ejercicios)"),
        /// The contents' group of chapters beyond the lesson.
        BeyondLesson => ("Més enllà de la lliçó", "Beyond the lesson", "Más allá de la lección"),
        /// The comparison chapter's title.
        CompareTitle => ("Comparativa d'algorismes", "Comparison of algorithms", "Comparativa de algoritmos"),
        /// The hot-keys chapter's title.
        HotKeysTitle => ("Claus calentes", "Hot keys", "Claves calientes"),
        /// Marks a part of the lesson that no chapter covers yet.
        NotYet => ("encara no és al laboratori", "not in the lab yet", "aún no está en el laboratorio"),
        /// Heading of the chapter's introduction, before the chapter's own title.
        LessonSection => ("Lliçó, secció", "Lesson, section", "Lección, sección"),
        /// The deviation chart's line for trial 0, the nodes under their own names.
        NamedRun => ("amb els noms reals", "with the real names", "con los nombres reales"),
        /// The button that opens the share / embed dialog.
        ShareOpen => ("Comparteix o incrusta", "Share or embed", "Compartir o incrustar"),
        /// Said while the share dialog's module is being downloaded (the first time it opens).
        ShareLoading => (
            "Carregant el diàleg per compartir…",
            "Loading the share dialog…",
            "Cargando el diálogo para compartir…",
        ),
        /// Said when that download failed.
        ShareLoadFailed => (
            "No s'ha pogut carregar el diàleg per compartir. Comprova la connexió i torna-ho a provar.",
            "The share dialog could not be loaded. Check the connection and try again.",
            "No se ha podido cargar el diálogo para compartir. Comprueba la conexión y vuelve a intentarlo.",
        ),
        /// The share dialog's heading.
        ShareTitle => ("Comparteix o incrusta aquesta vista", "Share or embed this view", "Compartir o incrustar esta vista"),
        /// The share dialog's "what" question.
        ShareWhat => ("Què vols mostrar", "What to show", "Qué quieres mostrar"),
        /// Share what is on screen.
        ShareCurrent => ("El que veus ara, tal com és", "What you see now, as it is", "Lo que ves ahora, tal cual"),
        /// Share a lesson preset.
        SharePreset => ("Un experiment de la lliçó", "One of the lesson's experiments", "Un experimento de la lección"),
        /// Share the chapter as it opens.
        ShareStart => ("El capítol tal com s'obre", "The chapter as it opens", "El capítulo tal como se abre"),
        /// Which view to embed.
        ShareView => ("Vista", "View", "Vista"),
        /// The whole page (no embed view).
        WholePage => ("Tota la pàgina", "The whole page", "Toda la página"),
        /// Frame size.
        ShareSize => ("Mida del marc", "Frame size", "Tamaño del marco"),
        /// The list of frame sizes.
        SizeChoice => ("Mida", "Size", "Tamaño"),
        /// A size of one's own.
        ShareCustomSize => ("Una altra mida", "Another size", "Otro tamaño"),
        /// Width in pixels.
        Width => ("Amplada (px)", "Width (px)", "Anchura (px)"),
        /// Height in pixels.
        Height => ("Alçada (px)", "Height (px)", "Altura (px)"),
        /// Hide the links that leave the frame.
        LinksOff => ("Amaga els enllaços que surten del marc", "Hide the links that leave the frame", "Ocultar los enlaces que salen del marco"),
        /// What changed when only names did (a rename), in the change sentence.
        NodesRenamed => ("Noms canviats", "Names changed", "Nombres cambiados"),
        /// A node's weight slider, for screen readers: "Weight of node" + its name.
        WeightOfNode => ("Pes del node", "Weight of node", "Peso del nodo"),
        /// A node's name box, for screen readers: "Name of node" + its number.
        NameOfNode => ("Nom del node", "Name of node", "Nombre del nodo"),
        /// The share dialog's projector checkbox.
        ShareProjector => ("En mode projector", "In projector mode", "En modo proyector"),
        /// The header's projector toggle.
        Projector => ("Mode projector", "Projector mode", "Modo proyector"),
        /// The projector toggle's tooltip.
        ProjectorHint => (
            "Mode projector: text més gran i colors més contrastats, per a l'aula",
            "Projector mode: larger text and stronger colours, for the classroom",
            "Modo proyector: texto más grande y colores más contrastados, para el aula",
        ),
        /// The shared link.
        ShareLink => ("Enllaç", "Link", "Enlace"),
        /// The iframe code.
        EmbedCode => ("Codi per incrustar (iframe)", "Code to embed (iframe)", "Código para incrustar (iframe)"),
        /// Copy the link.
        CopyLink => ("Copia l'enllaç", "Copy the link", "Copiar el enlace"),
        /// Copy the code.
        CopyCode => ("Copia el codi", "Copy the code", "Copiar el código"),
        /// Something was copied.
        Copied => ("Copiat al porta-retalls.", "Copied to the clipboard.", "Copiado al portapapeles."),
        /// The clipboard is not available: the text is selected instead.
        CopyByHand => ("Text seleccionat: copia'l amb Ctrl+C (⌘C).", "Text selected: copy it with Ctrl+C (⌘C).", "Texto seleccionado: cópialo con Ctrl+C (⌘C)."),
        /// The preview heading.
        Preview => ("Vista prèvia a aquesta mida", "Preview at this size", "Vista previa a este tamaño"),
        /// Close a dialog.
        Close => ("Tanca", "Close", "Cerrar"),
        /// The teachers' page title.
        TeachersTitle => ("Per a docents: enllaços, incrustacions i paràmetres", "For teachers: links, embeds and parameters", "Para docentes: enlaces, incrustaciones y parámetros"),
        /// Heading: the lesson's experiments, for teachers.
        TeachersPresets => ("Els experiments de la lliçó, capítol per capítol", "The lesson's experiments, chapter by chapter", "Los experimentos de la lección, capítulo a capítulo"),
        /// Heading: the address fields.
        TeachersFields => ("Els camps de l'adreça", "The address's fields", "Los campos de la dirección"),
        /// The teachers' page: the heading of every chapter's own fields.
        TeachersChapterFields => ("Els camps de cada capítol", "Each chapter's own fields", "Los campos de cada capítulo"),
        /// The note under it.
        TeachersChapterFieldsNote => (
            "Cada capítol llegeix aquests camps de l'adreça, a més dels de dalt (l, p, embed). Un valor que no hi cap es mostra com a avís i la resta de l'adreça es manté; la línia d'ordres pren les mateixes opcions.",
            "Each chapter reads these fields of the address besides those above (l, p, embed). A value that does not fit is shown as a notice and the rest of the address is kept; the command line takes the same options.",
            "Cada capítulo lee estos campos de la dirección además de los de arriba (l, p, embed). Un valor que no cabe se muestra como aviso y el resto de la dirección se mantiene; la línea de comandos toma las mismas opciones.",
        ),
        /// Column: the value a field takes when the address has none.
        DefaultCol => ("Per defecte", "Default", "Por defecto"),
        /// Column: the command line's option for a field.
        CommandLineCol => ("Línia d'ordres", "Command line", "Línea de comandos"),
        /// Heading: the views that can be embedded.
        TeachersViews => ("Les vistes que es poden incrustar", "The views that can be embedded", "Las vistas que se pueden incrustar"),
        /// Table header: field or id.
        Name => ("Nom", "Name", "Nombre"),
        /// Table header: meaning.
        Meaning => ("Què és", "Meaning", "Qué es"),
        /// Table header: values.
        Values => ("Valors", "Values", "Valores"),
        /// Table header: the lesson part.
        LessonPartCol => ("A la lliçó", "In the lesson", "En la lección"),
        /// Table header: a link.
        Address => ("Adreça", "Address", "Dirección"),
        /// Table header: a chapter.
        ChapterCol => ("Capítol", "Chapter", "Capítulo"),
        /// "deviation", before its figure in an embed caption.
        CaptionDeviation => ("desviació", "deviation", "desviación"),
        /// "of keys moved", after the figure in an embed caption.
        CaptionMoved => ("de claus mogudes", "of keys moved", "de claves movidas"),
        /// Save a chart as an image.
        ExportPng => ("Desa la imatge (PNG)", "Save the image (PNG)", "Guardar la imagen (PNG)"),
        /// Save a chart's or the figures' data.
        ExportCsv => ("Desa les dades (CSV)", "Save the data (CSV)", "Guardar los datos (CSV)"),
        /// Page title.
        Title => ("Partlab: particionament i hashing consistent", "Partlab: partitioning and consistent hashing", "Partlab: particionado y hash consistente"),
        /// One line under the title.
        Tagline => (
            "Canvia nodes, pesos i nodes virtuals i mira com es reparteixen (i es mouen) les claus de les comandes de Quilòmetre Zero.",
            "Change nodes, weights and virtual nodes and watch how Quilòmetre Zero's order keys spread out (and move).",
            "Cambia nodos, pesos y nodos virtuales y mira cómo se reparten (y se mueven) las claves de los pedidos de Quilòmetre Zero.",
        ),
        /// Label of the language switch.
        Language => ("Idioma", "Language", "Idioma"),
        /// Controls panel heading.
        Controls => ("Experiment", "Experiment", "Experimento"),
        /// Strategy select label.
        Strategy => ("Estratègia", "Strategy", "Estrategia"),
        /// Nodes fieldset legend.
        Nodes => ("Nodes físics", "Physical nodes", "Nodos físicos"),
        /// Node name input label.
        NodeName => ("Nom", "Name", "Nombre"),
        /// Weight slider label.
        Weight => ("Pes", "Weight", "Peso"),
        /// Remove-node button.
        RemoveNode => ("Treu", "Remove", "Quitar"),
        /// Add-node button.
        AddNode => ("Afegeix un node", "Add a node", "Añadir un nodo"),
        /// Vnodes slider label.
        Vnodes => ("Nodes virtuals per node", "Virtual nodes per node", "Nodos virtuales por nodo"),
        /// Vnodes are ignored by this strategy.
        VnodesUnused => ("(desactivat: aquesta estratègia no col·loca nodes virtuals)", "(off: this strategy places no virtual nodes)", "(desactivado: esta estrategia no coloca nodos virtuales)"),
        /// Maglev's table size control.
        TableSizeLabel => ("Mida de la taula de Maglev (M, primer)", "Maglev's table size (M, a prime)", "Tamaño de la tabla de Maglev (M, primo)"),
        /// Bounded loads' factor control.
        LoadFactorLabel => ("Factor de càrrega c (cap node per sobre de c × la mitjana)", "Load factor c (no node above c × the mean)", "Factor de carga c (ningún nodo por encima de c × la media)"),
        /// Multi-probe's probes control.
        ProbesLabel => ("Sondes per clau (k)", "Probes per key (k)", "Sondas por clave (k)"),
        /// Weights are ignored by this strategy.
        WeightsUnused => ("Pesos desactivats: aquesta estratègia dona a cada node la mateixa part, sigui quin sigui el seu pes.", "Weights are off: this strategy gives every node the same share, whatever its weight.", "Pesos desactivados: esta estrategia da a cada nodo la misma parte, sea cual sea su peso."),
        /// Key count slider label.
        KeyCount => ("Claus (comandes P-2026-…)", "Keys (orders P-2026-…)", "Claves (pedidos P-2026-…)"),
        /// Replication factor label.
        Replicas => ("Factor de replicació (rèpliques per clau)", "Replication factor (copies per key)", "Factor de replicación (réplicas por clave)"),
        /// Presets heading.
        Presets => ("Els experiments de la lliçó", "The lesson's experiments", "Los experimentos de la lección"),
        /// Presets intro.
        PresetsIntro => (
            "Cada botó posa el laboratori en l'estat d'una taula de la lliçó; si hi ha un canvi, l'abans (A) i el després (B) queden l'un al costat de l'altre en mode de comparació.",
            "Each button puts the lab in the state of one of the lesson's tables; when there is a change, the before (A) and the after (B) stay side by side in compare mode.",
            "Cada botón pone el laboratorio en el estado de una tabla de la lección; si hay un cambio, el antes (A) y el después (B) quedan uno al lado del otro en modo de comparación.",
        ),
        /// Ring panel heading.
        Ring => ("L'anell", "The ring", "El anillo"),
        /// Ring caption for the ring strategy.
        RingCaption => (
            "Cada marca és un node virtual, cada arc pertany al node de la marca que el tanca (en sentit horari), i cada punt és una clau de mostra. Les claus que l'últim canvi ha mogut queden ressaltades: l'anella té el color del node d'abans i el farciment, el del node nou.",
            "Each tick is a virtual node, each arc belongs to the node of the tick that closes it (clockwise), and each dot is a sample key. Keys moved by the last change are highlighted: the ring shows the node before, the fill the node after.",
            "Cada marca es un nodo virtual, cada arco pertenece al nodo de la marca que lo cierra (en sentido horario) y cada punto es una clave de muestra. Las claves que el último cambio ha movido quedan resaltadas: el aro tiene el color del nodo de antes y el relleno, el del nodo nuevo.",
        ),
        /// Ring caption for strategies without a ring.
        NoRingCaption => (
            "Aquesta estratègia no fa servir cap anell: els punts són claus de mostra a la posició del seu hash, pintades del color del node que les rep. Les claus mogudes per l'últim canvi queden ressaltades (anella: node d'abans; farciment: node nou).",
            "This strategy uses no ring: the dots are sample keys at their hash position, coloured by the node that gets them. Keys moved by the last change are highlighted (ring: node before; fill: node after).",
            "Esta estrategia no usa ningún anillo: los puntos son claves de muestra en la posición de su hash, pintadas del color del nodo que las recibe. Las claves movidas por el último cambio quedan resaltadas (aro: nodo de antes; relleno: nodo nuevo).",
        ),
        /// Key lookup label.
        LookupKey => ("Segueix una clau", "Follow a key", "Sigue una clave"),
        /// Key lookup button.
        Find => ("Mostra el camí", "Show its path", "Mostrar el camino"),
        /// Clear selection button.
        ClearKey => ("Esborra", "Clear", "Borrar"),
        /// Hint: click a dot.
        PickHint => (
            "O bé fes clic (o toca) un punt de l'anell; amb el focus a l'anell, les fletxes recorren les claus.",
            "Or click (or tap) a dot on the ring; with the ring focused, the arrow keys step through the keys.",
            "O bien haz clic (o toca) un punto del anillo; con el foco en el anillo, las flechas recorren las claves.",
        ),
        /// Key path heading.
        KeyPath => ("Camí de la clau", "The key's path", "Camino de la clave"),
        /// "Key" row.
        PathKey => ("Clau", "Key", "Clave"),
        /// MD5 row.
        PathMd5 => ("MD5", "MD5", "MD5"),
        /// u64 row.
        PathU64 => ("Primers 8 bytes (u64, big-endian)", "First 8 bytes (u64, big-endian)", "Primeros 8 bytes (u64, big-endian)"),
        /// Angle row.
        PathAngle => ("Angle a l'anell", "Angle on the ring", "Ángulo en el anillo"),
        /// Rule row (how the owner is chosen).
        PathRule => ("Regla", "Rule", "Regla"),
        /// Owner row.
        PathOwner => ("Propietari", "Owner", "Propietario"),
        /// Replicas row: the whole replica set, owner first (as the CLI's `locate` prints it).
        PathReplicas => ("Rèpliques (el propietari primer)", "Replicas (owner first)", "Réplicas (el propietario primero)"),
        /// Before the last change row: the replica set then, owner first.
        PathBefore => ("Abans de l'últim canvi (el propietari primer)", "Before the last change (owner first)", "Antes del último cambio (el propietario primero)"),
        /// Figures heading.
        Figures => ("Xifres", "Figures", "Cifras"),
        /// Table header: node.
        Node => ("Node", "Node", "Nodo"),
        /// Table header: keys.
        Keys => ("Claus", "Keys", "Claves"),
        /// Table header: actual share.
        Share => ("Part real", "Actual share", "Parte real"),
        /// Table header: expected share.
        Expected => ("Part esperada", "Expected share", "Parte esperada"),
        /// Table header: vnodes on the ring.
        VnodesCol => ("Nodes virtuals", "Virtual nodes", "Nodos virtuales"),
        /// Table header: share of the ring's arcs.
        ArcShare => ("Part de l'anell", "Share of the ring", "Parte del anillo"),
        /// Deviation figure label.
        Deviation => ("Desviació (desv. típica / mitjana)", "Deviation (std. dev. / mean)", "Desviación (desv. típica / media)"),
        /// Deviation figure label when weights differ (measured against each node's share).
        DeviationWeighted => (
            "Desviació respecte a la part de cada pes (desv. típica / mitjana)",
            "Deviation from each node's weighted share (std. dev. / mean)",
            "Desviación respecto a la parte de cada peso (desv. típica / media)",
        ),
        /// Peak-to-mean label.
        PeakToMean => ("Màxim / mitjana", "Peak-to-mean", "Máximo / media"),
        /// Largest share error label.
        ShareError => ("Error màxim de part", "Largest share error", "Error máximo de parte"),
        /// Moved-by-last-change label.
        Moved => ("Claus mogudes per l'últim canvi", "Keys moved by the last change", "Claves movidas por el último cambio"),
        /// Ideal minimum label.
        Ideal => ("Mínim ideal", "Ideal minimum", "Mínimo ideal"),
        /// Replica sets changed label.
        ReplicaSetsChanged => ("Conjunts de rèpliques canviats", "Replica sets changed", "Conjuntos de réplicas cambiados"),
        /// Nothing changed yet.
        NoChangeYet => ("encara cap canvi", "no change yet", "aún ningún cambio"),
        /// Nothing moved: a slider came back to where its gesture (or the pinned reference) began.
        NoneBackAtStart => (
            "cap: de nou al punt de partida",
            "none: back where it started",
            "ninguna: de nuevo en el punto de partida",
        ),
        /// Moved-keys label while a slider gesture counts from its start.
        MovedSinceGesture => (
            "Claus mogudes des que has agafat el control lliscant",
            "Keys moved since the slider was grabbed",
            "Claves movidas desde que has cogido el control deslizante",
        ),
        /// Moved-keys label with a pinned reference.
        MovedSincePinned => (
            "Claus mogudes des de la referència fixada",
            "Keys moved since the pinned reference",
            "Claves movidas desde la referencia fijada",
        ),
        /// The button that pins the reference movement counts from.
        PinBaseline => ("Compta els moviments des d'aquí", "Count moves from here", "Contar los movimientos desde aquí"),
        /// Why keys moved after a change of strategy.
        MovedWhyStrategy => (
            "Una altra estratègia torna a situar cada clau: es mouen claus encara que cap node no hagi entrat ni sortit, i per això el mínim ideal és 0.",
            "Another strategy places every key anew: keys move although no node joined or left, which is why the ideal minimum is 0.",
            "Otra estrategia vuelve a situar cada clave: se mueven claves aunque ningún nodo haya entrado ni salido, y por eso el mínimo ideal es 0.",
        ),
        /// Why keys moved after a change of vnode count.
        MovedWhyVnodes => (
            "Amb un altre nombre de nodes virtuals, els punts de cada node són a llocs nous de l'anell: es mouen claus encara que els nodes siguin els mateixos, i per això el mínim ideal és 0.",
            "With another vnode count each node's points sit at new places on the ring: keys move although the nodes are the same, which is why the ideal minimum is 0.",
            "Con otro número de nodos virtuales, los puntos de cada nodo están en lugares nuevos del anillo: se mueven claves aunque los nodos sean los mismos, y por eso el mínimo ideal es 0.",
        ),
        /// The lesson's figure prefix.
        Lesson => ("lliçó", "lesson", "lección"),
        /// Flow table heading.
        Flow => ("Cap on van les claus mogudes", "Where the moved keys went", "Adónde van las claves movidas"),
        /// Flow table header: fraction of all keys.
        OfAllKeys => ("De totes les claus", "Of all keys", "De todas las claves"),
        /// Flow table header: from.
        From => ("De", "From", "Desde"),
        /// Flow table header: to.
        To => ("A", "To", "Hacia"),
        /// Keys-per-node chart title.
        BarsTitle => ("Claus per node", "Keys per node", "Claves por nodo"),
        /// Deviation chart title.
        DeviationTitle => ("Desviació segons els nodes virtuals", "Deviation against virtual nodes", "Desviación según los nodos virtuales"),
        /// Deviation chart caption.
        DeviationCaption => (
            "Banda: mínim–màxim de diversos anells amb els mateixos nodes reanomenats; línia: tendència 1/√V; punt: el teu valor actual.",
            "Band: min–max over several rings with the same nodes renamed; line: the 1/√V trend; dot: your current setting.",
            "Banda: mínimo–máximo de varios anillos con los mismos nodos renombrados; línea: tendencia 1/√V; punto: tu configuración actual.",
        ),
        /// Movement chart title.
        MovementTitle => ("Claus mogudes quan entra un node", "Keys moved when a node joins", "Claves movidas cuando entra un nodo"),
        /// Movement chart caption.
        MovementCaption => (
            "Per a cada estratègia, la fracció de claus que canvien de node en passar de N a N+1 nodes, davant del mínim ideal 1/(N+1).",
            "For each strategy, the fraction of keys that change node going from N to N+1 nodes, against the ideal minimum 1/(N+1).",
            "Para cada estrategia, la fracción de claves que cambian de nodo al pasar de N a N+1 nodos, frente al mínimo ideal 1/(N+1).",
        ),
        /// The data behind a chart.
        ChartData => ("Dades del gràfic", "Chart data", "Datos del gráfico"),
        /// A sweep is running.
        Computing => ("Calculant…", "Computing…", "Calculando…"),
        /// Table header: trials min.
        Min => ("mín.", "min", "mín."),
        /// Table header: median.
        Median => ("mediana", "median", "mediana"),
        /// Table header: max.
        Max => ("màx.", "max", "máx."),
        /// Table header: nodes before → after.
        Change => ("Nodes", "Nodes", "Nodos"),
        /// Legend: ideal.
        IdealShort => ("ideal", "ideal", "ideal"),
        /// Legend: expected by weight.
        ExpectedByWeight => ("esperat pel pes", "expected by weight", "esperado por el peso"),
        /// Legend: trend 1/√V.
        Trend => ("tendència 1/√V", "1/√V trend", "tendencia 1/√V"),
        /// Legend: current setting.
        Current => ("valor actual", "current setting", "configuración actual"),
        /// Legend: min–max band.
        Band => ("mín.–màx.", "min–max", "mín.–máx."),
        /// Axis: vnodes per node.
        AxisVnodes => ("nodes virtuals per node", "virtual nodes per node", "nodos virtuales por nodo"),
        /// Axis: deviation %.
        AxisDeviation => ("desviació (%)", "deviation (%)", "desviación (%)"),
        /// Axis: keys.
        AxisKeys => ("claus", "keys", "claves"),
        /// Axis: nodes before the join.
        AxisNodes => ("nodes abans del canvi (N)", "nodes before the change (N)", "nodos antes del cambio (N)"),
        /// Axis: % keys moved.
        AxisMoved => ("claus mogudes (%)", "keys moved (%)", "claves movidas (%)"),
        /// Dismiss a notice.
        Dismiss => ("D'acord", "Dismiss", "De acuerdo"),
        /// Loading message.
        Loading => ("Carregant Partlab…", "Loading Partlab…", "Cargando Partlab…"),
        /// Crash message prefix.
        Crashed => (
            "Partlab ha trobat un error intern i s'ha aturat. Torna a carregar la pàgina; si es repeteix, copia aquest missatge:",
            "Partlab hit an internal error and stopped. Reload the page; if it happens again, copy this message:",
            "Partlab ha encontrado un error interno y se ha detenido. Vuelve a cargar la página; si se repite, copia este mensaje:",
        ),
        /// Skip link / footer note on computation.
        Footer => (
            "Tot es calcula al teu navegador amb Rust compilat a WebAssembly; l'adreça de la pàgina guarda l'experiment sencer.",
            "Everything is computed in your browser by Rust compiled to WebAssembly; the page's address holds the whole experiment.",
            "Todo se calcula en tu navegador con Rust compilado a WebAssembly; la dirección de la página guarda el experimento entero.",
        ),
        /// Open the full lab (from embed mode).
        OpenFull => ("Obre el laboratori sencer", "Open the full lab", "Abrir el laboratorio entero"),
        /// The header's link to the guide published beside the lab (the page of the chapter
        /// on screen).
        Guide => ("Guia", "Guide", "Guía"),
        /// The guide link's tooltip.
        GuideHint => (
            "Aquest capítol a la guia d'ús",
            "This chapter in the user guide",
            "Este capítulo en la guía de uso",
        ),
        /// The teachers' page: the heading of the single-file page's section.
        TeachersSingleFile => ("La pàgina en un sol fitxer", "The page in a single file", "La página en un solo archivo"),
        /// What the single file is for.
        TeachersSingleFileNote => (
            "Tot el laboratori en un fitxer HTML, partlab-standalone.html, que es baixa comprimit en un zip: un cop descomprimit, funciona obert des del disc, sense xarxa, i es pot pujar a una plataforma de curs que només accepta fitxers. Les adreces d'aquesta pàgina hi funcionen igual.",
            "The whole lab in one HTML file, partlab-standalone.html, downloaded in a zip: once unzipped, it works opened from disk, without a network, and can be uploaded to a course platform that only accepts files. The addresses on this page work on it too.",
            "Todo el laboratorio en un archivo HTML, partlab-standalone.html, que se descarga comprimido en un zip: una vez descomprimido, funciona abierto desde el disco, sin red, y se puede subir a una plataforma de curso que solo acepta archivos. Las direcciones de esta página funcionan igual en él.",
        ),
        /// The link that downloads the single file.
        TeachersSingleFileLink => (
            "Descarrega partlab-standalone.zip",
            "Download partlab-standalone.zip",
            "Descargar partlab-standalone.zip",
        ),
        /// A looked-up key that is not one of the experiment's keys.
        NotInKeySet => (
            "no és cap de les claus de l'experiment",
            "not one of the experiment's keys",
            "no es ninguna de las claves del experimento",
        ),

        // --- The lesson-tables view, the deviation chart's readout, weighted figures (issue #11).
        /// The lesson-tables view's title.
        TablesTitle => ("Les taules de la lliçó", "The lesson's tables", "Las tablas de la lección"),
        /// What the lesson-tables view shows.
        TablesIntro => (
            "Cada xifra que la lliçó imprimeix, al costat de la que calcula el laboratori amb les mateixes 100.000 claus. Cada fila obre l'estat que la mostra.",
            "Every figure the lesson prints, beside the one the lab computes on the same 100,000 keys. Each row opens the state that shows it.",
            "Cada cifra que imprime la lección, junto a la que calcula el laboratorio con las mismas 100.000 claves. Cada fila abre el estado que la muestra.",
        ),
        /// The disclosure that computes and shows the tables.
        TablesShow => (
            "Mostra les taules i calcula la columna del laboratori",
            "Show the tables and compute the lab's column",
            "Muestra las tablas y calcula la columna del laboratorio",
        ),
        /// Column: the lesson's experiment (a link to its state).
        TablesExperiment => ("Experiment de la lliçó", "The lesson's experiment", "Experimento de la lección"),
        /// Column: which figure.
        TablesFigure => ("Xifra", "Figure", "Cifra"),
        /// Column: the figure as the lesson prints it.
        TablesLesson => ("lliçó", "lesson", "lección"),
        /// Column: the figure as the lab computes it.
        TablesLab => ("laboratori", "lab", "laboratorio"),
        /// Column: whether they agree at the printed precision.
        TablesAgree => ("Comparació", "Comparison", "Comparación"),
        /// The tables' status while the lab's column is computed.
        TablesComputing => ("Calculant la columna del laboratori…", "Computing the lab's column…", "Calculando la columna del laboratorio…"),
        /// The tables' status once every row agrees.
        TablesAllAgree => (
            "Totes les xifres del laboratori arrodoneixen a les de la lliçó (les que dona com a «aproximadament», ≈, a menys d'una desena part).",
            "Every lab figure rounds to the lesson's (those it gives as \"about\", ≈, to within a tenth).",
            "Todas las cifras del laboratorio redondean a las de la lección (las que da como «aproximadamente», ≈, a menos de una décima parte).",
        ),
        /// The tables' status when some row does not agree.
        TablesSomeDiffer => (
            "Alguna xifra del laboratori no coincideix amb la de la lliçó.",
            "Some lab figure differs from the lesson's.",
            "Alguna cifra del laboratorio no coincide con la de la lección.",
        ),
        /// A row agrees.
        Yes => ("coincideix", "agrees", "coincide"),
        /// A row does not agree.
        No => ("no coincideix", "differs", "no coincide"),
        /// The deviation chart's readout before a point is chosen.
        ReadoutHint => (
            "Passeu el punter per sobre del gràfic, o enfoqueu-lo i feu servir les fletxes, per llegir-ne cada punt.",
            "Hover over the chart, or focus it and use the arrow keys, to read each point.",
            "Pase el puntero por encima del gráfico, o enfóquelo y use las flechas, para leer cada punto.",
        ),
        /// The deviation figure by the lesson's formula, shown beside the weighted one.
        DeviationLesson => (
            "Desviació amb la fórmula de la lliçó (parts iguals)",
            "Deviation by the lesson's formula (equal shares)",
            "Desviación con la fórmula de la lección (partes iguales)",
        ),
        /// The unit of a share error.
        PercentagePoints => ("punts percentuals", "percentage points", "puntos porcentuales"),
        /// The bars chart's equal-share line when weights differ.
        EqualShareLesson => (
            "part igual (fórmula de la lliçó)",
            "equal share (lesson's formula)",
            "parte igual (fórmula de la lección)",
        ),
        /// The bars chart's weighted marks when weights differ.
        WeightedShareMarks => (
            "part pel pes (desviació respecte al pes)",
            "weighted share (deviation from weights)",
            "parte por peso (desviación respecto al peso)",
        ),
        // "Why this key" (issue #11): the key path in each strategy's own terms.
        /// The ring view's heading for strategies without a ring (the canvas shows the keys by
        /// their hash only).
        HashSpace => ("Les claus pel seu hash", "The keys by their hash", "Las claves por su hash"),
        /// Angle row for strategies without a ring.
        PathAngleHash => ("El hash com a angle", "The hash as an angle", "El hash como ángulo"),
        /// Heading of the "why this key" part of the key path.
        WhyHeading => ("Per què va a aquest node", "Why it goes to this node", "Por qué va a este nodo"),
        /// The magnifier canvas's accessible name.
        MagnifierLabel => ("L'anell ampliat al voltant de la clau", "The ring magnified around the key", "El anillo ampliado alrededor de la clave"),
        /// Under the magnifier.
        MagnifierNote => (
            "El tros d'anell al voltant de la clau, ampliat: la clau és de la primera marca de node virtual en sentit horari; l'arc de cada node acaba a la seva marca.",
            "The stretch of ring around the key, magnified: the key belongs to the first virtual-node mark clockwise from it; each node's arc ends at its mark.",
            "El tramo de anillo alrededor de la clave, ampliado: la clave es de la primera marca de nodo virtual en sentido horario; el arco de cada nodo acaba en su marca.",
        ),
        /// Caption of the rendezvous scores table.
        ScoresCaption => (
            "La puntuació de cada node per a aquesta clau, de més alta a més baixa: la primera fila és la propietària i les següents guarden les altres rèpliques.",
            "Every node's score for this key, highest first: the first row owns the key and the next ones hold the other replicas.",
            "La puntuación de cada nodo para esta clave, de más alta a más baja: la primera fila es la propietaria y las siguientes guardan las otras réplicas.",
        ),
        /// Scores table: the raw score column.
        ScoreRaw => ("hash(\"node|clau\")", "hash(\"node|key\")", "hash(\"nodo|clave\")"),
        /// Scores table: the weighted score column.
        ScoreWeighted => ("Puntuació amb pes (−w / ln u)", "Weighted score (−w / ln u)", "Puntuación con peso (−w / ln u)"),
        /// Scores table: what the node holds.
        ScoreCopy => ("Còpia", "Copy", "Copia"),
        /// Scores table: the owner's copy.
        CopyOwner => ("propietari", "owner", "propietario"),
        /// Scores table: a further copy.
        CopyReplica => ("rèplica", "replica", "réplica"),
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
        // The study module, loaded the first time a study chapter or the teachers' page is shown.
        /// Said while the chapter's module is being downloaded.
        ChapterLoading => ("Carregant aquest capítol…", "Loading this chapter…", "Cargando este capítulo…"),
        /// Said when the chapter's module could not be downloaded.
        ChapterLoadFailed => (
            "No s'ha pogut carregar aquest capítol. Comprova la connexió i torna-ho a provar; la resta del laboratori funciona igualment.",
            "This chapter could not be loaded. Check the connection and try again; the rest of the lab still works.",
            "No se ha podido cargar este capítulo. Comprueba la conexión y vuelve a intentarlo; el resto del laboratorio funciona igualmente.",
        ),
        /// Said while the lesson tables' module is being downloaded (the first time they open).
        TablesLoading => ("Carregant les taules…", "Loading the tables…", "Cargando las tablas…"),
        /// Said when that download failed.
        TablesLoadFailed => (
            "No s'han pogut carregar les taules. Comprova la connexió i torna a obrir-les.",
            "The tables could not be loaded. Check the connection, then close and open them again.",
            "No se han podido cargar las tablas. Comprueba la conexión y vuelve a abrirlas.",
        ),
        /// The button that tries to load the chapter's module again.
        ChapterRetry => ("Torna-ho a provar", "Try again", "Volver a intentarlo"),
        // The lesson tables' figures (`tables::Figure::label`).
        FigureDeviation => ("desviació (desv. típica / mitjana)", "deviation (std. dev. / mean)", "desviación (desv. típica / media)"),
        /// Keys held by a node.
        FigureKeys => ("claus de {node}", "keys on {node}", "claves de {node}"),
        /// Keys held by a node after the scenario's change.
        FigureKeysAfter => ("claus de {node} després del canvi", "keys on {node} after the change", "claves de {node} tras el cambio"),
        FigureMoved => ("claus mogudes", "keys moved", "claves movidas"),
        FigureReplicaSets => ("conjunts de rèpliques canviats", "replica sets changed", "conjuntos de réplicas cambiados"),
        // The figure strip under the ring (`src/hashing/strip.rs`).
        StripDeviation => ("desviació", "deviation", "desviación"),
        StripPeak => ("pic/mitjana", "peak/mean", "pico/media"),
        StripMoved => ("mogudes", "moved", "movidas"),
        // A compared side's configuration line (`src/hashing/compare.rs`).
        CmpNodes => ("nodes", "nodes", "nodos"),
        CmpVnodes => ("nodes virtuals", "vnodes", "nodos virtuales"),
        CmpReplica => ("rèplica", "replica", "réplica"),
        CmpReplicas => ("rèpliques", "replicas", "réplicas"),
        // The lesson's parts, as a table of contents names them (`part_title`).
        PartPartitions => ("Particions i rèpliques", "Partitions and replicas", "Particiones y réplicas"),
        PartRanges => ("Particionament per rangs i punts calents", "Range partitioning and hot spots", "Particionado por rangos y puntos calientes"),
        PartHashKeys => ("Particionament per hash i claus compostes", "Hash partitioning and compound keys", "Particionado por hash y claves compuestas"),
        PartIndexes => ("Índexs secundaris locals i globals", "Local and global secondary indexes", "Índices secundarios locales y globales"),
        PartModN => ("Hash mòdul N: gairebé tot es mou", "Hash mod N: nearly everything moves", "Hash módulo N: casi todo se mueve"),
        PartRing => ("L'anell amb nodes virtuals", "The ring with virtual nodes", "El anillo con nodos virtuales"),
        PartRendezvous => ("Hashing de rendezvous (HRW)", "Rendezvous (HRW) hashing", "Hash de rendezvous (HRW)"),
        PartRebalancing => ("Rebalancejar particions", "Rebalancing partitions", "Rebalancear particiones"),
        PartRouting => ("Encaminar peticions i descobrir particions", "Request routing and partition discovery", "Enrutar peticiones y descubrir particiones"),
        PartChoosingKeys => ("Triar les claus de KM0", "Choosing KM0's partition keys", "Elegir las claves de KM0"),
        PartWeightedRing => ("Un anell amb pesos", "A weighted ring", "Un anillo con pesos"),
        PartVanPositions => ("Les posicions de les furgonetes", "Delivery vans' positions", "Las posiciones de las furgonetas"),
        PartRendezvousReplicas => ("Rendezvous amb tres rèpliques", "Rendezvous with three replicas", "Rendezvous con tres réplicas"),
    }
}

/// The strategy's name as the page shows it.
pub fn strategy_name(lang: Lang, s: Strategy) -> &'static str {
    match (lang, s) {
        (Lang::Ca, Strategy::Modulo) => "hash mòdul N",
        (Lang::En, Strategy::Modulo) => "hash mod N",
        (Lang::Es, Strategy::Modulo) => "hash módulo N",
        (Lang::Ca, Strategy::Ring) => "anell amb nodes virtuals",
        (Lang::En, Strategy::Ring) => "ring with virtual nodes",
        (Lang::Es, Strategy::Ring) => "anillo con nodos virtuales",
        (_, Strategy::Rendezvous) => "rendezvous (HRW)",
        (_, Strategy::Jump) => "jump hash",
        (_, Strategy::Maglev) => "Maglev",
        (Lang::Ca, Strategy::Bounded) => "anell amb càrrega limitada",
        (Lang::En, Strategy::Bounded) => "ring with bounded loads",
        (Lang::Es, Strategy::Bounded) => "anillo con carga limitada",
        (Lang::Ca, Strategy::MultiProbe) => "multi-sonda (multi-probe)",
        (Lang::En, Strategy::MultiProbe) => "multi-probe",
        (Lang::Es, Strategy::MultiProbe) => "multisonda (multi-probe)",
        (_, Strategy::Ketama) => "ketama (memcached)",
    }
}

/// How the strategy picks the owner, one line (the key path's "rule" row).
pub fn strategy_rule(lang: Lang, s: Strategy) -> &'static str {
    match (lang, s) {
        (Lang::Ca, Strategy::Modulo) => "node = u64 mòdul N",
        (Lang::En, Strategy::Modulo) => "node = u64 mod N",
        (Lang::Es, Strategy::Modulo) => "nodo = u64 módulo N",
        (Lang::Ca, Strategy::Ring) => "el primer node virtual en sentit horari a partir de la clau",
        (Lang::En, Strategy::Ring) => "the first virtual node clockwise from the key",
        (Lang::Es, Strategy::Ring) => "el primer nodo virtual en sentido horario a partir de la clave",
        (Lang::Ca, Strategy::Rendezvous) => "el node amb la puntuació hash(\"node|clau\") més alta",
        (Lang::En, Strategy::Rendezvous) => "the node with the highest score hash(\"node|key\")",
        (Lang::Es, Strategy::Rendezvous) => "el nodo con la puntuación hash(\"nodo|clave\") más alta",
        (Lang::Ca, Strategy::Jump) => "jump consistent hash del u64 sobre N cubetes",
        (Lang::En, Strategy::Jump) => "jump consistent hash of the u64 over N buckets",
        (Lang::Es, Strategy::Jump) => "jump consistent hash del u64 sobre N cubetas",
        (Lang::Ca, Strategy::Maglev) => "la casella u64 mòdul M de la taula de Maglev, omplerta amb la permutació de cada node",
        (Lang::En, Strategy::Maglev) => "entry u64 mod M of Maglev's table, filled from each node's permutation",
        (Lang::Es, Strategy::Maglev) => "la casilla u64 módulo M de la tabla de Maglev, llenada con la permutación de cada nodo",
        (Lang::Ca, Strategy::Bounded) => "el primer node virtual en sentit horari el node del qual no és ple (capacitat ⌈c · claus / N⌉)",
        (Lang::En, Strategy::Bounded) => "the first virtual node clockwise whose node is not full (capacity ⌈c · keys / N⌉)",
        (Lang::Es, Strategy::Bounded) => "el primer nodo virtual en sentido horario cuyo nodo no está lleno (capacidad ⌈c · claves / N⌉)",
        (Lang::Ca, Strategy::MultiProbe) => "el punt de node més proper en sentit horari d'entre les k sondes de la clau",
        (Lang::En, Strategy::MultiProbe) => "the node point closest clockwise over the key's k probes",
        (Lang::Es, Strategy::MultiProbe) => "el punto de nodo más cercano en sentido horario de entre las k sondas de la clave",
        (Lang::Ca, Strategy::Ketama) => "el primer punt de ketama igual o posterior als 4 primers bytes de l'MD5 de la clau (little-endian)",
        (Lang::En, Strategy::Ketama) => "the first ketama point at or after the first 4 bytes of the key's MD5 (little-endian)",
        (Lang::Es, Strategy::Ketama) => "el primer punto de ketama igual o posterior a los 4 primeros bytes del MD5 de la clave (little-endian)",
    }
}

/// The label of a lesson preset button, worded from what the scenario shows.
pub fn preset_label(lang: Lang, s: &Scenario) -> String {
    match s.kind {
        ScenarioKind::ModuloResize { from, to } => fill(
            lang,
            MessageText::PresetModulo,
            &[("from", &from), ("to", &to)],
        ),
        ScenarioKind::RingVnodes { vnodes: 1 } => {
            tr(lang, MessageText::PresetRingOneVnode).to_owned()
        }
        ScenarioKind::RingVnodes { vnodes } => {
            fill(lang, MessageText::PresetRingVnodes, &[("vnodes", &vnodes)])
        }
        ScenarioKind::NodeJoins { strategy } => fill(
            lang,
            MessageText::PresetJoin,
            &[
                ("strategy", &strategy_short(lang, strategy)),
                ("node", &JOINING_NODE),
            ],
        ),
        ScenarioKind::NodeLeaves => {
            fill(lang, MessageText::PresetLeave, &[("node", &LEAVING_NODE)])
        }
        ScenarioKind::WeightedRing => fill(
            lang,
            MessageText::PresetWeighted,
            &[("part", &part_name(lang, s.section))],
        ),
        ScenarioKind::Resize {
            strategy,
            from,
            to,
            replicas,
        } => {
            let copies = match replicas {
                1 => String::new(),
                r => fill(lang, MessageText::PresetReplicas, &[("r", &r)]),
            };
            format!(
                "{}{copies}: {from} → {to} {} ({})",
                strategy_short(lang, strategy),
                tr(lang, MessageText::Nodes),
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
        (Lang::Es, Strategy::Modulo) => "Hash módulo N",
        (Lang::Ca, Strategy::Ring) => "Anell",
        (Lang::En, Strategy::Ring) => "Ring",
        (Lang::Es, Strategy::Ring) => "Anillo",
        (_, Strategy::Rendezvous) => "Rendezvous",
        (_, Strategy::Jump) => "Jump hash",
        (_, Strategy::Maglev) => "Maglev",
        (Lang::Ca, Strategy::Bounded) => "Càrrega limitada",
        (Lang::En, Strategy::Bounded) => "Bounded loads",
        (Lang::Es, Strategy::Bounded) => "Carga limitada",
        (Lang::Ca, Strategy::MultiProbe) => "Multi-sonda",
        (Lang::En, Strategy::MultiProbe) => "Multi-probe",
        (Lang::Es, Strategy::MultiProbe) => "Multisonda",
        (_, Strategy::Ketama) => "Ketama",
    }
}

/// "secció 6", "exercise 1": a part of the lesson by its number.
pub fn part_name(lang: Lang, part: LessonPart) -> String {
    match (lang, part) {
        (Lang::Ca, LessonPart::Section(n)) => format!("secció {n}"),
        (Lang::En, LessonPart::Section(n)) => format!("section {n}"),
        (Lang::Es, LessonPart::Section(n)) => format!("sección {n}"),
        (Lang::Ca, LessonPart::Exercise(n)) => format!("exercici {n}"),
        (Lang::En, LessonPart::Exercise(n)) => format!("exercise {n}"),
        (Lang::Es, LessonPart::Exercise(n)) => format!("ejercicio {n}"),
    }
}

/// The number a table of contents shows for a part: `5`, `Ex. 1`.
pub fn part_number(lang: Lang, part: LessonPart) -> String {
    match (lang, part) {
        (_, LessonPart::Section(n)) => format!("{n}."),
        (_, LessonPart::Exercise(n)) => format!("Ex. {n}."),
    }
}

/// What a part of the lesson is about, as a table of contents names it.
pub fn part_title(lang: Lang, part: LessonPart) -> &'static str {
    let title = match part {
        LessonPart::Section(1) => Text::PartPartitions,
        LessonPart::Section(2) => Text::PartRanges,
        LessonPart::Section(3) => Text::PartHashKeys,
        LessonPart::Section(4) => Text::PartIndexes,
        LessonPart::Section(5) => Text::PartModN,
        LessonPart::Section(6) => Text::PartRing,
        LessonPart::Section(7) => Text::PartRendezvous,
        LessonPart::Section(8) => Text::PartRebalancing,
        LessonPart::Section(9) => Text::PartRouting,
        LessonPart::Section(10) => Text::PartChoosingKeys,
        LessonPart::Exercise(1) => Text::PartWeightedRing,
        LessonPart::Exercise(2) => Text::PartVanPositions,
        LessonPart::Exercise(3) => Text::PartRendezvousReplicas,
        LessonPart::Section(_) | LessonPart::Exercise(_) => return "",
    };
    tr(lang, title)
}

/// A message for a core configuration error, in the words of a student's lab (the CLI prints
/// the English one too). Names are quoted through [`shown`].
pub fn config_error(lang: Lang, e: &ConfigError) -> String {
    match e {
        ConfigError::NoNodes => tr(lang, MessageText::NoNodes).to_owned(),
        ConfigError::TooManyNodes { count, max } => fill(
            lang,
            MessageText::TooManyNodes,
            &[("count", &count), ("max", &max)],
        ),
        ConfigError::EmptyNodeName { position } => {
            fill(lang, MessageText::EmptyNodeName, &[("position", &position)])
        }
        ConfigError::DuplicateNodeName { name } => {
            let name = shown(name);
            fill(lang, MessageText::DuplicateNodeName, &[("name", &name)])
        }
        ConfigError::NodeNameTooLong { name, chars, max } => {
            let name = shown(name);
            fill(
                lang,
                MessageText::NodeNameTooLong,
                &[("name", &name), ("chars", &chars), ("max", &max)],
            )
        }
        ConfigError::NodeNameControlChar { name } => {
            let name = shown(name);
            fill(lang, MessageText::NodeNameControl, &[("name", &name)])
        }
        ConfigError::NodeNameHiddenChar { name, code } => {
            let name = shown(name);
            let code = format!("{code:04X}");
            fill(
                lang,
                MessageText::NodeNameHidden,
                &[("name", &name), ("code", &code)],
            )
        }
        ConfigError::InvalidWeight {
            node,
            weight,
            min,
            max,
        } => {
            let node = shown(node);
            fill(
                lang,
                MessageText::BadWeight,
                &[
                    ("node", &node),
                    ("weight", &weight),
                    ("min", &fmt_num(lang, *min)),
                    ("max", &fmt_num(lang, *max)),
                ],
            )
        }
        ConfigError::VnodesOutOfRange { vnodes, max } => fill(
            lang,
            MessageText::BadVnodes,
            &[("vnodes", &vnodes), ("max", &max)],
        ),
        ConfigError::TooManyVnodesForNode { node, vnodes, max } => {
            let node = shown(node);
            fill(
                lang,
                MessageText::TooManyNodeVnodes,
                &[("node", &node), ("vnodes", &vnodes), ("max", &max)],
            )
        }
        ConfigError::TooManyRingPoints { points, max } => fill(
            lang,
            MessageText::TooManyRingPoints,
            &[("points", &points), ("max", &max)],
        ),
        ConfigError::ReplicasOutOfRange { replicas, nodes } => fill(
            lang,
            MessageText::BadReplicas,
            &[
                ("replicas", &replicas),
                ("node_count", &count_nodes(lang, *nodes)),
                ("nodes", &nodes),
            ],
        ),
        ConfigError::KeyCountOutOfRange { count, max } => fill(
            lang,
            MessageText::BadKeyCount,
            &[("count", &count), ("max", &max)],
        ),
        ConfigError::KeyTooLong { position, max } => fill(
            lang,
            MessageText::KeyTooLong,
            &[("position", &position), ("max", &max)],
        ),
        ConfigError::UnknownStrategy { given } => {
            let given = shown(given);
            fill(lang, MessageText::UnknownStrategy, &[("given", &given)])
        }
        ConfigError::OverBudget(b) => over_budget(lang, b),
        ConfigError::TableSizeNotPrime { size } => {
            fill(lang, MessageText::TableSizeNotPrime, &[("size", &size)])
        }
        ConfigError::TableSizeOutOfRange { size, min, max } => fill(
            lang,
            MessageText::TableSizeOutOfRange,
            &[("size", &size), ("min", &min), ("max", &max)],
        ),
        ConfigError::LoadFactorOutOfRange { factor, min, max } => fill(
            lang,
            MessageText::BadLoadFactor,
            &[
                ("factor", &fmt_num(lang, *factor)),
                ("min", &fmt_num(lang, *min)),
                ("max", &fmt_num(lang, *max)),
            ],
        ),
        ConfigError::ProbesOutOfRange { probes, min, max } => fill(
            lang,
            MessageText::BadProbes,
            &[("probes", &probes), ("min", &min), ("max", &max)],
        ),
        ConfigError::WeightsUnused {
            strategy,
            node,
            weight,
        } => {
            let name = strategy_name(lang, *strategy);
            let w = fmt_num(lang, *weight);
            fill(
                lang,
                MessageText::WeightsUnused,
                &[("name", &name), ("w", &w), ("node", &node)],
            )
        }
    }
}

/// `n` nodes, with the singular for one.
pub fn count_nodes(lang: Lang, n: usize) -> String {
    // "node" / "nodes" in Catalan and English, "nodo" / "nodos" in Spanish.
    let (one, many) = match lang {
        Lang::Ca | Lang::En => ("node", "nodes"),
        Lang::Es => ("nodo", "nodos"),
    };
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A request over the work budget: what it asks for, the limit and the ways round it.
pub fn over_budget(lang: Lang, b: &OverBudget) -> String {
    let n = |x: u64| fmt_int(lang, x);
    let (work, max) = (n(b.work()), n(b.max()));
    let fit_keys = b.max_keys().map_or_else(|| "1".to_owned(), n);
    let other = b.max_other();
    // Every message says the work asked for, the limit and the most keys that fit.
    let say = |t: MessageText, args: &[(&str, &dyn Display)]| {
        let mut all: Vec<(&str, &dyn Display)> =
            vec![("work", &work), ("max", &max), ("fit_keys", &fit_keys)];
        all.extend_from_slice(args);
        fill(lang, t, &all)
    };
    // The other way round the limit, when one fits: ", or at most 3 nodes".
    let or_at_most = |t: MessageText, name: &str, most: Option<u64>| {
        most.map(|m| fill(lang, t, &[(name, &n(m))]))
            .unwrap_or_default()
    };
    match *b {
        OverBudget::Rendezvous {
            nodes,
            keys,
            replicas,
            ..
        } => {
            let copies = if replicas > 1 {
                tr(lang, MessageText::OrFewerCopies)
            } else {
                ""
            };
            let or_nodes = or_at_most(
                MessageText::OrFewerNodes,
                "nodes",
                other.filter(|&m| m >= 1),
            );
            say(
                MessageText::OverRendezvous,
                &[
                    ("nodes", &n(nodes)),
                    ("keys", &n(keys)),
                    ("replicas", &n(replicas)),
                    ("or_nodes", &or_nodes),
                    ("copies", &copies),
                ],
            )
        }
        OverBudget::KeyCopies { keys, replicas, .. } => {
            let or_factor = match other {
                Some(f) if f >= 2 => {
                    fill(lang, MessageText::OrSmallerFactor, &[("replicas", &n(f))])
                }
                _ => tr(lang, MessageText::OrSingleCopy).to_owned(),
            };
            say(
                MessageText::OverKeyCopies,
                &[
                    ("replicas", &n(replicas)),
                    ("keys", &n(keys)),
                    ("or_factor", &or_factor),
                ],
            )
        }
        OverBudget::DeviationSweep {
            trials,
            ring_points,
            ..
        } => {
            let way = match other {
                Some(t) => fill(lang, MessageText::FewerTrials, &[("trials", &n(t))]),
                None => tr(lang, MessageText::FewerVnodesOrNodes).to_owned(),
            };
            say(
                MessageText::OverDeviationSweep,
                &[
                    ("trials", &n(trials)),
                    ("ring_points", &n(ring_points)),
                    ("way", &way),
                ],
            )
        }
        OverBudget::Probes { keys, probes, .. } => {
            let or_probes = or_at_most(
                MessageText::OrFewerProbes,
                "probes",
                other.filter(|&p| p >= 1),
            );
            say(
                MessageText::OverProbes,
                &[
                    ("keys", &n(keys)),
                    ("probes", &n(probes)),
                    ("or_probes", &or_probes),
                ],
            )
        }
        OverBudget::MovementSweep { sizes, keys, .. } => {
            let or_sizes = or_at_most(MessageText::OrFewerSizes, "sizes", other);
            say(
                MessageText::OverMovementSweep,
                &[
                    ("sizes", &n(sizes)),
                    ("keys", &n(keys)),
                    ("or_sizes", &or_sizes),
                ],
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chapters::{chapter_tab, chapter_title, ChapterId};
    use crate::contract::chapter_intro;
    use crate::model::words::*;
    use crate::model::{Notice, Progress, WorkStage};
    use crate::state::words::*;
    use crate::state::{Field, FragmentIssue, StateError};

    #[test]
    fn latin_case_matches_unicode_case_on_every_text() {
        let mut texts: Vec<&str> = Text::ALL
            .iter()
            .flat_map(|t| Lang::ALL.map(|l| tr(l, *t)))
            .collect();
        texts.extend(
            crate::study::text::St::ALL
                .iter()
                .flat_map(|t| Lang::ALL.map(|l| crate::study::text::tr(l, *t))),
        );
        texts.extend(["ÀÉÈÍÏÒÓÚÜÇÑ", "àéèíïòóúüçñ", "×÷ Ø ø Þ þ ß"]);
        for text in texts {
            assert_eq!(lower_latin(text), text.to_lowercase(), "{text}");
            let mut chars = text.chars();
            let std_capitalized: String = match chars.next() {
                Some(c) => c.to_uppercase().chain(chars).collect(),
                None => String::new(),
            };
            assert_eq!(capitalize_latin(text), std_capitalized, "{text}");
        }
    }

    #[test]
    fn numbers_follow_each_language() {
        let cases: [(Lang, f64, &str); 5] = [
            (Lang::Ca, 6.3, "6,3\u{a0}%"),
            (Lang::En, 6.3, "6.3\u{a0}%"),
            (Lang::Es, 6.3, "6,3\u{a0}%"),
            (Lang::Ca, 106.44, "106,4\u{a0}%"),
            (Lang::En, 0.049, "0.0\u{a0}%"),
        ];
        for (lang, x, want) in cases {
            assert_eq!(fmt_pct(lang, x, 1), want);
        }
        assert_eq!(fmt_int(Lang::Ca, 24275), "24.275");
        assert_eq!(fmt_int(Lang::Es, 24275), "24.275");
        assert_eq!(fmt_dec(Lang::Es, 1.25, 2), "1,25");
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
        // Within a language no two presets read alike (Catalan and Spanish may share one).
        let mut seen = std::collections::HashSet::new();
        for s in partlab_core::lesson::scenarios() {
            for lang in Lang::ALL {
                let label = preset_label(lang, s);
                assert!(
                    seen.insert((lang, label.clone())),
                    "two presets read {label}"
                );
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

    /// Texts that are rightly the same word in English and another language.
    const SAME_AS_ENGLISH: &[Text] = &[
        Text::Controls,
        Text::CmpNodes,
        Text::PathMd5,
        Text::Node,
        Text::Change,
        Text::IdealShort,
    ];

    /// Texts that are rightly the same words in Catalan and Spanish.
    const SAME_IN_CA_AND_ES: &[Text] = &[
        Text::CmpSideB,
        Text::ShareView,
        Text::Language,
        Text::PathRule,
        Text::Min,
        Text::Median,
    ];

    /// Every text has all three languages: not empty, not padded, and not another language's
    /// text copied (`same_as_en`: the English may equal the others, as a technical word does;
    /// `same_ca_es`: Catalan and Spanish may be written alike; a word shared with English may
    /// be shared by all three).
    fn check_langs(what: &str, text: impl Fn(Lang) -> String, same_as_en: bool, same_ca_es: bool) {
        let [ca, en, es] = Lang::ALL.map(&text);
        for (lang, t) in [("ca", &ca), ("en", &en), ("es", &es)] {
            assert!(!t.trim().is_empty(), "{what}: no {lang} text");
            assert_eq!(t.trim(), t, "{what}: {lang} text padded");
        }
        if !same_as_en {
            assert_ne!(ca, en, "{what}: the Catalan text is the English one");
            assert_ne!(es, en, "{what}: the Spanish text is the English one");
        }
        if !same_as_en && !same_ca_es {
            assert_ne!(ca, es, "{what}: the Spanish text is the Catalan one");
        }
    }

    #[test]
    fn every_text_has_all_three_languages() {
        assert!(Text::ALL.len() > 60, "{}", Text::ALL.len());
        for &t in Text::ALL {
            check_langs(
                &format!("{t:?}"),
                |l| tr(l, t).to_owned(),
                SAME_AS_ENGLISH.contains(&t),
                SAME_IN_CA_AND_ES.contains(&t),
            );
        }
        for part in LessonPart::ALL {
            let what = format!("{part:?}");
            check_langs(&what, |l| part_title(l, part).to_owned(), false, false);
            check_langs(&what, |l| part_name(l, part), false, false);
        }
        for s in Strategy::ALL {
            // Names such as "rendezvous (HRW)", "Maglev" and "ketama" are the same everywhere.
            let proper = matches!(
                s,
                Strategy::Rendezvous | Strategy::Jump | Strategy::Maglev | Strategy::Ketama
            );
            check_langs(
                &format!("{s:?}"),
                |l| strategy_name(l, s).to_owned(),
                proper,
                proper,
            );
            check_langs(
                &format!("{s:?} rule"),
                |l| strategy_rule(l, s).to_owned(),
                false,
                false,
            );
        }
        for f in crate::state::Field::ALL {
            let what = format!("{f:?}");
            check_langs(&what, |l| field_help(l, f).0.to_owned(), false, false);
            // Value lists such as "ca, en, es" are the same in every language.
            check_langs(&what, |l| field_help(l, f).1.to_owned(), true, true);
            check_langs(&what, |l| field_name(l, f), false, false);
            check_langs(&what, |l| field_rule(l, f), false, false);
            check_langs(&what, |l| fallback(l, f).to_owned(), false, false);
        }
        for &c in ChapterId::ALL {
            let what = format!("{c:?}");
            check_langs(&what, |l| chapter_intro(l, c).to_owned(), false, false);
            check_langs(&what, |l| chapter_title(l, c), false, false);
            let rendezvous = c == ChapterId::Rendezvous;
            check_langs(
                &what,
                |l| chapter_tab(l, c).to_owned(),
                rendezvous,
                rendezvous,
            );
        }
        let errors = ConfigError::examples();
        for e in &errors {
            check_langs(&format!("{e:?}"), |l| config_error(l, e), false, false);
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
            check_langs(&format!("{n:?}"), |l| notice(l, n), false, false);
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
            assert!(
                !text.chars().any(partlab_core::config::is_hidden_char),
                "{text}"
            );
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
    fn progress_notes_exist_in_every_language() {
        for stage in [
            WorkStage::HashKeys,
            WorkStage::Ring,
            WorkStage::Table,
            WorkStage::Assign,
            WorkStage::Compare,
        ] {
            let p = Progress {
                stage,
                done: 1,
                total: 3,
                keys: 1_000_000,
            };
            let all = [
                Meanwhile::PreviousFigures,
                Meanwhile::RingOnly,
                Meanwhile::Nothing,
            ];
            for meanwhile in all {
                check_langs(
                    &format!("{stage:?}"),
                    |l| progress_note(l, &p, meanwhile),
                    false,
                    false,
                );
                let en = progress_note(Lang::En, &p, meanwhile);
                assert!(en.contains("33\u{a0}%"), "{en}");
            }
            // Each says something of its own.
            for lang in [Lang::Ca, Lang::En, Lang::Es] {
                let notes: std::collections::HashSet<String> =
                    all.iter().map(|&m| progress_note(lang, &p, m)).collect();
                assert_eq!(notes.len(), 3, "{lang:?}");
            }
        }
        let p = Progress {
            stage: WorkStage::HashKeys,
            done: 0,
            total: 1,
            keys: 1_000_000,
        };
        let m = Meanwhile::PreviousFigures;
        assert!(progress_note(Lang::Ca, &p, m).contains("1.000.000 claus"));
        assert!(progress_note(Lang::Es, &p, m).contains("1.000.000 claves"));
        // Once the ring is drawn, the note no longer promises it.
        let ring = progress_note(Lang::En, &p, Meanwhile::RingOnly);
        assert!(ring.contains("figures") && !ring.contains("ring"), "{ring}");
    }

    /// A request over the budget says the limit and the ways round it, in every language.
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
        let es = config_error(Lang::Es, &e);
        assert!(
            es.contains("32.000.000") && es.contains("250.000 claves") && es.contains("8 nodos"),
            "{es}"
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
        let es = change_sentence(Lang::Es, &lab, Some(before));
        let want = format!(
            "inv-tar ha entrado: se ha movido el {} de las claves, todas hacia inv-tar; desviación {} → {}.",
            fmt_fraction(Lang::Es, m.moved_fraction),
            fmt_pct(Lang::Es, before, 1),
            fmt_pct(Lang::Es, lab.distribution().deviation_pct, 1)
        );
        assert_eq!(es, want);
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
        assert_eq!(count_nodes(Lang::Es, 1), "1 nodo");
        assert_eq!(count_nodes(Lang::Es, 4), "4 nodos");
        assert_eq!(count_nodes(Lang::Ca, 4), "4 nodes");
        assert_eq!(
            sweep_keys(Lang::En, 100_000, 1_000_000),
            "the first 100,000 of the 1,000,000 keys"
        );
        assert_eq!(
            sweep_keys(Lang::Ca, 100_000, 1_000_000),
            "les primeres 100.000 de les 1.000.000 claus"
        );
        assert_eq!(
            sweep_keys(Lang::Es, 100_000, 1_000_000),
            "las primeras 100.000 de las 1.000.000 claves"
        );
    }
}

crate::base::text::texts! {
    /// The lesson's experiments' names and the core's errors, in the page's words.
    pub enum MessageText {
        PresetModulo => ("Hash mòdul N: de {from} a {to} nodes", "Hash mod N: {from} → {to} nodes", "Hash módulo N: de {from} a {to} nodos"),
        PresetRingOneVnode => ("Anell, 1 node virtual", "Ring, 1 virtual node", "Anillo, 1 nodo virtual"),
        PresetRingVnodes => ("Anell, {vnodes} nodes virtuals", "Ring, {vnodes} virtual nodes", "Anillo, {vnodes} nodos virtuales"),
        PresetJoin => ("{strategy}: entra {node}", "{strategy}: {node} joins", "{strategy}: entra {node}"),
        PresetLeave => ("Anell: surt {node}", "Ring: {node} leaves", "Anillo: sale {node}"),
        PresetWeighted => ("Anell amb pesos ({part})", "Weighted ring ({part})", "Anillo con pesos ({part})"),
        PresetReplicas => (", {r} rèpliques", ", {r} replicas", ", {r} réplicas"),
        Nodes => ("nodes", "nodes", "nodos"),
        NoNodes => ("Cal almenys un node: les claus han d'anar a algun lloc.", "Add at least one node: keys need somewhere to go.", "Hace falta al menos un nodo: las claves tienen que ir a algún sitio."),
        TooManyNodes => ("{count} nodes són massa; el màxim és {max}.", "{count} nodes is more than this lab handles; use at most {max}.", "{count} nodos son demasiados; el máximo es {max}."),
        EmptyNodeName => ("El node {position} no té nom; tots els nodes en necessiten un.", "Node {position} has no name; every node needs one.", "El nodo {position} no tiene nombre; todos los nodos necesitan uno."),
        DuplicateNodeName => ("Hi ha dos nodes que es diuen «{name}»; els noms han de ser únics perquè el nom és el que es hasheja.", "Two nodes are called \"{name}\"; names must be unique because the name is what gets hashed.", "Hay dos nodos que se llaman «{name}»; los nombres deben ser únicos porque el nombre es lo que se pasa por el hash."),
        NodeNameTooLong => ("El nom «{name}» té {chars} caràcters; com a màxim {max} (compten els caràcters Unicode: «é» o «☕» és un).", "The node name \"{name}\" has {chars} characters; use at most {max} (counted in Unicode characters: \"é\" or \"☕\" is one).", "El nombre «{name}» tiene {chars} caracteres; como máximo {max} (cuentan los caracteres Unicode: «é» o «☕» es uno)."),
        NodeNameControl => ("El nom «{name}» conté un caràcter de control (com un salt de línia).", "The node name \"{name}\" contains a control character (such as a line break).", "El nombre «{name}» contiene un carácter de control (como un salto de línea)."),
        BadWeight => ("El node «{node}» té pes {weight}; el pes ha de ser un nombre entre {min} i {max}.", "Node \"{node}\" has weight {weight}; a weight must be a number from {min} to {max}.", "El nodo «{node}» tiene peso {weight}; el peso debe ser un número entre {min} y {max}."),
        BadVnodes => ("{vnodes} nodes virtuals per node queda fora de límits; tria entre 1 i {max}.", "{vnodes} virtual nodes per node is out of range; choose between 1 and {max}.", "{vnodes} nodos virtuales por nodo queda fuera de los límites; elige entre 1 y {max}."),
        TooManyNodeVnodes => ("El node «{node}» tindria {vnodes} nodes virtuals (nodes virtuals × pes); el límit és {max} per node.", "Node \"{node}\" would get {vnodes} virtual nodes (vnodes × weight); the limit is {max} per node.", "El nodo «{node}» tendría {vnodes} nodos virtuales (nodos virtuales × peso); el límite es {max} por nodo."),
        TooManyRingPoints => ("L'anell tindria {points} nodes virtuals en total; el límit és {max}: fes servir menys nodes virtuals o menys nodes.", "The ring would have {points} virtual nodes in total; the limit is {max}: use fewer vnodes or nodes.", "El anillo tendría {points} nodos virtuales en total; el límite es {max}: usa menos nodos virtuales o menos nodos."),
        BadReplicas => ("Un factor de replicació de {replicas} no hi cap amb {node_count}: cada còpia necessita un node diferent; tria entre 1 i {nodes}.", "A replication factor of {replicas} does not fit {node_count}: each copy needs a different node, so choose between 1 and {nodes}.", "Un factor de replicación de {replicas} no cabe con {node_count}: cada copia necesita un nodo distinto; elige entre 1 y {nodes}."),
        BadKeyCount => ("{count} claus queda fora de límits; tria entre 1 i {max}.", "{count} keys is out of range; choose between 1 and {max}.", "{count} claves queda fuera de los límites; elige entre 1 y {max}."),
        KeyTooLong => ("La clau {position} té més de {max} caràcters.", "Key {position} is longer than {max} characters.", "La clave {position} tiene más de {max} caracteres."),
        UnknownStrategy => ("No hi ha cap estratègia «{given}»; tria modulo, ring, rendezvous, jump, maglev, bounded, multiprobe o ketama.", "Unknown strategy \"{given}\"; choose modulo, ring, rendezvous, jump, maglev, bounded, multiprobe or ketama.", "No hay ninguna estrategia «{given}»; elige modulo, ring, rendezvous, jump, maglev, bounded, multiprobe o ketama."),
        TableSizeNotPrime => ("La mida de la taula de Maglev ha de ser un nombre primer, i {size} no ho és (65.537 o 655.373, per exemple).", "Maglev's table size must be a prime, and {size} is not (65,537 or 655,373, for example).", "El tamaño de la tabla de Maglev debe ser un número primo, y {size} no lo es (65.537 o 655.373, por ejemplo)."),
        TableSizeOutOfRange => ("La taula de Maglev de {size} caselles no és possible: ha de tenir entre {min} (una per node) i {max} caselles.", "A Maglev table of {size} entries is not possible: it needs {min} (one per node) to {max} entries.", "La tabla de Maglev de {size} casillas no es posible: debe tener entre {min} (una por nodo) y {max} casillas."),
        BadLoadFactor => ("El factor de càrrega c = {factor} ha de ser entre {min} i {max}.", "The load factor c = {factor} must be from {min} to {max}.", "El factor de carga c = {factor} debe estar entre {min} y {max}."),
        BadProbes => ("{probes} sondes per clau no és possible: entre {min} i {max}.", "{probes} probes per key is not possible: from {min} to {max}.", "{probes} sondas por clave no es posible: entre {min} y {max}."),
        WeightsUnused => ("Amb {name} cada node rep la mateixa part, sigui quin sigui el seu pes: el pes {w} de «{node}» no hi canviaria res. Els pesos només compten a l'anell, rendezvous i ketama.", "With {name} every node gets the same share whatever its weight: the weight {w} of \"{node}\" would change nothing. Weights count for the ring, rendezvous and ketama only.", "Con {name} cada nodo recibe la misma parte, sea cual sea su peso: el peso {w} de «{node}» no cambiaría nada. Los pesos solo cuentan en el anillo, rendezvous y ketama."),
        OrFewerCopies => (", o menys còpies", ", or fewer copies", ", o menos copias"),
        NodeNameHidden => ("El nom «{name}» conté un caràcter invisible (U+{code}, d'amplada zero o de direcció del text); esborra'l: dos noms que semblen iguals es repartirien diferent.", "The node name \"{name}\" contains an invisible character (U+{code}, zero-width or text direction); remove it: two names that look the same would hash apart.", "El nombre «{name}» contiene un carácter invisible (U+{code}, de anchura cero o de dirección del texto); bórralo: dos nombres que parecen iguales se repartirían distinto."),
        /// Rendezvous over the work budget.
        OverRendezvous => ("El rendezvous hauria de calcular {nodes} × {keys} × {replicas} = {work} puntuacions (nodes × claus × còpies); el límit és {max}, perquè cada canvi acabi en un segon: fes servir com a màxim {fit_keys} claus{or_nodes}{copies}.", "Rendezvous would compute {nodes} × {keys} × {replicas} = {work} scores (nodes × keys × copies); the limit is {max}, so that every change finishes within a second: use at most {fit_keys} keys{or_nodes}{copies}.", "El rendezvous tendría que calcular {nodes} × {keys} × {replicas} = {work} puntuaciones (nodos × claves × copias); el límite es {max}, para que cada cambio termine en un segundo: usa como máximo {fit_keys} claves{or_nodes}{copies}."),
        OrFewerNodes => (", o com a màxim {nodes} nodes", ", or at most {nodes} nodes", ", o como máximo {nodes} nodos"),
        /// Too many copies of the keys.
        OverKeyCopies => ("Un factor de replicació de {replicas} sobre {keys} claus desa {work} còpies; el límit és {max}: fes servir com a màxim {fit_keys} claus{or_factor}.", "A replication factor of {replicas} on {keys} keys stores {work} copies; the limit is {max}: use at most {fit_keys} keys{or_factor}.", "Un factor de replicación de {replicas} sobre {keys} claves guarda {work} copias; el límite es {max}: usa como máximo {fit_keys} claves{or_factor}."),
        OrSmallerFactor => (", o un factor de replicació de com a màxim {replicas}", ", or a replication factor of at most {replicas}", ", o un factor de replicación de como máximo {replicas}"),
        OrSingleCopy => (", o una sola còpia (factor 1)", ", or a single copy (factor 1)", ", o una sola copia (factor 1)"),
        /// A deviation sweep over the work budget.
        OverDeviationSweep => ("Aquest escombratge hauria de calcular {work} posicions de nodes virtuals ({trials} proves × {ring_points} punts de l'anell sumant tots els valors); el límit és {max}: {way}.", "This sweep would hash {work} vnode positions ({trials} trials × {ring_points} ring points over its vnode counts); the limit is {max}: {way}.", "Este barrido tendría que calcular {work} posiciones de nodos virtuales ({trials} pruebas × {ring_points} puntos del anillo sumando todos los valores); el límite es {max}: {way}."),
        FewerTrials => ("fes servir com a màxim {trials} proves, o menys nodes virtuals", "use at most {trials} trials, or fewer vnodes", "usa como máximo {trials} pruebas, o menos nodos virtuales"),
        FewerVnodesOrNodes => ("fes servir menys nodes virtuals o menys nodes", "use fewer vnodes or fewer nodes", "usa menos nodos virtuales o menos nodos"),
        /// Multi-probe over the work budget.
        OverProbes => ("Multi-sonda hauria de fer {keys} × {probes} = {work} sondes (claus × sondes); el límit és {max}, perquè cada canvi acabi en un segon: fes servir com a màxim {fit_keys} claus{or_probes}.", "Multi-probe would make {keys} × {probes} = {work} probes (keys × probes); the limit is {max}, so that every change finishes within a second: use at most {fit_keys} keys{or_probes}.", "Multisonda tendría que hacer {keys} × {probes} = {work} sondas (claves × sondas); el límite es {max}, para que cada cambio termine en un segundo: usa como máximo {fit_keys} claves{or_probes}."),
        OrFewerProbes => (", o com a màxim {probes} sondes", ", or at most {probes} probes", ", o como máximo {probes} sondas"),
        /// A movement sweep over the work budget.
        OverMovementSweep => ("Aquest escombratge hauria de repartir {sizes} mides de clúster × {keys} claus = {work} vegades les claus; el límit és {max}: fes servir com a màxim {fit_keys} claus{or_sizes}.", "This sweep would place the keys {sizes} cluster sizes × {keys} keys = {work} times; the limit is {max}: use at most {fit_keys} keys{or_sizes}.", "Este barrido tendría que repartir {sizes} tamaños de clúster × {keys} claves = {work} veces las claves; el límite es {max}: usa como máximo {fit_keys} claves{or_sizes}."),
        OrFewerSizes => (", o com a màxim {sizes} mides", ", or at most {sizes} sizes", ", o como máximo {sizes} tamaños"),
    }
    test the_messages_are_whole_in_every_language(
        same_as_english: [Nodes],
        same_in_ca_and_es: [PresetJoin],
    );
}
