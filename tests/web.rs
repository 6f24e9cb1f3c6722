//! Browser smoke test, run in headless Chromium by wasm-bindgen-test-runner:
//! `cargo test --target wasm32-unknown-unknown -p partlab --test web`.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::expect_used)]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn document_exists() {
    let body = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .map(|b| b.tag_name());
    assert_eq!(body.as_deref(), Some("BODY"));
}

/// The core gives the same figures in the browser as natively: the lesson's 150-vnode table.
#[wasm_bindgen_test]
fn the_core_reproduces_the_lesson_in_wasm() {
    use partlab_core::{assign, lesson, Distribution, KeySet};

    let keys = KeySet::lesson(lesson::KEY_COUNT).expect("valid key count");
    let s = lesson::scenario("ring-150").expect("scenario exists");
    let d = Distribution::of(&s.before, &assign(&keys, &s.before).expect("valid config"));
    for (name, count) in &s.printed.counts {
        assert_eq!(d.keys_of(name), Some(*count), "{name}");
    }
    assert_eq!(format!("{:.1}", d.deviation_pct), "6.3");
    // A u64 position survives intact on a 32-bit target.
    assert_eq!(
        partlab_core::hash::hash_key("P-2026-000001"),
        0x659d8a14f47e3b3b
    );
}

/// The KM0 workload is the same in the browser as natively: the default grape-harvest week
/// (seed 2026, 7 × 40 000 orders) has the fingerprint `crates/partlab-core/tests/workload.rs`
/// pins.
#[wasm_bindgen_test]
fn the_workload_is_the_same_in_wasm() {
    use partlab_km0::workload::{Workload, WorkloadSpec};

    let w = Workload::generate(&WorkloadSpec::default()).expect("the default spec is valid");
    assert_eq!(w.fingerprint(), 0x5de7_5340_8325_de49);
}

/// A fresh canvas of `w` × `h` on the page, with its pixels readable.
fn test_canvas(w: u32, h: u32) -> web_sys::HtmlCanvasElement {
    use wasm_bindgen::JsCast;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a document");
    let canvas: web_sys::HtmlCanvasElement = document
        .create_element("canvas")
        .expect("a canvas")
        .dyn_into()
        .expect("a canvas element");
    canvas.set_width(w);
    canvas.set_height(h);
    document
        .body()
        .expect("a body")
        .append_child(&canvas)
        .expect("appended");
    canvas
}

/// Every pixel of `canvas`.
fn pixels_of(canvas: &web_sys::HtmlCanvasElement) -> Vec<u8> {
    use wasm_bindgen::JsCast;
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .expect("a context")
        .expect("a 2d context")
        .dyn_into()
        .expect("a 2d context");
    ctx.get_image_data(
        0.0,
        0.0,
        f64::from(canvas.width()),
        f64::from(canvas.height()),
    )
    .expect("readable pixels")
    .data()
    .to_vec()
}

/// The charts' batching backend draws the picture plotters-canvas draws: dashed lines stroked
/// as one path per colour, in their place among the other shapes (a rectangle drawn over some
/// dashes, dashes of another colour and width over it, text, a solid polyline).
#[wasm_bindgen_test]
fn batched_canvas_draws_what_plotters_canvas_draws() {
    use partlab_web::batched::BatchedCanvas;
    use plotters::element::{DashedPathElement, PathElement, Rectangle, Text};
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    use plotters::style::{Color, FontTransform, RGBColor, ShapeStyle, TextStyle};
    use plotters_canvas::CanvasBackend;

    fn draw<DB: DrawingBackend>(area: &DrawingArea<DB, plotters::coord::Shift>) {
        let grey = RGBColor(120, 130, 140);
        let blue = RGBColor(20, 90, 200);
        let dashed = |y: i32, c: RGBColor, w: u32| {
            DashedPathElement::new(
                vec![(5, y), (195, y)],
                9,
                5,
                ShapeStyle::from(&c).stroke_width(w),
            )
        };
        area.draw(&dashed(20, grey, 2)).expect("dashes");
        area.draw(&Rectangle::new(
            [(40, 10), (90, 70)],
            blue.mix(0.6).filled(),
        ))
        .expect("a rectangle");
        area.draw(&dashed(30, blue, 3)).expect("dashes");
        area.draw(&Text::new(
            "12,5 %",
            (100, 40),
            ("sans-serif", 12).into_font(),
        ))
        .expect("text");
        // Labels as a chart draws them: fonts, anchors and colours changing or not from one
        // to the next, a rotated one, a filled shape between two (it sets the fill colour).
        static GREY: RGBColor = RGBColor(120, 130, 140);
        static BLUE: RGBColor = RGBColor(20, 90, 200);
        fn label(
            text: &'static str,
            at: (i32, i32),
            size: u32,
            c: &'static RGBColor,
            h: HPos,
            v: VPos,
        ) -> Text<'static, (i32, i32), &'static str> {
            Text::new(
                text,
                at,
                TextStyle::from(("sans-serif", size).into_font())
                    .color(c)
                    .pos(Pos::new(h, v)),
            )
        }
        area.draw(&label(
            "inv-bcn",
            (150, 10),
            11,
            &GREY,
            HPos::Center,
            VPos::Top,
        ))
        .expect("text");
        area.draw(&label(
            "inv-vlc",
            (150, 25),
            11,
            &GREY,
            HPos::Center,
            VPos::Top,
        ))
        .expect("text");
        area.draw(&Rectangle::new([(120, 60), (130, 75)], grey.filled()))
            .expect("a rectangle");
        area.draw(&label(
            "25 000",
            (195, 50),
            14,
            &BLUE,
            HPos::Right,
            VPos::Center,
        ))
        .expect("text");
        area.draw(&label(
            "claus",
            (150, 70),
            11,
            &GREY,
            HPos::Left,
            VPos::Bottom,
        ))
        .expect("text");
        area.draw(&Text::new(
            "eix",
            (10, 60),
            TextStyle::from(("sans-serif", 10).into_font())
                .color(&blue)
                .transform(FontTransform::Rotate270),
        ))
        .expect("rotated text");
        area.draw(&label(
            "inv-gir",
            (150, 85),
            11,
            &GREY,
            HPos::Center,
            VPos::Top,
        ))
        .expect("text");
        area.draw(&PathElement::new(
            vec![(5, 95), (60, 80), (120, 95)],
            ShapeStyle::from(&grey).stroke_width(1),
        ))
        .expect("a polyline");
        area.draw(&dashed(90, grey, 2)).expect("dashes");
    }

    let plain = test_canvas(200, 100);
    let batched = test_canvas(200, 100);
    draw(
        &CanvasBackend::with_canvas_object(plain.clone())
            .expect("a backend")
            .into_drawing_area(),
    );
    draw(
        &BatchedCanvas::new(batched.clone())
            .expect("a backend")
            .into_drawing_area(),
    );
    let (a, b) = (pixels_of(&plain), pixels_of(&batched));
    assert!(
        a.chunks(4).filter(|p| p[3] != 0).count() > 1000,
        "something was drawn"
    );
    // A lone segment is stroked by Skia's rectangle path, several in one path by its path
    // rasteriser: the two differ by a level or two at anti-aliased edges, nowhere else. A
    // shape drawn out of its place would differ by far more where it overlaps another.
    let worst = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).max();
    let differing = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    assert!(worst <= Some(2), "pixels differ by up to {worst:?}");
    assert!(differing * 20 < a.len() / 4, "{differing} channels differ");
}
