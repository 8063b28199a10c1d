//! The words of bbconv: what `show`, `explain`, `diff`, `infer` and `op` answer, and how an
//! error and its hint are worded, as text and values that a front end prints. The command line
//! (the `bbconv` binary) and the web page (`crates/web`, compiled to WebAssembly) both call it,
//! so the page says what the command line says. Nothing here prints, reads a file or the
//! environment: what differs between front ends (the width to lay grids out in, a hint about a
//! file an argument names, where a note goes) is a [`Host`].
//!
//! The modules: [`report`] (errors' messages and hints, spelled as command-line flags),
//! [`readings`] (the flags a reading amounts to), [`layout`] (grids and blocks side by side),
//! [`show`] (a board's view and the list of forms), [`explain`] (`explain` and `diff`),
//! [`infer`] (the answer of `infer`), [`op`] (bitboard algebra) and [`edit`] (a square toggled).

pub mod edit;
pub mod explain;
pub mod infer;
pub mod layout;
pub mod op;
pub mod readings;
pub mod report;
pub mod show;

/// A failure a command reports in one line; the command line maps it to its exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Failure {
    /// A mistake in the command line (exit code 2).
    Usage(String),
    /// A board given as an argument that is not valid (exit code 1).
    Input(String),
}

impl Failure {
    /// The message, whatever the kind.
    pub fn message(&self) -> &str {
        match self {
            Failure::Usage(m) | Failure::Input(m) => m,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Failure {}

/// A usage failure.
pub fn usage(msg: impl std::fmt::Display) -> Failure {
    Failure::Usage(msg.to_string())
}

/// A bad-input failure.
pub fn bad_input(msg: impl std::fmt::Display) -> Failure {
    Failure::Input(msg.to_string())
}

/// What differs between the front ends that present the answers.
pub trait Host {
    /// The width in columns to lay blocks of grids out in, side by side.
    fn width(&self) -> usize {
        100
    }

    /// What to add to the message of a board argument that does not read (the command line:
    /// how to read the file the text names, when it names one).
    fn board_hint(&self, _text: &str) -> String {
        String::new()
    }

    /// A note beside the answer (the squares a shift dropped, under `op -v`).
    fn note(&self, _text: &str) {}
}

/// A host with the defaults: 100 columns, no hints about files, notes dropped.
pub struct Plain;

impl Host for Plain {}

/// A board argument that does not parse: what it was (`board 1`, `VALUE`), the column, why,
/// the hint for the kind of error, and the host's hint about the text.
pub fn bad_board(what: &str, text: &str, e: bbconv_forms::ParseError, host: &dyn Host) -> Failure {
    bad_input(board_message(what, text, &e, host))
}

/// The message of [`bad_board`]: `WHAT, column C: MESSAGE; HINT`.
pub fn board_message(
    what: &str,
    text: &str,
    e: &bbconv_forms::ParseError,
    host: &dyn Host,
) -> String {
    let col = e
        .offset
        .map(|o| format!(", column {}", o + 1))
        .unwrap_or_default();
    format!(
        "{what}{col}: {}{}",
        report::parse_error(e),
        host.board_hint(text)
    )
}
