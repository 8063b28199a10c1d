//! Writes N chess positions (full FEN, one a line) from random legal games, deterministically.
//! Usage: gen-corpus N > corpus.fen

use std::io::{BufWriter, Write};

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let out = std::io::stdout();
    let mut w = BufWriter::new(out.lock());
    let mut written = 0;
    while written < n {
        let mut pos = Chess::default();
        let plies = 20 + (next() % 140) as usize;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || written == n {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            let fen = Fen::from_position(&pos, EnPassantMode::Legal);
            writeln!(w, "{fen}").unwrap();
            written += 1;
        }
    }
    w.flush().unwrap();
}
