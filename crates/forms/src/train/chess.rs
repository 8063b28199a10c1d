//! The trainers' word paths' position: a chess position as a [`Board`]'s twelve piece words
//! (`PNBRQKpnbrqk`, LERF) with its fields as numbers ([`Chess`]), read from a FEN or a board's
//! words and fields, checked as [`super::position::Position::check`] checks, and given back to a
//! board with its fields written in their common spelling. Anything the general reading or
//! writing would refuse, or spell otherwise, is `None`/`false` here: the general code decides.

use bbconv_board::Size;

use super::position::Man;
use crate::board::{Board, ChessFields, Kept, OwnFields, Repr};
use crate::fen::fields::Standard;
use bbconv_board::train::Train;

/// The words' index of the rook and the king of White (Black's: 6 more).
const ROOK: usize = 3;
const KING: usize = 5;

/// The first rank's squares, and the eighth's.
pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_8: u64 = 0xff << 56;

/// A chess position as piece words and fields: the trainers' word paths' model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Chess {
    /// One LERF word a piece letter of `PNBRQKpnbrqk`, disjoint.
    pub(crate) words: [u64; 12],
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

impl Chess {
    /// The position of piece words with the fields' defaults (White to move, no castling or en
    /// passant, clocks 0 and 1), as a record without fields reads.
    #[inline(always)]
    pub(crate) fn of_words(words: [u64; 12]) -> Chess {
        Chess {
            words,
            black: false,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The man on `sq` (none past h8).
    #[inline(always)]
    pub(crate) fn man(&self, sq: u8) -> Option<Man> {
        let on = |w: &u64| w.checked_shr(u32::from(sq)).unwrap_or(0) & 1 == 1;
        let k = self.words.iter().position(on)?;
        Some(Man {
            kind: (k % 6) as u8,
            black: k >= 6,
        })
    }

    /// The position of a board of piece words and its fields, and whether it is
    /// [`Chess::check`]ed (a word path read and checked it: its fields are the board's
    /// numbers); `None` for any other board.
    #[inline(always)]
    pub(crate) fn of_board(board: &Board<'_>) -> Option<(Chess, bool)> {
        match (&board.repr, board.kept.and_then(|k| k.numbers)) {
            (Repr::Chess(w), Some(n)) => Some((
                Chess {
                    words: *w,
                    black: n.black,
                    castling: n.castling,
                    ep: n.ep,
                    halfmove: n.halfmove,
                    fullmove: n.fullmove,
                },
                true,
            )),
            (Repr::Chess(w), None) if board.size == Size::CHESS => Chess::of_words(*w)
                .with_fields(board.fields())
                .map(|c| (c, false)),
            _ => None,
        }
    }

    /// The position with the FEN fields `text` read as the general reading reads them: empty,
    /// or exactly `S C E H F` with one space between; `None` for any other spelling or a field
    /// the general reading refuses (a castling letter that names no rook, a number past 32
    /// bits), which it then reports.
    #[inline(always)]
    pub(crate) fn with_fields(mut self, text: &[u8]) -> Option<Chess> {
        let Some((&side, rest)) = text.split_first() else {
            return Some(self);
        };
        self.black = match side {
            b'w' => false,
            b'b' => true,
            _ => return None,
        };
        let (castling, rest) = field(rest.strip_prefix(b" ")?)?;
        let (ep, rest) = field(rest)?;
        let (half, full) = field(rest)?;
        if castling != b"-" {
            for &letter in castling {
                self.castling |= 1 << self.castling_rook(letter)?;
            }
        }
        self.ep = match *ep {
            [b'-'] => None,
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
            _ => return None,
        };
        self.halfmove = number(half)?;
        self.fullmove = number(full)?;
        Some(self)
    }

    /// [`Chess::with_fields`] of fields in their common spelling, as the FEN readers accept
    /// them with the placement ([`crate::fen::fields::standard`], the text after its first
    /// space), through [`Chess::read_standard`]: the same position. Other text gives `None`
    /// (the differential tests compare the two readings on the fields `standard` accepts).
    #[cfg(test)]
    pub(crate) fn with_standard_fields(mut self, t: &[u8]) -> Option<Chess> {
        let text = match t {
            [] => Vec::new(),
            _ => [b" ", t].concat(),
        };
        let f = crate::fen::fields::standard(&text)?;
        self.read_standard(&f).then_some(self)
    }

    /// The fields `f` set on the position, as the FEN readers read them with the placement
    /// ([`crate::fen::fields::standard`]: the fields are read once, as their spelling is
    /// checked), the rights of corner rooks at once ([`Chess::corner_rights`]); false for a
    /// castling letter that names no rook (the position is then partly set). In place: the
    /// position is not copied out and back, about 50 instructions a record (`-f sf-plain -t
    /// fen`, callgrind).
    #[inline(always)]
    pub(crate) fn read_standard(&mut self, f: &Standard) -> bool {
        self.black = f.black();
        if f.letters != 0 {
            match self.castling_of(f.letters) {
                Some(c) => self.castling = c,
                None => return false,
            }
        }
        self.ep = f.ep();
        (self.halfmove, self.fullmove) = f.counters();
        true
    }

    /// The castling rooks of the letters `KQkq` of `letters` (bit `k` for `KQkq[k]`), as
    /// [`Chess::castling_rook`] finds them: the corner rooks at once where each letter's is
    /// one (its king alone on its rank, on its side), else letter by letter.
    #[inline(always)]
    fn castling_of(&self, letters: u8) -> Option<u64> {
        let want = RIGHT_CORNERS[usize::from(letters & 15)];
        if want & !self.corner_rights() == 0 {
            return Some(want);
        }
        let mut castling = 0;
        for (k, &letter) in b"KQkq".iter().enumerate() {
            if letters >> k & 1 == 1 {
                castling |= 1 << self.castling_rook(letter)?;
            }
        }
        Some(castling)
    }

    /// Whether a board whose kings and rooks are `[K, R, k, r]` (its other words any) with
    /// the castling letters `letters` (bit `k` for `KQkq[k]`) and no en passant square is
    /// read by [`Chess::read_standard`] and passes [`Chess::check`], where the letters name
    /// their corner rooks at once; `false` also where the letters must be read one by one
    /// (the whole position then decides). The corners [`Chess::corner_rights`] gives have a
    /// rook and their king on its back rank; with the rook of the king's colour, that is all
    /// the check asks of castling.
    #[inline(always)]
    pub(crate) fn corner_check(
        [king, rook, black_king, black_rook]: [u64; 4],
        letters: u8,
    ) -> bool {
        let mut words = [0u64; 12];
        (words[KING], words[ROOK], words[6 + KING], words[6 + ROOK]) =
            (king, rook, black_king, black_rook);
        let kings = king.count_ones() == 1 && black_king.count_ones() == 1;
        let want = RIGHT_CORNERS[usize::from(letters & 15)];
        let own = rook & RANK_1 | black_rook & RANK_8;
        kings && want & !(Chess::of_words(words).corner_rights() & own) == 0
    }

    /// The corners whose rook a letter `K`/`Q`/`k`/`q` names: a rook there, its colour's king
    /// alone and on its rank, on the near side of it (`K`: h1 with the king west of it).
    #[inline(always)]
    fn corner_rights(&self) -> u64 {
        let side = |king: u64, back: u32| {
            let rank = (king >> back) as u8;
            let alone = king & king.wrapping_sub(1) == 0;
            let h = u64::from(alone && rank & 0x7f != 0) << 7;
            let a = u64::from(alone && rank & 0xfe != 0);
            (h | a) << back
        };
        let rooks = self.words[ROOK] | self.words[6 + ROOK];
        (side(self.words[KING], 0) | side(self.words[6 + KING], 56)) & rooks
    }

    /// The square of the rook a castling letter names, as the general reading finds it: `K`/`Q`
    /// the outermost rook of its colour on its king's side, the king on its back rank; a file
    /// letter the rook on that file of the back rank.
    fn castling_rook(&self, letter: u8) -> Option<u8> {
        let black = letter.is_ascii_lowercase();
        let back: u8 = if black { 56 } else { 0 };
        let c = 6 * usize::from(black);
        let rooks = u32::from((self.words[c + ROOK] >> back) as u8);
        let file = match letter.to_ascii_uppercase() {
            side @ (b'K' | b'Q') => {
                let king = self.words[c + KING];
                let k = king.trailing_zeros() as u8;
                if king.count_ones() != 1 || k / 8 != back / 8 {
                    return None;
                }
                let k = k % 8;
                if side == b'K' {
                    let above = rooks & !((2 << k) - 1);
                    (above != 0).then(|| 31 - above.leading_zeros())?
                } else {
                    let below = rooks & ((1 << k) - 1);
                    (below != 0).then(|| below.trailing_zeros())?
                }
            }
            f @ b'A'..=b'H' => Some(u32::from(f - b'A')).filter(|&f| rooks >> f & 1 == 1)?,
            _ => return None,
        };
        Some(back + file as u8)
    }

    /// The occupied squares.
    #[inline(always)]
    pub(crate) fn occupancy(&self) -> u64 {
        self.words.iter().fold(0, |o, w| o | w)
    }

    /// The square of the king of a colour (the position is [`Chess::check`]ed: there is one).
    #[inline(always)]
    pub(crate) fn king(&self, black: bool) -> u8 {
        self.words[6 * usize::from(black) + KING].trailing_zeros() as u8 & 63
    }

    /// What [`super::position::Position::check`] checks: one king a side, each castling
    /// right's rook on its colour's back rank with its king on that rank, and an en passant
    /// square on the sixth rank (White to move) or the third, empty, behind a pawn of the side
    /// that just moved.
    #[inline(always)]
    pub(crate) fn check(&self) -> bool {
        let w = &self.words;
        let (white, black) = (self.castling & RANK_1, self.castling & RANK_8);
        let kings = w[KING].count_ones() == 1 && w[6 + KING].count_ones() == 1;
        let castling = self.castling == white | black
            && white & !w[ROOK] == 0
            && black & !w[6 + ROOK] == 0
            && (white == 0 || w[KING] & RANK_1 != 0)
            && (black == 0 || w[6 + KING] & RANK_8 != 0);
        kings && castling && self.ep.is_none_or(|ep| self.ep_pawn_there(ep))
    }

    /// Whether `ep` is on the sixth rank (White to move) or the third, empty, with a pawn of the
    /// side that just moved in front of it.
    fn ep_pawn_there(&self, ep: u8) -> bool {
        let rank = if self.black { 2 } else { 5 };
        let pawns = self.words[if self.black { 0 } else { 6 }];
        ep / 8 == rank && self.occupancy() >> ep & 1 == 0 && pawns >> (ep ^ 8) & 1 == 1
    }
}

impl Chess {
    /// The fields in their common spelling (`w KQkq - 0 1`), as the general writing spells a
    /// position's ([`super::position::Position::to_value`]). Rights of the corner rooks only
    /// (the rook beyond the king on its side: `K`/`Q`) by [`CORNER_RIGHTS`], clocks of one or
    /// two digits without a division loop ([`put_short`]): about 60 instructions where the
    /// general loops took about 125 (`-f binary-fen -t fen`, callgrind).
    #[inline(always)]
    pub(crate) fn fields(&self) -> OwnFields {
        let mut b = [0u8; OwnFields::CAP];
        let n = self.put_fields(&mut b);
        OwnFields::new(b, n)
    }

    /// [`Chess::fields`] written at the start of `b` (a FEN's buffer, after its placement and
    /// space, with no copy between); returns their length.
    #[inline(always)]
    pub(crate) fn put_fields(&self, b: &mut [u8; OwnFields::CAP]) -> usize {
        b[0] = if self.black { b'b' } else { b'w' };
        b[1] = b' ';
        let c = self.castling;
        let mut n = if c & !super::codes::CORNERS == 0 {
            let key = (c >> 7 & 1) | (c & 1) << 1 | (c >> 61 & 4) | (c >> 53 & 8);
            let (text, len) = CORNER_RIGHTS[key as usize];
            b[2..6].copy_from_slice(&text);
            2 + len as usize
        } else {
            self.castling_field(b, 2)
        };
        b[n] = b' ';
        n += 1;
        match self.ep {
            Some(ep) => {
                b[n] = b'a' + ep % 8;
                b[n + 1] = b'1' + ep / 8;
                n += 2;
            }
            None => {
                b[n] = b'-';
                n += 1;
            }
        }
        b[n] = b' ';
        n = put_short::<_, 2>(b, n + 1, self.halfmove.into());
        b[n] = b' ';
        put_short::<_, 2>(b, n + 1, self.fullmove.into())
    }

    /// Writes the castling field at `b[at..]`, returning where it ends: each side's rights,
    /// White's first, from the h-file down, `K`/`Q` for the outermost rook on its side of the
    /// king, the rook's file letter otherwise; `-` for none.
    fn castling_field(&self, b: &mut [u8; OwnFields::CAP], at: usize) -> usize {
        let mut n = at;
        for black in [false, true] {
            let back = if black { 56 } else { 0 };
            let rooks = u32::from((self.words[6 * usize::from(black) + ROOK] >> back) as u8);
            let mut rights = u32::from((self.castling >> back) as u8);
            let king = u32::from(self.king(black) % 8);
            let case = if black { 0x20 } else { 0 };
            while rights != 0 {
                let f = 31 - rights.leading_zeros();
                rights &= !(1 << f);
                let outer = if f > king {
                    (rooks >> (f + 1) == 0).then_some(b'K')
                } else {
                    (rooks & ((1 << f) - 1) == 0).then_some(b'Q')
                };
                b[n] = outer.unwrap_or(b'A' + f as u8) | case;
                n += 1;
            }
        }
        if n == at {
            b[n] = b'-';
            n += 1;
        }
        n
    }

    /// Sets `board` to the position: its words, and its fields as the board's own.
    #[inline(always)]
    pub(crate) fn set_board(&self, board: &mut Board<'_>) {
        board.set(Size::CHESS, Repr::Chess(self.words));
        board.own = Some(self.fields());
    }

    /// Keeps on `board`, set to this [`Chess::check`]ed position, what a writer that keeps a
    /// training record's fields takes: the record's fields `train` (White's view) and the
    /// position's fields as numbers.
    #[inline(always)]
    pub(crate) fn keep(&self, board: &mut Board<'_>, train: Option<Train>) {
        board.kept = Some(Kept {
            train,
            numbers: Some(ChessFields {
                black: self.black,
                castling: self.castling,
                ep: self.ep,
                halfmove: self.halfmove,
                fullmove: self.fullmove,
            }),
        });
    }
}

/// The castling field of rights of the corner rooks only, by `h1 | a1 << 1 | h8 << 2 | a8 << 3`
/// (each such rook is beyond its king on its side, so its letter is `K`/`Q`): the text in four
/// bytes and its length.
const CORNER_RIGHTS: [([u8; 4], u8); 16] = {
    let mut t = [([0u8; 4], 0u8); 16];
    let mut key = 0;
    while key < 16 {
        let (mut text, mut len) = ([0u8; 4], 0);
        let mut k = 0;
        while k < 4 {
            if key >> k & 1 == 1 {
                text[len] = b"KQkq"[k];
                len += 1;
            }
            k += 1;
        }
        if len == 0 {
            text[0] = b'-';
            len = 1;
        }
        t[key] = (text, len as u8);
        key += 1;
    }
    t
};

/// The corners of the castling letters `KQkq` (bit `k` for `KQkq[k]`): h1, a1, h8, a8.
const RIGHT_CORNERS: [u64; 16] = {
    let corners = [1u64 << 7, 1, 1 << 63, 1 << 56];
    let mut t = [0u64; 16];
    let mut m = 0;
    while m < 16 {
        let mut k = 0;
        while k < 4 {
            if m >> k & 1 == 1 {
                t[m] |= corners[k];
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// [`put_number`] of a small number: up to `DIGITS` (2 or 3) digits written straight (a
/// division a digit, about 10 instructions each, in the loop), more by [`put_number`].
#[inline(always)]
pub(crate) fn put_short<const N: usize, const DIGITS: usize>(
    b: &mut [u8; N],
    at: usize,
    v: u64,
) -> usize {
    match (v, b.get_mut(at..at + DIGITS)) {
        (0..=9, Some(d)) => {
            d[0] = b'0' + v as u8;
            at + 1
        }
        (10..=99, Some(d)) => {
            d[0] = b'0' + (v / 10) as u8;
            d[1] = b'0' + (v % 10) as u8;
            at + 2
        }
        (100..=999, Some(d)) if DIGITS >= 3 => {
            d[0] = b'0' + (v / 100) as u8;
            d[1] = b'0' + (v / 10 % 10) as u8;
            d[2] = b'0' + (v % 10) as u8;
            at + 3
        }
        _ => put_number(b, at, v),
    }
}

/// Writes the decimal digits of `v` at `b[at..]`, returning where they end (nothing is written
/// past `b`'s end). The length first, then the digits from the last, in place.
#[inline(always)]
pub(crate) fn put_number<const N: usize>(b: &mut [u8; N], at: usize, v: u64) -> usize {
    let len = match v {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        _ => v.ilog10() as usize + 1,
    };
    let (mut i, mut v) = (at + len, v);
    while i > at {
        i -= 1;
        if let Some(d) = b.get_mut(i) {
            *d = b'0' + (v % 10) as u8;
        }
        v /= 10;
    }
    at + len
}

/// The field at the start of `t` and what follows its space; `None` when no space follows.
#[inline(always)]
fn field(t: &[u8]) -> Option<(&[u8], &[u8])> {
    let k = t.iter().position(|&c| c == b' ')?;
    Some((&t[..k], &t[k + 1..]))
}

/// A decimal number of one to ten ASCII digits that fits 32 bits (leading zeros allowed, as
/// Rust's parsing allows them); `None` for anything else.
#[inline(always)]
fn number(t: &[u8]) -> Option<u32> {
    if t.is_empty() || t.len() > 10 {
        return None;
    }
    let mut v: u64 = 0;
    for &c in t {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v * 10 + u64::from(d);
    }
    u32::try_from(v).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields written by the loops alone: every right by [`Chess::castling_field`], every
    /// clock by [`put_number`].
    fn general(c: &Chess) -> Vec<u8> {
        let mut b = [0u8; OwnFields::CAP];
        let n = c.castling_field(&mut b, 0);
        let mut out = vec![if c.black { b'b' } else { b'w' }, b' '];
        out.extend_from_slice(&b[..n]);
        match c.ep {
            Some(ep) => out.extend_from_slice(&[b' ', b'a' + ep % 8, b'1' + ep / 8]),
            None => out.extend_from_slice(b" -"),
        }
        for v in [c.halfmove, c.fullmove] {
            let mut d = [0u8; 12];
            let n = put_number(&mut d, 0, v.into());
            out.push(b' ');
            out.extend_from_slice(&d[..n]);
        }
        out
    }

    /// The fields of checked positions with random kings, rooks, rights (corner and inner),
    /// en passant squares and clocks of every length, as the loops write them.
    #[test]
    fn fields_as_the_loops() {
        let mut v = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            v ^= v << 13;
            v ^= v >> 7;
            v ^= v << 17;
            v
        };
        let mut checked = 0;
        for k in 0..50_000 {
            let mut words = [0u64; 12];
            let (wk, bk) = (next() % 8, 56 + next() % 8);
            words[KING] = 1 << wk;
            words[6 + KING] = 1 << bk;
            let rooks = next() & (RANK_1 | RANK_8) & !(1 << wk | 1 << bk);
            words[ROOK] = rooks & RANK_1;
            words[6 + ROOK] = rooks & RANK_8;
            let corners = if k % 2 == 0 {
                super::super::codes::CORNERS
            } else {
                !0
            };
            let clock = |r: u64| match r % 4 {
                0 => (r >> 8) as u32 % 10,
                1 => (r >> 8) as u32 % 100,
                2 => (r >> 8) as u32 % 100_000,
                _ => (r >> 8) as u32,
            };
            let c = Chess {
                words,
                black: next() % 2 == 0,
                castling: rooks & next() & corners,
                ep: None,
                halfmove: clock(next()),
                fullmove: clock(next()),
            };
            if c.check() {
                assert_eq!(c.fields().text(), &general(&c)[..], "{c:?}");
                checked += 1;
            }
        }
        assert!(checked > 40_000, "{checked}");
    }

    /// The fields in their common spelling are read as the general spelling's reading reads
    /// them ([`Chess::with_standard_fields`] against [`Chess::with_fields`]): every castling
    /// field of `KQkq` letters, en passant squares and none, counters of one to six digits,
    /// on positions whose rooks and kings are on and off the squares the letters name.
    #[test]
    fn standard_fields_as_the_general_reading() {
        let boards = [
            [
                0xff00,
                0x42,
                0x24,
                0x81,
                0x08,
                0x10,
                0xff << 48,
                0x42 << 56,
                0x24 << 56,
                0x81 << 56,
                0x08 << 56,
                0x10 << 56,
            ],
            [0, 0, 0, 0x22, 0, 0x08, 0, 0, 0, 0x44 << 56, 0, 0x20 << 56],
            [0, 0, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0x40 << 56],
            // Kings on the g- and b-files with corner rooks; kings in the corners; a second
            // white king; kings off their back ranks; three rooks a side.
            [0, 0, 0, 0x81, 0, 0x40, 0, 0, 0, 0x81 << 56, 0, 0x02 << 56],
            [0, 0, 0, 0x81, 0, 0x80, 0, 0, 0, 0x81 << 56, 0, 0x01 << 56],
            [
                0,
                0,
                0,
                0x81,
                0,
                0x10 | 1 << 20,
                0,
                0,
                0,
                0x81 << 56,
                0,
                0x10 << 56,
            ],
            [
                0,
                0,
                0,
                0x81,
                0,
                0x10 << 8,
                0,
                0,
                0,
                0x81 << 56,
                0,
                0x10 << 48,
            ],
            [0, 0, 0, 0x83, 0, 0x10, 0, 0, 0, 0xc1 << 56, 0, 0x10 << 56],
        ];
        let mut checked = 0;
        for words in boards {
            for m in 0..16 {
                let castling = crate::train::testgen::castling_field(m);
                for side in ["w", "b"] {
                    for ep in ["-", "a3", "h6", "e3", "d6"] {
                        for counters in [
                            "0 1", "12 34", "1 123456", "99999 9", "0 0", "007 0012", "1234 567",
                            "1 1234", "12345 12", "0 12345", "9999 1", "5 0", "100 90",
                        ] {
                            let t = format!("{side} {castling} {ep} {counters}");
                            if crate::fen::fields::standard(format!(" {t}").as_bytes()).is_none() {
                                continue;
                            }
                            let c = Chess::of_words(words);
                            assert_eq!(
                                c.with_standard_fields(t.as_bytes()),
                                c.with_fields(t.as_bytes()),
                                "{t}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 3000, "{checked}");
        let c = Chess::of_words(boards[0]);
        assert_eq!(c.with_standard_fields(b""), Some(c));
    }
}
