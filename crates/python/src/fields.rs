//! Training fields as arrays aligned with a batch's records, from White's point of view (as
//! bbconv's JSON `train` member has them): given (`train={...}`: [`Given`], each record's set
//! over its own by [`bbconv_forms::Conversion::run_with_train`]) and taken (`train=True`: the
//! fields each record holds, [`bbconv_forms::record_train`], handed to Python as buffers by
//! [`taken`]). Python's side (`python/bbconv/_fields.py`) turns its containers into the form
//! [`Given`] extracts, and the buffers into arrays.

use crate::Bytes;
use bbconv_board::train::{Field, Train};
use bbconv_forms::{ConvertError, ParseError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

/// The fields given beside a batch's records: one a record, each field unset where no value
/// was given (the record keeps its own), or the message of a value the field cannot take.
pub(crate) struct Given(Vec<Result<Train, String>>);

impl Given {
    /// How many records the fields are for.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// The fields of record `i`; a value the field cannot take is the record's error.
    pub(crate) fn get(&self, i: usize) -> Result<Train, ConvertError> {
        match self.0.get(i) {
            Some(Ok(t)) => Ok(*t),
            Some(Err(m)) => Err(ConvertError::Parse(ParseError::new(
                None,
                format!("train: {m}"),
            ))),
            None => Ok(Train::default()),
        }
    }

    /// A `ValueError` unless the fields are for `n` records.
    pub(crate) fn check_len(&self, n: usize) -> PyResult<()> {
        match self.len() == n {
            true => Ok(()),
            false => Err(PyValueError::new_err(format!(
                "train=: the fields have {} values, the batch {n} records: give one a record (None where missing)",
                self.len()
            ))),
        }
    }
}

/// `(n, score, result, ply, move)` as Python's side makes it: each integer field `None` or
/// `(values, given)`, `values` n little-endian 64-bit integers and `given` a byte a record
/// (0: no value); the moves `None` or a list of n `str` or `None`.
impl<'a, 'py> FromPyObject<'a, 'py> for Given {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let t = obj.cast::<PyTuple>()?;
        let n: usize = t.get_item(0)?.extract()?;
        let mut per: Vec<Result<Train, String>> = vec![Ok(Train::default()); n];
        for (k, field) in [Field::Score, Field::Result, Field::Ply]
            .into_iter()
            .enumerate()
        {
            let item = t.get_item(k + 1)?;
            if item.is_none() {
                continue;
            }
            let (values, given): (Bound<'py, PyBytes>, Bound<'py, PyBytes>) = item.extract()?;
            let (values, given) = (values.as_bytes(), given.as_bytes());
            if values.len() != 8 * n || given.len() != n {
                return Err(PyValueError::new_err(
                    "train=: the buffers do not hold the fields",
                ));
            }
            for (i, slot) in per.iter_mut().enumerate() {
                if given[i] == 0 {
                    continue;
                }
                let mut b = [0u8; 8];
                b.copy_from_slice(&values[8 * i..8 * i + 8]);
                set(slot, field, &i64::from_le_bytes(b).to_string());
            }
        }
        let moves = t.get_item(4)?;
        if !moves.is_none() {
            let moves = moves.cast::<PyList>()?;
            if moves.len() != n {
                return Err(PyValueError::new_err(
                    "train=: the moves do not hold the fields",
                ));
            }
            for (slot, m) in per.iter_mut().zip(moves.iter()) {
                if m.is_none() {
                    continue;
                }
                let s = m
                    .cast::<PyString>()
                    .map_err(|_| PyTypeError::new_err("train=: a move is a UCI str (or None)"))?;
                set(slot, Field::Move, s.to_str()?);
            }
        }
        Ok(Given(per))
    }
}

/// Sets `field` of a record's fields from its text ([`Train::set_text`]: the rules and words of
/// a table's column); the first value it cannot take is the record's error.
fn set(slot: &mut Result<Train, String>, field: Field, text: &str) {
    if let Ok(t) = slot {
        if let Err(m) = t.set_text(field, text) {
            *slot = Err(m);
        }
    }
}

/// The fields taken from a batch's records as Python's side reads them: `(score, result, ply,
/// given, moves, ends)`: the scores as little-endian i32, the results as i8, the plies as
/// little-endian u32, `given` a byte a record for each field in turn (score, result, move,
/// ply; 0: the record has none), the moves' UCI text one after the other with its n + 1
/// little-endian i64 offsets `ends`.
pub(crate) fn taken<'py>(py: Python<'py>, trains: &[Train]) -> PyResult<Bound<'py, PyTuple>> {
    let n = trains.len();
    let (mut score, mut result, mut ply) = (
        Vec::with_capacity(4 * n),
        Vec::with_capacity(n),
        Vec::with_capacity(4 * n),
    );
    let mut given = vec![0u8; 4 * n];
    let (mut moves, mut ends) = (Vec::with_capacity(4 * n), Vec::with_capacity(8 * (n + 1)));
    ends.extend_from_slice(&0i64.to_le_bytes());
    for (i, t) in trains.iter().enumerate() {
        score.extend_from_slice(&t.score.unwrap_or(0).to_le_bytes());
        result.push(t.result.unwrap_or(0) as u8);
        ply.extend_from_slice(&t.ply.unwrap_or(0).to_le_bytes());
        let set = [
            t.score.is_some(),
            t.result.is_some(),
            t.mv.is_some(),
            t.ply.is_some(),
        ];
        for (k, s) in set.into_iter().enumerate() {
            given[k * n + i] = u8::from(s);
        }
        if let Some(m) = t.mv {
            moves.extend_from_slice(m.uci().as_bytes());
        }
        ends.extend_from_slice(&(moves.len() as i64).to_le_bytes());
    }
    let bytes = |data: Vec<u8>| Bound::new(py, Bytes { data });
    (
        bytes(score)?,
        bytes(result)?,
        bytes(ply)?,
        bytes(given)?,
        bytes(moves)?,
        bytes(ends)?,
    )
        .into_pyobject(py)
}
