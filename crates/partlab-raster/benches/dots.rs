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

use partlab_raster::{Coat, DiscLayer, MovedMarker, Picture, Pixels, Shape, Worn, NO_COAT};

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

/// Every dot's centre, what it wears and the coats, as the page hands them to its kept
/// layer: the unmoved dots in their colours, then each moved key's outline, fill and ring.
fn coated(s: &Scene) -> (Vec<(f64, f64)>, Vec<Worn>, Vec<Coat>) {
    let dot = |colour| Coat {
        shape: Shape::disc(s.dot * s.dpr),
        colour,
        opacity: 0.35,
    };
    let opaque = |shape, colour| Coat {
        shape,
        colour,
        opacity: 1.0,
    };
    let marker = MovedMarker::new(s.dot, s.dpr);
    let mut coats: Vec<Coat> = COLOURS.iter().map(|&c| dot(c)).collect();
    coats.push(opaque(marker.outline, [30, 30, 30]));
    let (mut centres, mut worn) = (Vec::new(), Vec::new());
    for (slot, c) in s.unmoved.iter().enumerate() {
        centres.extend(c);
        worn.extend(c.iter().map(|_| [slot as u16, NO_COAT, NO_COAT]));
    }
    for ((from, to), c) in &s.pairs {
        let fill = coats.len() as u16;
        coats.push(opaque(marker.fill, COLOURS[*to]));
        coats.push(opaque(marker.ring, COLOURS[*from]));
        centres.extend(c);
        worn.extend(c.iter().map(|_| [COLOURS.len() as u16, fill, fill + 1]));
    }
    (centres, worn, coats)
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
        // The page's way: the whole picture kept, repainted square by square.
        let (centres, worn, coats) = coated(&s);
        let picture = |worn| Picture {
            width: s.side,
            height: s.side,
            background: [255, 255, 255, 255],
            centres: &centres,
            worn,
            coats: &coats,
        };
        let mut layer = DiscLayer::default();
        layer.paint(&picture(&worn));
        let kept_ink = checksum(layer.pixels());
        let same = median_ms(|| {
            layer.paint(&picture(&worn));
            black_box(layer.pixels().rgba().len());
        });
        // A drag's next step: 20 more dots (spread round the ring) move, and back, in turn.
        let mut other = worn.clone();
        let first_pair = other
            .iter()
            .find(|w| w[1] != NO_COAT)
            .copied()
            .unwrap_or([NO_COAT; 3]);
        for w in other.iter_mut().step_by(61).take(20) {
            *w = first_pair;
        }
        let mut flip = false;
        let changed = median_ms(|| {
            flip = !flip;
            let w = if flip { &other } else { &worn };
            layer.paint(&picture(w));
            black_box(layer.pixels().rgba().len());
        });
        println!(
            "  kept: {same:.3} ms with nothing changed (checksum {kept_ink}), \
             {changed:.3} ms with 20 dots moved or back"
        );
    }
}
