//! Batch conversion: streams with bad records under every --errors mode, --jobs N equal to
//! --jobs 1, atomic -o, many inputs, raw records, and chunked runs equal to one run.

use crate::util::{bbconv, fixture, run};

fn good_fens() -> Vec<String> {
    String::from_utf8(fixture("fen/reference.tsv"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect()
}

/// Every kind of bad record, with the message expected for it.
const BAD: &[(&[u8], &str)] = &[
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN? w - - 0 1",
        "found '?'",
    ),
    (
        b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
        "consecutive digits '44'",
    ),
    (
        b"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR",
        "the rank has 7 squares, expected 8",
    ),
    (
        // (An empty ninth rank after eight full ones is lichess's empty pocket.)
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN/ w - - 0 1",
        "rank 9 (from the top): the rank is empty",
    ),
    (b"8/8//8/8/8/8/8", "the rank is empty"),
    (b"8/8/8/8/8/8/8/\xff7", "invalid UTF-8"),
    (b"8/8/8/8/8/8/8/8[Q", "without a closing ']'"),
    (b"8/8/8/8/8/8/8/7+", "'+' before a letter"),
];

/// 10,000 lines, 1% of them bad (every kind), in a fixed pattern. Returns the stream, the
/// expected output of the good lines (in order), and the bad lines' numbers and messages.
/// (the input, its good lines, its bad lines with the message each must get)
type Stream = (Vec<u8>, Vec<(usize, String)>, Vec<(usize, &'static str)>);

fn stream() -> Stream {
    let fens = good_fens();
    let mut input = Vec::new();
    let mut good = Vec::new();
    let mut bad = Vec::new();
    let mut g = 0;
    for line in 1..=10_000usize {
        if line % 100 == 37 {
            let (text, msg) = BAD[(line / 100) % BAD.len()];
            input.extend_from_slice(text);
            bad.push((line, msg));
        } else {
            let f = &fens[g % fens.len()];
            g += 1;
            input.extend_from_slice(f.as_bytes());
            good.push((line, f.clone()));
        }
        input.push(b'\n');
    }
    (input, good, bad)
}

fn expected_packed(fens: &[(usize, String)]) -> Vec<String> {
    let input: String = fens.iter().map(|(_, f)| format!("{f}\n")).collect();
    let (code, out, err) = run(&["convert", "-f", "fen", "-t", "packed"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bad_records_under_every_mode() {
    let (input, good, bad) = stream();
    assert_eq!(bad.len(), 100);
    let want = expected_packed(&good);
    for jobs in ["1", "2"] {
        // report: every good record in order, one message per bad line with its number.
        let (code, out, err) = run(
            &[
                "convert",
                "-f",
                "fen",
                "-t",
                "packed",
                "--jobs",
                jobs,
                "--max-errors",
                "all",
            ],
            &input,
        );
        assert_eq!(code, 1);
        let got: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
        assert_eq!(got.len(), want.len(), "jobs {jobs}: {err}");
        if let Some(k) = got.iter().zip(&want).position(|(a, b)| a != b) {
            panic!(
                "jobs {jobs}: output line {k} is {} instead of {}",
                got[k], want[k]
            );
        }
        let msgs: Vec<&str> = err
            .lines()
            .filter(|l| l.starts_with("bbconv: -:"))
            .collect();
        assert_eq!(msgs.len(), 100, "jobs {jobs}: {err}");
        for ((line, msg), m) in bad.iter().zip(&msgs) {
            assert!(
                m.starts_with(&format!("bbconv: -:{line}:")),
                "{m} should be line {line}"
            );
            assert!(m.contains(msg), "{m} should say {msg}");
        }
        assert!(err.contains("bbconv: 100 bad records of 10000"), "{err}");
        // skip: the same output, no per-record messages, still the count and exit 1.
        let (code, out2, err) = run(
            &[
                "convert", "-f", "fen", "-t", "packed", "--errors", "skip", "--jobs", jobs,
            ],
            &input,
        );
        assert_eq!((code, &out2), (1, &out));
        assert!(!err.contains("-:37:"), "{err}");
        assert!(err.contains("100 bad records"), "{err}");
        // null: output line N belongs to input line N.
        let (code, out3, _) = run(
            &[
                "convert", "-f", "fen", "-t", "packed", "--errors", "null", "--jobs", jobs,
            ],
            &input,
        );
        assert_eq!(code, 1);
        let lines: Vec<&str> = std::str::from_utf8(&out3).unwrap().lines().collect();
        assert_eq!(lines.len(), 10_000);
        let mut gi = want.iter();
        for (k, l) in lines.iter().enumerate() {
            if (k + 1) % 100 == 37 {
                assert_eq!(*l, "", "line {}", k + 1);
            } else {
                assert_eq!(Some(&l.to_string()), gi.next());
            }
        }
        // JSON output writes null for a bad record.
        let (_, out4, _) = run(
            &[
                "convert", "-f", "fen", "-t", "json", "--errors", "null", "--jobs", jobs,
            ],
            &input,
        );
        let text = String::from_utf8(out4).unwrap();
        assert_eq!(text.lines().nth(36), Some("null"));
        // --fail-fast stops at line 37.
        let (code, out5, err) = run(
            &[
                "convert",
                "-f",
                "fen",
                "-t",
                "packed",
                "--fail-fast",
                "--jobs",
                jobs,
            ],
            &input,
        );
        assert_eq!(code, 1);
        assert_eq!(std::str::from_utf8(&out5).unwrap().lines().count(), 36);
        assert!(
            err.contains("-:37:") && err.contains("--fail-fast"),
            "{err}"
        );
    }
}

/// A record over `--max-line` is a bad record, whether it lies within one read or is far longer
/// than a `--jobs` block and arrives through a pipe in many reads (skipped in pieces, never held
/// whole; the last one has no line end); the lines around it are converted, and `--jobs 2`
/// gives exactly what `--jobs 1` gives.
#[test]
fn overlong_lines_are_bad_records() {
    let mut within = b"8/8/8/8/8/8/8/8\n".to_vec();
    within.extend(std::iter::repeat_n(b'8', 5000));
    within.extend_from_slice(b"\n8/8/8/8/8/8/8/K7\n");
    let mut huge = b"8/8/8/8/8/8/8/8\n".to_vec();
    huge.extend(std::iter::repeat_n(b'8', 3 << 20));
    huge.extend_from_slice(b"\n8/8/8/8/8/8/8/K7\n");
    huge.extend(std::iter::repeat_n(b'8', 2 << 20));
    let cases = [
        (
            within,
            "4K",
            vec!["-:2: the record is 5001 bytes or more, longer than the limit of 4096 bytes"],
        ),
        (
            huge,
            "1K",
            vec![
                "-:2: the record is 3145729 bytes or more",
                "-:4: the record is 2097152 bytes or more",
            ],
        ),
    ];
    for (input, max, messages) in cases {
        let mut runs = Vec::new();
        for jobs in ["1", "2"] {
            let args = [
                "convert",
                "-f",
                "fen",
                "-t",
                "pair",
                "--max-line",
                max,
                "-j",
                jobs,
            ];
            let (code, out, err) = run(&args, &input);
            assert_eq!(code, 1);
            assert_eq!(
                out,
                b"0x0000000000000000 0x0000000000000000\n0x0000000000000001 0x0000000000000000\n"
            );
            for m in &messages {
                assert!(err.contains(m), "--jobs {jobs}: {err}");
            }
            runs.push(err);
        }
        assert_eq!(runs[0], runs[1]);
    }
}

#[test]
fn jobs_output_is_identical() {
    let fens = good_fens();
    // One record stream for every --jobs is a unit test of the pipeline (tiny chunks, every
    // framing); this checks the binary end to end on a few thousand lines.
    let input: String = (0..3_000)
        .map(|k| format!("{}\n", fens[k % fens.len()]))
        .collect();
    for to in [
        "packed",
        "pair",
        "trits",
        "json",
        "grid",
        "packed-bin",
        "fen",
    ] {
        let (c1, o1, _) = run(&["convert", "-f", "fen", "-t", to], input.as_bytes());
        for jobs in ["2", "0"] {
            let (c2, o2, _) = run(
                &["convert", "-f", "fen", "-t", to, "--jobs", jobs],
                input.as_bytes(),
            );
            assert_eq!((c1, c1), (0, c2));
            assert!(o1 == o2, "-t {to} --jobs {jobs} differs from --jobs 1");
        }
    }
}

/// A scratch folder of the test's own, removed when dropped.
fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn output_file_is_complete_or_untouched() {
    let tmpdir = tmp();
    let d = tmpdir.path().to_path_buf();
    let out = d.join("out.packed");
    std::fs::write(&out, b"old contents\n").unwrap();
    let (input, _, _) = stream();
    let input_file = d.join("in.fen");
    std::fs::write(&input_file, &input).unwrap();
    // A failing run (--fail-fast) leaves the old file and no temporary file.
    let (code, stdout, _) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "packed",
            "--fail-fast",
            "-i",
            input_file.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert_eq!(std::fs::read(&out).unwrap(), b"old contents\n");
    let leftovers: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 2, "{leftovers:?}");
    // A run with reported bad records writes the complete output of the good ones.
    let (code, _, _) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "packed",
            "-i",
            input_file.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap().lines().count(),
        9_900
    );
    // An input that cannot be read leaves the old file too.
    std::fs::write(&out, b"old contents\n").unwrap();
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "packed",
            "-i",
            input_file.to_str().unwrap(),
            "-i",
            "/nonexistent/x",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), b"old contents\n");
}

#[test]
fn many_inputs_in_order_and_raw_records() {
    let tmpdir = tmp();
    let d = tmpdir.path().to_path_buf();
    std::fs::write(d.join("a"), "0x1\n0x2\n").unwrap();
    std::fs::write(d.join("b"), "0x3\n").unwrap();
    let a = d.join("a");
    let b = d.join("b");
    let (code, out, _) = run(
        &[
            "convert",
            "-f",
            "hex",
            "-t",
            "dec",
            "-i",
            b.to_str().unwrap(),
            "-i",
            "-",
            "-i",
            a.to_str().unwrap(),
        ],
        b"0x9\n",
    );
    assert_eq!((code, out.as_slice()), (0, &b"3\n9\n1\n2\n"[..]));
    // packed-bin: 13-byte records on 8x8, 21 on 10x10 (ceil(100/5) = 20... plus none), read back.
    let fens = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n8/8/8/8/8/8/8/K6k\n";
    let (_, bin, _) = run(
        &["convert", "-f", "fen", "-t", "packed-bin"],
        fens.as_bytes(),
    );
    assert_eq!(bin.len(), 26);
    let (_, back, _) = run(&["convert", "-f", "packed-bin", "-t", "fen"], &bin);
    assert_eq!(
        back,
        b"pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP\n8/8/8/8/8/8/8/P6p\n"
    );
    let (_, tb, _) = run(
        &["convert", "-f", "fen", "-t", "trits-bin"],
        fens.as_bytes(),
    );
    assert_eq!(tb.len(), 128);
    assert_eq!(&tb[..3], &[1, 1, 1]);
    let (_, go, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "packed-bin",
            "-s",
            "19x19",
            "0x1 0x2",
        ],
        b"",
    );
    assert_eq!(go.len(), 73);
    // A truncated last record is reported.
    let (code, out, err) = run(&["convert", "-f", "packed-bin", "-t", "pair"], &bin[..20]);
    assert_eq!(code, 1);
    assert_eq!(out, b"0x000000000000ffff 0xffff000000000000\n");
    assert!(
        err.contains("-: record 2 (byte 13): the last record is 7 bytes, expected 13"),
        "{err}"
    );
}

/// What GNU parallel --pipe -k, Hadoop Streaming and Spark's RDD.pipe() rely on: any split of
/// the input into line-aligned chunks, converted chunk by chunk and concatenated, is the output
/// of one run.
#[test]
fn chunked_runs_equal_one_run() {
    let fens = good_fens();
    let input: String = (0..3_000)
        .map(|k| format!("{}\n", fens[k % fens.len()]))
        .collect();
    for to in ["packed", "json", "pair"] {
        let (_, whole, _) = run(&["convert", "-f", "fen", "-t", to], input.as_bytes());
        let lines: Vec<&str> = input.lines().collect();
        let mut cut = 0;
        let mut joined = Vec::new();
        let mut k = 1usize;
        while cut < lines.len() {
            let n = (k * 7919) % 457 + 1;
            k += 1;
            let end = (cut + n).min(lines.len());
            let chunk: String = lines[cut..end].iter().map(|l| format!("{l}\n")).collect();
            let mut c = bbconv();
            let out = c
                .args(["convert", "-f", "fen", "-t", to])
                .write_stdin(chunk)
                .output()
                .unwrap();
            joined.extend_from_slice(&out.stdout);
            cut = end;
        }
        assert!(joined == whole, "-t {to}: chunked output differs");
    }
}

#[test]
fn progress_only_when_asked_or_on_a_terminal() {
    let file = crate::util::fixtures().join("fen/reference.tsv");
    let f = file.to_str().unwrap();
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "packed",
            "--progress",
            "-i",
            f,
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(err.contains("100%") && err.contains("records/s"), "{err}");
    // stderr is not a terminal here: no bar unless asked.
    let (_, _, err) = run(&["convert", "-f", "fen", "-t", "packed", "-i", f], b"");
    assert_eq!(err, "");
    let (_, _, err) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "packed",
            "--progress",
            "--no-progress",
            "-i",
            f,
        ],
        b"",
    );
    assert_eq!(err, "");
}

/// `--jobs N` reads files in 1 MiB blocks: a stream of 3 MB crossing many block ends, with a BOM,
/// CRLF, blank and comment lines, over-long lines and bad records, over two files, gives exactly
/// the output and the messages of `--jobs 1`, in every error mode.
#[test]
fn jobs_match_one_thread_across_block_ends() {
    let tmpdir = tmp();
    let d = tmpdir.path().to_path_buf();
    let fens = good_fens();
    let mut a = b"\xef\xbb\xbf".to_vec();
    for k in 0..40_000usize {
        match k % 997 {
            5 => a.extend_from_slice(b"\r\n"),
            6 => a.extend_from_slice(b"# a comment\n"),
            7 => a.extend_from_slice(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN?\r\n"),
            8 => {
                a.extend(std::iter::repeat_n(b'8', 3000));
                a.push(b'\n');
            }
            _ => {
                a.extend_from_slice(fens[k % fens.len()].as_bytes());
                a.extend_from_slice(if k % 3 == 0 { b"\r\n" } else { b"\n" });
            }
        }
    }
    a.extend(std::iter::repeat_n(b'8', 2500)); // an over-long last line without a line end
    let fa = d.join("a.fen");
    std::fs::write(&fa, &a).unwrap();
    let fb = d.join("b.fen");
    std::fs::write(&fb, "8/8/8/8/8/8/8/K7\nbad\n").unwrap();
    let (pa, pb) = (fa.to_str().unwrap(), fb.to_str().unwrap());
    for mode in ["report", "skip", "null"] {
        for to in ["packed", "grid"] {
            if to == "grid" && mode != "null" {
                continue;
            }
            let args = |j: &'static str| {
                vec![
                    "convert",
                    "-f",
                    "fen",
                    "-t",
                    to,
                    "--errors",
                    mode,
                    "--max-line",
                    "2K",
                    "-j",
                    j,
                    "-i",
                    pa,
                    "-i",
                    pb,
                ]
            };
            let one = run(&args("1"), b"");
            let two = run(&args("2"), b"");
            assert_eq!(one.0, 1);
            assert!(one.1 == two.1, "--errors {mode} -t {to}: stdout differs");
            assert_eq!(one.2, two.2, "--errors {mode} -t {to}: stderr differs");
        }
    }
    let (_, _, err) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "packed",
            "--max-line",
            "2K",
            "-j",
            "2",
            "-i",
            pa,
        ],
        b"",
    );
    assert!(
        err.contains(&format!("{pa}:8:43: rank 8 (from the top): found '?'")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{pa}:9: the record is 3001 bytes or more")),
        "{err}"
    );
}
