//! The record pipeline as a user meets it: closed pipes and full disks at every --jobs, -o on
//! special files, links, permissions and folders, one board size a stream, --errors null
//! pairing, progress, and the arguments a person mistypes.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{bbconv, run};

/// The binary, with a cleared environment, as a std Command (for pipes and signals).
fn raw() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("bbconv"));
    cmd.env_clear();
    cmd
}

/// Waits for `child` at most `secs` seconds; a child still running then is killed and the test
/// fails (a hang becomes a failure, not a blocked test run).
fn wait_within(child: &mut Child, secs: u64, what: &str) -> i32 {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_closed_pipe_ends_the_run_quietly_at_every_jobs() {
    for jobs in ["1", "2", "0"] {
        let mut child = raw()
            .args(["convert", "-f", "hex", "-t", "squares", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Endless input, as from `yes 0x1`: written until bbconv goes away.
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            let block = "0x1\n".repeat(16384);
            while stdin.write_all(block.as_bytes()).is_ok() {}
        });
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert_eq!(first, "a1\n");
        // stdout is now closed, as by `| head -1`.
        let code = wait_within(&mut child, 20, &format!("--jobs {jobs} after head -1"));
        feeder.join().unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert_eq!((code, err.as_str()), (0, ""), "--jobs {jobs}");
    }
}

#[test]
fn a_full_disk_is_one_message_and_exit_2_at_every_jobs() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("in.txt");
    std::fs::write(&input, "0x1\n".repeat(2_000_000)).unwrap();
    for jobs in ["1", "2", "0"] {
        let mut child = raw()
            .args([
                "convert", "-f", "hex", "-t", "squares", "--jobs", jobs, "-i",
            ])
            .arg(&input)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let code = wait_within(&mut child, 30, &format!("--jobs {jobs} > /dev/full"));
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert_eq!(code, 2, "--jobs {jobs}: {err}");
        assert_eq!(err.lines().count(), 1, "--jobs {jobs}: {err}");
        assert!(err.starts_with("bbconv: cannot write"), "{err}");
    }
}

/// The names in a folder.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn output_to_a_fifo_is_written_directly() {
    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("out.fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let mut child = raw()
        .args(["convert", "-f", "hex", "-t", "squares", "0x3", "-o"])
        .arg(&fifo)
        .spawn()
        .unwrap();
    assert_eq!(wait_within(&mut child, 20, "-o FIFO"), 0);
    assert_eq!(reader.join().unwrap(), b"a1 b1\n");
    let meta = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(
        std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()),
        "the FIFO is still a FIFO"
    );
    assert_eq!(names(tmp.path()), ["out.fifo"]);
}

#[test]
fn output_through_a_symlink_replaces_its_target_and_keeps_the_link() {
    let tmp = tempfile::tempdir().unwrap();
    let target = tmp.path().join("real.txt");
    let link = tmp.path().join("link.txt");
    std::fs::write(&target, "old\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink("real.txt", &link).unwrap();
    let out = bbconv()
        .args(["convert", "-f", "hex", "-t", "squares", "0x1", "-o"])
        .arg(&link)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "a1\n");
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the file keeps its permission bits");
    assert_eq!(names(tmp.path()), ["link.txt", "real.txt"]);
}

#[test]
fn output_to_a_directory_is_refused_before_anything_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let out = bbconv()
        .args(["convert", "-f", "hex", "-t", "squares", "0x1", "-o"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("it is a directory"), "{err}");
    assert!(
        names(tmp.path()).is_empty(),
        "nothing is left in the folder"
    );
}

#[test]
fn a_failed_or_stopped_run_leaves_no_temporary_file() {
    let tmp = tempfile::tempdir().unwrap();
    let target = tmp.path().join("out.txt");
    std::fs::write(&target, "old\n").unwrap();
    // --fail-fast: the target is untouched, no temporary file stays.
    let out = bbconv()
        .args(["convert", "-f", "hex", "-t", "squares", "--fail-fast", "-o"])
        .arg(&target)
        .write_stdin("0x1\nzz\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(names(tmp.path()), ["out.txt"]);
    // SIGTERM while the run waits for input: the handler removes the temporary file.
    for signal in ["TERM", "INT"] {
        let mut child = raw()
            .args(["convert", "-f", "hex", "-t", "squares", "-o"])
            .arg(&target)
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"0x1\n").unwrap();
        let end = Instant::now() + Duration::from_secs(10);
        while names(tmp.path()).len() < 2 && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(names(tmp.path()).len(), 2, "the temporary file exists");
        // Give the handler time to be installed after the file appears.
        std::thread::sleep(Duration::from_millis(100));
        let pid = child.id().to_string();
        assert!(Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap()
            .success());
        let code = wait_within(&mut child, 10, "after a signal");
        assert_eq!(code, 130, "SIG{signal}");
        assert_eq!(names(tmp.path()), ["out.txt"], "SIG{signal}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old\n");
        drop(stdin);
    }
}

#[test]
fn a_stream_holds_boards_of_one_size() {
    let input = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\n8/8/8/8/8/8/8/K7 w - - 0 1\n";
    for jobs in ["1", "2"] {
        let (code, out, err) = run(
            &["convert", "-f", "fen", "-t", "packed-bin", "--jobs", jobs],
            input,
        );
        assert_eq!(code, 1, "{err}");
        assert_eq!(out.len(), 26, "two 13-byte records, none misaligned");
        assert!(
            err.contains("-:2: the board is 8x7, but this stream's boards are 8x8 (set by -:1)"),
            "{err}"
        );
        let (code, out, _) = run(
            &[
                "convert",
                "-f",
                "fen",
                "-t",
                "packed-bin",
                "--errors",
                "null",
                "--jobs",
                jobs,
            ],
            input,
        );
        assert_eq!(code, 1);
        assert_eq!(out.len(), 39);
        assert_eq!(&out[13..26], &[0xff; 13]);
    }
    // -s sets the size from the start.
    let (code, _, err) = run(
        &[
            "convert", "-f", "fen", "-t", "hex", "--layer", "first", "-s", "8x7",
        ],
        &input[..57],
    );
    assert_eq!(code, 1);
    assert!(err.contains("-:1"), "{err}");
}

#[test]
fn errors_null_pairs_every_input_line_with_an_output_line() {
    let input = "0x1\n\n0xzz\n# comment\n0x2\n   \n0x4\n";
    for jobs in ["1", "2"] {
        for (to, want) in [
            ("squares", "a1\n\n\n\nb1\n\nc1\n"),
            // The same form in and out: blank and comment lines come back as they were.
            (
                "hex",
                "0x0000000000000001\n\n\n# comment\n0x0000000000000002\n   \n0x0000000000000004\n",
            ),
        ] {
            let (code, out, err) = run(
                &[
                    "convert", "-f", "hex", "-t", to, "--errors", "null", "--jobs", jobs,
                ],
                input.as_bytes(),
            );
            assert_eq!(code, 1, "{err}");
            assert_eq!(String::from_utf8(out).unwrap(), want, "--jobs {jobs}");
        }
        let (_, out, _) = run(
            &[
                "convert", "-f", "hex", "-t", "json", "--errors", "null", "--jobs", jobs,
            ],
            input.as_bytes(),
        );
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), input.lines().count());
        assert_eq!(text.lines().nth(1), Some("null"));
    }
    // Without null, blank and comment lines yield nothing, as before.
    let (_, out, _) = run(&["convert", "-f", "hex", "-t", "squares"], input.as_bytes());
    assert_eq!(out, b"a1\nb1\nc1\n");
}

#[test]
fn progress_is_drawn_for_stdin_and_at_every_jobs_when_asked() {
    for jobs in ["1", "2"] {
        let (code, _, err) = run(
            &[
                "convert",
                "-f",
                "hex",
                "-t",
                "squares",
                "--progress",
                "--jobs",
                jobs,
            ],
            "0x1\n".repeat(1000).as_bytes(),
        );
        assert_eq!(code, 0);
        assert!(err.contains("records/s"), "--jobs {jobs}: {err:?}");
        assert!(err.contains("1000 records"), "--jobs {jobs}: {err:?}");
        assert!(!err.contains(" MB"), "binary units: {err:?}");
    }
    // Not on a terminal and not asked: nothing.
    let (_, _, err) = run(&["convert", "-f", "hex", "-t", "squares"], b"0x1\n");
    assert_eq!(err, "");
}

#[test]
fn arguments_a_person_types() {
    // A mistyped subcommand is not read as a board.
    for (typo, meant) in [
        ("shwo", "show"),
        ("covnert", "convert"),
        ("explian", "explain"),
    ] {
        let (code, out, err) = run(&[typo, "0x1"], b"");
        assert_eq!(code, 2);
        assert!(out.is_empty());
        assert!(err.contains(&format!("did you mean `{meant}`?")), "{err}");
    }
    // A board argument that names a file.
    let (code, _, err) = run(
        &["convert", "-f", "fen", "-t", "packed", "fen/reference.tsv"],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("to read the file, use -i FILE"), "{err}");
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "hex",
            "-t",
            "hex",
            "-i",
            "fen/invalid.tsv",
            "fen/reference.tsv",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("argument 1, column 1: ") && err.contains("fen/reference.tsv is a file"),
        "{err}"
    );
    // clap's errors and bbconv's share the prefix.
    let (code, _, err) = run(&["convert", "--bogus"], b"");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("bbconv: unexpected argument '--bogus'"),
        "{err}"
    );
    // Limits are checked.
    for args in [
        ["convert", "-t", "hex", "--jobs", "18446744073709551615"],
        ["convert", "-t", "hex", "--max-line", "18446744073709551615"],
    ] {
        let (code, _, err) = run(&args, b"0x1\n");
        assert_eq!(code, 2, "{err}");
        assert!(err.starts_with("bbconv: invalid value"), "{err}");
    }
}

#[test]
fn max_errors_caps_the_messages_not_the_count() {
    let input = "zz\n".repeat(5) + "0x1\n";
    let (code, out, err) = run(
        &["convert", "-f", "hex", "-t", "squares", "--max-errors", "2"],
        input.as_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(out, b"a1\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(lines[0].starts_with("bbconv: -:1:1:"));
    assert!(lines[1].starts_with("bbconv: -:2:1:"));
    assert!(lines[2].contains("--max-errors 2"));
    assert_eq!(lines[3], "bbconv: 5 bad records of 6");
}

#[test]
fn colour_follows_the_flag_and_the_environment() {
    // --color governs clap's own errors too.
    let out = bbconv()
        .args(["--color", "always", "convert", "--bogus"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains('\x1b'));
    let out = bbconv()
        .args(["--color", "never", "convert", "--bogus"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains('\x1b'));
    // Grids: CLICOLOR_FORCE colours even off a terminal; NO_COLOR and TERM=dumb do not.
    let grid = |env: &[(&str, &str)]| {
        let mut cmd = bbconv();
        cmd.args(["show", "0x1"]);
        for (k, v) in env {
            cmd.env(k, v);
        }
        String::from_utf8(cmd.output().unwrap().stdout).unwrap()
    };
    assert!(grid(&[("CLICOLOR_FORCE", "1")]).contains('\x1b'));
    assert!(!grid(&[]).contains('\x1b'));
    assert!(!grid(&[("NO_COLOR", "1")]).contains('\x1b'));
}

/// A board of another size is named at the line its record starts on, records of many lines
/// (grids, JSON over lines) as one-line records, one message a record, at every `--jobs`.
#[test]
fn boards_of_another_size_are_named_where_their_records_start() {
    let grid = |size: &str, rows: &[&str], files: &str| {
        let mut g = format!("# {size} lerf\n");
        for (k, row) in rows.iter().enumerate() {
            g.push_str(&format!("{} {row}\n", rows.len() - k));
        }
        format!("{g}  {files}\n\n")
    };
    let small = |pawn: usize| {
        let mut last = [". "; 4].concat().trim_end().to_string();
        last.replace_range(2 * pawn..2 * pawn + 1, "P");
        grid("4x4", &[". . . .", ". . . .", ". . . .", &last], "a b c d")
    };
    let empty = ". . . . . . . .";
    let input = grid(
        "8x8",
        &[
            ". . . . k . . .",
            empty,
            empty,
            empty,
            empty,
            empty,
            empty,
            ". . . . K . . .",
        ],
        "a b c d e f g h",
    ) + &small(1)
        + &small(2)
        + &small(3);
    let json = "{\"fen\": \"4k3/8/8/8/8/8/8/4K3\"}\n{\n  \"fen\":\n  \"4/4/4/1P2\"\n}\n\n{\n  \"fen\": \"4/4/4/2P1\"\n}\n{\n  \"fen\":\n\n  \"4/4/4/3P\"\n}\n";
    let cases = [
        ("grid", input.as_str(), ["-:12:", "-:19:", "-:26:"]),
        ("json", json, ["-:2:", "-:7:", "-:10:"]),
    ];
    for jobs in ["1", "3"] {
        for (form, input, starts) in cases {
            let (code, _, err) = run(
                &["convert", "-f", form, "-t", "fen", "--jobs", jobs],
                input.as_bytes(),
            );
            assert_eq!(code, 1, "{err}");
            let lines: Vec<&str> = err.lines().filter(|l| l.contains("is 4x4")).collect();
            assert_eq!(lines.len(), 3, "{err}");
            for (l, at) in lines.iter().zip(starts) {
                assert!(l.contains(at), "{at} in {err}");
            }
        }
    }
}
