//! Zero allocations a record (issue 11): after a warm-up, converting 8x8 records on each path
//! below, and 19x19 records between trits, packed and grid, allocates nothing, counted by a
//! global allocator. JSON input is bbconv's default object (other spellings go through
//! serde_json, which allocates its values).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use bbconv_forms::{Conversion, Format, Options};

/// The system allocator, counting this thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: a thread being torn down has no counter left, and is not measured.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed on unchanged to `System`, which upholds the `GlobalAlloc`
// contract; the counter is a const-initialised thread-local, which does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// The allocations of 50 passes over `recs`, after a warm-up pass (lazily built state, the CPU
/// check and the environment, is made once).
fn allocations_a_run(conv: &Conversion<'_>, recs: &[Vec<u8>]) -> usize {
    let mut out = Vec::with_capacity(1 << 16);
    for r in recs {
        conv.run(r, &mut out).expect("converts");
    }
    out.clear();
    let before = allocations();
    for _ in 0..50 {
        for r in recs {
            conv.run(r, &mut out).expect("converts");
        }
        out.clear();
    }
    allocations() - before
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "8/8/8/4k3/8/8/8/4K3 b - - 12 60",
    "5k1r/r1p3b1/3p1p1p/p2Pp3/PN6/R1p2PPB/1PK1N3/7n b - - 3 34",
];

/// The records of `form`, written from the FENs.
fn records(form: Format, opts: &Options) -> Vec<Vec<u8>> {
    let mut recs: Vec<Vec<u8>> = FENS
        .iter()
        .map(|fen| {
            let mut out = Vec::new();
            let conv = Conversion::new(Format::Fen, form, opts);
            conv.run(fen.as_bytes(), &mut out)
                .expect("a fixture converts");
            out
        })
        .collect();
    // A trainer's records with training fields too (a move, a score, a result, a ply).
    if form.holds() == bbconv_forms::Holds::Position {
        let conv = Conversion::new(Format::Json, form, opts);
        for fen in FENS {
            let json = format!(
                r#"{{"fen":"{fen}","train":{{"score":-35,"result":1,"move":"e2e4","ply":17}}}}"#
            );
            let mut out = Vec::new();
            if conv.run(json.as_bytes(), &mut out).is_ok() {
                recs.push(out);
            }
        }
    }
    recs
}

#[test]
fn eight_by_eight_paths_allocate_nothing_a_record() {
    let opts = Options::default();
    let occupied = Options {
        layer: Some(bbconv_forms::Layer::Occupied),
        ..Options::default()
    };
    let paths: &[(Format, Format, &Options)] = &[
        (Format::Fen, Format::Packed, &opts),
        (Format::Fen, Format::Pair, &opts),
        (Format::Auto, Format::Packed, &opts),
        (Format::Fen, Format::Fen, &opts),
        (Format::Fen, Format::Pieces, &opts),
        (Format::Fen, Format::Json, &opts),
        (Format::Fen, Format::Grid, &opts),
        (Format::Packed, Format::Pair, &opts),
        (Format::Packed, Format::Fen, &opts),
        (Format::Pair, Format::Packed, &opts),
        (Format::Trits, Format::Packed, &opts),
        (Format::Hex, Format::Squares, &occupied),
        (Format::Squares, Format::Hex, &occupied),
        (Format::Hex, Format::Squares, &opts),
        (Format::Squares, Format::Hex, &opts),
        (Format::Json, Format::Packed, &opts),
    ];
    let mut failed = Vec::new();
    for &(from, to, o) in paths {
        let input = if from == Format::Auto {
            Format::Fen
        } else {
            from
        };
        let recs = if input == Format::Fen {
            FENS.iter().map(|f| f.as_bytes().to_vec()).collect()
        } else if matches!(input, Format::Hex | Format::Squares) {
            // One-bitboard records, written from the FENs' occupied squares.
            records(input, &occupied)
        } else {
            records(input, o)
        };
        let n = allocations_a_run(&Conversion::new(from, to, o), &recs);
        if n != 0 {
            failed.push(format!(
                "{from} -> {to}: {n} allocations for {} records",
                50 * recs.len()
            ));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn wide_paths_allocate_nothing_a_record() {
    let opts = Options {
        size: Some("19x19".parse().expect("a size")),
        ..Options::default()
    };
    let trits: Vec<Vec<u8>> = (0..4u64)
        .map(|k| {
            (0..361u64)
                .map(|i| b'0' + ((i * 7 + k * 13) % 3) as u8)
                .collect()
        })
        .collect();
    let mut failed = Vec::new();
    for (from, to) in [
        (Format::Trits, Format::Packed),
        (Format::Packed, Format::Trits),
        (Format::Trits, Format::Grid),
    ] {
        let recs: Vec<Vec<u8>> = match from {
            Format::Trits => trits.clone(),
            _ => trits
                .iter()
                .map(|t| {
                    let mut out = Vec::new();
                    Conversion::new(Format::Trits, from, &opts)
                        .run(t, &mut out)
                        .expect("a fixture converts");
                    out
                })
                .collect(),
        };
        let n = allocations_a_run(&Conversion::new(from, to, &opts), &recs);
        if n != 0 {
            failed.push(format!("19x19 {from} -> {to}: {n} allocations"));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// Issue 28, point 1: every pair of the matrix (`bench/matrix.py`: 14 sources, JSON in three
/// shapes, and 14 targets) allocates nothing a record after a warm-up.
#[test]
fn every_pair_of_the_matrix_allocates_nothing_a_record() {
    let opts = Options::default();
    let first_second = Options {
        fields: Some(vec![
            bbconv_forms::JsonField::First,
            bbconv_forms::JsonField::Second,
        ]),
        ..Options::default()
    };
    let occupied = Options {
        layer: Some(bbconv_forms::Layer::Occupied),
        ..Options::default()
    };
    // The forms of the speed matrix, as the list of the forms marks them.
    let forms: Vec<Format> = Format::ALL
        .iter()
        .copied()
        .filter(|f| f.has_kernel())
        .collect();
    assert!(forms.len() >= 19, "{forms:?}");
    // A form of one bitboard (hex) is read and written as the FENs' occupied squares.
    let opts_of = |f: Format| match f.holds() {
        bbconv_forms::Holds::One => &occupied,
        _ => &opts,
    };
    // The matrix's sources: every form but those of one bitboard (targets only there).
    let mut sources: Vec<(String, Format, Vec<Vec<u8>>)> = forms
        .iter()
        .filter(|f| f.holds() != bbconv_forms::Holds::One)
        .map(|&f| (f.to_string(), f, records(f, opts_of(f))))
        .collect();
    sources.push((
        "json first,second".into(),
        Format::Json,
        records(Format::Json, &first_second),
    ));
    sources.push((
        "json as json.dumps".into(),
        Format::Json,
        FENS.iter()
            .map(|f| format!("{{\"fen\": \"{f}\"}}").into_bytes())
            .collect(),
    ));
    let mut failed = Vec::new();
    let mut checked = 0;
    for (name, from, recs) in &sources {
        for &to in &forms {
            if to == *from && !name.contains(' ') {
                continue;
            }
            let o = opts_of(to);
            let conv = Conversion::new(*from, to, o);
            // A board without pieces to a trainer's form, which holds a position: refused (the
            // only pairs that may be).
            if conv.run(&recs[0], &mut Vec::new()).is_err() {
                let position = to.holds() == bbconv_forms::Holds::Position;
                assert!(position && !from.reads_pieces(), "{name} -> {to} refused");
                continue;
            }
            checked += 1;
            let n = allocations_a_run(&conv, recs);
            if n != 0 {
                failed.push(format!("{name} -> {to}: {n} allocations"));
            }
        }
    }
    assert!(checked >= 340, "{checked}");
    assert!(failed.is_empty(), "{failed:#?}");
}
