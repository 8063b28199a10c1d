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

    /// These fields where set, else `base`'s.
    pub fn or(self, base: Train) -> Train {
        Train {
            score: self.score.or(base.score),
            result: self.result.or(base.result),
            mv: self.mv.or(base.mv),
            ply: self.ply.or(base.ply),
        }
    }

    /// The fields seen from the other side: the score and the result negated. `Err` names
    /// the score whose opposite does not fit 32 bits.
    ///
    /// ```
    /// use bbconv_board::train::Train;
    /// let t = Train { score: Some(31), result: Some(1), ..Train::default() };
    /// assert_eq!(t.turned().unwrap(), Train { score: Some(-31), result: Some(-1), ..t });
    /// assert!(Train { score: Some(i32::MIN), ..t }.turned().is_err());
    /// ```
    pub fn turned(self) -> Result<Train, String> {
        let score = match self.score {
            Some(s) => Some(s.checked_neg().ok_or_else(|| {
                format!("score: {s} from the other side is -({s}), past 32 bits")
            })?),
            None => None,
        };
        Ok(Train {
            score,
            result: self.result.map(|r| -r),
            ..self
        })
    }

    /// Sets `field` from its text as a table holds it: an integer for the score, the result
    /// (-1, 0 or 1) and the ply, a UCI move (`e2e4`, `e7e8q`); empty text, and `0000` for the
    /// move, leave the field unset. `Err` says what was expected.
    ///
    /// ```
    /// use bbconv_board::train::{Field, Train};
    /// let mut t = Train::default();
    /// t.set_text(Field::Score, "-35").unwrap();
    /// t.set_text(Field::Move, "e2e4").unwrap();
    /// t.set_text(Field::Result, "").unwrap();
    /// assert_eq!((t.score, t.mv.map(|m| m.uci()), t.result), (Some(-35), Some("e2e4".into()), None));
    /// assert!(t.set_text(Field::Result, "2").is_err());
    /// ```
    pub fn set_text(&mut self, field: Field, text: &str) -> Result<(), String> {
        let t = text.trim();
        if t.is_empty() {
            return Ok(());
        }
        if field == Field::Move {
            self.mv = match t {
                "0000" => None,
                _ => Some(Move::from_uci(t).ok_or_else(|| {
                    format!("move: found {t:?}: expected a UCI move such as e2e4 or e7e8q (0000 or nothing for none)")
                })?),
            };
            return Ok(());
        }
        let (lo, hi) = field.range();
        let n = t
            .strip_prefix('+')
            .unwrap_or(t)
            .parse::<i64>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| {
                format!(
                    "{}: found {t:?}: expected an integer from {lo} to {hi}",
                    field.name()
                )
            })?;
        // In range: the casts below are exact.
        match field {
            Field::Score => self.score = Some(n as i32),
            Field::Result => self.result = Some(n as i8),
            Field::Ply => self.ply = Some(n as u32),
            Field::Move => {}
        }
        Ok(())
    }
}

/// A field of a training record, as a table's column or a Python keyword names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Field {
    /// [`Train::score`].
    Score,
    /// [`Train::result`].
    Result,
    /// [`Train::mv`].
    Move,
    /// [`Train::ply`].
    Ply,
}

impl Field {
    /// Every field, in the order bbconv writes them.
    pub const ALL: [Field; 4] = [Field::Score, Field::Result, Field::Move, Field::Ply];

    /// Its name: `score`, `result`, `move`, `ply`.
    pub fn name(self) -> &'static str {
        match self {
            Field::Score => "score",
            Field::Result => "result",
            Field::Move => "move",
            Field::Ply => "ply",
        }
    }

    /// The field of a name.
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The integers an integer field takes (the move's is `(0, 0)`: it is no integer). A score
    /// is symmetric about 0, so that it can be seen from either side.
    pub fn range(self) -> (i64, i64) {
        match self {
            Field::Score => ((-i32::MAX).into(), i32::MAX.into()),
            Field::Result => (-1, 1),
            Field::Ply => (0, u32::MAX.into()),
            Field::Move => (0, 0),
        }
    }
}

/// Whose point of view a score and a result are given from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum View {
    /// White's (bbconv's JSON `train` member, marlinformat).
    #[default]
    White,
    /// The side to move's (Stockfish's `.bin` and `.plain`, bulletformat).
    Mover,
}

impl View {
    /// `fields` given from this view, turned to White's for a position with `black` to move.
    pub fn to_white(self, fields: Train, black: bool) -> Result<Train, String> {
        match (self, black) {
            (View::Mover, true) => fields.turned(),
            _ => Ok(fields),
        }
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
        let (bytes, len) = self.uci_bytes();
        bytes[..len].iter().map(|&b| char::from(b)).collect()
    }

    /// The move's UCI text as bytes, without allocating: five bytes and how many of them are
    /// the text (4, or 5 with a promotion).
    ///
    /// ```
    /// use bbconv_board::train::Move;
    /// let m = Move::from_uci("e7e8q").unwrap();
    /// assert_eq!(m.uci_bytes(), (*b"e7e8q", 5));
    /// ```
    pub fn uci_bytes(&self) -> ([u8; 5], usize) {
        let (f, t) = (self.from, self.to);
        let mut b = [b'a' + f % 8, b'1' + f / 8, b'a' + t % 8, b'1' + t / 8, 0];
        match self.promotion {
            Some(p) => {
                b[4] = p;
                (b, 5)
            }
            None => (b, 4),
        }
    }
}
