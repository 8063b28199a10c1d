//! Tables against Python's `csv` module: hostile CSV and TSV files (stray and unclosed quotes,
//! CR-only, CRLF and mixed line ends, a BOM, ragged rows, empty and bad board fields, quoted
//! line breaks, rows over `--max-line`, a field of megabytes, non-UTF-8 bytes) converted at
//! `--jobs 1`, `2` and `0`. The reference is `csv.reader(f, strict=False)` on the file opened
//! with `newline=''` and `encoding='latin-1'`, its BOM removed (TSV: `quoting=QUOTE_NONE`),
//! blank lines left out. Checked by a Python script: every reference row is either written
//! (read back with the same reader, it is the reference's row, its board converted) or
//! reported once, on a line of its own; nothing else is written or reported.

use crate::util::{run, Rng};

/// Boards as `-f fen -t fen` writes them, so that a converted row is its own reference.
const BOARDS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20",
];

/// The checker: argv = dialect, mode (replace|append), input, output, stderr.
const CHECK: &str = r#"
import csv, io, re, sys
csv.field_size_limit(sys.maxsize)
dialect, mode, inp, outp, errp = sys.argv[1:6]
kw = {"strict": False}
if dialect == "tsv":
    kw.update(delimiter="\t", quoting=csv.QUOTE_NONE)
data = open(inp, "rb").read()
if data.startswith(b"\xef\xbb\xbf"):
    data = data[3:]
r = csv.reader(io.StringIO(data.decode("latin-1"), newline=""), **kw)
rows, prev = [], 0
for row in r:
    if row:
        rows.append((prev + 1, r.line_num, row))
    prev = r.line_num
err = open(errp, encoding="utf-8", errors="replace").read()
faults = [int(m) for m in re.findall(r"^bbconv: -:(\d+)[:\s]", err, re.M)]
summary = re.search(r"bbconv: (\d+) bad records? of (\d+)", err)
bad = set()
for line in faults:
    hit = [k for k, (a, b, _) in enumerate(rows) if a <= line <= b]
    assert len(hit) == 1, f"a fault on line {line} is on no reference row ({len(hit)})"
    assert hit[0] not in bad, f"row from line {rows[hit[0]][0]} reported twice"
    bad.add(hit[0])
if summary:
    assert int(summary.group(1)) == len(bad), (summary.group(0), len(bad))
    assert int(summary.group(2)) == len(rows), (summary.group(0), len(rows))
out = open(outp, "rb").read().decode("latin-1")
got = [row for row in csv.reader(io.StringIO(out, newline=""), **kw) if row]
good = [row for k, (_, _, row) in enumerate(rows) if k not in bad]
assert len(got) + len(bad) == len(rows), (len(got), len(bad), len(rows))
width = len(rows[0][2]) if rows else 0
for (want, row) in zip(good, got):
    if mode == "append":
        assert len(want) == width, ("a ragged row written", want[:3])
        want = want + [want[1]]
    assert row == want, (row[:4], want[:4])
print(len(rows), len(bad))
"#;

/// A field other than the board: harmless, or hostile for the dialect.
fn field(rng: &mut Rng, tsv: bool, big: &mut usize) -> Vec<u8> {
    let plain = || b"note".to_vec();
    match rng.below(16) {
        0 => Vec::new(),
        1 => b"5\" screen".to_vec(),
        2 => b"\"quoted, with a comma\"".to_vec(),
        3 => b"\"two\nlines\r\nand\rthree\"".to_vec(),
        4 => b"\"a \"\"doubled\"\" quote\"".to_vec(),
        5 => b"\"closed\"then text".to_vec(),
        6 => b"caf\xe9 \xff\xfe".to_vec(),
        7 => b"\"".to_vec(),
        8 => vec![b'x'; 1200],
        9 => {
            let mut f = b"\"long".to_vec();
            f.extend(std::iter::repeat_n(b'y', 900));
            f.extend_from_slice(b"\n\"");
            f
        }
        10 if *big > 0 => {
            *big -= 1;
            let mut f = b"\"".to_vec();
            for k in 0..(600_000 + rng.below(800_000)) {
                f.push(if k % 1000 == 999 { b'\n' } else { b'm' });
            }
            f.push(b'"');
            f
        }
        11 if tsv => b"a\\tb".to_vec(),
        12 => b"# not a comment".to_vec(),
        _ => plain(),
    }
}

/// A hostile table of `rows` rows: an id, a board (or a bad one), and other fields.
fn table(seed: u64, rows: usize, tsv: bool, mut big: usize) -> Vec<u8> {
    let mut rng = Rng(seed);
    let d = if tsv { b'\t' } else { b',' };
    let mut t = Vec::new();
    if rng.below(2) == 0 {
        t.extend_from_slice(b"\xef\xbb\xbf");
    }
    let ends: [&[u8]; 4] = [b"\n", b"\r\n", b"\r", b"\n"];
    let crlf_only = rng.below(3) == 0;
    for k in 0..rows {
        let mut fields = vec![format!("{k}").into_bytes()];
        fields.push(match rng.below(12) {
            0 => Vec::new(),
            1 => b"zz".to_vec(),
            2 => b"12345".to_vec(),
            3 if !tsv => format!("\"{}\"", BOARDS[k % 3]).into_bytes(),
            _ => BOARDS[rng.below(3)].as_bytes().to_vec(),
        });
        // Mostly three fields; sometimes fewer or more.
        let n = match rng.below(10) {
            0 => 0,
            1 => 2,
            _ => 1,
        };
        for _ in 0..n {
            fields.push(field(&mut rng, tsv, &mut big));
        }
        if rng.below(30) == 0 {
            fields.truncate(1);
        }
        t.extend_from_slice(&fields.join(&d));
        let end = if crlf_only {
            b"\r\n".as_slice()
        } else {
            ends[rng.below(4)]
        };
        t.extend_from_slice(end);
        if rng.below(25) == 0 {
            t.extend_from_slice(end);
        }
    }
    // Some files end in a quote left open.
    if !tsv && rng.below(2) == 0 {
        t.extend_from_slice(b"last,\"open\nto the end\n");
    }
    t
}

/// Converts `input` at every `--jobs`, checks the runs agree, and checks the output and the
/// reported records against Python's reading of the input.
fn check(name: &str, input: &[u8], tsv: bool) {
    let dir = tempfile::tempdir().unwrap();
    let inp = dir.path().join("in");
    std::fs::write(&inp, input).unwrap();
    for mode in ["replace", "append"] {
        let mut args = vec![
            "convert",
            if tsv { "--tsv" } else { "--csv" },
            "--column",
            "2",
            "-f",
            "fen",
            "-t",
            "fen",
            "--max-errors",
            "all",
        ];
        if mode == "append" {
            args.extend(["--append", "fen2"]);
        }
        let mut first: Option<(Vec<u8>, String)> = None;
        for jobs in ["1", "2", "0"] {
            let mut a = args.clone();
            a.extend(["--jobs", jobs]);
            let (code, out, err) = run(&a, input);
            assert!(code == 0 || code == 1, "{name} {a:?}: exit {code}: {err}");
            assert!(!err.contains("panicked"), "{name} {a:?}: {err}");
            match &first {
                None => first = Some((out, err)),
                Some((o, e)) => {
                    assert!(*o == out, "{name} {mode}: --jobs {jobs} writes other bytes");
                    assert_eq!(*e, err, "{name} {mode}: --jobs {jobs} reports otherwise");
                }
            }
        }
        let (out, err) = first.unwrap();
        let (outp, errp) = (dir.path().join("out"), dir.path().join("err"));
        std::fs::write(&outp, &out).unwrap();
        std::fs::write(&errp, &err).unwrap();
        let py = std::process::Command::new("python3")
            .args(["-c", CHECK, if tsv { "tsv" } else { "csv" }, mode])
            .args([&inp, &outp, &errp])
            .output()
            .expect("python3 runs");
        assert!(
            py.status.success(),
            "{name} {mode}: {}\n{}",
            String::from_utf8_lossy(&py.stderr),
            err.lines().take(12).collect::<Vec<_>>().join("\n")
        );
    }
}

#[test]
fn hostile_tables_read_as_python_reads_them() {
    for (k, tsv) in [(1u64, false), (2, false), (3, false), (4, true), (5, true)] {
        // The first of each dialect holds fields of megabytes: one over --max-line (1M), whose
        // row still ends where its quotes close, and others under it.
        let big = if k == 1 || k == 4 { 3 } else { 0 };
        let input = table(0x9e37_79b9_7f4a_7c15 ^ k, 1500, tsv, big);
        check(&format!("table {k}"), &input, tsv);
    }
}

/// The cases of the issue, each against the reference.
#[test]
fn the_issue_cases_read_as_python_reads_them() {
    let f = BOARDS[0];
    let cases: Vec<(&str, Vec<u8>, bool)> = vec![
        ("the panic", b"b\"\n\",\n".to_vec(), false),
        (
            "a stray quote",
            format!("1,{f},5\" screen\n2,{f},x\n3,{f},y\n").into_bytes(),
            false,
        ),
        (
            "CR line ends",
            format!("1,{f}\r2,{f}\r3,{f}\r").into_bytes(),
            false,
        ),
        (
            "CR line ends, TSV",
            format!("1\t{f}\r2\t{f}\r").into_bytes(),
            true,
        ),
        (
            "ragged rows",
            format!("1,{f},a\n2,{f}\n3,{f},b,c\n4,{f},d\n").into_bytes(),
            false,
        ),
        (
            "a quoted field over --max-line",
            format!(
                "1,{f},\"{}\n{}\"\n2,{f},x\n",
                "q".repeat(600_000),
                "r".repeat(600_000)
            )
            .into_bytes(),
            false,
        ),
    ];
    for (name, input, tsv) in cases {
        check(name, &input, tsv);
    }
}
