//! The trainers' forms' word paths ([`WordPaths`]), one generic implementation over what each
//! form says of itself ([`Trainer`]): a record read once ([`Trainer::position`]) into a board's
//! piece words with its fields as the board's own, its training fields too for a writer that
//! keeps them ([`Need::Train`]), or into its FEN with no board between ([`ToFen`]);
//! a FEN or a board of piece words written, with the board's training fields. All only where
//! the general reading and writing would give the very bytes: anything the general code would
//! refuse or spell otherwise is left to it (`false`, [`Direct::NotTried`]), which then says
//! what is wrong. No option changes what these forms write, and the conversion offers these
//! paths only on 8x8 boards in LERF with the default layout.

use std::marker::PhantomData;

use bbconv_board::train::Train;
use bbconv_board::Size;

use super::chess::Chess;
use crate::board::{Board, Need, Repr};
use crate::fen::fast::ReadChess;
use crate::fen::words;
use crate::spec::{Direct, WordPaths, Writing};
use crate::Options;

/// A trainer's form as its word paths see it.
pub(crate) trait Trainer {
    /// Reads a record into a [`Chess::check`]ed position as the general reading reads it, with
    /// `train` its training fields (White's view), and the FEN text it keeps, and gives them
    /// ([`Read`]) to `take`: a board ([`ToBoard`]) or the record's FEN written straight
    /// ([`ToFen`]); `false`, with nothing taken, for a record the general reading must read.
    /// (The position is lent, not returned: a position returned is copied out and again, about
    /// 20 instructions a record, `-f sf-bin -t packed`.)
    fn position<'r, R: ReadChess, T: Take<'r>>(
        r: &R,
        record: &'r [u8],
        train: bool,
        take: T,
    ) -> bool;

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

    /// The record's FEN text where [`Trainer::position`] would read the record and its FEN
    /// be written as it is (unswapped); `None` where that must decide.
    #[inline(always)]
    fn fen_as_written<'r, R: ReadChess>(_r: &R, _record: &'r [u8]) -> Option<&'r [u8]> {
        None
    }
}

/// What takes a record [`Trainer::position`] read.
pub(crate) trait Take<'r> {
    /// Takes the record (`true`).
    fn take(self, read: Read<'_, 'r>) -> bool;
}

/// A record read into a board, with its training fields when `train`.
pub(crate) struct ToBoard<'b, 'r> {
    board: &'b mut Board<'r>,
    train: bool,
}

impl<'r> Take<'r> for ToBoard<'_, 'r> {
    #[inline(always)]
    fn take(self, read: Read<'_, 'r>) -> bool {
        read.set_board(self.board, self.train);
        true
    }
}

/// A record's FEN written into `buf` with the reader `r`'s CPU features, its sides exchanged
/// when `swap`, its length into `end` (the caller appends it: one copy of the appending for
/// every form).
pub(crate) struct ToFen<'a, R> {
    r: &'a R,
    swap: bool,
    buf: &'a mut FenBuffer,
    end: &'a mut usize,
}

impl<'r, R: ReadChess> Take<'r> for ToFen<'_, R> {
    #[inline(always)]
    fn take(self, read: Read<'_, 'r>) -> bool {
        match read.write_fen(self.r, self.swap, self.buf) {
            Some(end) => {
                *self.end = end;
                true
            }
            None => false,
        }
    }
}

/// A trainer's record as [`Trainer::position`] reads it.
pub(crate) struct Read<'c, 'r> {
    /// The position, [`Chess::check`]ed.
    pub(crate) chess: &'c Chess,
    /// The training fields (White's view), read only when asked for and held.
    pub(crate) train: Option<Train>,
    /// The record's FEN placement as written, or empty (a record of bits).
    pub(crate) placement: &'r [u8],
    /// The record's FEN fields as written, where they are spelt as [`Chess::fields`] spells the
    /// position's; `None` for those to be written from the position.
    pub(crate) fields: Option<&'r [u8]>,
    /// The record's whole FEN text where it is the placement, a space and `fields` as written
    /// (the FEN the FEN form writes of it, unswapped, in one copy); else empty.
    pub(crate) fen: &'r [u8],
}

impl<'c, 'r> Read<'c, 'r> {
    /// A record of bits: the position and its training fields, no text.
    #[inline(always)]
    pub(crate) fn of(chess: &'c Chess, train: Option<Train>) -> Read<'c, 'r> {
        Read {
            chess,
            train,
            placement: &[],
            fields: None,
            fen: &[],
        }
    }

    /// Sets `board` to the record: its piece words, its fields (the record's text, else the
    /// position's written as the board's own) and its placement's text; with `train` what a
    /// writer that keeps training fields takes ([`Chess::keep`]).
    #[inline(always)]
    fn set_board(self, board: &mut Board<'r>, train: bool) {
        match self.fields {
            Some(fields) => {
                board.set(Size::CHESS, Repr::Chess(self.chess.words));
                board.fields = fields;
            }
            None => self.chess.set_board(board),
        }
        board.placement = self.placement;
        if train {
            self.chess.keep(board, self.train);
        }
    }

    /// Writes the record's FEN, as the FEN form writes the board [`Read::set_board`] sets (its
    /// sides exchanged when `swap`, the fields as written), at the start of `buf`: the
    /// placement's text or the words' placement, then a space and the fields (the record's
    /// text, or the position's written in place); returns its length, `None` for a text too
    /// long for the buffer (which the readers take none of).
    #[inline(always)]
    fn write_fen<R: ReadChess>(self, r: &R, swap: bool, buf: &mut FenBuffer) -> Option<usize> {
        if !swap && !self.fen.is_empty() {
            return words::put_bytes(buf, 0, self.fen).then_some(self.fen.len());
        }
        let head = buf.first_chunk_mut::<80>()?;
        let len = if swap {
            // The fields stay as written: the position's before the exchange.
            let mut w = self.chess.words;
            w.rotate_left(6);
            words::placement_of(r, &w, head)
        } else if self.placement.is_empty() {
            words::placement_of(r, &self.chess.words, head)
        } else {
            words::put_bytes(head, 0, self.placement).then_some(self.placement.len())?
        };
        match self.fields {
            Some([]) => Some(len),
            Some(fields) => {
                *buf.get_mut(len)? = b' ';
                words::put_bytes(buf, len + 1, fields).then_some(len + 1 + fields.len())
            }
            None => {
                *buf.get_mut(len)? = b' ';
                let to = buf.get_mut(len + 1..)?.first_chunk_mut()?;
                Some(len + 1 + self.chess.put_fields(to))
            }
        }
    }
}

/// A FEN put together before it is appended: the longest placement (71 bytes), a space and
/// the whole fields' buffer fit, in whole copies of 64 bytes ([`words::append`]).
pub(crate) type FenBuffer = [u8; 128];

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
        let train = need == Need::Train;
        T::position(r, record, train, ToBoard { board, train })
    }

    #[inline(always)]
    fn write_fen<R: ReadChess>(
        r: &R,
        record: &[u8],
        swap: bool,
        _: &Options,
        buf: &mut FenBuffer,
        end: &mut usize,
    ) -> bool {
        if !swap {
            if let Some(fen) = T::fen_as_written(r, record) {
                *end = fen.len();
                return words::put_bytes(buf, 0, fen);
            }
        }
        T::position(r, record, false, ToFen { r, swap, buf, end })
    }

    #[inline(always)]
    fn write_from_fen<R: ReadChess>(
        r: &R,
        record: &[u8],
        swap: bool,
        _: &Options,
        out: &mut Vec<u8>,
    ) -> Direct {
        let Some((_, words, fields)) = r.pieces(record) else {
            return Direct::NotTaken;
        };
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
        match c.read_standard(&fields) && c.check() && T::write(r, &c, fen, None, out) {
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
