//! Shipping: committed completions match the generator, the man page covers everything, every
//! example in `--help` and the README runs as written, colour rules, pipes and edge inputs.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::util::{bbconv, fixture, run};

const SUBCOMMANDS: &[&str] = &[
    "convert",
    "show",
    "op",
    "explain",
    "diff",
    "canon",
    "infer",
    "formats",
    "completions",
    "man",
];

#[test]
fn committed_completions_are_current() {
    for (shell, file) in [
        ("bash", "bbconv.bash"),
        ("zsh", "_bbconv"),
        ("fish", "bbconv.fish"),
        ("elvish", "bbconv.elv"),
        ("powershell", "_bbconv.ps1"),
    ] {
        let (code, out, err) = run(&["completions", shell], b"");
        assert_eq!(code, 0, "{err}");
        let committed = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("completions")
                .join(file),
        )
        .unwrap();
        assert!(
            out == committed,
            "completions/{file} is out of date: refresh with `bash completions/refresh.sh` and commit"
        );
        let text = String::from_utf8(out).unwrap();
        for form in ["packed-bin", "trits-bin", "edax", "pieces", "base3"] {
            assert!(
                text.contains(form),
                "{shell} completions lack the form {form}"
            );
        }
        for order in ["lerbef", "berlef", "lefber", "beber"] {
            assert!(
                text.contains(order),
                "{shell} completions lack the order {order}"
            );
        }
    }
}

#[test]
fn man_page_covers_subcommands_forms_and_exit_codes() {
    let (code, out, _) = run(&["man"], b"");
    assert_eq!(code, 0);
    let man = String::from_utf8(out).unwrap();
    assert!(man.starts_with(".ie") || man.starts_with(".TH"), "not roff");
    // explore draws on a terminal: its examples are not run here (tests/integration/explore.rs
    // drives it), but the man page documents it.
    for sub in SUBCOMMANDS.iter().chain(&["explore"]) {
        assert!(
            man.contains(&format!(".SH \"BBCONV {}\"", sub.to_uppercase())),
            "no section for {sub}"
        );
    }
    for f in bbconv_forms::Format::ALL {
        assert!(
            man.contains(&format!("\\fB{}\\fR", f.name().replace('-', "\\-"))),
            "no form {f}"
        );
    }
    assert!(man.contains(".SH \"EXIT STATUS\""));
    for code in ["\\fB0\\fR", "\\fB1\\fR", "\\fB2\\fR"] {
        assert!(man.contains(code));
    }
}

/// The example command lines of a help text: lines starting with `bbconv` or `printf`/`echo`,
/// with the explanation after a run of 3 spaces removed.
fn example_lines(text: &str) -> Vec<String> {
    let ex = text.split("Examples:").nth(1).unwrap_or("");
    ex.lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Exit codes"))
        .filter(|l| l.starts_with("bbconv ") || l.starts_with("printf ") || l.starts_with("echo "))
        .map(|l| l.split("   ").next().unwrap().trim().to_string())
        .collect()
}

fn sh(line: &str, dir: &std::path::Path) -> (i32, String, String) {
    let bin = std::path::Path::new(assert_cmd::cargo::cargo_bin!("bbconv"));
    let path = format!("{}:/usr/bin:/bin", bin.parent().unwrap().display());
    let out = Command::new("sh")
        .arg("-c")
        .arg(line)
        .env_clear()
        .env("PATH", path)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A scratch folder of the test's own (removed when dropped), holding a FEN file.
fn scratch() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(
        dir.join("positions.fen"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8/8/8/8/8/K6k w - - 0 1\n",
    )
    .unwrap();
    // The files of the README's examples: tables as Python's csv module and DuckDB wrote them,
    // a game record as CGoban wrote it.
    // Training records: the first 19 of the fixture's (the 20th is one bbconv refuses).
    std::fs::write(
        dir.join("data.bin"),
        &crate::util::fixture("train/sf.bin")[..19 * 40],
    )
    .unwrap();
    // A table of positions with their scores and results, as pandas writes one.
    std::fs::write(
        dir.join("evals.csv"),
        "fen,score,result\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,31,1\n4k3/8/8/8/8/8/8/4K3 b - - 0 1,-12,0\n",
    )
    .unwrap();
    for (from, to) in [
        ("train/marlin.bin", "games.marlin"),
        ("tables/positions.tsv", "positions.tsv"),
        ("tables/duckdb.csv", "games.csv"),
        ("real/sgf/messy.sgf", "game.sgf"),
    ] {
        std::fs::write(dir.join(to), crate::util::fixture(from)).unwrap();
    }
    tmp
}

#[test]
fn every_help_example_runs() {
    let tmp = scratch();
    let dir = tmp.path().to_path_buf();
    let mut count = 0;
    for sub in std::iter::once("").chain(SUBCOMMANDS.iter().copied()) {
        let args: Vec<&str> = if sub.is_empty() {
            vec!["--help"]
        } else {
            vec![sub, "--help"]
        };
        let (code, out, _) = run(&args, b"");
        assert_eq!(code, 0);
        let help = String::from_utf8(out).unwrap();
        let lines = example_lines(&help);
        assert!(!lines.is_empty(), "bbconv {sub} --help has no examples");
        for l in lines {
            if l.contains("~/") || l.contains("| man") {
                continue; // installs into the home folder
            }
            let (code, out, err) = sh(&l, &dir);
            assert_eq!(code, 0, "`{l}` failed: {err}");
            assert!(
                !out.is_empty() || l.contains(" -o "),
                "`{l}` printed nothing"
            );
            count += 1;
        }
    }
    assert!(count >= 30, "only {count} examples");
}

/// The README's pages: README.md and every page of `docs/`, in a fixed order.
fn readme_pages() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    std::iter::once(root.join("README.md"))
        .chain(docs)
        .map(|p| {
            let name = p.strip_prefix(root).unwrap().display().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

#[test]
fn every_readme_one_liner_runs() {
    let tmp = scratch();
    let dir = tmp.path().to_path_buf();
    let mut count = 0;
    let mut in_readme = 0;
    for (name, text) in readme_pages() {
        let mut in_sh = false;
        for line in text.lines() {
            if line.starts_with("```") {
                in_sh = line == "```sh";
                continue;
            }
            let l = line.trim_start_matches("$ ");
            if in_sh && (l.starts_with("bbconv ") || l.starts_with("printf ")) {
                let cmd = l.split(" #").next().unwrap().trim();
                let (code, _, err) = sh(cmd, &dir);
                assert_eq!(code, 0, "{name}: `{cmd}` failed: {err}");
                count += 1;
                if name == "README.md" {
                    in_readme += 1;
                }
            }
        }
    }
    assert!(in_readme >= 15, "only {in_readme} README lines");
    assert!(count >= 40, "only {count} lines in the README and docs/");
}

/// GitHub's anchors of a Markdown page's headings (outside code blocks): lowercase, spaces to
/// `-`, punctuation dropped, a repeated heading numbered `-1`, `-2`, ...
fn heading_anchors(text: &str) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        let title = line.trim_start_matches('#');
        if in_code || title.len() == line.len() || !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let n = seen.iter().filter(|s| **s == slug).count();
        out.push(if n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        seen.push(slug);
    }
    out
}

#[test]
fn every_readme_link_resolves() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for (name, text) in readme_pages() {
        let page = root.join(&name);
        let mut in_code = false;
        for line in text.lines() {
            if line.starts_with("```") {
                in_code = !in_code;
                continue;
            }
            if in_code {
                continue;
            }
            let mut rest = line;
            while let Some(at) = rest.find("](") {
                rest = &rest[at + 2..];
                let Some(end) = rest.find(')') else { break };
                let link = &rest[..end];
                rest = &rest[end..];
                if link.contains("://") || link.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = link.split_once('#').unwrap_or((link, ""));
                let target = if path.is_empty() {
                    page.clone()
                } else {
                    page.parent().unwrap().join(path)
                };
                assert!(target.exists(), "{name}: {link}: no such file");
                if !anchor.is_empty() {
                    let text = std::fs::read_to_string(&target).unwrap();
                    assert!(
                        heading_anchors(&text).iter().any(|a| a == anchor),
                        "{name}: {link}: no such heading"
                    );
                }
                count += 1;
            }
        }
    }
    assert!(count >= 40, "only {count} links");
}

#[test]
fn formats_lists_every_form() {
    let (code, out, _) = run(&["formats"], b"");
    assert_eq!(code, 0);
    let text = String::from_utf8(out).unwrap();
    for f in bbconv_forms::Format::ALL {
        assert!(text.contains(&format!("\n{}", f.name())), "{f}");
        assert!(text.contains(f.example()), "{f} example");
    }
}

/// The detection rules, as every form declares its own: `bbconv formats` lists them in the
/// order they are tried, and docs/detection.md holds the same numbered list.
#[test]
fn the_detection_rules_are_listed_alike() {
    let rules = bbconv_forms::detection_rules();
    let numbered: Vec<&String> = rules
        .iter()
        .filter(|r| r.starts_with(char::is_numeric))
        .collect();
    assert!(numbered.len() >= 16, "{rules:?}");
    let (code, out, _) = run(&["formats"], b"");
    assert_eq!(code, 0);
    let text = String::from_utf8(out).unwrap();
    let listed: Vec<&str> = text
        .split_once("Detection (-f auto, the default):\n")
        .expect("a detection section")
        .1
        .lines()
        .map(str::trim)
        .collect();
    assert_eq!(listed, rules);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/detection.md")).unwrap();
    let in_page: Vec<&str> = page
        .lines()
        .skip_while(|l| !l.starts_with("1. "))
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(in_page, numbered, "docs/detection.md's list of rules");
}

#[test]
fn colour_rules() {
    let esc = |args: &[&str], env: Option<(&str, &str)>| {
        let mut c = bbconv();
        c.args(args);
        if let Some((k, v)) = env {
            c.env(k, v);
        }
        let out = c.output().unwrap();
        out.stdout.contains(&0x1b)
    };
    let show = ["show", "0xffff 0xffff000000000000"];
    assert!(!esc(&show, None), "piped output has no escape codes");
    assert!(esc(
        &["--color", "always", "show", "0xffff 0xffff000000000000"],
        None
    ));
    assert!(
        esc(
            &["--color", "always", "show", "0xffff 0xffff000000000000"],
            Some(("NO_COLOR", "1"))
        ),
        "always beats NO_COLOR"
    );
    assert!(!esc(&["--color", "never", "show", "0xff"], None));
    assert!(!esc(
        &["--color", "auto", "show", "0xff"],
        Some(("NO_COLOR", "1"))
    ));
    // --unicode draws pieces and discs.
    let (_, out, _) = run(&["show", "--unicode", "8/8/8/8/8/8/8/K6k w - - 0 1"], b"");
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains('♔') && text.contains('♚'), "{text}");
    let (_, out, _) = run(
        &[
            "convert",
            "--unicode",
            "-f",
            "pair",
            "-t",
            "grid",
            "0x1 0x2",
        ],
        b"",
    );
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains('●') && text.contains('○'), "{text}");
}

#[test]
fn closed_stdout_ends_quietly() {
    let bin = assert_cmd::cargo::cargo_bin!("bbconv");
    let mut child = Command::new(bin)
        .args(["convert", "-f", "hex", "-t", "grid", "-i", "-"])
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let line = b"0x8100000000000081\n".repeat(20_000);
        let _ = stdin.write_all(&line);
    });
    // Read one line, then close stdout, as `| head -1` does.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let status = child.wait().unwrap();
    let _ = writer.join();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert_eq!(err, "");
}

#[test]
fn edge_inputs() {
    // Empty input: exit 0, no output.
    assert_eq!(
        run(&["convert", "-f", "hex", "-t", "dec"], b""),
        (0, vec![], String::new())
    );
    // CRLF, a BOM, trailing whitespace.
    let (code, out, err) = run(
        &["convert", "-f", "hex", "-t", "dec"],
        b"\xef\xbb\xbf0x10 \t\r\n0x11\r\n",
    );
    assert_eq!((code, out.as_slice()), (0, &b"16\n17\n"[..]), "{err}");
    // Invalid UTF-8 names the line.
    let (code, out, err) = run(
        &["convert", "-f", "hex", "-t", "dec"],
        b"0x1\n0x\xff\xfe\n0x2\n",
    );
    assert_eq!(code, 1);
    assert_eq!(out, b"1\n2\n");
    assert!(err.contains("-:2:3: invalid UTF-8"), "{err}");
    // A line of 10 MB is a bad record with a clear message; the next line still converts.
    let mut big = vec![b'1'; 10 << 20];
    big.extend_from_slice(b"\n0x3\n");
    let (code, out, err) = run(&["convert", "-f", "hex", "-t", "dec"], &big);
    assert_eq!(code, 1);
    assert_eq!(out, b"3\n");
    assert!(
        err.contains(
            "-:1: the record is 10485761 bytes or more, longer than the limit of 1048576 bytes"
        ),
        "{err}"
    );
    // Raising the limit converts it (into an error about its value, not about memory).
    let (code, _, err) = run(
        &["convert", "-f", "hex", "-t", "dec", "--max-line", "16M"],
        &big,
    );
    assert_eq!(code, 1);
    assert!(err.contains("more than 64 bits"), "{err}");
    // Overlap, a bit beyond the last square, a packed byte >= 243.
    let (_, _, err) = run(&["convert", "-f", "pair", "-t", "trits", "0x3 0x6"], b"");
    assert!(err.contains("overlap on 1 square: b1"), "{err}");
    let (_, _, err) = run(
        &["convert", "-f", "hex", "-t", "dec", "-s", "3x3", "0x200"],
        b"",
    );
    assert!(
        err.contains("bit 9 is set in 0x200 but a 3x3 board has only bits 0 to 8"),
        "{err}"
    );
    let (_, _, err) = run(
        &[
            "convert",
            "-f",
            "packed",
            "-t",
            "pair",
            "f3000000000000000000000000",
        ],
        b"",
    );
    assert!(
        err.contains("column 1: packed byte 0 is 243 (0xf3): expected at most 242"),
        "{err}"
    );
    // Sizes 0x8 and 65x65, an unknown order.
    let (code, _, err) = run(&["convert", "-t", "hex", "-s", "0x8", "0x1"], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("invalid size 0x8: width and height must be at least 1"),
        "{err}"
    );
    let (code, _, err) = run(&["convert", "-t", "hex", "-s", "65x65", "0x1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("4225 squares, at most 4096"), "{err}");
    let (code, _, err) = run(
        &["convert", "-t", "hex", "--order", "rank-file", "0x1"],
        b"",
    );
    assert_eq!(code, 2);
    for o in [
        "lerf", "lerbef", "berlef", "berbef", "lefr", "lefber", "befr", "beber",
    ] {
        assert!(err.contains(o), "{err}");
    }
    // A fixture in every form survives CRLF line ends.
    let crlf: Vec<u8> = fixture("forms/start/lerf/trits")
        .iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect();
    let (code, out, _) = run(&["convert", "-f", "trits", "-t", "packed"], &crlf);
    assert_eq!((code, out), (0, b"797979010000000000d8f2f250\n".to_vec()));
}
