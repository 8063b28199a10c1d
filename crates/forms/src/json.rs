//! JSON: one object a board, `{"size":"8x8","order":"lerf", ...}` with the representations asked
//! for; bitboards are hex strings on output, strings or integer numbers on input.

use std::fmt;
use std::str::FromStr;

use serde_json::Value as Json;

use crate::{coords, fen, int, Format, Options, ParseError, RenderError, Value};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Bitboard, Numbering, Order, Pair, Size, Turn};

/// A member of the JSON object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonField {
    /// `"bitboard"`: one bitboard (for two players: the occupied squares).
    Bitboard,
    /// `"first"`: the first side's bitboard.
    First,
    /// `"second"`: the second side's bitboard.
    Second,
    /// `"trits"`: the trit string.
    Trits,
    /// `"packed"`: packed base-3 hex.
    Packed,
    /// `"squares"`: square names, an array (or `{"first":[..],"second":[..]}`).
    Squares,
    /// `"pieces"`: piece letter -> hex bitboard.
    Pieces,
    /// `"fen"`: the FEN.
    Fen,
}

impl JsonField {
    /// Every field, in output order.
    pub const ALL: [JsonField; 8] = [
        JsonField::Bitboard,
        JsonField::First,
        JsonField::Second,
        JsonField::Trits,
        JsonField::Packed,
        JsonField::Squares,
        JsonField::Pieces,
        JsonField::Fen,
    ];

    /// The key.
    pub fn key(self) -> &'static str {
        match self {
            JsonField::Bitboard => "bitboard",
            JsonField::First => "first",
            JsonField::Second => "second",
            JsonField::Trits => "trits",
            JsonField::Packed => "packed",
            JsonField::Squares => "squares",
            JsonField::Pieces => "pieces",
            JsonField::Fen => "fen",
        }
    }
}

impl fmt::Display for JsonField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for JsonField {
    type Err = String;
    fn from_str(s: &str) -> Result<JsonField, String> {
        JsonField::ALL
            .into_iter()
            .find(|f| f.key() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                let keys: Vec<&str> = JsonField::ALL.iter().map(|f| f.key()).collect();
                format!(
                    "unknown JSON field '{s}': expected one of {}",
                    keys.join(", ")
                )
            })
    }
}

fn err(msg: impl Into<String>) -> ParseError {
    ParseError::of(crate::ErrorKind::Json, None, msg)
}

fn bitboard(v: &Json, key: &str, size: Size, order: Numbering) -> Result<Bitboard, ParseError> {
    let keyed = |e: ParseError| err(format!("\"{key}\": {}", e.message));
    let (board, size) = (size, crate::raw_size(order, size).map_err(keyed)?);
    let raw = match v {
        Json::String(s) => int::parse_integer(s, Format::Int, size)
            .map_err(|e| err(format!("\"{key}\": {}", e.message)))?,
        Json::Number(n) => match n.as_u64() {
            Some(u) => Bitboard::from_u64(size, u).map_err(|e| err(format!("\"{key}\": {e}")))?,
            None => match n.as_i64() {
                Some(i) => int::parse_integer(&i.to_string(), Format::Dec, size)
                    .map_err(|e| err(format!("\"{key}\": {}", e.message)))?,
                None => {
                    return Err(err(format!(
                        "\"{key}\": found {n}: expected an integer (write large values as a hex string)"
                    )))
                }
            },
        },
        other => {
            return Err(err(format!(
                "\"{key}\": found {}: expected a hex string or an integer",
                kind(other)
            )))
        }
    };
    crate::from_raw(order, board, &raw).map_err(keyed)
}

fn kind(v: &Json) -> &'static str {
    match v {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

fn text_of<'a>(v: &'a Json, key: &str) -> Result<&'a str, ParseError> {
    v.as_str()
        .ok_or_else(|| err(format!("\"{key}\": found {}: expected a string", kind(v))))
}

fn square_list(v: &Json, key: &str, opts: &Options) -> Result<Value, ParseError> {
    let sub = |e: ParseError| err(format!("\"{key}\": {}", e.message));
    match v {
        Json::String(s) => coords::parse(s, opts.size_or_default(), opts).map_err(sub),
        Json::Array(items) => {
            let mut joined = String::new();
            for it in items {
                match it {
                    Json::String(s) => joined.push_str(s),
                    Json::Number(n) => joined.push_str(&n.to_string()),
                    other => {
                        return Err(err(format!(
                            "\"{key}\": found {} in the list: expected square names or indices",
                            kind(other)
                        )))
                    }
                }
                joined.push(' ');
            }
            if items.is_empty() {
                joined.push('-');
            }
            coords::parse(&joined, opts.size_or_default(), opts).map_err(sub)
        }
        Json::Object(m) => {
            let side = |k: &str| -> Result<Bitboard, ParseError> {
                match m.get(k) {
                    None => Ok(Bitboard::empty(opts.size_or_default())),
                    Some(v) => match square_list(v, key, opts)? {
                        Value::Single(b) => Ok(b),
                        _ => Err(err(format!(
                            "\"{key}\".\"{k}\": expected one list of squares"
                        ))),
                    },
                }
            };
            Pair::new(side("first")?, side("second")?)
                .map(Value::Pair)
                .map_err(|e| err(format!("\"{key}\": {e}")))
        }
        other => Err(err(format!(
            "\"{key}\": found {}: expected an array of square names",
            kind(other)
        ))),
    }
}

/// A JSON value read strictly: like `serde_json::Value`, but a key given twice in an object is
/// an error naming the key, where `serde_json::Value` keeps the last one without a word.
struct Strict(Json);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Json::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(Json::Number(v.into())))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(Json::Number(v.into())))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        Ok(Strict(
            serde_json::Number::from_f64(v).map_or(Json::Null, Json::Number),
        ))
    }
    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Json::String(v.to_string())))
    }
    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(Json::String(v)))
    }
    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Json::Null))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Strict(Json::Array(items)))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut members = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if members.contains_key(&key) {
                return Err(serde::de::Error::custom(format_args!(
                    "duplicate key {key:?}: each key may appear once in an object"
                )));
            }
            let Strict(v) = map.next_value()?;
            members.insert(key, v);
        }
        Ok(Strict(Json::Object(members)))
    }
}

/// serde_json's message without its ` at line L column C` (the report gives the place), and
/// with `invalid JSON: ` before a syntax error (a repeated key is valid syntax, but refused).
fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let place = format!(" at line {} column {}", e.line(), e.column());
    let what = text.strip_suffix(place.as_str()).unwrap_or(&text);
    if e.is_data() {
        what.to_string()
    } else {
        format!("invalid JSON: {what}")
    }
}

/// Reads one JSON value: an object with `size`, `order` and representation keys, or a bare
/// integer or hex string (a bitboard).
pub(crate) fn parse(text: &str, opts: &Options) -> Result<Value, ParseError> {
    let json: Json = serde_json::from_str::<Strict>(text)
        .map(|s| s.0)
        .map_err(|e| {
            let (line, col) = (e.line(), e.column());
            // serde_json counts lines and columns from 1; turn them into a byte offset.
            let off = text
                .split_inclusive('\n')
                .take(line.saturating_sub(1))
                .map(str::len)
                .sum::<usize>()
                + col.saturating_sub(1);
            ParseError::of(
                crate::ErrorKind::Json,
                Some(off.min(text.len())),
                json_message(&e),
            )
        })?;
    let obj = match &json {
        Json::Object(m) => m,
        Json::Number(_) | Json::String(_) => {
            let size = opts.size_or_default();
            return bitboard(&json, "bitboard", size, opts.order).map(Value::Single);
        }
        other => {
            return Err(err(format!(
            "found {}: expected a JSON object such as {{\"size\":\"8x8\",\"bitboard\":\"0xff\"}}",
            kind(other)
        )))
        }
    };
    let mut o = opts.clone();
    if let Some(s) = obj.get("size") {
        let size: Size = text_of(s, "size")?
            .parse()
            .map_err(|e| err(format!("\"size\": {e}")))?;
        opts.check_size(size)?;
        o.size = Some(size);
    }
    if let Some(s) = obj.get("order") {
        o.order = text_of(s, "order")?
            .parse()
            .map_err(|e| err(format!("\"order\": {e}")))?;
    }
    let size = o.size_or_default();
    let mut found: Vec<(&str, Value)> = Vec::new();
    if let Some(v) = obj.get("bitboard") {
        found.push((
            "bitboard",
            Value::Single(bitboard(v, "bitboard", size, o.order)?),
        ));
    }
    if obj.contains_key("first") || obj.contains_key("second") {
        let side = |k: &str| match obj.get(k) {
            Some(v) => bitboard(v, k, size, o.order),
            None => Ok(Bitboard::empty(size)),
        };
        let key = match (obj.contains_key("first"), obj.contains_key("second")) {
            (true, true) => "first/second",
            (true, false) => "first",
            _ => "second",
        };
        let p = Pair::new(side("first")?, side("second")?).map_err(|e| err(e.to_string()))?;
        found.push((key, Value::Pair(p)));
    }
    if let Some(v) = obj.get("trits") {
        let t = text_of(v, "trits")?;
        let v = crate::digits::parse_two(Format::Trits, t, o.size_or_default(), o.order)
            .map_err(|e| err(format!("\"trits\": {}", e.message)))?;
        found.push(("trits", v));
    }
    if let Some(v) = obj.get("packed") {
        let t = text_of(v, "packed")?;
        let v = crate::packed::parse_hex(t, &o)
            .map_err(|e| err(format!("\"packed\": {}", e.message)))?;
        found.push(("packed", v));
    }
    if let Some(v) = obj.get("squares") {
        found.push(("squares", square_list(v, "squares", &o)?));
    }
    if let Some(v) = obj.get("fen") {
        let t = text_of(v, "fen")?;
        let mut pl = fen::parse(t, &o).map_err(|e| err(format!("\"fen\": {}", e.message)))?;
        o.check_size(pl.size())?;
        if let Some(ops) = obj.get(OPERATIONS) {
            // An EPD's position: its FEN's clocks came from its operations, which are kept.
            let ops = text_of(ops, OPERATIONS)?;
            crate::epd::check_ops(ops, 0)
                .map_err(|e| err(format!("\"{OPERATIONS}\": {}", e.message)))?;
            pl.ops = Some(ops.into());
            if let Some(r) = &pl.rest {
                let three: Vec<&str> = r.as_str().split_whitespace().take(3).collect();
                pl.rest = Some(three.join(" ").as_str().into());
            }
        }
        found.push(("fen", Value::Pieces(pl)));
    }
    if let Some(v) = obj.get("pieces") {
        let m = v.as_object().ok_or_else(|| {
            err(format!(
                "\"pieces\": found {}: expected an object of piece letter to bitboard",
                kind(v)
            ))
        })?;
        let mut pl = Placement::empty(size);
        for (letter, bbv) in m {
            let l = letter.as_bytes();
            if l.len() != 1 || !l[0].is_ascii_alphabetic() {
                return Err(err(format!(
                    "\"pieces\": found key {letter:?}: expected one piece letter"
                )));
            }
            let bb = bitboard(bbv, letter, size, o.order)?;
            for sq in bb.squares() {
                if let Some(other) = pl.get(sq.index(size)) {
                    return Err(err(format!(
                        "\"pieces\": square {} is in both {} and {letter}",
                        sq, other.letter as char
                    )));
                }
                pl.set(sq.index(size), Some(Piece::new(l[0])));
            }
        }
        found.push(("pieces", Value::Pieces(pl)));
    }
    if found.is_empty() {
        let keys: Vec<&str> = JsonField::ALL.iter().map(|f| f.key()).collect();
        return Err(err(format!(
            "found no board in the object: expected one of the keys {}",
            keys.join(", ")
        )));
    }
    // Every representation must describe the same board.
    let (k0, v0) = &found[0];
    for (k, v) in &found[1..] {
        let agree = match (v0, v) {
            (Value::Single(a), b) | (b, Value::Single(a)) if !matches!(b, Value::Single(_)) => {
                *a == b.to_pair().occupied()
            }
            (Value::Pieces(a), Value::Pieces(b)) => a.piece_bitboards() == b.piece_bitboards(),
            (a, b) => a.to_pair() == b.to_pair(),
        };
        if !agree {
            return Err(err(format!(
                "\"{k0}\" and \"{k}\" disagree: they describe different boards"
            )));
        }
    }
    // The richest representation wins: pieces, then a pair, then one bitboard; among equals the
    // first found, so that `fen` (which holds the side to move, castling, en passant, the
    // clocks and the pockets) wins over `pieces` (the board alone).
    let rank = |v: &Value| match v {
        Value::Pieces(_) => 2,
        Value::Pair(_) => 1,
        Value::Single(_) => 0,
    };
    let mut best = found
        .into_iter()
        .map(|(_, v)| v)
        .rev()
        .max_by_key(rank)
        .unwrap_or_else(|| Value::Single(Bitboard::empty(size)));
    if let Value::Pair(p) = &mut best {
        if let Some(v) = obj.get(TURN) {
            p.turn = Some(match text_of(v, TURN)? {
                "first" => Turn::First,
                "second" => Turn::Second,
                t => {
                    return Err(err(format!(
                        "\"{TURN}\": found {t:?}: expected \"first\" or \"second\""
                    )))
                }
            });
        }
        if let Some(v) = obj.get(NOTES) {
            let t = text_of(v, NOTES)?;
            p.notes = (!t.is_empty()).then(|| t.into());
        }
    }
    Ok(best)
}

/// The member that holds an EPD position's operations, as written.
const OPERATIONS: &str = "operations";

/// The member that holds a two-player board's side to move (an Edax board's), when it has one:
/// `"first"` or `"second"`.
const TURN: &str = "turn";
/// The member that holds a two-player board's notes (an OBF line's solutions), as written.
const NOTES: &str = "notes";

/// Writes a pair's side to move and notes, and an EPD position's operations: the members no
/// [`JsonField`] names, the position's rather than a representation of the board, which go
/// wherever the board goes.
fn pair_extras(value: &Value, out: &mut Vec<u8>) {
    if let Value::Pieces(pl) = value {
        if let Some(ops) = &pl.ops {
            out.extend_from_slice(b",\"operations\":");
            let quoted = serde_json::to_string(ops.as_ref()).unwrap_or_default();
            out.extend_from_slice(quoted.as_bytes());
        }
        return;
    }
    let Value::Pair(p) = value else { return };
    write_turn(p.turn, out);
    if let Some(n) = &p.notes {
        out.extend_from_slice(b",\"notes\":");
        let quoted = serde_json::to_string(n.as_ref()).unwrap_or_default();
        out.extend_from_slice(quoted.as_bytes());
    }
}

/// The member of a two-player board's side to move, if it has one.
pub(crate) fn write_turn(turn: Option<Turn>, out: &mut Vec<u8>) {
    if let Some(t) = turn {
        out.extend_from_slice(b",\"turn\":\"");
        out.extend_from_slice(match t {
            Turn::First => b"first",
            Turn::Second => b"second",
        });
        out.push(b'"');
    }
}

fn hex(out: &mut Vec<u8>, bb: &Bitboard, order: Numbering) -> Result<(), RenderError> {
    out.push(b'"');
    int::render(Format::Hex, &crate::to_raw(order, bb)?, out);
    out.push(b'"');
    Ok(())
}

/// The names of the squares of `bb` under `style` (`--to-coords`), in the order's order
/// (geometric: a layout lists them as LERF does).
fn names(
    out: &mut Vec<u8>,
    bb: &Bitboard,
    order: Numbering,
    style: crate::CoordStyle,
) -> Result<(), RenderError> {
    out.push(b'[');
    let order = order.listing_order();
    for (k, (_, sq)) in order.numbered(bb).into_iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.push(b'"');
        crate::go::name(sq, bb.size(), style, out)?;
        out.push(b'"');
    }
    out.push(b']');
    Ok(())
}

/// Writes one JSON object on one line.
pub(crate) fn render(value: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let order = opts.to_order;
    let fields: &[JsonField] = match &opts.fields {
        Some(f) => f,
        None => match value {
            Value::Single(_) => &[JsonField::Bitboard, JsonField::Squares],
            Value::Pair(_) => &[JsonField::First, JsonField::Second],
            Value::Pieces(_) => &[JsonField::Fen, JsonField::Pieces],
        },
    };
    let size = value.size();
    out.extend_from_slice(b"{\"size\":\"");
    int::itoa(size.width() as u64, out);
    out.push(b'x');
    int::itoa(size.height() as u64, out);
    out.extend_from_slice(b"\",\"order\":\"");
    out.extend_from_slice(order.name().as_bytes());
    out.push(b'"');
    for &f in fields.iter() {
        out.extend_from_slice(b",\"");
        out.extend_from_slice(f.key().as_bytes());
        out.extend_from_slice(b"\":");
        match f {
            JsonField::Bitboard => {
                let bb = match value {
                    Value::Single(b) => b.clone(),
                    v => v.to_pair().occupied(),
                };
                hex(out, &bb, order)?
            }
            JsonField::First => hex(out, value.to_pair().first(), order)?,
            JsonField::Second => hex(out, value.to_pair().second(), order)?,
            JsonField::Trits | JsonField::Packed => {
                out.push(b'"');
                let pair = value.to_pair();
                if f == JsonField::Trits {
                    crate::digits::render_two(Format::Trits, &pair, opts.to_order, out)?;
                } else {
                    crate::packed::render(Format::Packed, &pair, opts, out)?;
                }
                out.push(b'"');
            }
            JsonField::Squares => match value {
                Value::Single(b) => names(out, b, order, opts.to_coords)?,
                v => {
                    let p = v.to_pair();
                    out.extend_from_slice(b"{\"first\":");
                    names(out, p.first(), order, opts.to_coords)?;
                    out.extend_from_slice(b",\"second\":");
                    names(out, p.second(), order, opts.to_coords)?;
                    out.push(b'}');
                }
            },
            JsonField::Pieces => {
                out.push(b'{');
                let pl = value.to_placement(opts);
                let digits = size.squares().div_ceil(4);
                let start = out.len();
                let small = order == Order::Lerf
                    && pl.for_each_piece_word(|l, word| {
                        if out.len() > start {
                            out.push(b',');
                        }
                        out.extend_from_slice(&[b'"', l, b'"', b':', b'"']);
                        crate::kernels::hex_u64(word, digits, out);
                        out.push(b'"');
                    });
                if !small {
                    for (k, (l, bb)) in pl.piece_bitboards().iter().enumerate() {
                        if k > 0 {
                            out.push(b',');
                        }
                        out.extend_from_slice(&[b'"', *l, b'"', b':']);
                        hex(out, bb, order)?;
                    }
                }
                out.push(b'}');
            }
            JsonField::Fen => {
                // The FEN written in place, then escaped in place if it needs it (a quote, a
                // backslash or a control character in its other fields).
                out.push(b'"');
                let start = out.len();
                fen::render(&value.to_placement(opts), out);
                if out[start..]
                    .iter()
                    .any(|&c| c == b'"' || c == b'\\' || c < 0x20)
                {
                    let raw = out.split_off(start);
                    let text = String::from_utf8_lossy(&raw);
                    let quoted = serde_json::to_string(&text.as_ref()).unwrap_or_default();
                    out.extend_from_slice(&quoted.as_bytes()[1..quoted.len() - 1]);
                }
                out.push(b'"');
            }
        }
    }
    pair_extras(value, out);
    out.push(b'}');
    Ok(())
}

/// Finds where whitespace-separated JSON values begin and end in a stream fed one line at a
/// time, looking at each byte once: linear in the input, whatever the nesting or the number of
/// lines a value spans (docs/conventions.md §6).
///
/// A value is an object, an array, a string or a scalar token; a scalar at the top level ends at
/// whitespace or at the end of its line. The scanner only frames: the parser checks the value.
///
/// The stream's resynchronisation rule is [`begins_value`]: a line that starts with `{` begins a
/// new value even while one is still open, so a broken value costs at most itself.
///
/// ```
/// use bbconv_forms::ValueScanner;
/// let mut text = b"{\"a\": [1,".to_vec();
/// let mut sc = ValueScanner::default();
/// let mut found = Vec::new();
/// sc.scan_line(&text, 0, |s, e| found.push((s, e)));
/// assert_eq!(sc.open(), Some(0));
/// let from = text.len() + 1;
/// text.extend_from_slice(b"\n2]} 7 \"x\"");
/// sc.scan_line(&text, from, |s, e| found.push((s, e)));
/// assert_eq!(found, [(0, 13), (14, 15), (16, 19)]);
/// assert_eq!(sc.open(), None);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ValueScanner {
    start: Option<usize>,
    depth: usize,
    in_str: bool,
    esc: bool,
}

impl ValueScanner {
    /// Where the value still open starts, if one is.
    pub fn open(&self) -> Option<usize> {
        self.start
    }

    /// Forgets the open value.
    pub fn reset(&mut self) {
        *self = ValueScanner::default();
    }

    /// Moves the open value `by` bytes to the left (when the text before it was dropped).
    pub fn shift(&mut self, by: usize) {
        if let Some(s) = &mut self.start {
            *s = s.saturating_sub(by);
        }
    }

    /// Scans `text[from..]`, one line without its line end that follows (after a `\n`) the
    /// text scanned before, and calls `value(start, end)` for each value that ends in it.
    pub fn scan_line(&mut self, text: &[u8], from: usize, mut value: impl FnMut(usize, usize)) {
        // The common line, one whole object and nothing else, found with bitmaps.
        if self.start.is_none() {
            let line = text.get(from..).unwrap_or_default();
            let at = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
            if line.get(at) == Some(&b'{') {
                if let Some(len) = whole::object(&line[at..]) {
                    if line[at + len..].iter().all(u8::is_ascii_whitespace) {
                        value(from + at, from + at + len);
                        return;
                    }
                }
            }
        }
        self.scan_bytes(text, from, value);
    }

    /// The values of `line` read on its own, as a stream's framer finds them when the line
    /// begins a value ([`begins_value`]) and the next one does too: each whole value, then the
    /// value left open at the end, if any, handed over as it is (the parser then reports it).
    ///
    /// ```
    /// use bbconv_forms::ValueScanner;
    /// let mut found = Vec::new();
    /// ValueScanner::values_of_line(b"{\"a\":1} 7 [2,", |s, e| found.push((s, e)));
    /// assert_eq!(found, [(0, 7), (8, 9), (10, 13)]);
    /// ```
    pub fn values_of_line(line: &[u8], mut value: impl FnMut(usize, usize)) {
        let mut scanner = ValueScanner::default();
        scanner.scan_line(line, 0, &mut value);
        if let Some(start) = scanner.open() {
            value(start, line.len());
        }
    }

    /// [`ValueScanner::scan_line`] a byte at a time (the reference of its fast path).
    fn scan_bytes(&mut self, text: &[u8], from: usize, mut value: impl FnMut(usize, usize)) {
        for (i, &c) in text.iter().enumerate().skip(from) {
            let Some(start) = self.start else {
                if c.is_ascii_whitespace() {
                    continue;
                }
                self.start = Some(i);
                self.depth = 0;
                self.in_str = c == b'"';
                self.esc = false;
                match c {
                    b'{' | b'[' => self.depth = 1,
                    b'}' | b']' => {
                        self.start = None;
                        value(i, i + 1);
                    }
                    _ => {}
                }
                continue;
            };
            if self.in_str {
                if self.esc {
                    self.esc = false;
                } else if c == b'\\' {
                    self.esc = true;
                } else if c == b'"' {
                    self.in_str = false;
                    if self.depth == 0 {
                        self.start = None;
                        value(start, i + 1);
                    }
                }
                continue;
            }
            match c {
                b'"' => self.in_str = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' if self.depth <= 1 => {
                    self.start = None;
                    value(start, i + 1);
                }
                b'}' | b']' => self.depth -= 1,
                c if c.is_ascii_whitespace() && self.depth == 0 => {
                    self.start = None;
                    value(start, i);
                }
                _ => {}
            }
        }
        // A top-level scalar ends with its line.
        if let Some(start) = self.start {
            if self.depth == 0 && !self.in_str {
                self.start = None;
                value(start, text.len());
            }
        }
    }
}

/// Reads the default JSON object of an 8x8 placement, exactly as bbconv writes it
/// (`{"size":"8x8","order":"lerf","fen":"...","pieces":{...}}`), into `board`'s piece words,
/// without building a JSON value: the FEN is read by `reader`, and the piece members must be
/// the very text its piece words are written as (so they agree with the FEN, as the general
/// reading requires). `false`, with `board` untouched, for any other spelling, which the
/// general reading then reads or reports.
#[inline(always)]
pub(crate) fn read_board<'r>(
    reader: &impl crate::fen::fast::ReadChess,
    record: &'r [u8],
    need: crate::Need,
    board: &mut crate::Board<'r>,
) -> bool {
    let record = trim_ws(record);
    let Some(rest) = record.strip_prefix(JSON_HEAD) else {
        return read_other(reader, record, need, board);
    };
    let q = reader.plain_len(rest);
    let fen = &rest[..q];
    let Some(after) = rest[q..].strip_prefix(JSON_MID) else {
        return false;
    };
    let Some((len, words)) = reader.pieces(fen) else {
        return false;
    };
    let mut members = [0u8; JSON_PIECES];
    let digits = reader.hex12(&words);
    if after.strip_prefix(json_pieces(&words, &digits, &mut members)) != Some(b"}}") {
        return false;
    }
    board.set(Size::CHESS, crate::board::Repr::Chess(words));
    board.placement = &fen[..len];
    board.fields = crate::fen::fields_after(fen, len);
    true
}

/// JSON's whitespace (space, tab, line feed, carriage return) trimmed from both ends.
#[inline(always)]
fn trim_ws(b: &[u8]) -> &[u8] {
    let is_ws = |c: &u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    let start = b.iter().position(|c| !is_ws(c)).unwrap_or(b.len());
    let end = b.iter().rposition(|c| !is_ws(c)).map_or(start, |e| e + 1);
    &b[start..end]
}

/// The word paths of the other JSON objects of an 8x8 board: bbconv's `first`/`second` object
/// (`--fields first,second`), and an object of one `fen` member as other programs write it
/// (any whitespace around its parts, no escapes in the FEN).
#[inline(always)]
fn read_other<'r>(
    reader: &impl crate::fen::fast::ReadChess,
    record: &'r [u8],
    need: crate::Need,
    board: &mut crate::Board<'r>,
) -> bool {
    if let Some(rest) = record.strip_prefix(JSON_PAIR_HEAD) {
        let (Some(f), Some(mid), Some(s), Some(b"\"}")) = (
            rest.get(..16),
            rest.get(16..16 + JSON_PAIR_MID.len()),
            rest.get(16 + JSON_PAIR_MID.len()..32 + JSON_PAIR_MID.len()),
            rest.get(32 + JSON_PAIR_MID.len()..),
        ) else {
            return false;
        };
        let words = (
            f.try_into().ok().and_then(crate::kernels::hex16),
            s.try_into().ok().and_then(crate::kernels::hex16),
        );
        if let (JSON_PAIR_MID, (Some(f), Some(s))) = (mid, words) {
            if f & s == 0 {
                board.set(Size::CHESS, crate::board::Repr::Two(f, s));
                return true;
            }
        }
        return false;
    }
    // `{ "fen" : "..." }`
    let fen = (|| {
        let t = trim_ws(record.strip_prefix(b"{")?);
        let t = trim_ws(t.strip_prefix(br#""fen""#)?);
        let t = trim_ws(t.strip_prefix(b":")?);
        let t = t.strip_prefix(b"\"")?;
        let q = reader.plain_len(t);
        let after = trim_ws(t.get(q..)?.strip_prefix(b"\"")?);
        (after == b"}").then_some(&t[..q])
    })();
    match fen {
        Some(fen) => crate::fen::read_board(reader, fen, need, board),
        None => false,
    }
}

/// Where an object that starts a line ends, found 64 bytes at a time: bitmaps of the quotes,
/// the backslashes, and the opening and closing brackets; the bytes inside strings are the
/// running parity of the quotes before them (a prefix XOR), and only the brackets outside
/// strings are walked. Gives up (the byte loop then scans) on a backslash, or when the object
/// does not end in the line. Hand-written because the benchmark shows the gain: the byte loop
/// costs about 14 instructions a byte of a bbconv JSON line, this about 1.
mod whole {
    /// The length of the object that `line` starts with (`line[0]` is `{`), or `None`.
    pub(super) fn object(line: &[u8]) -> Option<usize> {
        let mut depth = 0u32;
        let mut in_str = 0u64;
        for (k, block) in line.chunks(64).enumerate() {
            let m = masks(block);
            if m.backslash != 0 {
                return None;
            }
            // Bit i: byte i is an opening quote or inside a string.
            let mut s = m.quote;
            for sh in [1, 2, 4, 8, 16, 32] {
                s ^= s << sh;
            }
            s ^= in_str;
            in_str = ((s as i64) >> 63) as u64;
            let mut brackets = (m.open | m.close) & !s;
            while brackets != 0 {
                let b = brackets.trailing_zeros();
                brackets &= brackets - 1;
                if m.open >> b & 1 == 1 {
                    depth += 1;
                } else {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(64 * k + b as usize + 1);
                    }
                }
            }
        }
        None
    }

    /// One bit a byte of a block of at most 64 bytes.
    struct Masks {
        quote: u64,
        backslash: u64,
        open: u64,
        close: u64,
    }

    #[cfg(target_arch = "x86_64")]
    fn masks(block: &[u8]) -> Masks {
        let mut padded = [b' '; 64];
        let bytes: &[u8; 64] = match block.try_into() {
            Ok(b) => b,
            Err(_) => {
                padded[..block.len()].copy_from_slice(block);
                &padded
            }
        };
        sse2::masks(bytes)
    }

    /// The portable masks: one byte at a time.
    #[cfg(not(target_arch = "x86_64"))]
    fn masks(block: &[u8]) -> Masks {
        let mut m = Masks {
            quote: 0,
            backslash: 0,
            open: 0,
            close: 0,
        };
        for (i, &c) in block.iter().enumerate() {
            let bit = 1u64 << i;
            match c {
                b'"' => m.quote |= bit,
                b'\\' => m.backslash |= bit,
                b'{' | b'[' => m.open |= bit,
                b'}' | b']' => m.close |= bit,
                _ => {}
            }
        }
        m
    }

    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    mod sse2 {
        use std::arch::x86_64::*;

        /// The masks of 64 bytes, 16 at a time. `{` and `[` are the bytes that read 0x7b with
        /// bit 5 set, `}` and `]` those that read 0x7d.
        pub(super) fn masks(block: &[u8; 64]) -> super::Masks {
            // SAFETY: SSE2 is part of the x86_64 baseline (every x86_64 CPU has it, and the
            // compiler assumes it for all code), so the `target_feature` function may run.
            unsafe { masks_sse2(block) }
        }

        #[target_feature(enable = "sse2")]
        fn masks_sse2(block: &[u8; 64]) -> super::Masks {
            let mut m = super::Masks {
                quote: 0,
                backslash: 0,
                open: 0,
                close: 0,
            };
            for (k, w) in block.chunks_exact(16).enumerate() {
                // SAFETY: `w` is 16 readable bytes; `loadu` has no alignment requirement.
                let v = unsafe { _mm_loadu_si128(w.as_ptr().cast()) };
                let bits = |x: __m128i| (_mm_movemask_epi8(x) as u32 as u64) << (16 * k);
                let v20 = _mm_or_si128(v, _mm_set1_epi8(0x20));
                m.quote |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)));
                m.backslash |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8)));
                m.open |= bits(_mm_cmpeq_epi8(v20, _mm_set1_epi8(0x7b)));
                m.close |= bits(_mm_cmpeq_epi8(v20, _mm_set1_epi8(0x7d)));
            }
            m
        }
    }
}

/// The resynchronisation rule of JSON streams: a line whose first byte is `{` begins a new
/// value, even while the value before it is still open (that one then ends, broken, before it).
/// Pretty-printed objects indent what is inside them, so only a top-level object starts there.
pub fn begins_value(line: &[u8]) -> bool {
    line.first() == Some(&b'{')
}

/// The start of the default JSON object of an 8x8 placement, up to its FEN.
pub(crate) const JSON_HEAD: &[u8] = br#"{"size":"8x8","order":"lerf","fen":""#;

/// What follows the FEN in the default JSON object, up to the piece members.
pub(crate) const JSON_MID: &[u8] = br#"","pieces":{"#;

/// The most bytes of the piece members: 12 letters of 25 bytes.
pub(crate) const JSON_PIECES: usize = 12 * 25;

/// The default JSON object of a placement: size, order, FEN and piece words.
#[inline(always)]
pub(crate) fn write_chess<K: crate::kernels::Simd>(
    r: &K,
    placement: &[u8],
    rest: &[u8],
    words: &[u64; 12],
    out: &mut Vec<u8>,
) {
    out.extend_from_slice(JSON_HEAD);
    crate::fen::words::fen(placement, rest, out);
    out.extend_from_slice(JSON_MID);
    let mut buf = [0u8; JSON_PIECES];
    let members = json_pieces(words, &r.hex12(words), &mut buf);
    out.extend_from_slice(members);
    out.extend_from_slice(b"}}");
}

/// The piece members of the default JSON object (`"P":"0x...",...`, one a letter on the board),
/// written into `buf`.
#[inline(always)]
pub(crate) fn json_pieces<'b>(
    words: &[u64; 12],
    digits: &[[u8; 16]; 12],
    buf: &'b mut [u8; JSON_PIECES],
) -> &'b [u8] {
    // Each member is written with a comma before it; the first comma is left out.
    let mut len = 0;
    for ((&w, &letter), hex) in words.iter().zip(crate::board::PIECE_LETTERS).zip(digits) {
        if w != 0 {
            let member = &mut buf[len..len + 25];
            member[..7].copy_from_slice(&[b',', b'"', letter, b'"', b':', b'"', b'0']);
            member[7] = b'x';
            member[8..24].copy_from_slice(hex);
            member[24] = b'"';
            len += 25;
        }
    }
    buf.get(1..len).unwrap_or_default()
}

/// The JSON object of an 8x8 pair, up to the first side's digits.
pub(crate) const JSON_PAIR_HEAD: &[u8] = br#"{"size":"8x8","order":"lerf","first":"0x"#;

/// Between the two sides' digits.
pub(crate) const JSON_PAIR_MID: &[u8] = br#"","second":"0x"#;

#[cfg(test)]
mod scanner_tests {
    use super::ValueScanner;
    use proptest::prelude::*;

    /// Lines whose strings and brackets straddle the 64-byte blocks, or that the bitmap path
    /// must give up on, framed as the byte loop frames them; and the object lines it is for
    /// are taken whole.
    #[test]
    fn straddling_and_refused_lines() {
        let mut lines: Vec<String> = vec![
            r#"{"a":"}"}"#.into(),
            r#"{"a":[1,{"b":"]"}]}"#.into(),
            r#"{"x":"\"}"}"#.into(),
            "{} ".into(),
            "{}{}".into(),
            r#"{"a":1} x"#.into(),
            r#"{"a":"b"#.into(),
            "  {\"a\":[]}\t".into(),
        ];
        for pad in 50..140 {
            let s = "x".repeat(pad);
            lines.push(format!(
                r#"{{"k":"{s}","l":["{{","}}",[{{}}]],"m":"{s}}}"}}"#
            ));
            lines.push(format!(r#"{{"k":"{s}"}}"#));
            lines.push(format!(r#"{{"k":"{s}"}} {{"j":1}}"#));
        }
        for line in &lines {
            let (mut fast, mut slow) = (ValueScanner::default(), ValueScanner::default());
            let (mut a, mut b) = (Vec::new(), Vec::new());
            fast.scan_line(line.as_bytes(), 0, |s, e| a.push((s, e)));
            slow.scan_bytes(line.as_bytes(), 0, |s, e| b.push((s, e)));
            assert_eq!(a, b, "{line}");
            assert_eq!(fast.open(), slow.open(), "{line}");
        }
        let whole =
            r#"{"size":"8x8","order":"lerf","fen":"8/8/8/8/8/8/8/8 w - - 0 1","pieces":{}}"#;
        assert_eq!(super::whole::object(whole.as_bytes()), Some(whole.len()));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The bitmap path finds what the byte loop finds, line after line.
        #[test]
        fn whole_objects_as_the_byte_loop_finds_them(
            lines in proptest::collection::vec(
                proptest::collection::vec(prop::sample::select(
                    vec![b'{', b'{', b'}', b'}', b'[', b']', b'"', b'"', b'a', b' ', b'\\', b':', b',', b'\t']
                ), 0..150),
                1..4,
            ),
        ) {
            let (mut fast, mut slow) = (ValueScanner::default(), ValueScanner::default());
            let mut text = Vec::new();
            for (k, mut line) in lines.into_iter().enumerate() {
                if k % 2 == 0 {
                    line.insert(0, b'{');
                }
                let from = text.len() + usize::from(k > 0);
                if k > 0 {
                    text.push(b'\n');
                }
                text.extend_from_slice(&line);
                let (mut a, mut b) = (Vec::new(), Vec::new());
                fast.scan_line(&text, from, |s, e| a.push((s, e)));
                slow.scan_bytes(&text, from, |s, e| b.push((s, e)));
                prop_assert_eq!(&a, &b, "{:?}", String::from_utf8_lossy(&text));
                prop_assert_eq!(fast.open(), slow.open());
            }
        }

        /// A line that JSON reads whole (serde_json, as the reader does: one value and nothing
        /// after it but whitespace) is the one value the framer finds in it. The pipeline
        /// relies on this to take a deferred line that converts whole as one record.
        #[test]
        fn a_line_that_reads_whole_is_one_value(value in json_value(), pad in "[ \t]{0,3}") {
            let text = format!("{}{pad}", serde_json::Value::Object(value));
            prop_assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok());
            let mut found = Vec::new();
            ValueScanner::values_of_line(text.as_bytes(), |s, e| found.push((s, e)));
            prop_assert_eq!(found, vec![(0, text.trim_end().len())], "{}", text);
        }
    }

    /// Objects whose strings hold brackets, quotes, backslashes and other escapes.
    fn json_value() -> impl Strategy<Value = serde_json::Map<String, serde_json::Value>> {
        use serde_json::Value;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<i64>().prop_map(Value::from),
            "[{}\\[\\]\"\\\\a\u{1}\u{e9} ]{0,6}".prop_map(Value::from),
        ];
        let tree = leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                proptest::collection::btree_map("[a\\]}\"]{0,3}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        });
        proptest::collection::btree_map("[a\\]}\"{]{0,3}", tree, 0..4)
            .prop_map(|m| m.into_iter().collect())
    }
}

#[cfg(test)]
mod chess_tests {
    use crate::{parse_str, render_general, Format, Options};

    /// The reader of the default 8x8 object gives what the general reading gives, and leaves
    /// every other spelling, and every object the general reading refuses, to it.
    #[test]
    fn default_objects_read_as_the_general_reading_reads_them() {
        let opts = Options::default();
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/4k3/8/8/8/4K3",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        ];
        let mut taken = 0;
        for fen in fens {
            let v = parse_str(Format::Fen, fen, &opts).unwrap();
            let mut obj = Vec::new();
            render_general(Format::Json, &v, &opts, &mut obj).unwrap();
            let obj = String::from_utf8(obj).unwrap();
            let mut variants = vec![
                obj.clone(),
                format!("  {obj}\t"),
                obj.replacen("0x", "0X", 1),
                obj.replacen(r#""P":"0x"#, r#""N":"0x"#, 1),
                obj.replacen(" w ", r#" \u0077 "#, 1),
                obj.replacen(" w ", " w\t", 1),
                obj.replacen("}}", "} }", 1),
                obj.replacen(r#""size":"8x8","#, "", 1),
                obj.replacen("}}", r#"},"pieces":{}}"#, 1),
                obj.replacen("/8/", "/44/", 1),
                obj.replacen(" w ", " \u{e9} ", 1),
                obj.replacen(" w ", " w\u{1} ", 1),
                obj.replacen(" - ", " \\ ", 1),
            ];
            // Every one-byte change.
            for at in (0..obj.len()).step_by(3) {
                let mut b = obj.clone().into_bytes();
                b[at] = b"x\"}0 "[at % 5];
                variants.push(String::from_utf8_lossy(&b).into_owned());
            }
            for rec in &variants {
                taken +=
                    crate::convert::check::against_general(Format::Json, rec.as_bytes(), &opts);
            }
        }
        assert!(taken >= 4 * 3 * 2 * 30, "{taken}");
    }
}
