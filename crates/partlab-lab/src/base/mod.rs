//! The base every other module of the lab builds on: the interface language, numbers and
//! user text as each language writes them ([`fmt`]), the address's encoding ([`url`]),
//! decimal numbers typed by people ([`decimal`]), the one text mechanism ([`text`]) and the
//! description of an address field ([`field`]). It imports nothing else of the lab.

pub mod decimal;
pub mod field;
pub mod fmt;
pub mod text;
pub mod url;

/// Interface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Catalan, the lesson's language.
    Ca,
    /// English.
    En,
    /// Spanish (the course's students read it as well as Catalan).
    Es,
}

impl Lang {
    /// Every language, Catalan first.
    pub const ALL: [Lang; 3] = [Lang::Ca, Lang::En, Lang::Es];

    /// The BCP 47 code (`ca`, `en`, `es`), used in the URL and in `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ca => "ca",
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// The language's name in itself, for a language menu (`Català`, `English`, `Español`).
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::Ca => "Català",
            Lang::En => "English",
            Lang::Es => "Español",
        }
    }

    /// The language for a code such as `ca`, `ca-ES`, `en-GB`, `es-419`; `None` for others.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "ca" => Some(Lang::Ca),
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The language a browser whose preferred languages are `codes` should start in: the
    /// first supported one, Catalan when none is (the lesson's language).
    pub fn from_browser<'a>(codes: impl IntoIterator<Item = &'a str>) -> Lang {
        codes
            .into_iter()
            .find_map(Lang::from_code)
            .unwrap_or(Lang::Ca)
    }
}

/// The slider stop nearest to `value` (on a log scale) among `stops`.
pub fn nearest_stop(stops: &[u32], value: u32) -> usize {
    let lv = f64::from(value.max(1)).ln();
    let mut best = 0;
    let mut best_d = f64::INFINITY;
    for (i, &s) in stops.iter().enumerate() {
        let d = (f64::from(s).ln() - lv).abs();
        if d < best_d {
            best_d = d;
            best = i;
        }
    }
    best
}
