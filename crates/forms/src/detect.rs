//! Detection of the form of one record for `-f auto`: each form declares its own rules
//! ([`Rule`], in its `Spec`'s `detect`), and [`detect`] tries every form's rules in the order
//! of their rank; the first that answers decides. [`detection_rules`] lists them, in that order,
//! for `bbconv formats`, the man page and the docs. Anything no rule takes is an error listing
//! the forms expected; an ambiguous input names the candidates and the `-f` to add.

use std::sync::OnceLock;

use bbconv_board::Size;

use crate::{Format, Options, ParseError};

/// One rule of the detection, declared by the form it gives.
pub(crate) struct Rule {
    /// Its place among every form's rules: tried in rising order (no two alike; a test checks).
    pub(crate) rank: u8,
    /// The rule in words, as `bbconv formats` lists it.
    pub(crate) words: &'static str,
    /// Its answer for a record: `None` when the rule does not take it (the next rule is
    /// tried), else the form, or an error (ambiguous).
    pub(crate) test: fn(&Probe<'_>) -> Option<Result<Format, ParseError>>,
}

/// What a rule looks at: the record, trimmed and not empty, and the options.
pub(crate) struct Probe<'a> {
    /// The record without surrounding whitespace.
    pub(crate) text: &'a str,
    /// The options (`--coords`).
    pub(crate) opts: &'a Options,
    /// The board size the record is read on (`--size`, or 8x8).
    pub(crate) size: Size,
}

impl<'a> Probe<'a> {
    /// The record's tokens, split at whitespace and commas (walked again by each rule that
    /// asks, rather than collected: no allocation).
    pub(crate) fn tokens(&self) -> impl Iterator<Item = &'a str> {
        self.text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
    }

    /// The record's one token, if it has exactly one.
    pub(crate) fn one_token(&self) -> Option<&'a str> {
        let mut tokens = self.tokens();
        match (tokens.next(), tokens.next()) {
            (Some(t), None) => Some(t),
            _ => None,
        }
    }
}

/// An error naming the forms an input fits.
pub(crate) fn ambiguous(candidates: &[Format]) -> ParseError {
    ParseError::of(
        crate::ErrorKind::Ambiguous(candidates.to_vec()),
        Some(0),
        format!(
            "the input fits several forms ({})",
            candidates
                .iter()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(", "),
        ),
    )
}

/// Every form's rules, in the order they are tried.
fn rules() -> &'static [&'static Rule] {
    static RULES: OnceLock<Vec<&'static Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut all: Vec<&'static Rule> = Format::ALL
            .iter()
            .flat_map(|f| f.spec().detect.iter())
            .collect();
        all.sort_by_key(|r| r.rank);
        all
    })
}

/// The detection rules in words, numbered in the order they are tried, then what an ambiguous
/// input gives (for `bbconv formats`, the man page and the docs).
pub fn detection_rules() -> Vec<String> {
    let mut lines: Vec<String> = rules()
        .iter()
        .enumerate()
        .map(|(k, r)| format!("{}. {}", k + 1, r.words))
        .collect();
    lines.push("An ambiguous input is an error naming the candidates.".to_string());
    lines
}

/// Decides the form of one record by the forms' rules (see the module documentation).
pub fn detect(text: &str, opts: &Options) -> Result<Format, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::new(Some(0), "empty input: expected a board"));
    }
    let probe = Probe {
        text,
        opts,
        size: opts.size_or_default(),
    };
    for rule in rules() {
        if let Some(answer) = (rule.test)(&probe) {
            return answer;
        }
    }
    Err(undetected(text))
}

/// The error of a record no rule gives a form, quoting its first 40 characters.
fn undetected(t: &str) -> ParseError {
    ParseError::of(
        crate::ErrorKind::Undetected,
        Some(0),
        format!(
            "cannot tell the form of {:?}: expected an integer, a pair, FEN, JSON, an Edax string, a coordinate list or a trit string",
            if t.len() > 40 { format!("{}...", &t[..t.char_indices().nth(40).map_or(t.len(), |c| c.0)]) } else { t.to_string() }
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No two rules share a rank (their order would be the list's, not declared), and every
    /// rule is some form's.
    #[test]
    fn ranks_are_distinct() {
        let ranks: Vec<u8> = rules().iter().map(|r| r.rank).collect();
        let mut unique = ranks.clone();
        unique.dedup();
        assert_eq!(ranks, unique);
        assert!(ranks.len() >= 16, "{ranks:?}");
    }
}
