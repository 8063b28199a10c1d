//! JSON: one object a board, `{"size":"8x8","order":"lerf", ...}` with the representations asked
//! for; bitboards are hex strings on output, strings or integer numbers on input.

use crate::detect::Rule;
use crate::spec::{Frame, InTable, Reader, Readings, Spec};
use crate::Format;
use crate::{Holds, Need};
use bbconv_board::NameError;
use std::fmt;
use std::str::FromStr;

mod chess;
mod read;
mod train;
mod write;

pub(crate) use chess::JsonWords;
pub(crate) use read::parse;
pub(crate) use write::{render, write_turn};

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
    type Err = NameError;
    fn from_str(s: &str) -> Result<JsonField, NameError> {
        JsonField::ALL
            .into_iter()
            .find(|f| f.key() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                let keys: Vec<&str> = JsonField::ALL.iter().map(|f| f.key()).collect();
                NameError::unknown("JSON field", s, format!("one of {}", keys.join(", ")))
            })
    }
}

/// The member that holds an EPD position's operations, as written.
const OPERATIONS: &str = "operations";

/// The member that holds a two-player board's side to move (an Edax board's), when it has one:
/// `"first"` or `"second"`.
const TURN: &str = "turn";
/// The member that holds a two-player board's notes (an OBF line's solutions), as written.
const NOTES: &str = "notes";

/// The members that fix a JSON record's reading whatever the square order.
const FIXING: [&str; 3] = ["order", "fen", "squares"];

/// Why a JSON record has one reading whatever the square order: it has an `order`, `fen` or
/// `squares` member (it says its own order or names its squares); `None` otherwise.
fn own_reading(text: &str) -> Option<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let json: serde_json::Value = serde_json::from_str(text).ok()?;
    let members: Vec<String> = FIXING
        .iter()
        .filter(|k| json.get(**k).is_some())
        .map(|k| format!("\"{k}\""))
        .collect();
    (!members.is_empty()).then(|| {
        format!(
            "JSON with {} (a record that says its own order or names its squares)",
            members.join(" and ")
        )
    })
}

/// `-f auto`'s rule for JSON (`detect.rs`).
const DETECT: [Rule; 1] = [Rule {
    rank: 11,
    words: "starts with {, [ or \": json",
    test: |p| matches!(p.text.as_bytes()[0], b'{' | b'[' | b'"').then_some(Ok(Format::Json)),
}];

/// The `json` form.
pub(crate) const SPEC: Spec = Spec {
    name: "json",
    aliases: &[],
    holds: Holds::Any,
    pieces: false,
    description:
        "One JSON object a board: size, order and the representations (bitboards as hex strings).",
    example: "{\"size\":\"8x8\",\"order\":\"lerf\",\"bitboard\":\"0x0000000000070507\"}",
    carries_size: true,
    names_squares: false,
    own_reading: Some(own_reading),
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Json,
    spans: None,
    need: Need::Train,
    fixed: None,
    words: false,
    raw_bytes: false,
    detect: &DETECT,
    fast: None,
    read: Reader::Text(parse),
    write: Some(render),
};
