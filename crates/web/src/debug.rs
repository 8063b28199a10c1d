//! The square-order debugger on the page: `explain`, `diff` and `infer`, answered in the
//! command line's words by the presentation crate.

use bbconv_forms::debug::{Expect, Inferrer};
use bbconv_forms::readings::Side;
use bbconv_forms::{Format, Options};
use bbconv_present::{explain as words, infer as samples, Host};
use serde_json::{json, Value as Json};

use crate::board;
use crate::request::Request;

/// The page as a host: blocks laid out in the width it measured, no files, no notes.
struct Page(usize);

impl Host for Page {
    fn width(&self) -> usize {
        self.0
    }
}

/// The host of a request: its `width` in characters (100 when absent; at least 20).
fn host(req: &Request) -> Page {
    Page(req.index("width").map_or(100, |w| w.clamp(20, 400)))
}

/// The options `explain`, `diff` and `infer` read with: the page's board settings, as the
/// command line's `--size`, `--order` and `--one-based` (diff reads A and B under the order).
fn sized(req: &Request) -> Result<Options, String> {
    req.options()
}

/// `explain`: `text` (a binary form's hex bytes read as `board::plain`) under every square order, and the readings that make it `expect` when
/// given: square names, or a FEN (it has a `/`) whose `side` squares are meant (the command
/// line's `--expect-fen` and `--side`; occupied when `side` is empty).
pub fn explain(req: &Request) -> Result<Json, String> {
    let opts = sized(req)?;
    let expect = match req.str("expect").trim() {
        "" => None,
        fen if fen.contains('/') => Some(Expect::Fen(fen, side(req)?)),
        sq => Some(Expect::Squares(sq)),
    };
    let (text, from) = board::plain(req.str("text"), req.form("from", Format::Auto)?, &opts)?;
    let e = words::explain(&text, from, &opts, expect, &host(req)).map_err(|e| e.to_string())?;
    Ok(json!({ "text": e.text, "fits": e.fits }))
}

/// `diff`: `text` (A) and `b` (B) compared (a binary form's hex bytes read as `board::plain`).
pub fn diff(req: &Request) -> Result<Json, String> {
    let opts = sized(req)?;
    let from = req.form("from", Format::Auto)?;
    let (a, from_a) = board::plain(req.str("text"), from, &opts)?;
    let (b, _) = board::plain(req.str("b"), from, &opts).map_err(|e| format!("B: {e}"))?;
    let text = words::diff(&a, &b, from_a, &opts, &host(req)).map_err(|e| e.to_string())?;
    Ok(json!({ "text": text }))
}

/// The request's `side` (the command line's `--side`): occupied when empty.
fn side(req: &Request) -> Result<Side, String> {
    match req.str("side").trim() {
        "" => Ok(Side::Occupied),
        s => s.parse().map_err(|e| format!("{e}")),
    }
}

/// A line of samples as the command line reads it: `VALUE`, a tab, `EXPECTED`. A line
/// without a tab may separate the two with `|` (a phone has no tab key).
fn with_tab(line: &str) -> String {
    match (line.contains('\t'), line.split_once('|')) {
        (false, Some((value, expected))) => format!("{}\t{}", value.trim(), expected.trim()),
        _ => line.to_string(),
    }
}

/// Line `k` of the samples with its VALUE, in binary form `from`, read as hex bytes and
/// written as `board::plain` writes it (a line whose VALUE does not read is left out, its
/// message in `bad`); a line of a text form as it is.
fn hexed(k: usize, line: String, from: Format, opts: &Options, bad: &mut Vec<String>) -> String {
    let Some((value, expected)) = line.split_once('\t').filter(|_| from.is_binary()) else {
        return line;
    };
    match board::plain(value.trim(), from, opts) {
        Ok((text, _)) => format!("{text}\t{expected}"),
        Err(e) => {
            bad.push(format!("line {k}: {e}"));
            String::new()
        }
    }
}

/// `infer`: the readings that fit every sample of `samples` (one a line), or the best one and
/// the lines that disagree; the lines that do not read, each with its message.
pub fn infer(req: &Request) -> Result<Json, String> {
    let opts = sized(req)?;
    let side = side(req)?;
    let from = req.form("from", Format::Auto)?;
    let mut bad = Vec::new();
    let text: Vec<String> = req
        .str("samples")
        .lines()
        .map(with_tab)
        .enumerate()
        .map(|(k, l)| hexed(k + 1, l, from, &opts, &mut bad))
        .collect();
    let from = if from.is_binary() { Format::Auto } else { from };
    let inferrer = Inferrer::new(from, side, &opts)
        .map_err(|e| bbconv_present::explain::failure(e, &bbconv_present::Plain).to_string())?;
    let (read, more) = samples::samples(&text.join("\n"), &inferrer);
    bad.extend(more);
    let (answer, fits) = samples::report(&read, &inferrer, opts.size_or_default(), false);
    Ok(json!({ "text": answer, "bad": bad, "fits": fits && bad.is_empty() }))
}
