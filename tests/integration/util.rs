//! The one hermetic helper: the built binary with a cleared environment, and the fixtures folder.

use std::path::PathBuf;

use assert_cmd::Command;

/// `bbconv` with an empty environment (no NO_COLOR, no locale, no HOME), run from the fixtures dir.
pub fn bbconv() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("bbconv"));
    cmd.env_clear().current_dir(fixtures());
    cmd
}

/// The repository's `fixtures/` folder.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Reads a fixture file.
pub fn fixture(rel: &str) -> Vec<u8> {
    let p = fixtures().join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Runs bbconv with `args` and `stdin`, returning (exit code, stdout, stderr).
pub fn run(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = bbconv()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("run bbconv");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The output lines of a run that exits 0 or 1 (every good record written).
pub fn lines_of(args: &[&str], stdin: &[u8]) -> Vec<String> {
    let (code, out, err) = run(args, stdin);
    assert!(code == 0 || code == 1, "{args:?}: {err}");
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs bbconv with `args` and no stdin, asserts exit 0, and returns stdout without its
/// trailing line end.
pub fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args, b"");
    assert_eq!(code, 0, "{args:?}: {err}");
    String::from_utf8(out).unwrap().trim_end().to_string()
}

/// Runs bbconv with `args` and no stdin, asserts exit 1 (a bad record) and that stderr says
/// `want`.
pub fn fails(args: &[&str], want: &str) {
    let (code, _, err) = run(args, b"");
    assert_eq!(code, 1, "{args:?} should fail: {err}");
    assert!(err.contains(want), "{args:?}: {err}");
}

/// A small deterministic generator (xorshift), for tests that draw their own cases.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
