//! trainref: independent reference harness for six NNUE training-record formats.
//!
//! Every record is written and read by a *reference* implementation:
//!   binary-fen           shakmaty =0.30.1          (shakmaty::packed::PackedSetup)
//!   bullet               bulletformat =1.8.0       (ChessBoard::from_str / BoardIter)
//!   bullet-fromraw       viriformat =3.0.0 Board::to_bulletformat -> bulletformat ChessBoard::from_raw
//!   marlin               viriformat =3.0.0         (PackedBoard::pack / unpack)
//!   marlin-bullet        (read only) bulletformat =1.8.0 `From<MarlinFormat> for ChessBoard`
//!   compressed-sfbinpack sfbinpack =0.6.5 (CompressedPosition, reached through a one-entry binpack chunk)
//!   sf-bin, sf-plain, compressed  the C++ driver `sfref` (Stockfish tools header), exec'd
//!
//! Input/output line format (see README.md): `FEN;score;result;move;ply`.
//! This file is harness glue only; it contains no format encoder/decoder of its own,
//! except the FEN *placement printer* for bulletformat (which has no FEN writer).
//!
//! License: GPL-3.0-or-later (links GPL-3.0 crates shakmaty and sfbinpack).

use std::io::{self, BufRead, BufWriter, Read, Write};
use std::process::{exit, Command};

fn usage() -> ! {
    eprintln!(
        "usage: trainref write|read FORMAT [--fen]   (stdin -> stdout)\n\
         read --fen: print the FEN alone, one line a record (what walltime.py times)\n\
         FORMAT: sf-bin sf-plain compressed compressed-sfbinpack binary-fen bullet bullet-fromraw marlin\n\
         read-only: marlin-bullet (marlin records through bulletformat's MarlinFormat reader)\n\
         trainref annotate  (FEN lines -> FEN;score;result;move; with a legal move, for roundtrip.sh)\n\
         trainref compare FORMAT EXPECTED_INPUT READ_OUTPUT SKIPS   (used by roundtrip.sh)"
    );
    exit(2)
}

/// One harness input line. score/result are from White's point of view.
/// (mv/ply are consumed by sfref, the C++ driver, for sf-bin/sf-plain.)
#[allow(dead_code)]
struct Line {
    fen: String,
    score: i16,
    result: i8,
    mv: String,
    ply: Option<u16>,
}

fn parse_line(s: &str) -> Result<Line, String> {
    let f: Vec<&str> = s.split(';').collect();
    let get = |i: usize| f.get(i).map(|x| x.trim()).filter(|x| !x.is_empty() && *x != "-");
    Ok(Line {
        fen: f[0].trim().to_string(),
        score: get(1).map(|x| x.parse::<i16>()).transpose().map_err(|e| format!("score: {e}"))?.unwrap_or(0),
        result: get(2).map(|x| x.parse::<i8>()).transpose().map_err(|e| format!("result: {e}"))?.unwrap_or(0),
        mv: get(3).unwrap_or("0000").to_string(),
        ply: get(4).map(|x| x.parse::<u16>()).transpose().map_err(|e| format!("ply: {e}"))?,
    })
}

fn sfref_path() -> String {
    if let Ok(p) = std::env::var("TRAINREF_SFREF") {
        return p;
    }
    let exe = std::env::current_exe().unwrap();
    let sib = exe.parent().unwrap().join("../sfref");
    if sib.exists() {
        return sib.to_string_lossy().into_owned();
    }
    "/tmp/trainref-target/sfref".to_string()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("annotate") {
        compare::annotate();
        return;
    }
    if args.len() < 3 {
        usage()
    }
    let (dir, fmt) = (args[1].as_str(), args[2].as_str());
    if dir == "compare" {
        if args.len() != 6 {
            usage()
        }
        compare::run(fmt, &args[3], &args[4], &args[5]);
        return;
    }
    let fen_only = match args.get(3).map(String::as_str) {
        None => false,
        Some("--fen") if dir == "read" && args.len() == 4 => true,
        Some(_) => usage(),
    };
    match fmt {
        "sf-bin" | "sf-plain" | "compressed" => {
            let mut cmd = Command::new(sfref_path());
            cmd.arg(dir).arg(fmt).args(&args[3..]);
            let st = cmd.status().expect("cannot run sfref (build-sfref.sh)");
            exit(st.code().unwrap_or(1));
        }
        _ => {}
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    match dir {
        "write" => {
            let stdin = io::stdin();
            for (n, line) in stdin.lock().lines().enumerate() {
                let line = line.unwrap();
                let line = line.trim_end_matches('\r');
                if line.is_empty() {
                    continue;
                }
                let res = parse_line(line).and_then(|l| write_one(fmt, &l, &mut out));
                if let Err(e) = res {
                    eprintln!("skip {}: {}", n + 1, e);
                }
            }
        }
        "read" => {
            let mut input = Vec::new();
            io::stdin().lock().read_to_end(&mut input).unwrap();
            read_all(fmt, &input, fen_only, &mut out);
        }
        _ => usage(),
    }
    out.flush().unwrap();
}

fn write_one(fmt: &str, l: &Line, out: &mut impl Write) -> Result<(), String> {
    match fmt {
        "binary-fen" => {
            use shakmaty::{fen::Fen, packed::PackedSetup};
            let fen: Fen = l.fen.parse().map_err(|e| format!("shakmaty Fen: {e}"))?;
            let packed = PackedSetup::pack_standard(fen.as_setup()).map_err(|e| format!("PackedSetup::pack_standard: {e}"))?;
            const _: () = assert!(PackedSetup::MAX_BYTES <= 64); // write_hex_line's buffer
            write_hex_line(packed.as_bytes(), out);
        }
        "bullet" => {
            use bulletformat::ChessBoard;
            // bulletformat's own text form: "FEN | score | result", score and result White-relative.
            let res = match l.result {
                1 => "1.0",
                0 => "0.5",
                -1 => "0.0",
                _ => return Err("result must be 1, 0 or -1".into()),
            };
            let b: ChessBoard = format!("{} | {} | {}", l.fen, l.score, res).parse()?;
            out.write_all(&bullet_bytes(&b)).unwrap();
        }
        "bullet-fromraw" => {
            let b = viri_board(&l.fen)?;
            let wdl = (l.result + 1) as u8;
            let cb = b.to_bulletformat(wdl, l.score).map_err(|e| format!("{e:#}"))?;
            out.write_all(&bullet_bytes(&cb)).unwrap();
        }
        "marlin" => {
            let b = viri_board(&l.fen)?;
            if !(-1..=1).contains(&l.result) {
                return Err("result must be 1, 0 or -1".into());
            }
            // Board::to_marlinformat = PackedBoard::pack (viriformat src/dataformat/marlinformat.rs:126)
            let p = b.to_marlinformat(l.score, (l.result + 1) as u8, 0);
            out.write_all(&p.as_bytes()).unwrap();
        }
        "compressed-sfbinpack" => {
            let bytes = sfbinpack_compress(&l.fen)?;
            out.write_all(&bytes).unwrap();
        }
        _ => return Err(format!("unknown format {fmt}")),
    }
    Ok(())
}

fn viri_board(fen: &str) -> Result<viriformat::chess::board::Board, String> {
    let mut b = viriformat::chess::board::Board::new();
    // chess960 = false: KQkq mean the a/h-file rooks; Board::new() alone defaults to DFRC.
    b.set_from_fen(fen, false).map_err(|e| format!("viriformat set_from_fen: {e:#}"))?;
    Ok(b)
}

fn bullet_bytes(b: &bulletformat::ChessBoard) -> [u8; 32] {
    // ChessBoard is #[repr(C)] with no padding (asserted 32 bytes by the crate): this is
    // exactly what bulletformat's own writers (convert.rs / loader) put in a file.
    unsafe { std::mem::transmute::<bulletformat::ChessBoard, [u8; 32]>(*b) }
}

fn bullet_from_bytes(b: &[u8]) -> bulletformat::ChessBoard {
    let arr: [u8; 32] = b.try_into().unwrap();
    unsafe { std::mem::transmute::<[u8; 32], bulletformat::ChessBoard>(arr) }
}

fn sfbinpack_compress(fen: &str) -> Result<Vec<u8>, String> {
    use sfbinpack::chess::{position::Position, r#move::Move};
    use sfbinpack::{CompressedTrainingDataEntryWriter, TrainingDataEntry};
    let f = fen.to_string();
    let pos = std::panic::catch_unwind(move || Position::from_fen(&f))
        .map_err(|_| "sfbinpack Position::from_fen panicked".to_string())?
        .map_err(|e| format!("sfbinpack Position::from_fen: {e:?}"))?;
    let e = TrainingDataEntry { pos, mv: Move::default(), score: 0, ply: 0, result: 0 };
    let mut w = CompressedTrainingDataEntryWriter::new_in_memory().map_err(|e| e.to_string())?;
    w.write_entry(&e).map_err(|e| e.to_string())?;
    let bytes = w.into_bytes().map_err(|e| e.to_string())?;
    // chunk = "BINP" + u32 LE size, then the stem: 24-byte CompressedPosition first.
    if &bytes[0..4] != b"BINP" {
        return Err("unexpected binpack chunk".into());
    }
    Ok(bytes[8..32].to_vec())
}

fn sfbinpack_decompress(rec: &[u8]) -> String {
    // A minimal stem: position, move 0, score 0, ply/result 0, rule50 0, then 0 continuation plies.
    let mut chunk = rec.to_vec();
    chunk.extend_from_slice(&[0u8; 10]);
    let entries = sfbinpack::parse_chunk(&chunk);
    entries[0].pos.fen().unwrap_or_else(|e| format!("ERR {e:?}"))
}

/// Harness glue: bytes as one lowercase hex line (a table, so that the glue costs little
/// beside the reference's own work when timed).
fn write_hex_line(bytes: &[u8], out: &mut impl Write) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut line = [0u8; 2 * 64 + 1];
    for (i, b) in bytes.iter().enumerate() {
        line[2 * i] = DIGITS[(b >> 4) as usize];
        line[2 * i + 1] = DIGITS[(b & 15) as usize];
    }
    line[2 * bytes.len()] = b'\n';
    out.write_all(&line[..2 * bytes.len() + 1]).unwrap();
}

/// Harness glue: one hex line back to bytes (None: not hex).
fn parse_hex_line(line: &[u8]) -> Option<Vec<u8>> {
    fn digit(c: u8) -> Option<u8> {
        (c as char).to_digit(16).map(|d| d as u8)
    }
    if line.len() % 2 != 0 {
        return None;
    }
    line.chunks_exact(2).map(|p| Some(digit(p[0])? << 4 | digit(p[1])?)).collect()
}

/// One record read back: the FEN alone with --fen, else the FEN and the other fields.
fn emit(out: &mut impl Write, fen: impl std::fmt::Display, rest: std::fmt::Arguments, fen_only: bool) {
    if fen_only {
        writeln!(out, "{fen}").unwrap();
    } else {
        writeln!(out, "{fen};{rest}").unwrap();
    }
}

fn read_all(fmt: &str, input: &[u8], fen_only: bool, out: &mut impl Write) {
    match fmt {
        "binary-fen" => {
            use shakmaty::{fen::Fen, packed::PackedSetup};
            // One record per line. An EMPTY line is a valid record: PackedSetup::as_bytes trims
            // trailing zero bytes, so the empty board with default counters packs to 0 bytes.
            for line in std::str::from_utf8(input).unwrap().lines() {
                let bytes = parse_hex_line(line.trim().as_bytes()).expect("binary-fen: a line is not hex");
                let r = PackedSetup::try_from_bytes(&bytes)
                    .map_err(|e| format!("ERR try_from_bytes: {e}"))
                    .and_then(|p| p.unpack_standard().map_err(|e| format!("ERR unpack_standard: {e}")))
                    .and_then(|s| Fen::try_from_setup(s).map(|f| f.to_string()).map_err(|e| format!("ERR Fen::try_from_setup: {e:?}")));
                match r {
                    Ok(fen) => emit(out, fen, format_args!("-;-;-;-"), fen_only),
                    Err(e) => writeln!(out, "{e}").unwrap(),
                }
            }
        }
        "bullet" | "bullet-fromraw" => {
            for rec in input.chunks_exact(32) {
                let b = bullet_from_bytes(rec);
                // result is stored side-to-move relative 0/1/2: print it as -1/0/1.
                emit(
                    out,
                    format_args!("{} w - - 0 1", bullet_placement(&b)),
                    format_args!(
                        "{};{};-;-;ksq={};opp_ksq={};extra={:02x}{:02x}{:02x}",
                        b.score,
                        i16::from(b.result) - 1,
                        b.ksq,
                        b.opp_ksq,
                        b.extra[0],
                        b.extra[1],
                        b.extra[2]
                    ),
                    fen_only,
                );
            }
        }
        "marlin" => {
            use viriformat::chess::board::Board;
            // viriformat's `marlinformat` module is private; PackedBoard is reachable only as the
            // return type of Board::to_marlinformat. PackedBoard::from_bytes is itself a plain
            // transmute of the 32 bytes (marlinformat.rs:119-122), done here via a typed copy.
            fn like<T: Copy>(_: &T, bytes: &[u8; 32]) -> T {
                assert_eq!(std::mem::size_of::<T>(), 32);
                unsafe { std::mem::transmute_copy(bytes) }
            }
            let proto = Board::new().to_marlinformat(0, 0, 0);
            for rec in input.chunks_exact(32) {
                let p = like(&proto, rec.try_into().unwrap());
                let r = std::panic::catch_unwind(|| Board::unpack(&p));
                match r {
                    Ok((board, eval, wdl, extra)) => {
                        emit(out, board, format_args!("{eval};{};-;-;extra={extra}", i16::from(wdl) - 1), fen_only)
                    }
                    Err(_) => writeln!(out, "ERR viriformat unpack panicked").unwrap(),
                }
            }
        }
        "marlin-bullet" => {
            use bulletformat::{chess::MarlinFormat, ChessBoard};
            for rec in input.chunks_exact(32) {
                let arr: [u8; 32] = rec.try_into().unwrap();
                // MarlinFormat is #[repr(C)], 32 bytes, fields private: bulletformat's loader
                // reinterprets file bytes the same way.
                let mf: MarlinFormat = unsafe { std::mem::transmute::<[u8; 32], MarlinFormat>(arr) };
                let b = ChessBoard::from(mf);
                emit(
                    out,
                    format_args!("{} w - - 0 1", bullet_placement(&b)),
                    format_args!("{};{};-;-;ksq={};opp_ksq={}", b.score, i16::from(b.result) - 1, b.ksq, b.opp_ksq),
                    fen_only,
                );
            }
        }
        "compressed-sfbinpack" => {
            for rec in input.chunks_exact(24) {
                emit(out, sfbinpack_decompress(rec), format_args!("-;-;-;-"), fen_only);
            }
        }
        _ => usage(),
    }
}

/// FEN placement of a bulletformat board as stored (side-to-move view: "white" = side to
/// move, ranks already flipped when Black was to move). Uses bulletformat's own iterator
/// (`IntoIterator for ChessBoard`, chess.rs:45-76) for the (piece, square) pairs; piece
/// nibble = colour<<3 | PNBRQK index (chess.rs:181-184).
fn bullet_placement(b: &bulletformat::ChessBoard) -> String {
    let mut grid = [None::<char>; 64];
    for (pc, sq) in *b {
        let ch = b"PNBRQK??"[(pc & 7) as usize] as char;
        grid[sq as usize] = Some(if pc & 8 != 0 { ch.to_ascii_lowercase() } else { ch });
    }
    placement(&grid)
}

fn placement(grid: &[Option<char>; 64]) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match grid[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c)
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

mod compare;
