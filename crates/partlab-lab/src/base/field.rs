//! One field of a chapter's address, described once: its name, the command line's option for
//! it, what values it takes and its default, and what it means. A chapter's table of these
//! ([`crate::chapter::ChapterDef::fields`]) drives its address parsing, the teachers' page, the
//! command line's options, the guide and the fuzz tests, so none of them can drift.

use super::fmt::fmt_int;
use super::text::{texts, tr};
use super::Lang;

/// One address field of a chapter.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    /// The field's name in the address (`seed`, `n`).
    pub name: &'static str,
    /// How the command line sets it.
    pub cli: Cli,
    /// What it takes, and its default.
    pub kind: FieldKind,
    /// What it means.
    pub help: fn(Lang) -> &'static str,
}

/// How the command line's chapter command (`partlab <chapter>`) sets a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cli {
    /// It has no option.
    None,
    /// `--<name> VALUE`, the value as the address writes it.
    Value(&'static str),
    /// `--<name> 1.25`: a decimal with two places that the address writes in hundredths
    /// (`125`).
    Hundredths(&'static str),
    /// `--<name>`, a flag that sets the field to the given value (`--festival` is `fest=on`).
    Flag(&'static str, &'static str),
    /// `--<name> FROM..TO`: this field is FROM (and the next field of the table, marked
    /// [`Cli::SpanEnd`] with the same name, is TO).
    SpanStart(&'static str),
    /// The TO of a [`Cli::SpanStart`] option.
    SpanEnd(&'static str),
}

impl Cli {
    /// How the option is written for this field (`--partitions`, `--query-days FROM..` for
    /// the start of a span), if the command line has one.
    pub fn usage(self) -> Option<String> {
        match self {
            Cli::None => None,
            Cli::Value(n) | Cli::Hundredths(n) | Cli::Flag(n, _) => Some(format!("--{n}")),
            Cli::SpanStart(n) => Some(format!("--{n} FROM..")),
            Cli::SpanEnd(n) => Some(format!("--{n} ..TO")),
        }
    }

    /// The option's name without `--`, if the command line has one.
    pub fn option(self) -> Option<&'static str> {
        match self {
            Cli::None => None,
            Cli::Value(n)
            | Cli::Hundredths(n)
            | Cli::Flag(n, _)
            | Cli::SpanStart(n)
            | Cli::SpanEnd(n) => Some(n),
        }
    }
}

/// The values a field takes.
#[derive(Clone, Copy, Debug)]
pub enum FieldKind {
    /// A whole number in `min..=max`.
    Whole {
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
        /// The value when the address has none.
        default: u64,
    },
    /// One word of a list.
    Choice {
        /// The words accepted.
        values: &'static [&'static str],
        /// The word when the address has none.
        default: &'static str,
    },
    /// Values described by a rule in words (a list of names, a pair of days…).
    Rule {
        /// What a valid value looks like.
        rule: fn(Lang) -> &'static str,
        /// The value when the address has none, as the address writes it (may be empty).
        default: &'static str,
    },
}

/// A preset of a chapter: a named state the address can ask for with `p=<id>`.
#[derive(Clone, Copy, Debug)]
pub struct PresetSpec {
    /// Its id (`p=lesson`).
    pub id: &'static str,
    /// Its name on the page.
    pub label: fn(Lang) -> &'static str,
}

impl PresetSpec {
    /// The preset `id`, called `label`.
    pub const fn new(id: &'static str, label: fn(Lang) -> &'static str) -> PresetSpec {
        PresetSpec { id, label }
    }
}

/// A view of a chapter that can be shown alone (`embed=<name>`).
#[derive(Clone, Copy, Debug)]
pub struct ViewSpec {
    /// Its name (`embed=layout`, `data-view`).
    pub name: &'static str,
    /// Its title on the page.
    pub title: fn(Lang) -> &'static str,
}

impl ViewSpec {
    /// The view `name`, titled `title`.
    pub const fn new(name: &'static str, title: fn(Lang) -> &'static str) -> ViewSpec {
        ViewSpec { name, title }
    }
}

/// What a chapter declares about its address: its own fields, its presets and its views. The
/// frame adds the fields every chapter has: `l` (language), `p` (a preset) and `embed` (a
/// view alone).
#[derive(Clone, Copy, Debug)]
pub struct ChapterDef {
    /// The chapter's own fields, in the order its address writes them.
    pub fields: &'static [FieldSpec],
    /// Its presets (the hashing chapters' come from the lesson's scenarios instead).
    pub presets: &'static [PresetSpec],
    /// Its views, in page order.
    pub views: &'static [ViewSpec],
    /// The paragraph that opens it: what to try, in the lesson's terms.
    pub intro: fn(Lang) -> &'static str,
    /// What its command (`partlab <chapter>`) prints, in one English sentence (the command
    /// line speaks English).
    pub summary: &'static str,
}

impl ChapterDef {
    /// The field called `name`.
    pub fn field(&self, name: &str) -> Option<&'static FieldSpec> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// The preset called `id`.
    pub fn preset(&self, id: &str) -> Option<&'static PresetSpec> {
        self.presets.iter().find(|p| p.id == id)
    }

    /// The view called `name`.
    pub fn view(&self, name: &str) -> Option<&'static ViewSpec> {
        self.views.iter().find(|v| v.name == name)
    }
}

texts! {
    /// The words the field descriptions share.
    pub enum FieldText {
        /// A whole number's range.
        WholeRange => ("un nombre enter de {min} a {max}", "a whole number from {min} to {max}", "un número entero de {min} a {max}"),
        /// A list of words.
        OneOf => ("un de: {values}", "one of: {values}", "uno de: {values}"),
    }
}

impl FieldSpec {
    /// A whole-number field: `(min, max, default)`.
    pub const fn whole(
        name: &'static str,
        cli: Cli,
        (min, max, default): (u64, u64, u64),
        help: fn(Lang) -> &'static str,
    ) -> FieldSpec {
        FieldSpec {
            name,
            cli,
            kind: FieldKind::Whole { min, max, default },
            help,
        }
    }

    /// A field that takes one word of `values`.
    pub const fn choice(
        name: &'static str,
        cli: Cli,
        (values, default): (&'static [&'static str], &'static str),
        help: fn(Lang) -> &'static str,
    ) -> FieldSpec {
        FieldSpec {
            name,
            cli,
            kind: FieldKind::Choice { values, default },
            help,
        }
    }

    /// A field whose values a rule says in words.
    pub const fn ruled(
        name: &'static str,
        cli: Cli,
        (rule, default): (fn(Lang) -> &'static str, &'static str),
        help: fn(Lang) -> &'static str,
    ) -> FieldSpec {
        FieldSpec {
            name,
            cli,
            kind: FieldKind::Rule { rule, default },
            help,
        }
    }

    /// The default as the address writes it.
    pub fn default_value(&self) -> String {
        match self.kind {
            FieldKind::Whole { default, .. } => default.to_string(),
            FieldKind::Choice { default, .. } | FieldKind::Rule { default, .. } => {
                default.to_owned()
            }
        }
    }

    /// What a valid value looks like, in words: "a whole number from 2 to 64", "one of:
    /// lesson, spread".
    pub fn rule(&self, lang: Lang) -> String {
        match self.kind {
            FieldKind::Whole { min, max, .. } => super::text::fill(
                lang,
                FieldText::WholeRange,
                &[("min", &fmt_int(lang, min)), ("max", &fmt_int(lang, max))],
            ),
            FieldKind::Choice { values, .. } => {
                super::text::fill(lang, FieldText::OneOf, &[("values", &values.join(", "))])
            }
            FieldKind::Rule { rule, .. } => rule(lang).to_owned(),
        }
    }

    /// Whether `raw` (decoded) is a value this field accepts on its own (a chapter may still
    /// refuse it beside its other fields).
    pub fn accepts(&self, raw: &str) -> bool {
        match self.kind {
            FieldKind::Whole { min, max, .. } => {
                !raw.is_empty()
                    && raw.len() <= 20
                    && raw.bytes().all(|b| b.is_ascii_digit())
                    && raw.parse::<u64>().is_ok_and(|v| (min..=max).contains(&v))
            }
            FieldKind::Choice { values, .. } => values.contains(&raw),
            FieldKind::Rule { .. } => true,
        }
    }

    /// What it means, in `lang`.
    pub fn meaning(&self, lang: Lang) -> &'static str {
        (self.help)(lang)
    }
}

/// The text `t` of the field descriptions (for tests).
pub fn field_text(lang: Lang, t: FieldText) -> &'static str {
    tr(lang, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    const N: FieldSpec = FieldSpec {
        name: "n",
        cli: Cli::Value("partitions"),
        kind: FieldKind::Whole {
            min: 2,
            max: 64,
            default: 4,
        },
        help: |_| "partitions",
    };

    #[test]
    fn a_whole_number_field_accepts_its_range_only() {
        assert!(N.accepts("2") && N.accepts("64") && N.accepts("007"));
        assert!(!N.accepts("1") && !N.accepts("65") && !N.accepts("-3") && !N.accepts(""));
        assert!(!N.accepts("1e3") && !N.accepts("99999999999999999999999"));
        assert_eq!(N.default_value(), "4");
        assert_eq!(N.rule(Lang::En), "a whole number from 2 to 64");
        assert_eq!(N.rule(Lang::Ca), "un nombre enter de 2 a 64");
    }

    #[test]
    fn the_field_texts_are_whole_in_three_languages() {
        assert_eq!(
            super::super::text::check_table::<FieldText>(&[], &[]),
            Vec::<String>::new()
        );
        assert_eq!(field_text(Lang::Es, FieldText::OneOf), "uno de: {values}");
    }
}
