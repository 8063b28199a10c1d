//! The one board value every conversion goes through: a reader fills a [`Board`], a writer
//! writes from it. A board of at most 64 squares is held as words (one bitboard, the two sides,
//! or one word a chess piece letter), a larger two-player board as more words, with the FEN's
//! other fields by reference into the record; what words cannot say (other piece letters and
//! their marks, holdings, a PDN's notation, an EPD's operations, an OBF line's notes, boards past
//! 512 squares) is held as the general [`Value`]. No form is known here.

use bbconv_board::placement::{Piece, Text};
use bbconv_board::train::Train;
use bbconv_board::{Bitboard, Pair, Placement, Size, Turn};

use crate::{Layer, Value};

/// Words a side of the largest board held as words (512 squares: Go's 19x19 and more).
pub(crate) const WIDE_WORDS: usize = 8;

/// The chess piece letters, in the order of a [`Board`]'s piece words (the order of
/// `bbconv_board::placement::CHESS_PIECE_ORDER`): the first side's six, then the second's.
pub const PIECE_LETTERS: &[u8; 12] = b"PNBRQKpnbrqk";

/// What a reader must fill for the writer that follows: the two sides suffice for every form
/// that holds one or two bitboards, so a FEN read for `packed` builds two words, not twelve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Need {
    /// The two sides (or the one bitboard), and the side to move.
    Sides,
    /// Everything the record says: piece letters, fields, notes; but a training record's
    /// fields (score, result, move, ply), which only the writers that keep them need.
    All,
    /// Everything, a training record's fields too (kept on the board): the writers that keep
    /// them (JSON's `train` member, the trainers' forms) and [`crate::read`], whose board any
    /// writer may follow.
    Train,
}

/// A board as a reader left it, for a writer: see the module documentation.
///
/// ```
/// use bbconv_forms::{read, write, Board, Format, Options};
/// let opts = Options::default();
/// let fen = b"8/8/8/8/8/8/8/R6k w - - 0 1";
/// let mut board = Board::new();
/// read(Format::Fen, fen, &opts, &mut board).unwrap();
/// assert_eq!(board.size().to_string(), "8x8");
/// assert_eq!(board.sides(), Some((1, 0x80)));
/// let mut out = Vec::new();
/// write(Format::Pair, &board, &opts, &mut out).unwrap();
/// assert_eq!(out, b"0x0000000000000001 0x0000000000000080");
/// ```
#[derive(Debug, Clone)]
pub struct Board<'r> {
    pub(crate) size: Size,
    pub(crate) repr: Repr,
    /// A FEN's placement as written (already in its one written form), while it still
    /// describes the piece words (a swap drops it).
    pub(crate) placement: &'r [u8],
    /// A FEN's other fields as written in their common spelling (side to move first), or empty;
    /// [`Board::fields`] reads them (`own` first).
    pub(crate) fields: &'r [u8],
    /// The other fields when a word path wrote them itself, not found in the record (a
    /// trainer's record holds them as bits): they stand for `fields`.
    pub(crate) own: Option<OwnFields>,
    /// A two-player board's side to move (an Edax board's); exchanged by a swap.
    pub(crate) turn: Option<Turn>,
    /// What a word path read for a writer that keeps a training record's fields
    /// ([`Need::Train`]); the general reading keeps its own in [`Board::general`]. (One field,
    /// so that a board is reset with one store.)
    pub(crate) kept: Option<Kept>,
    /// The board as the general reading read it, when `repr` is [`Repr::Value`]. (Apart from
    /// `repr`, which is plain words and copied freely: only this field has anything to drop.)
    pub(crate) general: Option<Value>,
}

/// What a word path read of a chess position for a writer that keeps a training record's
/// fields ([`Board::kept`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Kept {
    /// The record's training fields (White's view), if it holds them.
    pub(crate) train: Option<Train>,
    /// The FEN fields as numbers of the position, checked with its piece words: they say what
    /// [`Board::fields`] says, read (a writer of numbers need not read the text again). A swap
    /// drops them.
    pub(crate) numbers: Option<ChessFields>,
}

/// A chess position's FEN fields (but the placement) as numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ChessFields {
    /// Black is to move.
    pub(crate) black: bool,
    /// The rooks that keep a castling right, one bit a square.
    pub(crate) castling: u64,
    /// The en passant square.
    pub(crate) ep: Option<u8>,
    /// The halfmove clock.
    pub(crate) halfmove: u32,
    /// The fullmove number.
    pub(crate) fullmove: u32,
}

/// How a [`Board`] holds its squares.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Repr {
    /// Nothing read yet.
    Empty,
    /// One bitboard of at most 64 squares, LERF.
    One(u64),
    /// Two disjoint sides of at most 64 squares, LERF.
    Two(u64, u64),
    /// One LERF word a letter of [`PIECE_LETTERS`] (an 8x8 chess placement).
    Chess([u64; 12]),
    /// Two disjoint sides of 65 to 512 squares, LERF, `size.squares().div_ceil(64)` words each.
    Wide([[u64; WIDE_WORDS]; 2]),
    /// Everything else, as the general reading read it: in [`Board::general`].
    Value,
}

impl Default for Board<'_> {
    fn default() -> Self {
        Board::new()
    }
}

impl<'r> Board<'r> {
    /// An empty board, to be filled by [`crate::read`].
    #[inline(always)]
    pub fn new() -> Board<'r> {
        Board {
            size: Size::CHESS,
            repr: Repr::Empty,
            placement: &[],
            fields: &[],
            own: None,
            turn: None,
            kept: None,
            general: None,
        }
    }

    /// The board as a general [`Value`] (for a form read by the general reading); one bitboard
    /// of at most 64 squares is held as its word, as the word paths hold it (so that a writer
    /// of one bitboard writes it whatever the layer).
    pub fn from_value(value: Value) -> Board<'r> {
        if let Value::Single(b) = &value {
            if let Some(w) = b.as_u64() {
                let mut board = Board::new();
                board.set(b.size(), Repr::One(w));
                return board;
            }
        }
        Board {
            size: value.size(),
            repr: Repr::Value,
            general: Some(value),
            ..Board::new()
        }
    }

    /// Sets the board to `repr` of `size`, with no text.
    #[inline(always)]
    pub(crate) fn set(&mut self, size: Size, repr: Repr) {
        // Field by field: a whole new board would be built aside and copied over.
        self.size = size;
        self.repr = repr;
        self.placement = &[];
        self.fields = &[];
        self.own = None;
        self.turn = None;
        self.kept = None;
    }

    /// The training record's fields a word path read ([`Board::kept`]).
    #[inline(always)]
    pub(crate) fn train(&self) -> Option<&Train> {
        self.kept.as_ref()?.train.as_ref()
    }

    /// The FEN's other fields in their common spelling (side to move first), or empty: the
    /// word path's own, else the record's.
    #[inline(always)]
    pub(crate) fn fields(&self) -> &[u8] {
        match &self.own {
            Some(own) => own.text(),
            None => self.fields,
        }
    }

    /// Sets the board to an 8x8 `repr` when a word path read one; whether it did.
    #[inline(always)]
    pub(crate) fn set_chess(&mut self, repr: Option<Repr>) -> bool {
        match repr {
            Some(repr) => {
                self.set(Size::CHESS, repr);
                true
            }
            None => false,
        }
    }

    /// The board's size.
    #[inline(always)]
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether the board holds one bitboard, not two sides or pieces.
    pub fn is_single(&self) -> bool {
        matches!(self.repr, Repr::One(_))
            || matches!(
                (self.repr, &self.general),
                (Repr::Value, Some(Value::Single(_)))
            )
    }

    /// The two sides as LERF words when the board has at most 64 squares and the general value
    /// says nothing more of them (one bitboard is the first side).
    #[inline(always)]
    pub fn sides(&self) -> Option<(u64, u64)> {
        match &self.repr {
            Repr::One(b) => Some((*b, 0)),
            Repr::Two(f, s) => Some((*f, *s)),
            Repr::Chess(w) => Some((
                w[0] | w[1] | w[2] | w[3] | w[4] | w[5],
                w[6] | w[7] | w[8] | w[9] | w[10] | w[11],
            )),
            Repr::Value => match self.general.as_ref()? {
                Value::Single(b) => Some((b.as_u64()?, 0)),
                Value::Pair(p) => Some((p.first().as_u64()?, p.second().as_u64()?)),
                Value::Pieces(_) => None,
            },
            _ => None,
        }
    }

    /// The side to move as a two-player board says it: its own, or a FEN's `w` or `b`.
    pub fn turn(&self) -> Option<Turn> {
        if self.turn.is_some() {
            return self.turn;
        }
        match (self.repr, &self.general) {
            (Repr::Value, Some(Value::Pair(p))) => p.turn,
            (Repr::Value, Some(Value::Pieces(pl))) => {
                fen_turn(pl.rest.as_ref().map(|r| r.as_bytes()))
            }
            _ => fen_turn(Some(self.fields())),
        }
    }

    /// Exchanges the two sides (`--swap`): uppercase and lowercase letters, and a two-player
    /// board's side to move; a FEN's fields stay as written, one bitboard is unchanged.
    pub fn swap(&mut self) {
        match &mut self.repr {
            Repr::Empty | Repr::One(_) => {}
            Repr::Two(f, s) => std::mem::swap(f, s),
            Repr::Chess(w) => {
                let (a, b) = w.split_at_mut(6);
                a.swap_with_slice(b);
                self.placement = &[];
                if let Some(k) = &mut self.kept {
                    k.numbers = None;
                }
            }
            Repr::Wide(w) => w.swap(0, 1),
            Repr::Value => self.general = self.general.take().map(Value::swap),
        }
        self.turn = self.turn.map(Turn::other);
    }

    /// The board as a general [`Value`], for a writer that has no word path for it.
    pub fn to_value(&self) -> Value {
        let pair = |f: &[u64], s: &[u64]| {
            let (f, s) = (
                Bitboard::from_words(self.size, f),
                Bitboard::from_words(self.size, s),
            );
            let mut p = match (f, s) {
                (Ok(f), Ok(s)) => Pair::new(f, s).unwrap_or_else(|_| Pair::empty(self.size)),
                _ => Pair::empty(self.size),
            };
            p.turn = self.turn;
            let fields = self.fields();
            if fields.is_empty() {
                return Value::Pair(p);
            }
            // A FEN's sides: its fields go with them, as with the placement they were read from.
            let mut pl = Placement::from_pair(&p, b'P', b'p');
            pl.rest = Text::from_ascii(fields);
            Value::Pieces(pl)
        };
        match &self.repr {
            Repr::Empty => Value::Single(Bitboard::empty(self.size)),
            Repr::One(b) => Value::Single(
                Bitboard::small(self.size, *b).unwrap_or_else(|| Bitboard::empty(self.size)),
            ),
            Repr::Two(f, s) => pair(&[*f], &[*s]),
            Repr::Wide(w) => {
                let n = self.size.squares().div_ceil(64);
                pair(&w[0][..n], &w[1][..n])
            }
            Repr::Chess(words) => {
                let mut pl = Placement::empty(self.size);
                for (&w, &letter) in words.iter().zip(PIECE_LETTERS) {
                    let mut m = w;
                    while m != 0 {
                        pl.set(m.trailing_zeros() as usize, Some(Piece::new(letter)));
                        m &= m - 1;
                    }
                }
                let fields = self.fields();
                pl.rest = (!fields.is_empty())
                    .then(|| Text::from_ascii(fields))
                    .flatten();
                pl.train = self.train().filter(|t| !t.is_empty()).map(|t| Box::new(*t));
                Value::Pieces(pl)
            }
            Repr::Value => self
                .general
                .clone()
                .unwrap_or_else(|| Value::Single(Bitboard::empty(self.size))),
        }
    }

    /// One bitboard of the board as LERF words of at most 64 squares (`None` past that): the
    /// board itself if it is one bitboard, else the layer asked for, else `None`.
    #[inline(always)]
    pub(crate) fn single(&self, layer: Option<Layer>) -> Option<u64> {
        if let Repr::One(b) = self.repr {
            return Some(b);
        }
        let (f, s) = self.sides()?;
        match layer? {
            Layer::First => Some(f),
            Layer::Second => Some(s),
            Layer::Occupied => Some(f | s),
        }
    }
}

/// A FEN's other fields a word path wrote itself ([`Board::own`]): at most [`OwnFields::CAP`]
/// bytes, in a buffer of the board's own.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OwnFields {
    bytes: [u8; OwnFields::CAP],
    len: u8,
}

impl OwnFields {
    /// The most bytes held: `b Kkqq...` with every castling file of both sides (14 letters), an
    /// en passant square and two counters of ten digits are 41.
    pub(crate) const CAP: usize = 47;

    /// The fields of `bytes[..len]`, `len` at most [`OwnFields::CAP`] (a longer `len` is cut).
    #[inline(always)]
    pub(crate) fn new(bytes: [u8; OwnFields::CAP], len: usize) -> OwnFields {
        OwnFields {
            bytes,
            len: len.min(OwnFields::CAP) as u8,
        }
    }

    /// The text's bytes and what follows them in the buffer (`text()` is the first `len`).
    #[inline(always)]
    pub(crate) fn padded(&self) -> (&[u8; OwnFields::CAP], usize) {
        (&self.bytes, usize::from(self.len))
    }

    /// The text.
    #[inline(always)]
    pub(crate) fn text(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The whole buffer and the text's length in it (for a copy of a fixed size).
    #[inline(always)]
    pub(crate) fn buffer(&self) -> (&[u8; OwnFields::CAP], usize) {
        (&self.bytes, usize::from(self.len))
    }
}

/// The side to move of a FEN's fields: `w` first, `b` second.
fn fen_turn(fields: Option<&[u8]>) -> Option<Turn> {
    match fields?.first() {
        Some(b'w') => Some(Turn::First),
        Some(b'b') => Some(Turn::Second),
        _ => None,
    }
}
