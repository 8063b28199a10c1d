//! The square-order debugger's answers as values: what a number is under every order and which
//! readings make it the squares expected (`explain`), how one board maps onto another (`diff`),
//! and which reading fits a set of samples (`infer`). The searches are
//! [`crate::readings::candidates`] and `bbconv_board::mismatch`; front ends (the CLI's text,
//! the Python package's dataclasses) present these values and nothing more.
//!
//! ```
//! use bbconv_forms::debug::{explain, Expect};
//! use bbconv_forms::{Format, Options};
//! // An engine that numbers from a8 prints the white king on e1 as 0x1000000000000000.
//! let e = explain("0x1000000000000000", Format::Auto, &Options::default(), Some(Expect::Squares("e1"))).unwrap();
//! assert_eq!(e.exact[0].reading.numbering.to_string(), "berlef");
//! ```

use crate::readings::{candidates, one_reading, Candidate, Numbers, Side};
use crate::{self as format, Format, Layer, Options, ParseError, Value};
use bbconv_board::mismatch::{closest_order, mappings, near_miss, Layers, Mapping, Reading};
use bbconv_board::{Bitboard, Numbering, Order, Pair, Size};

/// Why a question cannot be answered.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum DebugError {
    /// The question is not one this command answers (a front end's usage error).
    Usage(String),
    /// A board given does not read: which one (`VALUE`, `A`, `--expect`), its text, why.
    Board {
        /// Which board: `VALUE`, `A`, `B`, `expect`, `expect_fen`.
        what: &'static str,
        /// Its text.
        text: String,
        /// Why it does not read.
        error: ParseError,
    },
    /// The expected FEN's size (first) is not the value's (second).
    SizeMismatch(Size, Size),
    /// The search itself failed (a board too large for it).
    Input(String),
    /// The expected squares name two sides (`first: a1; second: b1`): explain compares VALUE
    /// with one set of squares.
    TwoSides(String),
}

impl DebugError {
    /// The message with the hint that helps, its options spelled by `front`.
    pub fn message(&self, front: &dyn crate::hint::Front) -> String {
        use crate::hint::Opt;
        let hint = match self {
            DebugError::TwoSides(_) => front
                .option(Opt::Valued("expect-fen", "FEN"))
                .zip(front.option(Opt::Valued("side", "first|second")))
                .map(|(fen, side)| format!("or give {fen}{}{side}", front.and())),
            DebugError::SizeMismatch(..) => front
                .option(Opt::Size)
                .map(|s| format!("set the size with {s}")),
            _ => None,
        };
        crate::hint::with_hint(&self.to_string(), hint)
    }
}

impl std::fmt::Display for DebugError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DebugError::Usage(m) | DebugError::Input(m) => f.write_str(m),
            DebugError::Board { what, error, .. } => write!(f, "{what}: {error}"),
            DebugError::SizeMismatch(fen, value) => {
                write!(f, "the FEN is {fen} but VALUE is {value}")
            }
            DebugError::TwoSides(sq) => write!(
                f,
                "the squares expected, {sq:?}, names two sides: explain compares VALUE with one set of squares (a pair's first side, or a layer's); give one side's squares"
            ),
        }
    }
}

impl std::error::Error for DebugError {}

/// Reads `text` as `from`, or says which board did not read.
fn read(text: &str, what: &'static str, from: Format, opts: &Options) -> Result<Value, DebugError> {
    format::parse(from, text.as_bytes(), opts).map_err(|error| DebugError::Board {
        what,
        text: text.to_string(),
        error,
    })
}

/// The squares expected of a value `explain` decodes.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Expect<'a> {
    /// Square names (`e1`, `a1 h8`).
    Squares(&'a str),
    /// A FEN, and which of its squares.
    Fen(&'a str, Side),
}

/// What `explain` finds.
pub struct Explanation {
    /// The value read as a plain number (LERF).
    pub value: Value,
    /// Its size.
    pub size: Size,
    /// The value re-read under each of the eight orders.
    pub orders: Vec<(Order, Value)>,
    /// The squares expected, if given.
    pub expected: Option<Bitboard>,
    /// The readings that make the value exactly the expected squares, simplest first.
    pub exact: Vec<Candidate>,
    /// When none does: the order closest to it, the squares it has extra and those it misses.
    pub closest: Option<(Order, Bitboard, Bitboard)>,
    /// Near misses among the simplest readings (one square, file or rank off), and how.
    pub near: Vec<(Candidate, String)>,
}

/// Decodes `text` (form `from`, `auto` detected) under every square order and, given the
/// squares expected, finds the readings that make it those squares.
pub fn explain(
    text: &str,
    from: Format,
    opts: &Options,
    expect: Option<Expect<'_>>,
) -> Result<Explanation, DebugError> {
    // The value is read as a plain number; every order is then applied to it.
    let opts = Options {
        order: Order::Lerf.into(),
        ..opts.clone()
    };
    // A leading byte order mark is skipped, as every reader skips it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let from = match from {
        Format::Auto => format::detect(text, &opts).map_err(|error| DebugError::Board {
            what: "VALUE",
            text: text.to_string(),
            error,
        })?,
        f => f,
    };
    if let Some(why) = one_reading(text, from) {
        return Err(DebugError::Usage(format!(
            "VALUE is {why}: no square order changes how it reads; explain decodes numbers and digit strings (hex, dec, pair, trits, packed, indices, JSON bitboards without an order)"
        )));
    }
    let value = read(text, "VALUE", from, &opts)?;
    let size = value.size();
    let orders = Order::ALL.iter().map(|&o| (o, reread(&value, o))).collect();
    let expected = expected_squares(expect, &opts, size)?;
    let (mut exact, mut closest, mut near) = (Vec::new(), None, Vec::new());
    if let Some(exp) = &expected {
        let (hits, rest): (Vec<Candidate>, Vec<Candidate>) = candidates(text, from, &opts, size)
            .into_iter()
            .partition(|c| layer(&c.value, &opts) == *exp);
        exact = hits;
        if exact.is_empty() {
            let raw = layer(&value, &opts);
            closest = Some(closest_order(&raw, exp).map_err(|e| DebugError::Input(e.to_string()))?);
        }
        near = rest
            .into_iter()
            .filter(|c| c.steps(opts.order) <= 1)
            .filter_map(|c| near_miss(&layer(&c.value, &opts), exp).map(|why| (c, why)))
            .collect();
    }
    Ok(Explanation {
        value,
        size,
        orders,
        expected,
        exact,
        closest,
        near,
    })
}

/// The squares `--expect` or `--expect-fen` names, on a board of `size`, if given.
fn expected_squares(
    expect: Option<Expect<'_>>,
    opts: &Options,
    size: Size,
) -> Result<Option<Bitboard>, DebugError> {
    let expected = match expect {
        None => None,
        Some(Expect::Squares(sq)) => {
            let o = Options {
                size: Some(size),
                ..opts.clone()
            };
            let v = read(sq, "expect", Format::Squares, &o)?;
            if !matches!(v, Value::Single(_)) {
                // Merging the sides would call a board with the colours mixed up exact.
                return Err(DebugError::TwoSides(sq.to_string()));
            }
            Some(occupied(&v))
        }
        Some(Expect::Fen(fen, side)) => {
            let o = Options {
                size: None,
                ..opts.clone()
            };
            let bb = side.of(&read(fen, "expect_fen", Format::Fen, &o)?, opts);
            if bb.size() != size {
                return Err(DebugError::SizeMismatch(bb.size(), size));
            }
            Some(bb)
        }
    };
    Ok(expected)
}

/// What `diff` finds between boards A and B.
pub struct Difference {
    /// Board A.
    pub a: Value,
    /// Board B.
    pub b: Value,
    /// The same board.
    pub same: bool,
    /// Both empty.
    pub both_empty: bool,
    /// The symmetries and shifts (up to 2 squares) that map A onto B.
    pub mappings: Vec<Mapping>,
    /// The other readings of B's text that give A (B is A written that way).
    pub readings: Vec<Candidate>,
    /// Near misses among B's simplest readings, and how.
    pub near: Vec<(Candidate, String)>,
    /// When nothing maps A onto B and the sizes agree: for each side (`""` for one
    /// bitboard, `"first"`, `"second"`), the squares only in A and only in B.
    pub only: Vec<(&'static str, Bitboard, Bitboard)>,
}

/// Compares boards A and B (form `from`; `auto` detects each).
pub fn diff(
    a_text: &str,
    b_text: &str,
    from: Format,
    opts: &Options,
) -> Result<Difference, DebugError> {
    let a = read(a_text, "A", from, opts)?;
    let b = read(b_text, "B", from, opts)?;
    let (la, lb) = (layers(&a), layers(&b));
    let mut d = Difference {
        same: la == lb,
        both_empty: la.is_empty() && lb.is_empty(),
        mappings: Vec::new(),
        readings: Vec::new(),
        near: Vec::new(),
        only: Vec::new(),
        a,
        b,
    };
    if d.same || d.both_empty {
        return Ok(d);
    }
    d.mappings = mappings(&la, &lb, 2);
    // B's text read every other way: the readings that give A.
    let from_b = match from {
        Format::Auto => format::detect(b_text, opts).unwrap_or(Format::Auto),
        f => f,
    };
    let (hits, rest): (Vec<Candidate>, Vec<Candidate>) =
        candidates(b_text, from_b, opts, d.a.size())
            .into_iter()
            .partition(|c| c.steps(opts.order) > 0 && layers(&c.value) == la);
    d.readings = hits;
    d.near = rest
        .into_iter()
        .filter(|c| c.steps(opts.order) <= 1)
        .filter_map(|c| near_layers(&layers(&c.value), &la).map(|why| (c, why)))
        .collect();
    if d.mappings.is_empty() && d.readings.is_empty() && d.a.size() == d.b.size() {
        let (pa, pb) = (d.a.to_pair(), d.b.to_pair());
        let only = |p: &Bitboard, q: &Bitboard| p.andnot(q).unwrap_or_else(|_| p.clone());
        d.only = match (&la, &lb) {
            (Layers::One(x), Layers::One(y)) => vec![("", only(x, y), only(y, x))],
            _ => vec![
                (
                    "first",
                    only(pa.first(), pb.first()),
                    only(pb.first(), pa.first()),
                ),
                (
                    "second",
                    only(pa.second(), pb.second()),
                    only(pb.second(), pa.second()),
                ),
            ],
        };
    }
    Ok(d)
}

/// How one board misses another by a little (see [`near_miss`]): one layer, or one side of
/// two with the other side equal.
fn near_layers(got: &Layers, want: &Layers) -> Option<String> {
    match (got, want) {
        (Layers::One(g), Layers::One(w)) => near_miss(g, w),
        (Layers::Two(g), Layers::Two(w)) if g.first() == w.first() => {
            near_miss(g.second(), w.second()).map(|m| format!("second side {m}"))
        }
        (Layers::Two(g), Layers::Two(w)) if g.second() == w.second() => {
            near_miss(g.first(), w.first()).map(|m| format!("first side {m}"))
        }
        _ => None,
    }
}

/// A value's bitboards, as the mapping search compares them.
fn layers(v: &Value) -> Layers {
    match v {
        Value::Single(b) => Layers::One(b.clone()),
        other => Layers::Two(other.to_pair()),
    }
}

/// `v` (read as LERF) read under `o` instead.
pub fn reread(v: &Value, o: Order) -> Value {
    match v {
        Value::Single(b) => Value::Single(o.decode(b)),
        other => {
            let p = other.to_pair();
            Value::Pair(Pair::new(o.decode(p.first()), o.decode(p.second())).unwrap_or(p))
        }
    }
}

/// The bitboard of `v` compared with the squares expected: itself, or the `layer` of a pair
/// (the first side by default).
pub fn layer(v: &Value, opts: &Options) -> Bitboard {
    match v {
        Value::Single(b) => b.clone(),
        other => other
            .to_single(Some(opts.layer.unwrap_or(Layer::First)))
            .unwrap_or_else(|_| other.to_pair().first().clone()),
    }
}

/// The occupied squares of `v`.
fn occupied(v: &Value) -> Bitboard {
    match v {
        Value::Single(b) => b.clone(),
        other => other.to_pair().occupied(),
    }
}

/// `infer`'s question: which readings make each sample's VALUE its EXPECTED squares.
pub struct Inferrer<'a> {
    from: Format,
    side: Side,
    opts: &'a Options,
    /// `opts` for EXPECTED (LERF, the board's size), made once.
    plain: Options,
    readings: Vec<(Reading, bool)>,
}

/// A sample that does not read: the byte offset in it and why.
pub type SampleError = ParseError;

impl<'a> Inferrer<'a> {
    /// The question for samples whose VALUE is `from` (not a form that names squares) and whose
    /// EXPECTED FEN's `side` is compared with a one-bitboard VALUE.
    pub fn new(from: Format, side: Side, opts: &'a Options) -> Result<Inferrer<'a>, DebugError> {
        if from.names_squares() {
            return Err(DebugError::Usage(format!(
                "VALUE as {from} names its squares: infer reads numbers (hex, dec, bin, signed, ...) or pairs"
            )));
        }
        let size = opts.size_or_default();
        let lerf = |size| Options {
            size: Some(size),
            order: Order::Lerf.into(),
            ..opts.clone()
        };
        // Every reading of a number, and for pairs each with the colours swapped too.
        let all: Vec<Reading> = Reading::all().collect();
        let readings = all
            .iter()
            .cloned()
            .map(|r| (r, false))
            .chain(all.iter().cloned().map(|r| (r, true)))
            .collect();
        Ok(Inferrer {
            from,
            side,
            opts,
            plain: lerf(size),
            readings,
        })
    }

    /// How many readings are tried (the bits of a sample's mask).
    pub fn len(&self) -> usize {
        self.readings.len()
    }

    /// Whether no reading is tried (never: there is always the plain one).
    pub fn is_empty(&self) -> bool {
        self.readings.is_empty()
    }

    /// The readings a sample (`VALUE`, a tab, `EXPECTED`) agrees with, as a bit mask (bit `k`:
    /// reading `k`, in words of 64).
    pub fn sample(&self, text: &str) -> Result<Vec<u64>, SampleError> {
        let Some(tab) = text.find('\t') else {
            return Err(ParseError::new(
                Some(text.len()),
                "found no tab: expected VALUE, a tab, and the EXPECTED squares (e1 e2, a FEN, rows or NAME:NUMBER)",
            ));
        };
        let size = self.opts.size_or_default();
        let (value, expected) = (&text[..tab], &text[tab + 1..]);
        let want = self.expected(expected, size, tab + 1)?;
        let numbers = self.value(value)?;
        // One bitboard is compared with a side of EXPECTED; a pair, side by side.
        let single = match &want {
            Value::Single(b) => b.clone(),
            v => self.side.of(v, self.opts),
        };
        let pair = want.to_pair();
        let mut mask = vec![0u64; self.readings.len().div_ceil(64)];
        for (k, (r, swap)) in self.readings.iter().enumerate() {
            if *swap && matches!(numbers.raw(r.numbering, size), Some(Value::Single(_))) {
                continue; // one bitboard has no colours to swap
            }
            let hit = match numbers.reading(r, size) {
                Some(Value::Single(got)) => got == single,
                Some(v) if *swap => {
                    let p = v.to_pair();
                    Pair::new(p.second().clone(), p.first().clone()).ok() == Some(pair.clone())
                }
                Some(v) => v.to_pair() == pair,
                None => false,
            };
            if hit {
                mask[k / 64] |= 1 << (k % 64);
            }
        }
        Ok(mask)
    }

    /// VALUE read at every width a numbering gives the board, as `convert` reads it under
    /// that numbering (a negative number is its two's complement in that many bits). Under
    /// `auto` its form is detected once; a form that names its squares is refused.
    fn value(&self, text: &str) -> Result<Numbers, ParseError> {
        let from = match self.from {
            Format::Auto => format::detect(text, self.opts)?,
            f => f,
        };
        if let Some(why) = one_reading(text, from) {
            return Err(ParseError::new(
                Some(0),
                format!("VALUE is {why}: expected a number (hex, dec, signed, ...) or a pair"),
            ));
        }
        let size = self.opts.size_or_default();
        let numbers = Numbers::read(text, from, self.opts, size);
        if numbers.is_empty() {
            // Why it does not read, as `convert -f FROM` says it of the board.
            format::parse(from, text.as_bytes(), &self.plain)?;
            return Err(ParseError::new(
                Some(0),
                format!(
                    "VALUE reads as {from} under no numbering of {a_size} board",
                    a_size = crate::text::a(size)
                ),
            ));
        }
        Ok(numbers)
    }

    /// EXPECTED: `NAME:NUMBER`, a rows string, a FEN, or square names.
    fn expected(&self, text: &str, size: Size, at: usize) -> Result<Value, ParseError> {
        if let Some((name, number)) = text.split_once(':') {
            if let Ok(n) = name.parse::<Numbering>() {
                let o = Options {
                    size: Some(size),
                    order: n,
                    ..self.opts.clone()
                };
                return format::parse(Format::Int, number.as_bytes(), &o)
                    .map_err(|e| e.shifted(at + name.len() + 1));
            }
        }
        let t = text.trim();
        let form = if t.contains('/') && t.bytes().all(|c| matches!(c, b'0' | b'1' | b'/')) {
            Format::Rows
        } else if t.contains('/') {
            Format::Fen
        } else {
            Format::Squares
        };
        format::parse(form, text.as_bytes(), &self.plain).map_err(|e| e.shifted(at))
    }

    /// The answer over the masks of the samples read (each with its 1-based number): the
    /// readings every sample agrees with, or the best one and the samples that do not.
    pub fn answer(&self, samples: &[(usize, Vec<u64>)]) -> Inference {
        let size = self.opts.size_or_default();
        let m = samples.len();
        let bit = |s: &[u64], k: usize| s.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1);
        let counts: Vec<usize> = (0..self.readings.len())
            .map(|k| samples.iter().filter(|(_, s)| bit(s, k)).count())
            .collect();
        let candidate = |k: usize| {
            let (reading, swap) = &self.readings[k];
            Candidate {
                reading: reading.clone(),
                layout: None,
                trit_map: None,
                swap: *swap,
                value: Value::Single(Bitboard::empty(size)),
            }
        };
        // Simplest first, as `explain` lists them.
        let mut order: Vec<usize> = (0..self.readings.len()).collect();
        order.sort_by_key(|&k| candidate(k).steps(self.opts.order));
        let mut answer = Inference {
            samples: m,
            fits: Vec::new(),
            best: None,
            disagree: Vec::new(),
        };
        if m == 0 {
            return answer;
        }
        answer.fits = order
            .iter()
            .filter(|&&k| counts[k] == m)
            .map(|&k| candidate(k))
            .collect();
        if answer.fits.is_empty() {
            let given = self.opts.order;
            if let Some(best) = order
                .iter()
                .copied()
                .max_by_key(|&k| (counts[k], std::cmp::Reverse(candidate(k).steps(given))))
            {
                answer.disagree = samples
                    .iter()
                    .filter(|(_, s)| !bit(s, best))
                    .map(|(l, _)| *l)
                    .collect();
                answer.best = Some((candidate(best), counts[best]));
            }
        }
        answer
    }
}

/// What `infer` finds.
pub struct Inference {
    /// The samples read.
    pub samples: usize,
    /// The readings every sample agrees with, simplest first.
    pub fits: Vec<Candidate>,
    /// When none fits every sample: the best reading and how many samples agree with it.
    pub best: Option<(Candidate, usize)>,
    /// The samples (1-based numbers) that disagree with the best reading.
    pub disagree: Vec<usize>,
}
