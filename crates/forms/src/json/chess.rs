//! The word paths of the 8x8 objects bbconv writes: the default object of a placement, the
//! `first`/`second` object of a pair, and an object of one `fen` member, read and written
//! without building a JSON value.

use bbconv_board::Size;

use crate::board::{Board, Repr};
use crate::fen::fast::ReadChess;
use crate::spec::{cold, WordPaths, Writing};
use crate::{CoordStyle, Need, Options};

/// The word paths of `json`: the objects bbconv writes of an 8x8 board (the default members
/// and chess names only: `--fields` or `--to-coords` is written by the general writer).
pub(crate) struct JsonWords;

impl WordPaths for JsonWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        _: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // JSON's rule: a value that starts as an object.
        (record.first() == Some(&b'{')).then(|| read_board(r, record, need, board))
    }

    #[inline(always)]
    fn read_chess<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        _: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> bool {
        read_board(r, record, need, board)
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        r: &R,
        writing: Writing,
        board: &Board<'_>,
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        if !writing.plain || opts.to_coords != CoordStyle::Chess {
            // Marked unlikely: weighed at one half, one condition more made the writers' own
            // calls cold to the compiler, and out of line (150 instructions a line, measured).
            cold();
            return false;
        }
        if let Repr::Chess(w) = &board.repr {
            write_json_of_pieces(r, board, w, out);
            // A training record's fields, the object's last member.
            if let Some(t) = board.train().filter(|t| !t.is_empty()) {
                out.pop();
                super::train::write(t, out);
                out.push(b'}');
            }
            return true;
        }
        // The side to move and notes of a two-player board are members of their own.
        if let Repr::Two(f, s) = board.repr {
            write_json_of_sides(r, f, s, board, out);
            return true;
        }
        false
    }
}

/// The default JSON object of a board of piece words, its placement as the record wrote it or
/// as the words give it.
#[inline(always)]
fn write_json_of_pieces<R: ReadChess>(r: &R, board: &Board<'_>, w: &[u64; 12], out: &mut Vec<u8>) {
    if board.placement.is_empty() {
        let mut buf = [0u8; 80];
        let len = crate::fen::words::placement_of(r, w, &mut buf);
        write_chess(r, &buf[..len], board.fields(), w, out);
    } else {
        write_chess(r, board.placement, board.fields(), w, out);
    }
}

/// The JSON object of two sides: their hex words and the side to move.
#[inline(always)]
fn write_json_of_sides<R: ReadChess>(r: &R, f: u64, s: u64, board: &Board<'_>, out: &mut Vec<u8>) {
    out.extend_from_slice(JSON_PAIR_HEAD);
    let [a, b] = r.hex2(f, s);
    out.extend_from_slice(&a);
    out.extend_from_slice(JSON_PAIR_MID);
    out.extend_from_slice(&b);
    out.push(b'"');
    super::write_turn(board.turn, out);
    out.push(b'}');
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
    let Some((len, words, _)) = reader.pieces(fen) else {
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
    match fen_member(record) {
        Some(fen) => crate::fen::read_board(reader, fen, need, board),
        None => false,
    }
}

/// The `fen` member of an object as other programs write it (`{"id": 7, "fen": "...", "eval":
/// 0.3}`, `{"order": "lerf", "fen": "...", "size": "8x8"}`: members in any order, any JSON
/// whitespace), when the FEN is its only board and the object is one the general reading takes
/// as it is: every member a plain value (a string of ASCII without control bytes or escapes, a number
/// without an exponent of at most 17 bytes, `true`, `false`, `null`), no key twice, `size` 8x8
/// and `order` lerf when given, no other member the reading reads. `None` for anything else,
/// which the general reading then reads or reports.
fn fen_member(record: &[u8]) -> Option<&[u8]> {
    const MOST: usize = 8;
    let mut t = trim_ws(record.strip_prefix(b"{")?);
    let (mut fen, mut keys, mut n) = (None, [&b""[..]; MOST], 0);
    loop {
        let (key, rest) = plain_string(t)?;
        if n == MOST || keys[..n].contains(&key) {
            return None;
        }
        (keys[n], n) = (key, n + 1);
        let rest = trim_ws(trim_ws(rest).strip_prefix(b":")?);
        let (text, rest) = plain_value(rest)?;
        match key {
            b"fen" => fen = Some(text?),
            b"size" if text == Some(b"8x8") => {}
            b"order" if text == Some(b"lerf") => {}
            k if READ_KEYS.contains(&k) => return None,
            _ => {}
        }
        let rest = trim_ws(rest);
        match rest.strip_prefix(b",") {
            Some(r) => t = trim_ws(r),
            None => return (rest == b"}").then_some(fen?),
        }
    }
}

/// The keys the general reading reads beside `fen`: an object with one is left to it.
const READ_KEYS: [&[u8]; 12] = [
    b"size",
    b"order",
    b"bitboard",
    b"first",
    b"second",
    b"trits",
    b"packed",
    b"squares",
    b"pieces",
    b"operations",
    b"turn",
    b"notes",
];

/// A string of ASCII without control bytes or escapes at the start of `t` (after its `"`):
/// its contents and what follows its closing quote. (Eight bytes at a time: a FEN's string
/// cost 6 instructions a byte scanned one by one.)
fn plain_string(t: &[u8]) -> Option<(&[u8], &[u8])> {
    let t = t.strip_prefix(b"\"")?;
    let end = crate::kernels::plain_len(t);
    (t.get(end) == Some(&b'"')).then(|| (&t[..end], &t[end + 1..]))
}

/// A plain value at the start of `t` (see [`fen_member`]): a string's contents (`None` for
/// another kind), and what follows it.
fn plain_value(t: &[u8]) -> Option<(Option<&[u8]>, &[u8])> {
    if t.first() == Some(&b'"') {
        let (s, rest) = plain_string(t)?;
        return Some((Some(s), rest));
    }
    for word in [&b"true"[..], b"false", b"null"] {
        if let Some(rest) = t.strip_prefix(word) {
            return Some((None, rest));
        }
    }
    // -?(0|[1-9][0-9]*)(.[0-9]+)? and at most 17 bytes: a number serde_json reads in range.
    let end = t
        .iter()
        .position(|c| !matches!(c, b'-' | b'.' | b'0'..=b'9'))
        .unwrap_or(t.len());
    let num = &t[..end];
    let body = num.strip_prefix(b"-").unwrap_or(num);
    let (int, frac) = match body.iter().position(|&c| c == b'.') {
        Some(d) => (&body[..d], Some(&body[d + 1..])),
        None => (body, None),
    };
    let digits = |d: &[u8]| !d.is_empty() && d.iter().all(u8::is_ascii_digit);
    let ok = end <= 17
        && digits(int)
        && (int == b"0" || int[0] != b'0')
        && frac.is_none_or(digits)
        && !matches!(t.get(end), Some(b'e' | b'E'));
    ok.then(|| (None, &t[end..]))
}

/// The start of the default JSON object of an 8x8 placement, up to its FEN.
const JSON_HEAD: &[u8] = br#"{"size":"8x8","order":"lerf","fen":""#;

/// What follows the FEN in the default JSON object, up to the piece members.
const JSON_MID: &[u8] = br#"","pieces":{"#;

/// The most bytes of the piece members: 12 letters of 25 bytes.
const JSON_PIECES: usize = 12 * 25;

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
fn json_pieces<'b>(
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
