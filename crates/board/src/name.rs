//! The error of reading a name from a closed set of names (a direction, a digit order, a layer,
//! a coordinate style...): the `FromStr` impls of both library crates return it.

use std::fmt;

/// A name that is none of those a `FromStr` impl accepts: what was being read, the text given
/// and what was expected.
///
/// ```
/// use bbconv_board::ops::Direction;
/// let e = "up-ish".parse::<Direction>().unwrap_err();
/// assert_eq!(e.what(), "direction");
/// assert_eq!(e.input(), "up-ish");
/// assert!(e.to_string().starts_with("unknown direction 'up-ish': expected north, "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameError {
    what: &'static str,
    input: String,
    expected: String,
    /// `invalid` rather than `unknown`: the text is no name at all (a malformed number).
    invalid: bool,
}

impl NameError {
    /// `input` is no known `what`; `expected` lists what is.
    pub fn unknown(what: &'static str, input: &str, expected: impl Into<String>) -> NameError {
        NameError {
            what,
            input: input.to_string(),
            expected: expected.into(),
            invalid: false,
        }
    }

    /// `input` is not a well-formed `what` (a number that does not read, say).
    pub fn invalid(what: &'static str, input: &str, expected: impl Into<String>) -> NameError {
        NameError {
            invalid: true,
            ..NameError::unknown(what, input, expected)
        }
    }

    /// What was being read: `direction`, `layer`, ...
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// The text given.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// What would have been read: the names, or a description.
    pub fn expected(&self) -> &str {
        &self.expected
    }
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let adjective = if self.invalid { "invalid" } else { "unknown" };
        write!(
            f,
            "{adjective} {} '{}': expected {}",
            self.what, self.input, self.expected
        )
    }
}

impl std::error::Error for NameError {}
