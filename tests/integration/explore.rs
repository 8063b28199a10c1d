//! `bbconv explore` on a real terminal: the binary driven in tmux (`send-keys`, `capture-pane`).
//! Skipped, saying why, where tmux is missing and `CI` is not set; with `CI=true` a missing
//! tmux fails the test (`.ci/run` installs it).

use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of its own (its socket in a temporary folder), killed when dropped.
struct Tmux {
    socket: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Tmux {
    /// A tmux server, or `None` (with the reason printed) where tmux cannot be run here.
    fn new() -> Option<Tmux> {
        let ci = std::env::var_os("CI").is_some_and(|v| v == "true");
        if Command::new("tmux").arg("-V").output().is_err() {
            assert!(!ci, "CI=true and tmux is missing: .ci/run installs it");
            eprintln!("skipped: tmux is not installed (apt-get install tmux)");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        Some(Tmux {
            socket: dir.path().join("socket"),
            _dir: dir,
        })
    }

    fn cmd(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts `shell` (a shell command line) in a `w` x `h` window.
    fn start(&self, shell: &str, w: u16, h: u16) {
        let (w, h) = (w.to_string(), h.to_string());
        self.cmd(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            &w,
            "-y",
            &h,
            "sh",
            "-c",
            shell,
        ]);
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.cmd(&["send-keys", "-t", "t", k]);
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    fn screen(&self) -> String {
        self.cmd(&["capture-pane", "-p", "-t", "t"])
    }

    /// Waits until the screen shows `text` (up to 10 s); returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) || start.elapsed() > Duration::from_secs(10) {
                return s;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.cmd(&["kill-server"]);
    }
}

/// The shell line that runs bbconv explore with `args`, captures its stdout and prints it with
/// the exit code, then waits.
fn captured(args: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin!("bbconv");
    format!(
        "x=$({} explore {args}); echo \"exit=$? out=[$x]\"; sleep 30",
        bin.display()
    )
}

#[test]
fn moves_toggles_and_prints_on_q() {
    let Some(t) = Tmux::new() else { return };
    t.start(&captured("-t squares 0x81"), 100, 30);
    let s = t.wait_for("cursor a1");
    assert!(s.contains("bbconv explore: 8x8"), "{s}");
    assert!(s.contains("1 [1] .  .  .  .  .  .  1"), "{s}");
    t.keys(&["l", "Space", "?"]);
    let s = t.wait_for("the keys (Esc closes)");
    assert!(s.contains("toggle the square"), "{s}");
    t.keys(&["Escape", "o"]);
    let s = t.wait_for("read as LERBEF");
    assert!(s.contains("lerbef"), "{s}");
    t.keys(&["O", "q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0 out=[a1 b1 h1]"), "{s}");
}

#[test]
fn esc_prints_nothing_and_exits_130() {
    let Some(t) = Tmux::new() else { return };
    t.start(&captured("0x81"), 100, 30);
    t.wait_for("cursor a1");
    t.keys(&["f", "Escape"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=130 out=[]"), "{s}");
}

#[test]
fn a_value_on_stdin_two_values_and_the_editor() {
    let Some(t) = Tmux::new() else { return };
    let bin = assert_cmd::cargo::cargo_bin!("bbconv");
    let shell = format!(
        "x=$(echo 0x81 | {} explore -f hex); echo \"exit=$? out=[$x]\"; sleep 30",
        bin.display()
    );
    t.start(&shell, 100, 30);
    let s = t.wait_for("cursor a1");
    assert!(s.contains("read as hex"), "{s}");
    t.keys(&["e", "BSpace", "BSpace", "z", "Enter"]);
    let s = t.wait_for("<- ");
    assert!(s.contains("edit (hex under LERF):"), "{s}");
    t.keys(&["BSpace", "f", "f", "Enter", "q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0 out=[0x00000000000000ff]"), "{s}");

    let Some(t) = Tmux::new() else { return };
    t.start(&captured("-f hex 0x1 0x0100000000000000"), 100, 30);
    let s = t.wait_for("reading:");
    assert!(s.contains("flipped vertically"), "{s}");
    assert!(s.contains("--to-order berlef"), "{s}");
    t.keys(&["a", "q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0 out=[0x0100000000000000]"), "{s}");
}

#[test]
fn resize_small_windows_sigterm_and_no_color() {
    let Some(t) = Tmux::new() else { return };
    let bin = assert_cmd::cargo::cargo_bin!("bbconv");
    let shell = format!(
        "NO_COLOR=1 {} explore '(;SZ[19]AB[dd])'; echo \"exit=$?\"; sleep 30",
        bin.display()
    );
    t.start(&shell, 120, 40);
    let s = t.wait_for("cursor a1");
    assert!(
        s.contains("19 ") && !s.contains("scrolled"),
        "a 19x19 board whole in 120x40: {s}"
    );
    let colored = t.cmd(&["capture-pane", "-p", "-e", "-t", "t"]);
    assert!(!colored.contains("\u{1b}[3"), "NO_COLOR: no colour codes");
    t.cmd(&["resize-window", "-t", "t", "-x", "40", "-y", "12"]);
    let s = t.wait_for("scrolled");
    assert!(s.contains("of 19x19, scrolled"), "{s}");
    t.cmd(&["resize-window", "-t", "t", "-x", "20", "-y", "6"]);
    let s = t.wait_for("window too small");
    assert!(s.contains("window too small"), "{s}");
    t.cmd(&["resize-window", "-t", "t", "-x", "100", "-y", "30"]);
    t.wait_for("cursor a1");
    // SIGTERM to bbconv (the pane's shell's child): the terminal is restored, nothing printed.
    let shell_pid = t.cmd(&["list-panes", "-t", "t", "-F", "#{pane_pid}"]);
    let child = Command::new("pgrep")
        .args(["-P", shell_pid.trim()])
        .output()
        .unwrap();
    let pid = String::from_utf8_lossy(&child.stdout).trim().to_string();
    assert!(!pid.is_empty(), "bbconv is running under the pane's shell");
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=130"), "{s}");
    assert!(
        !s.contains("cursor a1"),
        "the alternate screen was left: {s}"
    );
}

#[test]
fn without_a_terminal_it_says_what_to_use() {
    let bin = assert_cmd::cargo::cargo_bin!("bbconv");
    // setsid: no controlling terminal.
    let Ok(out) = Command::new("setsid")
        .arg("-w")
        .arg(bin)
        .args(["explore", "0x1"])
        .stdin(std::process::Stdio::null())
        .output()
    else {
        eprintln!("skipped: setsid is not installed");
        return;
    };
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("explore needs a terminal"), "{err}");
    assert!(err.contains("show, diff or explain"), "{err}");
}

#[test]
fn q_prints_under_to_order_or_lerf() {
    let Some(t) = Tmux::new() else { return };
    // Read under BERLEF (0x1 is a8): printed under LERF unless --to-order says.
    t.start(&captured("--order berlef -f hex 0x1"), 100, 30);
    t.wait_for("cursor a1");
    t.keys(&["q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0 out=[0x0100000000000000]"), "{s}");
    let Some(t) = Tmux::new() else { return };
    t.start(
        &captured("--order berlef --to-order berlef -f hex 0x1"),
        100,
        30,
    );
    t.wait_for("cursor a1");
    t.keys(&["q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0 out=[0x0000000000000001]"), "{s}");
}

#[test]
fn the_editor_shows_and_reads_the_number_under_the_order_read() {
    let Some(t) = Tmux::new() else { return };
    // 0x1 under BERBEF is h8: the editor shows 0x1 there, and 0x2 reads as g8 (printed
    // under LERF: bit 62).
    t.start(&captured("-f hex 0x1"), 100, 30);
    t.wait_for("cursor a1");
    t.keys(&["o", "o", "o"]);
    t.wait_for("read as BERBEF");
    t.keys(&["e"]);
    let s = t.wait_for("edit (hex under BERBEF)");
    assert!(
        s.contains("edit (hex under BERBEF): 0x0000000000000001"),
        "{s}"
    );
    t.keys(&["BSpace", "2", "Enter", "q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0 out=[0x4000000000000000]"), "{s}");
    // Read in the 0x88 layout: the editor writes the 0x88 number and reads it back so.
    let Some(t) = Tmux::new() else { return };
    t.start(&captured("--order 0x88 -f hex 0x10000"), 100, 30);
    t.wait_for("cursor a1");
    t.keys(&["e"]);
    let s = t.wait_for("edit (hex under 0x88)");
    assert!(
        s.contains("edit (hex under 0x88): 0x00000000000000000000000000010000"),
        "{s}"
    );
    t.keys(&["Enter", "q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0 out=[0x0000000000000100]"), "a2: {s}");
}
