//! Harness-side comparison used by roundtrip.sh: for each written input line, build the
//! line a reader is expected to print *given what the format keeps* (documented in
//! README.md), and count equal lines. Uses shakmaty only to decide whether an en-passant
//! square is legally capturable (EnPassantMode::Legal), for the references that drop
//! non-capturable ep squares (Stockfish's C++ Position::fromFen).

use shakmaty::{fen::Fen, CastlingMode, Chess, EnPassantMode, Position};
use std::collections::{BTreeMap, HashSet};
use std::fs;

pub fn annotate() {
    use std::io::{BufRead, Write};
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (n, line) in stdin.lock().lines().enumerate() {
        let fen = line.unwrap();
        let fen = fen.trim();
        let mv = fen
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
            .and_then(|p| {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    None
                } else {
                    Some(moves[(n * 7919) % moves.len()].to_uci(CastlingMode::Standard).to_string())
                }
            })
            .unwrap_or_else(|| "0000".into());
        let score = ((n as u64 * 2654435761) % 4001) as i64 - 2000;
        let result = (n % 3) as i64 - 1;
        writeln!(out, "{fen};{score};{result};{mv};").unwrap();
    }
}

fn flip_placement(placement: &str) -> String {
    // side-to-move view for Black: mirror ranks, swap colours.
    placement
        .split('/')
        .rev()
        .map(|r| r.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn legal_ep_fen(fen: &str) -> String {
    match fen.parse::<Fen>().ok().and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok()) {
        Some(p) => {
            let mut parts: Vec<String> = fen.split_whitespace().map(String::from).collect();
            parts[3] = p.ep_square(EnPassantMode::Legal).map_or("-".into(), |s| s.to_string());
            parts.join(" ")
        }
        None => fen.to_string(),
    }
}

fn default_ply(fen: &str) -> u32 {
    let p: Vec<&str> = fen.split_whitespace().collect();
    let full: u32 = p.get(5).and_then(|x| x.parse().ok()).unwrap_or(1);
    2 * (full.max(1) - 1) + u32::from(p.get(1) == Some(&"b"))
}

fn expected(fmt: &str, line: &str) -> String {
    let f: Vec<&str> = line.split(';').collect();
    let fen = f[0].trim();
    let score: i32 = f.get(1).and_then(|x| x.parse().ok()).unwrap_or(0);
    let result: i32 = f.get(2).and_then(|x| x.parse().ok()).unwrap_or(0);
    let mv = f.get(3).filter(|x| !x.is_empty()).copied().unwrap_or("0000");
    let ply = f.get(4).and_then(|x| x.parse().ok()).unwrap_or_else(|| default_ply(fen));
    let parts: Vec<&str> = fen.split_whitespace().collect();
    let black = parts.get(1) == Some(&"b");
    let with_clocks = |fen: &str, h: &str, fm: &str| {
        let p: Vec<&str> = fen.split_whitespace().collect();
        format!("{} {} {} {} {} {}", p[0], p[1], p[2], p[3], h, fm)
    };
    match fmt {
        "sf-bin" | "sf-plain" => format!("{};{score};{result};{mv};{ply}", legal_ep_fen(fen)),
        "compressed" => format!("{};-;-;-;-", with_clocks(&legal_ep_fen(fen), "0", "1")),
        "compressed-sfbinpack" => format!("{};-;-;-;-", with_clocks(fen, "0", "1")),
        "binary-fen" => format!("{fen};-;-;-;-"),
        "marlin" => format!("{fen};{score};{result};-;-"),
        "bullet" | "bullet-fromraw" | "marlin-bullet" => {
            let (pl, s, r) = if black { (flip_placement(parts[0]), -score, -result) } else { (parts[0].to_string(), score, result) };
            format!("{pl} w - - 0 1;{s};{r};-;-")
        }
        _ => panic!("unknown format {fmt}"),
    }
}

fn first5(s: &str) -> String {
    s.split(';').take(5).collect::<Vec<_>>().join(";")
}

/// Classify a mismatch by which of the six FEN fields / record fields differ.
fn classify(exp: &str, got: &str) -> String {
    let e: Vec<&str> = exp.split(';').collect();
    let g: Vec<&str> = got.split(';').collect();
    if g.len() < 5 {
        return "unreadable".into();
    }
    let names = ["placement", "stm", "castling", "ep", "halfmove", "fullmove"];
    let ef: Vec<&str> = e[0].split_whitespace().collect();
    let gf: Vec<&str> = g[0].split_whitespace().collect();
    let mut diff = vec![];
    for (i, n) in names.iter().enumerate() {
        if ef.get(i) != gf.get(i) {
            diff.push(n.to_string());
        }
    }
    for (i, n) in ["score", "result", "move", "ply"].iter().enumerate() {
        if e.get(i + 1) != g.get(i + 1) {
            diff.push(n.to_string());
        }
    }
    diff.join("+")
}

pub fn run(fmt: &str, input: &str, output: &str, skips: &str) {
    let inp = fs::read_to_string(input).unwrap();
    let outp = fs::read_to_string(output).unwrap();
    let skipped: HashSet<usize> = fs::read_to_string(skips)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.strip_prefix("skip ")?.split(':').next()?.trim().parse().ok())
        .collect();
    let kept: Vec<&str> = inp.lines().enumerate().filter(|(i, l)| !l.is_empty() && !skipped.contains(&(i + 1))).map(|(_, l)| l).collect();
    let got: Vec<&str> = outp.lines().collect();
    let (mut raw_eq, mut norm_eq) = (0usize, 0usize);
    let mut cats: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for (i, l) in kept.iter().enumerate() {
        let Some(g) = got.get(i) else { break };
        let g5 = first5(g);
        let f: Vec<&str> = l.split(';').collect();
        // raw: the reader printed the very input FEN
        if g5.split(';').next() == Some(f[0].trim()) {
            raw_eq += 1;
        }
        let exp = expected(fmt, l);
        if g5 == exp {
            norm_eq += 1;
        } else {
            let c = classify(&exp, &g5);
            let ent = cats.entry(c).or_insert((0, format!("expected `{exp}` got `{g5}`")));
            ent.0 += 1;
        }
    }
    println!(
        "{fmt}: input={} written={} read_back={} fen_identical={} equal_after_normalisation={}",
        inp.lines().filter(|l| !l.is_empty()).count(),
        kept.len(),
        got.len(),
        raw_eq,
        norm_eq
    );
    for (c, (n, ex)) in &cats {
        println!("  mismatch[{c}] x{n}: e.g. {ex}");
    }
}
