//! A board changed square by square, as the explorer and the web page change it: what stands
//! on a square, and a square toggled.

use bbconv_board::placement::Piece;
use bbconv_board::Pair;
use bbconv_forms::Value;

/// The piece letters a square of a position cycles through: the chess set, then the other
/// letters the board holds.
const CHESS: &[u8] = b"PNBRQKpnbrqk";

/// What stands on square `i` (a LERF index): 0 empty, 1 first, 2 second; a position's piece
/// letter as `0x100 | letter`.
pub fn cell(v: &Value, i: usize) -> u16 {
    match v {
        Value::Single(b) => u16::from(b.bit(i)),
        Value::Pair(p) => {
            if p.first().bit(i) {
                1
            } else if p.second().bit(i) {
                2
            } else {
                0
            }
        }
        Value::Pieces(pl) => pl.get(i).map_or(0, |p| 0x100 | u16::from(p.letter)),
    }
}

/// Toggles square `i` (a LERF index on the board): one bitboard's bit; a pair's empty -> first
/// -> second -> empty; a position's `.` and the piece letters, in turn. A square off the board
/// is an error naming it.
pub fn toggle(v: &mut Value, i: usize) -> Result<(), String> {
    let size = v.size();
    if i >= size.squares() {
        return Err(format!(
            "square {i} is off the {size} board: expected 0 to {}",
            size.squares() - 1
        ));
    }
    match v {
        Value::Single(b) => {
            if b.bit(i) {
                b.clear_bit(i);
            } else {
                b.set_bit(i);
            }
        }
        Value::Pair(p) => {
            let (mut first, mut second) = (p.first().clone(), p.second().clone());
            if first.bit(i) {
                first.clear_bit(i);
                second.set_bit(i);
            } else if second.bit(i) {
                second.clear_bit(i);
            } else {
                first.set_bit(i);
            }
            let (turn, notes) = (p.turn, p.notes.take());
            *p = Pair::new(first, second).map_err(|e| e.to_string())?;
            p.turn = turn;
            p.notes = notes;
        }
        Value::Pieces(pl) => {
            let mut letters: Vec<u8> = CHESS.to_vec();
            for (l, _) in pl.piece_bitboards() {
                if !letters.contains(&l) {
                    letters.push(l);
                }
            }
            let next = match pl.get(i) {
                None => Some(letters[0]),
                Some(p) => letters
                    .iter()
                    .position(|&l| l == p.letter)
                    .and_then(|k| letters.get(k + 1).copied()),
            };
            pl.set(i, next.map(Piece::new));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_board::{Bitboard, Size};

    #[test]
    fn a_pair_cycles_and_a_square_off_the_board_is_refused() {
        let mut v = Value::Pair(Pair::empty(Size::CHESS));
        for want in [1, 2, 0] {
            toggle(&mut v, 3).unwrap();
            assert_eq!(cell(&v, 3), want);
        }
        let mut b = Value::Single(Bitboard::empty(Size::CHESS));
        assert!(toggle(&mut b, 64)
            .unwrap_err()
            .contains("off the 8x8 board"));
        toggle(&mut b, 63).unwrap();
        assert_eq!(cell(&b, 63), 1);
    }
}
