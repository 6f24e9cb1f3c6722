//! What the share / embed dialog gives an instructor: the address of a view and the `<iframe>`
//! code that embeds it, computed from the chapter's own fragment fields so it works for every
//! chapter without knowing their meaning.

use crate::chapters::{self, ChapterId};
use crate::state::Lang;

/// Frame sizes offered for an embedded view (width × height, CSS pixels): a course page's
/// column, a narrow one, a wide one.
pub const SIZES: [(u32, u32); 3] = [(640, 480), (480, 360), (800, 600)];
/// The sizes a custom frame may take.
pub const SIZE_RANGE: std::ops::RangeInclusive<u32> = 200..=2000;

/// Which state the shared address shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareWhat {
    /// Exactly what is on screen now (every field of the chapter).
    Current,
    /// One of the chapter's lesson presets, by id.
    Preset(&'static str),
    /// The chapter as it opens.
    ChapterStart,
}

/// Everything the dialog asks.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareOptions {
    /// Which state.
    pub what: ShareWhat,
    /// A single view to embed (`embed=`), or `None` for the whole page.
    pub view: Option<&'static str>,
    /// The language of the shared page.
    pub lang: Lang,
    /// Hide the links that would leave the frame (`links=off`).
    pub links_off: bool,
    /// Open it in projector mode (`projector=on`).
    pub projector: bool,
    /// Open the questions with this set (`quiz=`, `qi=`).
    pub quiz: Option<crate::quiz::QuizSet>,
}

/// The fields of `fields` (a chapter's fragment fields, `a=1&b=2`) without those named in
/// `drop`.
fn without(fields: &str, drop: &[&str]) -> Vec<String> {
    fields
        .split('&')
        .filter(|p| !p.is_empty())
        .filter(|p| !drop.contains(&p.split('=').next().unwrap_or("")))
        .map(str::to_owned)
        .collect()
}

/// The fragment (without `#`) of the shared view of `chapter`, whose current fields are
/// `current`.
pub fn share_fragment(chapter: ChapterId, current: &str, options: &ShareOptions) -> String {
    let mut fields = match &options.what {
        ShareWhat::Current => without(
            current,
            &[
                "l",
                "embed",
                crate::quiz::QUIZ_FIELD,
                crate::quiz::QUIZ_INDEX_FIELD,
            ],
        ),
        ShareWhat::Preset(id) => vec![format!("p={id}")],
        ShareWhat::ChapterStart => Vec::new(),
    };
    fields.push(format!("l={}", options.lang.code()));
    if let Some(view) = options.view {
        fields.push(format!("embed={view}"));
    }
    let frame = chapters::FrameOptions {
        links: !options.links_off,
        projector: options.projector,
        quiz: options.quiz,
    };
    chapters::fragment(chapter, frame, &fields.join("&"))
}

/// The address of the shared view: `base` (the page's address without its fragment) and the
/// fragment.
pub fn share_link(base: &str, fragment: &str) -> String {
    let base = base.split('#').next().unwrap_or(base);
    format!("{base}#{fragment}")
}

/// Escapes text for a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// The `<iframe>` code that embeds `link` at `width` × `height`, with `title` (what a screen
/// reader announces for the frame).
pub fn iframe_code(link: &str, title: &str, width: u32, height: u32) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"{width}\" height=\"{height}\" style=\"border:0\" loading=\"lazy\"></iframe>",
        attribute(link),
        attribute(title)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chapters::route;

    fn options(what: ShareWhat, view: Option<&'static str>) -> ShareOptions {
        ShareOptions {
            what,
            view,
            lang: Lang::En,
            links_off: false,
            projector: false,
            quiz: None,
        }
    }

    #[test]
    fn a_shared_link_carries_the_question_set() {
        let set = crate::quiz::QuizSet { seed: 12, index: 3 };
        let mut o = options(ShareWhat::Current, None);
        o.quiz = Some(set);
        let f = share_fragment(ChapterId::Ring, "s=ring&v=10&l=ca&quiz=1", &o);
        let r = route(&f, |_| ChapterId::DEFAULT);
        assert_eq!(r.quiz, Some(set), "{f}");
        assert!(r.issues.is_empty(), "{f}");
        // Without it, no question set, even when the current fields name one.
        let f = share_fragment(
            ChapterId::Ring,
            "s=ring&quiz=1",
            &options(ShareWhat::Current, None),
        );
        assert_eq!(route(&f, |_| ChapterId::DEFAULT).quiz, None, "{f}");
    }

    #[test]
    fn the_current_state_is_shared_with_the_chosen_language_and_view() {
        let current = "s=ring&n=a,b&v=10&l=ca&embed=bars";
        let f = share_fragment(
            ChapterId::Ring,
            current,
            &options(ShareWhat::Current, Some("ring")),
        );
        assert_eq!(f, "c=ring&s=ring&n=a,b&v=10&l=en&embed=ring");
        let r = route(&f, |_| ChapterId::ModN);
        assert_eq!((r.chapter, r.links), (ChapterId::Ring, true));
        // The whole page: no embed field at all.
        let f = share_fragment(ChapterId::Ring, current, &options(ShareWhat::Current, None));
        assert!(!f.contains("embed="), "{f}");
    }

    #[test]
    fn presets_and_chapter_starts_carry_only_what_they_need() {
        let mut o = options(ShareWhat::Preset("ring-10"), Some("figures"));
        o.links_off = true;
        assert_eq!(
            share_fragment(ChapterId::Ring, "v=999", &o),
            "c=ring&links=off&p=ring-10&l=en&embed=figures"
        );
        o.projector = true;
        assert_eq!(
            share_fragment(ChapterId::Ring, "v=999", &o),
            "c=ring&links=off&projector=on&p=ring-10&l=en&embed=figures"
        );
        let o = options(ShareWhat::ChapterStart, None);
        assert_eq!(share_fragment(ChapterId::ModN, "v=3", &o), "c=mod-n&l=en");
    }

    #[test]
    fn links_drop_the_old_fragment_and_iframes_escape_their_attributes() {
        assert_eq!(
            share_link("https://x.github.io/partlab/#old", "c=ring"),
            "https://x.github.io/partlab/#c=ring"
        );
        let code = iframe_code("https://x/#a=1&b=\"2\"", "Partlab: \"<l'anell>\"", 640, 480);
        assert_eq!(
            code,
            "<iframe src=\"https://x/#a=1&amp;b=&quot;2&quot;\" title=\"Partlab: &quot;&lt;l'anell&gt;&quot;\" width=\"640\" height=\"480\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
    }
}
