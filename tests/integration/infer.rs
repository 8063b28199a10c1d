//! `bbconv infer`: a reading chosen at random (an order or layout, with number fixes) is
//! recovered from a few hundred generated samples, and lines planted to disagree are named.

use bbconv_board::mismatch::{Fix, Reading};
use bbconv_board::{Bitboard, Numbering, Size};

use crate::util::{run, Rng};

/// A random set of the squares `n` numbers, about one in four.
fn random_set(rng: &mut Rng, size: Size, n: Numbering) -> Bitboard {
    let squares: Vec<_> = (0..size.squares())
        .filter_map(|i| bbconv_board::Square::from_index(size, i))
        .filter(|&s| n.index(size, s).is_some() && rng.next().is_multiple_of(4))
        .collect();
    Bitboard::from_squares(size, squares).unwrap()
}

/// The text of the number that `reading` reads as `set`: the set's number in the numbering,
/// with the fixes undone (each is its own inverse), as hex.
fn value_text(reading: &Reading, set: &Bitboard) -> String {
    let size = set.size();
    let n = reading.numbering.span(size);
    let raw = reading.numbering.encode(set).unwrap();
    let mut words = raw.words().to_vec();
    for f in reading.fixes.iter().rev() {
        words = f.apply(&words, n).unwrap();
    }
    let digits: String = words.iter().rev().map(|w| format!("{w:016x}")).collect();
    format!(
        "0x{}",
        digits.trim_start_matches('0').to_string()
            + if words.iter().all(|&w| w == 0) {
                "0"
            } else {
                ""
            }
    )
}

fn names(set: &Bitboard) -> String {
    let v: Vec<String> = set.squares().map(|s| s.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

#[test]
fn recovers_a_random_reading_and_the_planted_lines() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let size = Size::CHESS;
    let fixes: [&[Fix]; 5] = [
        &[],
        &[Fix::Negate],
        &[Fix::ByteSwap],
        &[Fix::Complement],
        &[Fix::HalvesSwap],
    ];
    for trial in 0..12 {
        let numbering = Numbering::all().nth((rng.next() % 12) as usize).unwrap();
        let fix = fixes[(rng.next() % 5) as usize];
        let reading = Reading {
            numbering,
            fixes: fix.to_vec(),
        };
        let probe = random_set(&mut rng, size, numbering);
        if numbering
            .encode(&probe)
            .ok()
            .and_then(|raw| {
                let n = numbering.span(size);
                fix.iter()
                    .try_fold(raw.words().to_vec(), |w, f| f.apply(&w, n))
            })
            .is_none()
        {
            continue; // the halves of a number that is not 64 bits
        }
        let mut lines = Vec::new();
        for _ in 0..300 {
            let set = random_set(&mut rng, size, numbering);
            lines.push(format!("{}\t{}", value_text(&reading, &set), names(&set)));
        }
        // Every sample agrees: the reading is among those that fit.
        let input = lines.join("\n") + "\n";
        let (code, out, err) = run(&["infer"], input.as_bytes());
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 0, "trial {trial}, {reading:?}: {out}{err}");
        assert!(out.contains(" all 300 samples:"), "{reading:?}: {out}");
        let name = format!("  {numbering} (");
        let described: Vec<String> = fix
            .iter()
            .map(|f| f.describe(numbering.span(size)))
            .collect();
        assert!(
            out.lines()
                .any(|l| l.starts_with(&name) && described.iter().all(|d| l.contains(d.as_str()))),
            "{reading:?} not listed: {out}"
        );
        // Three lines planted to disagree are named, and the rest agree.
        let mut planted: Vec<usize> = (0..3).map(|_| (rng.next() % 300) as usize).collect();
        planted.sort_unstable();
        planted.dedup();
        for &k in &planted {
            let other = random_set(&mut rng, size, numbering);
            let value = lines[k].split('\t').next().unwrap().to_string();
            lines[k] = format!(
                "{value}\t{} {}",
                names(&other),
                if other.contains("a1".parse().unwrap()) {
                    "b1"
                } else {
                    "a1"
                }
            );
        }
        let input = lines.join("\n") + "\n";
        let (code, out, _) = run(&["infer"], input.as_bytes());
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 1, "{out}");
        let want: Vec<String> = planted.iter().map(|k| (k + 1).to_string()).collect();
        assert!(
            out.contains(&format!(
                "{} of 300 samples agree; the lines that do not: {}",
                300 - planted.len(),
                want.join(", ")
            )),
            "trial {trial}, {reading:?}, planted {want:?}: {out}"
        );
    }
}

/// Bad lines are reported with their numbers and counted out; blank lines are not samples.
#[test]
fn bad_lines_are_reported_and_skipped() {
    let input = "0x1\tb8\n\n0x2\td8\nnot a number\tc3\n0x4\tf8\n";
    let (code, out, err) = run(&["infer"], input.as_bytes());
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("fits all 3 samples:") && out.contains("draughts"),
        "{out}"
    );
    assert!(err.contains(":4:"), "{err}");
    let (code, _, err) = run(&["infer"], b"0x1 b8\n");
    assert_eq!(code, 1);
    assert!(err.contains("found no tab"), "{err}");
}

/// `n` bits of `words` as the signed decimal a signed `n`-bit type prints (two's complement).
fn signed_text(words: &[u64], n: usize) -> String {
    let v = u128::from(words[0]) | u128::from(words.get(1).copied().unwrap_or(0)) << 64;
    if n < 128 && v >> (n - 1) & 1 == 1 {
        (v as i128 - (1i128 << n)).to_string()
    } else if n == 128 {
        (v as i128).to_string()
    } else {
        v.to_string()
    }
}

/// A negative VALUE is its two's complement in the numbering's width, as `convert -f dec`
/// reads it: berlef samples with one logged as a Java long are berlef, not a byte swap; and
/// under every numbering, samples whose top bit is set, written signed, find it.
#[test]
fn a_negative_value_is_read_as_convert_reads_it() {
    // a1 h1 under berlef is bits 56 and 63: as a Java long, -9151314442816847872.
    let input = "0x1000000000000000\te1\n-9151314442816847872\ta1 h1\n0x1\ta8\n";
    let (code, out, err) = run(&["infer"], input.as_bytes());
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("fit all 3 samples:"), "{out}");
    let first = out.lines().nth(1).unwrap_or_default();
    assert_eq!(first, "  berlef (W*(H-1-r) + f): `--order berlef`", "{out}");
    let (code, signed, _) = run(&["infer", "-f", "signed"], input.as_bytes());
    assert_eq!((code, String::from_utf8(signed).unwrap()), (0, out));

    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let size = Size::CHESS;
    for numbering in Numbering::all() {
        let n = numbering.span(size);
        if numbering.square(size, n - 1).is_err() {
            continue; // its top bit is no square (0x88, mailbox, sentinel): never negative
        }
        let mut lines = Vec::new();
        while lines.len() < 40 {
            let set = random_set(&mut rng, size, numbering);
            let raw = numbering.encode(&set).unwrap();
            if raw.msb() != Some(n - 1) && lines.len() % 2 == 0 {
                continue; // every other sample negative
            }
            lines.push(format!("{}\t{}", signed_text(raw.words(), n), names(&set)));
        }
        let input = lines.join("\n") + "\n";
        let (code, out, err) = run(&["infer"], input.as_bytes());
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 0, "{numbering}: {out}{err}");
        let plain = format!(
            "  {numbering} ({}): `--order {numbering}`",
            numbering.formula()
        );
        assert!(out.lines().any(|l| l == plain), "{numbering}: {out}");
    }
}

/// A sample whose VALUE says its own reading (JSON with `order`, `fen` or `squares`) or is a
/// square name under `-f indices` is a bad line, not a sample that every order fits.
#[test]
fn a_value_that_says_its_own_reading_is_a_bad_line() {
    for (args, input, says) in [
        (
            &["infer"][..],
            "{\"order\":\"lerf\",\"bitboard\":\"0x1\"}\ta1\n",
            "JSON with \"order\"",
        ),
        (
            &["infer", "-f", "json"],
            "{\"squares\":[\"a1\"]}\ta1\n",
            "JSON with \"squares\"",
        ),
        (
            &["infer", "-f", "indices"],
            "a1\ta1\n",
            "found a square name a1",
        ),
    ] {
        let (code, out, err) = run(args, input.as_bytes());
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 1, "{input}: {out}{err}");
        assert!(!out.contains("fit"), "{input}: {out}");
        assert!(err.contains(says), "{input}: {err}");
    }
    // A JSON bitboard without them is a number like any other.
    let (code, out, err) = run(&["infer"], b"{\"bitboard\":\"0x1\"}\ta8\n0x2\tb8\n");
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("berlef"), "{out}");
}
