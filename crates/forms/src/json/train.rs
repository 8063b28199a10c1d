//! The `train` member: a training record's fields (score, result, move, ply) from White's point
//! of view, beside a position, so that a foreign object's own `score` or `result` members are
//! never taken for them.

use serde_json::Value as Json;

use bbconv_board::train::{Field, Move, Train};

use crate::ParseError;

/// The member's name.
pub(super) const TRAIN: &str = "train";

/// Writes `,"train":{...}` with the fields that are set (without allocating: the word paths
/// write it too).
pub(crate) fn write(t: &Train, out: &mut Vec<u8>) {
    out.extend_from_slice(b",\"train\":{");
    let mut first = true;
    let mut key = |k: &[u8], out: &mut Vec<u8>| {
        if !std::mem::take(&mut first) {
            out.push(b',');
        }
        out.push(b'"');
        out.extend_from_slice(k);
        out.extend_from_slice(b"\":");
    };
    if let Some(s) = t.score {
        key(b"score", out);
        push_int(i64::from(s), out);
    }
    if let Some(r) = t.result {
        key(b"result", out);
        push_int(i64::from(r), out);
    }
    if let Some(m) = t.mv {
        key(b"move", out);
        let (text, len) = m.uci_bytes();
        out.push(b'"');
        out.extend_from_slice(&text[..len]);
        out.push(b'"');
    }
    if let Some(p) = t.ply {
        key(b"ply", out);
        push_int(i64::from(p), out);
    }
    out.push(b'}');
}

/// Appends the decimal text of `v`.
fn push_int(v: i64, out: &mut Vec<u8>) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    let mut m = v.unsigned_abs();
    loop {
        at -= 1;
        buf[at] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if v < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&buf[at..]);
}

/// Reads the member's object; `Err` names the member at fault and what was expected.
pub(super) fn read(v: &Json, err: fn(String) -> ParseError) -> Result<Train, ParseError> {
    let Json::Object(obj) = v else {
        return Err(err(format!(
            "\"{TRAIN}\": expected an object of score, result, move and ply"
        )));
    };
    let int = |f: Field, v: &Json| {
        let (lo, hi) = f.range();
        match v.as_i64().filter(|n| (lo..=hi).contains(n)) {
            Some(n) => Ok(n),
            None => Err(err(format!(
                "\"{TRAIN}\".\"{}\": found {v}: expected an integer from {lo} to {hi}",
                f.name()
            ))),
        }
    };
    let mut t = Train::default();
    for (k, v) in obj {
        match k.as_str() {
            // In range (Field::range): the casts are exact.
            "score" => t.score = Some(int(Field::Score, v)? as i32),
            "result" => t.result = Some(int(Field::Result, v)? as i8),
            "ply" => t.ply = Some(int(Field::Ply, v)? as u32),
            "move" => {
                t.mv = match v {
                    Json::Null => None,
                    Json::String(s) if s == "0000" => None,
                    Json::String(s) => Some(Move::from_uci(s).ok_or_else(|| {
                        err(format!("\"{TRAIN}\".\"move\": found \"{s}\": expected a UCI move such as e2e4 or e7e8q"))
                    })?),
                    _ => return Err(err(format!("\"{TRAIN}\".\"move\": found {v}: expected a string"))),
                }
            }
            _ => {
                return Err(err(format!(
                    "\"{TRAIN}\": found the member \"{k}\": expected score, result, move or ply"
                )))
            }
        }
    }
    Ok(t)
}
