//! `bbconv.explain`, `bbconv.diff` and `bbconv.infer`: the forms crate's debugger answers
//! (`bbconv_forms::debug`) as plain Python values, which the package wraps in dataclasses.

use crate::settings::{board_options, form, BoardText, Samples};
use bbconv_board::mismatch::Mapping;
use bbconv_board::{Bitboard, Size};
use bbconv_forms::debug::{self, DebugError, Expect};
use bbconv_forms::readings::{Candidate, Side};
use bbconv_forms::{Format, Options, Value};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A reading as Python sees it: its description, its settings as keyword arguments
/// (`(name, value)`), whether the text must also be fixed by hand, and the squares it gives.
type PyReading = (String, Vec<(&'static str, String)>, bool, Vec<String>);

/// The squares of a bitboard, by name.
fn names(bb: &Bitboard) -> Vec<String> {
    bb.squares().map(|s| s.to_string()).collect()
}

fn reading(c: &Candidate, subject: &str, size: Size, opts: &Options) -> PyReading {
    let words = c.words(subject, size);
    let words = words
        .strip_prefix("read under ")
        .unwrap_or(&words)
        .to_string();
    let (settings, fix) = c.settings();
    (words, settings, fix, names(&debug::layer(&c.value, opts)))
}

/// The Python error for a question the debugger cannot answer, with keyword names.
fn error(e: DebugError) -> PyErr {
    match e {
        DebugError::Usage(m) | DebugError::Input(m) => PyValueError::new_err(m),
        DebugError::Board { what, text, error } => {
            let col = error
                .offset
                .map(|o| format!(", column {}", o + 1))
                .unwrap_or_default();
            let message = bbconv_forms::hint::parse_message(&error, &crate::Keywords);
            PyValueError::new_err(format!("{what} {text:?}{col}: {message}"))
        }
        other => PyValueError::new_err(other.message(&crate::Keywords)),
    }
}

fn side_of(text: &str) -> PyResult<Side> {
    text.parse().map_err(|e: bbconv_board::NameError| {
        PyValueError::new_err(e.to_string().replace("side", "side="))
    })
}

/// `explain`: a dict of the value's size, its squares under each order, the expected squares,
/// and the exact, closest and near readings.
#[pyfunction]
#[pyo3(signature = (
    value, expect = None, *, expect_fen = None, side = "occupied",
    frm = "auto", size = None, order = "lerf", **options
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn explain<'py>(
    py: Python<'py>,
    value: BoardText,
    expect: Option<&str>,
    expect_fen: Option<&str>,
    side: &str,
    frm: &str,
    size: Option<&str>,
    order: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    crate::guard::guarded(|| {
        let (from, opts) = (
            form(frm, "frm")?,
            board_options("explain", size, order, options)?,
        );
        let (value, side_name) = (value.0.as_str(), side);
        let expect = match (expect, expect_fen) {
            (Some(_), Some(_)) => {
                return Err(PyTypeError::new_err(
                    "give expect= or expect_fen=, not both",
                ))
            }
            (Some(sq), None) => Some(Expect::Squares(sq)),
            (None, Some(fen)) => Some(Expect::Fen(fen, side_of(side_name)?)),
            (None, None) => None,
        };
        let e = py
            .detach(|| debug::explain(value, from, &opts, expect))
            .map_err(error)?;
        let d = PyDict::new(py);
        d.set_item("size", e.size.to_string())?;
        let orders: Vec<(String, Vec<String>)> = e
            .orders
            .iter()
            .map(|(o, v)| (o.to_string(), names(&debug::layer(v, &opts))))
            .collect();
        d.set_item("orders", orders)?;
        d.set_item("expected", e.expected.as_ref().map(names))?;
        let exact: Vec<PyReading> = e
            .exact
            .iter()
            .map(|c| reading(c, "VALUE", e.size, &opts))
            .collect();
        d.set_item("exact", exact)?;
        d.set_item(
            "closest",
            e.closest
                .as_ref()
                .map(|(o, extra, missing)| (o.to_string(), names(extra), names(missing))),
        )?;
        let near: Vec<(PyReading, String)> = e
            .near
            .iter()
            .map(|(c, why)| (reading(c, "VALUE", e.size, &opts), why.clone()))
            .collect();
        d.set_item("near", near)?;
        Ok(d)
    })
}

/// A board's squares as the `squares` form writes them.
fn squares(v: &Value, opts: &Options) -> String {
    let mut out = Vec::new();
    let _ = bbconv_forms::render(Format::Squares, v, opts, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// `diff`: a dict of both boards, whether they are the same or both empty, the mappings of A
/// onto B, the readings of B that give A, near misses, and the squares only in one.
#[pyfunction]
#[pyo3(signature = (a, b, *, frm = "auto", size = None, order = "lerf", **options))]
pub(crate) fn diff<'py>(
    py: Python<'py>,
    a: BoardText,
    b: BoardText,
    frm: &str,
    size: Option<&str>,
    order: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    crate::guard::guarded(|| {
        let (from, opts) = (
            form(frm, "frm")?,
            board_options("diff", size, order, options)?,
        );
        let (a, b) = (a.0.as_str(), b.0.as_str());
        let r = py
            .detach(|| debug::diff(a, b, from, &opts))
            .map_err(error)?;
        let size = r.a.size();
        let d = PyDict::new(py);
        d.set_item("a", squares(&r.a, &opts))?;
        d.set_item("b", squares(&r.b, &opts))?;
        d.set_item("same", r.same)?;
        d.set_item("both_empty", r.both_empty)?;
        let mappings: Vec<String> = r
            .mappings
            .iter()
            .map(|m| match m {
                Mapping::Symmetry(s) => format!(
                    "{} (A's number read as {} gives B)",
                    s.describe(),
                    s.as_order()
                ),
                Mapping::Shift(dir, n) => {
                    format!("shifted {n} square{} {dir}", if *n == 1 { "" } else { "s" })
                }
                other => format!("{other:?}"),
            })
            .collect();
        d.set_item("mappings", mappings)?;
        let readings: Vec<PyReading> = r
            .readings
            .iter()
            .map(|c| reading(c, "B", size, &opts))
            .collect();
        d.set_item("readings", readings)?;
        let near: Vec<(PyReading, String)> = r
            .near
            .iter()
            .map(|(c, why)| (reading(c, "B", size, &opts), why.clone()))
            .collect();
        d.set_item("near", near)?;
        let only: Vec<(&str, Vec<String>, Vec<String>)> = r
            .only
            .iter()
            .map(|(side, x, y)| (*side, names(x), names(y)))
            .collect();
        d.set_item("only", only)?;
        Ok(d)
    })
}

/// `infer`: a dict of the number of samples, the readings that fit all, the best one with its
/// count, and the samples (0-based) that disagree with it. A sample that does not read raises
/// `ValueError` naming it (the package turns it into `ParseError`).
#[pyfunction]
#[pyo3(signature = (
    samples, *, frm = "auto", side = "occupied", size = None, order = "lerf",
    **options
))]
pub(crate) fn infer<'py>(
    py: Python<'py>,
    samples: Samples,
    frm: &str,
    side: &str,
    size: Option<&str>,
    order: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    crate::guard::guarded(|| {
        let (from, opts) = (
            form(frm, "frm")?,
            board_options("infer", size, order, options)?,
        );
        let (samples, side_name) = (samples.0, side);
        let inferrer = debug::Inferrer::new(from, side_of(side_name)?, &opts)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let masks = py.detach(|| {
            samples
                .iter()
                .enumerate()
                .map(|(k, s)| inferrer.sample(s).map(|m| (k + 1, m)).map_err(|e| (k, e)))
                .collect::<Result<Vec<_>, _>>()
        });
        let masks = match masks {
            Ok(m) => m,
            Err((k, e)) => {
                let col = e.offset.map(|o| o + 1);
                let message = bbconv_forms::hint::parse_message(&e, &crate::Keywords);
                return Err(crate::parse_error(py, k, col, &message));
            }
        };
        let answer = inferrer.answer(&masks);
        let size = opts.size_or_default();
        let d = PyDict::new(py);
        d.set_item("samples", answer.samples)?;
        let fits: Vec<PyReading> = answer
            .fits
            .iter()
            .map(|c| reading(c, "VALUE", size, &opts))
            .collect();
        d.set_item("fits", fits)?;
        d.set_item(
            "best",
            answer
                .best
                .as_ref()
                .map(|(c, n)| (reading(c, "VALUE", size, &opts), *n)),
        )?;
        let disagree: Vec<usize> = answer.disagree.iter().map(|l| l - 1).collect();
        d.set_item("disagree", disagree)?;
        Ok(d)
    })
}
