//! A board changed square by square, as the explorer and the web page change it: what stands
//! on a square, a square toggled, and the piece letters a form takes on a square.

use bbconv_board::placement::{Piece, Placement};
use bbconv_board::Pair;
use bbconv_forms::{self as format, Format, Options, Value};

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
    toggle_with(v, i, None)
}

/// [`toggle`], a position's square cycling through `letters` when given (the letters the form
/// it is written in takes: [`letters_for`]) instead of the chess set and the board's letters.
pub fn toggle_with(v: &mut Value, i: usize, letters: Option<&[u8]>) -> Result<(), String> {
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
            let letters = letters.map_or_else(|| chess_and(pl), <[u8]>::to_vec);
            if letters.is_empty() {
                return Err(format!("no piece letter to put on square {i}"));
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

/// The chess set, then the other letters `pl` holds.
fn chess_and(pl: &Placement) -> Vec<u8> {
    let mut letters: Vec<u8> = CHESS.to_vec();
    for l in pl.letters() {
        if !letters.contains(&l) {
            letters.push(l);
        }
    }
    letters
}

/// The piece letters square `i` of `pl` cycles through when the board is written as `form`:
/// the letters its writer takes there (a board of that one piece written and read back with
/// it), in the order of the form's example (a PDN's `M`, `m`, then `K`, `k`), the chess set,
/// the board's letters and the alphabet. A form that takes the whole chess set (a FEN) cycles
/// through it and the board's letters, as [`toggle`] does. When the writer takes no letter on
/// the square (a light square of a draughts board), its message for the first one.
pub fn letters_for(
    form: Format,
    pl: &Placement,
    i: usize,
    opts: &Options,
) -> Result<Vec<u8>, String> {
    let size = pl.size();
    let sized = Options {
        size: Some(size),
        ..opts.clone()
    };
    // Whether the writer takes letter `l` on the square; its message when it refuses.
    let takes = |l: u8| -> Result<bool, String> {
        let mut one = Placement::empty(size);
        one.set(i, Some(Piece::new(l)));
        let mut out = Vec::new();
        format::render(form, &Value::Pieces(one), opts, &mut out)
            .map_err(|e| crate::report::render_error(&e))?;
        Ok(format::parse(form, &out, &sized).is_ok_and(|v| cell(&v, i) == 0x100 | u16::from(l)))
    };
    if CHESS.iter().all(|&l| takes(l) == Ok(true)) {
        return Ok(chess_and(pl));
    }
    let example = match format::parse(form, form.example().as_bytes(), &Options::default()) {
        Ok(Value::Pieces(ex)) => ex.cells().iter().flatten().map(|p| p.letter).collect(),
        _ => Vec::new(),
    };
    let candidates = example
        .into_iter()
        .chain(CHESS.iter().copied())
        .chain(pl.letters())
        .chain(b'A'..=b'Z')
        .chain(b'a'..=b'z');
    let mut letters: Vec<u8> = Vec::new();
    let mut first_error = None;
    for l in candidates {
        if letters.contains(&l) {
            continue;
        }
        match takes(l) {
            Ok(true) => letters.push(l),
            Ok(false) => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if letters.is_empty() {
        return Err(
            first_error.unwrap_or_else(|| format!("{} takes no piece on square {i}", form.name()))
        );
    }
    Ok(letters)
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

    #[test]
    fn a_draughts_board_cycles_the_letters_pdn_writes() {
        let opts = Options::default();
        let Ok(Value::Pieces(pl)) = format::parse(Format::Pdn, b"W:W31,32:B1,2", &opts) else {
            panic!("a PDN reads as a position");
        };
        // a1 is dark (square 29 of 32): empty, M, m, K, k, empty.
        let letters = letters_for(Format::Pdn, &pl, 0, &opts).unwrap();
        assert_eq!(letters, b"MmKk");
        let mut v = Value::Pieces(pl.clone());
        for want in [b'M', b'm', b'K', b'k'] {
            toggle_with(&mut v, 0, Some(&letters)).unwrap();
            assert_eq!(cell(&v, 0), 0x100 | u16::from(want));
        }
        toggle_with(&mut v, 0, Some(&letters)).unwrap();
        assert_eq!(cell(&v, 0), 0);
        // a2 is light: the writer's message.
        let e = letters_for(Format::Pdn, &pl, 8, &opts).unwrap_err();
        assert!(e.contains("light square"), "{e}");
        // A FEN takes the chess set.
        assert_eq!(
            letters_for(Format::Fen, &pl, 8, &opts).unwrap()[..12],
            *CHESS
        );
    }
}
