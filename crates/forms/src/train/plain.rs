//! Stockfish's `.plain` training records: the lines `fen FEN`, `move UCI`, `score N`, `ply N`,
//! `result N`, ended by a line `e` (the framing's end line); score and result from the side to
//! move's point of view, as in `.bin`. Other keys are skipped, as Stockfish's reader skips
//! them; a record is read on its own (Stockfish's reader keeps the previous record's values for
//! a key a record leaves out: bbconv leaves the field out).

use bbconv_board::train::{Move, Train};
use bbconv_board::Size;

use super::position::{mover_score, ply16, train_of, Position};
use crate::spec::{Frame, InTable, Reader, Readings, Spec};
use crate::{Format, Holds, Need, Options, ParseError, RenderError, Value};

/// The line that ends a record.
const END: &[u8] = b"e";

/// Stockfish's text of "no move" (its raw move 0).
const NO_MOVE: &str = "a1a1";

/// Reads one record.
fn read(t: &str, opts: &Options) -> Result<Value, ParseError> {
    opts.check_size(Size::CHESS)?;
    let mut train = Train::default();
    let mut fen = None;
    let mut at = 0;
    for line in t.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let line = line.trim_end();
        let (key, value) = line.split_once([' ', '\t']).unwrap_or((line, ""));
        let value = value.trim_start();
        let col = start + line.len() - value.len();
        let bad = |what: &str| {
            ParseError::new(
                Some(col),
                format!("{key}: found '{value}', expected {what}"),
            )
        };
        match key {
            "fen" => fen = Some((value, col)),
            "move" if value == NO_MOVE || value == "0000" => train.mv = None,
            "move" => {
                train.mv =
                    Some(Move::from_uci(value).ok_or_else(|| bad("a UCI move such as e2e4"))?)
            }
            "score" => train.score = Some(value.parse().map_err(|_| bad("an integer"))?),
            "ply" => train.ply = Some(value.parse().map_err(|_| bad("an integer from 0"))?),
            "result" => {
                train.result = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|r| (-1..=1).contains(r))
                        .ok_or_else(|| bad("-1, 0 or 1"))?,
                )
            }
            _ => {}
        }
    }
    let Some((text, col)) = fen else {
        return Err(ParseError::new(
            Some(0),
            "fen: the record has no fen line, expected one",
        ));
    };
    let v = crate::parse_str(Format::Fen, text, opts).map_err(|e| e.shifted(col))?;
    let mut pos = Position::of_value(&v).map_err(|e| ParseError::new(Some(col), e.message))?;
    // As Stockfish reads a FEN: an en passant square no pawn can take is dropped.
    if !pos.ep_legal() {
        pos.ep = None;
    }
    let view = if pos.black { -1 } else { 1 };
    // From the side to move's view to White's (-2147483648 has no opposite in 32 bits).
    if let Some(s) = train.score {
        train.score = Some(s.checked_mul(view).ok_or_else(|| {
            ParseError::new(Some(0), format!("score: {s} has no opposite in 32 bits, the score of Black to move turned to White's"))
        })?);
    }
    train.result = train.result.map(|r: i8| r * view as i8);
    Ok(pos.to_value_with(train))
}

/// Writes one record.
fn write(v: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let mut pos = Position::of_value(v)?;
    super::sfbin::standard_castling(&pos)
        .map_err(|e| RenderError::new(crate::RenderErrorKind::Unsupported, e))?;
    if !pos.ep_legal() {
        pos.ep = None;
    }
    let train = train_of(v);
    let view = if pos.black { -1 } else { 1 };
    // The reference's reader takes the score and the ply into a `.bin` record's 16 bits: a
    // value past them would come back another.
    let score = mover_score(&train, pos.black)?;
    let ply = ply16(&train, &pos)?;
    out.extend_from_slice(b"fen ");
    crate::render(Format::Fen, &pos.to_value(), opts, out)?;
    let mv = train.mv.map_or(NO_MOVE.to_string(), |m| m.uci());
    let result = train.result.unwrap_or(0) * view as i8;
    out.extend_from_slice(
        format!("\nmove {mv}\nscore {score}\nply {ply}\nresult {result}\ne").as_bytes(),
    );
    Ok(())
}

/// The `sf-plain` form.
pub(crate) const SPEC: Spec = Spec {
    name: "sf-plain",
    aliases: &["plain"],
    holds: Holds::Position,
    pieces: true,
    description: "Stockfish's .plain training records: lines fen, move, score, ply and result (side to move's view), ended by a line e.",
    example: "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 / move e2e4 / score 0 / ply 0 / result 0 / e",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Terminated(END),
    spans: None,
    need: Need::Train,
    fixed: None,
    words: false,
    raw_bytes: false,
    fast: None,
    read: Reader::Text(read),
    write: Some(write),
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Stockfish's own records (fixtures/train/sf.plain) read, and written back the same; the
    /// last fixture, `KQkq` with the king on b1, is refused.
    #[test]
    fn stockfish_records_both_ways() {
        let opts = Options::default();
        let text = include_str!("../../../../fixtures/train/sf.plain");
        let mut records = text.split_inclusive("\ne\n").map(|r| r.trim_end());
        for record in records.by_ref().take(19) {
            let v = crate::parse_str(Format::SfPlain, record, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::SfPlain, &v, &opts, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), record);
        }
        let last = records.next().unwrap();
        let v = crate::parse_str(Format::SfPlain, last, &opts).unwrap();
        let e = crate::render(Format::SfPlain, &v, &opts, &mut Vec::new()).unwrap_err();
        assert!(e.message.starts_with("castling: Q needs"), "{}", e.message);
    }

    #[test]
    fn faults_name_their_line_and_field() {
        let opts = Options::default();
        for (record, at, want) in [
            (
                "fen 8/8/8/8/8/8/8/K6k w - - 0 1\nresult 2\ne",
                39,
                "result: found '2'",
            ),
            (
                "fen 8/8/8/8/8/8/8/K6k w - - 0 1\nmove e9e4\ne",
                37,
                "move: found 'e9e4'",
            ),
            ("move e2e4\ne", 0, "fen: the record has no fen line"),
            ("fen 8/8/8/8/8/8/8/K7 w - - 0 1\ne", 4, "kings: 0 black"),
        ] {
            let e = crate::parse_str(Format::SfPlain, record, &opts).unwrap_err();
            assert!(e.message.starts_with(want), "{record:?}: {}", e.message);
            assert_eq!(e.offset, Some(at), "{record:?}");
        }
    }

    /// A score at the ends of its range: turned to the other side's view without overflow,
    /// refused where the opposite does not fit.
    #[test]
    fn scores_at_the_ends_of_their_range() {
        let opts = Options::default();
        let black = "fen 8/8/8/3k4/8/8/3K4/8 b - - 0 1\nscore -2147483648\ne";
        let e = crate::parse_str(Format::SfPlain, black, &opts).unwrap_err();
        assert!(
            e.message.starts_with("score: -2147483648 has no opposite"),
            "{}",
            e.message
        );
        // JSON's scores are symmetric: the opposite of each fits 32 bits.
        let min = r#"{"fen":"8/8/8/3k4/8/8/3K4/8 b - - 0 1","train":{"score":-2147483648}}"#;
        assert!(crate::parse_str(Format::Json, min, &opts).is_err());
        // A score past 16 bits from the side to move is refused into every form of 16 bits,
        // .plain too, naming it in both views; White's 32768 is Black's -32768, which fits.
        for (score, fits) in [
            (-2147483647, false),
            (-32768, false),
            (32769, false),
            (32768, true),
            (-32767, true),
        ] {
            let json =
                format!(r#"{{"fen":"8/8/8/3k4/8/8/3K4/8 b - - 0 1","train":{{"score":{score}}}}}"#);
            let v = crate::parse_str(Format::Json, &json, &opts).unwrap();
            for form in [Format::SfBin, Format::Bullet, Format::SfPlain] {
                let r = crate::render(form, &v, &opts, &mut Vec::new());
                match fits {
                    true => assert!(r.is_ok(), "{form} {score}: {r:?}"),
                    false => {
                        let m = r.unwrap_err().message;
                        let want = format!("score {score} (White's view) is {} from the side to move's, past 16 bits", -i64::from(score));
                        assert!(m.contains(&want), "{form}: {m}");
                    }
                }
            }
        }
    }
}
