//! Property tests: every text form round-trips for random sizes, orders and boards; re-ordering
//! A -> B -> A is the identity; each order's corner anchors hold; every layout (0x88, mailbox,
//! sentinel, draughts) round-trips through every form that numbers squares.

use bbconv_board::{Bitboard, Numbering, Order, Pair, Size, Square, Turn};
use bbconv_forms::{parse, render, Format, Layer, Options, Value};
use proptest::prelude::*;

fn size_strategy() -> impl Strategy<Value = Size> {
    (1usize..=64, 1usize..=64).prop_map(|(w, h)| Size::new(w, h).unwrap())
}

fn order_strategy() -> impl Strategy<Value = Order> {
    (0usize..8).prop_map(|k| Order::ALL[k])
}

/// One of the eight orders or the four layouts (one time in three a layout).
fn numbering_strategy() -> impl Strategy<Value = Numbering> {
    prop_oneof![
        2 => order_strategy().prop_map(Numbering::Order),
        1 => (0usize..4).prop_map(|k| Numbering::LAYOUTS[k]),
    ]
}

/// `bb` without the squares `numbering` gives no number (the light squares, for draughts).
fn numbered_only(bb: Bitboard, numbering: Numbering) -> Bitboard {
    let size = bb.size();
    let keep = Bitboard::from_squares(
        size,
        bb.squares().filter(|&s| numbering.index(size, s).is_some()),
    )
    .unwrap();
    keep
}

/// A random bitboard of `size`, from a density and a seed.
fn board(size: Size, seed: u64, density: u8) -> Bitboard {
    let mut x = seed | 1;
    let mut bb = Bitboard::empty(size);
    for i in 0..size.squares() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if (x & 255) < density as u64 {
            bb.set_bit(i);
        }
    }
    bb
}

fn pair(size: Size, seed: u64, density: u8) -> Pair {
    let a = board(size, seed, density);
    let b = board(size, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15), density)
        .andnot(&a)
        .unwrap();
    Pair::new(a, b).unwrap()
}

fn round_trip(format: Format, value: &Value, opts: &Options) -> Value {
    let mut out = Vec::new();
    render(format, value, opts, &mut out).unwrap_or_else(|e| panic!("{format}: {e}"));
    parse(format, &out, opts).unwrap_or_else(|e| {
        panic!(
            "{format} does not read back {:?}: {e}",
            String::from_utf8_lossy(&out)
        )
    })
}

const SINGLE_FORMS: &[Format] = &[
    Format::Hex,
    Format::Dec,
    Format::Bin,
    Format::Int,
    Format::Base2,
    Format::Bits,
    Format::Rows,
    Format::Squares,
    Format::Indices,
    Format::Coords,
    Format::Grid,
    Format::Json,
    Format::Signed,
    Format::Oct,
    Format::BytesLe,
    Format::BytesBe,
];

const PAIR_FORMS: &[Format] = &[
    Format::Pair,
    Format::Trits,
    Format::Packed,
    Format::PackedBin,
    Format::TritsBin,
    Format::Base3,
    Format::Squares,
    Format::Indices,
    Format::Coords,
    Format::Json,
    Format::Fen,
    Format::Pieces,
    Format::PlanesBin,
    Format::Sgf,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn single_forms_round_trip(size in size_strategy(), order in numbering_strategy(), seed: u64, density: u8) {
        // A layout wider than 4096 bits is refused (checked in hostile.rs).
        prop_assume!(order.raw_size(size).is_ok());
        let bb = numbered_only(board(size, seed, density), order);
        let opts = Options { size: Some(size), order, to_order: order, ..Options::default() };
        let v = Value::Single(bb);
        for &f in SINGLE_FORMS {
            prop_assert_eq!(&round_trip(f, &v, &opts), &v, "{}", f);
        }
    }

    /// A base2 numeral reads the same with any of its leading zeros left out (bibi's
    /// `from_base2`), down to one digit.
    #[test]
    fn base2_numerals_read_without_leading_zeros(size in size_strategy(), seed: u64, density: u8, cut: usize) {
        let v = Value::Single(board(size, seed, density));
        let opts = Options { size: Some(size), ..Options::default() };
        let mut out = Vec::new();
        render(Format::Base2, &v, &opts, &mut out).unwrap();
        let zeros = out.iter().take_while(|&&c| c == b'0').count().min(out.len() - 1);
        let short = &out[cut % (zeros + 1)..];
        prop_assert_eq!(&parse(Format::Base2, short, &opts).unwrap(), &v);
    }

    /// A literal of every language reads back, on every size the language's literals hold.
    #[test]
    fn literals_round_trip(size in size_strategy(), seed: u64, density: u8) {
        let bb = board(size, seed, density);
        let v = Value::Single(bb);
        for lang in bbconv_forms::Lang::ALL {
            let opts = Options { size: Some(size), lang, ..Options::default() };
            let mut out = Vec::new();
            match render(Format::Literal, &v, &opts, &mut out) {
                Ok(()) => prop_assert_eq!(&round_trip(Format::Literal, &v, &opts), &v, "{:?}", lang),
                Err(e) => {
                    let limit = match lang { bbconv_forms::Lang::Rust => 128, _ => 64 };
                    prop_assert!(size.squares() > limit, "{:?} refused {}: {}", lang, size, e);
                }
            }
        }
    }

    #[test]
    fn pair_forms_round_trip(size in size_strategy(), order in numbering_strategy(), seed: u64, density: u8) {
        prop_assume!(order.raw_size(size).is_ok());
        let p = pair(size, seed, density);
        let p = Pair::new(numbered_only(p.first().clone(), order), numbered_only(p.second().clone(), order)).unwrap();
        let opts = Options { size: Some(size), order, to_order: order, ..Options::default() };
        let v = Value::Pair(p.clone());
        for &f in PAIR_FORMS {
            if f == Format::Sgf && (size.width() > 52 || size.height() > 52) {
                continue; // SGF names points up to 52x52 (the refusal is tested)
            }
            if f == Format::PlanesBin && order.as_order().is_none() {
                continue; // planes are words of the 8 orders (refusing layouts is tested)
            }
            let back = round_trip(f, &v, &opts);
            prop_assert_eq!(&back.to_pair(), &p, "{}", f);
        }
        // Grids read a board without second-side cells as one bitboard: compare as pairs.
        prop_assert_eq!(round_trip(Format::Grid, &v, &opts).to_pair(), p.clone());
        // Each layer read back through a one-bitboard form.
        let first = Options { layer: Some(Layer::First), ..opts.clone() };
        prop_assert_eq!(round_trip(Format::Hex, &v, &first), Value::Single(p.first().clone()));
    }

    /// Draughts positions round-trip through PDN FEN on boards of any size (pieces on the
    /// dark squares).
    #[test]
    fn pdn_round_trips(w in 1usize..=12, h in 1usize..=12, seed: u64, density: u8) {
        let size = Size::new(w, h).unwrap();
        let p = pair(size, seed, density);
        let dark = |b: &Bitboard| numbered_only(b.clone(), Numbering::Draughts);
        let p = Pair::new(dark(p.first()), dark(p.second())).unwrap();
        let opts = Options { size: Some(size), ..Options::default() };
        let v = Value::Pair(p.clone());
        prop_assert_eq!(round_trip(Format::Pdn, &v, &opts).to_pair(), p);
    }

    /// Grids read back in every orientation, with their header and without it (the labels
    /// say which way up).
    #[test]
    fn grids_round_trip_in_every_orientation(w in 1usize..=12, h in 2usize..=12, seed: u64, density: u8, o in 0usize..3) {
        use bbconv_forms::{GridStyle, Orientation};
        let size = Size::new(w, h).unwrap();
        let orientation = [Orientation::White, Orientation::Black, Orientation::Othello][o];
        let opts = Options { size: Some(size), grid: GridStyle { orientation, ..GridStyle::default() }, ..Options::default() };
        let p = Value::Pair(pair(size, seed, density));
        let mut out = Vec::new();
        render(Format::Grid, &p, &opts, &mut out).unwrap();
        prop_assert_eq!(&round_trip(Format::Grid, &p, &opts).to_pair(), &p.to_pair());
        // Without the header line, read with default options.
        let text = String::from_utf8(out).unwrap();
        let body = text.split_once('\n').unwrap().1;
        let plain = Options { size: Some(size), ..Options::default() };
        prop_assert_eq!(parse(Format::Grid, body.as_bytes(), &plain).unwrap().to_pair(), p.to_pair(), "{}", text);
    }

    /// Square lists round-trip in every coordinate style on the boards the style names.
    #[test]
    fn coordinate_styles_round_trip(w in 1usize..=25, h in 1usize..=25, seed: u64, density: u8, style in 0usize..3) {
        let size = Size::new(w, h).unwrap();
        let coords = [bbconv_forms::CoordStyle::Chess, bbconv_forms::CoordStyle::Sgf, bbconv_forms::CoordStyle::Gtp][style];
        let opts = Options { size: Some(size), coords, to_coords: coords, ..Options::default() };
        let v = Value::Single(board(size, seed, density));
        prop_assert_eq!(&round_trip(Format::Squares, &v, &opts), &v);
        let p = Value::Pair(pair(size, seed, density));
        prop_assert_eq!(&round_trip(Format::Squares, &p, &opts), &p);
    }

    #[test]
    fn packed_layouts_round_trip(size in size_strategy(), seed: u64, msd: bool, map in 0usize..6) {
        use bbconv_board::ternary::{DigitOrder, PackLayout};
        let maps = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let layout = PackLayout { digits: if msd { DigitOrder::Msd } else { DigitOrder::Lsd }, map: maps[map] };
        let p = pair(size, seed, 120);
        let opts = Options { size: Some(size), layout, ..Options::default() };
        let v = Value::Pair(p.clone());
        prop_assert_eq!(round_trip(Format::Packed, &v, &opts).to_pair(), p);
    }

    #[test]
    fn reorder_there_and_back(size in size_strategy(), a in order_strategy(), b in order_strategy(), seed: u64) {
        let raw = board(size, seed, 100);
        let there = Order::reorder(&raw, a, b);
        prop_assert_eq!(there.count(), raw.count());
        prop_assert_eq!(Order::reorder(&there, b, a), raw);
    }

    #[test]
    fn order_corner_anchors(size in size_strategy()) {
        let (w, h) = (size.width(), size.height());
        let n = size.squares();
        // (order, square of bit 0, square of bit N-1)
        let anchors = [
            (Order::Lerf, (0, 0), (w - 1, h - 1)),
            (Order::Lerbef, (w - 1, 0), (0, h - 1)),
            (Order::Berlef, (0, h - 1), (w - 1, 0)),
            (Order::Berbef, (w - 1, h - 1), (0, 0)),
            (Order::Lefr, (0, 0), (w - 1, h - 1)),
            (Order::Lefber, (0, h - 1), (w - 1, 0)),
            (Order::Befr, (w - 1, 0), (0, h - 1)),
            (Order::Beber, (w - 1, h - 1), (0, 0)),
        ];
        for (o, first, last) in anchors {
            prop_assert_eq!(o.square(size, 0), Some(Square::new(first.0, first.1).unwrap()), "{} bit 0", o);
            prop_assert_eq!(o.square(size, n - 1), Some(Square::new(last.0, last.1).unwrap()), "{} last bit", o);
        }
        // bit 1 moves along a rank for row-major orders and along a file for column-major ones.
        if w > 1 && h > 1 {
            prop_assert_eq!(Order::Lerf.square(size, 1), Some(Square::new(1, 0).unwrap()));
            prop_assert_eq!(Order::Lerbef.square(size, 1), Some(Square::new(w - 2, 0).unwrap()));
            prop_assert_eq!(Order::Berlef.square(size, 1), Some(Square::new(1, h - 1).unwrap()));
            prop_assert_eq!(Order::Berbef.square(size, 1), Some(Square::new(w - 2, h - 1).unwrap()));
            prop_assert_eq!(Order::Lefr.square(size, 1), Some(Square::new(0, 1).unwrap()));
            prop_assert_eq!(Order::Lefber.square(size, 1), Some(Square::new(0, h - 2).unwrap()));
            prop_assert_eq!(Order::Befr.square(size, 1), Some(Square::new(w - 1, 1).unwrap()));
            prop_assert_eq!(Order::Beber.square(size, 1), Some(Square::new(w - 1, h - 2).unwrap()));
        }
    }
}

#[test]
fn chess_anchors_from_the_spec() {
    let s = Size::CHESS;
    let names = |o: Order| {
        (
            o.square(s, 0).unwrap().to_string(),
            o.square(s, 1).unwrap().to_string(),
        )
    };
    let table = [
        ("lerf", "a1", "b1"),
        ("lerbef", "h1", "g1"),
        ("berlef", "a8", "b8"),
        ("berbef", "h8", "g8"),
        ("lefr", "a1", "a2"),
        ("lefber", "a8", "a7"),
        ("befr", "h1", "h2"),
        ("beber", "h8", "h7"),
    ];
    for (name, b0, b1) in table {
        let o: Order = name.parse().unwrap();
        assert_eq!(names(o), (b0.to_string(), b1.to_string()), "{name}");
    }
    // On 8x8: lerbef = i ^ 7, berlef = i ^ 56, berbef = i ^ 63.
    for i in 0..64 {
        let sq = Square::from_index(s, i).unwrap();
        assert_eq!(Order::Lerbef.index(s, sq), i ^ 7);
        assert_eq!(Order::Berlef.index(s, sq), i ^ 56);
        assert_eq!(Order::Berbef.index(s, sq), i ^ 63);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn edax_round_trips(seed: u64, density: u8, second: bool, notes in proptest::option::of("(; [A-H][1-8]:[+-][0-9]{1,2}){1,4};( % [a-z]{1,8})?")) {
        let mut p = pair(Size::CHESS, seed, density);
        p.turn = Some(if second { Turn::Second } else { Turn::First });
        p.notes = notes.map(|n| n.into());
        let v = Value::Pair(p.clone());
        prop_assert_eq!(round_trip(Format::Edax, &v, &Options::default()).to_pair(), p);
    }

    /// Random variant FEN text (any size, letters, `+`/`~` marks, holdings, other fields) reads
    /// and writes back identically.
    #[test]
    fn fen_text_round_trips(
        w in 1usize..=16,
        h in 1usize..=16,
        cells in proptest::collection::vec((0u8..80, 0u8..3), 256),
        holdings in proptest::option::of("[A-Za-z]{0,6}"),
        rest in proptest::option::of("[wb] (-|KQ?k?q?|Qk?q?|kq?|q) - [0-9]{1,2} [1-9]"),
    ) {
        let mut fen = String::new();
        for r in 0..h {
            if r > 0 { fen.push('/'); }
            let mut empty = 0;
            for f in 0..w {
                let (c, mark) = cells[(r * w + f) % cells.len()];
                if c < 28 {
                    empty += 1;
                    continue;
                }
                if empty > 0 { fen.push_str(&empty.to_string()); empty = 0; }
                let letter = if c < 54 { (b'a' + c - 28) as char } else { (b'A' + c - 54) as char };
                match mark {
                    1 => { fen.push('+'); fen.push(letter); }
                    2 => { fen.push(letter); fen.push('~'); }
                    _ => fen.push(letter),
                }
            }
            if empty > 0 { fen.push_str(&empty.to_string()); }
        }
        if let Some(hd) = &holdings { fen.push('['); fen.push_str(hd); fen.push(']'); }
        if let Some(r) = &rest { fen.push(' '); fen.push_str(r); }
        let mut opts = Options::default();
        if h == 1 {
            // Without the size, a one-rank FEN is taken for a header or an id, not a board.
            let e = parse(Format::Fen, fen.as_bytes(), &opts).unwrap_err();
            prop_assert_eq!(e.kind, bbconv_forms::ErrorKind::OneRank);
            opts.size = Some(Size::new(w, h).unwrap());
        }
        let v = parse(Format::Fen, fen.as_bytes(), &opts).unwrap_or_else(|e| panic!("{fen}: {e}"));
        prop_assert_eq!(v.size(), Size::new(w, h).unwrap());
        let mut out = Vec::new();
        render(Format::Fen, &v, &opts, &mut out).unwrap();
        prop_assert_eq!(String::from_utf8(out).unwrap(), fen);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The fast path of `convert` (8x8 FEN to two-player forms) gives exactly what parse + render
    /// give, output or error, for random and damaged FENs.
    #[test]
    fn fen_fast_path_equals_general_path(
        cells in proptest::collection::vec(0u8..20, 64),
        damage in proptest::option::of((0usize..80, prop::sample::select(vec![b'/', b'9', b'0', b'+', b'~', b'[', b' ', b'x', b'4']))),
        swap: bool,
        to in prop::sample::select(vec![Format::Packed, Format::PackedBin, Format::Pair, Format::Trits, Format::TritsBin]),
    ) {
        let mut fen = String::new();
        for r in 0..8 {
            if r > 0 { fen.push('/'); }
            let mut empty = 0;
            for f in 0..8 {
                let c = cells[r * 8 + f];
                if c < 12 { empty += 1; continue; }
                if empty > 0 { fen.push_str(&empty.to_string()); empty = 0; }
                fen.push(b"PNBRQKpnbrqk"[(c as usize - 12) % 12] as char);
            }
            if empty > 0 { fen.push_str(&empty.to_string()); }
        }
        fen.push_str(" w - - 0 1");
        let mut bytes = fen.into_bytes();
        if let Some((at, b)) = damage {
            let at = at % bytes.len();
            bytes.insert(at, b);
        }
        let opts = Options::default();
        let mut fast = Vec::new();
        let swapped = Options { swap, ..Options::default() };
        let a = bbconv_forms::convert(Format::Fen, to, &bytes, &swapped, &mut fast);
        let mut slow = Vec::new();
        let b = parse(Format::Fen, &bytes, &opts).map(|v| {
            let v = if swap { v.swap() } else { v };
            render(to, &v, &opts, &mut slow).unwrap();
        });
        prop_assert_eq!(a.is_ok(), b.is_ok(), "{}", String::from_utf8_lossy(&bytes));
        prop_assert_eq!(fast, slow);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A position's fields (side to move, castling, en passant, clocks, pockets, check counters)
    /// survive every form that holds them: FEN -> JSON -> FEN, and an Edax board's side and
    /// solutions Edax -> JSON -> Edax.
    #[test]
    fn position_fields_survive_json(
        cells in proptest::collection::vec(0u8..24, 64),
        black: bool,
        castling in proptest::sample::subsequence(vec!['K', 'Q', 'k', 'q'], 0..=4),
        ep in proptest::option::of(0usize..8),
        clocks in (0u32..150, 1u32..300),
        pocket in proptest::option::of("[PNBRQpnbrq]{0,6}"),
        checks in proptest::option::of((0u8..3, 0u8..3)),
        edax in proptest::collection::vec(0u8..3, 64),
        turn_first: bool,
        notes in proptest::sample::select(vec!["", "; G8:+18; H1:+12;", "; +18;", "; A1:-2; % a comment"]),
    ) {
        let mut fen = String::new();
        for r in 0..8 {
            if r > 0 { fen.push('/'); }
            let mut empty = 0;
            for f in 0..8 {
                let c = cells[r * 8 + f];
                if c >= 12 { empty += 1; continue; }
                if empty > 0 { fen.push_str(&empty.to_string()); empty = 0; }
                fen.push(b"PNBRQKpnbrqk"[c as usize] as char);
            }
            if empty > 0 { fen.push_str(&empty.to_string()); }
        }
        if let Some(p) = &pocket { fen.push('['); fen.push_str(p); fen.push(']'); }
        fen.push_str(if black { " b " } else { " w " });
        let c: String = castling.iter().collect();
        fen.push_str(if c.is_empty() { "-" } else { &c });
        match ep {
            Some(f) => { fen.push(' '); fen.push((b'a' + f as u8) as char); fen.push(if black { '3' } else { '6' }); }
            None => fen.push_str(" -"),
        }
        fen.push_str(&format!(" {} {}", clocks.0, clocks.1));
        if let Some((w, b)) = checks { fen.push_str(&format!(" +{w}+{b}")); }
        let opts = Options::default();
        let v = parse(Format::Fen, fen.as_bytes(), &opts).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut json = Vec::new();
        render(Format::Json, &v, &opts, &mut json).unwrap();
        let back = parse(Format::Json, &json, &opts).unwrap();
        let mut out = Vec::new();
        render(Format::Fen, &back, &opts, &mut out).unwrap();
        prop_assert_eq!(String::from_utf8(out).unwrap(), fen);

        let mut board: String = edax.iter().map(|&t| ['-', 'X', 'O'][t as usize]).collect();
        board.push_str(if turn_first { " X" } else { " O" });
        board.push_str(notes);
        let v = parse(Format::Edax, board.as_bytes(), &opts).unwrap_or_else(|e| panic!("{board}: {e}"));
        let mut json = Vec::new();
        render(Format::Json, &v, &opts, &mut json).unwrap();
        let back = parse(Format::Json, &json, &opts).unwrap();
        let mut out = Vec::new();
        render(Format::Edax, &back, &opts, &mut out).unwrap();
        prop_assert_eq!(String::from_utf8(out).unwrap(), board);
    }
}
