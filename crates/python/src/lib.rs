//! The Python extension `bbconv._bbconv`: a batch of records converted by the forms crate's
//! [`Conversion`] with the GIL released, on the cores `jobs` asks for. Python's side
//! (`python/bbconv/__init__.py`) turns lists, numpy and Arrow arrays into the record sources
//! here (`source`) and the outcome back into arrays; the work is in `batch`.

mod arrow;
mod batch;
mod debug;
mod export;
mod fields;
mod guard;
mod options;
mod rawfen;
mod settings;
mod source;
mod spare;

use batch::{Layout, Outcome};
use bbconv_forms::hint::{self, Front, Opt};
use bbconv_forms::{Conversion, ConvertError, ErrorKind, Format, Options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// What a call asks for, beside its records.
struct Call {
    from: Format,
    to: Format,
    /// The `pair` form read back into words ([`Layout::PairWords`]).
    words: bool,
    opts: Options,
    jobs: usize,
    /// A text output as a list of `str` (and `None`), rather than buffers.
    as_list: bool,
    /// The record whose board set the batch's size, when `size=` was not given.
    sized_by: Option<usize>,
    /// The options each record is read with: the size given, or none (`opts` holds the size
    /// the first board set).
    reading: Options,
    /// Training fields given beside the records (`train={...}`).
    given: Option<fields::Given>,
    /// Whether the records' own training fields are taken (`train=True`).
    take: bool,
    /// Raw BinaryFen bytes read or written.
    raw: rawfen::Raw,
}

use settings::{form, Settings};

impl Call {
    /// The call `settings` describe, reading `read_as` when given (a numpy array's rows of a
    /// binary form), with a text output as a list of `str` when `as_list`.
    fn new(settings: &Settings, read_as: Option<Format>, as_list: bool) -> Call {
        Call {
            from: read_as.unwrap_or(settings.from),
            to: settings.to,
            // A form whose records are words but no binary form of its own (`pair`).
            words: settings.fixed && settings.to.record_words() && !settings.to.is_binary(),
            opts: settings.opts.clone(),
            jobs: settings.jobs,
            as_list,
            sized_by: None,
            reading: settings.opts.clone(),
            given: None,
            take: settings.take_train,
            raw: rawfen::Raw::new(settings.to),
        }
    }

    /// The batch's conversion ([`batch::Reader`]).
    fn reader(&self) -> batch::Reader<'_> {
        let size = self.reading.size.is_none().then_some(self.opts.size);
        self.reader_with(&self.reading, size.flatten())
    }

    /// The conversion of records read with `opts`, of the batch's `size` when it is known.
    fn reader_with<'s>(
        &'s self,
        opts: &'s Options,
        size: Option<bbconv_board::Size>,
    ) -> batch::Reader<'s> {
        batch::Reader {
            conv: Conversion::new(self.from, self.to, opts),
            size,
            given: self.given.as_ref(),
            take: self.take.then_some((self.from, opts)),
            raw: self.raw,
        }
    }

    /// A `ValueError` unless the training fields given are for `n` records.
    fn check_fields(&self, n: usize) -> PyResult<()> {
        self.given.as_ref().map_or(Ok(()), |g| g.check_len(n))
    }

    /// The size, when not given: that of the first record that converts, as on the command
    /// line; a record of another size is then a bad record.
    fn detect<'r>(&mut self, records: impl IntoIterator<Item = Option<&'r [u8]>>) {
        self.detect_from(records, 0);
    }

    /// [`Call::detect`] on records whose first is record `base` of the batch.
    fn detect_from<'r>(
        &mut self,
        records: impl IntoIterator<Item = Option<&'r [u8]>>,
        base: usize,
    ) {
        if self.opts.size.is_none() {
            let trial = self.reader_with(&self.opts, None);
            let mut scratch = Vec::new();
            let found = records.into_iter().enumerate().find_map(|(i, r)| {
                scratch.clear();
                let run = trial.run(base + i, r?, &mut scratch);
                run.ok().map(|(size, _)| (i, size))
            });
            self.sized_by = found.map(|(i, _)| base + i);
            self.opts.size = found.map(|(_, size)| size);
        }
    }

    /// The first bad record's error, said as a size that is not the batch's when that is why
    /// it fails: read without the batch's size, its board converts, at another size. The size
    /// was set by record `sized_by`, the first that converts (as the command line sets a
    /// stream's size), and the message says so, not "the size given".
    fn said(&self, outcome: &mut Outcome) {
        let (Some(by), Some(batch), Some((_, column, e)), Some(bytes)) = (
            self.sized_by,
            self.opts.size,
            outcome.first_error.as_mut(),
            outcome.error_record.as_deref(),
        ) else {
            return;
        };
        let own = Options {
            size: None,
            ..self.opts.clone()
        };
        let mut scratch = Vec::new();
        match Conversion::new(self.from, self.to, &own).run(bytes, &mut scratch) {
            Ok(size) if size != batch => {
                *column = None;
                let origin = format!("record {by}, the first that converts");
                *e = ConvertError::Parse(bbconv_forms::ParseError::of(
                    ErrorKind::SizeMismatch,
                    None,
                    hint::size_drift(size, batch, &origin, false, &Keywords),
                ));
            }
            _ => {}
        }
    }

    /// How outputs are laid out, for the batch's size.
    fn layout(&self) -> Layout {
        let size = self.opts.size_or_default();
        match (self.to, self.words) {
            // A layout's cells (`to_order`), not the board's squares, make the words.
            (_, true) => Layout::PairWords(self.opts.to_order.span(size).div_ceil(64)),
            (to, _) if to.is_binary() => {
                Layout::Fixed(to.record_len(size, self.opts.planes.len(), self.opts.to_order))
            }
            _ => Layout::Text,
        }
    }

    /// Converts `records` with the GIL released, and hands the outcome to Python.
    fn run<'py>(
        mut self,
        py: Python<'py>,
        records: &[Option<&[u8]>],
        fault: Option<batch::Fault>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.check_fields(records.len())?;
        py.detach(|| self.detect(records.iter().copied()));
        let layout = self.layout();
        let conv = self.reader();
        let stop = AtomicBool::new(false);
        let jobs = self.jobs;
        let convert = |rows: &mut [u8]| -> PyResult<Outcome> {
            py.detach(|| match records.len() < batch::PARALLEL_FROM {
                true => Ok(batch::run(&conv, records, 0, layout, jobs, &stop, rows)),
                false => watched(&stop, || {
                    batch::run(&conv, records, 0, layout, jobs, &stop, rows)
                }),
            })
        };
        let (mut outcome, rows) = rows(records.len(), layout, convert)?;
        self.said(&mut outcome);
        self.hand_over(py, outcome.noting(fault), rows)
    }

    /// Converts the records of Arrow data imported ([`arrow::Import`]) a piece at a time
    /// ([`arrow::PIECE`] records at most): only one piece's record slices are held at once, so
    /// a column of millions of strings costs its output and little more. The first piece with a
    /// board that converts sets the size.
    fn run_import<'py>(
        mut self,
        py: Python<'py>,
        import: &arrow::Import<'_>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let pieces = import.pieces()?;
        let n: usize = pieces.iter().map(|p| p.len).sum();
        self.check_fields(n)?;
        let mut base = 0;
        for &piece in &pieces {
            if self.opts.size.is_some() {
                break;
            }
            let records = import.records(piece)?;
            py.detach(|| self.detect_from(records.iter().copied(), base));
            base += piece.len;
        }
        let layout = self.layout();
        let conv = self.reader();
        let stop = AtomicBool::new(false);
        let jobs = self.jobs;
        let w = layout.width().unwrap_or(0);
        let convert = |rows: &mut [u8]| -> PyResult<Outcome> {
            let mut parts = Vec::with_capacity(pieces.len());
            let mut base = 0;
            for &piece in &pieces {
                let records = import.records(piece)?;
                let region = match w {
                    0 => &mut [][..],
                    w => &mut rows[base * w..(base + piece.len) * w],
                };
                let o = py.detach(|| match records.len() < batch::PARALLEL_FROM {
                    true => Ok(batch::run(
                        &conv, &records, base, layout, jobs, &stop, region,
                    )),
                    false => watched(&stop, || {
                        batch::run(&conv, &records, base, layout, jobs, &stop, region)
                    }),
                })?;
                let stopped = o.stopped;
                parts.push(o);
                base += piece.len;
                if stopped {
                    break;
                }
            }
            Ok(batch::join(parts, layout))
        };
        let (mut outcome, rows) = rows(n, layout, convert)?;
        self.said(&mut outcome);
        self.hand_over(py, outcome, rows)
    }

    /// Converts Arrow fixed-size lists of 2K 64-bit words, the two sides' words as `to="pair"`
    /// gives them, read as the `pair` form's text.
    fn run_pair_words<'py>(
        self,
        py: Python<'py>,
        import: &arrow::Import<'_>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut rows = Vec::new();
        for piece in import.pieces()? {
            rows.extend(import.records(piece)?);
        }
        if rows
            .iter()
            .flatten()
            .any(|r| r.is_empty() || r.len() % 16 != 0)
        {
            return Err(PyValueError::new_err(
                "frm='pair' reads lists of 2K 64-bit words (the two sides' words, as to='pair' gives them)",
            ));
        }
        let k = rows
            .iter()
            .flatten()
            .map(|r| r.len() / 16)
            .next()
            .unwrap_or(1);
        let texts = source::pair_texts(&rows, k);
        let mut texts = texts.iter();
        let records: Vec<Option<&[u8]>> = rows
            .iter()
            .map(|r| r.and_then(|_| texts.next().map(|t| t.as_bytes())))
            .collect();
        self.run(py, &records, None)
    }

    /// Converts the items of a list (`str`, `bytes` or `None`) as they are when the call
    /// begins ([`source::items`]). A large batch on several threads is read a block at a time
    /// with the GIL held while other threads convert the blocks read ([`Call::run_blocks`]).
    fn run_list<'py>(
        self,
        py: Python<'py>,
        list: &Bound<'py, PyList>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let simple = |call: Call| {
            let items = source::items(list);
            let (records, fault) = source::list(&items)?;
            call.run(py, &records, fault)
        };
        if list.len() < batch::PARALLEL_FROM || self.jobs < 2 {
            return simple(self);
        }
        let mut blocks = source::Blocks::new(list);
        self.run_blocks(py, blocks.len(), |k| blocks.block(k), simple)
    }

    /// Converts the rows of a numpy array from copies made with the GIL held: of the whole
    /// array, or of a block at a time while other threads convert the blocks copied.
    fn run_fixed<'py>(
        self,
        py: Python<'py>,
        array: &source::Fixed<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let simple = |call: Call| {
            let mut all = array.rows(0, array.len());
            let fault = all.fault.take();
            call.run(py, &all.slices(), fault)
        };
        if array.len() < batch::PARALLEL_FROM || self.jobs < 2 {
            return simple(self);
        }
        self.run_blocks(py, array.len(), |k| array.block(k), simple)
    }

    /// Converts `n` records that `produce` copies a block at a time on this thread, with the
    /// GIL held, while other threads convert the blocks copied; then this thread, with the GIL
    /// released, helps with what is left. The first block gives the size (the rare batch whose
    /// first block has no good record goes to `simple`).
    fn run_blocks<'py>(
        mut self,
        py: Python<'py>,
        n: usize,
        mut produce: impl FnMut(usize) -> PyResult<batch::Block>,
        simple: impl FnOnce(Call) -> PyResult<Bound<'py, PyTuple>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.check_fields(n)?;
        let first = produce(0)?;
        self.detect(first.slices());
        if self.opts.size.is_none() {
            return simple(self);
        }
        let layout = self.layout();
        let conv = self.reader();
        let stop = AtomicBool::new(false);
        let interrupted: Mutex<Option<PyErr>> = Mutex::new(None);
        let jobs = self.jobs;
        let mut first = Some(first);
        let convert = |rows: &mut [u8]| -> PyResult<Outcome> {
            batch::pipeline(
                &conv,
                n,
                layout,
                jobs,
                &stop,
                rows,
                |k| match (k, first.take()) {
                    (0, Some(b)) => Ok(b),
                    _ => produce(k),
                },
                |one| {
                    // The blocks left, without the GIL, Ctrl-C looked at meanwhile.
                    let left = py.detach(|| watched(&stop, || while one() {}));
                    if let Err(e) = left {
                        *interrupted.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
                    }
                },
            )
        };
        let (mut outcome, rows) = rows(n, layout, convert)?;
        if let Some(e) = interrupted
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            return Err(e);
        }
        self.said(&mut outcome);
        self.hand_over(py, outcome, rows)
    }

    /// The outcome as Python's tuple: the outputs (the rows, the text's bytes or a list),
    /// the text's offsets, the validity bytes, the first error, the size and whether it was
    /// given or found.
    fn hand_over<'py>(
        &self,
        py: Python<'py>,
        outcome: Outcome,
        rows: Option<Vec<u8>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let Outcome {
            data,
            ends,
            valid,
            first_error,
            stopped,
            train,
            ..
        } = outcome;
        if stopped {
            // Stopped without an interrupt of its own: Python's pending signal says why.
            py.check_signals()?;
        }
        let error = first_error.map(|(i, column, e)| (i, column, message(&e)));
        let data: Bound<'py, PyAny> = match rows {
            Some(rows) => Bound::new(py, Bytes { data: rows })?.into_any(),
            None if self.as_list => text_list(py, &data, &ends, &valid)?.into_any(),
            None => Bound::new(py, Bytes { data })?.into_any(),
        };
        let ends: Option<Bound<'py, Bytes>> = match !ends.is_empty() && !self.as_list {
            true => {
                let data = ends.iter().flat_map(|e| e.to_le_bytes()).collect();
                Some(Bound::new(py, Bytes { data })?)
            }
            false => None,
        };
        let size = self.opts.size_or_default();
        let train = match self.take {
            // Every record's, none where it was not converted (a stopped batch gives none).
            true if train.len() == valid.len() => Some(fields::taken(py, &train)?),
            _ => None,
        };
        (
            data,
            ends,
            PyBytes::new(py, &valid),
            error,
            (size.width(), size.height()),
            self.opts.size.is_some(),
            train,
        )
            .into_pyobject(py)
    }
}

/// Runs `convert` with the rows fixed-size outputs go to: `n` records of zeros (calloc'd, so
/// the pages are touched first by the threads that write them), or nothing for text.
fn rows(
    n: usize,
    layout: Layout,
    convert: impl FnOnce(&mut [u8]) -> PyResult<Outcome>,
) -> PyResult<(Outcome, Option<Vec<u8>>)> {
    match layout.width() {
        None => Ok((convert(&mut [])?, None)),
        Some(w) => {
            let len = n
                .checked_mul(w)
                .ok_or_else(|| PyValueError::new_err("the output would be too large"))?;
            let mut rows = spare::take(len);
            let outcome = convert(&mut rows)?;
            Ok((outcome, Some(rows)))
        }
    }
}

/// Bytes handed to Python without a copy: numpy views them through `__array_interface__`, and
/// the view keeps this alive.
#[pyclass(frozen, module = "bbconv._bbconv")]
pub(crate) struct Bytes {
    pub(crate) data: Vec<u8>,
}

impl Drop for Bytes {
    fn drop(&mut self) {
        spare::give(std::mem::take(&mut self.data));
    }
}

#[pymethods]
impl Bytes {
    /// numpy's array interface: the bytes as a read-write uint8 array.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("shape", (self.data.len(),))?;
        d.set_item("typestr", "|u1")?;
        d.set_item("data", (self.data.as_ptr() as usize, false))?;
        d.set_item("version", 3)?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.data.len()
    }
}

/// Runs `work` on a thread of its own while this one, every 100 ms, lets Python look at its
/// signals: Ctrl-C sets `stop`, the work ends at its next block, and the error is returned.
/// When no thread can start, this one runs `work` (unwatched).
fn watched<T: Send>(stop: &AtomicBool, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    let work = Mutex::new(Some(work));
    let out = Mutex::new(None);
    let run = || {
        let work = work.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(work) = work {
            let o = work();
            *out.lock().unwrap_or_else(PoisonError::into_inner) = Some(o);
        }
    };
    let interrupted = std::thread::scope(|s| {
        batch::start(s, move || {
            run();
            let _ = tx.send(());
        });
        // Until the worker is done (or never started: the sender is then gone).
        let mut interrupted = None;
        let tick = std::time::Duration::from_millis(100);
        while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(tick) {
            if interrupted.is_none() {
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.store(true, Ordering::Relaxed);
                    interrupted = Some(e);
                }
            }
        }
        run();
        interrupted
    });
    let out = out.into_inner().unwrap_or_else(PoisonError::into_inner);
    match (interrupted, out) {
        (Some(e), _) => Err(e),
        (None, Some(out)) => Ok(out),
        (None, None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "internal error (a bug in bbconv, please report): a conversion gave no outcome",
        )),
    }
}

/// The text outputs as a list of `str`, `None` where a record was not converted.
fn text_list<'py>(
    py: Python<'py>,
    data: &[u8],
    ends: &[i64],
    valid: &[u8],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for (k, &v) in valid.iter().enumerate() {
        // Ctrl-C is looked at while millions of str are made, as while they are converted.
        if k % (1 << 16) == 0 {
            py.check_signals()?;
        }
        if v == 0 {
            list.append(py.None())?;
            continue;
        }
        let (s, e) = (ends[k] as usize, ends[k + 1] as usize);
        let text = std::str::from_utf8(&data[s..e])
            .map_err(|e| PyValueError::new_err(format!("output {k} is not UTF-8: {e}")))?;
        list.append(PyString::new(py, text))?;
    }
    Ok(list)
}

/// Python as a front end: options are keyword arguments, and a run of records is a batch. The
/// hints are the forms crate's ([`bbconv_forms::hint`]), as on the command line.
pub(crate) struct Keywords;

impl Front for Keywords {
    fn option(&self, opt: Opt<'_>) -> Option<String> {
        let key = |name: &str| name.replace('-', "_");
        Some(match opt {
            Opt::Size => "size=\"WxH\"".into(),
            Opt::From(None) => "frm=\"FORM\"".into(),
            Opt::From(Some(f)) => format!("frm=\"{f}\""),
            Opt::To(None) => "to=".into(),
            Opt::To(Some(f)) => format!("to=\"{f}\""),
            Opt::Flag(name) => format!("{}=True", key(name)),
            Opt::Named(name) => format!("{}=", key(name)),
            Opt::Valued(name, value) => format!("{}=\"{value}\"", key(name)),
            _ => return None,
        })
    }

    fn run(&self) -> &'static str {
        "batch"
    }

    fn and(&self) -> &'static str {
        ", "
    }
}

/// A conversion error's message, with its hint in Python's keyword names.
fn message(e: &ConvertError) -> String {
    hint::message(e, &Keywords)
}

/// Converts the items of a list (`str`, `bytes` or `None`), with the training fields `train`
/// given beside them ([`fields::Given`]). Of BinaryFen, `bytes` are the raw records, `str`
/// their hex text.
#[pyfunction]
#[pyo3(signature = (values, settings, as_list, train = None))]
fn convert_list<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyList>,
    settings: &Settings,
    as_list: bool,
    train: Option<fields::Given>,
) -> PyResult<Bound<'py, PyTuple>> {
    crate::guard::guarded(|| {
        let mut call = Call::new(settings, None, as_list);
        call.given = train;
        if call.from.raw_bytes() {
            call.raw.input = source::holds_bytes(values)?;
        }
        call.run_list(py, values)
    })
}

/// Converts the records of any object that exports Arrow data through the PyCapsule interface
/// (`__arrow_c_stream__` or `__arrow_c_array__`), read in place ([`arrow`]); of a struct, the
/// field `column` names (or its only one); with the training fields `train` given beside them.
/// Everything imported is released before this returns. Of BinaryFen, binary values are the
/// raw records, strings their hex text.
#[pyfunction]
#[pyo3(signature = (values, settings, as_list, column, train = None))]
fn convert_capsule<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    settings: &Settings,
    as_list: bool,
    column: Option<String>,
    train: Option<fields::Given>,
) -> PyResult<Bound<'py, PyTuple>> {
    crate::guard::guarded(|| {
        let mut call = Call::new(settings, None, as_list);
        call.given = train;
        let import = arrow::import(values, column)?;
        call.raw.input = rawfen::Raw::input_of(call.from, import.binary()?);
        // Fixed-size binary records of packed or trits are their binary forms (as `to="packed"`
        // gives them to Arrow): read them back with the same `frm`.
        if import.fixed_binary()? {
            call.from = call.from.fixed().unwrap_or(call.from);
        }
        // Fixed-size lists of 64-bit words are planes-bin records (`frm="planes"` names that
        // form), or the two sides' words (as `to="pair"` gives them to Arrow), read back with
        // `frm="pair"`.
        if import.words()? && call.from.record_sides() {
            return call.run_pair_words(py, &import);
        }
        call.run_import(py, &import)
    })
}

/// Converts the rows of a C-contiguous array (numpy's, through the buffer protocol) of
/// `width` bytes (as many as its buffer holds; `n` counts rows of none), of `kind` `"bytes"`,
/// `"text"` (`S`) or `"ucs4"` (`U`), with the training fields `train` given beside them. Of
/// BinaryFen, `S` rows are the raw records, `U` rows their hex text.
#[pyfunction]
#[pyo3(signature = (rows, settings, read_as, as_list, train = None))]
fn convert_fixed<'py>(
    py: Python<'py>,
    rows: (Bound<'py, PyAny>, usize, usize, String),
    settings: &Settings,
    read_as: Option<&str>,
    as_list: bool,
    train: Option<fields::Given>,
) -> PyResult<Bound<'py, PyTuple>> {
    crate::guard::guarded(|| {
        let (array, n, width, kind) = rows;
        // Rows of two sides' little-endian words ([`Format::record_sides`]) are read as the
        // form's text (`pair`'s).
        let words = read_as == Some("side-words");
        let read_as = match read_as {
            Some(name) if !words => Some(form(name, "frm")?),
            _ => None,
        };
        let mut call = Call::new(settings, read_as, as_list);
        call.given = train;
        let kind: source::RowKind = kind.parse()?;
        call.raw.input = rawfen::Raw::input_of(call.from, kind != source::RowKind::Ucs4);
        let array = source::Fixed::new(&array, n, width, kind)?;
        if words {
            let all = array.rows(0, array.len());
            let texts = source::pair_texts(&all.slices(), width / 16);
            let records: Vec<Option<&[u8]>> = texts.iter().map(|t| Some(t.as_bytes())).collect();
            return call.run(py, &records, None);
        }
        call.run_fixed(py, &array)
    })
}

/// The forms: `(name, aliases, holds, description, example, binary, fixed, words, raw)`, `fixed`
/// the form whose fixed-size records a batch converted to it gives (`packed` -> `packed-bin`;
/// `pair` its two words a row), `words` whether those records are 64-bit words, `raw` whether
/// its records are bytes of no length of their own, raw in a container ([`Format::raw_bytes`]).
#[pyfunction]
#[allow(clippy::type_complexity)]
fn formats() -> PyResult<
    Vec<(
        &'static str,
        Vec<&'static str>,
        String,
        &'static str,
        &'static str,
        bool,
        Option<&'static str>,
        bool,
        bool,
    )>,
> {
    guard::guarded(|| {
        Ok(Format::ALL
            .iter()
            .map(|&f| {
                (
                    f.name(),
                    f.aliases().to_vec(),
                    format!("{:?}", f.holds()).to_lowercase(),
                    f.description(),
                    f.example(),
                    f.is_binary(),
                    f.array_form().map(Format::name),
                    f.record_words(),
                    f.raw_bytes(),
                )
            })
            .collect())
    })
}

/// `bbconv.ParseError(index, column, message)`, the package's error for a bad record.
pub(crate) fn parse_error(
    py: Python<'_>,
    index: usize,
    column: Option<usize>,
    message: &str,
) -> PyErr {
    match py
        .import("bbconv")
        .and_then(|m| m.getattr("ParseError"))
        .and_then(|c| c.call1((index, column, message)))
    {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// The extension module.
#[pymodule]
fn _bbconv(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(convert_list, m)?)?;
    m.add_function(wrap_pyfunction!(convert_capsule, m)?)?;
    m.add_function(wrap_pyfunction!(export::arrow_column, m)?)?;
    m.add_class::<export::ArrowColumn>()?;
    m.add_function(wrap_pyfunction!(convert_fixed, m)?)?;
    m.add_function(wrap_pyfunction!(formats, m)?)?;
    m.add_class::<Bytes>()?;
    m.add_function(wrap_pyfunction!(debug::explain, m)?)?;
    m.add_function(wrap_pyfunction!(debug::diff, m)?)?;
    m.add_function(wrap_pyfunction!(debug::infer, m)?)?;
    m.add_class::<Settings>()?;
    Ok(())
}
