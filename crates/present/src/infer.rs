//! The answer of `infer`: the readings that fit every sample, or the best one, how many
//! samples agree with it and the lines that do not. Reading the samples is the front end's
//! (the command line's record pipeline; the page's lines, [`samples`]); the question is
//! `bbconv_forms::debug::Inferrer`'s.

use bbconv_board::Size;
use bbconv_forms::debug::Inferrer;

use crate::readings;

/// The most readings listed when several fit every sample.
const MAX_FITS: usize = 12;

/// The most disagreeing lines named.
const MAX_LINES: usize = 50;

/// The answer in words for the samples read (`(line, mask)`, the mask of
/// [`Inferrer::sample`]): the readings every sample agrees with, or the best one, its count and
/// the lines (`several`: records of several sources) that disagree. Whether some reading fits
/// every sample.
pub fn report(
    samples: &[(usize, Vec<u64>)],
    inferrer: &Inferrer<'_>,
    size: Size,
    several: bool,
) -> (String, bool) {
    let answer = inferrer.answer(samples);
    let m = answer.samples;
    let mut text = String::new();
    if m == 0 {
        text.push_str("No sample was read: expected lines of VALUE, a tab, and EXPECTED.\n");
        return (text, false);
    }
    let all = &answer.fits;
    if !all.is_empty() {
        text.push_str(&format!(
            "{} reading{} fit{} all {m} sample{}:\n",
            all.len(),
            if all.len() == 1 { "" } else { "s" },
            if all.len() == 1 { "s" } else { "" },
            if m == 1 { "" } else { "s" }
        ));
        for c in all.iter().take(MAX_FITS) {
            text.push_str(&format!("  {}\n", readings::line(c, size)));
        }
        if all.len() > MAX_FITS {
            text.push_str(&format!("  ... and {} more\n", all.len() - MAX_FITS));
        }
        return (text, true);
    }
    let Some((best, n)) = &answer.best else {
        return (text, false);
    };
    text.push_str(&format!(
        "No reading fits all {m} samples. Best: {}\n",
        readings::line(best, size)
    ));
    text.push_str(&format!("  {n} of {m} samples agree"));
    let off: Vec<String> = answer.disagree.iter().map(|l| l.to_string()).collect();
    if !off.is_empty() {
        let shown = off.iter().take(MAX_LINES).cloned().collect::<Vec<_>>();
        let more = if off.len() > MAX_LINES {
            format!(", ... ({} in all)", off.len())
        } else {
            String::new()
        };
        let what = if several { "records" } else { "lines" };
        text.push_str(&format!(
            "; the {what} that do not: {}{more}",
            shown.join(", ")
        ));
    }
    text.push('\n');
    (text, false)
}

/// The samples of a text, one a line (blank lines are not samples): each read line with its
/// number and mask, and each bad line as `line N, column C: MESSAGE` with the command line's
/// hint.
pub fn samples(text: &str, inferrer: &Inferrer<'_>) -> (Vec<(usize, Vec<u64>)>, Vec<String>) {
    let (mut read, mut bad) = (Vec::new(), Vec::new());
    for (k, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match inferrer.sample(line) {
            Ok(mask) => read.push((k + 1, mask)),
            Err(e) => {
                let col = e
                    .offset
                    .map(|o| format!(", column {}", o + 1))
                    .unwrap_or_default();
                bad.push(format!(
                    "line {}{col}: {}",
                    k + 1,
                    crate::report::parse_error(&e)
                ));
            }
        }
    }
    (read, bad)
}
