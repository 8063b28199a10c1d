//! The reference converter bbconv is measured against: reads FEN lines, parses the placement
//! with shakmaty (`Board::from_ascii_board_fen`), and writes the pair (`pair`), the packed
//! base-3 record as hex (`packed`), the FEN again (`fen`: shakmaty's placement, then the other
//! fields as written) or one bitboard per piece (`pieces`, bbconv's `P:0x...` order), with
//! BufReader/BufWriter. Usage: shakmaty-convert packed|pair|fen|pieces < corpus.fen > out

use std::io::{BufRead, BufReader, BufWriter, Write};

use shakmaty::{Board, Color, Piece, Role};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "packed".into());
    let stdin = std::io::stdin();
    let mut r = BufReader::with_capacity(1 << 16, stdin.lock());
    let stdout = std::io::stdout();
    let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut line = Vec::new();
    let mut bad = 0usize;
    loop {
        line.clear();
        if r.read_until(b'\n', &mut line).unwrap() == 0 {
            break;
        }
        let placement = line.split(|&b| b == b' ' || b == b'\n' || b == b'\r').next().unwrap_or(&[]);
        let board = match Board::from_ascii_board_fen(placement) {
            Ok(b) => b,
            Err(_) => {
                bad += 1;
                continue;
            }
        };
        let white = u64::from(board.by_color(Color::White));
        let black = u64::from(board.by_color(Color::Black));
        if mode == "fen" {
            let text = std::str::from_utf8(&line).unwrap_or("").trim_end();
            let rest = text.split_once(' ').map(|(_, r)| r.trim());
            write!(w, "{}", board.board_fen()).unwrap();
            if let Some(rest) = rest.filter(|r| !r.is_empty()) {
                write!(w, " {rest}").unwrap();
            }
            w.write_all(b"\n").unwrap();
        } else if mode == "pieces" {
            let mut first = true;
            for color in [Color::White, Color::Black] {
                for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                    let bb = u64::from(board.by_piece(Piece { color, role }));
                    if bb != 0 {
                        if !first {
                            w.write_all(b" ").unwrap();
                        }
                        first = false;
                        write!(w, "{}:0x{bb:016x}", Piece { color, role }.char()).unwrap();
                    }
                }
            }
            if first {
                w.write_all(b"-").unwrap();
            }
            w.write_all(b"\n").unwrap();
        } else if mode == "pair" {
            writeln!(w, "0x{white:016x} 0x{black:016x}").unwrap();
        } else {
            // Trits then five to a byte, first trit least significant (the seed's layout).
            let mut trits = [0u8; 64];
            for (sq, t) in trits.iter_mut().enumerate() {
                if white >> sq & 1 == 1 {
                    *t = 1;
                } else if black >> sq & 1 == 1 {
                    *t = 2;
                }
            }
            for chunk in trits.chunks(5) {
                let mut v = 0u8;
                let mut f = 1u8;
                for &t in chunk {
                    v += t * f;
                    f = f.wrapping_mul(3);
                }
                write!(w, "{v:02x}").unwrap();
            }
            w.write_all(b"\n").unwrap();
        }
    }
    w.flush().unwrap();
    if bad > 0 {
        eprintln!("{bad} bad lines");
    }
}
