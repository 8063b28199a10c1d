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

use crate::{self as format, Format, Options, Value};
use bbconv_board::mismatch::Reading;
use bbconv_board::ternary::{DigitOrder, PackLayout};
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

/// Forms whose text is one number: read once, then every reading of its bits.
const NUMBERS: [Format; 8] = [
    Format::Int,
    Format::Hex,
    Format::Dec,
    Format::Bin,
    Format::Oct,
    Format::Signed,
    Format::Literal,
    Format::Base2,
];

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
    if NUMBERS.contains(&from) || from == Format::Pair {
        // Read once as a plain number as wide as any numbering, then each reading of its bits.
        let wide = Options {
            size: Some(Numbering::widest(size)),
            order: Order::Lerf.into(),
            ..opts.clone()
        };
        match format::parse(from, text.as_bytes(), &wide) {
            Ok(Value::Single(raw)) => {
                for r in Reading::all() {
                    if let Some(set) = r.read(&raw, size) {
                        out.push(plain(r, Value::Single(set)));
                    }
                }
            }
            Ok(v) => {
                let p = v.to_pair();
                for r in Reading::all() {
                    let (Some(a), Some(b)) = (r.read(p.first(), size), r.read(p.second(), size))
                    else {
                        continue;
                    };
                    if let Ok(pair) = Pair::new(a, b) {
                        out.push(plain(r, Value::Pair(pair)));
                    }
                }
            }
            Err(_) => {}
        }
    } else {
        let packed = matches!(from, Format::Packed | Format::PackedBin);
        let trits = matches!(from, Format::Trits);
        let layouts: Vec<PackLayout> = if packed {
            [DigitOrder::Lsd, DigitOrder::Msd]
                .into_iter()
                .flat_map(|digits| MAPS.map(|map| PackLayout { digits, map }))
                .collect()
        } else {
            vec![opts.layout]
        };
        let maps: &[[u8; 3]] = if trits { &MAPS } else { &MAPS[..1] };
        // Names, pairs (x,y), rows, grids, FEN and Edax are geometric: one reading.
        let geometric = matches!(
            from,
            Format::Fen
                | Format::Squares
                | Format::Coords
                | Format::Rows
                | Format::Grid
                | Format::Edax
        );
        let numberings: Vec<Numbering> = if geometric {
            vec![opts.order]
        } else {
            Numbering::all().collect()
        };
        for numbering in numberings {
            for &layout in &layouts {
                for &map in maps {
                    let text: String = if map == [0, 1, 2] {
                        text.to_string()
                    } else {
                        text.chars()
                            .map(|c| match c {
                                '0'..='2' => char::from(b'0' + map[c as usize - '0' as usize]),
                                c => c,
                            })
                            .collect()
                    };
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

/// Which squares of a board a comparison looks at (`explain --expect-fen`, `infer`): a side, the
/// occupied squares, or one piece letter's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    type Err = String;
    /// `first` (`white`), `second` (`black`), `occupied` (`all`) or a piece letter.
    fn from_str(s: &str) -> Result<Side, String> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "first" | "white" => Side::First,
            "second" | "black" => Side::Second,
            "occupied" | "all" => Side::Occupied,
            _ if s.len() == 1 && s.as_bytes()[0].is_ascii_alphabetic() => {
                Side::Piece(s.as_bytes()[0])
            }
            _ => {
                return Err(format!(
                    "invalid side '{s}': expected first, second, occupied or a piece letter"
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
