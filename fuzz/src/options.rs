//! Every option on every path, for the `options` fuzz target: a source form and every
//! conversion option drawn from the input's first bytes, the record from the rest.

use bbconv_board::Size;
use bbconv_forms::{parse, render, Format, Options};

/// The bytes before the record: the source form, two option sets and the mode.
pub const HEADER: usize = 20;

/// The bytes an option set is drawn from, one at a time (0 past the end).
struct Draw<'a>(&'a [u8]);

impl Draw<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }

    /// One of `items`, by the next byte.
    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.byte() as usize % items.len()].clone()
    }
}

/// A numbering by a nibble: the eight orders, the four layouts, else `default`.
fn numbering(n: u8, default: bbconv_board::Numbering) -> bbconv_board::Numbering {
    use bbconv_board::{Numbering, Order};
    match n {
        0..=7 => Numbering::Order(Order::ALL[n as usize]),
        8 => Numbering::X88,
        9 => Numbering::Mailbox,
        10 => Numbering::Sentinel,
        11 => Numbering::Draughts,
        _ => default,
    }
}

/// Every conversion option drawn from the next nine bytes (see [`check`]).
fn draw_options(d: &mut Draw<'_>) -> Options {
    use bbconv_board::ternary::{DigitOrder, PackLayout};
    use bbconv_forms::{CoordStyle, GridStyle, JsonField, Lang, Layer, Orientation, SgfNode};
    let sizes = [
        None,
        Some((8, 8)),
        Some((19, 19)),
        Some((3, 3)),
        Some((9, 7)),
        Some((10, 10)),
        Some((13, 13)),
        Some((7, 6)),
        Some((25, 25)),
        Some((1, 1)),
    ];
    let size = d.pick(&sizes).and_then(|(w, h)| Size::new(w, h).ok());
    let orders = d.byte();
    let order = numbering(orders & 15, bbconv_board::Numbering::default());
    let to_order = numbering(orders >> 4, order);
    let layout = d.byte();
    let maps = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let flags = d.byte();
    let styles = [CoordStyle::Chess, CoordStyle::Sgf, CoordStyle::Gtp];
    let coords = styles[(flags >> 4 & 3) as usize % 3];
    let to_coords = styles.get((flags >> 6) as usize).copied().unwrap_or(coords);
    let letters = d.pick(&[
        (b'P', b'p'),
        (b'X', b'o'),
        (b'N', b'q'),
        (b'M', b'm'),
        (b'A', b'z'),
    ]);
    let planes = d.pick(&["PNBRQKpnbrqk", "Pp", "KQkqXo", "pnbrqkPNBRQK", "MmKk", "Z"]);
    let fields = d.byte();
    let grid = d.byte();
    let node = d.pick(&[
        SgfNode::Root,
        SgfNode::Index(0),
        SgfNode::Index(1),
        SgfNode::Last,
    ]);
    Options {
        size,
        order,
        to_order,
        layer: [
            None,
            Some(Layer::First),
            Some(Layer::Second),
            Some(Layer::Occupied),
        ][(flags & 3) as usize],
        layout: PackLayout {
            digits: if layout & 1 == 1 {
                DigitOrder::Msd
            } else {
                DigitOrder::Lsd
            },
            map: maps[(layout >> 1) as usize % 6],
        },
        letters,
        lenient: flags & 4 != 0,
        fields: (fields != 0).then(|| {
            JsonField::ALL
                .iter()
                .enumerate()
                .filter(|(k, _)| fields >> k & 1 == 1)
                .map(|(_, f)| *f)
                .collect()
        }),
        grid: GridStyle {
            unicode: grid & 1 != 0,
            color: grid & 2 != 0,
            orientation: [Orientation::White, Orientation::Black, Orientation::Othello]
                [(grid >> 2 & 3) as usize % 3],
        },
        lang: Lang::ALL[(grid >> 4) as usize % Lang::ALL.len()],
        one_based: flags & 8 != 0,
        planes: planes.as_bytes().to_vec(),
        coords,
        to_coords,
        sgf_node: node,
        // The caller runs both sides and every FEN reader itself.
        swap: false,
        kernels: bbconv_forms::Kernels::Auto,
    }
}

/// A board of `size` whose squares are the bytes of `cells` (cycled): empty, a side, or a
/// piece letter, as `kind` says (0 one bitboard, 1 two sides, else piece letters).
fn draw_board(size: Size, kind: u8, cells: &[u8]) -> bbconv_forms::Value {
    use bbconv_board::placement::{Piece, Placement};
    use bbconv_forms::Value;
    let letters = b"PNBRQKpnbrqkMmXo";
    let mut pl = Placement::empty(size);
    for i in 0..size.squares() {
        let c = cells.get(i % cells.len().max(1)).copied().unwrap_or(0);
        if c >= 128 {
            pl.set(
                i,
                Some(Piece::new(letters[(c as usize + i) % letters.len()])),
            );
        }
    }
    match kind % 3 {
        0 => Value::Single(pl.to_pair().occupied()),
        1 => Value::Pair(pl.to_pair()),
        _ => Value::Pieces(pl),
    }
}

/// Every option on every path: the first [`HEADER`] bytes draw a source form (one byte), every
/// conversion option (nine: sizes, orders and layouts, packed layout, layer, letters, planes,
/// square names, first index, JSON members, grid style, language, lenient FEN, SGF node), a
/// writer's options for every other output form (nine) and a mode (one); the rest is the
/// record (all 0: `-f auto` and the defaults), or (when the mode byte is odd) a board
/// written in the source form under options of its own (a record in one convention read under
/// another). Each conversion into every form, with and without the sides exchanged, with every
/// FEN reader, as `read` then `write`, and `parse` and `render`, gives the general reading's
/// and writing's bytes or its very error.
pub fn check(data: &[u8]) {
    use bbconv_forms::{parse_general, render_general, Board, Conversion, ConvertError, FenReader};
    let mut d = Draw(data);
    let from = d.pick(Format::ALL);
    let opts = draw_options(&mut d);
    let writer = draw_options(&mut d);
    let mode = d.byte();
    debug_assert_eq!(data.len().saturating_sub(d.0.len()), data.len().min(HEADER));
    let record = if mode & 1 == 0 {
        d.0.to_vec()
    } else {
        // A board written in the source form (a form bbconv writes, for the input-only ones),
        // under the reading's options or, when the mode says so, under others.
        let other = draw_options(&mut d);
        let written = match mode & 2 {
            0 => Options {
                to_order: opts.order,
                to_coords: opts.coords,
                ..opts.clone()
            },
            _ => other.clone(),
        };
        let form = match from {
            Format::Paste => Format::Grid,
            Format::Auto => d.pick(Format::ALL),
            f => f,
        };
        let size = opts.size.or(other.size).unwrap_or(Size::CHESS);
        let value = draw_board(size, mode >> 2, d.0);
        let mut rec = Vec::new();
        if render_general(form, &value, &written, &mut rec).is_err() {
            return;
        }
        rec
    };
    let read = parse_general(from, &record, &opts).map_err(ConvertError::Parse);
    assert_eq!(
        parse(from, &record, &opts).map_err(ConvertError::Parse),
        read,
        "parse {from}"
    );
    for &to in Format::ALL {
        if matches!(to, Format::Auto | Format::Paste) {
            continue;
        }
        // The writer's options for every other output form: the reading's for the others.
        let opts = if (to as usize + mode as usize) % 2 == 0 {
            Options {
                to_order: writer.to_order,
                to_coords: writer.to_coords,
                layer: writer.layer,
                letters: writer.letters,
                fields: writer.fields.clone(),
                grid: writer.grid,
                lang: writer.lang,
                ..opts.clone()
            }
        } else {
            opts.clone()
        };
        for swap in [false, true] {
            let general = read.clone().and_then(|v| {
                let v = if swap { v.swap() } else { v };
                let mut o = Vec::new();
                render_general(to, &v, &opts, &mut o)
                    .map(|_| o)
                    .map_err(ConvertError::Render)
            });
            let swapped = bbconv_forms::Options {
                swap,
                ..opts.clone()
            };
            for reader in [Some(FenReader::Portable), FenReader::avx2()]
                .into_iter()
                .flatten()
            {
                let mut out = Vec::new();
                let via = Conversion::with_fen_reader(from, to, &swapped, reader)
                    .run(&record, &mut out)
                    .map(|_| out);
                assert_eq!(
                    via,
                    general,
                    "{from} -> {to}, swap {swap}, {} reader, options {opts:?}",
                    reader.name()
                );
            }
            let mut board = Board::new();
            let via = bbconv_forms::read(from, &record, &opts, &mut board)
                .map_err(ConvertError::Parse)
                .and_then(|()| {
                    if swap {
                        board.swap();
                    }
                    let mut o = Vec::new();
                    bbconv_forms::write(to, &board, &opts, &mut o)
                        .map(|_| o)
                        .map_err(ConvertError::Render)
                });
            assert_eq!(
                via, general,
                "read and write: {from} -> {to}, swap {swap}, options {opts:?}"
            );
            if let Ok(v) = &read {
                let v = if swap { v.clone().swap() } else { v.clone() };
                let mut o = Vec::new();
                let via = render(to, &v, &opts, &mut o)
                    .map(|_| o)
                    .map_err(ConvertError::Render);
                assert_eq!(
                    via, general,
                    "render: {from} -> {to}, swap {swap}, options {opts:?}"
                );
            }
        }
    }
}
