//! The `train` member: a training record's fields (score, result, move, ply) from White's point
//! of view, beside a position, so that a foreign object's own `score` or `result` members are
//! never taken for them.

use serde_json::Value as Json;

use bbconv_board::train::{Field, Move, Train};

use crate::train::chess::put_number;
use crate::ParseError;

/// The member's name.
pub(super) const TRAIN: &str = "train";

/// Writes `,"train":{...}` with the fields that are set, into a buffer of its own with copies of
/// fixed lengths and appended whole (the word paths write it too: a copy of variable length is
/// a call of the library's copy, and the member had up to twelve).
pub(crate) fn write(t: &Train, out: &mut Vec<u8>) {
    let mut b = [0u8; 128];
    b[..9].copy_from_slice(b",\"train\":");
    let mut n = 9;
    // Each member after `{`, then `,`.
    let mut sep = b'{';
    let mut key = |k: &[u8], b: &mut [u8; 128], n: &mut usize| {
        b[*n] = std::mem::replace(&mut sep, b',');
        b[*n + 1..*n + 1 + k.len()].copy_from_slice(k);
        *n += 1 + k.len();
    };
    let int = |v: i64, b: &mut [u8; 128], n: &mut usize| {
        if v < 0 {
            b[*n] = b'-';
            *n += 1;
        }
        *n = put_number(b, *n, v.unsigned_abs());
    };
    if let Some(s) = t.score {
        key(b"\"score\":", &mut b, &mut n);
        int(i64::from(s), &mut b, &mut n);
    }
    if let Some(r) = t.result {
        key(b"\"result\":", &mut b, &mut n);
        int(i64::from(r), &mut b, &mut n);
    }
    if let Some(m) = t.mv {
        key(b"\"move\":\"", &mut b, &mut n);
        let (text, len) = m.uci_bytes();
        b[n..n + 5].copy_from_slice(&text);
        b[n + len] = b'"';
        n += len + 1;
    }
    if let Some(p) = t.ply {
        key(b"\"ply\":", &mut b, &mut n);
        int(i64::from(p), &mut b, &mut n);
    }
    if sep == b'{' {
        b[n] = b'{';
        n += 1;
    }
    b[n] = b'}';
    crate::fen::words::append(out, &b, n + 1);
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
