//! The ways a board's text may have been meant (what `explain`, `diff`, `infer` and the explorer
//! search): every numbering (the eight orders and the layouts), number fix (negation,
//! complement, byte swap, 32-bit halves), packed digit order and map, trit digit map and colour
//! swap, each said in words. The number-level search is `bbconv_board::mismatch`; this module
//! parses the text each way. Front ends say how to reproduce a reading (the CLI's flags).
//!
//! ```
//! use bbconv_forms::readings::candidates;
//! use bbconv_forms::{Format, Options};
//! use bbconv_board::{Numbering, Order, Size};
//! // 0x1 is a1 read as LERF; which readings make it a8?
//! let a8 = candidates("0x1", Format::Hex, &Options::default(), Size::CHESS)
//!     .into_iter()
//!     .find(|c| c.value.to_pair().first().squares().any(|s| s.to_string() == "a8"))
//!     .unwrap();
//! assert_eq!(a8.reading.numbering, Numbering::Order(Order::Berlef));
//! ```

use crate::spec::Readings;
use crate::{self as format, Format, Options, Value};
use bbconv_board::mismatch::Reading;
use bbconv_board::ternary::{DigitOrder, PackLayout};
use bbconv_board::NameError;
use bbconv_board::{Numbering, Order, Pair, Size};

/// One way of reading a text, and the value it gives.
pub struct Candidate {
    /// The numbering and the fixes made to the number first.
    pub reading: Reading,
    /// The packed digit layout, when it is not the one given.
    pub layout: Option<PackLayout>,
    /// The trit digits relabelled (`map[d]` is the trit digit `d` stands for), when they are.
    pub trit_map: Option<[u8; 3]>,
    /// The two sides exchanged.
    pub swap: bool,
    /// The board read.
    pub value: Value,
}

/// The six relabellings of the digits 0, 1, 2, identity first.
const MAPS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A text read as `convert` reads it under each numbering, before the numbering places its
/// bits: a plain number as wide as that numbering's numbers on the board (64 bits for the
/// orders on 8x8, 128 for `0x88`, 120 for `mailbox`...). A negative number is its two's
/// complement in that many bits, as `-f dec` and `-f signed` read it, so it is read once a
/// width.
///
/// ```
/// use bbconv_forms::readings::Numbers;
/// use bbconv_forms::{Format, Options, Value};
/// use bbconv_board::mismatch::Reading;
/// use bbconv_board::{Numbering, Order, Size};
/// // Java's long for a8 and h8 is negative: under LERF it is bit 56 and bit 63 of 64.
/// let n = Numbers::read("-9151314442816847872", Format::Dec, &Options::default(), Size::CHESS);
/// let lerf = Reading { numbering: Numbering::Order(Order::Lerf), fixes: vec![] };
/// let Some(Value::Single(bb)) = n.reading(&lerf, Size::CHESS) else { panic!() };
/// assert_eq!(bb.as_u64(), Some(0x8100_0000_0000_0000));
/// ```
pub struct Numbers {
    /// Each width (bits) and the text read as a number that wide, when it reads.
    widths: Vec<(usize, Option<Value>)>,
}

impl Numbers {
    /// Reads `text` (form `from`) at each width the numberings give a `size` board.
    pub fn read(text: &str, from: Format, opts: &Options, size: Size) -> Numbers {
        let mut widths: Vec<(usize, Option<Value>)> = Vec::new();
        for n in Numbering::all() {
            let span = n.span(size);
            if widths.iter().any(|(w, _)| *w == span) {
                continue;
            }
            let value = Size::new(span, 1).ok().and_then(|raw| {
                let o = Options {
                    size: Some(raw),
                    order: Order::Lerf.into(),
                    ..opts.clone()
                };
                format::parse(from, text.as_bytes(), &o).ok()
            });
            widths.push((span, value));
        }
        Numbers { widths }
    }

    /// Whether the text read at no width.
    pub fn is_empty(&self) -> bool {
        self.widths.iter().all(|(_, v)| v.is_none())
    }

    /// The number as read at the width of `numbering` on a `size` board (`None` when the text
    /// does not read that wide).
    pub fn raw(&self, numbering: Numbering, size: Size) -> Option<&Value> {
        let span = numbering.span(size);
        self.widths.iter().find(|(w, _)| *w == span)?.1.as_ref()
    }

    /// The board `reading` makes of the number: one bitboard, or a pair read side by side
    /// (`None` when the reading does not apply, see [`Reading::read`]).
    pub fn reading(&self, reading: &Reading, size: Size) -> Option<Value> {
        match self.raw(reading.numbering, size)? {
            Value::Single(raw) => reading.read(raw, size).map(Value::Single),
            v => {
                let p = v.to_pair();
                let (a, b) = (
                    reading.read(p.first(), size)?,
                    reading.read(p.second(), size)?,
                );
                Pair::new(a, b).ok().map(Value::Pair)
            }
        }
    }
}

/// JSON members that fix how an object reads whatever the square order: `order` names its
/// own, `fen` and `squares` name their squares.
/// Why the record `text` (form `from`) has one reading whatever the square order, in words
/// (`None` when a numbering changes how it reads): a form that names its squares, or a JSON
/// object with an `order`, `fen` or `squares` member (such a record says its own reading, so
/// `explain`, `infer` and `diff` do not re-read it under other orders).
///
/// ```
/// use bbconv_forms::readings::one_reading;
/// use bbconv_forms::Format;
/// assert!(one_reading(r#"{"order":"berlef","bitboard":"0x1"}"#, Format::Json).is_some());
/// assert!(one_reading(r#"{"bitboard":"0x1"}"#, Format::Json).is_none());
/// ```
pub fn one_reading(text: &str, from: Format) -> Option<String> {
    if from.names_squares() {
        return Some(format!("{from}, which names its squares"));
    }
    from.spec().own_reading.and_then(|why| why(text))
}

impl Candidate {
    /// How far this reading is from the plain one: numbering changed, fixes, layout, swap.
    pub fn steps(&self, given: Numbering) -> usize {
        usize::from(self.reading.numbering != given)
            + self.reading.fixes.len()
            + usize::from(self.layout.is_some())
            + usize::from(self.trit_map.is_some())
            + usize::from(self.swap)
    }

    /// The reading in words, of `subject` (`VALUE`, `B`) on a `size` board: "read under
    /// berlef (W*(H-1-r) + f), with the colours swapped".
    pub fn words(&self, subject: &str, size: Size) -> String {
        let n = self.reading.numbering;
        let mut parts = vec![format!("read under {n} ({})", n.formula())];
        for f in &self.reading.fixes {
            parts.push(format!("{subject} {}", f.describe(n.span(size))));
        }
        if let Some(l) = self.layout {
            if l.digits == DigitOrder::Msd {
                parts.push("the packed digits msd (first trit most significant)".into());
            }
            if l.map != [0, 1, 2] {
                parts.push(format!(
                    "packed digit map {} (stored digits of empty, first, second)",
                    map_name(l.map)
                ));
            }
        }
        if let Some(m) = self.trit_map {
            parts.push(format!(
                "its trit digits 0, 1, 2 standing for {}, {}, {}",
                m[0], m[1], m[2]
            ));
        }
        if self.swap {
            parts.push("with the colours swapped".into());
        }
        parts.join(", ")
    }
}

impl Candidate {
    /// The settings that read a text this way, as `(option, value)` pairs each front end spells
    /// its own way (the CLI's `--order berlef --swap`, Python's `order="berlef", swap=True`),
    /// and whether the text must also be fixed in a way no setting does (a number fix, a trit
    /// relabelling).
    ///
    /// ```
    /// use bbconv_forms::readings::candidates;
    /// use bbconv_forms::{Format, Options};
    /// use bbconv_board::Size;
    /// let c = &candidates("0x1", Format::Hex, &Options::default(), Size::CHESS)[1];
    /// let (settings, fix) = c.settings();
    /// assert_eq!(settings[0].0, "order");
    /// assert!(!fix || !c.reading.fixes.is_empty());
    /// ```
    pub fn settings(&self) -> (Vec<(&'static str, String)>, bool) {
        let mut s = vec![("order", self.reading.numbering.to_string())];
        if self.swap {
            s.push(("swap", "true".into()));
        }
        if let Some(l) = self.layout {
            if l.digits == DigitOrder::Msd {
                s.push(("digits", "msd".into()));
            }
            if l.map != [0, 1, 2] {
                s.push(("digit_map", map_name(l.map)));
            }
        }
        (s, !self.reading.fixes.is_empty() || self.trit_map.is_some())
    }
}

fn map_name(m: [u8; 3]) -> String {
    m.iter().map(|d| char::from(b'0' + d)).collect()
}

/// Every reading of `text` (form `from`) as a board of `size`, simplest first (by
/// [`Candidate::steps`] from `opts.order`).
pub fn candidates(text: &str, from: Format, opts: &Options, size: Size) -> Vec<Candidate> {
    let mut out = Vec::new();
    let plain = |reading: Reading, value| Candidate {
        reading,
        layout: None,
        trit_map: None,
        swap: false,
        value,
    };
    if from.spec().readings == Readings::Numbers {
        // Read once at each width a numbering gives (as `convert` reads it under that
        // numbering), then each reading of the bits.
        let numbers = Numbers::read(text, from, opts, size);
        for r in Reading::all() {
            if let Some(value) = numbers.reading(&r, size) {
                out.push(plain(r, value));
            }
        }
    } else {
        form_readings(text, from, opts, size, &mut out);
    }
    let swapped: Vec<Candidate> = out
        .iter()
        .filter(|c| !matches!(c.value, Value::Single(_)))
        .map(|c| Candidate {
            reading: c.reading.clone(),
            layout: c.layout,
            trit_map: c.trit_map,
            swap: true,
            value: c.value.clone().swap(),
        })
        .collect();
    out.extend(swapped);
    out.sort_by_key(|c| c.steps(opts.order));
    out
}

/// The readings of a record of a form other than an integer's: under each numbering (or the
/// one a record that names its squares has), each packing layout of packed digits and each
/// digit map of trits.
fn form_readings(text: &str, from: Format, opts: &Options, size: Size, out: &mut Vec<Candidate>) {
    let packed = from.spec().readings == Readings::Packed;
    let trits = from.spec().readings == Readings::Trits;
    let layouts: Vec<PackLayout> = if packed {
        [DigitOrder::Lsd, DigitOrder::Msd]
            .into_iter()
            .flat_map(|digits| MAPS.map(|map| PackLayout { digits, map }))
            .collect()
    } else {
        vec![opts.layout]
    };
    let maps: &[[u8; 3]] = if trits { &MAPS } else { &MAPS[..1] };
    // A record that names its squares (or its order) has one reading.
    let numberings: Vec<Numbering> = if one_reading(text, from).is_some() {
        vec![opts.order]
    } else {
        Numbering::all().collect()
    };
    for numbering in numberings {
        for &layout in &layouts {
            for &map in maps {
                let text = remap_digits(text, map);
                let o = Options {
                    size: Some(size),
                    order: numbering,
                    layout,
                    ..opts.clone()
                };
                if let Ok(value) = format::parse(from, text.as_bytes(), &o) {
                    out.push(Candidate {
                        reading: Reading {
                            numbering,
                            fixes: Vec::new(),
                        },
                        layout: (layout != opts.layout).then_some(layout),
                        trit_map: (map != [0, 1, 2]).then_some(map),
                        swap: false,
                        value,
                    });
                }
            }
        }
    }
}

/// `text` with its digits 0, 1 and 2 replaced by `map`'s.
fn remap_digits(text: &str, map: [u8; 3]) -> String {
    if map == [0, 1, 2] {
        text.to_string()
    } else {
        text.chars()
            .map(|c| match c {
                '0'..='2' => char::from(b'0' + map[c as usize - '0' as usize]),
                c => c,
            })
            .collect()
    }
}

/// Which squares of a board a comparison looks at (`explain --expect-fen`, `infer`): a side, the
/// occupied squares, or one piece letter's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Side {
    /// The first side's squares.
    First,
    /// The second side's squares.
    Second,
    /// Every occupied square.
    Occupied,
    /// One piece letter's squares.
    Piece(u8),
}

impl std::str::FromStr for Side {
    type Err = NameError;
    /// `first` (`white`), `second` (`black`), `occupied` (`all`) or a piece letter.
    fn from_str(s: &str) -> Result<Side, NameError> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "first" | "white" => Side::First,
            "second" | "black" => Side::Second,
            "occupied" | "all" => Side::Occupied,
            _ if s.len() == 1 && s.as_bytes()[0].is_ascii_alphabetic() => {
                Side::Piece(s.as_bytes()[0])
            }
            _ => {
                return Err(NameError::invalid(
                    "side",
                    s,
                    "first, second, occupied or a piece letter",
                ))
            }
        })
    }
}

impl Side {
    /// The squares of `v` this side names (a two-player board's pieces take the letters of
    /// `opts`).
    pub fn of(self, v: &Value, opts: &Options) -> bbconv_board::Bitboard {
        let pl = v.to_placement(opts);
        match self {
            Side::First => pl.to_pair().first().clone(),
            Side::Second => pl.to_pair().second().clone(),
            Side::Occupied => pl.to_pair().occupied(),
            Side::Piece(l) => pl
                .piece_bitboards()
                .into_iter()
                .find(|(letter, _)| *letter == l)
                .map(|(_, b)| b)
                .unwrap_or_else(|| bbconv_board::Bitboard::empty(pl.size())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_board::{Bitboard, Square};

    /// A board no square order maps onto itself: first on a1 and c1, second on b8 (dark
    /// squares, so that draughts holds it too).
    fn lopsided() -> Value {
        let sq = |f, r| Square::on(Size::CHESS, f, r).unwrap();
        let set = |s: &[Square]| Bitboard::from_squares(Size::CHESS, s.iter().copied()).unwrap();
        Value::Pair(Pair::new(set(&[sq(0, 0), sq(2, 0)]), set(&[sq(1, 7)])).unwrap())
    }

    /// `names_squares` says what reading does: a form names its squares exactly when its
    /// text, written under LERF, reads as the same board under every order.
    #[test]
    fn names_squares_is_what_reading_under_each_order_does() {
        let lerf = Options {
            layer: Some(crate::Layer::First),
            ..Options::default()
        };
        for &form in Format::ALL {
            if form == Format::Auto {
                continue;
            }
            // A chess position's form holds the same squares as a position: the kings with
            // the first side's a1 and c1 and the second's b8.
            let value = match form.holds() {
                crate::Holds::Position => {
                    crate::parse_str(Format::Fen, "1k6/8/8/8/8/8/8/K1R5 w - - 0 1", &lerf).unwrap()
                }
                _ => lopsided(),
            };
            // A pasted board is a grid as a tool prints it.
            let written = if form == Format::Paste {
                Format::Grid
            } else {
                form
            };
            let mut text = Vec::new();
            crate::render(written, &value, &lerf, &mut text).unwrap();
            if form == Format::Json {
                // JSON written names its order, so it has one reading (`one_reading`); read
                // without it, it follows `--order`.
                let t = String::from_utf8(text).unwrap();
                assert!(one_reading(&t, form).is_some(), "{t}");
                text = t.replace("\"order\":\"lerf\",", "").into_bytes();
            }
            let read = |order: Order| {
                let o = Options {
                    order: order.into(),
                    ..lerf.clone()
                };
                crate::parse(form, &text, &o).map(|v| v.to_pair())
            };
            let plain = read(Order::Lerf).unwrap();
            let same = Order::ALL
                .iter()
                .all(|&o| read(o).ok().as_ref() == Some(&plain));
            assert_eq!(same, form.names_squares(), "{form}");
            let t = String::from_utf8_lossy(&text);
            assert_eq!(same, one_reading(&t, form).is_some(), "{form}: {t}");
        }
    }

    /// A JSON object that says its order, or names its squares, reads the same under every
    /// order: `one_reading` says so, and `candidates` gives it that one reading.
    #[test]
    fn json_that_says_its_reading_has_one() {
        let lerf = Options::default();
        for text in [
            r#"{"order":"berlef","bitboard":"0x1"}"#,
            r#"{"squares":["a1","c1"]}"#,
            r#"{"fen":"8/8/8/8/8/8/8/K1K5 w - - 0 1"}"#,
        ] {
            let read = |order: Order| {
                let o = Options {
                    order: order.into(),
                    ..lerf.clone()
                };
                crate::parse(Format::Json, text.as_bytes(), &o).map(|v| v.to_pair())
            };
            let plain = read(Order::Lerf).unwrap();
            assert!(Order::ALL
                .iter()
                .all(|&o| read(o).ok() == Some(plain.clone())));
            assert!(one_reading(text, Format::Json).is_some(), "{text}");
            let c = candidates(text, Format::Json, &lerf, Size::CHESS);
            assert_eq!(c.iter().filter(|c| !c.swap).count(), 1, "{text}");
        }
        let c = candidates(r#"{"bitboard":"0x1"}"#, Format::Json, &lerf, Size::CHESS);
        assert!(c.len() >= 8);
    }
}
