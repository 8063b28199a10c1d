//! The general reading of a JSON value: the object read strictly, each member read as the
//! representation it names, the representations checked to describe one board.

use std::fmt;

use serde_json::Value as Json;

/// A JSON object's members.
type Object = serde_json::Map<String, Json>;

use super::{train, JsonField, NOTES, OPERATIONS, TURN};
use crate::{coords, fen, int, Format, Options, ParseError, Value};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Bitboard, Numbering, Pair, Size, Turn};

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
    let json = read_strict(text)?;
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
    let o = frame(obj, opts)?;
    if obj.contains_key(OPERATIONS) && !obj.contains_key("fen") {
        return Err(err(format!(
            "\"{OPERATIONS}\" go with \"fen\": they are an EPD position's, and the object has no FEN"
        )));
    }
    let found = representations(obj, &o)?;
    agree(&found)?;
    let mut best = richest(found, o.size_or_default());
    let (turn, notes) = turn_and_notes(obj)?;
    match &mut best {
        Value::Pair(p) => {
            p.turn = turn.or(p.turn);
            p.notes = notes.map(Into::into).or(p.notes.take());
        }
        Value::Pieces(pl) => {
            side_agrees(pl, turn)?;
            if let Some(t) = obj.get(train::TRAIN) {
                pl.train = Some(Box::new(train::read(t, err)?));
            }
        }
        _ if obj.contains_key(train::TRAIN) => {
            return Err(err(format!(
                "\"{}\" goes with a position (\"fen\"): a training record's fields",
                train::TRAIN
            )))
        }
        Value::Single(_) if turn.is_some() => {
            return Err(err(format!(
                "\"{TURN}\": a board of one bitboard has no side to move (a pair, \"first\" and \"second\", has)"
            )))
        }
        Value::Single(_) => {}
    }
    Ok(best)
}

/// A position's side to move, from its FEN, must be the object's `turn` when it has one (the
/// first side is White's).
fn side_agrees(pl: &Placement, turn: Option<Turn>) -> Result<(), ParseError> {
    let Some(turn) = turn else { return Ok(()) };
    let side = pl
        .rest
        .as_ref()
        .and_then(|r| r.as_str().split_whitespace().next());
    let said = match side {
        Some("w") => Turn::First,
        Some("b") => Turn::Second,
        _ => {
            return Err(err(format!(
            "\"{TURN}\" beside a position that does not say its side to move: give it in \"fen\""
        )))
        }
    };
    if said != turn {
        return Err(err(format!(
            "\"fen\" and \"{TURN}\" disagree: the FEN's side to move is {}, the turn {:?}",
            side.unwrap_or_default(),
            match turn {
                Turn::First => "first",
                Turn::Second => "second",
            }
        )));
    }
    Ok(())
}

/// The JSON value of `text`, read strictly ([`Strict`]); a syntax error's place is given as a
/// byte offset.
fn read_strict(text: &str) -> Result<Json, ParseError> {
    serde_json::from_str::<Strict>(text)
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
        })
}

/// `opts` with the object's `size` and `order` members, when it has them.
fn frame(obj: &Object, opts: &Options) -> Result<Options, ParseError> {
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
    Ok(o)
}

/// Every representation of the board the object holds, each with the key it was read from, in
/// the order they are read (and their errors reported); an error when there is none.
fn representations<'o>(obj: &'o Object, o: &Options) -> Result<Vec<(&'o str, Value)>, ParseError> {
    let size = o.size_or_default();
    let mut found: Vec<(&str, Value)> = Vec::new();
    if let Some(v) = obj.get("bitboard") {
        found.push((
            "bitboard",
            Value::Single(bitboard(v, "bitboard", size, o.order)?),
        ));
    }
    if obj.contains_key("first") || obj.contains_key("second") {
        found.push(sides_member(obj, size, o.order)?);
    }
    if let Some(v) = obj.get("trits") {
        let t = text_of(v, "trits")?;
        let v = crate::digits::parse_two(Format::Trits, t, o.size_or_default(), o.order)
            .map_err(|e| err(format!("\"trits\": {}", e.message)))?;
        found.push(("trits", v));
    }
    if let Some(v) = obj.get("packed") {
        let t = text_of(v, "packed")?;
        let v = crate::packed::parse_hex(t, o)
            .map_err(|e| err(format!("\"packed\": {}", e.message)))?;
        found.push(("packed", v));
    }
    if let Some(v) = obj.get("squares") {
        found.push(("squares", square_list(v, "squares", o)?));
    }
    if let Some(v) = obj.get("fen") {
        found.push(("fen", fen_member(obj, v, o)?));
    }
    if let Some(v) = obj.get("pieces") {
        found.push(("pieces", pieces_member(v, size, o.order)?));
    }
    if found.is_empty() {
        let keys: Vec<&str> = JsonField::ALL.iter().map(|f| f.key()).collect();
        return Err(err(format!(
            "found no board in the object: expected one of the keys {}",
            keys.join(", ")
        )));
    }
    Ok(found)
}

/// The `first` and `second` members (a missing one is an empty side), with the key they are
/// reported under.
fn sides_member(
    obj: &Object,
    size: Size,
    order: Numbering,
) -> Result<(&'static str, Value), ParseError> {
    let side = |k: &str| match obj.get(k) {
        Some(v) => bitboard(v, k, size, order),
        None => Ok(Bitboard::empty(size)),
    };
    let key = match (obj.contains_key("first"), obj.contains_key("second")) {
        (true, true) => "first/second",
        (true, false) => "first",
        _ => "second",
    };
    let p = Pair::new(side("first")?, side("second")?).map_err(|e| err(e.to_string()))?;
    Ok((key, Value::Pair(p)))
}

/// The `fen` member `v`, with the object's EPD operations when it has them.
fn fen_member(obj: &Object, v: &Json, o: &Options) -> Result<Value, ParseError> {
    let t = text_of(v, "fen")?;
    let mut pl = fen::parse(t, o).map_err(|e| err(format!("\"fen\": {}", e.message)))?;
    o.check_size(pl.size())?;
    if let Some(ops) = obj.get(OPERATIONS) {
        epd_position(&mut pl, text_of(ops, OPERATIONS)?)?;
    }
    Ok(Value::Pieces(pl))
}

/// The position `pl` of a `fen` member as an EPD position with the operations `ops`: its FEN
/// has EPD's fields (side, castling, en passant) and at most the two clocks, which are its
/// operations' `hmvc` and `fmvn` (`0` and `1` when they lack them). A clock of the FEN must be
/// the operation's when they say it; one they lack that is not its default becomes one.
fn epd_position(pl: &mut Placement, ops: &str) -> Result<(), ParseError> {
    if ops.contains(['\n', '\r']) {
        return Err(err(format!(
            "\"{OPERATIONS}\": found a line break: an EPD line holds none"
        )));
    }
    crate::epd::check_ops(ops, 0).map_err(|e| err(format!("\"{OPERATIONS}\": {}", e.message)))?;
    let rest = pl
        .rest
        .as_ref()
        .map_or(String::new(), |r| r.as_str().to_string());
    let fields: Vec<&str> = rest.split_whitespace().collect();
    if fields.len() != 3 && fields.len() != 5 {
        return Err(err(format!(
            "\"fen\" beside \"{OPERATIONS}\" is an EPD position: found {} after the placement, \
             expected the side to move, castling and en passant, and at most the two clocks",
            crate::text::count(fields.len(), "field")
        )));
    }
    let (hmvc, fmvn) = crate::epd::clock_ops(ops);
    let mut added = String::new();
    let clocks = [
        (fields.get(3), hmvc, "0", "hmvc", "halfmove clock"),
        (fields.get(4), fmvn, "1", "fmvn", "move number"),
    ];
    let same = |a: &str, b: &str| a.trim_start_matches('0') == b.trim_start_matches('0');
    for (clock, op, default, opcode, what) in clocks {
        match (clock, op) {
            (Some(c), Some(o)) if !same(c, o) => {
                return Err(err(format!(
                "\"fen\" and \"{OPERATIONS}\" disagree: the FEN's {what} is {c}, its {opcode} {o}"
            )))
            }
            (Some(c), None) if !same(c, default) => added.push_str(&format!("{opcode} {c}; ")),
            _ => {}
        }
    }
    crate::epd::check_ops(&added, 0).map_err(|e| {
        err(format!(
            "\"fen\": its clocks as EPD operations: {}",
            e.message
        ))
    })?;
    pl.ops = Some(format!("{added}{ops}").trim_end().into());
    pl.rest = Some(fields[..3].join(" ").as_str().into());
    Ok(())
}

/// The `pieces` member `v`: an object of piece letter to bitboard, no square in two of them.
fn pieces_member(v: &Json, size: Size, order: Numbering) -> Result<Value, ParseError> {
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
        let bb = bitboard(bbv, letter, size, order)?;
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
    Ok(Value::Pieces(pl))
}

/// Every representation must describe the same board: an error naming the first that
/// disagrees with the first found.
fn agree(found: &[(&str, Value)]) -> Result<(), ParseError> {
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
    Ok(())
}

/// The richest representation: pieces, then a pair, then one bitboard; among equals the first
/// found, so that `fen` (which holds the side to move, castling, en passant, the clocks and the
/// pockets) wins over `pieces` (the board alone).
fn richest(found: Vec<(&str, Value)>, size: Size) -> Value {
    let rank = |v: &Value| match v {
        Value::Pieces(_) => 2,
        Value::Pair(_) => 1,
        Value::Single(_) => 0,
    };
    found
        .into_iter()
        .map(|(_, v)| v)
        .rev()
        .max_by_key(rank)
        .unwrap_or_else(|| Value::Single(Bitboard::empty(size)))
}

/// The object's `turn` (`"first"` or `"second"`) and `notes` (a string; empty is none)
/// members, checked whatever the board (a pair keeps them).
fn turn_and_notes(obj: &Object) -> Result<(Option<Turn>, Option<&str>), ParseError> {
    let turn = match obj.get(TURN) {
        None => None,
        Some(v) => Some(match text_of(v, TURN)? {
            "first" => Turn::First,
            "second" => Turn::Second,
            t => {
                return Err(err(format!(
                    "\"{TURN}\": found {t:?}: expected \"first\" or \"second\""
                )))
            }
        }),
    };
    let notes = match obj.get(NOTES) {
        None => None,
        Some(v) => Some(text_of(v, NOTES)?).filter(|t| !t.is_empty()),
    };
    if notes.is_some_and(|t| t.contains(['\n', '\r'])) {
        return Err(err(format!(
            "\"{NOTES}\": found a line break: the notes of an Edax (OBF) line hold none"
        )));
    }
    Ok((turn, notes))
}
