//! The keyword arguments of the package's functions, typed: each argument's type checks it as
//! it is extracted (a wrong type is a `TypeError` naming the argument), and the board options
//! (`size`, `order`, `**options`) are parsed by the forms' own parsers ([`crate::options`]), as
//! the command line parses its flags. `convert`'s arguments are one [`Settings`], made by one
//! typed signature; Python's side reads from it only what its container dispatch needs.

use crate::options;
use bbconv_forms::{Format, Options};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

/// Most threads `jobs` may ask for, as `--jobs` on the command line.
const MAX_JOBS: usize = 256;

/// The form a keyword (`frm`, `to`) names, or the error listing the forms.
pub(crate) fn form(name: &str, what: &str) -> PyResult<Format> {
    name.parse::<Format>()
        .map_err(|e| PyValueError::new_err(format!("invalid {what}={name:?}: {e}")))
}

/// A flag among the board options (`lenient=`, `one_based=`): `True` or `False` (numpy's too).
pub(crate) struct Flag(pub(crate) bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let numpy =
            obj.get_type().name().is_ok_and(|n| n == "bool") && !obj.is_instance_of::<PyInt>();
        if obj.is_instance_of::<PyBool>() || numpy {
            return Ok(Flag(obj.is_truthy()?));
        }
        Err(PyTypeError::new_err(format!(
            "expected True or False, got {}",
            obj.repr()?
        )))
    }
}

/// `jobs=`: threads, as `--jobs`: `None` the cores up to 8, `0` all of them, at most 256.
pub(crate) struct Jobs(pub(crate) usize);

impl<'a, 'py> FromPyObject<'a, 'py> for Jobs {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let expected =
            format!("expected None (the cores up to 8) or an int from 0 (all cores) to {MAX_JOBS}");
        let numpy_bool = obj.get_type().name().is_ok_and(|n| n == "bool");
        if obj.is_instance_of::<PyBool>() || numpy_bool || !obj.hasattr("__index__")? {
            return Err(PyTypeError::new_err(format!(
                "{expected}, got {}",
                obj.repr()?
            )));
        }
        let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
        match obj.call_method0("__index__")?.extract::<i128>() {
            Ok(0) => Ok(Jobs(cores().min(MAX_JOBS))),
            Ok(j) if (1..=MAX_JOBS as i128).contains(&j) => Ok(Jobs(j as usize)),
            _ => Err(PyValueError::new_err(format!(
                "invalid jobs={}: {expected}",
                obj.repr()?
            ))),
        }
    }
}

impl Jobs {
    /// The threads of `jobs=None`: the cores, up to 8.
    fn default_count() -> usize {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(8)
    }
}

/// One of a keyword's few words (`errors=`, `output=`), or the error listing them.
fn word(keyword: &str, value: &str, words: &[&'static str]) -> PyResult<&'static str> {
    words.iter().copied().find(|w| *w == value).ok_or_else(|| {
        let list: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
        PyValueError::new_err(format!(
            "invalid {keyword}={value:?}: expected {}",
            list.join(" or ")
        ))
    })
}

/// A board given to `explain`, `diff` or `infer`: a `str`, or an `int` as its decimal text.
pub(crate) struct BoardText(pub(crate) String);

impl<'a, 'py> FromPyObject<'a, 'py> for BoardText {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(BoardText(s.to_str()?.to_owned()));
        }
        let numpy_bool = obj.get_type().name().is_ok_and(|n| n == "bool");
        if !obj.is_instance_of::<PyBool>() && !numpy_bool && obj.hasattr("__index__")? {
            return Ok(BoardText(
                obj.call_method0("__index__")?.str()?.to_str()?.to_owned(),
            ));
        }
        Err(PyTypeError::new_err(format!(
            "expected a str or an int, got {}",
            obj.repr()?
        )))
    }
}

/// The samples of `infer`, each `(VALUE, EXPECTED)` or `"VALUE\tEXPECTED"` and read as the
/// command line's line; at least one.
pub(crate) struct Samples(pub(crate) Vec<String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Samples {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "expected a sequence of samples, got a str: pass [SAMPLE] for one",
            ));
        }
        let mut out = Vec::new();
        for (k, sample) in obj.try_iter()?.enumerate() {
            let sample = sample?;
            if let Ok(s) = sample.cast::<PyString>() {
                out.push(s.to_str()?.to_owned());
                continue;
            }
            let two = (sample.is_instance_of::<PyTuple>() || sample.is_instance_of::<PyList>())
                && sample.len()? == 2;
            if !two {
                return Err(PyValueError::new_err(format!(
                    "sample {k} is {}: expected a (VALUE, EXPECTED) pair or a 'VALUE\\tEXPECTED' str",
                    sample.repr()?
                )));
            }
            let text = |i: usize| -> PyResult<String> {
                let item = sample.get_item(i)?;
                item.extract::<BoardText>().map(|t| t.0).map_err(|e| {
                    PyTypeError::new_err(format!("sample {k}, item {i}: {}", e.value(sample.py())))
                })
            };
            out.push(format!("{}\t{}", text(0)?, text(1)?));
        }
        if out.is_empty() {
            return Err(PyValueError::new_err(
                "no sample was given: expected (VALUE, EXPECTED) pairs or 'VALUE\\tEXPECTED' strs",
            ));
        }
        Ok(Samples(out))
    }
}

/// The board options of a call: `size`, `order` and the command line's other board options as
/// keyword arguments (`**options`), parsed by [`options::options`]. A flag's value is `True` or
/// `False`, a list's (`planes`, `fields`) a str or a sequence of str, any other a str.
pub(crate) fn board_options(
    function: &str,
    size: Option<&str>,
    order: &str,
    more: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let mut settings = Vec::new();
    if let Some(size) = size {
        settings.push(("size".to_string(), size.to_string()));
    }
    settings.push(("order".to_string(), order.to_string()));
    for (name, value) in more.into_iter().flat_map(|d| d.iter()) {
        let name: String = name.extract()?;
        if !options::NAMES.contains(&name.as_str()) || name == "size" || name == "order" {
            return Err(PyTypeError::new_err(format!(
                "{function}() got an unexpected keyword argument '{name}'; the board options are {}",
                options::NAMES.join(", ")
            )));
        }
        settings.push((name.clone(), option_text(&name, &value)?));
    }
    options::options(&settings).map_err(PyValueError::new_err)
}

/// An option's value as its text: a flag's `True` or `False` as `"true"` or `"false"`; a str;
/// an int (`sgf_node`); for `planes` and `letters` a sequence of letters too, for `fields` a
/// sequence of names. Anything else is a `TypeError` naming the option.
fn option_text(name: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    let wrong = |expected: &str| -> PyResult<String> {
        Err(PyTypeError::new_err(format!(
            "invalid {name}={}: expected {expected}",
            value.repr()?
        )))
    };
    if options::FLAGS.contains(&name) {
        return match value.extract::<Flag>() {
            Ok(Flag(b)) => Ok(if b { "true" } else { "false" }.to_string()),
            Err(_) => wrong("True or False"),
        };
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_str()?.to_owned());
    }
    let join = match name {
        "planes" | "letters" => Some(""),
        "fields" => Some(","),
        _ => None,
    };
    let sequence = value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>();
    if let (Some(sep), true) = (join, sequence) {
        let items: PyResult<Vec<String>> = value
            .try_iter()?
            .map(|v| {
                v?.cast_into::<PyString>()
                    .map_err(PyErr::from)?
                    .to_str()
                    .map(str::to_owned)
            })
            .collect();
        return match items {
            Ok(items) => Ok(items.join(sep)),
            Err(_) => wrong("a str or a sequence of str"),
        };
    }
    let int = !value.is_instance_of::<PyBool>() && value.is_instance_of::<PyInt>();
    match (int, join) {
        (true, _) => Ok(value.str()?.to_str()?.to_owned()),
        (false, Some(_)) => wrong("a str or a sequence of str"),
        (false, None) => wrong("a str"),
    }
}

/// What `bbconv.convert` was asked, beside its values: every keyword argument, checked.
#[pyclass(frozen, module = "bbconv._bbconv")]
pub(crate) struct Settings {
    /// The form read.
    pub(crate) from: Format,
    /// The form written: a text form, or what a fixed-size form's batch gives (`packed` ->
    /// `packed-bin`; `pair` stays `pair`, two words a row).
    pub(crate) to: Format,
    /// Whether `to` is of a fixed size.
    pub(crate) fixed: bool,
    /// The board options.
    pub(crate) opts: Options,
    /// Threads.
    pub(crate) jobs: usize,
    errors: &'static str,
    output: Option<&'static str>,
    column: Option<String>,
    bits: bool,
    /// Whether the records' training fields are taken (`train=True`).
    pub(crate) take_train: bool,
    /// The training fields given (`train=` a mapping), for Python's side to read.
    train: Option<Py<PyAny>>,
}

#[pymethods]
impl Settings {
    #[new]
    #[pyo3(signature = (
        frm = "fen", to = "packed", *, size = None,
        order = "lerf", errors = "raise", jobs = None, output = None, column = None,
        swap = false, bits = false, train = None, **options
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        frm: &str,
        to: &str,
        size: Option<&str>,
        order: &str,
        errors: &str,
        jobs: Option<Jobs>,
        output: Option<&str>,
        column: Option<&Bound<'_, PyAny>>,
        swap: bool,
        bits: bool,
        train: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Settings> {
        let from = form(frm, "frm")?;
        let given = form(to, "to")?;
        if given.is_input_only() {
            return Err(PyValueError::new_err(format!(
                "to={to:?}: {given} is an input form only: choose an output form (see bbconv.formats(); 'grid' draws a board)"
            )));
        }
        // A text form with a fixed-size twin by its name (an alias such as `packed-hex` asks
        // for the text); a binary form by any of its names.
        let twin = match given {
            f if f.is_binary() || f.name() == to || f.record_words() => f.array_form(),
            _ => None,
        };
        let mut opts = board_options("convert", size, order, options)?;
        if bits {
            if twin != Some(Format::PlanesBin) {
                return Err(PyValueError::new_err("bits=True needs to='planes'"));
            }
            let lerf: bbconv_board::Numbering = bbconv_board::Order::Lerf.into();
            if options.is_some_and(|o| o.contains("to_order").unwrap_or(false))
                && opts.to_order != lerf
            {
                return Err(PyValueError::new_err(
                    "bits=True writes planes in lerf: leave to_order unset",
                ));
            }
            opts.to_order = lerf;
        }
        opts.swap = swap;
        // `True` takes the fields, `False` is none, anything else gives them (Python's side
        // reads it: a mapping of arrays, a DataFrame, an Arrow struct).
        let (take_train, train) = match train.map(|t| (t, t.extract::<Flag>())) {
            None => (false, None),
            Some((_, Ok(Flag(take)))) => (take, None),
            Some((t, Err(_))) => (false, Some(t.clone().unbind())),
        };
        Ok(Settings {
            from,
            to: twin.unwrap_or(given),
            fixed: twin.is_some(),
            opts,
            jobs: jobs.map_or_else(Jobs::default_count, |j| j.0),
            errors: word("errors", errors, &["raise", "null"])?,
            output: output
                .map(|o| word("output", o, &["numpy", "arrow", "list"]))
                .transpose()?,
            column: column
                .map(|c| Ok::<_, PyErr>(c.str()?.to_str()?.to_owned()))
                .transpose()?,
            bits,
            take_train,
            train,
        })
    }

    /// Whether the records' training fields are taken (`train=True`).
    #[getter]
    fn take_train(&self) -> bool {
        self.take_train
    }

    /// The training fields given (`train=` other than a flag), or `None`.
    #[getter]
    fn train(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.train.as_ref().map(|t| t.clone_ref(py))
    }

    /// The form read, by its name.
    #[getter]
    fn frm(&self) -> &'static str {
        self.from.name()
    }

    /// The form written, by its name (a fixed-size form's binary twin: `packed-bin`).
    #[getter]
    fn to(&self) -> &'static str {
        self.to.name()
    }

    /// The fixed-size form a batch gives (`packed-bin`, `trits-bin`, `planes-bin`, `pair`), or
    /// `None` for a text form.
    #[getter]
    fn fixed(&self) -> Option<&'static str> {
        self.fixed.then(|| self.to.name())
    }

    /// `"raise"` or `"null"`.
    #[getter]
    fn errors(&self) -> &'static str {
        self.errors
    }

    /// `"numpy"`, `"arrow"`, `"list"`, or `None` (the container the batch came in).
    #[getter]
    fn output(&self) -> Option<&'static str> {
        self.output
    }

    /// The field or column that holds the boards, if named.
    #[getter]
    fn column(&self) -> Option<String> {
        self.column.clone()
    }

    /// Planes as bools (`bits=True`).
    #[getter]
    fn bits(&self) -> bool {
        self.bits
    }

    /// The number of planes written.
    #[getter]
    fn planes(&self) -> usize {
        self.opts.planes.len()
    }

    /// The record length of the fixed-size form written for a board of `width` x `height`
    /// (`None` for a text form): for `pair`, two sides of the layout's cells in 64-bit words.
    fn record_len(&self, width: usize, height: usize) -> PyResult<Option<usize>> {
        let size = bbconv_board::Size::new(width, height)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(self.fixed.then(|| match self.to {
            // Two sides of the layout's cells in 64-bit words (`pair`).
            to if to.record_words() && !to.is_binary() => {
                16 * self.opts.to_order.span(size).div_ceil(64)
            }
            to => to.record_len(size, self.opts.planes.len(), self.opts.to_order),
        }))
    }
}
