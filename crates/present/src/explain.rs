//! The answers of `explain` and `diff`, the square-order debugger, as text. The search for
//! the readings, symmetries and shifts that fit is `bbconv_forms::debug`'s; this module words
//! what it found.

use bbconv_board::mismatch::Mapping;
use bbconv_board::Order;
use bbconv_forms::debug::{self, DebugError, Difference, Expect, Explanation};
use bbconv_forms::{Format, Options, Value};

use crate::layout::{diff_grid, grid, names, side_by_side};
use crate::report::Cli;
use crate::{bad_board, bad_input, readings, usage, Failure, Host};

/// The most exact readings and near misses listed.
const MAX_LINES: usize = 8;

/// The answer of `explain`: its text, and whether it answers yes (no squares expected, or a
/// reading gives them; the command line exits with 1 otherwise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    /// What `explain` prints.
    pub text: String,
    /// False when squares were expected and no reading gives them.
    pub fits: bool,
}

/// The failure for a question the debugger cannot answer, as the command line words it.
pub fn failure(e: DebugError, host: &dyn Host) -> Failure {
    match e {
        DebugError::Usage(m) => usage(m),
        // An --expect that does not read is a mistake in the command line (exit 2).
        DebugError::Board { what, text, error } => match what {
            "expect" | "expect_fen" => {
                let flag = if what == "expect" {
                    "--expect"
                } else {
                    "--expect-fen"
                };
                usage(bad_board(flag, &text, error, host))
            }
            w => bad_board(w, &text, error, host),
        },
        DebugError::SizeMismatch(..) => bad_input(e.message(&Cli)),
        DebugError::TwoSides(_) => usage(e.message(&Cli)),
        DebugError::Input(m) => bad_input(m),
        other => bad_input(other.message(&Cli)),
    }
}

/// `explain`: `value` read under every square order, and the readings that give the expected
/// squares, if any are named.
pub fn explain(
    value: &str,
    from: Format,
    opts: &Options,
    expect: Option<Expect<'_>>,
    host: &dyn Host,
) -> Result<Explained, Failure> {
    let e = debug::explain(value, from, opts, expect).map_err(|e| failure(e, host))?;
    let opts = Options {
        order: Order::Lerf.into(),
        ..opts.clone()
    };
    let mut text = String::new();
    present_orders(&e, value, &opts, host.width(), &mut text);
    present_expected(&e, &mut text);
    Ok(Explained {
        text,
        fits: e.expected.is_none() || !e.exact.is_empty(),
    })
}

/// VALUE's grid under each square order, side by side, each with the squares it names.
fn present_orders(e: &Explanation, value: &str, opts: &Options, width: usize, text: &mut String) {
    text.push_str(&format!(
        "VALUE {} on {}, read under each square order:\n\n",
        value.trim(),
        e.size
    ));
    let blocks: Vec<(String, String)> = e
        .orders
        .iter()
        .map(|(o, v)| {
            let mut g = grid(v, opts);
            g.push_str(&format!("\n{}", names(&debug::layer(v, opts))));
            (format!("{o}: {}", o.formula()), g)
        })
        .collect();
    side_by_side(&blocks, width, text);
}

/// The expected squares, if named, and the readings that give them: exact, closest, near.
fn present_expected(e: &Explanation, text: &mut String) {
    let Some(exp) = &e.expected else {
        return;
    };
    let size = e.size;
    text.push_str(&format!(
        "\nExpected: {} ({} square{})\n",
        names(exp),
        exp.count(),
        if exp.count() == 1 { "" } else { "s" }
    ));
    for c in e.exact.iter().take(MAX_LINES) {
        text.push_str(&format!("  exact match: {}\n", readings::line(c, size)));
    }
    if e.exact.len() > MAX_LINES {
        text.push_str(&format!(
            "  ... and {} more exact readings\n",
            e.exact.len() - MAX_LINES
        ));
    }
    if let Some((o, extra, missing)) = &e.closest {
        text.push_str(&format!(
            "  no reading makes VALUE exactly the expected squares; closest order: {o} ({}), which has {} extra and misses {}\n",
            o.formula(),
            names(extra),
            names(missing)
        ));
    }
    for (c, why) in e.near.iter().take(MAX_LINES) {
        let words = c.words("VALUE", size);
        let words = words.strip_prefix("read under ").unwrap_or(&words);
        text.push_str(&format!("  near miss: {words}: {why}\n"));
    }
}

/// `diff`: A, B and the map of their differences side by side, then every symmetry, shift and
/// reading of B that maps A onto B, the near misses, or the squares only in each.
pub fn diff(
    a: &str,
    b: &str,
    from: Format,
    opts: &Options,
    host: &dyn Host,
) -> Result<String, Failure> {
    let d = debug::diff(a, b, from, opts).map_err(|e| failure(e, host))?;
    let mut text = diff_blocks(&d.a, &d.b, opts, host.width());
    text.push('\n');
    if d.same {
        text.push_str("A and B are the same board.\n");
    } else if d.both_empty {
        text.push_str("A and B are both empty.\n");
    } else {
        diff_mappings(&d, &mut text);
    }
    Ok(text)
}

/// A, B and, on one size, the map of their differences, side by side.
fn diff_blocks(a: &Value, b: &Value, opts: &Options, width: usize) -> String {
    let mut text = String::new();
    let mut blocks = vec![
        (format!("A ({})", a.size()), grid(a, opts)),
        (format!("B ({})", b.size()), grid(b, opts)),
    ];
    if a.size() == b.size() {
        blocks.push((
            "A -> B (+ only B, - only A, ~ side changed)".to_string(),
            diff_grid(a, b),
        ));
    }
    side_by_side(&blocks, width, &mut text);
    text
}

/// What maps A onto B: symmetries, shifts, readings of B and near misses; or, when nothing
/// does, the squares only in each.
fn diff_mappings(d: &Difference, text: &mut String) {
    let size = d.a.size();
    for m in &d.mappings {
        match m {
            Mapping::Symmetry(s) => text.push_str(&format!(
                "B = A {}: A's number read as {} instead of LERF gives B\n",
                s.describe(),
                s.as_order().to_string().to_uppercase(),
            )),
            Mapping::Shift(dir, n) => text.push_str(&format!(
                "B = A shifted {n} square{} {dir}\n",
                if *n == 1 { "" } else { "s" }
            )),
            other => text.push_str(&format!("B = A mapped by {other:?}\n")),
        }
    }
    for c in d.readings.iter().take(MAX_LINES) {
        text.push_str(&format!(
            "B is A, {}: {}\n",
            c.words("B", size),
            readings::flags(c, "--to-order")
        ));
    }
    if d.readings.len() > MAX_LINES {
        text.push_str(&format!(
            "... and {} more readings\n",
            d.readings.len() - MAX_LINES
        ));
    }
    for (c, why) in d.near.iter().take(MAX_LINES) {
        text.push_str(&format!("near miss: B {}: {why}\n", c.words("B", size)));
    }
    if d.mappings.is_empty() && d.readings.is_empty() {
        text.push_str(
            "No symmetry, no shift of up to 2 squares and no other reading of B maps A onto B.\n",
        );
        for (side, only_a, only_b) in &d.only {
            let side = match *side {
                "" => String::new(),
                s => format!("{s}, "),
            };
            text.push_str(&format!("{side}only in A: {}\n", names(only_a)));
            text.push_str(&format!("{side}only in B: {}\n", names(only_b)));
        }
    }
}
