//! The fields a training record keeps beside its position (the search score, the game's
//! result, the move played, the game ply), typed and from White's point of view, so that each
//! trainer's form turns them to its own.

/// A training record's fields; `None` where the record had none.
///
/// ```
/// use bbconv_board::train::{Move, Train};
/// let t = Train { score: Some(-35), result: Some(-1), mv: Move::from_uci("d4e2"), ply: Some(1) };
/// assert_eq!(t.mv.map(|m| m.uci()).as_deref(), Some("d4e2"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Train {
    /// The search score, in centipawns as the trainer wrote it, from White's point of view.
    pub score: Option<i32>,
    /// The game's result from White's point of view: 1 White won, 0 a draw, -1 Black won.
    pub result: Option<i8>,
    /// The move played.
    pub mv: Option<Move>,
    /// The game ply (half-moves from the game's start).
    pub ply: Option<u32>,
}

impl Train {
    /// Whether no field is set.
    pub fn is_empty(&self) -> bool {
        *self == Train::default()
    }
}

/// A chess move as UCI writes it: from and to squares (LERF, a1 = 0), and the promotion's
/// letter (`n`, `b`, `r`, `q`); castling is the king's move (`e1g1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square it leaves.
    pub from: u8,
    /// The square it reaches.
    pub to: u8,
    /// The promotion's lowercase letter.
    pub promotion: Option<u8>,
}

impl Move {
    /// The move of a UCI text (`e2e4`, `e7e8q`); `None` for anything else (`0000` too).
    ///
    /// ```
    /// use bbconv_board::train::Move;
    /// assert_eq!(Move::from_uci("e7e8q").map(|m| (m.from, m.to, m.promotion)), Some((52, 60, Some(b'q'))));
    /// assert_eq!(Move::from_uci("e9e8"), None);
    /// ```
    pub fn from_uci(t: &str) -> Option<Move> {
        let b = t.as_bytes();
        let square = |f: u8, r: u8| match (f, r) {
            (b'a'..=b'h', b'1'..=b'8') => Some((r - b'1') * 8 + (f - b'a')),
            _ => None,
        };
        let (from, to) = (
            square(*b.first()?, *b.get(1)?)?,
            square(*b.get(2)?, *b.get(3)?)?,
        );
        let promotion = match b.get(4..) {
            Some([]) => None,
            Some([p @ (b'n' | b'b' | b'r' | b'q')]) => Some(*p),
            _ => return None,
        };
        Some(Move {
            from,
            to,
            promotion,
        })
    }

    /// The move's UCI text.
    pub fn uci(&self) -> String {
        let name = |s: u8| [char::from(b'a' + s % 8), char::from(b'1' + s / 8)];
        let mut t: String = name(self.from).into_iter().chain(name(self.to)).collect();
        if let Some(p) = self.promotion {
            t.push(char::from(p));
        }
        t
    }
}
