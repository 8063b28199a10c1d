//! The trainers' forms' word paths ([`WordPaths`]), one generic implementation over what each
//! form says of itself ([`Trainer`]): a record read into a board's piece words with its fields
//! as the board's own, its training fields too for a writer that keeps them ([`Need::Train`]);
//! a FEN or a board of piece words written, with the board's training fields. Both only where
//! the general reading and writing would give the very bytes: anything the general code would
//! refuse or spell otherwise is left to it (`false`, [`Direct::NotTried`]), which then says
//! what is wrong. No option changes what these forms write, and the conversion offers these
//! paths only on 8x8 boards in LERF with the default layout.

use std::marker::PhantomData;

use bbconv_board::train::Train;

use super::chess::Chess;
use crate::board::{Board, Need};
use crate::fen::fast::ReadChess;
use crate::spec::{Direct, WordPaths, Writing};
use crate::Options;

/// A trainer's form as its word paths see it.
pub(crate) trait Trainer {
    /// Reads a record into `board` (its piece words, and its fields as the board's own, or as
    /// the record's text where the record holds them in their common spelling), and with
    /// `train` its training fields into [`Board::train`] as the general reading reads them
    /// (White's view); `false`, with `board` untouched, for a record the general reading must
    /// read.
    fn read<'r, R: ReadChess>(r: &R, record: &'r [u8], train: bool, board: &mut Board<'r>) -> bool;

    /// Writes a [`Chess::check`]ed position with the training fields `train` (White's view; a
    /// FEN's none, `None`, a constant to the compiler on the way from FEN),
    /// given its FEN text where the caller has it (the placement, with the fields after one
    /// space when the readers found them in their common spelling,
    /// [`crate::fen::fields::standard`]; else empty); `false`, with nothing written, where the
    /// general writing must decide.
    fn write<R: ReadChess>(
        r: &R,
        chess: &Chess,
        fen: &[u8],
        train: Option<&Train>,
        out: &mut Vec<u8>,
    ) -> bool;
}

/// The word paths of the trainer's form `T`.
pub(crate) struct Words<T>(PhantomData<T>);

impl<T: Trainer> WordPaths for Words<T> {
    #[inline(always)]
    fn read_chess<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        _: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> bool {
        T::read(r, record, need == Need::Train, board)
    }

    #[inline(always)]
    fn write_from_fen<R: ReadChess>(
        r: &R,
        record: &[u8],
        swap: bool,
        _: &Options,
        out: &mut Vec<u8>,
    ) -> Direct {
        let Some((len, words)) = r.pieces(record) else {
            return Direct::NotTaken;
        };
        let fields = crate::fen::fields_after(record, len);
        // Read in place (a position returned in an `Option` is copied out and back).
        let mut c = Chess::of_words(words);
        // `--swap`: the sides exchanged, the fields as written (as a board's swap).
        let fen = match swap {
            true => {
                c.words.rotate_left(6);
                &[][..]
            }
            false => record,
        };
        match c.read_standard_fields(fields) && c.check() && T::write(r, &c, fen, None, out) {
            true => Direct::Done,
            false => Direct::NotTried,
        }
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        r: &R,
        _: Writing,
        board: &Board<'_>,
        _: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        match Chess::of_board(board) {
            Some((c, checked)) => {
                (checked || c.check()) && T::write(r, &c, board.placement, board.train(), out)
            }
            None => false,
        }
    }
}
