//! Random positions for the trainers' tests: a xorshift generator, and FENs with both kings,
//! random men, rights, en passant squares and clocks.

/// The castling field of the letters `KQkq` whose bits `letters` sets (bit `k` for `KQkq[k]`),
/// `-` for none.
pub(crate) fn castling_field(letters: u8) -> String {
    let field: String = (0..4)
        .filter(|k| letters >> k & 1 == 1)
        .map(|k| char::from(b"KQkq"[k]))
        .collect();
    if field.is_empty() {
        "-".to_string()
    } else {
        field
    }
}

/// A xorshift generator.
pub(crate) fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut v = seed;
    move || {
        v ^= v << 13;
        v ^= v >> 7;
        v ^= v << 17;
        v
    }
}

/// A random position's FEN: men on a third of the squares (two thirds where `dense`), both
/// kings, random rights and en passant square (a pawn may or may not take it), a halfmove clock
/// below 130 and a fullmove number below `fullmoves`.
pub(crate) fn random_fen(next: &mut dyn FnMut() -> u64, dense: bool, fullmoves: u64) -> String {
    let mut cells = [b'.'; 64];
    for c in cells.iter_mut() {
        if next() % 3 != u64::from(dense) * 2 {
            continue;
        }
        *c = b"PNBRQpnbrq"[(next() % 10) as usize];
    }
    cells[(next() % 64) as usize] = b'K';
    cells[(next() % 64) as usize] = b'k';
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match cells[rank * 8 + file] {
                b'.' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(char::from(c));
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        fen.push(if rank > 0 { '/' } else { ' ' });
    }
    let side = ["w", "b"][(next() % 2) as usize];
    let castling = ["-", "KQkq", "K", "q", "Qk"][(next() % 5) as usize];
    let ep = ["-", "-", "c6", "f3", "e6", "d3"][(next() % 6) as usize];
    fen + &format!(
        "{side} {castling} {ep} {} {}",
        next() % 130,
        next() % fullmoves
    )
}
