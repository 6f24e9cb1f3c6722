//! The one text mechanism of the lab: every user-facing sentence is a variant of a closed
//! enum declared with [`texts!`](crate::base::text::texts), its Catalan, English and Spanish
//! texts side by side, so a missing translation does not compile. Sentences with numbers or
//! names in them are templates with `{name}` placeholders, filled by [`fill`]; the tests of
//! each table ([`check_table`]) require three non-empty texts that differ between languages
//! (unless listed as rightly the same) and carry the same placeholders, so a translation can
//! neither copy another language nor drop a number.
//!
//! Each layer keeps its own table (the frame's and the hashing chapters' in
//! [`crate::i18n`], the study chapters' in `study::text`, the questions' in `quiz`), so a wasm
//! module carries only the texts it shows.

use std::fmt::Display;

use super::Lang;

/// A table of texts: a closed enum whose every variant has its three languages. Declared with
/// [`texts!`](crate::base::text::texts).
pub trait Texts: Copy + std::fmt::Debug + PartialEq + 'static {
    /// Every text of the table, in declaration order.
    const ALL: &'static [Self];
    /// The text in Catalan, English and Spanish.
    fn three(self) -> (&'static str, &'static str, &'static str);
}

/// Declares a table of texts: `texts! { /** doc */ pub enum Name { Variant => ("ca", "en",
/// "es"), … } }` gives the enum and its [`Texts`] implementation. An optional last line,
/// `test name(same_as_english: [Variant, …], same_in_ca_and_es: [Variant, …]);`, writes the
/// table's test: [`check_table`] finds no problem, with those variants rightly alike.
macro_rules! texts {
    (
        $(#[doc = $enum_doc:expr])*
        pub enum $table:ident {
            $( $(#[doc = $doc:expr])* $name:ident => ($ca:expr, $en:expr, $es:expr $(,)?), )*
        }
        $(
            test $test:ident(
                same_as_english: [$($same_en:ident),* $(,)?],
                same_in_ca_and_es: [$($same_ca_es:ident),* $(,)?] $(,)?
            );
        )?
    ) => {
        $(#[doc = $enum_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $table {
            // A variant without a doc of its own is documented by its English text.
            $( $(#[doc = $doc])* #[doc = $en] $name, )*
        }

        impl $crate::base::text::Texts for $table {
            const ALL: &'static [$table] = &[$($table::$name,)*];

            fn three(self) -> (&'static str, &'static str, &'static str) {
                match self {
                    $($table::$name => ($ca, $en, $es),)*
                }
            }
        }

        $(
            #[cfg(test)]
            #[test]
            fn $test() {
                assert_eq!(
                    $crate::base::text::check_table::<$table>(
                        &[$($table::$same_en),*],
                        &[$($table::$same_ca_es),*],
                    ),
                    Vec::<String>::new()
                );
            }
        )?
    };
}
pub(crate) use texts;

/// The text `t` in `lang`.
pub fn tr<T: Texts>(lang: Lang, t: T) -> &'static str {
    let (ca, en, es) = t.three();
    match lang {
        Lang::Ca => ca,
        Lang::En => en,
        Lang::Es => es,
    }
}

/// The template `t` in `lang` with each `{name}` replaced by its value.
pub fn fill<T: Texts>(lang: Lang, t: T, args: &[(&str, &dyn Display)]) -> String {
    fill_str(tr(lang, t), args)
}

/// `template` with each `{name}` replaced by its value.
pub fn fill_str(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

/// The placeholders of a template, sorted.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect();
    out.sort_unstable();
    out
}

/// Every problem with a table's texts: an empty text or one padded at its end, a language that copies
/// another (unless the text is listed in `same_as_english`, or in `same_in_ca_and_es` for
/// Catalan and Spanish), placeholders that differ between languages. Empty when all is well;
/// each table's tests assert it.
pub fn check_table<T: Texts>(same_as_english: &[T], same_in_ca_and_es: &[T]) -> Vec<String> {
    let mut problems = Vec::new();
    for &t in T::ALL {
        let (ca, en, es) = t.three();
        for (lang, s) in [("ca", ca), ("en", en), ("es", es)] {
            if s.trim().is_empty() {
                problems.push(format!("{t:?}: no {lang} text"));
            } else if s.trim_end() != s {
                // A leading space is allowed: a text appended to another sentence.
                problems.push(format!("{t:?}: {lang} text padded at its end"));
            }
        }
        if !same_as_english.contains(&t) {
            if ca == en {
                problems.push(format!("{t:?}: the Catalan text is the English one"));
            }
            if es == en {
                problems.push(format!("{t:?}: the Spanish text is the English one"));
            }
            if ca == es && !same_in_ca_and_es.contains(&t) {
                problems.push(format!("{t:?}: the Spanish text is the Catalan one"));
            }
        }
        if placeholders(ca) != placeholders(en) || placeholders(ca) != placeholders(es) {
            problems.push(format!("{t:?}: the placeholders differ between languages"));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    texts! {
        /// A table for the tests.
        pub enum Sample {
            /// A plain text.
            Hello => ("Hola", "Hello", "Buenas"),
            /// A template.
            Count => ("{n} claus de {total}", "{n} keys of {total}", "{n} claves de {total}"),
            /// A copy.
            Copied => ("Same", "Same", "Same"),
            /// A dropped number.
            Dropped => ("{n} claus", "keys", "{n} claves"),
        }
    }

    texts! {
        /// A whole table, with its test written by the macro.
        pub enum Whole {
            /// A word written alike in Catalan and Spanish.
            Idea => ("idea", "notion", "idea"),
            /// A word written alike in every language.
            Radio => ("ràdio", "radio", "radio"),
        }
        test a_whole_table_passes_its_written_test(
            same_as_english: [Radio],
            same_in_ca_and_es: [Idea],
        );
    }

    #[test]
    fn texts_are_picked_and_filled_in_each_language() {
        assert_eq!(tr(Lang::Es, Sample::Hello), "Buenas");
        let args: [(&str, &dyn Display); 2] = [("n", &3), ("total", &"92")];
        assert_eq!(fill(Lang::Ca, Sample::Count, &args), "3 claus de 92");
        assert_eq!(fill(Lang::En, Sample::Count, &args), "3 keys of 92");
        assert_eq!(Sample::ALL.len(), 4);
    }

    #[test]
    fn the_table_check_finds_copies_and_dropped_placeholders() {
        let problems = check_table::<Sample>(&[], &[]);
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("Copied: the Catalan")),
            "{problems:?}"
        );
        assert!(problems
            .iter()
            .any(|p| p.starts_with("Dropped: the placeholders")));
        assert!(!problems
            .iter()
            .any(|p| p.starts_with("Hello") || p.starts_with("Count")));
        let problems = check_table::<Sample>(&[Sample::Copied], &[]);
        assert!(
            !problems.iter().any(|p| p.starts_with("Copied")),
            "{problems:?}"
        );
    }
}
