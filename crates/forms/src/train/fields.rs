//! The training fields a record holds, taken apart from it (the Python package's arrays aligned
//! with the records); fields given beside a record are set by [`crate::Conversion::run_with_train`].

use bbconv_board::train::Train;

use super::position::train_of;
use crate::{parse, Format, Options, ParseError};

/// The training fields a record of `from` holds, from White's point of view, as [`parse`] reads
/// it under `opts`: none but for a chess position read with them (a trainer's record, a JSON
/// `train` member), each `None` where the record has none. `Err` is the reading's error.
///
/// ```
/// use bbconv_forms::{convert, record_train, Format, Options};
/// let opts = Options::default();
/// let json = br#"{"fen":"4k3/8/8/8/8/8/8/4K3 b - - 0 1","train":{"score":-35,"result":1}}"#;
/// let mut rec = Vec::new();
/// convert(Format::Json, Format::Marlin, json, &opts, &mut rec).unwrap();
/// let t = record_train(Format::Marlin, &rec, &opts).unwrap();
/// assert_eq!((t.score, t.result, t.mv, t.ply), (Some(-35), Some(1), None, None));
/// ```
pub fn record_train(from: Format, record: &[u8], opts: &Options) -> Result<Train, ParseError> {
    parse(from, record, opts).map(|v| train_of(&v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_board::train::{Move, View};

    /// Fields given beside a FEN reach every trainer's form as a JSON `train` member's do, and
    /// each form gives back those it holds (White to move: bullet reads a Black-to-move record
    /// back mirrored).
    #[test]
    fn fields_given_come_back_from_the_forms_that_hold_them() {
        let opts = Options::default();
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 4 9";
        let given = Train {
            score: Some(-120),
            result: Some(-1),
            mv: Move::from_uci("e1g1"),
            ply: Some(17),
        };
        let json = format!(
            "{{\"fen\":\"{fen}\",\"train\":{{\"score\":-120,\"result\":-1,\"move\":\"e1g1\",\"ply\":17}}}}"
        );
        for (to, held) in [
            (Format::SfBin, given),
            (Format::SfPlain, given),
            (
                Format::Marlin,
                Train {
                    mv: None,
                    ply: None,
                    ..given
                },
            ),
            (
                Format::Bullet,
                Train {
                    mv: None,
                    ply: None,
                    ..given
                },
            ),
            (Format::SfCompressed, Train::default()),
            (Format::BinaryFen, Train::default()),
        ] {
            let mut via_json = Vec::new();
            crate::convert(Format::Json, to, json.as_bytes(), &opts, &mut via_json).unwrap();
            let mut rec = Vec::new();
            let conv = crate::Conversion::new(Format::Fen, to, &opts);
            conv.run_with_train(fen.as_bytes(), given, View::White, &mut rec)
                .unwrap();
            assert_eq!(rec, via_json, "{to}");
            assert_eq!(record_train(to, &rec, &opts), Ok(held), "{to}");
        }
        assert_eq!(
            record_train(Format::Fen, fen.as_bytes(), &opts),
            Ok(Train::default())
        );
    }
}
