//! Quilòmetre Zero's workload: one seeded generator of orders and stock that every chapter of
//! sections 1–4 and 10 measures its partition keys on.
//!
//! # The model, and the lesson's facts it follows
//!
//! - **A campaign of days** (default: the grape-harvest week, seven days from Monday
//!   2026-09-14, with **40 000 orders a day**, the lesson's figure), optionally preceded by
//!   ordinary "lead" days at a lower volume (the range chapter needs past weeks). Every day
//!   has exactly its volume of orders.
//! - **Orders** are `P-2026-nnnnnn`, numbered from 1 in creation order (six digits at least,
//!   more beyond 999 999 as `{:06}` does). Each has a creation time (a second of local time),
//!   a client, the client's market, one product and that product's producer, and the time it
//!   is delivered (4 to 36 hours after creation), so "pending deliveries" can be asked.
//! - **Four markets**, Girona, Lleida, Tarragona and València, with València drawing **twice**
//!   the orders of each of the others (weights 1 : 1 : 1 : 2, drawn per order).
//! - **Thousands of clients with a heavy tail**: 12 000 regular clients (2 400 per market,
//!   4 800 in València); within a market a client of rank `r` (a seeded shuffle of the ids)
//!   weighs `10 000 000 / (r + 50)`, a Zipf-like law with an offset, so the top tenth of the
//!   clients place about half of the orders. Two named clients: `anna` (Girona, a steady
//!   customer: "Anna's last 20 orders") and **one restaurant**, `restaurant-el-mercat`
//!   (València), that alone places 5 % of València's orders, about ten times the busiest
//!   regular client and far above everyone else: its partition grows without bound.
//! - **Twelve producers** and a catalogue of 100 products. **Horta La Vega holds 40 % of the
//!   catalogue** (40 products) and weighs 30 against **Celler Roure Alt's 1**, so it takes
//!   about **30 times** its orders. An ordinary order picks a producer by weight, then one of
//!   its products by a Zipf-like law (`1000 / (rank + 2)`).
//! - **Hot products**: during the campaign 4 % of the orders are for `vi-crianca` (the
//!   grape harvest), and during the cheese fair (by default the same week) another 6 % are
//!   for **`formatge-curat`**, which makes it the busiest product of its festival week.
//! - **A daily rhythm**: the hour of an order follows fixed weights (night 1–3, lunch 22,
//!   evening peak 24 at 20:00), the second within the hour is uniform.
//! - **Stock**: one counter per product, stocked for its expected demand plus a margin and
//!   decremented by one unit per order (`estoc.reservat`).
//!
//! # Determinism
//!
//! Everything is drawn from [`SplitMix64`] with integer weights only (no floating point, no
//! `std` hash): a seed gives the same workload on every target. Each day has its own stream,
//! seeded from the seed and the date, so a day's orders do not depend on how many days come
//! before it; only the order numbers do.
//!
//! ```
//! use partlab_km0::workload::{Workload, WorkloadSpec};
//! let spec = WorkloadSpec { days: 1, orders_per_day: 1_000, ..WorkloadSpec::default() };
//! let w = Workload::generate(&spec).expect("a valid spec");
//! assert_eq!(w.orders().len(), 1_000);
//! assert_eq!(w.order_id(&w.orders()[0]), "P-2026-000001");
//! ```

use std::fmt;

use crate::calendar::{Date, Epoch, Timestamp, DAY_SECS, HOUR_SECS};
use crate::rng::{sub_seed, SplitMix64, WeightedIndex};
use partlab_core::hash::lesson_key;

/// KM0's four markets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[repr(u8)]
pub enum Market {
    /// Girona.
    Girona,
    /// Lleida.
    Lleida,
    /// Tarragona.
    Tarragona,
    /// València, about twice as busy as each of the others.
    Valencia,
}

impl Market {
    /// The four markets, in alphabetical order.
    pub const ALL: [Market; 4] = [
        Market::Girona,
        Market::Lleida,
        Market::Tarragona,
        Market::Valencia,
    ];

    /// The market's name (the same in Catalan and English).
    pub fn name(self) -> &'static str {
        match self {
            Market::Girona => "Girona",
            Market::Lleida => "Lleida",
            Market::Tarragona => "Tarragona",
            Market::Valencia => "València",
        }
    }

    /// The market as a key value (`mercat`): `girona`, …, `valencia`.
    pub fn slug(self) -> &'static str {
        match self {
            Market::Girona => "girona",
            Market::Lleida => "lleida",
            Market::Tarragona => "tarragona",
            Market::Valencia => "valencia",
        }
    }

    /// The market's position in [`Market::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Relative order volume: València 2, the others 1.
    pub fn weight(self) -> u64 {
        match self {
            Market::Valencia => 2,
            _ => 1,
        }
    }
}

/// A producer of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Producer {
    /// Its id as a key value (`productor_id`), e.g. `horta-la-vega`.
    pub slug: &'static str,
    /// Its name, e.g. "Horta La Vega".
    pub name: &'static str,
    /// Relative order volume of its ordinary orders.
    pub weight: u64,
    /// Its products' slugs, the most popular first.
    pub products: &'static [&'static str],
}

/// The producers and their products: the catalogue is fixed, the orders are seeded.
pub const PRODUCERS: [Producer; 12] = [
    Producer {
        slug: "horta-la-vega",
        name: "Horta La Vega",
        weight: 30,
        products: &[
            "tomaquet-rosa",
            "enciam-llarg",
            "ceba-de-figueres",
            "pastanaga",
            "carbasso",
            "pebrot-vermell",
            "alberginia",
            "mongeta-tendra",
            "patata-del-bufet",
            "espinacs",
            "bleda",
            "tomaquet-de-penjar",
            "ceba-tendra",
            "all-tendre",
            "carbassa-cacauet",
            "pebrot-verd",
            "pesols",
            "faves",
            "col-arrissada",
            "coliflor",
            "broquil",
            "carxofa",
            "porro",
            "api",
            "rave",
            "remolatxa",
            "cogombre",
            "moniato",
            "nap",
            "fonoll",
            "julivert",
            "alfabrega",
            "maduixot",
            "melo",
            "sindria",
            "pruna",
            "figa",
            "raim-de-taula",
            "enciam-de-fulla-de-roure",
            "escarola",
        ],
    },
    Producer {
        slug: "celler-roure-alt",
        name: "Celler Roure Alt",
        weight: 1,
        products: &[
            "vi-negre-roure",
            "vi-blanc-roure",
            "vi-rosat-roure",
            "cava-roure",
        ],
    },
    Producer {
        slug: "celler-mas-vinyes",
        name: "Celler Mas Vinyes",
        weight: 6,
        products: &[
            "vi-jove",
            "vi-blanc-xarello",
            "vi-crianca",
            "moscatell",
            "vermut-de-casa",
        ],
    },
    Producer {
        slug: "formatgeria-puig-ventos",
        name: "Formatgeria Puig Ventós",
        weight: 8,
        products: &[
            "formatge-tendre",
            "mato",
            "formatge-curat",
            "brossat",
            "iogurt-d-ovella",
            "mantega",
        ],
    },
    Producer {
        slug: "fruiters-del-segria",
        name: "Fruiters del Segrià",
        weight: 10,
        products: &[
            "poma-golden",
            "pera-conference",
            "pressec",
            "nectarina",
            "cirera",
            "albercoc",
            "paraguaia",
            "poma-fuji",
            "pera-llimonera",
            "figa-de-coll-de-dama",
        ],
    },
    Producer {
        slug: "oli-de-les-garrigues",
        name: "Oli de les Garrigues",
        weight: 5,
        products: &[
            "oli-arbequina",
            "oli-en-rama",
            "olives-arbequines",
            "oli-verge-extra",
        ],
    },
    Producer {
        slug: "mel-del-montseny",
        name: "Mel del Montseny",
        weight: 3,
        products: &[
            "mel-de-romani",
            "mel-de-bruc",
            "pol-len",
            "mel-de-castanyer",
        ],
    },
    Producer {
        slug: "forn-de-la-placa",
        name: "Forn de la Plaça",
        weight: 8,
        products: &[
            "pa-de-pages",
            "coca-de-recapte",
            "croissant-de-mantega",
            "panellets",
            "coca-de-vidre",
            "pa-integral",
            "magdalenes",
        ],
    },
    Producer {
        slug: "granja-can-pujol",
        name: "Granja Can Pujol",
        weight: 7,
        products: &[
            "ous-de-pages",
            "pollastre-de-pages",
            "botifarra",
            "fuet",
            "llonganissa",
            "xai",
            "conill",
        ],
    },
    Producer {
        slug: "arrossos-del-delta",
        name: "Arrossos del Delta",
        weight: 4,
        products: &[
            "arros-bomba",
            "arros-integral",
            "arros-carnaroli",
            "arros-rodo",
        ],
    },
    Producer {
        slug: "conserves-de-l-escala",
        name: "Conserves de l'Escala",
        weight: 2,
        products: &["anxoves", "tonyina-en-oli", "sardines"],
    },
    Producer {
        slug: "cooperativa-de-la-ribera",
        name: "Cooperativa de la Ribera",
        weight: 9,
        products: &[
            "taronja-navel",
            "mandarina",
            "llimona",
            "xufa",
            "orxata",
            "caqui",
        ],
    },
];

/// The producer with about 30 times the orders of [`SMALL_PRODUCER`] and 40 % of the
/// catalogue.
pub const BIG_PRODUCER: &str = "horta-la-vega";
/// The lesson's small producer.
pub const SMALL_PRODUCER: &str = "celler-roure-alt";
/// The product that is hot during the cheese fair.
pub const FAIR_PRODUCT: &str = "formatge-curat";
/// The product that is hot during the grape harvest.
pub const HARVEST_PRODUCT: &str = "vi-crianca";
/// The named steady client ("Anna's last 20 orders").
pub const ANNA: &str = "anna";
/// The restaurant client with a very large number of orders.
pub const RESTAURANT: &str = "restaurant-el-mercat";
/// Client index of [`ANNA`].
pub const ANNA_IDX: u32 = 0;
/// Client index of [`RESTAURANT`].
pub const RESTAURANT_IDX: u32 = 1;

/// Regular clients per unit of market weight (2 400: València has 4 800).
pub const CLIENTS_PER_MARKET_WEIGHT: u32 = 2_400;
/// Per-mille of campaign orders that are for [`HARVEST_PRODUCT`].
pub const HARVEST_PERMILLE: u64 = 40;
/// Per-mille of fair-day orders that are for [`FAIR_PRODUCT`].
pub const FAIR_PERMILLE: u64 = 60;
/// Per-cent of València's orders that the restaurant places.
pub const RESTAURANT_PCT_OF_VALENCIA: u64 = 5;
/// Order weights of the 24 hours of the day, 0:00 first.
pub const HOUR_WEIGHTS: [u64; 24] = [
    3, 2, 1, 1, 1, 2, 4, 8, 12, 15, 17, 19, 22, 20, 15, 12, 12, 14, 18, 22, 24, 19, 11, 6,
];
/// Shortest delivery time, in seconds (4 h).
pub const MIN_DELIVERY_SECS: u32 = 4 * HOUR_SECS;
/// Longest delivery time, in seconds (36 h).
pub const MAX_DELIVERY_SECS: u32 = 36 * HOUR_SECS;

/// Most days a workload may cover (campaign plus lead days).
pub const MAX_DAYS: u32 = 400;
/// Most orders in a day.
pub const MAX_ORDERS_PER_DAY: u32 = 200_000;
/// Most orders a workload may hold in memory ([`Workload::generate`]); streaming
/// ([`Workload::stream`]) has no such limit but [`MAX_DAYS`].
pub const MAX_STORED_ORDERS: u64 = 4_000_000;

/// The first day of the default campaign: Monday of the grape-harvest week.
pub fn harvest_week_start() -> Date {
    // 2026-09-14 is a valid date; the fallback is never used.
    Date::from_ymd(2026, 9, 14).unwrap_or(Date(20_710))
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkloadSpec {
    /// The seed: the same seed, the same workload.
    pub seed: u64,
    /// The campaign's first day.
    pub start: Date,
    /// Campaign days (1–[`MAX_DAYS`]).
    pub days: u32,
    /// Orders on each campaign day.
    pub orders_per_day: u32,
    /// Ordinary days before the campaign (0 by default).
    pub lead_days: u32,
    /// Orders on each lead day.
    pub lead_orders_per_day: u32,
    /// First campaign day (0-based) of the cheese fair.
    pub fair_start: u32,
    /// Days of the cheese fair (0: no fair).
    pub fair_days: u32,
}

/// The default seed, in the URL as `seed=2026`.
pub const DEFAULT_SEED: u64 = 2026;
/// The lesson's campaign volume.
pub const DEFAULT_ORDERS_PER_DAY: u32 = 40_000;
/// The grape-harvest week.
pub const DEFAULT_DAYS: u32 = 7;

impl Default for WorkloadSpec {
    fn default() -> Self {
        WorkloadSpec {
            seed: DEFAULT_SEED,
            start: harvest_week_start(),
            days: DEFAULT_DAYS,
            orders_per_day: DEFAULT_ORDERS_PER_DAY,
            lead_days: 0,
            lead_orders_per_day: 10_000,
            fair_start: 0,
            fair_days: 7,
        }
    }
}

/// A spec the generator refuses; data only (the lab words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkloadError {
    /// No campaign day, or more days (with the lead days) than [`MAX_DAYS`].
    Days {
        /// Campaign plus lead days asked for.
        days: u64,
        /// The limit.
        max: u32,
    },
    /// Orders per day outside 1–[`MAX_ORDERS_PER_DAY`] (campaign or lead).
    OrdersPerDay {
        /// The volume asked for.
        orders: u32,
        /// The limit.
        max: u32,
    },
    /// More orders than [`MAX_STORED_ORDERS`] to hold in memory.
    TooManyOrders {
        /// The total asked for.
        orders: u64,
        /// The limit.
        max: u64,
    },
}

impl fmt::Display for WorkloadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkloadError::Days { days, max } => {
                write!(f, "{days} days: choose 1 to {max} days in all")
            }
            WorkloadError::OrdersPerDay { orders, max } => {
                write!(f, "{orders} orders a day: choose 1 to {max}")
            }
            WorkloadError::TooManyOrders { orders, max } => {
                write!(f, "{orders} orders in all: at most {max} can be held")
            }
        }
    }
}

impl std::error::Error for WorkloadError {}

impl WorkloadSpec {
    /// The default campaign cut to `days` days of `orders_per_day` orders each (the smaller
    /// workloads of examples and tests).
    pub fn sized(days: u32, orders_per_day: u32) -> Self {
        WorkloadSpec {
            days,
            orders_per_day,
            ..WorkloadSpec::default()
        }
    }

    /// The same specification with `days` ordinary days of `orders_per_day` orders each
    /// before the campaign.
    pub fn with_lead(self, days: u32, orders_per_day: u32) -> Self {
        WorkloadSpec {
            lead_days: days,
            lead_orders_per_day: orders_per_day,
            ..self
        }
    }

    /// Campaign and lead days together.
    pub fn total_days(&self) -> u32 {
        self.days.saturating_add(self.lead_days)
    }

    /// Orders over every day.
    pub fn total_orders(&self) -> u64 {
        u64::from(self.days) * u64::from(self.orders_per_day)
            + u64::from(self.lead_days) * u64::from(self.lead_orders_per_day)
    }

    /// Checks the spec for streaming.
    pub fn validate(&self) -> Result<(), WorkloadError> {
        let days = u64::from(self.days) + u64::from(self.lead_days);
        if self.days == 0 || days > u64::from(MAX_DAYS) {
            return Err(WorkloadError::Days {
                days,
                max: MAX_DAYS,
            });
        }
        let bad = |orders: u32| orders == 0 || orders > MAX_ORDERS_PER_DAY;
        if bad(self.orders_per_day) {
            return Err(WorkloadError::OrdersPerDay {
                orders: self.orders_per_day,
                max: MAX_ORDERS_PER_DAY,
            });
        }
        if self.lead_days > 0 && bad(self.lead_orders_per_day) {
            return Err(WorkloadError::OrdersPerDay {
                orders: self.lead_orders_per_day,
                max: MAX_ORDERS_PER_DAY,
            });
        }
        Ok(())
    }

    /// The epoch of the workload's timestamps: midnight of its first (lead or campaign) day.
    pub fn epoch(&self) -> Epoch {
        Epoch(self.start.add_days(-(self.lead_days.min(MAX_DAYS) as i32)))
    }
}

/// One order. Compact (20 bytes): names are looked up through the [`Workload`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// The id's number: order `n` is `P-2026-{n:06}`.
    pub number: u32,
    /// When it was created.
    pub created: Timestamp,
    /// When it is delivered.
    pub delivered: Timestamp,
    /// The client's index ([`Workload::client_id`]).
    pub client: u32,
    /// The product's index in [`Catalogue::products`].
    pub product: u16,
    /// The producer's index in [`PRODUCERS`].
    pub producer: u8,
    /// The client's market.
    pub market: Market,
}

/// A filler for a buffer about to be overwritten.
const PLACEHOLDER: Order = Order {
    number: 0,
    created: Timestamp(0),
    delivered: Timestamp(0),
    client: 0,
    product: 0,
    producer: 0,
    market: Market::Girona,
};

/// The catalogue, flattened: product slugs with their producer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    /// Every product's slug (`producte_slug`).
    pub products: Vec<&'static str>,
    /// The producer index of each product.
    pub producer_of: Vec<u8>,
}

impl Catalogue {
    /// The fixed catalogue of [`PRODUCERS`].
    pub fn new() -> Catalogue {
        let mut products = Vec::new();
        let mut producer_of = Vec::new();
        for (i, p) in PRODUCERS.iter().enumerate() {
            for s in p.products {
                products.push(*s);
                producer_of.push(i as u8);
            }
        }
        Catalogue {
            products,
            producer_of,
        }
    }

    /// The index of the product `slug`.
    pub fn product(&self, slug: &str) -> Option<u16> {
        self.products
            .iter()
            .position(|p| *p == slug)
            .map(|i| i as u16)
    }

    /// The index of the producer `slug` in [`PRODUCERS`].
    pub fn producer(slug: &str) -> Option<u8> {
        PRODUCERS
            .iter()
            .position(|p| p.slug == slug)
            .map(|i| i as u8)
    }
}

impl Default for Catalogue {
    fn default() -> Self {
        Catalogue::new()
    }
}

/// The generator's tables, built once per seed.
#[derive(Clone, Debug)]
pub struct Generator {
    spec: WorkloadSpec,
    catalogue: Catalogue,
    /// The market of each client.
    client_market: Vec<Market>,
    /// Per market: its clients, and their weights.
    market_clients: [Vec<u32>; 4],
    market_tables: [WeightedIndex; 4],
    markets: WeightedIndex,
    producers: WeightedIndex,
    /// Per producer: the product indices of its products, and their weights.
    producer_products: Vec<(Vec<u16>, WeightedIndex)>,
    hours: WeightedIndex,
    harvest: u16,
    fair: u16,
}

/// A weighted table that cannot be empty (its weights are fixed and positive).
fn table(weights: impl IntoIterator<Item = u64>) -> WeightedIndex {
    // The weights used here are fixed and positive; one index is a safe answer otherwise.
    WeightedIndex::new(weights).unwrap_or_else(WeightedIndex::single)
}

/// Fisher–Yates shuffle with the simulation's generator.
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Weight of a regular client of rank `r` within its market.
fn client_weight(rank: u64) -> u64 {
    10_000_000 / (rank + 50)
}

/// Rank whose weight Anna gets: a steady customer, well inside the busy part of the tail.
const ANNA_RANK: u64 = 300;

impl Generator {
    /// The tables for `spec` (the population depends on the seed only).
    pub fn new(spec: &WorkloadSpec) -> Result<Generator, WorkloadError> {
        spec.validate()?;
        let catalogue = Catalogue::new();
        let mut rng = SplitMix64::new(sub_seed(spec.seed, 0x706f_7075_6c61)); // "popula"
                                                                              // Regular clients: market slots in proportion to the market weights, shuffled.
        let mut slots: Vec<Market> = Market::ALL
            .iter()
            .flat_map(|&m| {
                std::iter::repeat_n(m, (CLIENTS_PER_MARKET_WEIGHT as u64 * m.weight()) as usize)
            })
            .collect();
        shuffle(&mut slots, &mut rng);
        let mut client_market = vec![Market::Girona, Market::Valencia];
        client_market.extend(slots);
        let mut market_clients: [Vec<u32>; 4] = Default::default();
        for (i, m) in client_market.iter().enumerate().skip(2) {
            market_clients[m.index()].push(i as u32);
        }
        let mut market_weights: [Vec<u64>; 4] = Default::default();
        for (m, clients) in market_clients.iter_mut().enumerate() {
            let mut ranks: Vec<u64> = (0..clients.len() as u64).collect();
            shuffle(&mut ranks, &mut rng);
            market_weights[m] = ranks.into_iter().map(client_weight).collect();
        }
        // The named clients join their markets.
        let girona = Market::Girona.index();
        market_clients[girona].push(ANNA_IDX);
        market_weights[girona].push(client_weight(ANNA_RANK));
        let valencia = Market::Valencia.index();
        let regular: u64 = market_weights[valencia].iter().sum();
        market_clients[valencia].push(RESTAURANT_IDX);
        market_weights[valencia]
            .push(regular * RESTAURANT_PCT_OF_VALENCIA / (100 - RESTAURANT_PCT_OF_VALENCIA));
        let market_tables = market_weights.map(table);
        let producer_products = PRODUCERS
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let list: Vec<u16> = catalogue
                    .producer_of
                    .iter()
                    .enumerate()
                    .filter(|(_, &p)| p as usize == i)
                    .map(|(k, _)| k as u16)
                    .collect();
                let weights = table((0..list.len() as u64).map(|r| 1000 / (r + 2)));
                (list, weights)
            })
            .collect();
        let harvest = catalogue.product(HARVEST_PRODUCT).unwrap_or(0);
        let fair = catalogue.product(FAIR_PRODUCT).unwrap_or(0);
        Ok(Generator {
            spec: spec.clone(),
            catalogue,
            client_market,
            market_clients,
            market_tables,
            markets: table(Market::ALL.map(Market::weight)),
            producers: table(PRODUCERS.iter().map(|p| p.weight)),
            producer_products,
            hours: table(HOUR_WEIGHTS),
            harvest,
            fair,
        })
    }

    /// The spec.
    pub fn spec(&self) -> &WorkloadSpec {
        &self.spec
    }

    /// Whether day `day` (0-based from the first lead day) is a campaign day.
    pub fn is_campaign(&self, day: u32) -> bool {
        day >= self.spec.lead_days
    }

    /// Whether day `day` is a day of the cheese fair.
    pub fn is_fair(&self, day: u32) -> bool {
        self.is_campaign(day) && {
            let c = day - self.spec.lead_days;
            c >= self.spec.fair_start && c - self.spec.fair_start < self.spec.fair_days
        }
    }

    /// Orders on day `day`.
    pub fn orders_on(&self, day: u32) -> u32 {
        if self.is_campaign(day) {
            self.spec.orders_per_day
        } else {
            self.spec.lead_orders_per_day
        }
    }

    /// Appends the orders of day `day` (0-based from the first lead day), numbered from
    /// `first_number`, in creation order.
    pub fn day_into(&self, day: u32, first_number: u32, out: &mut Vec<Order>) {
        let date = self.spec.epoch().0.add_days(day as i32);
        let mut rng = SplitMix64::new(sub_seed(self.spec.seed, date.0 as u64));
        let campaign = self.is_campaign(day);
        let fair = self.is_fair(day);
        let midnight = day * DAY_SECS;
        let start = out.len();
        let n = self.orders_on(day);
        out.reserve(n as usize);
        for _ in 0..n {
            let market = Market::ALL[self.markets.sample(&mut rng)];
            let m = market.index();
            let client = self.market_clients[m][self.market_tables[m].sample(&mut rng)];
            let roll = rng.below(1000);
            let product = if campaign && roll < HARVEST_PERMILLE {
                self.harvest
            } else if fair && roll < HARVEST_PERMILLE + FAIR_PERMILLE {
                self.fair
            } else {
                let (list, weights) = &self.producer_products[self.producers.sample(&mut rng)];
                list[weights.sample(&mut rng)]
            };
            let second = self.hours.sample(&mut rng) as u32 * HOUR_SECS
                + rng.below(u64::from(HOUR_SECS)) as u32;
            let delay = MIN_DELIVERY_SECS
                + rng.below(u64::from(MAX_DELIVERY_SECS - MIN_DELIVERY_SECS + 1)) as u32;
            let created = midnight + second;
            out.push(Order {
                number: 0,
                created: Timestamp(created),
                delivered: Timestamp(created + delay),
                client,
                product,
                producer: self.catalogue.producer_of[product as usize],
                market,
            });
        }
        // A stable counting sort by second of the day: orders created in the same second
        // keep the order they were drawn in.
        let mut starts = vec![0u32; DAY_SECS as usize + 1];
        for o in &out[start..] {
            starts[(o.created.0 - midnight) as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let drawn: Vec<Order> = out.drain(start..).collect();
        out.resize(
            start + drawn.len(),
            drawn.first().copied().unwrap_or(PLACEHOLDER),
        );
        for o in drawn {
            let slot = &mut starts[(o.created.0 - midnight) as usize];
            out[start + *slot as usize] = Order {
                number: first_number + *slot,
                ..o
            };
            *slot += 1;
        }
    }

    /// The catalogue.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }
}

/// A workload generated a day at a time, so that a page can spread the work over many short
/// tasks ([`WorkloadBuild::step`]); [`Workload::generate`] is the same build run to the end.
#[derive(Clone, Debug)]
pub struct WorkloadBuild {
    generator: Generator,
    orders: Vec<Order>,
    next_day: u32,
}

impl WorkloadBuild {
    /// Starts building `spec` (at most [`MAX_STORED_ORDERS`] orders).
    pub fn new(spec: &WorkloadSpec) -> Result<WorkloadBuild, WorkloadError> {
        let generator = Generator::new(spec)?;
        let total = spec.total_orders();
        if total > MAX_STORED_ORDERS {
            return Err(WorkloadError::TooManyOrders {
                orders: total,
                max: MAX_STORED_ORDERS,
            });
        }
        Ok(WorkloadBuild {
            generator,
            orders: Vec::with_capacity(total as usize),
            next_day: 0,
        })
    }

    /// Generates the next day's orders; `true` while days remain.
    pub fn step(&mut self) -> bool {
        if self.next_day < self.generator.spec.total_days() {
            let first = self.orders.len() as u32 + 1;
            self.generator
                .day_into(self.next_day, first, &mut self.orders);
            self.next_day += 1;
        }
        !self.is_done()
    }

    /// Whether every day is generated.
    pub fn is_done(&self) -> bool {
        self.next_day >= self.generator.spec.total_days()
    }

    /// Days generated so far and days in all.
    pub fn progress(&self) -> (u32, u32) {
        (self.next_day, self.generator.spec.total_days())
    }

    /// The workload, generating the days still missing.
    pub fn finish(mut self) -> Workload {
        while self.step() {}
        Workload {
            generator: self.generator,
            orders: self.orders,
        }
    }
}

/// A generated workload held in memory.
#[derive(Clone, Debug)]
pub struct Workload {
    generator: Generator,
    orders: Vec<Order>,
}

/// One product's stock counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StockCounter {
    /// The product's index in the catalogue.
    pub product: u16,
    /// Units stocked at the start.
    pub initial: u32,
    /// Units reserved by the orders (one each).
    pub reserved: u32,
}

impl StockCounter {
    /// Units left (0 when more were reserved than stocked).
    pub fn left(&self) -> u32 {
        self.initial.saturating_sub(self.reserved)
    }
}

impl Workload {
    /// Generates every order of `spec` (at most [`MAX_STORED_ORDERS`]).
    pub fn generate(spec: &WorkloadSpec) -> Result<Workload, WorkloadError> {
        let mut build = WorkloadBuild::new(spec)?;
        while build.step() {}
        Ok(build.finish())
    }

    /// Generates `spec` one day at a time, calling `f(day, orders)` for each day (0-based from
    /// the first lead day) without keeping the orders: long horizons in little memory.
    pub fn stream(
        spec: &WorkloadSpec,
        mut f: impl FnMut(u32, &[Order]),
    ) -> Result<Generator, WorkloadError> {
        let generator = Generator::new(spec)?;
        let mut buf = Vec::new();
        let mut next = 1u32;
        for day in 0..spec.total_days() {
            buf.clear();
            generator.day_into(day, next, &mut buf);
            next = next.saturating_add(buf.len() as u32);
            f(day, &buf);
        }
        Ok(generator)
    }

    /// The spec it was generated from.
    pub fn spec(&self) -> &WorkloadSpec {
        &self.generator.spec
    }

    /// The generator's tables (markets of clients, catalogue).
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// Every order, in creation order (and so by number).
    pub fn orders(&self) -> &[Order] {
        &self.orders
    }

    /// The orders of the campaign (without the lead days).
    pub fn campaign_orders(&self) -> &[Order] {
        let lead = u64::from(self.spec().lead_days) * u64::from(self.spec().lead_orders_per_day);
        &self.orders[(lead as usize).min(self.orders.len())..]
    }

    /// The origin of the timestamps.
    pub fn epoch(&self) -> Epoch {
        self.spec().epoch()
    }

    /// The end of the last day: "now" for questions about the present.
    pub fn now(&self) -> Timestamp {
        Timestamp(self.spec().total_days() * DAY_SECS)
    }

    /// The timestamp at which the campaign starts.
    pub fn campaign_start(&self) -> Timestamp {
        Timestamp(self.spec().lead_days * DAY_SECS)
    }

    /// A checksum of every field of every order: equal on two targets exactly when they
    /// generated the same workload (the native and the browser tests compare it).
    pub fn fingerprint(&self) -> u64 {
        self.orders.iter().fold(0u64, |acc, o| {
            let v = u64::from(o.number)
                ^ (u64::from(o.created.0) << 20)
                ^ (u64::from(o.client) << 40)
                ^ (u64::from(o.product) << 8)
                ^ (u64::from(o.delivered.0) << 3)
                ^ (o.market as u64);
            acc.rotate_left(7) ^ v
        })
    }

    /// The order's id, `P-2026-nnnnnn`.
    pub fn order_id(&self, o: &Order) -> String {
        lesson_key(u64::from(o.number))
    }

    /// How many clients exist (with or without orders).
    pub fn client_count(&self) -> usize {
        self.generator.client_market.len()
    }

    /// The client's id (`client_id`): `anna`, `restaurant-el-mercat`, `client-00001`, ….
    pub fn client_id(&self, client: u32) -> String {
        client_id(client)
    }

    /// The client's market.
    pub fn client_market(&self, client: u32) -> Option<Market> {
        self.generator.client_market.get(client as usize).copied()
    }

    /// The catalogue.
    pub fn catalogue(&self) -> &Catalogue {
        &self.generator.catalogue
    }

    /// One counter per product: stocked for the expected demand plus 20 %, reserved by the
    /// orders (one unit each).
    pub fn stock(&self) -> Vec<StockCounter> {
        let mut reserved = vec![0u32; self.catalogue().products.len()];
        for o in &self.orders {
            reserved[o.product as usize] += 1;
        }
        reserved
            .iter()
            .enumerate()
            .map(|(i, &r)| StockCounter {
                product: i as u16,
                initial: r + r / 5 + 10,
                reserved: r,
            })
            .collect()
    }
}

/// The id of client `idx`: the named ones, then `client-00001` ….
pub fn client_id(idx: u32) -> String {
    match idx {
        ANNA_IDX => ANNA.to_owned(),
        RESTAURANT_IDX => RESTAURANT.to_owned(),
        n => format!("client-{:05}", n - 1),
    }
}

/// What the workload looks like, measured: the figures its documentation promises.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// Orders in all.
    pub orders: u64,
    /// Days in all.
    pub days: u32,
    /// Orders per market, in [`Market::ALL`] order.
    pub market_orders: [u64; 4],
    /// València's orders over the mean of the other three.
    pub valencia_ratio: f64,
    /// Clients with at least one order.
    pub active_clients: u64,
    /// The restaurant's orders.
    pub restaurant_orders: u64,
    /// Anna's orders.
    pub anna_orders: u64,
    /// The busiest regular client's orders.
    pub top_regular_orders: u64,
    /// Share of the orders placed by the busiest 10 % of the active clients (0–1).
    pub top_tenth_share: f64,
    /// The median active client's orders.
    pub median_client_orders: u64,
    /// Orders per producer, in [`PRODUCERS`] order.
    pub producer_orders: Vec<u64>,
    /// Horta La Vega's orders over Celler Roure Alt's.
    pub big_small_ratio: f64,
    /// Horta La Vega's share of the catalogue (0–1).
    pub big_catalogue_share: f64,
    /// The busiest product over the whole workload and its orders.
    pub top_product: (&'static str, u64),
    /// `formatge-curat`'s orders per fair day and per other day (`None` when the campaign has
    /// no such day: a rate over no days is not 0).
    pub fair_product_per_day: (Option<f64>, Option<f64>),
    /// The busiest hour (timestamp of its start) and its orders.
    pub peak_hour: (Timestamp, u64),
    /// The busiest product in the busiest hour.
    pub peak_hour_top_product: &'static str,
}

impl Workload {
    /// Measures the workload (one pass over the orders).
    pub fn summary(&self) -> Summary {
        let spec = self.spec();
        let mut market_orders = [0u64; 4];
        let mut per_client = vec![0u64; self.client_count()];
        let mut producer_orders = vec![0u64; PRODUCERS.len()];
        let mut product_orders = vec![0u64; self.catalogue().products.len()];
        let hours = spec.total_days() as usize * 24;
        let mut per_hour = vec![0u64; hours];
        let fair = self.catalogue().product(FAIR_PRODUCT).unwrap_or(0);
        let (mut fair_in, mut fair_out) = (0u64, 0u64);
        for o in &self.orders {
            market_orders[o.market.index()] += 1;
            per_client[o.client as usize] += 1;
            producer_orders[o.producer as usize] += 1;
            product_orders[o.product as usize] += 1;
            let h = (o.created.0 / HOUR_SECS) as usize;
            if let Some(c) = per_hour.get_mut(h) {
                *c += 1;
            }
            if o.product == fair {
                if self.generator.is_fair(o.created.0 / DAY_SECS) {
                    fair_in += 1;
                } else {
                    fair_out += 1;
                }
            }
        }
        let others = (market_orders[0] + market_orders[1] + market_orders[2]) as f64 / 3.0;
        let mut active: Vec<u64> = per_client.iter().copied().filter(|&c| c > 0).collect();
        active.sort_unstable_by(|a, b| b.cmp(a));
        let tenth = (active.len() / 10).max(1);
        let total = self.orders.len() as u64;
        let top_tenth: u64 = active.iter().take(tenth).sum();
        let top_regular = per_client.iter().skip(2).copied().max().unwrap_or(0);
        let big = Catalogue::producer(BIG_PRODUCER).unwrap_or(0) as usize;
        let small = Catalogue::producer(SMALL_PRODUCER).unwrap_or(0) as usize;
        let top_product = product_orders
            .iter()
            .enumerate()
            .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
            .map(|(i, &c)| (self.catalogue().products[i], c))
            .unwrap_or(("", 0));
        let (peak_h, peak_n) = per_hour
            .iter()
            .enumerate()
            .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
            .map(|(i, &c)| (i as u32, c))
            .unwrap_or((0, 0));
        let mut in_peak = vec![0u64; self.catalogue().products.len()];
        for o in &self.orders {
            if o.created.0 / HOUR_SECS == peak_h {
                in_peak[o.product as usize] += 1;
            }
        }
        let peak_top = in_peak
            .iter()
            .enumerate()
            .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
            .map_or("", |(i, _)| self.catalogue().products[i]);
        let fair_days = (0..spec.total_days())
            .filter(|&d| self.generator.is_fair(d))
            .count() as f64;
        let other_days = f64::from(spec.total_days()) - fair_days;
        let per_day = |n: u64, d: f64| (d > 0.0).then(|| n as f64 / d);
        Summary {
            orders: total,
            days: spec.total_days(),
            market_orders,
            valencia_ratio: market_orders[3] as f64 / others.max(1.0),
            active_clients: active.len() as u64,
            restaurant_orders: per_client[RESTAURANT_IDX as usize],
            anna_orders: per_client[ANNA_IDX as usize],
            top_regular_orders: top_regular,
            top_tenth_share: top_tenth as f64 / total.max(1) as f64,
            median_client_orders: active.get(active.len() / 2).copied().unwrap_or(0),
            big_small_ratio: producer_orders[big] as f64 / producer_orders[small].max(1) as f64,
            big_catalogue_share: PRODUCERS[big].products.len() as f64
                / self.catalogue().products.len() as f64,
            producer_orders,
            top_product,
            fair_product_per_day: (per_day(fair_in, fair_days), per_day(fair_out, other_days)),
            peak_hour: (Timestamp(peak_h * HOUR_SECS), peak_n),
            peak_hour_top_product: peak_top,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(days: u32, orders: u32) -> Workload {
        Workload::generate(&WorkloadSpec::sized(days, orders)).expect("valid")
    }

    #[test]
    fn the_catalogue_has_a_hundred_products_and_horta_holds_forty() {
        let c = Catalogue::new();
        assert_eq!(c.products.len(), 100);
        let mut unique = c.products.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 100, "product slugs are unique");
        assert_eq!(PRODUCERS[0].products.len(), 40);
        assert!(c.product(FAIR_PRODUCT).is_some() && c.product(HARVEST_PRODUCT).is_some());
        for s in &c.products {
            assert!(
                s.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{s}"
            );
        }
    }

    #[test]
    fn days_have_their_volume_and_ids_follow_creation_order() {
        let w = small(2, 3_000);
        assert_eq!(w.orders().len(), 6_000);
        for (i, pair) in w.orders().windows(2).enumerate() {
            assert!(pair[0].created <= pair[1].created, "order {i}");
            assert_eq!(pair[0].number + 1, pair[1].number);
        }
        assert_eq!(w.order_id(&w.orders()[0]), "P-2026-000001");
        let day2 = w
            .orders()
            .iter()
            .filter(|o| o.created.0 >= DAY_SECS)
            .count();
        assert_eq!(day2, 3_000);
        for o in w.orders() {
            let d = o.delivered.0 - o.created.0;
            assert!((MIN_DELIVERY_SECS..=MAX_DELIVERY_SECS).contains(&d));
            assert_eq!(w.client_market(o.client), Some(o.market));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_workload_and_another_seed_another() {
        let a = small(1, 2_000);
        let b = small(1, 2_000);
        assert_eq!(a.orders(), b.orders());
        let spec = WorkloadSpec {
            seed: 7,
            ..WorkloadSpec::sized(1, 2_000)
        };
        let c = Workload::generate(&spec).expect("valid");
        assert_ne!(a.orders(), c.orders());
    }

    #[test]
    fn a_day_does_not_depend_on_the_days_before_it() {
        let plain = small(1, 1_000);
        let spec = WorkloadSpec::sized(1, 1_000).with_lead(3, 500);
        let led = Workload::generate(&spec).expect("valid");
        assert_eq!(led.orders().len(), 2_500);
        let campaign = led.campaign_orders();
        assert_eq!(campaign.len(), 1_000);
        for (a, b) in plain.orders().iter().zip(campaign) {
            assert_eq!(
                (a.client, a.product, a.market),
                (b.client, b.product, b.market)
            );
            assert_eq!(a.created.0 + 3 * DAY_SECS, b.created.0);
            assert_eq!(a.number + 1_500, b.number);
        }
    }

    #[test]
    fn streaming_gives_the_stored_orders() {
        let spec = WorkloadSpec::sized(3, 1_500);
        let stored = Workload::generate(&spec).expect("valid");
        let mut streamed = Vec::new();
        Workload::stream(&spec, |_, day| streamed.extend_from_slice(day)).expect("valid");
        assert_eq!(stored.orders(), streamed.as_slice());
    }

    #[test]
    fn bad_specs_are_errors_not_panics() {
        let bad = |spec: WorkloadSpec| Workload::generate(&spec).err();
        let base = WorkloadSpec::default();
        let days_refused = |spec| matches!(bad(spec), Some(WorkloadError::Days { .. }));
        assert!(days_refused(WorkloadSpec::sized(0, base.orders_per_day)));
        assert!(days_refused(
            WorkloadSpec::sized(300, base.orders_per_day).with_lead(200, base.lead_orders_per_day)
        ));
        assert!(matches!(
            bad(WorkloadSpec::sized(base.days, 0)),
            Some(WorkloadError::OrdersPerDay { .. })
        ));
        assert!(matches!(
            bad(WorkloadSpec::sized(200, 100_000)),
            Some(WorkloadError::TooManyOrders { .. })
        ));
        // Lead volume only matters with lead days.
        assert!(bad(WorkloadSpec::sized(1, 10).with_lead(0, 0)).is_none());
    }

    #[test]
    fn client_ids_name_the_two_special_clients() {
        assert_eq!(client_id(ANNA_IDX), "anna");
        assert_eq!(client_id(RESTAURANT_IDX), "restaurant-el-mercat");
        assert_eq!(client_id(2), "client-00001");
    }
}
