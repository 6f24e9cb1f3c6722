//! Reading a study chapter's fields from the URL fragment, without ever panicking.
//!
//! A chapter declares its fields one by one ([`Fields::number`], [`Fields::choice`], …); a
//! missing field keeps the chapter's default, a bad one keeps it too and records a typed
//! [`StudyIssue`] that the page shows as a notice and the CLI as an error. Fragments longer
//! than [`MAX_STUDY_FRAGMENT`] are refused before looking inside.

use super::text::St;
use crate::base::field::{FieldKind, FieldSpec};
use crate::state::{decode_field, encode, FragmentIssue, Lang};

/// Longest fragment a study chapter reads (its fields are short numbers and names).
pub const MAX_STUDY_FRAGMENT: usize = 4 * 1024;

/// Something wrong in a study chapter's fields.
#[derive(Clone, Debug, PartialEq)]
pub enum StudyIssue {
    /// Longer than [`MAX_STUDY_FRAGMENT`]: ignored entirely.
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// A value that does not parse or is out of range.
    BadValue {
        /// The field's name.
        field: &'static str,
        /// The start of the value, decoded lossily (for the message).
        value: String,
        /// What the field accepts, as data for the message: `(min, max)` for numbers.
        range: Option<(u64, u64)>,
    },
    /// Fields the chapter does not know.
    UnknownFields {
        /// How many.
        count: usize,
    },
    /// More orders than the page generates: the days were cut.
    TooManyOrders {
        /// Days asked for.
        days: u32,
        /// Orders a day.
        orders: u32,
        /// Days kept.
        kept: u32,
    },
    /// A word that is not one of the field's values.
    BadChoice {
        /// The field's name.
        field: &'static str,
        /// The start of the value, decoded lossily (for the message).
        value: String,
        /// The words the field takes.
        values: &'static [&'static str],
    },
    /// A value that is fine alone but does not fit beside the other fields: refused, the
    /// field keeps its opening value.
    Refused {
        /// The field's name.
        field: &'static str,
        /// The value refused, as written.
        value: String,
        /// The rule it broke (a template of the study texts).
        rule: St,
        /// The rule's placeholders.
        args: Vec<(&'static str, String)>,
    },
    /// A value lowered or changed because another setting changed (a control moved), said
    /// aloud rather than changed silently.
    Adjusted {
        /// The field's name.
        field: &'static str,
        /// Its value before.
        from: String,
        /// Its value now.
        to: String,
        /// The rule that made the change (a template of the study texts).
        rule: St,
        /// The rule's placeholders.
        args: Vec<(&'static str, String)>,
    },
    /// A problem the frame found in its own fields (an unknown chapter).
    Frame(FragmentIssue),
}

/// The fields of a fragment, taken one by one by the chapter that reads them.
#[derive(Debug)]
pub struct Fields<'a> {
    pairs: Vec<(&'a str, &'a str, bool)>,
    issues: Vec<StudyIssue>,
}

/// A short, decoded, printable start of a raw value, for a message.
fn shown(raw: &str) -> String {
    let cut: String = raw.chars().take(60).collect();
    let decoded = decode_field(&cut).unwrap_or(cut);
    let clean: String = decoded
        .chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect();
    if decoded.chars().count() > 40 {
        format!("{clean}…")
    } else {
        clean
    }
}

impl<'a> Fields<'a> {
    /// Splits `fragment` (with or without `#`) into its fields.
    pub fn new(fragment: &'a str) -> Fields<'a> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if fragment.len() > MAX_STUDY_FRAGMENT {
            return Fields {
                pairs: Vec::new(),
                issues: vec![StudyIssue::TooLong {
                    bytes: fragment.len(),
                }],
            };
        }
        let pairs = fragment
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (k, v, false)
            })
            .collect();
        Fields {
            pairs,
            issues: Vec::new(),
        }
    }

    /// The raw value of the last `name` field, marking every `name` field as read.
    pub fn raw(&mut self, name: &str) -> Option<&'a str> {
        let mut found = None;
        for (k, v, used) in &mut self.pairs {
            if *k == name {
                *used = true;
                found = Some(*v);
            }
        }
        found
    }

    fn bad(&mut self, field: &'static str, raw: &str, range: Option<(u64, u64)>) {
        self.issues.push(StudyIssue::BadValue {
            field,
            value: shown(raw),
            range,
        });
    }

    /// A whole number in `min..=max`, or `None` (absent, or bad: an issue is recorded).
    pub fn number(&mut self, name: &'static str, min: u64, max: u64) -> Option<u64> {
        let raw = self.raw(name)?;
        let ok = !raw.is_empty() && raw.len() <= 20 && raw.bytes().all(|b| b.is_ascii_digit());
        match ok.then(|| raw.parse::<u64>().ok()).flatten() {
            Some(v) if (min..=max).contains(&v) => Some(v),
            _ => {
                self.bad(name, raw, Some((min, max)));
                None
            }
        }
    }

    /// A value read by `parse` from the decoded text, or `None` (absent, or bad: an issue is
    /// recorded).
    pub fn choice<T>(
        &mut self,
        name: &'static str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Option<T> {
        let raw = self.raw(name)?;
        match decode_field(raw)
            .filter(|s| s.len() <= 64)
            .and_then(|s| parse(&s))
        {
            Some(v) => Some(v),
            None => {
                self.bad(name, raw, None);
                None
            }
        }
    }

    /// A whole-number field of the chapter's table ([`FieldKind::Whole`]): its value, or
    /// `None` (absent, or bad: an issue with the field's range is recorded).
    pub fn whole(&mut self, spec: &'static FieldSpec) -> Option<u64> {
        match spec.kind {
            FieldKind::Whole { min, max, .. } => self.number(spec.name, min, max),
            _ => None,
        }
    }

    /// A word field of the chapter's table ([`FieldKind::Choice`]): the word, or `None`
    /// (absent, or not one of its words: an issue listing them is recorded).
    pub fn word(&mut self, spec: &'static FieldSpec) -> Option<&'static str> {
        let FieldKind::Choice { values, .. } = spec.kind else {
            return None;
        };
        let raw = self.raw(spec.name)?;
        let found = decode_field(raw).and_then(|s| values.iter().copied().find(|v| *v == s));
        if found.is_none() {
            self.issues.push(StudyIssue::BadChoice {
                field: spec.name,
                value: shown(raw),
                values,
            });
        }
        found
    }

    /// The language field `l`.
    pub fn lang(&mut self) -> Option<Lang> {
        self.choice("l", |s| {
            (s.len() <= 8).then(|| Lang::from_code(s)).flatten()
        })
    }

    /// The issues found, with one for the fields nobody read (`c`, the frame's, excepted).
    pub fn finish(mut self) -> Vec<StudyIssue> {
        let unknown = self
            .pairs
            .iter()
            .filter(|(k, _, used)| !used && *k != crate::state::Field::Chapter.name())
            .count();
        if unknown > 0 {
            self.issues
                .push(StudyIssue::UnknownFields { count: unknown });
        }
        self.issues
    }
}

/// Writes fields as a fragment: `name=value` pairs, values percent-encoded.
#[derive(Debug, Default)]
pub struct Writer {
    parts: Vec<String>,
}

impl Writer {
    /// An empty fragment.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Adds `name=value`.
    pub fn field(&mut self, name: &str, value: impl std::fmt::Display) -> &mut Writer {
        self.parts
            .push(format!("{name}={}", encode(&value.to_string())));
        self
    }

    /// The fragment, without `#`.
    pub fn finish(&self) -> String {
        self.parts.join("&")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_within_their_range() {
        let mut f = Fields::new("#n=12&seed=007&x=1e3&big=99999999999999999999999&neg=-1");
        assert_eq!(f.number("n", 2, 64), Some(12));
        assert_eq!(f.number("seed", 0, u64::MAX), Some(7));
        assert_eq!(f.number("x", 0, 10), None);
        assert_eq!(f.number("big", 0, u64::MAX), None);
        assert_eq!(f.number("neg", 0, 10), None);
        assert_eq!(f.number("missing", 0, 10), None);
        let issues = f.finish();
        assert_eq!(issues.len(), 3, "{issues:?}");
    }

    #[test]
    fn the_last_of_repeated_fields_wins_and_unknown_ones_are_counted() {
        let mut f = Fields::new("n=3&n=5&zz=1&c=hash-keys&%3Cimg%3E");
        assert_eq!(f.number("n", 1, 10), Some(5));
        assert_eq!(f.finish(), vec![StudyIssue::UnknownFields { count: 2 }]);
    }

    #[test]
    fn huge_fragments_are_refused_whole() {
        let big = "n=1&".repeat(2000);
        let mut f = Fields::new(&big);
        assert_eq!(f.number("n", 0, 9), None);
        assert!(matches!(
            f.finish().as_slice(),
            [StudyIssue::TooLong { .. }]
        ));
    }

    #[test]
    fn bad_values_are_quoted_short_and_clean() {
        let mut f = Fields::new("embed=%3Cscript%3E%0Aalert(1)&l=fr");
        assert_eq!(f.choice("embed", |_| None::<()>), None);
        assert_eq!(f.lang(), None);
        let issues = f.finish();
        let StudyIssue::BadValue { value, .. } = &issues[0] else {
            panic!("{issues:?}");
        };
        assert_eq!(value, "<script>alert(1)");
    }

    #[test]
    fn the_writer_encodes_values() {
        let mut w = Writer::new();
        w.field("a", 1).field("b", "x y&z");
        assert_eq!(w.finish(), "a=1&b=x%20y%26z");
    }
}
