//! Speed of one frame of the ring's key dots: the buffer reset and every group painted, as the
//! page does after a vnodes step that moved some keys. Prints figures; asserts nothing about
//! time.
//!
//! Run with `cargo bench -p partlab-raster --bench dots`. The scene is the page's default view
//! at 1280 × 800 and a device pixel ratio of 1 or 2: a 468 × 468 canvas, 1 500 sample keys in
//! four colours on the dots' annulus, and a quarter of them moved (each outlined, filled with
//! its new owner's colour and ringed with its old owner's).

use std::hint::black_box;
use std::time::Instant;

use partlab_raster::{DiscLayer, MovedMarker, Pixels, Shape};

const COLOURS: [[u8; 3]; 4] = [[0, 114, 178], [230, 159, 0], [0, 158, 115], [204, 121, 167]];

/// The moved keys' centres of one (old owner, new owner) pair.
type Pair = ((usize, usize), Vec<(f64, f64)>);

/// One frame's groups: centres per colour (unmoved), then the moved keys' centres per
/// (from, to) pair.
struct Scene {
    side: usize,
    /// The dots' radius, CSS pixels.
    dot: f64,
    /// Device pixels per CSS pixel.
    dpr: f64,
    unmoved: Vec<Vec<(f64, f64)>>,
    moved: Vec<(f64, f64)>,
    pairs: Vec<Pair>,
}

/// A scene like the page's, `dpr` device pixels per CSS pixel, from a fixed pseudo-random
/// sequence.
fn scene(dpr: f64) -> Scene {
    let css_side = 468.0;
    let radius = 191.9;
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut unmoved = vec![Vec::new(); 4];
    let mut moved = Vec::new();
    let mut pairs: Vec<Pair> = Vec::new();
    // The page's sample keys come in ring order (sorted by hash, hence by angle).
    let mut hashes: Vec<u64> = (0..1500).map(|_| next()).collect();
    hashes.sort_unstable();
    for h in hashes {
        let angle = (h >> 11) as f64 / (1u64 << 53) as f64 * std::f64::consts::TAU;
        let lane = ((h >> 7) % 5) as f64;
        let r = radius - 8.2 - 6.0 - radius * 0.28 * lane / 4.0;
        let centre = (
            (css_side / 2.0 + r * angle.sin()) * dpr,
            (css_side / 2.0 - r * angle.cos()) * dpr,
        );
        let owner = (h % 4) as usize;
        if h % 4 == (h >> 3) % 4 || (h >> 5) % 4 != 0 {
            unmoved[owner].push(centre);
        } else {
            let from = ((h >> 3) % 4) as usize;
            moved.push(centre);
            match pairs.iter_mut().find(|(p, _)| *p == (from, owner)) {
                Some((_, c)) => c.push(centre),
                None => pairs.push(((from, owner), vec![centre])),
            }
        }
    }
    Scene {
        side: (css_side * dpr) as usize,
        dot: 1.74,
        dpr,
        unmoved,
        moved,
        pairs,
    }
}

fn frame(p: &mut Pixels, s: &Scene) {
    p.reset(s.side, s.side, [255, 255, 255, 255]);
    for (slot, centres) in s.unmoved.iter().enumerate() {
        p.group(centres, Shape::disc(s.dot * s.dpr), COLOURS[slot], 0.35);
    }
    moved(p, s);
}

/// The page's way since the unmoved dots are kept between frames: the kept layer brought up to
/// date (`groups`: each of `centres`' colour, none for a moved dot), copied, the moved keys
/// painted over the copy.
fn kept_frame(
    p: &mut Pixels,
    layer: &mut DiscLayer,
    s: &Scene,
    centres: &[(f64, f64)],
    groups: &[Option<u32>],
) {
    layer.paint(
        s.side,
        s.side,
        [255, 255, 255, 255],
        centres,
        groups,
        &COLOURS,
        Shape::disc(s.dot * s.dpr),
        0.35,
    );
    p.copy_from(layer.pixels());
    moved(p, s);
}

/// The moved keys' markers.
fn moved(p: &mut Pixels, s: &Scene) {
    let marker = MovedMarker::new(s.dot, s.dpr);
    p.group(&s.moved, marker.outline, [30, 30, 30], 1.0);
    for ((from, to), centres) in &s.pairs {
        p.group(centres, marker.fill, COLOURS[*to], 1.0);
        p.group(centres, marker.ring, COLOURS[*from], 1.0);
    }
}

/// Median of 201 runs of `f`, ms.
fn median_ms(mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..201)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn checksum(p: &Pixels) -> u64 {
    p.rgba().chunks(4).map(|px| u64::from(255 - px[0])).sum()
}

fn main() {
    println!("Partlab raster benchmark: one frame of the ring's dots (median of 201 frames)");
    for dpr in [1.0, 2.0] {
        let s = scene(dpr);
        let mut p = Pixels::default();
        frame(&mut p, &s);
        let whole = median_ms(|| {
            frame(&mut p, &s);
            black_box(p.rgba().len());
        });
        let ink = checksum(&p);
        println!(
            "dpr {dpr}: {} × {} px, {} dots ({} moved): {:.3} ms (checksum {ink})",
            s.side,
            s.side,
            s.unmoved.iter().map(Vec::len).sum::<usize>() + s.moved.len(),
            s.moved.len(),
            whole,
        );
        // Every dot with its colour, the moved ones with none.
        let mut centres: Vec<(f64, f64)> = Vec::new();
        let mut groups: Vec<Option<u32>> = Vec::new();
        for (slot, c) in s.unmoved.iter().enumerate() {
            centres.extend(c);
            groups.extend(c.iter().map(|_| Some(slot as u32)));
        }
        centres.extend(&s.moved);
        groups.extend(s.moved.iter().map(|_| None));
        let mut layer = DiscLayer::default();
        kept_frame(&mut p, &mut layer, &s, &centres, &groups);
        let same = median_ms(|| {
            kept_frame(&mut p, &mut layer, &s, &centres, &groups);
            black_box(p.rgba().len());
        });
        let kept_ink = checksum(&p);
        // A drag's next step: 20 more dots (spread round the ring) stop or start being
        // painted in the layer, alternately.
        let mut other = groups.clone();
        for g in other.iter_mut().step_by(61).take(20) {
            *g = None;
        }
        let mut flip = false;
        let changed = median_ms(|| {
            flip = !flip;
            let g = if flip { &other } else { &groups };
            kept_frame(&mut p, &mut layer, &s, &centres, g);
            black_box(p.rgba().len());
        });
        println!(
            "  unmoved dots kept: {same:.3} ms with none changed (checksum {kept_ink}), \
             {changed:.3} ms with 20 changed"
        );
    }
}
