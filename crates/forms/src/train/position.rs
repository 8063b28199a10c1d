//! The chess position the trainers' records hold: a man or nothing on each of the 64 squares,
//! the side to move, the rooks that keep a castling right, the en passant square and the two
//! clocks; read from and written to bbconv's pieces value (a placement and its FEN fields), with
//! the checks every record of these forms must pass (one king a side, a castling right's rook
//! on its rank beside its king, an en passant square behind a pawn that just moved two squares).

use bbconv_board::placement::{Mark, Piece, Placement, Text};
use bbconv_board::train::Train;
use bbconv_board::Size;

use crate::{RenderError, RenderErrorKind, Value};

/// The kinds of chess men, in the order of the trainers' codes (pawn 0 .. king 5).
pub(crate) const KINDS: &[u8; 6] = b"PNBRQK";

/// A chess man: its kind (an index of [`KINDS`]) and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Man {
    /// Pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5.
    pub(crate) kind: u8,
    /// Black's.
    pub(crate) black: bool,
}

impl Man {
    /// The king's index in [`KINDS`].
    pub(crate) const KING: u8 = 5;
    /// The rook's index in [`KINDS`].
    pub(crate) const ROOK: u8 = 3;
    /// The pawn's index in [`KINDS`].
    pub(crate) const PAWN: u8 = 0;

    /// The man of a FEN letter.
    fn of_letter(letter: u8) -> Option<Man> {
        let kind = KINDS
            .iter()
            .position(|&k| k == letter.to_ascii_uppercase())?;
        Some(Man {
            kind: kind as u8,
            black: letter.is_ascii_lowercase(),
        })
    }

    /// Its FEN letter.
    fn letter(self) -> u8 {
        let l = KINDS[usize::from(self.kind)];
        if self.black {
            l.to_ascii_lowercase()
        } else {
            l
        }
    }
}

/// A chess position, squares in LERF order (a1 = 0, h8 = 63).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Position {
    /// The man on each square.
    pub(crate) squares: [Option<Man>; 64],
    /// Black is to move.
    pub(crate) black: bool,
    /// The rooks that keep a castling right, one bit a square (Chess960 too).
    pub(crate) castling: u64,
    /// The en passant square.
    pub(crate) ep: Option<u8>,
    /// The halfmove clock.
    pub(crate) halfmove: u32,
    /// The fullmove number.
    pub(crate) fullmove: u32,
}

/// The name of square `sq` (`e4`).
pub(crate) fn square_name(sq: u8) -> String {
    format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1)
}

/// The square of a name (`e4`).
fn square_of(name: &str) -> Option<u8> {
    match name.as_bytes() {
        &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
        _ => None,
    }
}

/// The steps of a knight, as (file, rank) offsets.
pub(crate) const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The steps of a king, straight and diagonal in turn (the even ones a rook's directions, the
/// odd ones a bishop's).
pub(crate) const AROUND: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// An error of a position that a trainer's form cannot hold.
fn cannot(message: impl Into<String>) -> RenderError {
    RenderError::new(RenderErrorKind::Unsupported, message)
}

/// A training record's score (White's view, 0 when it has none) from the side to move's view
/// (`black`: Black's), in the 16 bits Stockfish's records and bulletformat hold (the `.plain`
/// reader takes it into them); `Err` names the value that does not fit, in both views.
pub(crate) fn mover_score(train: &Train, black: bool) -> Result<i16, RenderError> {
    let white = train.score.unwrap_or(0);
    let mover = if black {
        -i64::from(white)
    } else {
        i64::from(white)
    };
    i16::try_from(mover).map_err(|_| {
        cannot(match black {
            true => format!("score {white} (White's view) is {mover} from the side to move's, past 16 bits (-32768 to 32767)"),
            false => format!("score {white} does not fit 16 bits (-32768 to 32767)"),
        })
    })
}

/// A training record's ply, or the FEN's (`2 x (fullmove - 1)` + Black to move, as the
/// reference's `Position::ply()`), in 16 bits; `Err` names the value that does not fit.
pub(crate) fn ply16(train: &Train, pos: &Position) -> Result<u16, RenderError> {
    let derived = u64::from(pos.fullmove.saturating_sub(1)) * 2 + u64::from(pos.black);
    let ply = train.ply.map_or(derived, u64::from);
    u16::try_from(ply).map_err(|_| {
        cannot(match train.ply {
            Some(_) => format!("ply {ply} does not fit 16 bits"),
            None => format!("ply {ply} (2 x (fullmove number {} - 1) + side to move: the record gives none) does not fit 16 bits", pos.fullmove),
        })
    })
}

impl Position {
    /// The empty board, White to move, no castling or en passant, clocks 0 and 1.
    pub(crate) fn empty() -> Position {
        Position {
            squares: [None; 64],
            black: false,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The occupied squares.
    pub(crate) fn occupancy(&self) -> u64 {
        (0..64)
            .filter(|&s| self.squares[s].is_some())
            .fold(0, |b, s| b | 1 << s)
    }

    /// The square of the king of a colour, when there is exactly one.
    pub(crate) fn king(&self, black: bool) -> Option<u8> {
        let mut kings = (0..64u8).filter(|&s| {
            self.squares[usize::from(s)]
                == Some(Man {
                    kind: Man::KING,
                    black,
                })
        });
        match (kings.next(), kings.next()) {
            (Some(k), None) => Some(k),
            _ => None,
        }
    }

    /// The square of the pawn that moved two squares past the en passant square `ep`.
    pub(crate) fn ep_pawn(ep: u8) -> u8 {
        ep ^ 8
    }

    /// Checks what every record of the trainers' forms holds: one king a side, each castling
    /// right's rook on its colour's back rank with the king on that rank too, and an en passant
    /// square on the sixth rank (White to move) or the third (Black), empty, behind a pawn of the
    /// side that just moved. `Err` names the field and what is wrong.
    pub(crate) fn check(&self) -> Result<(), String> {
        for black in [false, true] {
            let n = self
                .squares
                .iter()
                .flatten()
                .filter(|m| {
                    **m == Man {
                        kind: Man::KING,
                        black,
                    }
                })
                .count();
            if n != 1 {
                return Err(format!(
                    "kings: {n} {} kings, expected one",
                    if black { "black" } else { "white" }
                ));
            }
        }
        let mut rooks = self.castling;
        while rooks != 0 {
            let sq = rooks.trailing_zeros() as u8;
            rooks &= rooks - 1;
            let black = sq >= 56;
            let back = if black { 7 } else { 0 };
            let man = self.squares[usize::from(sq)];
            let king = self.king(black).unwrap_or(0);
            if sq / 8 != back
                || man
                    != Some(Man {
                        kind: Man::ROOK,
                        black,
                    })
                || king / 8 != back
            {
                return Err(format!(
                    "castling: a right whose rook is on {} with the king on {}, expected a {} rook and king on rank {}",
                    square_name(sq),
                    square_name(king),
                    if black { "black" } else { "white" },
                    back + 1
                ));
            }
        }
        if let Some(ep) = self.ep {
            let rank = if self.black { 2 } else { 5 };
            let pawn = Position::ep_pawn(ep);
            let ok = ep / 8 == rank
                && self.squares[usize::from(ep)].is_none()
                && self.squares[usize::from(pawn)]
                    == Some(Man {
                        kind: Man::PAWN,
                        black: !self.black,
                    });
            if !ok {
                return Err(format!(
                    "en passant: {} has no pawn that just moved two squares in front of it",
                    square_name(ep)
                ));
            }
        }
        Ok(())
    }

    /// The position of a pieces value: an 8x8 placement of chess letters and its FEN fields
    /// (absent ones: White to move, no castling, no en passant, clocks 0 and 1).
    pub(crate) fn of_value(v: &Value) -> Result<Position, RenderError> {
        let Value::Pieces(p) = v else {
            return Err(cannot("a trainer's record holds a chess position: expected piece letters (a FEN, say), found a bitboard or two sides"));
        };
        if p.size() != Size::CHESS || p.holdings.is_some() {
            return Err(cannot(format!(
                "a trainer's record holds an 8x8 chess position without holdings, found a {} board{}",
                p.size(),
                if p.holdings.is_some() { " with holdings" } else { "" }
            )));
        }
        let mut squares = [None; 64];
        for (sq, cell) in p.cells().iter().enumerate() {
            if let Some(piece) = cell {
                let man = Man::of_letter(piece.letter).filter(|_| piece.mark == Mark::None);
                squares[sq] = Some(man.ok_or_else(|| {
                    cannot(format!(
                        "square {}: '{}' is not a chess man (PNBRQK, pnbrqk)",
                        square_name(sq as u8),
                        char::from(piece.letter)
                    ))
                })?);
            }
        }
        let mut pos = Position {
            squares,
            ..Position::empty()
        };
        let rest = p.rest.as_ref().map_or("", |t| t.as_str());
        pos.read_fields(rest).map_err(cannot)?;
        pos.check().map_err(cannot)?;
        Ok(pos)
    }

    /// Reads the FEN fields after the placement.
    fn read_fields(&mut self, rest: &str) -> Result<(), String> {
        let mut fields = rest.split_ascii_whitespace();
        match fields.next() {
            None | Some("w") => {}
            Some("b") => self.black = true,
            Some(f) => return Err(format!("side to move: '{f}', expected w or b")),
        }
        if let Some(c) = fields.next().filter(|&c| c != "-") {
            for letter in c.bytes() {
                self.castling |= 1 << self.castling_rook(letter)?;
            }
        }
        if let Some(e) = fields.next().filter(|&e| e != "-") {
            self.ep = Some(
                square_of(e).ok_or_else(|| format!("en passant: '{e}', expected - or a square"))?,
            );
        }
        let number = |f: Option<&str>, name: &str, default: u32| match f {
            None => Ok(default),
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| format!("{name}: '{t}', expected a number")),
        };
        self.halfmove = number(fields.next(), "halfmove clock", 0)?;
        self.fullmove = number(fields.next(), "fullmove number", 1)?;
        Ok(())
    }

    /// The square of the rook that a FEN castling letter names: `K`/`Q` the outermost rook on
    /// the king's side of its king, a file letter (Shredder-FEN, X-FEN) the rook on that file.
    fn castling_rook(&self, letter: u8) -> Result<u8, String> {
        let black = letter.is_ascii_lowercase();
        let back = if black { 56 } else { 0 };
        let rook = Some(Man {
            kind: Man::ROOK,
            black,
        });
        let on = |f: u8| self.squares[usize::from(back + f)] == rook;
        let king = self
            .king(black)
            .filter(|k| k / 8 == back / 8)
            .map(|k| k % 8);
        let file = match (letter.to_ascii_uppercase(), king) {
            (b'K', Some(k)) => (k + 1..8).rev().find(|&f| on(f)),
            (b'Q', Some(k)) => (0..k).find(|&f| on(f)),
            (f @ b'A'..=b'H', _) => Some(f - b'A').filter(|&f| on(f)),
            _ => None,
        };
        file.map(|f| back + f).ok_or_else(|| {
            format!(
                "castling: '{}' names no {} rook beside its king on rank {}",
                char::from(letter),
                if black { "black" } else { "white" },
                back / 8 + 1
            )
        })
    }

    /// The castling field of a FEN: `K`/`Q` for a right of the outermost rook on its side of
    /// the king, the rook's file letter otherwise; `-` for none.
    fn castling_field(&self) -> String {
        let mut s = String::new();
        for black in [false, true] {
            let back: u8 = if black { 56 } else { 0 };
            let king = self.king(black).map_or(4, |k| k % 8);
            let rooks: Vec<u8> = (0..8)
                .filter(|&f| self.castling >> (back + f) & 1 == 1)
                .collect();
            let rook = Some(Man {
                kind: Man::ROOK,
                black,
            });
            let outer = |f: u8| {
                let between: Vec<u8> = if f > king {
                    (f + 1..8).collect()
                } else {
                    (0..f).collect()
                };
                between
                    .iter()
                    .all(|&g| self.squares[usize::from(back + g)] != rook)
            };
            for &f in rooks.iter().rev() {
                let letter = match (f > king, outer(f)) {
                    (true, true) => b'K',
                    (false, true) => b'Q',
                    _ => b'A' + f,
                };
                s.push(char::from(if black {
                    letter.to_ascii_lowercase()
                } else {
                    letter
                }));
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// Whether a pawn of the side to move can take en passant without leaving its king attacked,
    /// the square the taken pawn came from being empty (Stockfish keeps the square only then).
    pub(crate) fn ep_legal(&self) -> bool {
        let Some(ep) = self.ep else { return false };
        let pushed = Position::ep_pawn(ep);
        // The pawn's square before its double step is empty.
        let origin = if self.black { ep - 8 } else { ep + 8 };
        if self.squares[usize::from(origin)].is_some() {
            return false;
        }
        let pawn = Some(Man {
            kind: Man::PAWN,
            black: self.black,
        });
        let Some(king) = self.king(self.black) else {
            return false;
        };
        [pushed.checked_sub(1), pushed.checked_add(1)]
            .into_iter()
            .flatten()
            .filter(|&c| c / 8 == pushed / 8 && self.squares[usize::from(c)] == pawn)
            .any(|c| {
                let mut after = self.squares;
                after[usize::from(c)] = None;
                after[usize::from(pushed)] = None;
                after[usize::from(ep)] = pawn;
                !attacked(&after, king, !self.black)
            })
    }

    /// The pieces value of the position: its placement and FEN fields.
    pub(crate) fn to_value(&self) -> Value {
        self.to_value_with(Train::default())
    }

    /// [`Position::to_value`] with a training record's fields.
    pub(crate) fn to_value_with(&self, train: Train) -> Value {
        let mut cells = [None; 64];
        for (c, m) in cells.iter_mut().zip(self.squares) {
            *c = m.map(|m| Piece::new(m.letter()));
        }
        let mut p = Placement::from_cells(Size::CHESS, cells)
            .unwrap_or_else(|| Placement::empty(Size::CHESS));
        let rest = format!(
            "{} {} {} {} {}",
            if self.black { 'b' } else { 'w' },
            self.castling_field(),
            self.ep.map_or("-".to_string(), square_name),
            self.halfmove,
            self.fullmove
        );
        p.rest = Some(Text::from(rest.as_str()));
        p.train = (!train.is_empty()).then(|| Box::new(train));
        Value::Pieces(p)
    }
}

/// The training fields of a value (none but on a pieces value read with them).
pub(crate) fn train_of(v: &Value) -> Train {
    match v {
        Value::Pieces(p) => p.train.as_deref().copied().unwrap_or_default(),
        _ => Train::default(),
    }
}

/// Whether a man of the side `by_black` attacks `sq` on `squares`.
fn attacked(squares: &[Option<Man>; 64], sq: u8, by_black: bool) -> bool {
    let (f, r) = (
        i8::try_from(sq % 8).unwrap_or(0),
        i8::try_from(sq / 8).unwrap_or(0),
    );
    let at = |df: i8, dr: i8| -> Option<Option<Man>> {
        let (f, r) = (f + df, r + dr);
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| squares[(r * 8 + f) as usize])
    };
    let is = |m: Option<Option<Man>>, kinds: &[u8]| matches!(m, Some(Some(m)) if m.black == by_black && kinds.contains(&m.kind));
    let pawn_rank = if by_black { 1 } else { -1 };
    let steps =
        |deltas: &[(i8, i8)], kinds: &[u8]| deltas.iter().any(|&(df, dr)| is(at(df, dr), kinds));
    let ray = |df: i8, dr: i8, kinds: &[u8]| {
        let mut k = 1;
        loop {
            match at(df * k, dr * k) {
                Some(None) => k += 1,
                m => return is(m, kinds),
            }
        }
    };
    steps(&[(-1, pawn_rank), (1, pawn_rank)], &[Man::PAWN])
        || steps(&KNIGHT, &[1])
        || steps(&AROUND, &[Man::KING])
        || AROUND.iter().enumerate().any(|(k, &(df, dr))| {
            let slider = if k % 2 == 0 { [Man::ROOK, 4] } else { [2, 4] };
            ray(df, dr, &slider)
        })
}
