//! Every word of the study chapters, in Catalan, English and Spanish, side by side.
//!
//! Texts with numbers or names in them are templates with `{name}` placeholders, filled by
//! [`fill`]; a test checks that the three languages of every text exist, differ (unless listed as
//! the same word in both) and use the same placeholders, so a translation cannot drop a number.

use crate::base::text::texts;
pub use crate::base::text::{fill, tr, Texts};

texts! {
    /// Every fixed text (or template) of the study chapters.
    pub enum St {
        // ---- Shared by the study chapters -------------------------------------------------------
        /// Controls panel heading.
        Controls => ("Experiment", "Experiment", "Experimento"),
        /// Presets label.
        Presets => ("Les taules de la lliçó", "The lesson's tables", "Las tablas de la lección"),
        /// Seed label.
        Seed => ("Llavor de la simulació", "Simulation seed", "Semilla de la simulación"),
        /// Seed note.
        SeedNote => (
            "La mateixa llavor dona exactament les mateixes comandes, aquí i a la línia d'ordres.",
            "The same seed gives exactly the same orders, here and on the command line.",
            "La misma semilla da exactamente los mismos pedidos, aquí y en la línea de comandos.",
        ),
        // ---- The workload built in slices (study::source) -----------------------------------
        /// Heading while a chapter's first workload is built.
        KmPreparing => ("Preparant les dades", "Preparing the data", "Preparando los datos"),
        /// Generating the orders, a day at a time.
        KmGenerating => (
            "Generant les comandes… dia {done} de {total}.",
            "Generating the orders… day {done} of {total}.",
            "Generando los pedidos… día {done} de {total}.",
        ),
        /// Hashing the ids.
        KmHashing => (
            "Calculant el hash dels identificadors… {pct} %.",
            "Hashing the ids… {pct} %.",
            "Calculando el hash de los identificadores… {pct} %.",
        ),
        /// Orders-per-day label.
        OrdersPerDay => ("Comandes al dia", "Orders a day", "Pedidos al día"),
        /// Days label.
        Days => ("Dies de campanya", "Campaign days", "Días de campaña"),
        /// Partitions label.
        Partitions => ("Particions", "Partitions", "Particiones"),
        /// What the workload is, one line.
        WorkloadLine => (
            "{orders} comandes de KM0 en {days} dies a partir del {start} (llavor {seed}).",
            "{orders} KM0 orders over {days} days from {start} (seed {seed}).",
            "{orders} pedidos de KM0 en {days} días a partir del {start} (semilla {seed}).",
        ),
        /// The data behind a chart.
        ChartData => ("Dades del gràfic", "Chart data", "Datos del gráfico"),
        /// Dismiss notices.
        Dismiss => ("D'acord", "Dismiss", "De acuerdo"),
        /// A background computation is running.
        Computing => ("Calculant… {done}/{total}", "Computing… {done}/{total}", "Calculando… {done}/{total}"),
        /// Table header: partition.
        Partition => ("Partició", "Partition", "Partición"),
        /// Table header: rows.
        Rows => ("Files", "Rows", "Filas"),
        /// Yes.
        Yes => ("sí", "yes", "sí"),
        /// No.
        No => ("no", "no", "no"),
        /// Partition name in charts and tables.
        PartitionName => ("P{i}", "P{i}", "P{i}"),
        /// Axis: partition.
        AxisPartition => ("partició", "partition", "partición"),
        /// A day as a short label (day of month / month).
        ShortDate => ("{d}/{m}", "{d}/{m}", "{d}/{m}"),

        // ---- Notices ------------------------------------------------------------------------------
        /// A fragment that is too long.
        IssueTooLong => (
            "Adreça de la pàgina: la part després de # fa {bytes} bytes (el màxim és {max}); s'ha ignorat.",
            "Page address: the part after # is {bytes} bytes long (at most {max}); it was ignored.",
            "Dirección de la página: la parte después de # tiene {bytes} bytes (el máximo es {max}); se ha ignorado.",
        ),
        /// A bad value in a number field.
        IssueBadNumber => (
            "Adreça de la pàgina: el camp «{field}» val «{value}», però ha de ser un nombre enter entre {min} i {max}; s'ha fet servir el valor per defecte.",
            "Page address: the field \"{field}\" is \"{value}\", but it must be a whole number from {min} to {max}; the default was used.",
            "Dirección de la página: el campo «{field}» vale «{value}», pero debe ser un número entero entre {min} y {max}; se ha usado el valor por defecto.",
        ),
        /// A bad value in another field.
        IssueBadValue => (
            "Adreça de la pàgina: el camp «{field}» no admet «{value}»; s'ha fet servir el valor per defecte.",
            "Page address: the field \"{field}\" does not take \"{value}\"; the default was used.",
            "Dirección de la página: el campo «{field}» no admite «{value}»; se ha usado el valor por defecto.",
        ),
        /// Unknown fields (two or more).
        IssueUnknown => (
            "Adreça de la pàgina: s'han ignorat {count} camps desconeguts.",
            "Page address: {count} unknown fields were ignored.",
            "Dirección de la página: se han ignorado {count} campos desconocidos.",
        ),
        /// A word that is not one of the field's values.
        IssueBadChoice => (
            "Adreça de la pàgina: el camp «{field}» no admet «{value}» (admet: {values}); s'ha fet servir el valor per defecte.",
            "Page address: the field \"{field}\" does not take \"{value}\" (it takes: {values}); the default was used.",
            "Dirección de la página: el campo «{field}» no admite «{value}» (admite: {values}); se ha usado el valor por defecto.",
        ),
        /// A value that does not fit beside the other fields, refused.
        IssueRefused => (
            "Adreça de la pàgina: «{field}={value}» no s'ha aplicat: {rule}",
            "Page address: \"{field}={value}\" was not applied: {rule}",
            "Dirección de la página: «{field}={value}» no se ha aplicado: {rule}",
        ),
        /// A value changed because another setting changed.
        IssueAdjusted => (
            "«{field}» ha passat de {from} a {to}: {rule}",
            "\"{field}\" went from {from} to {to}: {rule}",
            "«{field}» ha pasado de {from} a {to}: {rule}",
        ),
        /// One unknown field.
        IssueUnknownOne => (
            "Adreça de la pàgina: s'ha ignorat 1 camp desconegut.",
            "Page address: 1 unknown field was ignored.",
            "Dirección de la página: se ha ignorado 1 campo desconocido.",
        ),
        /// Too many orders for the page.
        IssueTooManyOrders => (
            "{days} dies de {orders} comandes són massa per a la pàgina (com a màxim {max} comandes); s'han reduït els dies a {kept}.",
            "{days} days of {orders} orders are too many for the page (at most {max} orders); the days were cut to {kept}.",
            "{days} días de {orders} pedidos son demasiados para la página (como máximo {max} pedidos); se han reducido los días a {kept}.",
        ),

        // ---- Section 8: rebalancing -------------------------------------------------------------
        /// Chapter intro.
        RebIntro => (
            "Entre les claus i els nodes hi posem particions, i quan el clúster canvia es mouen particions senceres. Compara tres maneres de fer-ho amb les mateixes dades: moltes particions fixes (com els 16 384 slots de Redis Cluster), particions que es divideixen i es fusionen segons la mida, i un nombre de particions per node. Mira quant es mou quan entra o surt un node, quant triga si limites l'amplada de banda, i què passa quan un detector de fallades impacient i el reequilibratge automàtic s'alimenten l'un a l'altre.",
            "Between keys and nodes we put partitions, and when the cluster changes whole partitions move. Compare three ways of doing it on the same data: many fixed partitions (like Redis Cluster's 16 384 slots), partitions that split and merge by size, and a set number of partitions per node. See how much moves when a node joins or leaves, how long it takes under a bandwidth cap, and what happens when an impatient failure detector and automatic rebalancing feed each other.",
            "Entre las claves y los nodos ponemos particiones, y cuando el clúster cambia se mueven particiones enteras. Compara tres maneras de hacerlo con los mismos datos: muchas particiones fijas (como los 16 384 slots de Redis Cluster), particiones que se dividen y se fusionan según su tamaño, y un número de particiones por nodo. Mira cuánto se mueve cuando entra o sale un nodo, cuánto tarda si limitas el ancho de banda, y qué pasa cuando un detector de fallos impaciente y el rebalanceo automático se alimentan el uno al otro.",
        ),
        /// The lookup key field's values.
        RebKeyRule => (
            "qualsevol text de fins a 64 bytes, sense caràcters de control",
            "any text of up to 64 bytes, without control characters",
            "cualquier texto de hasta 64 bytes, sin caracteres de control",
        ),
        /// Preset: the lesson's 1024 partitions.
        RebPresetLesson => ("1024 particions en 10 nodes", "1024 partitions on 10 nodes", "1024 particiones en 10 nodos"),
        /// Preset: Redis Cluster.
        RebPresetRedis => ("Redis Cluster: 16 384 slots", "Redis Cluster: 16 384 slots", "Redis Cluster: 16 384 slots"),
        /// Preset: pre-splitting.
        RebPresetPresplit => ("Dades noves amb pre-divisió", "A new data set, pre-split", "Datos nuevos con predivisión"),
        /// Preset: key ranges with deletions.
        RebPresetRange => ("Rangs de clau que es buiden", "Key ranges that empty", "Rangos de clave que se vacían"),
        /// Preset: the cascade.
        RebPresetCascade => ("Un node lent i la cascada", "A slow node and the cascade", "Un nodo lento y la cascada"),
        /// Preset: an operator approves.
        RebPresetOperator => ("Un operador aprova els moviments", "An operator approves the moves", "Un operador aprueba los movimientos"),
        /// Step buttons of the dynamic timeline.
        RebStepTimeline => ("Recorre la línia de temps pas a pas", "Step through the timeline", "Recorre la línea de tiempo paso a paso"),
        /// Step buttons of the cascade (5 s a click).
        RebStepCascade => ("Recorre la cascada de 5 en 5 s", "Step through the cascade, 5 s at a time", "Recorre la cascada de 5 en 5 s"),
        /// Step buttons of the routing run.
        RtStepRun => ("Recorre la simulació segon a segon", "Step through the simulation", "Recorre la simulación segundo a segundo"),
        /// Step buttons of the lease timeline.
        RtStepLease => ("Recorre el lease segon a segon", "Step through the lease timeline", "Recorre el lease segundo a segundo"),
        /// Back.
        RebBack => ("◀ enrere", "◀ back", "◀ atrás"),
        /// Forward.
        RebForward => ("endavant ▶", "forward ▶", "adelante ▶"),
        /// Nodes label.
        RebNodes => ("Nodes", "Nodes", "Nodos"),
        /// Fixed partitions label.
        RebFixed => ("Particions fixes (esquema fix)", "Fixed partitions (fixed scheme)", "Particiones fijas (esquema fijo)"),
        /// Redis slots option.
        RebRedisSlots => ("{n} (slots de Redis Cluster, CRC16)", "{n} (Redis Cluster slots, CRC16)", "{n} (slots de Redis Cluster, CRC16)"),
        /// Weight label.
        RebWeight => ("Pes del node que entra", "Weight of the joining node", "Peso del nodo que entra"),
        /// Key label.
        RebKey => ("Clau a buscar als slots", "Key to look up in the slots", "Clave a buscar en los slots"),
        /// The slot lookup's text box.
        RebLookup => ("O escriu qualsevol clau", "Or type any key", "O escribe cualquier clave"),
        /// Key note.
        RebKeyNote => (
            "Qualsevol altra clau es pot escriure a l'adreça (camp key=).",
            "Any other key can be written in the address (field key=).",
            "Cualquier otra clave se puede escribir en la dirección (campo key=).",
        ),
        /// Dynamic keys label.
        RebKind => ("Claus del particionament dinàmic", "Dynamic partitioning's keys", "Claves del particionado dinámico"),
        /// Hash keys.
        RebKindHash => ("rangs de hash", "hash ranges", "rangos de hash"),
        /// Range keys.
        RebKindRange => ("rangs de clau (una seqüència)", "key ranges (a sequence)", "rangos de clave (una secuencia)"),
        /// Pre-split label.
        RebPresplit => ("Particions abans de la primera escriptura (pre-divisió)", "Partitions before the first write (pre-splitting)", "Particiones antes de la primera escritura (predivisión)"),
        /// Retention label.
        RebRetention => ("Passos que viu un registre (0: sempre)", "Steps a record lives (0: forever)", "Pasos que vive un registro (0: siempre)"),
        /// Dynamic step label.
        RebStepLabel => ("Pas de la línia de temps", "Timeline step", "Paso de la línea de tiempo"),
        /// Step of steps.
        RebStepOf => ("pas {t} de {n}", "step {t} of {n}", "paso {t} de {n}"),
        /// Partitions per node label.
        RebPerNode => ("Particions per node (esquema proporcional)", "Partitions per node (proportional scheme)", "Particiones por nodo (esquema proporcional)"),
        /// Cap label.
        RebCap => ("Límit d'amplada de banda del reequilibratge", "Rebalancing bandwidth cap", "Límite de ancho de banda del rebalanceo"),
        /// MB/s.
        RebMbS => ("{n} MB/s", "{n} MB/s", "{n} MB/s"),
        /// Mode label.
        RebMode => ("Qui mou les particions d'un node sospitós", "Who moves a suspected node's partitions", "Quién mueve las particiones de un nodo sospechoso"),
        /// Automatic.
        RebModeAuto => ("automàtic", "automatic", "automático"),
        /// Operator.
        RebModeOperator => ("un operador ho aprova", "an operator approves", "un operador lo aprueba"),
        /// Load label.
        RebLoad => ("Càrrega de cada node (% de la capacitat)", "Each node's load (% of capacity)", "Carga de cada nodo (% de la capacidad)"),
        /// Timeout label.
        RebTimeout => ("Llindar del detector (× la latència normal)", "Detector threshold (× normal latency)", "Umbral del detector (× la latencia normal)"),
        /// Cascade second label.
        RebSec => ("Segon de la cascada", "Cascade second", "Segundo de la cascada"),
        /// Seconds.
        RebSecOf => ("{t} s", "{t} s", "{t} s"),
        /// GB.
        RebGb => ("{n} GB", "{n} GB", "{n} GB"),
        /// The new node.
        RebNewNode => ("{node} (nou)", "{node} (new)", "{node} (nuevo)"),
        /// Axis: GB.
        RebAxisGb => ("dades (GB)", "data (GB)", "datos (GB)"),
        /// Before.
        RebBefore => ("abans", "before", "antes"),
        /// After.
        RebAfter => ("després", "after", "después"),
        /// Fixed panel title.
        RebFixedTitle => ("Nombre fix de particions: entra un node", "A fixed number of partitions: a node joins", "Número fijo de particiones: entra un nodo"),
        /// Fixed caption.
        RebFixedCaption => (
            "{parts} particions repartides entre {nodes} nodes amb {records} de dades; entra {node} i pren particions senceres, sempre del node amb més dades, fins que té almenys la part que li toca.",
            "{parts} partitions spread over {nodes} nodes holding {records} of data; {node} joins and takes whole partitions, always from the node holding the most data, until it holds at least its share.",
            "{parts} particiones repartidas entre {nodes} nodos con {records} de datos; entra {node} y toma particiones enteras, siempre del nodo con más datos, hasta que tiene al menos la parte que le toca.",
        ),
        /// Figure: partitions moved.
        RebFigPartsMoved => ("Particions mogudes", "Partitions moved", "Particiones movidas"),
        /// Figure: ideal partitions.
        RebFigPartsIdeal => ("Les que li toquen (ideal)", "Its fair share (ideal)", "Las que le tocan (ideal)"),
        /// Figure: keys moved.
        RebFigKeysMoved => ("Claus (registres) mogudes", "Keys (records) moved", "Claves (registros) movidas"),
        /// Figure: ideal keys.
        RebFigKeysIdeal => ("Mínim ideal de claus", "Ideal minimum of keys", "Mínimo ideal de claves"),
        /// Figure: data moved.
        RebFigMoved => ("Dades mogudes", "Data moved", "Datos movidos"),
        /// Figure: ideal data.
        RebFigIdeal => ("Mínim ideal de dades", "Ideal minimum of data", "Mínimo ideal de datos"),
        /// Figure: balance.
        RebFigBalance => ("Equilibri (node més carregat / mitjana)", "Balance (busiest node / mean)", "Equilibrio (nodo más cargado / media)"),
        /// Fixed chart label.
        RebFixedChart => ("Dades per node abans i després que entri el node", "Data per node before and after the node joins", "Datos por nodo antes y después de que entre el nodo"),
        /// Column: node.
        RebColNode => ("Node", "Node", "Nodo"),
        /// Column: partitions before.
        RebColPartsBefore => ("Particions abans", "Partitions before", "Particiones antes"),
        /// Column: partitions after.
        RebColPartsAfter => ("Particions després", "Partitions after", "Particiones después"),
        /// Column: given away.
        RebColGiven => ("Cedides", "Given away", "Cedidas"),
        /// Column: data before.
        RebColDataBefore => ("Dades abans", "Data before", "Datos antes"),
        /// Column: data after.
        RebColDataAfter => ("Dades després", "Data after", "Datos después"),
        /// Slots title.
        RebSlotsTitle => ("On va una clau a Redis Cluster", "Where a key goes in Redis Cluster", "Adónde va una clave en Redis Cluster"),
        /// Slots caption.
        RebSlotsCaption => (
            "slot = CRC16(clau) mòdul 16 384 (CRC16-XMODEM). Si la clau conté una etiqueta {…} no buida (la primera clau d'obertura i el primer tancament que la segueix), només es passa pel hash el que hi ha dins: així les claus amb la mateixa etiqueta cauen al mateix slot. Els slots es reparteixen entre {nodes} nodes en trams contigus, com ho fa redis-cli --cluster create (amb 3 nodes: 0–5460, 5461–10922 i 10923–16383).",
            "slot = CRC16(key) modulo 16 384 (CRC16-XMODEM). If the key holds a non-empty tag {…} (the first opening brace and the first closing one after it), only what is inside is hashed: keys with the same tag share a slot. The slots are spread over {nodes} nodes in contiguous ranges, as redis-cli --cluster create hands them out (with 3 nodes: 0–5460, 5461–10922 and 10923–16383).",
            "slot = CRC16(clave) módulo 16 384 (CRC16-XMODEM). Si la clave contiene una etiqueta {…} no vacía (la primera llave de apertura y el primer cierre que la sigue), solo se pasa por el hash lo que hay dentro: así las claves con la misma etiqueta caen en el mismo slot. Los slots se reparten entre {nodes} nodos en tramos contiguos, como lo hace redis-cli --cluster create (con 3 nodos: 0–5460, 5461–10922 y 10923–16383).",
        ),
        /// Figure: a key's slot.
        RebFigSlot => ("Slot de «{key}»", "Slot of \"{key}\"", "Slot de «{key}»"),
        /// Figure: owner.
        RebFigOwner => ("Node que el té", "Node holding it", "Nodo que lo tiene"),
        /// Column: key.
        RebColKey => ("Clau", "Key", "Clave"),
        /// Column: hashed part.
        RebColTag => ("Part que es passa pel hash", "Part that is hashed", "Parte que se pasa por el hash"),
        /// Column: CRC.
        RebColCrc => ("CRC16", "CRC16", "CRC16"),
        /// Column: slot.
        RebColSlot => ("Slot (mòdul 16 384)", "Slot (mod 16 384)", "Slot (módulo 16 384)"),
        /// The time cursor.
        RebNow => ("ara", "now", "ahora"),
        /// Axis: step.
        RebAxisStep => ("pas", "step", "paso"),
        /// Axis: count.
        RebAxisCount => ("nombre", "count", "número"),
        /// Series: partitions.
        RebSeriesParts => ("particions", "partitions", "particiones"),
        /// Series: nodes writing.
        RebSeriesWriting => ("nodes que reben escriptures", "nodes receiving writes", "nodos que reciben escrituras"),
        /// Dynamic title.
        RebDynTitle => ("Particionament dinàmic: dividir i fusionar", "Dynamic partitioning: split and merge", "Particionado dinámico: dividir y fusionar"),
        /// Dynamic caption.
        RebDynCaption => (
            "Claus: {kind}. Cada pas arriben {step} de dades; una partició de més de {split} es divideix per la clau mitjana i la meitat nova va al node amb menys particions; una que queda gairebé buida es fusiona amb la veïna. Al començament hi ha {ps}.",
            "Keys: {kind}. Each step brings {step} of data; a partition over {split} splits at its median key and the new half goes to the node with the fewest partitions; one that is nearly empty merges with its neighbour. It starts with {ps}.",
            "Claves: {kind}. En cada paso llegan {step} de datos; una partición de más de {split} se divide por la clave mediana y la mitad nueva va al nodo con menos particiones; una que queda casi vacía se fusiona con la vecina. Al principio hay {ps}.",
        ),
        /// The dynamic caption's starting partitions: one.
        RebOnePartition => ("1 partició", "1 partition", "1 partición"),
        /// The dynamic caption's starting partitions: two or more.
        RebPartitions => ("{n} particions", "{n} partitions", "{n} particiones"),
        /// Figure: partitions.
        RebFigParts => ("Particions", "Partitions", "Particiones"),
        /// Figure: nodes writing.
        RebFigWriting => ("Nodes que reben escriptures en aquest pas", "Nodes receiving writes in this step", "Nodos que reciben escrituras en este paso"),
        /// k of n nodes.
        RebOfNodes => ("{k} de {n}", "{k} of {n}", "{k} de {n}"),
        /// Figure: splits so far.
        RebFigSplits => ("Divisions fins ara", "Splits so far", "Divisiones hasta ahora"),
        /// Figure: merges so far.
        RebFigMerges => ("Fusions fins ara", "Merges so far", "Fusiones hasta ahora"),
        /// Figure: largest partition.
        RebFigLargest => ("Partició més gran", "Largest partition", "Partición más grande"),
        /// Figure: first step with more than one node writing.
        RebFigSpread => ("Primer pas amb més d'un node treballant", "First step with more than one node working", "Primer paso con más de un nodo trabajando"),
        /// Never.
        RebNever => ("mai", "never", "nunca"),
        /// Dynamic chart label.
        RebDynChart => ("Particions i nodes que escriuen, pas a pas", "Partitions and nodes writing, step by step", "Particiones y nodos que escriben, paso a paso"),
        /// Column: splits.
        RebColSplits => ("Divisions", "Splits", "Divisiones"),
        /// Column: merges.
        RebColMerges => ("Fusions", "Merges", "Fusiones"),
        /// Column: data.
        RebColData => ("Dades", "Data", "Datos"),
        /// Scheme: fixed.
        RebSchemeFixed => ("nombre fix", "fixed number", "número fijo"),
        /// Scheme: dynamic.
        RebSchemeDynamic => ("dinàmic", "dynamic", "dinámico"),
        /// Scheme: proportional.
        RebSchemeProp => ("proporcional als nodes", "proportional to nodes", "proporcional a los nodos"),
        /// A node joins.
        RebJoin => ("entra un node", "a node joins", "entra un nodo"),
        /// A node leaves.
        RebLeave => ("surt el node A", "node A leaves", "sale el nodo A"),
        /// Axis: partitions.
        RebAxisParts => ("particions (escala log.)", "partitions (log scale)", "particiones (escala log.)"),
        /// Axis: mean size.
        RebAxisSize => ("mida mitjana d'una partició (GB, log.)", "mean partition size (GB, log)", "tamaño medio de una partición (GB, log.)"),
        /// Compare title.
        RebCompareTitle => ("Els tres esquemes amb les mateixes dades", "The three schemes on the same data", "Los tres esquemas con los mismos datos"),
        /// Compare caption.
        RebCompareCaption => (
            "{records} de dades en {nodes} nodes: {fp} particions fixes, el resultat del particionament dinàmic, {pn} particions per node. Equilibri abans del canvi: {b0}, {b1} i {b2}.",
            "{records} of data on {nodes} nodes: {fp} fixed partitions, the dynamic scheme's outcome, {pn} partitions per node. Balance before the change: {b0}, {b1} and {b2}.",
            "{records} de datos en {nodes} nodos: {fp} particiones fijas, el resultado del particionado dinámico, {pn} particiones por nodo. Equilibrio antes del cambio: {b0}, {b1} y {b2}.",
        ),
        /// Column: change.
        RebColChange => ("Esquema · canvi", "Scheme · change", "Esquema · cambio"),
        /// Column: moved.
        RebColMoved => ("Dades mogudes", "Data moved", "Datos movidos"),
        /// Column: ideal.
        RebColIdeal => ("Ideal", "Ideal", "Ideal"),
        /// Column: ratio.
        RebColRatio => ("Mogut / ideal", "Moved / ideal", "Movido / ideal"),
        /// Column: partitions moved.
        RebColPartsMoved => ("Particions mogudes", "Partitions moved", "Particiones movidas"),
        /// Growth note.
        RebGrowthNote => (
            "Ara les dades creixen pas a pas des de 2 nodes, i cada 5 passos n'entra un més: el nombre fix no canvia mai i les seves particions s'engreixen; les dinàmiques es multipliquen amb les dades; les proporcionals creixen amb els nodes.",
            "Now the data grows step by step from 2 nodes, and a node joins every 5 steps: the fixed number never changes and its partitions fatten; dynamic ones multiply with the data; proportional ones grow with the nodes.",
            "Ahora los datos crecen paso a paso desde 2 nodos, y cada 5 pasos entra uno más: el número fijo no cambia nunca y sus particiones engordan; las dinámicas se multiplican con los datos; las proporcionales crecen con los nodos.",
        ),
        /// Partitions chart label.
        RebPartsChart => ("Particions al llarg del temps, per esquema", "Partitions over time, per scheme", "Particiones a lo largo del tiempo, por esquema"),
        /// Size chart label.
        RebSizeChart => ("Mida mitjana de partició al llarg del temps, per esquema", "Mean partition size over time, per scheme", "Tamaño medio de partición a lo largo del tiempo, por esquema"),
        /// Axis: minutes.
        RebAxisMinutes => ("minuts", "minutes", "minutos"),
        /// Axis: GB moved.
        RebAxisGbMoved => ("GB moguts", "GB moved", "GB movidos"),
        /// Bandwidth title.
        RebBwTitle => ("Moure-ho sense saturar la xarxa", "Moving it without flooding the network", "Moverlo sin saturar la red"),
        /// Bandwidth caption.
        RebBwCaption => (
            "Les {parts} particions que pren el node nou ({gb} GB) s'envien una darrere l'altra amb un límit d'amplada de banda; cada node té {nic} MB/s de xarxa i continua servint peticions mentrestant.",
            "The {parts} partitions the new node takes ({gb} GB) are sent one after another under a bandwidth cap; each node has {nic} MB/s of network and keeps serving requests meanwhile.",
            "Las {parts} particiones que toma el nodo nuevo ({gb} GB) se envían una detrás de otra con un límite de ancho de banda; cada nodo tiene {nic} MB/s de red y sigue sirviendo peticiones mientras tanto.",
        ),
        /// Figure: minutes at cap.
        RebFigMinutes => ("Durada del moviment a {n} MB/s", "Duration of the move at {n} MB/s", "Duración del movimiento a {n} MB/s"),
        /// Minutes.
        RebMinutes => ("{n} min", "{n} min", "{n} min"),
        /// Figure: node share.
        RebFigNodeShare => ("Part de la xarxa del node que rep", "Share of the receiving node's network", "Parte de la red del nodo que recibe"),
        /// Figure: cluster share.
        RebFigClusterShare => ("Part de la xarxa de tot el clúster", "Share of the whole cluster's network", "Parte de la red de todo el clúster"),
        /// Bandwidth chart label.
        RebBwChart => ("Dades mogudes al llarg del temps, per límit", "Data moved over time, per cap", "Datos movidos a lo largo del tiempo, por límite"),
        /// Axis: seconds.
        RebAxisSeconds => ("segon", "second", "segundo"),
        /// Axis: nodes alive.
        RebAxisAlive => ("nodes que el detector considera vius", "nodes the detector considers alive", "nodos que el detector considera vivos"),
        /// Cascade title.
        RebCascadeTitle => ("Un node lent, un detector impacient i la cascada", "A slow node, an impatient detector and the cascade", "Un nodo lento, un detector impaciente y la cascada"),
        /// Cascade caption.
        RebCascadeCaption => (
            "{nodes} nodes al {load} % de la seva capacitat. Al segon 10 el node A es torna 3 vegades més lent, però no mor. Un node que respon més de {to} vegades més lent que de costum durant 3 segons seguits es declara mort. En mode automàtic, la seva càrrega passa als altres, que a més reben les dades mogudes durant 20 s.",
            "{nodes} nodes at {load} % of their capacity. At second 10 node A turns 3 times slower, but does not die. A node answering more than {to} times slower than usual for 3 seconds in a row is declared dead. In automatic mode its load goes to the others, which also receive the moved data for 20 s.",
            "{nodes} nodos al {load} % de su capacidad. En el segundo 10 el nodo A se vuelve 3 veces más lento, pero no muere. Un nodo que responde más de {to} veces más lento de lo habitual durante 3 segundos seguidos se declara muerto. En modo automático, su carga pasa a los demás, que además reciben los datos movidos durante 20 s.",
        ),
        /// Figure: alive.
        RebFigAlive => ("Nodes vius ({mode}, segon {t})", "Nodes alive ({mode}, second {t})", "Nodos vivos ({mode}, segundo {t})"),
        /// Figure: served.
        RebFigServed => ("Demanda atesa", "Demand served", "Demanda atendida"),
        /// Figure: latency.
        RebFigLatency => ("Pitjor latència d'un node viu", "Worst latency of a live node", "Peor latencia de un nodo vivo"),
        /// The worst latency of a live node when none is alive.
        RebNoLiveNode => ("no n'hi ha: cap node viu", "n/a: no node is alive", "no hay: ningún nodo vivo"),
        /// Times normal.
        RebTimes => ("{n} × la normal", "{n} × normal", "{n} × la normal"),
        /// Cascade chart label.
        RebCascadeChart => ("Nodes vius al llarg del temps: automàtic contra operador", "Nodes alive over time: automatic against operator", "Nodos vivos a lo largo del tiempo: automático frente a operador"),
        /// Column: alive auto.
        RebColAliveAuto => ("Vius (automàtic)", "Alive (automatic)", "Vivos (automático)"),
        /// Column: served auto.
        RebColServedAuto => ("Atesa (automàtic)", "Served (automatic)", "Atendida (automático)"),
        /// Column: alive operator.
        RebColAliveOp => ("Vius (operador)", "Alive (operator)", "Vivos (operador)"),
        /// Column: served operator.
        RebColServedOp => ("Atesa (operador)", "Served (operator)", "Atendida (operador)"),
        /// Column: declared dead.
        RebColDeclared => ("Declarats morts (automàtic)", "Declared dead (automatic)", "Declarados muertos (automático)"),

        // ---- Section 9: request routing -------------------------------------------------------------
        /// Chapter intro.
        RtIntro => (
            "Un client vol una clau: a quin node li demana? Aquí el mateix clúster i el mateix flux de peticions passen per tres dissenys mentre una partició canvia de node: preguntar a qualsevol node, que reenvia (el mapa viatja per gossip); passar per una capa d'encaminament; o un client que guarda el mapa i el corregeix quan li responen MOVED o ASK. Mou el temps i mira quants salts costa cada petició i quant triguen tots a tornar a estar d'acord. Al final, un coordinador amb leases: què veuen els clients quan un node mor.",
            "A client wants a key: which node does it ask? Here the same cluster and request stream go through three designs while a partition changes node: ask any node, which forwards (the map travels by gossip); go through a routing tier; or a client that keeps the map and fixes it when told MOVED or ASK. Move through time and see how many hops each request costs and how long everyone takes to agree again. Last, a coordinator with leases: what clients see when a node dies.",
            "Un cliente quiere una clave: ¿a qué nodo se la pide? Aquí el mismo clúster y el mismo flujo de peticiones pasan por tres diseños mientras una partición cambia de nodo: preguntar a cualquier nodo, que reenvía (el mapa viaja por gossip); pasar por una capa de enrutamiento; o un cliente que guarda el mapa y lo corrige cuando le responden MOVED o ASK. Mueve el tiempo y mira cuántos saltos cuesta cada petición y cuánto tardan todos en volver a estar de acuerdo. Al final, un coordinador con leases: qué ven los clientes cuando un nodo muere.",
        ),
        /// Preset: the lesson.
        RtPresetLesson => ("Els tres dissenys, una partició es mou", "The three designs, one partition moves", "Los tres diseños, una partición se mueve"),
        /// Preset: slow gossip.
        RtPresetSlowGossip => ("Gossip lent (cada 5 s)", "Slow gossip (every 5 s)", "Gossip lento (cada 5 s)"),
        /// Preset: instant move.
        RtPresetNoMigration => ("Moviment instantani (sense ASK)", "Instant move (no ASK)", "Movimiento instantáneo (sin ASK)"),
        /// Preset: short TTL.
        RtPresetShortTtl => ("Lease de 5 s", "A 5 s lease", "Lease de 5 s"),
        /// Design a.
        RtAnyNode => ("(a) qualsevol node", "(a) any node", "(a) cualquier nodo"),
        /// Design b.
        RtRouter => ("(b) capa d'encaminament", "(b) routing tier", "(b) capa de enrutamiento"),
        /// Design c.
        RtClient => ("(c) client informat", "(c) aware client", "(c) cliente informado"),
        /// Milliseconds.
        RtMs => ("{n} ms", "{n} ms", "{n} ms"),
        /// Requests a second.
        RtRps => ("Peticions per segon", "Requests a second", "Peticiones por segundo"),
        /// Migration.
        RtMigrate => ("Durada de la migració de la partició", "How long the partition takes to migrate", "Duración de la migración de la partición"),
        /// Gossip.
        RtGossip => ("Una ronda de gossip cada", "A gossip round every", "Ronda de gossip cada"),
        /// Watch delay.
        RtWatch => ("Retard amb què el router s'assabenta", "How late the router hears", "Retraso con el que el router se entera"),
        /// Clients.
        RtClients => ("Clients amb el mapa en memòria cau", "Clients with a cached map", "Clientes con el mapa en caché"),
        /// Second.
        RtSecond => ("Segon de la simulació", "Simulation second", "Segundo de la simulación"),
        /// TTL.
        RtTtl => ("TTL del lease (s)", "Lease TTL (s)", "TTL del lease (segundos)"),
        /// Death second.
        RtDie => ("Segon en què mor el node", "Second the node dies", "Segundo en que muere el nodo"),
        /// Lease second.
        RtLeaseSecond => ("Segon de la línia de temps del lease", "Lease timeline second", "Segundo de la línea de tiempo del lease"),
        /// Not within the run.
        RtNotYet => ("encara no", "not yet", "aún no"),
        /// Figure: agreement.
        RtFigAgree => ("{design}: tots d'acord després del canvi en", "{design}: everyone agrees after the change in", "{design}: todos de acuerdo después del cambio en"),
        /// Designs title.
        RtDesignsTitle => ("Tres dissenys, el mateix flux", "Three designs, the same stream", "Tres diseños, el mismo flujo"),
        /// Designs caption.
        RtDesignsCaption => (
            "{nodes} nodes, {parts} particions, {rps} peticions per segon durant {secs} s. Al segon {at}, P0 comença a passar de {from} a {to}; les claus migren durant {mig} ms i el mapa canvia quan ha arribat l'última.",
            "{nodes} nodes, {parts} partitions, {rps} requests a second for {secs} s. At second {at}, P0 starts moving from {from} to {to}; its keys migrate over {mig} ms and the map changes when the last one has arrived.",
            "{nodes} nodos, {parts} particiones, {rps} peticiones por segundo durante {secs} s. En el segundo {at}, P0 empieza a pasar de {from} a {to}; las claves migran durante {mig} ms y el mapa cambia cuando ha llegado la última.",
        ),
        /// Column: design.
        RtColDesign => ("Disseny", "Design", "Diseño"),
        /// Column: hops.
        RtColHops => ("Salts per petició", "Hops per request", "Saltos por petición"),
        /// Column: redirected.
        RtColRedirected => ("Reenviades o redirigides", "Forwarded or redirected", "Reenviadas o redirigidas"),
        /// Column: MOVED.
        RtColMoved => ("MOVED", "MOVED", "MOVED"),
        /// Column: ASK.
        RtColAsk => ("ASK", "ASK", "ASK"),
        /// Column: wrong node.
        RtColWrong => ("Acabades fora del propietari", "Ended away from the owner", "Acabadas fuera del propietario"),
        /// Column: agreement.
        RtColAgree => ("Acord de nou", "Agree again", "De acuerdo de nuevo"),
        /// Column: participants.
        RtColParticipants => ("Còpies del mapa", "Copies of the map", "Copias del mapa"),
        /// Head: hops per design.
        RtHeadHops => ("{design}: salts", "{design}: hops", "{design}: saltos"),
        /// Head: redirected per design.
        RtHeadRedirected => ("{design}: redirigides", "{design}: redirected", "{design}: redirigidas"),
        /// Head: failed requests per design.
        RtHeadFailed => ("{design}: fallides", "{design}: failed", "{design}: fallidas"),
        /// Redirect chart label.
        RtRedirectChart => ("Peticions reenviades o redirigides cada segon, per disseny", "Requests forwarded or redirected each second, per design", "Peticiones reenviadas o redirigidas cada segundo, por diseño"),
        /// Head: stale views per design.
        RtHeadStale => ("{design}: mapes antics", "{design}: stale maps", "{design}: mapas antiguos"),
        /// Figure: hops at a second.
        RtFigHopsAt => ("{design}: salts per petició al segon {t}", "{design}: hops per request at second {t}", "{design}: saltos por petición en el segundo {t}"),
        /// Figure: redirected at the second.
        RtFigRedirectedAt => ("{design}: redirigides en aquest segon", "{design}: redirected in that second", "{design}: redirigidas en este segundo"),
        /// Timeline title.
        RtTimelineTitle => ("Segon a segon", "Second by second", "Segundo a segundo"),
        /// Timeline caption.
        RtTimelineCaption => (
            "Salts mitjans per petició cada segon. Un router sempre n'afegeix un; qualsevol node n'afegeix un quan no és el propietari; el client informat en fa un de sol fins que el seu mapa queda antic. Cap petició no falla: l'antic propietari sap on ha anat cada clau i la reenvia o redirigeix.",
            "Mean hops per request each second. A router always adds one; any node adds one when it is not the owner; the aware client takes one until its map goes stale. No request fails: the old owner knows where every key went and forwards or redirects it.",
            "Saltos medios por petición cada segundo. Un router siempre añade uno; cualquier nodo añade uno cuando no es el propietario; el cliente informado hace uno solo hasta que su mapa queda antiguo. Ninguna petición falla: el antiguo propietario sabe adónde ha ido cada clave y la reenvía o redirige.",
        ),
        /// Timeline chart label.
        RtTimelineChart => ("Salts per petició al llarg del temps, per disseny", "Hops per request over time, per design", "Saltos por petición a lo largo del tiempo, por diseño"),
        /// Axis: partitions.
        RtAxisPartitions => ("particions del node", "the node's partitions", "particiones del nodo"),
        /// Series: entries.
        RtSeriesEntries => ("entrades del node mort al coordinador", "the dead node's entries in the coordinator", "entradas del nodo muerto en el coordinador"),
        /// Series: the new owner's entries.
        RtSeriesNewEntries => ("entrades del nou propietari al coordinador", "the new owner's entries in the coordinator", "entradas del nuevo propietario en el coordinador"),
        /// Series: ownerless.
        RtSeriesOwnerless => ("sense propietari (vist pels clients)", "without owner (as clients see it)", "sin propietario (visto por los clientes)"),
        /// Lease title.
        RtLeaseTitle => ("El mapa en un coordinador, amb leases", "The map in a coordinator, with leases", "El mapa en un coordinador, con leases"),
        /// Lease caption.
        RtLeaseCaption => (
            "El node publica les seves 4 particions amb un lease de {ttl} s i el renova cada {refresh} s. Al segon {die} mor: deixa de renovar-lo, les entrades caduquen, els clients que vigilen el prefix veuen les particions sense propietari i, 5 s després, un altre node les publica.",
            "The node publishes its 4 partitions with a {ttl} s lease and refreshes it every {refresh} s. At second {die} it dies: it stops refreshing, the entries expire, clients watching the prefix see the partitions without owner and, 5 s later, another node publishes them.",
            "El nodo publica sus 4 particiones con un lease de {ttl} s y lo renueva cada {refresh} s. En el segundo {die} muere: deja de renovarlo, las entradas caducan, los clientes que vigilan el prefijo ven las particiones sin propietario y, 5 s después, otro nodo las publica.",
        ),
        /// Figure: last refresh.
        RtFigRefresh => ("Última renovació", "Last refresh", "Última renovación"),
        /// Seconds.
        RtSeconds => ("{n} s", "{n} s", "{n} s"),
        /// Figure: expiry.
        RtFigExpires => ("Les entrades caduquen al segon", "The entries expire at second", "Las entradas caducan en el segundo"),
        /// Figure: after death.
        RtFigAfterDeath => ("Temps entre la mort i la caducitat", "Time from the death to the expiry", "Tiempo entre la muerte y la caducidad"),
        /// Figure: reassigned.
        RtFigReassigned => ("Nou propietari al segon", "New owner at second", "Nuevo propietario en el segundo"),
        /// Figure: ownerless now.
        RtFigOwnerlessAt => ("Particions sense propietari al segon {t}", "Partitions without owner at second {t}", "Particiones sin propietario en el segundo {t}"),
        /// Lease chart label.
        RtLeaseChart => ("Entrades i particions sense propietari al llarg del temps", "Entries and ownerless partitions over time", "Entradas y particiones sin propietario a lo largo del tiempo"),
        /// Column: ok.
        RtColOk => ("Ateses", "Answered", "Atendidas"),
        /// Column: to the dead node.
        RtColToDead => ("Enviades al node mort", "Sent to the dead node", "Enviadas al nodo muerto"),
        /// Column: refused.
        RtColNoOwner => ("Refusades: sense propietari", "Refused: no owner", "Rechazadas: sin propietario"),

        // ---- Section 3: hash and compound keys ------------------------------------------------------
        /// Chapter intro.
        HashIntro => (
            "Un bon hash converteix identificadors consecutius en posicions molt allunyades: les comandes seguides cauen en particions diferents i cap partició no es queda amb tota la feina. El preu és que un interval de dates ja no viu enlloc. Una clau composta, hash(client_id) per triar la partició i data_creacio DESC per ordenar dins seu, recupera les consultes d'un client; un cub per mes evita que el restaurant faci créixer la seva partició sense fi. I el hash ha de ser estable: un hash amb sal per procés reparteix diferent a cada servei.",
            "A good hash turns consecutive ids into distant positions: orders placed one after another land on different partitions and no partition takes all the work. The price is that a date range no longer lives anywhere. A compound key, hash(client_id) to pick the partition and data_creacio DESC to order rows inside it, brings back one client's queries; a monthly bucket stops the restaurant's partition from growing forever. And the hash must be stable: a hash salted per process places keys differently in each service.",
            "Un buen hash convierte identificadores consecutivos en posiciones muy alejadas: los pedidos seguidos caen en particiones distintas y ninguna partición se queda con todo el trabajo. El precio es que un intervalo de fechas ya no vive en ningún sitio. Una clave compuesta, hash(client_id) para elegir la partición y data_creacio DESC para ordenar dentro de ella, recupera las consultas de un cliente; un cubo por mes evita que el restaurante haga crecer su partición sin fin. Y el hash debe ser estable: un hash con sal por proceso reparte distinto en cada servicio.",
        ),
        /// First id label.
        HashFrom => ("Primera comanda (número)", "First order (number)", "Primer pedido (número)"),
        /// Count label.
        HashCount => ("Comandes consecutives", "Consecutive orders", "Pedidos consecutivos"),
        /// Range query from.
        HashRangeFrom => ("Consulta per dates: des del dia", "Date query: from day", "Consulta por fechas: desde el día"),
        /// Range query to.
        HashRangeTo => ("fins al dia (inclòs)", "to day (inclusive)", "hasta el día (incluido)"),
        /// Rule: a query day is a day of the campaign.
        HashRuleInCampaign => (
            "la campanya té {days} dies.",
            "the campaign has {days} days.",
            "la campaña tiene {days} días.",
        ),
        /// Rule: the query's last day is not before its first.
        HashRuleOrder => (
            "l'últim dia de la consulta no pot ser abans del primer, el dia {from}.",
            "the query's last day cannot come before its first, day {from}.",
            "el último día de la consulta no puede ser anterior al primero, el día {from}.",
        ),
        /// Rule: the other end of the query follows the one moved.
        HashRuleOrderFollow => (
            "la consulta va d'un dia a un altre de posterior, i l'altre extrem ha seguit el que has mogut.",
            "the query runs from one day to a later one, so its other end followed the one you moved.",
            "la consulta va de un día a otro posterior, y el otro extremo ha seguido al que has movido.",
        ),
        /// Horizon label.
        HashHorizon => ("Dies de creixement simulats", "Days of growth simulated", "Días de crecimiento simulados"),
        /// Preset: the lesson's four ids.
        HashPresetLesson => ("Les 4 comandes de la lliçó en 4 particions", "The lesson's 4 orders on 4 partitions", "Los 4 pedidos de la lección en 4 particiones"),
        /// Preset: twelve partitions.
        HashPresetTwelve => ("16 comandes seguides en 12 particions", "16 orders in a row on 12 partitions", "16 pedidos seguidos en 12 particiones"),
        /// Scatter panel title.
        HashScatterTitle => ("Comandes consecutives, particions disperses", "Consecutive orders, scattered partitions", "Pedidos consecutivos, particiones dispersas"),
        /// Scatter caption.
        HashScatterCaption => (
            "Cada identificador passa per MD5; els 8 primers bytes, llegits en big-endian, són un enter de 64 bits, i la partició és aquest enter mòdul {n}.{bits}",
            "Each id goes through MD5; its first 8 bytes, read big-endian, are a 64-bit integer, and the partition is that integer modulo {n}.{bits}",
            "Cada identificador pasa por MD5; los 8 primeros bytes, leídos en big-endian, son un entero de 64 bits, y la partición es ese entero módulo {n}.{bits}",
        ),
        /// Note on powers of two.
        HashBitsNote => (
            " Amb {n} particions (una potència de 2), el mòdul són els {k} bits més baixos del hash.",
            " With {n} partitions (a power of 2), the modulo is the hash's lowest {k} bits.",
            " Con {n} particiones (una potencia de 2), el módulo son los {k} bits más bajos del hash.",
        ),
        /// Column: id.
        HashColId => ("Comanda", "Order", "Pedido"),
        /// Column: first 8 bytes.
        HashColBytes => ("MD5, 8 primers bytes", "MD5, first 8 bytes", "MD5, 8 primeros bytes"),
        /// Column: low bits.
        HashColBits => ("Bits baixos", "Low bits", "Bits bajos"),
        /// Column: hash partition.
        HashColPartition => ("hash mòdul {n}", "hash mod {n}", "hash módulo {n}"),
        /// Column: range partition.
        HashColRange => ("Partició per rang", "Range partition", "Partición por rango"),
        /// Figure: partitions of the ids.
        HashFigSequence => ("Particions de {first} … {last}", "Partitions of {first} … {last}", "Particiones de {first} … {last}"),
        /// Figure: distinct partitions.
        HashFigDistinct => ("Particions diferents que reben feina", "Distinct partitions that get work", "Particiones distintas que reciben trabajo"),
        /// Chart: hash series.
        HashSeriesHash => ("per hash (MD5 mòdul {n})", "by hash (MD5 mod {n})", "por hash (MD5 módulo {n})"),
        /// Chart: range series.
        HashSeriesRange => ("per rang d'identificador", "by id range", "por rango de identificador"),
        /// Axis: order number.
        HashAxisNumber => ("número de comanda", "order number", "número de pedido"),
        /// Scatter chart label.
        HashScatterChart => (
            "Partició de cada comanda consecutiva, per hash i per rang",
            "Partition of each consecutive order, by hash and by range",
            "Partición de cada pedido consecutivo, por hash y por rango",
        ),
        /// Range panel title.
        HashRangeTitle => ("El preu: una consulta per dates pregunta a totes", "The price: a date query asks every partition", "El precio: una consulta por fechas pregunta a todas"),
        /// Range caption.
        HashRangeCaption => (
            "Comandes creades del {from} al {to}: quantes en guarda cada partició si la clau és hash(comanda_id), i quantes si les comandes es particionen per rangs de data_creacio (la campanya tallada en {n} trossos iguals).",
            "Orders created from {from} to {to}: how many each partition holds when the key is hash(comanda_id), and how many when orders are partitioned by ranges of data_creacio (the campaign cut into {n} equal spans).",
            "Pedidos creados del {from} al {to}: cuántos guarda cada partición si la clave es hash(comanda_id), y cuántos si los pedidos se particionan por rangos de data_creacio (la campaña cortada en {n} trozos iguales).",
        ),
        /// Series: hash of id.
        HashSeriesById => ("hash(comanda_id)", "hash(comanda_id)", "hash(comanda_id)"),
        /// Series: range of date.
        HashSeriesByDate => ("rang de data_creacio", "range of data_creacio", "rango de data_creacio"),
        /// Axis: rows of the range.
        HashAxisRows => ("comandes de l'interval", "orders in the range", "pedidos del intervalo"),
        /// Figure: touched under hash.
        HashFigTouchedHash => ("Particions que cal consultar amb hash(comanda_id)", "Partitions to ask with hash(comanda_id)", "Particiones que hay que consultar con hash(comanda_id)"),
        /// Figure: touched under range.
        HashFigTouchedRange => ("Particions que cal consultar amb rangs de data", "Partitions to ask with date ranges", "Particiones que hay que consultar con rangos de fecha"),
        /// Range chart label.
        HashRangeChart => (
            "Comandes de l'interval per partició, amb hash i amb rangs",
            "Orders of the range per partition, with hash and with ranges",
            "Pedidos del intervalo por partición, con hash y con rangos",
        ),
        /// Compound panel title.
        HashCompoundTitle => ("Clau composta: hash(client_id) + data_creacio DESC", "Compound key: hash(client_id) + data_creacio DESC", "Clave compuesta: hash(client_id) + data_creacio DESC"),
        /// Compound caption.
        HashCompoundCaption => (
            "El cost de cada consulta de la lliçó amb {n} particions. «Claus llegides» compta les claus de partició visitades (un accés cadascuna); sense cap clau que porti a les files, totes les particions ho han de recórrer tot.",
            "The cost of each of the lesson's queries with {n} partitions. \"Keys read\" counts the partition keys visited (one seek each); with no key leading to the rows, every partition has to scan everything.",
            "El coste de cada consulta de la lección con {n} particiones. «Claves leídas» cuenta las claves de partición visitadas (un acceso cada una); sin ninguna clave que lleve a las filas, todas las particiones tienen que recorrerlo todo.",
        ),
        /// Query: Anna's last 20.
        HashQAnnaLast => ("Les últimes 20 comandes de l'Anna", "Anna's last 20 orders", "Los últimos 20 pedidos de Anna"),
        /// Query: Anna between dates.
        HashQAnnaBetween => ("Les comandes de l'Anna del {from} al {to}", "Anna's orders from {from} to {to}", "Los pedidos de Anna del {from} al {to}"),
        /// Query: yesterday.
        HashQYesterday => ("Les comandes d'ahir ({day}) de tots els clients", "Every client's orders from yesterday ({day})", "Los pedidos de ayer ({day}) de todos los clientes"),
        /// Query: by id.
        HashQById => ("La comanda {id}", "Order {id}", "El pedido {id}"),
        /// Column: query.
        ColQuery => ("Consulta", "Query", "Consulta"),
        /// Column: key.
        ColKey => ("Clau", "Key", "Clave"),
        /// Column: partitions touched.
        ColTouched => ("Particions", "Partitions", "Particiones"),
        /// Column: keys read.
        ColKeysRead => ("Claus llegides", "Keys read", "Claves leídas"),
        /// Column: rows read.
        ColRowsRead => ("Files llegides", "Rows read", "Filas leídas"),
        /// Column: rows returned.
        ColRowsReturned => ("Files retornades", "Rows returned", "Filas devueltas"),
        /// Column: how.
        ColHow => ("Com", "How", "Cómo"),
        /// How: one sequential read.
        HowSequential => ("lectura seqüencial en un node", "one sequential read on one node", "lectura secuencial en un nodo"),
        /// How: full scan.
        HowScan => ("recorregut sencer de totes les particions", "full scan of every partition", "recorrido completo de todas las particiones"),
        /// How: gather over many keys.
        HowGather => ("un tros de cada clau, a totes les particions", "a slice of every key, on every partition", "un trozo de cada clave, en todas las particiones"),
        /// How: one row by key.
        HowOneRow => ("una fila, un salt", "one row, one hop", "una fila, un salto"),
        /// Growth panel title.
        HashGrowthTitle => ("La partició del restaurant creix sense límit", "The restaurant's partition grows without bound", "La partición del restaurante crece sin límite"),
        /// Growth caption.
        HashGrowthCaption => (
            "Files sota la clau de partició de {client} dia rere dia (la campanya allargada a {days} dies amb el mateix generador). Amb client_id la partició ho acumula tot; amb client_id + any-mes, cada mes comença un cub nou.",
            "Rows under {client}'s partition key day after day (the campaign extended to {days} days with the same generator). With client_id the partition accumulates everything; with client_id + year-month, each month starts a new bucket.",
            "Filas bajo la clave de partición de {client} día tras día (la campaña alargada a {days} días con el mismo generador). Con client_id la partición lo acumula todo; con client_id + año-mes, cada mes empieza un cubo nuevo.",
        ),
        /// Series: client_id.
        HashSeriesClient => ("client_id", "client_id", "client_id"),
        /// Series: client + month.
        HashSeriesBucket => ("client_id + any-mes", "client_id + year-month", "client_id + año-mes"),
        /// Axis: rows in the partition.
        HashAxisPartitionRows => ("files a la partició", "rows in the partition", "filas en la partición"),
        /// Axis: day.
        AxisDay => ("dia", "day", "día"),
        /// Column: date.
        ColDate => ("Dia", "Day", "Día"),
        /// Figure: client rows at the end.
        HashFigClientRows => ("Files sota client_id al final", "Rows under client_id at the end", "Filas bajo client_id al final"),
        /// Figure: largest bucket.
        HashFigLargestBucket => ("Cub mensual més gran", "Largest monthly bucket", "Cubo mensual más grande"),
        /// Figure: rows a day.
        HashFigPerDay => ("Comandes del restaurant al dia (mitjana)", "Restaurant's orders a day (mean)", "Pedidos del restaurante al día (media)"),
        /// Growth chart label.
        HashGrowthChart => (
            "Files de la partició del restaurant per dia, amb client_id i amb un cub mensual",
            "Rows in the restaurant's partition by day, with client_id and with a monthly bucket",
            "Filas de la partición del restaurante por día, con client_id y con un cubo mensual",
        ),
        /// Salted panel title.
        HashSaltTitle => ("L'error comú: un hash amb sal per procés", "The common mistake: a hash salted per process", "El error común: un hash con sal por proceso"),
        /// Salted caption.
        HashSaltCaption => (
            "Dos serveis calculen la partició de les mateixes comandes. Amb MD5 tots dos obtenen sempre el mateix; amb un hash de text que cada procés inicialitza amb una sal aleatòria (com hash() de Python des de la 3.3), cada servei en tria una altra. La simulació fa servir dues sals fixes derivades de la llavor.",
            "Two services compute the partition of the same orders. With MD5 both always agree; with a string hash that each process starts from a random salt (as Python's hash() does since 3.3), each service picks another one. The simulation uses two fixed salts derived from the seed.",
            "Dos servicios calculan la partición de los mismos pedidos. Con MD5 ambos obtienen siempre lo mismo; con un hash de texto que cada proceso inicializa con una sal aleatoria (como hash() de Python desde la 3.3), cada servicio elige otra. La simulación usa dos sales fijas derivadas de la semilla.",
        ),
        /// Column: MD5 in both services.
        HashColStable => ("MD5 (servei A = servei B)", "MD5 (service A = service B)", "MD5 (servicio A = servicio B)"),
        /// Column: salted A.
        HashColSaltA => ("Amb sal, servei A", "Salted, service A", "Con sal, servicio A"),
        /// Column: salted B.
        HashColSaltB => ("Amb sal, servei B", "Salted, service B", "Con sal, servicio B"),
        /// Column: agree.
        HashColAgree => ("Coincideixen?", "Agree?", "¿Coinciden?"),
        /// Figure: stable disagreement.
        HashFigStableDisagree => ("Comandes en particions diferents amb MD5", "Orders on different partitions with MD5", "Pedidos en particiones distintas con MD5"),
        /// Figure: salted disagreement.
        HashFigSaltDisagree => ("Comandes en particions diferents amb sal", "Orders on different partitions when salted", "Pedidos en particiones distintas con sal"),
        /// Figure: expected.
        HashFigSaltExpected => ("Esperat per atzar: 1 − 1/{n}", "Expected by chance: 1 − 1/{n}", "Esperado por azar: 1 − 1/{n}"),
        // ---- Section 4: local and global secondary indexes -------------------------------------------
        /// Chapter intro.
        IdxIntro => (
            "Les comandes es particionen per client, però l'equip de repartiment vol «les comandes pendents de lliurament a Girona», que no diu quin client. Un índex local (cada partició indexa les seves files) ho ha de preguntar a totes les particions i esperar la més lenta; un índex global particionat per mercat ho respon des d'una sola, però cada escriptura toca dues particions, o bé s'actualitza més tard a partir dels esdeveniments i va endarrerit. Mou les particions i la probabilitat de lentitud i mira com creix la cua de latència.",
            "Orders are partitioned by client, but the delivery team wants \"the orders pending delivery in Girona\", which names no client. A local index (each partition indexes its own rows) must ask every partition and wait for the slowest; a global index partitioned by market answers from one, but each write touches two partitions, or it is updated later from the events and lags behind. Move the partitions and the chance of a slow partition and watch the tail latency grow.",
            "Los pedidos se particionan por cliente, pero el equipo de reparto quiere «los pedidos pendientes de entrega en Girona», que no dice qué cliente. Un índice local (cada partición indexa sus filas) tiene que preguntarlo a todas las particiones y esperar a la más lenta; un índice global particionado por mercado lo responde desde una sola, pero cada escritura toca dos particiones, o bien se actualiza más tarde a partir de los eventos y va con retraso. Mueve las particiones y la probabilidad de lentitud y mira cómo crece la cola de latencia.",
        ),
        /// Market control.
        IdxMarket => ("Mercat de la consulta", "Market of the query", "Mercado de la consulta"),
        /// Slow chance control.
        IdxSlow => ("Probabilitat que una partició trigui més de 500 ms", "Chance that a partition takes over 500 ms", "Probabilidad de que una partición tarde más de 500 ms"),
        /// Consumer throughput control.
        IdxThroughput => ("Capacitat del consumidor de l'índex asíncron", "Throughput of the asynchronous index's consumer", "Capacidad del consumidor del índice asíncrono"),
        /// Events per second.
        IdxPerSecond => ("{n} esdeveniments/s", "{n} events/s", "{n} eventos/s"),
        /// The slow field's meaning.
        IdxSlowHelp => (
            "Probabilitat que una partició trigui més de 500 ms, per cada 10.000 (100 és l'1 %)",
            "Chance that a partition takes over 500 ms, per 10,000 (100 is 1 %)",
            "Probabilidad de que una partición tarde más de 500 ms, por cada 10.000 (100 es el 1 %)",
        ),
        /// The rate field's meaning.
        IdxRateHelp => (
            "Ritme del consumidor de l'índex asíncron, esdeveniments per cada 1.000 s (100.000 són 100 per segon)",
            "The asynchronous index consumer's throughput, events per 1,000 s (100,000 is 100 a second)",
            "Ritmo del consumidor del índice asíncrono, eventos por cada 1.000 s (100.000 son 100 por segundo)",
        ),
        /// The indexes view's name.
        IdxViewTitle => (
            "Índex local o global: una consulta per mercat",
            "Local or global index: a query by market",
            "Índice local o global: una consulta por mercado",
        ),
        /// Preset: the lesson's case.
        IdxPresetLesson => ("12 particions, 1 % lentes (lliçó)", "12 partitions, 1 % slow (lesson)", "12 particiones, 1 % lentas (lección)"),
        /// Preset: a lagging consumer.
        IdxPresetLagging => ("Un consumidor massa lent", "A consumer that is too slow", "Un consumidor demasiado lento"),
        /// Indexes panel title.
        IdxTitle => ("Les comandes pendents de lliurament a {market}", "Orders pending delivery in {market}", "Los pedidos pendientes de entrega en {market}"),
        /// Indexes caption.
        IdxCaption => (
            "Comandes particionades per hash(client_id) en {n} particions, a les {now}. Cada partició guarda comandes pendents de {market}: un índex local no en pot descartar cap. L'índex global posa {market} a la partició {part}.",
            "Orders partitioned by hash(client_id) over {n} partitions, at {now}. Every partition holds orders pending in {market}: a local index cannot rule any out. The global index puts {market} on partition {part}.",
            "Pedidos particionados por hash(client_id) en {n} particiones, a las {now}. Cada partición guarda pedidos pendientes de {market}: un índice local no puede descartar ninguna. El índice global pone {market} en la partición {part}.",
        ),
        /// Figure: matches.
        IdxFigMatches => ("Comandes pendents a {market}", "Orders pending in {market}", "Pedidos pendientes en {market}"),
        /// Scheme: local.
        IdxLocal => ("Índex local (per document)", "Local index (by document)", "Índice local (por documento)"),
        /// Scheme: global sync.
        IdxGlobalSync => ("Índex global per mercat, síncron", "Global index by market, synchronous", "Índice global por mercado, síncrono"),
        /// Scheme: global async.
        IdxGlobalAsync => ("Índex global per mercat, asíncron", "Global index by market, asynchronous", "Índice global por mercado, asíncrono"),
        /// Column: scheme.
        ColScheme => ("Índex", "Index", "Índice"),
        /// Column: partitions per read.
        ColReadParts => ("Particions per lectura", "Partitions per read", "Particiones por lectura"),
        /// Column: partitions per write.
        ColWriteParts => ("Particions per escriptura", "Partitions per write", "Particiones por escritura"),
        /// Column: writes on two partitions.
        ColTwoParts => ("Escriptures a dues particions", "Writes on two partitions", "Escrituras en dos particiones"),
        /// Column: hottest index partition.
        ColHotIndex => ("Partició d'índex més carregada", "Busiest index partition", "Partición de índice más cargada"),
        /// Column: read latency.
        ColReadLatency => ("Lectura p50 / p99", "Read p50 / p99", "Lectura p50 / p99"),
        /// Column: freshness.
        ColFresh => ("Frescor", "Freshness", "Frescura"),
        /// Freshness: immediate.
        IdxFreshNow => ("immediata", "immediate", "inmediata"),
        /// Freshness: async lag.
        IdxFreshLag => ("endarrerit {p50} ms (p99 {p99} ms)", "{p50} ms behind (p99 {p99} ms)", "con retraso de {p50} ms (p99 {p99} ms)"),
        /// Milliseconds.
        Ms => ("{n} ms", "{n} ms", "{n} ms"),
        /// Series: local index rows.
        IdxSeriesLocal => ("índex local: files a cada partició", "local index: rows on each partition", "índice local: filas en cada partición"),
        /// Series: global index rows.
        IdxSeriesGlobal => ("índex global: files a la partició de {market}", "global index: rows on {market}'s partition", "índice global: filas en la partición de {market}"),
        /// Indexes chart label.
        IdxChart => ("On són les comandes pendents, amb cada índex", "Where the pending orders are, with each index", "Dónde están los pedidos pendientes, con cada índice"),
        /// Tail panel title.
        IdxTailTitle => ("La partició més lenta mana: 1 − (1 − p)^n", "The slowest partition rules: 1 − (1 − p)^n", "La partición más lenta manda: 1 − (1 − p)^n"),
        /// Tail caption.
        IdxTailCaption => (
            "Probabilitat que una lectura que pregunta a n particions trigui més de 500 ms, si cadascuna hi arriba amb probabilitat {p}: la fórmula i {queries} lectures simulades per a cada n. Una partició respon en 2–32 ms (tres sumands uniformes sobre 2 ms); amb probabilitat {p} s'encalla 500–1.500 ms més.",
            "Chance that a read asking n partitions takes more than 500 ms when each does with probability {p}: the formula and {queries} simulated reads for each n. A partition answers in 2–32 ms (three uniform terms on top of 2 ms); with probability {p} it stalls for 500–1,500 ms more.",
            "Probabilidad de que una lectura que pregunta a n particiones tarde más de 500 ms, si cada una llega a ello con probabilidad {p}: la fórmula y {queries} lecturas simuladas para cada n. Una partición responde en 2–32 ms (tres sumandos uniformes sobre 2 ms); con probabilidad {p} se atasca 500–1.500 ms más.",
        ),
        /// Figure: the formula at the lesson's point.
        IdxFigFormula => ("1 − (1 − {p})^{n}", "1 − (1 − {p})^{n}", "1 − (1 − {p})^{n}"),
        /// Figure: simulated at n.
        IdxFigSimulated => ("Simulat amb {n} particions", "Simulated with {n} partitions", "Simulado con {n} particiones"),
        /// Figure: where 95 % of simulations land.
        IdxFigInterval => (
            "On cauen 95 de cada 100 simulacions de {queries} lectures amb {n} particions",
            "Where 95 in 100 simulations of {queries} reads over {n} partitions land",
            "Donde caen 95 de cada 100 simulaciones de {queries} lecturas con {n} particiones",
        ),
        /// An interval, from `lo` to `hi`.
        IdxInterval => ("{lo} – {hi}", "{lo} – {hi}", "{lo} – {hi}"),
        /// Column: the 95 % interval of a simulation.
        ColInterval => ("Interval del 95 %", "95 % interval", "Intervalo del 95 %"),
        /// Series: formula.
        IdxSeriesFormula => ("fórmula 1 − (1 − p)^n", "formula 1 − (1 − p)^n", "fórmula 1 − (1 − p)^n"),
        /// Series: simulated.
        IdxSeriesSimulated => ("simulació", "simulation", "simulación"),
        /// Axis: partitions asked.
        IdxAxisPartitions => ("particions consultades (n)", "partitions asked (n)", "particiones consultadas (n)"),
        /// Axis: slow reads.
        IdxAxisSlow => ("lectures de més de 500 ms (%)", "reads over 500 ms (%)", "lecturas de más de 500 ms (%)"),
        /// Tail chart label.
        IdxTailChart => ("Lectures lentes segons les particions consultades", "Slow reads against the partitions asked", "Lecturas lentas según las particiones consultadas"),
        /// Column: n.
        ColN => ("n", "n", "n"),
        /// Column: formula.
        ColFormula => ("Fórmula", "Formula", "Fórmula"),
        /// Column: simulated.
        ColSimulated => ("Simulat", "Simulated", "Simulado"),
        /// Gather panel title.
        IdxGatherTitle => ("Scatter/gather: la mediana i el percentil 99", "Scatter/gather: median and 99th percentile", "Scatter/gather: la mediana y el percentil 99"),
        /// Gather caption.
        IdxGatherCaption => (
            "Temps d'una lectura que espera la més lenta de n particions, en les mateixes lectures simulades. La mediana gairebé no es mou; el p99 salta a les centenes de mil·lisegons quan n × p s'acosta a l'1 %.",
            "Time of a read that waits for the slowest of n partitions, over the same simulated reads. The median barely moves; the p99 jumps to hundreds of milliseconds once n × p nears 1 %.",
            "Tiempo de una lectura que espera a la más lenta de n particiones, en las mismas lecturas simuladas. La mediana casi no se mueve; el p99 salta a los centenares de milisegundos cuando n × p se acerca al 1 %.",
        ),
        /// Series: p50.
        IdxSeriesP50 => ("mediana (p50)", "median (p50)", "mediana (p50)"),
        /// Series: p99.
        IdxSeriesP99 => ("percentil 99 (p99)", "99th percentile (p99)", "percentil 99 (p99)"),
        /// Axis: ms.
        AxisMs => ("temps de lectura (ms, escala log.)", "read time (ms, log scale)", "tiempo de lectura (ms, escala log.)"),
        /// Gather chart label.
        IdxGatherChart => ("Mediana i p99 d'una lectura scatter/gather segons n", "Median and p99 of a scatter/gather read against n", "Mediana y p99 de una lectura scatter/gather según n"),
        /// Column: p50.
        ColP50 => ("p50", "p50", "p50"),
        /// Column: p99.
        ColP99 => ("p99", "p99", "p99"),
        /// Column: max.
        ColMax => ("Màx.", "Max", "Máx."),
        /// Stale panel title.
        IdxStaleTitle => ("Quant va endarrerit l'índex asíncron", "How far behind the asynchronous index is", "Cuánto retraso lleva el índice asíncrono"),
        /// Stale caption.
        IdxStaleCaption => (
            "L'índex global asíncron es construeix a partir dels esdeveniments de comanda.creada del {day}, el dia de més feina. Cada esdeveniment triga 2–20 ms a arribar (0,1 % de les vegades, 0,2–2 s més) i un consumidor n'aplica {rate}. Quan les comandes arriben més de pressa del que el consumidor aplica, la cua creix i l'endarreriment passa de mil·lisegons a minuts.",
            "The asynchronous global index is built from the comanda.creada events of {day}, the busiest day. Each event takes 2–20 ms to arrive (0.1 % of the time, 0.2–2 s more) and one consumer applies {rate}. When orders come faster than the consumer applies them, the queue grows and the lag goes from milliseconds to minutes.",
            "El índice global asíncrono se construye a partir de los eventos de comanda.creada del {day}, el día de más trabajo. Cada evento tarda 2–20 ms en llegar (el 0,1 % de las veces, 0,2–2 s más) y un consumidor aplica {rate}. Cuando los pedidos llegan más deprisa de lo que el consumidor aplica, la cola crece y el retraso pasa de milisegundos a minutos.",
        ),
        /// Figure: lag p50.
        IdxFigLagP50 => ("Endarreriment mitjà (mediana)", "Median lag", "Retraso típico (mediana)"),
        /// Figure: lag p99.
        IdxFigLagP99 => ("Endarreriment p99", "99th-percentile lag", "Retraso p99"),
        /// Figure: lag max.
        IdxFigLagMax => ("Endarreriment màxim", "Largest lag", "Retraso máximo"),
        /// Figure: backlog.
        IdxFigBacklog => ("Comandes escrites i encara no indexades (màxim)", "Orders written but not yet indexed (at most)", "Pedidos escritos y aún no indexados (máximo)"),
        /// Series: lag p50.
        IdxSeriesLagP50 => ("mediana cada 10 minuts", "median every 10 minutes", "mediana cada 10 minutos"),
        /// Series: lag max.
        IdxSeriesLagMax => ("màxim cada 10 minuts", "largest every 10 minutes", "máximo cada 10 minutos"),
        /// Axis: hour of the day.
        AxisHour => ("hora del dia", "hour of the day", "hora del día"),
        /// Axis: lag.
        AxisLag => ("endarreriment (ms, escala log.)", "lag (ms, log scale)", "retraso (ms, escala log.)"),
        /// Stale chart label.
        IdxStaleChart => ("Endarreriment de l'índex asíncron al llarg del dia", "The asynchronous index's lag over the day", "Retraso del índice asíncrono a lo largo del día"),
        /// Column: time.
        ColTime => ("Hora", "Time", "Hora"),
        /// Column: orders.
        ColOrders => ("Comandes", "Orders", "Pedidos"),
        /// Column: backlog.
        ColBacklog => ("Pendents d'indexar", "Not yet indexed", "Pendientes de indexar"),
        // ---- Section 2: range partitioning and hot spots --------------------------------------------
        /// Chapter intro.
        RangeIntro => (
            "Si les comandes es guarden per rangs de data_creacio, com els volums d'una enciclopèdia, una consulta per dates només ha de mirar una o dues particions. Però totes les escriptures d'avui cauen al rang que conté avui: durant la Setmana de la Verema, deu nodes i només un que escriu. Posar el mercat davant de la data reparteix les escriptures en quatre particions (quatre punts calents, València el més calent) i «aquesta setmana a València» continua sent un rang. Els límits poden ser fixos o triats a partir de les dades.",
            "If orders are stored by ranges of data_creacio, like the volumes of an encyclopaedia, a date query only looks at one or two partitions. But every write of today lands on the range that holds today: during the grape-harvest week, ten nodes and only one writing. Putting the market before the date spreads the writes over four partitions (four hot spots, València the hottest) and \"this week in València\" is still a range. Boundaries can be fixed or chosen from the data.",
            "Si los pedidos se guardan por rangos de data_creacio, como los tomos de una enciclopedia, una consulta por fechas solo tiene que mirar una o dos particiones. Pero todas las escrituras de hoy caen en el rango que contiene hoy: durante la Setmana de la Verema, diez nodos y solo uno que escribe. Poner el mercado delante de la fecha reparte las escrituras en cuatro particiones (cuatro puntos calientes, València el más caliente) y «esta semana en València» sigue siendo un rango. Los límites pueden ser fijos o elegidos a partir de los datos.",
        ),
        /// Weeks before the campaign.
        RangeWeeks => ("Setmanes ordinàries abans de la campanya (10.000 comandes al dia)", "Ordinary weeks before the campaign (10,000 orders a day)", "Semanas ordinarias antes de la campaña (10.000 pedidos al día)"),
        /// Key control.
        RangeKeyLabel => ("Clau del mapa de calor", "Key of the heat map", "Clave del mapa de calor"),
        /// Key: date.
        RangeKeyDate => ("data_creacio", "data_creacio", "data_creacio"),
        /// Key: market + date.
        RangeKeyMarketDate => ("mercat + data_creacio", "mercat + data_creacio", "mercado + data_creacio"),
        /// Bounds control.
        RangeBounds => ("Límits de les particions", "Partition boundaries", "Límites de las particiones"),
        /// Bounds: fixed.
        RangeFixed => ("fixos (trams iguals de la clau)", "fixed (equal spans of the key)", "fijos (tramos iguales de la clave)"),
        /// Bounds: adaptive.
        RangeAdaptive => ("triats de les dades (mateixes comandes a cada partició)", "chosen from the data (the same orders in each partition)", "elegidos de los datos (mismos pedidos en cada partición)"),
        /// Zoom control.
        RangeZoom => ("Mapa de calor", "Heat map", "Mapa de calor"),
        /// Zoom: hours.
        RangeZoomHours => ("hora a hora, la setmana de la campanya", "hour by hour, the campaign week", "hora a hora, la semana de la campaña"),
        /// Zoom: days.
        RangeZoomDays => ("dia a dia, totes les setmanes", "day by day, every week", "día a día, todas las semanas"),
        /// Preset: lesson.
        RangePresetLesson => ("Deu nodes i només un que escriu", "Ten nodes and only one writing", "Diez nodos y solo uno que escribe"),
        /// Preset: market.
        RangePresetMarket => ("Mercat + data: quatre punts calents", "Market + date: four hot spots", "Mercado + fecha: cuatro puntos calientes"),
        /// Heat title.
        RangeHeatTitle => ("On van les escriptures", "Where the writes go", "Adónde van las escrituras"),
        /// Heat caption.
        RangeHeatCaption => (
            "Comandes escrites a cada partició ({key}, {bounds}), {zoom}. Cada fila és una partició; com més intens, més escriptures.",
            "Orders written to each partition ({key}, {bounds}), {zoom}. Each row is a partition; the stronger the shade, the more writes.",
            "Pedidos escritos en cada partición ({key}, {bounds}), {zoom}. Cada fila es una partición; cuanto más intenso, más escrituras.",
        ),
        /// Fixed, short.
        RangeFixedShort => ("límits fixos", "fixed boundaries", "límites fijos"),
        /// Adaptive, short.
        RangeAdaptiveShort => ("límits triats de les dades", "boundaries from the data", "límites elegidos de los datos"),
        /// Figure: partitions writing in the busiest hour.
        RangeFigWriting => ("Particions que escriuen en l'hora de més feina ({hour})", "Partitions writing in the busiest hour ({hour})", "Particiones que escriben en la hora de más trabajo ({hour})"),
        /// Figure: hottest share.
        RangeFigHottest => ("La partició més calenta rep, d'aquella hora", "The hottest partition takes, of that hour", "La partición más caliente recibe, de esa hora"),
        /// Figure: mean writing.
        RangeFigMean => ("Particions que escriuen, de mitjana, cada hora de campanya", "Partitions writing, on average, each campaign hour", "Particiones que escriben, de media, cada hora de campaña"),
        /// Heat chart label.
        RangeHeatChart => ("Mapa de calor de les escriptures per partició i per temps", "Heat map of writes per partition and time", "Mapa de calor de las escrituras por partición y por tiempo"),
        /// Unit: writes.
        RangeUnitWrites => ("escriptures", "writes", "escrituras"),
        /// Axis: campaign hour.
        RangeAxisHour => ("hora de la campanya", "hour of the campaign", "hora de la campaña"),
        /// Axis: day.
        RangeAxisDay => ("dia", "day", "día"),
        /// Spread title.
        RangeSpreadTitle => ("Data o mercat + data: quantes particions treballen", "Date or market + date: how many partitions work", "Fecha o mercado + fecha: cuántas particiones trabajan"),
        /// Spread caption.
        RangeSpreadCaption => (
            "Les quatre maneres de tallar la clau en {n} particions, durant la setmana de la campanya. El gràfic mostra les escriptures de l'hora de més feina a cada partició ({bounds}).",
            "The four ways to cut the key into {n} partitions, during the campaign week. The chart shows the busiest hour's writes on each partition ({bounds}).",
            "Las cuatro maneras de cortar la clave en {n} particiones, durante la semana de la campaña. El gráfico muestra las escrituras de la hora de más trabajo en cada partición ({bounds}).",
        ),
        /// Column: layout.
        ColLayout => ("Clau i límits", "Key and boundaries", "Clave y límites"),
        /// Column: writing in peak.
        ColWritingPeak => ("Escriuen en l'hora punta", "Writing in the peak hour", "Escriben en la hora punta"),
        /// Column: hottest in peak.
        ColHottestPeak => ("La més calenta, de l'hora punta", "Hottest, of the peak hour", "La más caliente, de la hora punta"),
        /// Column: mean writing.
        ColMeanWriting => ("Escriuen cada hora (mitjana)", "Writing each hour (mean)", "Escriben cada hora (media)"),
        /// Column: campaign hottest.
        ColCampaignHottest => ("La més calenta, de la campanya", "Hottest, of the campaign", "La más caliente, de la campaña"),
        /// Series: date.
        RangeSeriesDate => ("data_creacio", "data_creacio", "data_creacio"),
        /// Series: market + date.
        RangeSeriesMarketDate => ("mercat + data_creacio", "mercat + data_creacio", "mercado + data_creacio"),
        /// Spread chart label.
        RangeSpreadChart => ("Escriptures de l'hora punta per partició, amb cada clau", "The peak hour's writes per partition, with each key", "Escrituras de la hora punta por partición, con cada clave"),
        /// Layout name.
        RangeLayoutName => ("{key}, {bounds}", "{key}, {bounds}", "{key}, {bounds}"),
        /// Sizes title.
        RangeSizesTitle => ("Límits fixos o triats de les dades", "Fixed boundaries or chosen from the data", "Límites fijos o elegidos de los datos"),
        /// Sizes caption.
        RangeSizesCaption => (
            "Comandes que guarda cada partició amb la clau {key}. Els límits triats de les dades igualen les mides (la setmana de campanya, més densa, rep més particions i més estretes), però les escriptures d'avui continuen anant a una sola partició.",
            "Orders each partition holds with the key {key}. Boundaries chosen from the data even out the sizes (the denser campaign week gets more, narrower partitions), but today's writes still all go to one partition.",
            "Pedidos que guarda cada partición con la clave {key}. Los límites elegidos de los datos igualan los tamaños (la semana de campaña, más densa, recibe más particiones y más estrechas), pero las escrituras de hoy siguen yendo a una sola partición.",
        ),
        /// Series: fixed sizes.
        RangeSeriesFixed => ("límits fixos", "fixed boundaries", "límites fijos"),
        /// Series: adaptive sizes.
        RangeSeriesAdaptive => ("límits triats de les dades", "boundaries chosen from the data", "límites elegidos de los datos"),
        /// Column: range fixed.
        ColRangeFixed => ("Rang (fixos)", "Range (fixed)", "Rango (fijos)"),
        /// Column: range adaptive.
        ColRangeAdaptive => ("Rang (de les dades)", "Range (from the data)", "Rango (de los datos)"),
        /// Sizes chart label.
        RangeSizesChart => ("Comandes per partició amb límits fixos i triats de les dades", "Orders per partition with fixed boundaries and with boundaries from the data", "Pedidos por partición con límites fijos y elegidos de los datos"),
        /// Figure: largest / smallest fixed.
        RangeFigRatioFixed => ("Partició més gran / més petita, límits fixos", "Largest / smallest partition, fixed boundaries", "Partición más grande / más pequeña, límites fijos"),
        /// Figure: largest / smallest adaptive.
        RangeFigRatioAdaptive => ("Partició més gran / més petita, límits de les dades", "Largest / smallest partition, boundaries from the data", "Partición más grande / más pequeña, límites de los datos"),
        /// Queries title.
        RangeQueriesTitle => ("Les consultes per rang: una o dues particions", "Range queries: one or two partitions", "Las consultas por rango: una o dos particiones"),
        /// Queries caption.
        RangeQueriesCaption => (
            "Particions que cal consultar (i comandes que es llegeixen) amb cada clau i cada manera de posar els límits, en {n} particions, a la fi de la campanya. Sense el mercat a la clau, «aquesta setmana a València» llegeix la setmana de tots els mercats i en filtra un.",
            "Partitions to ask (and orders read) with each key and each way of setting the boundaries, over {n} partitions, at the end of the campaign. Without the market in the key, \"this week in València\" reads every market's week and filters one.",
            "Particiones que hay que consultar (y pedidos que se leen) con cada clave y cada manera de poner los límites, en {n} particiones, al final de la campaña. Sin el mercado en la clave, «esta semana en València» lee la semana de todos los mercados y filtra uno.",
        ),
        /// Query: last week.
        RangeQLastWeek => ("Les comandes de la setmana passada", "Last week's orders", "Los pedidos de la semana pasada"),
        /// Query: this week in.
        RangeQThisWeek => ("Les comandes d'aquesta setmana a {market}", "This week's orders in {market}", "Los pedidos de esta semana en {market}"),
        /// Query: yesterday.
        RangeQYesterday => ("Les comandes d'ahir", "Yesterday's orders", "Los pedidos de ayer"),
        /// Query: all of a market.
        RangeQAllOf => ("Totes les comandes de {market}", "Every order of {market}", "Todos los pedidos de {market}"),
        /// Cell: partitions and rows read.
        RangeCell => ("{parts} ({rows} llegides)", "{parts} ({rows} read)", "{parts} ({rows} leídos)"),
        /// Column: rows returned.
        ColReturned => ("Comandes que en surten", "Orders returned", "Pedidos que salen"),
        /// Range of hours in a boundary.
        RangeSpan => ("{from} → {to}", "{from} → {to}", "{from} → {to}"),
        // ---- Section 10 and exercise 2: choosing the keys ---------------------------------------
        /// Chapter intro.
        KeysIntro => (
            "Ara toca decidir. Cada clau candidata per a les comandes i per a l'estoc es mesura sobre la mateixa setmana de comandes i el mateix nombre de particions: com de desigual reparteix les dades i les escriptures de l'hora punta, com creix la seva partició més gran i quantes particions ha de preguntar cada consulta. Tria una clau per veure què costa; el veredicte de la lliçó és a sota, amagat fins que el vulguis veure. L'exercici 2 fa el mateix amb les posicions de les furgonetes.",
            "Time to decide. Each candidate key for the orders and for the stock is measured on the same week of orders and the same number of partitions: how unevenly it spreads the data and the peak hour's writes, how its largest partition grows, and how many partitions each query must ask. Pick a key to see what it costs; the lesson's verdict is below, hidden until you want it. Exercise 2 does the same with the delivery vans' positions.",
            "Ahora toca decidir. Cada clave candidata para los pedidos y para el stock se mide sobre la misma semana de pedidos y el mismo número de particiones: lo desigual que reparte los datos y las escrituras de la hora punta, cómo crece su partición más grande y a cuántas particiones tiene que preguntar cada consulta. Elige una clave para ver qué cuesta; el veredicto de la lección está debajo, oculto hasta que lo quieras ver. El ejercicio 2 hace lo mismo con las posiciones de las furgonetas.",
        ),
        /// Pick control: orders.
        KeysPickOrders => ("La teva clau per a les comandes", "Your key for the orders", "Tu clave para los pedidos"),
        /// Pick control: stock.
        KeysPickStock => ("La teva clau per a l'estoc", "Your key for the stock", "Tu clave para el stock"),
        /// The orders' key on the creation date, its word "range" translated.
        KeysOrderDate => ("data_creacio (rang)", "data_creacio (range)", "data_creacio (rango)"),
        /// The orders' key on the client and the month, its words translated.
        KeysOrderClientMonth => ("client_id + any-mes (hash)", "client_id + year-month (hash)", "client_id + año-mes (hash)"),
        /// Pick control: vans.
        KeysPickVans => ("La teva clau per a les posicions (exercici 2)", "Your key for the positions (exercise 2)", "Tu clave para las posiciones (ejercicio 2)"),
        /// Preset: nothing picked.
        KeysPresetLesson => ("Les taules de la secció 10 (16 particions)", "Section 10's tables (16 partitions)", "Las tablas de la sección 10 (16 particiones)"),
        /// Preset: the lesson's answers.
        KeysPresetAnswer => ("Les respostes de la lliçó", "The lesson's answers", "Las respuestas de la lección"),
        /// Orders panel title.
        KeysOrdersTitle => ("Comandes: sis claus candidates", "Orders: six candidate keys", "Pedidos: seis claves candidatas"),
        /// Orders caption.
        KeysOrdersCaption => (
            "Mesurat sobre les {orders} comandes en {n} particions. Desigualtat: la partició més gran dividida per la mitjana (1 = perfecte). Consultes: particions que cal preguntar per «les meves comandes» (les de l'Anna), «comanda per id», «comandes de Girona» (repartiment), «comandes d'Horta La Vega» (panell del productor) i «comandes d'ahir» (analítica).",
            "Measured on the {orders} orders over {n} partitions. Unevenness: the largest partition over the mean (1 = perfect). Queries: partitions to ask for \"my orders\" (Anna's), \"order by id\", \"Girona's orders\" (deliveries), \"Horta La Vega's orders\" (the producer's dashboard) and \"yesterday's orders\" (analytics).",
            "Medido sobre los {orders} pedidos en {n} particiones. Desigualdad: la partición más grande dividida por la media (1 = perfecto). Consultas: particiones a las que hay que preguntar por «mis pedidos» (los de Anna), «pedido por id», «pedidos de Girona» (reparto), «pedidos de Horta La Vega» (panel del productor) y «pedidos de ayer» (analítica).",
        ),
        /// Column: data skew.
        ColDataSkew => ("Desigualtat de dades", "Data unevenness", "Desigualdad de datos"),
        /// Axis: unevenness.
        AxisSkew => ("desigualtat (més gran / mitjana)", "unevenness (largest / mean)", "desigualdad (más grande / media)"),
        /// Reference: perfectly even.
        SkewPerfect => ("1 = repartiment perfecte", "1 = perfectly even", "1 = reparto perfecto"),
        /// Column: hot-hour skew.
        ColHotSkew => ("Desigualtat a l'hora punta", "Peak-hour unevenness", "Desigualdad en la hora punta"),
        /// Column: largest key.
        ColLargestKey => ("Clau més gran (files de la setmana)", "Largest key (rows in the week)", "Clave más grande (filas de la semana)"),
        /// Column: bounded.
        ColBounded => ("Té límit?", "Bounded?", "¿Tiene límite?"),
        /// Column: my orders.
        ColMyOrders => ("Les meves comandes", "My orders", "Mis pedidos"),
        /// Column: by id.
        ColById => ("Per id", "By id", "Por id"),
        /// Column: market.
        ColMarketQ => ("Girona", "Girona", "Girona"),
        /// Column: producer.
        ColProducerQ => ("Productor", "Producer", "Productor"),
        /// Column: period.
        ColPeriodQ => ("Ahir", "Yesterday", "Ayer"),
        /// A key's largest value and its rows a day.
        KeysLargest => ("{key}: {rows}", "{key}: {rows}", "{key}: {rows}"),
        /// Prompt before a pick.
        KeysPickPrompt => (
            "Tria una clau als controls de l'experiment per veure què costa.",
            "Pick a key in the experiment's controls to see what it costs.",
            "Elige una clave en los controles del experimento para ver qué cuesta.",
        ),
        /// Figure: your key.
        KeysFigYourKey => ("La teva clau", "Your key", "Tu clave"),
        /// Figure: my orders.
        KeysFigMyOrders => ("«Les meves comandes»: particions (files llegides)", "\"My orders\": partitions (rows read)", "«Mis pedidos»: particiones (filas leídas)"),
        /// Figure: by id.
        KeysFigById => ("«Comanda per id»: particions", "\"Order by id\": partitions", "«Pedido por id»: particiones"),
        /// Figure: skew.
        KeysFigSkew => ("Desigualtat de dades / a l'hora punta", "Data / peak-hour unevenness", "Desigualdad de datos / en la hora punta"),
        /// Figure: growth.
        KeysFigGrowth => ("La clau més gran creix (files/dia)", "The largest key grows (rows/day)", "La clave más grande crece (filas/día)"),
        /// Parts and rows.
        KeysPartsRows => ("{parts} ({rows})", "{parts} ({rows})", "{parts} ({rows})"),
        /// Reveal: the lesson's verdict.
        KeysReveal => ("Mostra el veredicte de la lliçó", "Show the lesson's verdict", "Mostrar el veredicto de la lección"),
        /// Column: verdict.
        ColVerdict => ("Veredicte, per les xifres", "Verdict, by the numbers", "Veredicto, según las cifras"),
        /// Verdict: data_creacio.
        VerdictDate => (
            "Descartada: a l'hora punta una partició rep gairebé totes les escriptures (desigualtat {hot}).",
            "Discarded: in the peak hour one partition takes nearly every write (unevenness {hot}).",
            "Descartada: en la hora punta una partición recibe casi todas las escrituras (desigualdad {hot}).",
        ),
        /// Verdict: comanda_id.
        VerdictId => (
            "Només per a la taula comandes_per_id: «comanda per id» en 1 partició, però «les meves comandes» en {parts}.",
            "Only for the table comandes_per_id: \"order by id\" on 1 partition, but \"my orders\" on {parts}.",
            "Solo para la tabla comandes_per_id: «pedido por id» en 1 partición, pero «mis pedidos» en {parts}.",
        ),
        /// Verdict: client + date.
        VerdictClient => (
            "Triada com a clau principal: «les meves comandes» en 1 partició, ja ordenades, i les dades ben repartides (desigualtat {skew}). El restaurant hi afegeix {rows} files al dia sense límit.",
            "Chosen as the main key: \"my orders\" on 1 partition, already in order, and the data evenly spread (unevenness {skew}). The restaurant adds {rows} rows a day to it without bound.",
            "Elegida como clave principal: «mis pedidos» en 1 partición, ya ordenados, y los datos bien repartidos (desigualdad {skew}). El restaurante añade {rows} filas al día sin límite.",
        ),
        /// Verdict: client + month.
        VerdictMonth => (
            "El cub mensual per al restaurant: la seva partició s'atura cada fi de mes i «les meves comandes» continua en 1 partició.",
            "The monthly bucket for the restaurant: its partition stops at each month's end and \"my orders\" stays on 1 partition.",
            "El cubo mensual para el restaurante: su partición se detiene cada fin de mes y «mis pedidos» sigue en 1 partición.",
        ),
        /// Verdict: mercat.
        VerdictMarket => (
            "No com a clau: només {used} particions fan servir, amb desigualtat {skew}. Sí com a índex global asíncron comandes_per_mercat.",
            "Not as the key: only {used} partitions used, unevenness {skew}. Yes as the asynchronous global index comandes_per_mercat.",
            "No como clave: solo se usan {used} particiones, con desigualdad {skew}. Sí como índice global asíncrono comandes_per_mercat.",
        ),
        /// Verdict: productor.
        VerdictProducer => (
            "No com a clau: desigualtat {skew} (Horta La Vega). Sí com a índex global asíncron per al panell del productor.",
            "Not as the key: unevenness {skew} (Horta La Vega). Yes as an asynchronous global index for the producer's dashboard.",
            "No como clave: desigualdad {skew} (Horta La Vega). Sí como índice global asíncrono para el panel del productor.",
        ),
        /// Stock title.
        KeysStockTitle => ("Estoc: un comptador ha de viure sencer en una partició", "Stock: a counter must live whole in one partition", "Stock: un contador debe vivir entero en una partición"),
        /// Stock caption.
        KeysStockCaption => (
            "Els comptadors d'estoc dels 100 productes en {n} particions; cada comanda en reserva una unitat. Desigualtat de comptadors i de reserves a l'hora punta ({hour}).",
            "The stock counters of the 100 products over {n} partitions; each order reserves one unit. Unevenness of counters and of the peak hour's reservations ({hour}).",
            "Los contadores de stock de los 100 productos en {n} particiones; cada pedido reserva una unidad. Desigualdad de contadores y de reservas en la hora punta ({hour}).",
        ),
        /// Column: counters.
        ColCounters => ("Comptadors", "Counters", "Contadores"),
        /// Column: partitions per product.
        ColPerProduct => ("Particions per producte", "Partitions per product", "Particiones por producto"),
        /// Column: one partition.
        ColOnePartition => ("Comptador en una partició?", "Counter in one partition?", "¿Contador en una partición?"),
        /// Column: counter skew.
        ColCounterSkew => ("Desigualtat de comptadors", "Counter unevenness", "Desigualdad de contadores"),
        /// Column: largest share.
        ColLargestShare => ("Partició més gran", "Largest partition", "Partición más grande"),
        /// Column: reservations skew.
        ColReserveSkew => ("Desigualtat de reserves, hora punta", "Reservation unevenness, peak hour", "Desigualdad de reservas, hora punta"),
        /// Verdict: producte_slug.
        VerdictSlug => (
            "Triada: cada comptador en una partició, decrements atòmics sense coordinació. La clau calenta ({product}, {reservations} reserves a l'hora punta) es tracta amb cues i memòria cau.",
            "Chosen: each counter in one partition, atomic decrements without coordination. The hot key ({product}, {reservations} reservations in the peak hour) is handled with queues and caches.",
            "Elegida: cada contador en una partición, decrementos atómicos sin coordinación. La clave caliente ({product}, {reservations} reservas en la hora punta) se trata con colas y caché.",
        ),
        /// Verdict: productor for stock.
        VerdictStockProducer => (
            "Descartada: Horta La Vega posa el {share} dels comptadors en una sola partició.",
            "Discarded: Horta La Vega puts {share} of the counters in a single partition.",
            "Descartada: Horta La Vega pone el {share} de los contadores en una sola partición.",
        ),
        /// Verdict: mercat for stock.
        VerdictStockMarket => (
            "Descartada: l'estoc és del productor; per mercat, un producte són {parts} comptadors en particions diferents i cada reserva demanaria una transacció distribuïda.",
            "Discarded: stock belongs to the producer; by market, one product is {parts} counters on different partitions and every reservation would need a distributed transaction.",
            "Descartada: el stock es del productor; por mercado, un producto son {parts} contadores en particiones distintas y cada reserva pediría una transacción distribuida.",
        ),
        /// Vans title.
        KeysVansTitle => ("Exercici 2: les posicions de les furgonetes", "Exercise 2: the delivery vans' positions", "Ejercicio 2: las posiciones de las furgonetas"),
        /// Vans caption.
        KeysVansCaption => (
            "{vans} furgonetes envien {per_day} posicions al dia (cada 3 segons durant el torn). Consultes: (a) l'última posició de {van}, milers de cops per minut; (b) el seu recorregut entre les 10 i les 12 d'avui; (c) totes les furgonetes que ara (a les 18 h) són a València.",
            "{vans} vans send {per_day} positions a day (every 3 seconds during their shift). Queries: (a) the last position of {van}, thousands of times a minute; (b) its route between 10:00 and 12:00 today; (c) every van in València now (18:00).",
            "{vans} furgonetas envían {per_day} posiciones al día (cada 3 segundos durante el turno). Consultas: (a) la última posición de {van}, miles de veces por minuto; (b) su recorrido entre las 10 y las 12 de hoy; (c) todas las furgonetas que ahora (a las 18 h) están en València.",
        ),
        /// Figure: (a).
        KeysFigA => ("(a) Última posició: particions (files)", "(a) Last position: partitions (rows)", "(a) Última posición: particiones (filas)"),
        /// Figure: (b).
        KeysFigB => ("(b) Recorregut de 2 hores: particions (files)", "(b) 2-hour route: partitions (rows)", "(b) Recorrido de 2 horas: particiones (filas)"),
        /// Figure: (c).
        KeysFigC => ("(c) València ara: particions (files)", "(c) València now: partitions (rows)", "(c) València ahora: particiones (filas)"),
        /// Figure: (c) via index.
        KeysFigCIndex => ("(c) amb un índex global per mercat", "(c) with a global index by market", "(c) con un índice global por mercado"),
        /// Figure: year.
        KeysFigYear => ("Posicions a la partició més gran després d'un any", "Positions in the largest partition after a year", "Posiciones en la partición más grande después de un año"),
        /// Column: per day.
        ColPerDay => ("Clau més gran, per dia", "Largest key, per day", "Clave más grande, por día"),
        /// Column: per year.
        ColPerYear => ("Després d'un any", "After a year", "Después de un año"),
        /// Column: (a).
        ColA => ("(a)", "(a)", "(a)"),
        /// Column: (b).
        ColB => ("(b)", "(b)", "(b)"),
        /// Column: (c).
        ColC => ("(c)", "(c)", "(c)"),
        /// Reveal: the lesson's answer.
        KeysRevealAnswer => ("Mostra la resposta de la lliçó i la comparació", "Show the lesson's answer and the comparison", "Mostrar la respuesta de la lección y la comparación"),
        /// The lesson's answer to exercise 2.
        KeysVansAnswer => (
            "Clau de partició repartidor_id + dia, ordenada per ts DESC: (a) és la primera fila de la partició d'avui ({a_rows} fila), (b) un rang dins la mateixa partició ({b_rows} posicions), i (c), que no diu cap furgoneta, es respon des d'un índex global asíncron per mercat, ultima_posicio_per_mercat ({c_rows} files en 1 partició, en lloc de {c_parts} particions). Amb repartidor_id a seques, una furgoneta acumula {year} posicions en un any: el cub diari acota la partició i fa fàcil esborrar els dies vells.",
            "Partition key repartidor_id + dia, ordered by ts DESC: (a) is the first row of today's partition ({a_rows} row), (b) a range within the same partition ({b_rows} positions), and (c), which names no van, is answered from an asynchronous global index by market, ultima_posicio_per_mercat ({c_rows} rows on 1 partition, instead of {c_parts} partitions). With repartidor_id alone, a van piles up {year} positions in a year: the daily bucket bounds the partition and makes dropping old days easy.",
            "Clave de partición repartidor_id + día, ordenada por ts DESC: (a) es la primera fila de la partición de hoy ({a_rows} fila), (b) un rango dentro de la misma partición ({b_rows} posiciones), y (c), que no nombra ninguna furgoneta, se responde desde un índice global asíncrono por mercado, ultima_posicio_per_mercat ({c_rows} filas en 1 partición, en lugar de {c_parts} particiones). Con repartidor_id a secas, una furgoneta acumula {year} posiciones en un año: el cubo diario acota la partición y facilita borrar los días viejos.",
        ),
        // ---- Section 1: partitioning and replication ------------------------------------------------
        /// Chapter intro.
        ReplIntro => (
            "Particionar reparteix dades diferents entre nodes; replicar en copia les mateixes en diversos nodes. Els sistemes reals fan les dues coses: cada partició té un líder i uns quants seguidors, repartits perquè cada node lideri unes particions i en segueixi d'altres. Fes caure un node i mira quines particions perden el líder i quin seguidor el substitueix; amb una sola còpia, el que hi havia en aquell node es perd. I si totes les escriptures van a una partició, deu nodes escriuen com un.",
            "Partitioning spreads different data over nodes; replication copies the same data to several nodes. Real systems do both: each partition has a leader and a few followers, spread so that every node leads some partitions and follows others. Take a node down and see which partitions lose their leader and which follower takes over; with a single copy, what that node held is gone. And if every write goes to one partition, ten nodes write like one.",
            "Particionar reparte datos distintos entre nodos; replicar copia los mismos en varios nodos. Los sistemas reales hacen las dos cosas: cada partición tiene un líder y unos cuantos seguidores, repartidos para que cada nodo lidere unas particiones y siga otras. Haz caer un nodo y mira qué particiones pierden el líder y qué seguidor lo sustituye; con una sola copia, lo que había en ese nodo se pierde. Y si todas las escrituras van a una partición, diez nodos escriben como uno.",
        ),
        /// Layout control.
        ReplLayout => ("Repartiment de les còpies", "How the copies are placed", "Reparto de las copias"),
        /// Layout: the lesson's diagram.
        ReplLayoutLesson => ("el diagrama de la lliçó (4 nodes, P1–P4)", "the lesson's diagram (4 nodes, P1–P4)", "el diagrama de la lección (4 nodos, P1–P4)"),
        /// Layout: round robin.
        ReplLayoutSpread => ("rotació: Pi liderada pel node i, seguidors els següents", "round robin: Pi led by node i, followed by the next ones", "rotación: Pi liderada por el nodo i, seguidores los siguientes"),
        /// Nodes control.
        ReplNodes => ("Nodes", "Nodes", "Nodos"),
        /// RF control.
        ReplRf => ("Factor de replicació (còpies de cada partició)", "Replication factor (copies of each partition)", "Factor de replicación (copias de cada partición)"),
        /// Failed node control.
        ReplFail => ("Node caigut", "Failed node", "Nodo caído"),
        /// The node count field's meaning.
        ReplNodesHelp => (
            "Nodes del clúster, amb una partició cadascun (només amb el repartiment en roda)",
            "Nodes in the cluster, one partition each (round-robin placement only)",
            "Nodos del clúster, con una partición cada uno (solo con el reparto en rueda)",
        ),
        /// The failed node field's values.
        ReplFailRule => (
            "none, o el nom d'un node: A, B, C…",
            "none, or a node's name: A, B, C…",
            "none, o el nombre de un nodo: A, B, C…",
        ),
        /// Rule: the lesson's diagram has four nodes.
        ReplRuleLessonNodes => (
            "el diagrama de la lliçó té 4 nodes; per a un altre nombre, tria el repartiment «spread» (lay=spread a l'adreça, --layout spread a la línia d'ordres).",
            "the lesson's diagram has 4 nodes; for another count choose the spread placement (lay=spread in the address, --layout spread on the command line).",
            "el diagrama de la lección tiene 4 nodos; para otro número, elige el reparto «spread» (lay=spread en la dirección, --layout spread en la línea de órdenes).",
        ),
        /// Rule: at most one copy per node.
        ReplRuleRf => (
            "hi ha com a molt una còpia per node, i hi ha {nodes} nodes.",
            "there is at most one copy per node, and there are {nodes} nodes.",
            "hay como mucho una copia por nodo, y hay {nodes} nodos.",
        ),
        /// Rule: the lesson's diagram holds at most three copies.
        ReplRuleLessonRf => (
            "el diagrama de la lliçó té com a molt {max} còpies de cada partició.",
            "the lesson's diagram holds at most {max} copies of each partition.",
            "el diagrama de la lección tiene como mucho {max} copias de cada partición.",
        ),
        /// Rule: the failed node must exist.
        ReplRuleFail => (
            "només hi ha {nodes} nodes, de l'A al {last}.",
            "there are only {nodes} nodes, A to {last}.",
            "solo hay {nodes} nodos, de la A a la {last}.",
        ),
        /// No failure.
        ReplNone => ("cap", "none", "ninguno"),
        /// Note when the lesson's layout fixes sizes.
        ReplLessonNote => ("El diagrama de la lliçó té 4 nodes i 4 particions; canvia el repartiment per triar-ne d'altres.", "The lesson's diagram has 4 nodes and 4 partitions; change the placement to choose others.", "El diagrama de la lección tiene 4 nodos y 4 particiones; cambia el reparto para elegir otros."),
        /// Preset: the lesson's diagram.
        ReplPresetLesson => ("El diagrama de la lliçó", "The lesson's diagram", "El diagrama de la lección"),
        /// Preset: RF 1.
        ReplPresetRf1 => ("Una sola còpia: cau C", "One copy only: C fails", "Una sola copia: cae C"),
        /// Preset: hot partition.
        ReplPresetHot => ("10 nodes i una partició calenta", "10 nodes and one hot partition", "10 nodos y una partición caliente"),
        /// Layout title.
        ReplLayoutTitle => ("Líders i seguidors", "Leaders and followers", "Líderes y seguidores"),
        /// Layout caption.
        ReplLayoutCaption => (
            "{parts} particions en {nodes} nodes, {rf} còpies de cada una. Cada fila és un node, com les caixes del diagrama de la lliçó.",
            "{parts} partitions on {nodes} nodes, {rf} copies of each. Each row is a node, like the boxes of the lesson's diagram.",
            "{parts} particiones en {nodes} nodos, {rf} copias de cada una. Cada fila es un nodo, como las cajas del diagrama de la lección.",
        ),
        /// Column: leads.
        ColLeads => ("Lidera", "Leads", "Lidera"),
        /// Column: follows.
        ColFollows => ("Segueix", "Follows", "Sigue"),
        /// Column: state.
        ColState => ("Estat", "State", "Estado"),
        /// State: up.
        ReplUp => ("en marxa", "up", "en marcha"),
        /// State: down.
        ReplDown => ("caigut", "down", "caído"),
        /// Column: leader.
        ColLeader => ("Líder", "Leader", "Líder"),
        /// Column: followers.
        ColFollowers => ("Seguidors", "Followers", "Seguidores"),
        /// Failover title.
        ReplFailTitle => ("Cau un node", "A node fails", "Cae un nodo"),
        /// Failover caption with a failure.
        ReplFailCaption => (
            "El node {node} ha caigut. Una partició que hi tenia el líder passa al primer seguidor que queda; una que només hi tenia còpies, perd les dades fins que el node torni.",
            "Node {node} is down. A partition whose leader was there passes to its first remaining follower; one that only had copies there loses its data until the node comes back.",
            "El nodo {node} ha caído. Una partición que tenía allí el líder pasa al primer seguidor que queda; una que solo tenía copias allí pierde los datos hasta que el nodo vuelva.",
        ),
        /// Failover caption without a failure.
        ReplFailNone => ("Tria un node caigut als controls per veure què passa.", "Pick a failed node in the controls to see what happens.", "Elige un nodo caído en los controles para ver qué pasa."),
        /// Column: before.
        ColBefore => ("Líder abans", "Leader before", "Líder antes"),
        /// Column: after.
        ColAfter => ("Líder després", "Leader after", "Líder después"),
        /// Column: what happened.
        ColWhat => ("Què passa", "What happens", "Qué pasa"),
        /// Outcome: unaffected.
        ReplUnaffected => ("res: el líder segueix en marxa", "nothing: its leader is still up", "nada: el líder sigue en marcha"),
        /// Outcome: lost a copy.
        ReplLostCopy => ("perd una còpia; el líder segueix", "loses a copy; its leader stays", "pierde una copia; el líder sigue"),
        /// Outcome: taken over.
        ReplTakenOver => ("{node} passa de seguidor a líder", "{node} goes from follower to leader", "{node} pasa de seguidor a líder"),
        /// Outcome: lost.
        ReplLost => ("cap còpia: dades perdudes", "no copy left: data lost", "ninguna copia: datos perdidos"),
        /// Figure: partitions that lost their leader.
        ReplFigLeaderless => ("Particions que perden el líder", "Partitions that lose their leader", "Particiones que pierden el líder"),
        /// Figure: partitions whose leader a follower replaces.
        ReplFigTaken => ("Amb un seguidor com a nou líder", "Taken over by a follower", "Con un seguidor como nuevo líder"),
        /// Figure: lost partitions.
        ReplFigLost => ("Particions sense cap còpia", "Partitions with no copy left", "Particiones sin ninguna copia"),
        /// Figure: data lost.
        ReplFigLostShare => ("Dades perdudes (comandes)", "Data lost (orders)", "Datos perdidos (pedidos)"),
        /// Hot title.
        ReplHotTitle => ("Una partició calenta i el clúster escriu com un node", "One hot partition and the cluster writes like one node", "Una partición caliente y el clúster escribe como un nodo"),
        /// Hot caption.
        ReplHotCaption => (
            "Capacitat d'escriptura del clúster a l'hora de més feina ({hour}), en nodes: cada escriptura va al líder de la seva partició i el node més carregat posa el límit. Amb hash(comanda_id) les escriptures es reparteixen; amb rangs de data_creacio, totes van a la partició d'avui.",
            "The cluster's write capacity in the busiest hour ({hour}), in nodes' worth: each write goes to its partition's leader and the busiest node sets the limit. With hash(comanda_id) the writes spread; with ranges of data_creacio, they all go to today's partition.",
            "Capacidad de escritura del clúster en la hora de más trabajo ({hour}), en nodos: cada escritura va al líder de su partición y el nodo más cargado pone el límite. Con hash(comanda_id) las escrituras se reparten; con rangos de data_creacio, todas van a la partición de hoy.",
        ),
        /// Series: hash.
        ReplSeriesHash => ("hash(comanda_id)", "hash(comanda_id)", "hash(comanda_id)"),
        /// Series: range.
        ReplSeriesRange => ("rangs de data_creacio", "ranges of data_creacio", "rangos de data_creacio"),
        /// Series: ideal.
        ReplSeriesIdeal => ("ideal: tots els nodes", "ideal: every node", "ideal: todos los nodos"),
        /// Axis: nodes.
        ReplAxisNodes => ("nodes (una partició cadascun)", "nodes (one partition each)", "nodos (una partición cada uno)"),
        /// Axis: capacity.
        ReplAxisCapacity => ("capacitat d'escriptura (nodes)", "write capacity (nodes)", "capacidad de escritura (nodos)"),
        /// Figure: capacity with hash.
        ReplFigHash => ("Amb {nodes} nodes i hash(comanda_id)", "With {nodes} nodes and hash(comanda_id)", "Con {nodes} nodos y hash(comanda_id)"),
        /// Figure: capacity with ranges.
        ReplFigRange => ("Amb {nodes} nodes i rangs de data_creacio", "With {nodes} nodes and ranges of data_creacio", "Con {nodes} nodos y rangos de data_creacio"),
        /// Nodes' worth.
        ReplNodesWorth => ("{n} nodes", "{n} nodes", "{n} nodos"),
        /// Hot chart label.
        ReplHotChart => ("Capacitat d'escriptura segons el nombre de nodes", "Write capacity against the number of nodes", "Capacidad de escritura según el número de nodos"),
        // ---- Beyond the lesson: comparison of algorithms (issue #14) ----
        /// Intro.
        CmpIntro => (
            "Més enllà de la lliçó: vuit estratègies sobre el mateix clúster (mòdul N, anell, rendezvous, jump, Maglev, càrrega acotada, multi-sonda i ketama). Compara com d'igual reparteixen, quantes claus mouen quan un node entra o surt i quanta memòria necessiten.",
            "Beyond the lesson: eight strategies on one cluster (mod N, ring, rendezvous, jump, Maglev, bounded loads, multi-probe and ketama). Compare how evenly they spread keys, how many keys they move when a node joins or leaves, and how much memory they need.",
            "Más allá de la lección: ocho estrategias sobre el mismo clúster (módulo N, anillo, rendezvous, jump, Maglev, carga acotada, multisonda y ketama). Compara lo igual que reparten, cuántas claves mueven cuando un nodo entra o sale y cuánta memoria necesitan.",
        ),
        /// Preset: the lesson's cluster.
        CmpPresetLesson => ("El clúster de la lliçó", "The lesson's cluster", "El clúster de la lección"),
        /// Preset: a bigger cluster.
        CmpPresetBig => ("Deu nodes", "Ten nodes", "Diez nodos"),
        /// The table size field's values.
        CmpTableRule => (
            "un nombre primer de 2 a 2.000.003, com a mínim el nombre de nodes",
            "a prime from 2 to 2,000,003, at least the node count",
            "un número primo de 2 a 2.000.003, como mínimo el número de nodos",
        ),
        /// Rule: a table size that is not a prime at least the node count.
        CmpTableMisfit => (
            "la taula de Maglev ha de tenir una mida primera i com a mínim una entrada per node ({nodes}).",
            "Maglev's table needs a prime size and at least one entry per node ({nodes}).",
            "la tabla de Maglev necesita un tamaño primo y como mínimo una entrada por nodo ({nodes}).",
        ),
        /// The load factor field's meaning.
        CmpLoadFactorHelp => (
            "Factor de càrrega c de la càrrega acotada, en centèsimes (125 és 1,25)",
            "Bounded loads factor c, in hundredths (125 is 1.25)",
            "Factor de carga c de la carga acotada, en centésimas (125 es 1,25)",
        ),
        /// Control.
        CmpNodes => ("Nodes", "Nodes", "Nodos"),
        /// Control.
        CmpKeys => ("Claus", "Keys", "Claves"),
        /// Control.
        CmpTableSize => ("Mida de la taula de Maglev (primer)", "Maglev table size (prime)", "Tamaño de la tabla de Maglev (primo)"),
        /// Control.
        CmpLoadFactor => ("Factor de càrrega c de la càrrega acotada", "Bounded loads factor c", "Factor de carga c de la carga acotada"),
        /// Control.
        CmpProbes => ("Sondes per clau (multi-sonda)", "Probes per key (multi-probe)", "Sondas por clave (multisonda)"),
        /// Control.
        CmpTrials => ("Proves amb noms canviats", "Renamed trials", "Pruebas con nombres cambiados"),
        /// Panel title.
        CmpTableTitle => ("Vuit estratègies, un clúster", "Eight strategies, one cluster", "Ocho estrategias, un clúster"),
        /// Caption.
        CmpTableCaption => (
            "{nodes} nodes i {keys} claus; entra {join} i surt {leave}. Desviació i pic/mitjana: mediana (mínim–màxim) de {trials} proves.",
            "{nodes} nodes and {keys} keys; {join} joins and {leave} leaves. Deviation and peak-to-mean: median (min–max) of {trials} trials.",
            "{nodes} nodos y {keys} claves; entra {join} y sale {leave}. Desviación y pico/media: mediana (mínimo–máximo) de {trials} pruebas.",
        ),
        /// Progress.
        CmpWorking => ("Calculant… {done} de {total} passos.", "Computing… {done} of {total} steps.", "Calculando… {done} de {total} pasos."),
        /// A panel still computing.
        CmpPending => ("Calculant…", "Computing…", "Calculando…"),
        /// Column.
        CmpColAlgo => ("Estratègia", "Strategy", "Estrategia"),
        /// Column.
        CmpColDev => ("Desviació", "Deviation", "Desviación"),
        /// Column.
        CmpColPeak => ("Pic/mitjana", "Peak-to-mean", "Pico/media"),
        /// Column.
        CmpColJoin => ("Mogudes en entrar", "Moved on join", "Movidas al entrar"),
        /// Column.
        CmpColJoinIdeal => ("Ideal en entrar", "Ideal on join", "Ideal al entrar"),
        /// Column.
        CmpColLeave => ("Mogudes en sortir", "Moved on leave", "Movidas al salir"),
        /// Column.
        CmpColLeaveIdeal => ("Ideal en sortir", "Ideal on leave", "Ideal al salir"),
        /// Column.
        CmpColEntries => ("Entrades", "Entries", "Entradas"),
        /// Column.
        CmpColBytes => ("Bytes", "Bytes", "Bytes"),
        /// Algorithm names.
        AlgoModulo => ("hash mòdul N", "hash mod N", "hash módulo N"),
        /// Algorithm.
        AlgoRing => ("anell ({v} vnodes)", "ring ({v} vnodes)", "anillo ({v} vnodes)"),
        /// Algorithm.
        AlgoRendezvous => ("rendezvous (HRW)", "rendezvous (HRW)", "rendezvous (HRW)"),
        /// Algorithm.
        AlgoJump => ("jump hash", "jump hash", "jump hash"),
        /// Algorithm.
        AlgoMaglev => ("Maglev (M = {m})", "Maglev (M = {m})", "Maglev (M = {m})"),
        /// Algorithm.
        AlgoBounded => ("càrrega acotada (c = {c})", "bounded loads (c = {c})", "carga acotada (c = {c})"),
        /// Algorithm.
        AlgoMultiProbe => ("multi-sonda (k = {k})", "multi-probe (k = {k})", "multisonda (k = {k})"),
        /// Algorithm.
        AlgoKetama => ("ketama (160 punts per servidor)", "ketama (160 points per server)", "ketama (160 puntos por servidor)"),
        /// Panel title.
        CmpProbesTitle => ("Multi-sonda: més sondes, menys pic", "Multi-probe: more probes, a lower peak", "Multisonda: más sondas, menos pico"),
        /// Caption.
        CmpProbesCaption => (
            "Un sol punt per node i k sondes per clau: pic/mitjana (mediana i banda de {trials} proves, fins a 20 000 claus) segons k. Els autors en donen uns 1,05 amb 21 sondes.",
            "One point per node and k probes per key: peak-to-mean (median and band over {trials} trials, on up to 20 000 keys) against k. The authors report about 1.05 at 21 probes.",
            "Un solo punto por nodo y k sondas por clave: pico/media (mediana y banda de {trials} pruebas, hasta 20 000 claves) según k. Los autores dan unos 1,05 con 21 sondas.",
        ),
        /// Axis.
        CmpAxisProbes => ("sondes per clau (k)", "probes per key (k)", "sondas por clave (k)"),
        /// Axis.
        CmpAxisPeak => ("pic/mitjana", "peak-to-mean", "pico/media"),
        /// Series.
        CmpSeriesMedian => ("mediana", "median", "mediana"),
        /// Series.
        CmpSeriesMin => ("mínim", "minimum", "mínimo"),
        /// Series.
        CmpSeriesMax => ("màxim", "maximum", "máximo"),
        /// Chart label.
        CmpProbesChart => ("Pic/mitjana de la multi-sonda segons les sondes", "Multi-probe peak-to-mean against probes", "Pico/media de la multisonda según las sondas"),
        /// Panel title.
        CmpOverTitle => ("Sobreaprovisionament amb 1 000 servidors", "Over-provisioning with 1 000 backends", "Sobreaprovisionamiento con 1 000 servidores"),
        /// Caption.
        CmpOverCaption => (
            "Com a la figura de l'article de Maglev: màxim/mitjana − 1 de la part de cada servidor segons la mida de la taula. Maglev i l'anell (⌊M/N⌋ vnodes) amb parts exactes; rendezvous omple una taula de M entrades (fins a {max}).",
            "As in the Maglev paper's figure: max/mean − 1 of each backend's share against the table size. Maglev and the ring (⌊M/N⌋ vnodes) with exact shares; rendezvous fills a table of M entries (up to {max}).",
            "Como en la figura del artículo de Maglev: máximo/media − 1 de la parte de cada servidor según el tamaño de la tabla. Maglev y el anillo (⌊M/N⌋ vnodes) con partes exactas; rendezvous llena una tabla de M entradas (hasta {max}).",
        ),
        /// Axis.
        CmpAxisSize => ("mida de la taula (M)", "table size (M)", "tamaño de la tabla (M)"),
        /// Axis.
        CmpAxisOver => ("sobreaprovisionament (%)", "over-provisioning (%)", "sobreaprovisionamiento (%)"),
        /// Chart label.
        CmpOverChart => ("Sobreaprovisionament segons la mida de la taula", "Over-provisioning against table size", "Sobreaprovisionamiento según el tamaño de la tabla"),
        /// Not measured.
        CmpNotMeasured => ("no mesurat", "not measured", "no medido"),
        // ---- Beyond the lesson: hot keys ----
        /// Intro.
        HotIntro => (
            "Més enllà de la lliçó: les claus poden estar ben repartides i les peticions no. Amb popularitat Zipf, o amb formatge-curat en plena setmana del formatge, totes les lectures d'una clau van al seu node. Mira què fan la càrrega acotada i una memòria cau davant de les claus calentes.",
            "Beyond the lesson: keys can be spread evenly while requests are not. With Zipf popularity, or with formatge-curat in its cheese-fair week, every read of a key goes to its node. See what bounded loads and a cache in front of the hot keys do.",
            "Más allá de la lección: las claves pueden estar bien repartidas y las peticiones no. Con popularidad Zipf, o con formatge-curat en plena semana del queso, todas las lecturas de una clave van a su nodo. Mira qué hacen la carga acotada y una caché delante de las claves calientes.",
        ),
        /// Preset.
        HotPresetFestival => ("La setmana del formatge", "The cheese-fair week", "La semana del queso"),
        /// Preset.
        HotPresetCache => ("Setmana del formatge amb memòria cau", "Cheese-fair week with a cache", "Semana del queso con caché"),
        /// Preset.
        HotPresetUniform => ("Popularitat uniforme", "Uniform popularity", "Popularidad uniforme"),
        /// The exponent field's meaning.
        HotExponentHelp => (
            "Exponent de Zipf s, en centèsimes (100 és s = 1; 0, popularitat uniforme)",
            "Zipf exponent s, in hundredths (100 is s = 1; 0, uniform popularity)",
            "Exponente de Zipf s, en centésimas (100 es s = 1; 0, popularidad uniforme)",
        ),
        /// Control.
        HotExponent => ("Exponent de Zipf s", "Zipf exponent s", "Exponente de Zipf s"),
        /// Control.
        HotFestival => ("formatge-curat en la seva setmana", "formatge-curat in its festival week", "formatge-curat en su semana"),
        /// Option.
        HotOn => ("sí", "yes", "sí"),
        /// Option.
        HotOff => ("no", "no", "no"),
        /// Control.
        HotCached => ("Claus més populars a la memòria cau", "Most popular keys in the cache", "Claves más populares en la caché"),
        /// Control.
        HotHit => ("Lectures que absorbeix la memòria cau (%)", "Reads the cache absorbs (%)", "Lecturas que absorbe la caché (%)"),
        /// Panel title.
        HotLoadsTitle => ("Claus per node i peticions per node", "Keys per node and requests per node", "Claves por nodo y peticiones por nodo"),
        /// Caption.
        HotLoadsCaption => (
            "{requests} peticions sobre {keys} claus (s = {s}), {nodes} nodes; la memòria cau n'ha absorbit {absorbed}.",
            "{requests} requests over {keys} keys (s = {s}), {nodes} nodes; the cache absorbed {absorbed} of them.",
            "{requests} peticiones sobre {keys} claves (s = {s}), {nodes} nodos; la caché ha absorbido {absorbed}.",
        ),
        /// Figure.
        HotFigHotShare => ("Part de les peticions per a formatge-curat", "Share of requests for formatge-curat", "Parte de las peticiones para formatge-curat"),
        /// Figure.
        HotFigRingPeak => ("Node més carregat, anell", "Busiest node, ring", "Nodo más cargado, anillo"),
        /// Figure.
        HotFigBoundedPeak => ("Node més carregat, càrrega acotada", "Busiest node, bounded loads", "Nodo más cargado, carga acotada"),
        /// Column.
        HotColPeakKeys => ("Claus al node amb més claus", "Keys on the node with most keys", "Claves en el nodo con más claves"),
        /// Column.
        HotColPeakRequests => ("Peticions al node més carregat", "Requests on the busiest node", "Peticiones al nodo más cargado"),
        /// Column.
        HotColHotNode => ("Node de formatge-curat", "Node of formatge-curat", "Nodo de formatge-curat"),
        /// Panel title.
        HotNodesTitle => ("Node a node", "Node by node", "Nodo a nodo"),
        /// Caption.
        HotNodesCaption => (
            "L'anell envia totes les peticions d'una clau al seu node; la càrrega acotada no deixa cap node per sobre de {cap} peticions.",
            "The ring sends all of a key's requests to its node; bounded loads keeps every node at or below {cap} requests.",
            "El anillo envía todas las peticiones de una clave a su nodo; la carga acotada no deja ningún nodo por encima de {cap} peticiones.",
        ),
        /// Column.
        HotColNode => ("Node", "Node", "Nodo"),
        /// Column.
        HotColKeys => ("Claus (anell)", "Keys (ring)", "Claves (anillo)"),
        /// Column.
        HotColRingReq => ("Peticions (anell)", "Requests (ring)", "Peticiones (anillo)"),
        /// Column.
        HotColBoundedReq => ("Peticions (càrrega acotada)", "Requests (bounded loads)", "Peticiones (carga acotada)"),
        /// Panel title.
        HotSkewTitle => ("El node més carregat segons el biaix", "The busiest node as skew grows", "El nodo más cargado según el sesgo"),
        /// Caption.
        HotSkewCaption => (
            "Part de les peticions que rep el node més carregat segons l'exponent s (la resta com a dalt).",
            "Share of the requests the busiest node gets against the exponent s (everything else as above).",
            "Parte de las peticiones que recibe el nodo más cargado según el exponente s (el resto como arriba).",
        ),
        /// Axis.
        HotAxisS => ("exponent de Zipf s", "Zipf exponent s", "exponente de Zipf s"),
        /// Axis.
        HotAxisPeak => ("part del node més carregat (%)", "busiest node's share (%)", "parte del nodo más cargado (%)"),
        /// Chart label.
        HotSkewChart => ("Part del node més carregat segons l'exponent", "Busiest node's share against the exponent", "Parte del nodo más cargado según el exponente"),
        /// Column.
        HotColS => ("s", "s", "s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Lang;

    /// Texts that are rightly the same in English and another language (numbers, names,
    /// code, abbreviations).
    const SAME_AS_ENGLISH: &[St] = &[
        St::CmpNodes,
        St::CmpColBytes,
        St::AlgoRendezvous,
        St::AlgoJump,
        St::AlgoMaglev,
        St::HotColNode,
        St::HotColS,
        St::HotOff,
        St::Controls,
        St::No,
        St::PartitionName,
        St::ShortDate,
        St::HashSeriesById,
        St::HashSeriesClient,
        St::Ms,
        St::IdxFigFormula,
        St::IdxInterval,
        St::RangeKeyDate,
        St::RangeKeyMarketDate,
        St::RangeSeriesDate,
        St::RangeSeriesMarketDate,
        St::RangeSpan,
        St::RangeLayoutName,
        St::ColMarketQ,
        St::ReplSeriesHash,
        St::ReplNodesWorth,
        St::ReplNodes,
        St::KeysLargest,
        St::KeysPartsRows,
        St::ColA,
        St::ColB,
        St::ColC,
        St::ColN,
        St::ColP50,
        St::ColP99,
        St::RebMbS,
        St::RebSecOf,
        St::RebGb,
        St::RebColCrc,
        St::RebMinutes,
        St::RebColNode,
        St::RebNodes,
        St::RebPresetRedis,
        St::RtMs,
        St::RtColMoved,
        St::RtColAsk,
        St::RtSeconds,
        St::RebColIdeal,
    ];

    /// Texts that are rightly the same in Catalan and Spanish.
    const SAME_IN_CA_AND_ES: &[St] = &[
        St::Yes,
        St::HotOn,
        St::RebStepCascade,
        St::RebRedisSlots,
        St::RebFigSlot,
        St::RebOfNodes,
        St::RebTimes,
        St::RtPresetShortTtl,
        St::ColQuery,
        St::ColReadLatency,
        St::IdxSeriesFormula,
        St::ColFormula,
        St::IdxSeriesP50,
        St::IdxSeriesP99,
        St::ColTime,
        St::RangeZoom,
        St::ColProducerQ,
        St::ColLeads,
        St::ColLeader,
        St::CmpSeriesMedian,
    ];

    #[test]
    fn every_study_text_has_three_languages_with_the_same_placeholders() {
        assert!(St::ALL.len() > 40);
        let problems = crate::base::text::check_table(SAME_AS_ENGLISH, SAME_IN_CA_AND_ES);
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn templates_fill_every_placeholder() {
        let s = fill(Lang::En, St::Computing, &[("done", &3), ("total", &92)]);
        assert_eq!(s, "Computing… 3/92");
        let s = fill(Lang::Ca, St::HashColPartition, &[("n", &4)]);
        assert_eq!(s, "hash mòdul 4");
        let s = fill(Lang::Es, St::HashColPartition, &[("n", &4)]);
        assert_eq!(s, "hash módulo 4");
    }
}
