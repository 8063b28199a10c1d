//! Every option on every path: random boards of random sizes (8x8 and 19x19 among them),
//! written in every form, converted into every form under random values of every conversion
//! option (`-s`, `--order` and `--to-order` with the layouts 0x88, mailbox, sentinel and
//! draughts, `--digits`, `--digit-map`, `--layer`, `--letters`, `--planes`, `--coords`,
//! `--to-coords`, `--one-based`, `--fields`, `--unicode`, `--orientation`, colours, `--lang`,
//! `--lenient`, `--sgf-node`, `--swap`), give through a [`Conversion`] (the word paths of its
//! readers and writers, with every FEN reader this CPU has), through `read` and `write`, and
//! through `parse` and `render`, the very bytes, or the very error, of the general reading and
//! writing (`parse_general`, `render_general`). A record is written under the options it is
//! read under, or under others (chess names read as SGF points, say), sometimes changed.
//!
//! `BBCONV_PROPTEST_CASES` sets the number of cases (default 64, about 15 seconds in a debug
//! build: a case converts a record of every form, also as `-f auto`, into every form, each
//! source and each output form under options of its own, some 10,000 conversions).

use bbconv_board::placement::{Piece, Text};
use bbconv_board::ternary::{DigitOrder, PackLayout};
use bbconv_board::{Bitboard, Numbering, Order, Pair, Placement, Size, Turn};
use bbconv_forms::{
    parse, parse_general, read, render, render_general, write, Board, Conversion, ConvertError,
    CoordStyle, FenReader, Format, GridStyle, JsonField, Lang, Layer, Options, Orientation,
    SgfNode, Value,
};
use proptest::prelude::*;
use proptest::sample::select;

/// The number of cases: `BBCONV_PROPTEST_CASES`, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("BBCONV_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn size(w: usize, h: usize) -> Size {
    Size::new(w, h).unwrap()
}

/// Board sizes: 8x8 most often, Go's 19x19, and sizes of every word path (at most 64 squares,
/// 65 to 512, more than 512).
fn board_size() -> impl Strategy<Value = Size> {
    prop_oneof![
        5 => Just(Size::CHESS),
        2 => Just(size(19, 19)),
        4 => select(vec![
            (3, 3), (4, 4), (7, 6), (6, 7), (10, 10), (9, 9), (5, 13), (8, 9), (1, 1),
            (26, 2), (13, 13), (16, 32), (25, 25), (2, 40),
        ])
        .prop_map(|(w, h)| size(w, h)),
    ]
}

/// A square numbering: LERF most often, any order, or a layout.
fn numbering() -> impl Strategy<Value = Numbering> {
    prop_oneof![
        4 => Just(Numbering::Order(Order::Lerf)),
        3 => select(Order::ALL.to_vec()).prop_map(Numbering::Order),
        2 => select(vec![
            Numbering::X88,
            Numbering::Mailbox,
            Numbering::Sentinel,
            Numbering::Draughts,
        ]),
    ]
}

/// `--digits` and `--digit-map`.
fn layout() -> impl Strategy<Value = PackLayout> {
    let maps = vec![
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    prop_oneof![
        2 => Just(PackLayout::default()),
        1 => (any::<bool>(), select(maps)).prop_map(|(msd, map)| PackLayout {
            digits: if msd { DigitOrder::Msd } else { DigitOrder::Lsd },
            map,
        }),
    ]
}

/// `--letters`: the default, chess letters, or others.
fn letters() -> impl Strategy<Value = (u8, u8)> {
    prop_oneof![
        2 => Just((b'P', b'p')),
        1 => (select(b"PNBRQKXMAZ".to_vec()), select(b"pnbrqkomaz".to_vec())),
    ]
}

/// `--planes`: the default, or distinct letters in another order, some not chess pieces.
fn planes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        2 => Just(b"PNBRQKpnbrqk".to_vec()),
        1 => Just(b"Pp".to_vec()),
        2 => proptest::sample::subsequence(b"PNBRQKpnbrqkXoMm".to_vec(), 1..=16)
            .prop_shuffle(),
    ]
}

/// `--fields`: none (each kind of value's default), or some members in some order.
fn fields() -> impl Strategy<Value = Option<Vec<JsonField>>> {
    prop_oneof![
        2 => Just(None),
        1 => proptest::sample::subsequence(JsonField::ALL.to_vec(), 1..=8)
            .prop_shuffle()
            .prop_map(Some),
    ]
}

fn coords() -> impl Strategy<Value = CoordStyle> {
    prop_oneof![
        2 => Just(CoordStyle::Chess),
        1 => Just(CoordStyle::Sgf),
        1 => Just(CoordStyle::Gtp),
    ]
}

/// `--unicode`, the colours and `--orientation`.
fn grid() -> impl Strategy<Value = GridStyle> {
    prop_oneof![
        2 => Just(GridStyle::default()),
        1 => (
            any::<bool>(),
            any::<bool>(),
            select(vec![Orientation::White, Orientation::Black, Orientation::Othello]),
        )
            .prop_map(|(unicode, color, orientation)| GridStyle {
                unicode,
                color,
                orientation,
            }),
    ]
}

/// The options only a writer reads: `--to-order`, `--to-coords`, `--layer`, `--letters`,
/// `--fields`, the grid's style (`--unicode`, `--orientation`, colours) and `--lang`.
#[derive(Debug, Clone)]
struct Writer {
    /// `None`: the reading's order, as the command line's default.
    to_order: Option<Numbering>,
    /// `None`: the reading's style, as the command line's default.
    to_coords: Option<CoordStyle>,
    layer: Option<Layer>,
    letters: (u8, u8),
    fields: Option<Vec<JsonField>>,
    grid: GridStyle,
    lang: Lang,
}

impl Writer {
    /// `opts` with this writer's options.
    fn apply(&self, opts: &Options) -> Options {
        Options {
            to_order: self.to_order.unwrap_or(opts.order),
            to_coords: self.to_coords.unwrap_or(opts.coords),
            layer: self.layer,
            letters: self.letters,
            fields: self.fields.clone(),
            grid: self.grid,
            lang: self.lang,
            ..opts.clone()
        }
    }
}

/// A writer's options at random (each its default about half the time, so that the word paths
/// are reached).
fn writer() -> impl Strategy<Value = Writer> {
    let layer = select(vec![
        None,
        Some(Layer::First),
        Some(Layer::Second),
        Some(Layer::Occupied),
    ]);
    (
        prop::option::weighted(0.5, numbering()),
        prop::option::weighted(0.5, coords()),
        layer,
        letters(),
        fields(),
        grid(),
        select(Lang::ALL.to_vec()),
    )
        .prop_map(
            |(to_order, to_coords, layer, letters, fields, grid, lang)| Writer {
                to_order,
                to_coords,
                layer,
                letters,
                fields,
                grid,
                lang,
            },
        )
}

/// Every conversion option at random, for a board of `board` squares.
fn options(board: Size) -> impl Strategy<Value = Options> {
    let size = prop_oneof![
        6 => Just(Some(board)),
        1 => Just(None),
        1 => select(vec![Size::CHESS, size(19, 19), size(3, 3)]).prop_map(Some),
    ];
    let node = select(vec![
        SgfNode::Root,
        SgfNode::Index(0),
        SgfNode::Index(1),
        SgfNode::Last,
    ]);
    (
        (size, numbering(), layout(), any::<bool>()),
        (any::<bool>(), planes(), coords(), node),
        writer(),
    )
        .prop_map(
            |((size, order, layout, lenient), (one_based, planes, coords, sgf_node), w)| {
                let read = Options {
                    size,
                    order,
                    layout,
                    lenient,
                    one_based,
                    planes,
                    coords,
                    sgf_node,
                    ..Options::default()
                };
                w.apply(&read)
            },
        )
}

/// What kind of board a case draws.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// One bitboard.
    Single,
    /// Two sides, with or without a side to move.
    Pair,
    /// Chess pieces (with a FEN's other fields on 8x8).
    Chess,
    /// Draughts men and kings.
    Draughts,
    /// Piece letters of any kind.
    Letters,
}

/// A board of `size`, its squares drawn from `seed` with `density` in 256ths.
fn board(size: Size, kind: Kind, seed: u64, density: u8) -> Value {
    let mut v = seed | 1;
    let mut next = move || {
        v ^= v << 13;
        v ^= v >> 7;
        v ^= v << 17;
        v
    };
    let n = size.squares();
    let letters: &[u8] = match kind {
        Kind::Chess => b"PNBRQKpnbrqk",
        Kind::Draughts => b"MKmk",
        _ => b"PNBRQKpnbrqkXoMmAz",
    };
    let mut pl = Placement::empty(size);
    let (mut f, mut s) = (vec![0u64; n.div_ceil(64)], vec![0u64; n.div_ceil(64)]);
    for i in 0..n {
        let r = next();
        if (r & 255) as u8 >= density {
            continue;
        }
        let letter = letters[(r >> 8) as usize % letters.len()];
        pl.set(i, Some(Piece::new(letter)));
        match letter.is_ascii_uppercase() {
            true => f[i / 64] |= 1 << (i % 64),
            false => s[i / 64] |= 1 << (i % 64),
        }
    }
    let pair = Pair::new(
        Bitboard::from_words(size, &f).unwrap(),
        Bitboard::from_words(size, &s).unwrap(),
    )
    .unwrap();
    match kind {
        Kind::Single => Value::Single(pair.occupied()),
        Kind::Pair => {
            let mut p = pair;
            p.turn = [None, Some(Turn::First), Some(Turn::Second)][next() as usize % 3];
            Value::Pair(p)
        }
        _ => {
            if size == Size::CHESS && kind == Kind::Chess {
                let rest = ["", "w - - 0 1", "b KQkq - 3 17", "w", "b - - 0 40"];
                let rest = rest[next() as usize % rest.len()];
                pl.rest = (!rest.is_empty()).then(|| Text::from(rest));
            }
            Value::Pieces(pl)
        }
    }
}

/// The record of `value` in form `from`, written under `opts` (its `to_*` options are the
/// record's): the value itself, else the views a form of one bitboard or two sides holds, else
/// under the default options; `None` when no view can be written.
fn record(from: Format, value: &Value, opts: &Options) -> Option<Vec<u8>> {
    let views = [
        value.clone(),
        Value::Pair(value.to_pair()),
        Value::Single(value.to_pair().occupied()),
    ];
    for o in [opts, &Options::default()] {
        for v in &views {
            let mut out = Vec::new();
            if render_general(from, v, o, &mut out).is_ok() {
                return Some(out);
            }
        }
    }
    None
}

/// A record changed as a person or another program might have written it.
fn mutate(rec: &[u8], how: u8, at: usize) -> Vec<u8> {
    let mut r = rec.to_vec();
    match how {
        1 => {
            r.insert(0, b' ');
            r.push(b'\t');
        }
        2 => r.make_ascii_uppercase(),
        3 if !r.is_empty() => {
            let k = at % r.len();
            r[k] = b"0 1x/-;,\xc3aZ8"[at % 12];
        }
        4 => {
            r.pop();
        }
        5 => {
            // Consecutive FEN digits (read by the lenient reading only).
            if let Some(k) = r.iter().position(|&c| c == b'8') {
                r.splice(k..=k, *b"44");
            }
        }
        _ => {}
    }
    r
}

/// Converts `record` from `from` into every output form, with and without the sides exchanged,
/// with every FEN reader this CPU has, and asserts that each gives the general reading's and
/// writing's bytes or its very error; `writers[k]` are the writer's options of the `k`th output
/// form (`None`: those of `opts`). Returns the number of conversions checked.
fn against_general(
    from: Format,
    record: &[u8],
    opts: &Options,
    writers: &[Option<Writer>],
) -> Result<usize, TestCaseError> {
    let general_value = parse_general(from, record, opts).map_err(ConvertError::Parse);
    // The reading with the word paths of small boards (what `op`, `show` and `explain` call).
    prop_assert_eq!(
        parse(from, record, opts).map_err(ConvertError::Parse),
        general_value.clone(),
        "parse {}, record {:?}",
        from,
        String::from_utf8_lossy(record)
    );
    let mut checked = 0;
    for (&to, w) in outputs().zip(writers) {
        let opts = w.as_ref().map_or_else(|| opts.clone(), |w| w.apply(opts));
        for swap in [false, true] {
            let general = general_value.clone().and_then(|v| {
                let v = if swap { v.swap() } else { v };
                let mut o = Vec::new();
                render_general(to, &v, &opts, &mut o)
                    .map(|_| (o, v.size()))
                    .map_err(ConvertError::Render)
            });
            let at = || {
                format!(
                    "{from} -> {to}, swap {swap}, record {:?}, options {opts:?}",
                    String::from_utf8_lossy(record)
                )
            };
            checked += conversions(from, to, record, &opts, swap, &general, at)?;
            if let Ok(v) = &general_value {
                // The writing with the word paths of small boards (`render`).
                let v = if swap { v.clone().swap() } else { v.clone() };
                let mut o = Vec::new();
                let via = render(to, &v, &opts, &mut o)
                    .map(|_| (o, v.size()))
                    .map_err(ConvertError::Render);
                prop_assert_eq!(&via, &general, "render: {}", at());
            }
        }
    }
    Ok(checked)
}

/// What the general reading and writing give: the bytes and the board's size, or the error.
type Outcome = Result<(Vec<u8>, Size), ConvertError>;

/// Asserts that a [`Conversion`] with each FEN reader, and the library's `read` then `write`,
/// give `general`; `at` names the conversion. Returns how many were checked.
fn conversions(
    from: Format,
    to: Format,
    record: &[u8],
    opts: &Options,
    swap: bool,
    general: &Outcome,
    at: impl Fn() -> String,
) -> Result<usize, TestCaseError> {
    let mut checked = 0;
    let swapped = Options {
        swap,
        ..opts.clone()
    };
    for reader in [Some(FenReader::Portable), FenReader::avx2()]
        .into_iter()
        .flatten()
    {
        let conv = Conversion::with_fen_reader(from, to, &swapped, reader);
        let mut out = b"kept".to_vec();
        let via = conv
            .run(record, &mut out)
            .map(|size| (out[4..].to_vec(), size));
        if via.is_err() {
            prop_assert_eq!(&out, b"kept", "an error writes nothing: {}", at());
        }
        let text = |o: &Outcome| {
            o.clone()
                .map(|(o, s)| (String::from_utf8_lossy(&o).into_owned(), s))
        };
        prop_assert_eq!(
            text(&via),
            text(general),
            "{} reader: {}",
            reader.name(),
            at()
        );
        prop_assert_eq!(&via, general);
        checked += 1;
    }
    // A board read and written (the library's `read` and `write`).
    let mut board = Board::new();
    let via = read(from, record, opts, &mut board)
        .map_err(ConvertError::Parse)
        .and_then(|()| {
            if swap {
                board.swap();
            }
            let mut o = Vec::new();
            write(to, &board, opts, &mut o)
                .map(|_| (o, board.size()))
                .map_err(ConvertError::Render)
        });
    prop_assert_eq!(&via, general, "read and write: {}", at());
    Ok(checked + 1)
}

/// The forms a record is written in (every form but the two that are input only).
fn sources() -> impl Iterator<Item = &'static Format> {
    Format::ALL
        .iter()
        .filter(|f| !matches!(f, Format::Auto | Format::Paste))
}

/// The output forms.
fn outputs() -> impl Iterator<Item = &'static Format> {
    sources()
}

/// What one source form's record is: a board, the options it is read under, those it is
/// written under, and how it is changed (see [`mutate`]).
#[derive(Debug, Clone)]
struct Source {
    kind: Kind,
    seed: u64,
    density: u8,
    opts: Options,
    /// Other options, and which of them the record is written under (bit 0: the square names,
    /// 1: the numbering, 2: the packed layout, 3: the first index, 4: the planes, 5: the
    /// letters, 6: the JSON members, 7: all of them); the others are the reading's.
    other: Options,
    mask: u8,
    how: u8,
    at: usize,
}

impl Source {
    /// The options the record is written under: the reading's (its names, numbering and
    /// layout those the reading expects), but for those `mask` takes from `other`, so that
    /// a record in one convention is read under another (chess names as SGF points, say).
    fn written(&self) -> Options {
        let (o, m) = (&self.other, self.mask);
        if m & 128 != 0 {
            return o.clone();
        }
        let pick = |bit: u8| m & (1 << bit) != 0;
        let r = &self.opts;
        Options {
            to_coords: if pick(0) { o.to_coords } else { r.coords },
            to_order: if pick(1) { o.to_order } else { r.order },
            layout: if pick(2) { o.layout } else { r.layout },
            one_based: if pick(3) { o.one_based } else { r.one_based },
            planes: if pick(4) { &o.planes } else { &r.planes }.clone(),
            letters: if pick(5) { o.letters } else { r.letters },
            fields: if pick(6) { &o.fields } else { &r.fields }.clone(),
            ..r.clone()
        }
    }
}

/// One case: a board size, a record of every source form, the writer's options of every
/// output form.
fn case() -> impl Strategy<Value = (Size, Vec<Source>, Vec<Option<Writer>>)> {
    board_size().prop_flat_map(|size| {
        let kind = select(vec![
            Kind::Single,
            Kind::Pair,
            Kind::Chess,
            Kind::Draughts,
            Kind::Letters,
        ]);
        let density = select(vec![0u8, 20, 90, 160, 255]);
        // Half the records are written as they are read.
        let mask = prop_oneof![1 => Just(0u8), 1 => any::<u8>()];
        let source = (
            (kind, any::<u64>(), density),
            (options(size), options(size), mask),
            (prop_oneof![6 => Just(0u8), 1 => 1u8..=5], any::<usize>()),
        )
            .prop_map(
                |((kind, seed, density), (opts, other, mask), (how, at))| Source {
                    kind,
                    seed,
                    density,
                    opts,
                    other,
                    mask,
                    how,
                    at,
                },
            );
        let n = sources().count();
        (
            Just(size),
            prop::collection::vec(source, n),
            prop::collection::vec(prop::option::weighted(0.5, writer()), n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(64),
        // A case converts every pair of forms: shrinking stops after a minute.
        max_shrink_time: 60_000,
        ..ProptestConfig::default()
    })]

    /// Every pair of forms, under random options: the conversion gives the general reading's
    /// and writing's bytes or its very error.
    #[test]
    fn every_option_on_every_path((size, sources, writers) in case()) {
        let mut checked = 0;
        for (&from, src) in self::sources().zip(&sources) {
            let value = board(size, src.kind, src.seed, src.density);
            let Some(rec) = record(from, &value, &src.written()) else {
                continue;
            };
            let rec = mutate(&rec, src.how, src.at);
            checked += against_general(from, &rec, &src.opts, &writers)?;
            if !from.is_binary() {
                checked += against_general(Format::Auto, &rec, &src.opts, &writers)?;
            }
            if from == Format::Grid {
                checked += against_general(Format::Paste, &rec, &src.opts, &writers)?;
            }
        }
        prop_assert!(checked > 1000, "{checked}");
    }
}

/// The squares of a value's two sides (its turn and notes left out).
fn sides(v: &Value) -> (Bitboard, Bitboard) {
    let p = v.to_pair();
    (p.first().clone(), p.second().clone())
}

/// Converts `record` of `from` into `to` under `opts` through a [`Conversion`] (the word
/// paths): the bytes, or `None` on an error.
fn converted(from: Format, to: Format, record: &[u8], opts: &Options) -> Option<String> {
    let mut out = Vec::new();
    Conversion::new(from, to, opts)
        .run(record, &mut out)
        .ok()
        .map(|_| String::from_utf8(out).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    /// `--to-coords` on every output that names squares or labels files (issue 40, point 4):
    /// a JSON `squares` member holds the names `-t squares` writes, and reads back under
    /// `--coords` of the same style; a grid's file letters are those names without their rank
    /// (chess or GTP), and `--to-coords sgf` is refused for a grid. Through the word paths,
    /// on every size (8x8 and 19x19 among them), with one bitboard and two sides.
    #[test]
    fn names_and_labels_follow_to_coords(
        size in board_size(),
        pair in any::<bool>(),
        seed in any::<u64>(),
        density in select(vec![0u8, 40, 160, 255]),
        style in coords(),
    ) {
        let kind = if pair { Kind::Pair } else { Kind::Single };
        let value = board(size, kind, seed, density);
        let (from, at) = if pair { (Format::Packed, Options { size: Some(size), ..Options::default() }) }
            else { (Format::Hex, Options { size: Some(size), ..Options::default() }) };
        let rec = record(from, &value, &at).unwrap();
        let opts = Options { to_coords: style, ..at.clone() };
        let json_opts = Options { fields: Some(vec![JsonField::Squares]), ..opts.clone() };
        let squares = converted(from, Format::Squares, &rec, &opts);
        let json = converted(from, Format::Json, &rec, &json_opts);
        prop_assert_eq!(squares.is_some(), json.is_some(), "{:?} {:?}", squares, json);
        if let (Some(squares), Some(json)) = (squares, json) {
            // The squares member's names, in the list's order and sides.
            let names: String = json
                .split("\"squares\":")
                .nth(1)
                .unwrap()
                .replace("{\"first\":", "first: ")
                .replace("],\"second\":", "]; second: ")
                .replace(['[', ']', '}', '"'], "")
                .replace(',', " ");
            let names = names.replace("first: ;", "first: -;");
            let names = if names.is_empty() { "-".to_string() } else { names };
            let names = if names.ends_with("second: ") { names + "-" } else { names };
            prop_assert_eq!(&names, &squares);
            let back = Options { coords: style, ..at.clone() };
            let read = parse_general(Format::Json, json.as_bytes(), &back).unwrap();
            prop_assert_eq!(sides(&read), sides(&value));
        }
        let grid = converted(from, Format::Grid, &rec, &opts);
        if style == CoordStyle::Sgf {
            prop_assert!(grid.is_none());
            return Ok(());
        }
        let grid = grid.unwrap();
        // The names of the first rank's squares, without their rank number.
        let mut rank1 = Bitboard::empty(size);
        (0..size.width()).for_each(|i| rank1.set_bit(i));
        let rank1 = Value::Single(rank1);
        let mut labels = Vec::new();
        let named = render_general(Format::Squares, &rank1, &opts, &mut labels).is_ok();
        let labels = String::from_utf8(labels).unwrap().replace(|c: char| c.is_ascii_digit(), "");
        let last = grid.lines().last().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
        if named && size.width() <= 25 {
            prop_assert_eq!(last, labels, "{}", grid);
        }
        let read = parse_general(Format::Grid, grid.as_bytes(), &at).unwrap();
        prop_assert_eq!(sides(&read), sides(&value));
    }
}
