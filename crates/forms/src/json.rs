//! JSON: one object a board, `{"size":"8x8","order":"lerf", ...}` with the representations asked
//! for; bitboards are hex strings on output, strings or integer numbers on input.

use std::fmt;
use std::str::FromStr;

use serde_json::Value as Json;

use crate::{coords, fen, int, Format, Options, ParseError, Value};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Bitboard, Order, Pair, Size};

/// A member of the JSON object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

fn bitboard(v: &Json, key: &str, size: Size, order: Order) -> Result<Bitboard, ParseError> {
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
    Ok(order.decode(&raw))
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
        let v = crate::parse_str(Format::Trits, t, &o)
            .map_err(|e| err(format!("\"trits\": {}", e.message)))?;
        found.push(("trits", v));
    }
    if let Some(v) = obj.get("packed") {
        let t = text_of(v, "packed")?;
        let v = crate::parse_str(Format::Packed, t, &o)
            .map_err(|e| err(format!("\"packed\": {}", e.message)))?;
        found.push(("packed", v));
    }
    if let Some(v) = obj.get("squares") {
        found.push(("squares", square_list(v, "squares", &o)?));
    }
    if let Some(v) = obj.get("fen") {
        let t = text_of(v, "fen")?;
        let pl = fen::parse(t, &o).map_err(|e| err(format!("\"fen\": {}", e.message)))?;
        o.check_size(pl.size())?;
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
    // The richest representation wins: pieces, then a pair, then one bitboard.
    let rank = |v: &Value| match v {
        Value::Pieces(_) => 2,
        Value::Pair(_) => 1,
        Value::Single(_) => 0,
    };
    let best = found
        .into_iter()
        .map(|(_, v)| v)
        .max_by_key(rank)
        .unwrap_or_else(|| Value::Single(Bitboard::empty(size)));
    Ok(best)
}

fn hex(out: &mut Vec<u8>, bb: &Bitboard, order: Order) {
    out.push(b'"');
    int::render(Format::Hex, &order.encode(bb), out);
    out.push(b'"');
}

fn names(out: &mut Vec<u8>, bb: &Bitboard, order: Order) {
    out.push(b'[');
    for (k, (_, sq)) in order.numbered(bb).into_iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.push(b'"');
        out.extend_from_slice(sq.to_string().as_bytes());
        out.push(b'"');
    }
    out.push(b']');
}

/// Writes one JSON object on one line.
pub(crate) fn render(value: &Value, opts: &Options, out: &mut Vec<u8>) {
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
                hex(out, &bb, order)
            }
            JsonField::First => hex(out, value.to_pair().first(), order),
            JsonField::Second => hex(out, value.to_pair().second(), order),
            JsonField::Trits | JsonField::Packed => {
                out.push(b'"');
                let form = if f == JsonField::Trits {
                    Format::Trits
                } else {
                    Format::Packed
                };
                let _ = crate::render(form, value, opts, out);
                out.push(b'"');
            }
            JsonField::Squares => match value {
                Value::Single(b) => names(out, b, order),
                v => {
                    let p = v.to_pair();
                    out.extend_from_slice(b"{\"first\":");
                    names(out, p.first(), order);
                    out.extend_from_slice(b",\"second\":");
                    names(out, p.second(), order);
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
                        int::hex_u64(word, digits, out);
                        out.push(b'"');
                    });
                if !small {
                    for (k, (l, bb)) in pl.piece_bitboards().iter().enumerate() {
                        if k > 0 {
                            out.push(b',');
                        }
                        out.extend_from_slice(&[b'"', *l, b'"', b':']);
                        hex(out, bb, order);
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
    out.push(b'}');
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

/// The resynchronisation rule of JSON streams: a line whose first byte is `{` begins a new
/// value, even while the value before it is still open (that one then ends, broken, before it).
/// Pretty-printed objects indent what is inside them, so only a top-level object starts there.
pub fn begins_value(line: &[u8]) -> bool {
    line.first() == Some(&b'{')
}
