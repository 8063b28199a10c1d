//! Arrow data from any object that exports the Arrow PyCapsule interface (`__arrow_c_stream__`
//! or `__arrow_c_array__`: pyarrow, Polars, DuckDB, nanoarrow, pandas' Arrow-backed arrays),
//! read in place through the Arrow C Data Interface: the structs are the interface's own, the
//! records are borrowed from the producer's buffers, which the interface makes immutable for as
//! long as they are held, and everything is released when the import is dropped (before
//! `convert` returns). String, binary, their large and view variants, fixed-size binary,
//! dictionary-encoded columns (through their dictionary), a struct of one field (or the field
//! `column=` names) and the null type are read; Python hands over no memory address.
#![allow(unsafe_code)]

mod check;
mod read;

use check::check_field;
use read::{describe, len, read_field, slice, text};

use std::ffi::{c_char, c_int, c_void, CStr};
use std::ptr::NonNull;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyTuple};

/// The C Data Interface's `ArrowSchema`.
#[repr(C)]
pub(crate) struct Schema {
    pub(crate) format: *const c_char,
    pub(crate) name: *const c_char,
    pub(crate) metadata: *const c_char,
    pub(crate) flags: i64,
    pub(crate) n_children: i64,
    pub(crate) children: *mut *mut Schema,
    pub(crate) dictionary: *mut Schema,
    pub(crate) release: Option<unsafe extern "C" fn(*mut Schema)>,
    pub(crate) private_data: *mut c_void,
}

/// The C Data Interface's `ArrowArray`.
#[repr(C)]
pub(crate) struct Array {
    pub(crate) length: i64,
    pub(crate) null_count: i64,
    pub(crate) offset: i64,
    pub(crate) n_buffers: i64,
    pub(crate) n_children: i64,
    pub(crate) buffers: *mut *const c_void,
    pub(crate) children: *mut *mut Array,
    pub(crate) dictionary: *mut Array,
    pub(crate) release: Option<unsafe extern "C" fn(*mut Array)>,
    pub(crate) private_data: *mut c_void,
}

/// The C Stream Interface's `ArrowArrayStream`.
#[repr(C)]
struct Stream {
    get_schema: Option<unsafe extern "C" fn(*mut Stream, *mut Schema) -> c_int>,
    get_next: Option<unsafe extern "C" fn(*mut Stream, *mut Array) -> c_int>,
    get_last_error: Option<unsafe extern "C" fn(*mut Stream) -> *const c_char>,
    release: Option<unsafe extern "C" fn(*mut Stream)>,
    private_data: *mut c_void,
}

impl Schema {
    /// A released (empty) schema for a producer to fill.
    fn empty() -> Schema {
        Schema {
            format: std::ptr::null(),
            name: std::ptr::null(),
            metadata: std::ptr::null(),
            flags: 0,
            n_children: 0,
            children: std::ptr::null_mut(),
            dictionary: std::ptr::null_mut(),
            release: None,
            private_data: std::ptr::null_mut(),
        }
    }
}

impl Array {
    /// A released (empty) array for a producer to fill.
    fn empty() -> Array {
        Array {
            length: 0,
            null_count: 0,
            offset: 0,
            n_buffers: 0,
            n_children: 0,
            buffers: std::ptr::null_mut(),
            children: std::ptr::null_mut(),
            dictionary: std::ptr::null_mut(),
            release: None,
            private_data: std::ptr::null_mut(),
        }
    }
}

/// A schema a stream gave: released on drop.
struct OwnedSchema(Box<Schema>);

impl Drop for OwnedSchema {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: the producer filled this schema and it is released once, here.
            unsafe { release(&mut *self.0) };
        }
    }
}

/// An array a stream gave: released on drop.
struct OwnedArray(Box<Array>);

impl Drop for OwnedArray {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: the producer filled this array and it is released once, here.
            unsafe { release(&mut *self.0) };
        }
    }
}

/// The arrays an object exported, held until dropped: the capsules (whose destructors release
/// what they hold once the last reference goes) and what a stream gave.
pub(crate) struct Import<'py> {
    /// Dropped after `arrays` and `schema` (fields drop in order): a stream is released after
    /// the arrays it gave.
    arrays: Vec<OwnedArray>,
    schema: Option<OwnedSchema>,
    /// Arrays and the schema inside capsules (`__arrow_c_array__`), held by `capsules`.
    borrowed: Option<(NonNull<Schema>, NonNull<Array>)>,
    _capsules: Vec<Bound<'py, PyAny>>,
    /// The struct field `column=` names.
    column: Option<String>,
}

/// The pointer a capsule named `name` holds.
fn pointer<T>(capsule: &Bound<'_, PyAny>, name: &CStr) -> PyResult<NonNull<T>> {
    let capsule = capsule.cast::<PyCapsule>().map_err(|_| {
        PyTypeError::new_err(format!("the Arrow export gave no capsule named {name:?}"))
    })?;
    Ok(capsule.pointer_checked(Some(name))?.cast())
}

/// Imports what `obj` exports: its stream (every array of it, in order), else its array.
pub(crate) fn import<'py>(
    obj: &Bound<'py, PyAny>,
    column: Option<String>,
) -> PyResult<Import<'py>> {
    let mut import = Import {
        arrays: Vec::new(),
        schema: None,
        borrowed: None,
        _capsules: Vec::new(),
        column,
    };
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        let stream: NonNull<Stream> = pointer(&capsule, c"arrow_array_stream")?;
        let stream = stream.as_ptr();
        import._capsules.push(capsule);
        // SAFETY: the capsule holds a live stream (its producer's contract) for as long as the
        // capsule is held; its callbacks are called as the C Stream Interface says.
        unsafe {
            let failed = |code: c_int| -> PyErr {
                let why = (*stream)
                    .get_last_error
                    .map(|f| f(stream))
                    .filter(|p| !p.is_null())
                    .map(|p| CStr::from_ptr(p).to_string_lossy().into_owned())
                    .unwrap_or_else(|| format!("error code {code}"));
                PyValueError::new_err(format!("the Arrow stream failed: {why}"))
            };
            // A stream moved out of its capsule (consumed) keeps its callbacks: a null
            // `release` is what marks it released, and nothing of it may be called then.
            let (Some(get_schema), Some(get_next), Some(_)) =
                ((*stream).get_schema, (*stream).get_next, (*stream).release)
            else {
                return Err(PyValueError::new_err(
                    "the Arrow stream is released (consumed already): export it anew",
                ));
            };
            let mut schema = OwnedSchema(Box::new(Schema::empty()));
            let code = get_schema(stream, &mut *schema.0);
            if code != 0 {
                return Err(failed(code));
            }
            import.schema = Some(schema);
            loop {
                let mut array = OwnedArray(Box::new(Array::empty()));
                let code = get_next(stream, &mut *array.0);
                if code != 0 {
                    return Err(failed(code));
                }
                if array.0.release.is_none() {
                    break;
                }
                import.arrays.push(array);
            }
        }
        return Ok(import);
    }
    let pair = obj.call_method0("__arrow_c_array__")?;
    let pair = pair.cast::<PyTuple>().map_err(|_| {
        PyTypeError::new_err("__arrow_c_array__ gave no (schema, array) pair of capsules")
    })?;
    let (schema, array) = (pair.get_item(0)?, pair.get_item(1)?);
    let s: NonNull<Schema> = pointer(&schema, c"arrow_schema")?;
    let a: NonNull<Array> = pointer(&array, c"arrow_array")?;
    // SAFETY: the capsules hold the structs (released or not: a released one is still there,
    // its `release` null, and nothing else of it may be read).
    if unsafe { s.as_ref().release.is_none() || a.as_ref().release.is_none() } {
        return Err(PyValueError::new_err(
            "the Arrow array or its schema is released (consumed already): export it anew",
        ));
    }
    import.borrowed = Some((s, a));
    import._capsules.extend([schema, array]);
    Ok(import)
}

/// The most records of a [`Piece`]: their slices (16 bytes a record) are all that is held of
/// them at once, whatever the length of an array.
pub(crate) const PIECE: usize = 1 << 20;

/// Records `from..from + len` of array `array` of an import: a part of the batch read at a time.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Piece {
    array: usize,
    from: usize,
    pub(crate) len: usize,
}

impl Import<'_> {
    /// The schema and arrays imported.
    fn parts(&self) -> (Option<&Schema>, Vec<&Array>) {
        match (&self.schema, self.borrowed) {
            (Some(schema), _) => (Some(&schema.0), self.arrays.iter().map(|a| &*a.0).collect()),
            // SAFETY: the capsules hold them (see `Import`).
            (None, Some((s, a))) => unsafe { (Some(s.as_ref()), vec![a.as_ref()]) },
            (None, None) => (None, Vec::new()),
        }
    }

    /// The batch in pieces of at most [`PIECE`] records, in order (its field checked first:
    /// a struct of several fields without `column=` is an error, even empty).
    pub(crate) fn pieces(&self) -> PyResult<Vec<Piece>> {
        if let (Some(schema), _) = self.parts() {
            // SAFETY: the schema is live (held by `self`).
            unsafe { self.field(schema)? };
        }
        let mut out = Vec::new();
        let (schema, arrays) = self.parts();
        for (k, a) in arrays.into_iter().enumerate() {
            if let Some(schema) = schema {
                // SAFETY: the schema and the array are live (held by `self`).
                unsafe { check_field(self.field(schema)?, a)? };
            }
            let n = len(a.length)?;
            out.extend((0..n).step_by(PIECE).map(|from| Piece {
                array: k,
                from,
                len: PIECE.min(n - from),
            }));
        }
        Ok(out)
    }

    /// Whether the field read is fixed-size binary (`packed-bin` or `trits-bin` records).
    pub(crate) fn fixed_binary(&self) -> PyResult<bool> {
        self.format_starts("w:")
    }

    /// Whether the field read holds binary values, not strings (binary, large or view, fixed
    /// size; of a dictionary, its values).
    pub(crate) fn binary(&self) -> PyResult<bool> {
        let (Some(schema), _) = self.parts() else {
            return Ok(false);
        };
        // SAFETY: the schema and its dictionary's are live (held by `self`).
        let field = unsafe { self.field(schema)? };
        let values = match field.schema.dictionary.is_null() {
            true => field.schema,
            false => unsafe { &*field.schema.dictionary },
        };
        let format = unsafe { text(values.format) };
        Ok(matches!(format, "z" | "Z" | "vz") || format.starts_with("w:"))
    }

    /// Whether the field read is fixed-size lists of 64-bit words (`pair` words, `planes`).
    pub(crate) fn words(&self) -> PyResult<bool> {
        self.format_starts("+w:")
    }

    /// Whether the format of the field read (not dictionary-encoded) starts with `prefix`.
    fn format_starts(&self, prefix: &str) -> PyResult<bool> {
        let (Some(schema), _) = self.parts() else {
            return Ok(false);
        };
        // SAFETY: the schema is live (held by `self`).
        let field = unsafe { self.field(schema)? };
        Ok(field.schema.dictionary.is_null()
            && unsafe { text(field.schema.format) }.starts_with(prefix))
    }

    /// The records of `piece`: borrowed from the producer's buffers, `None` for a null.
    pub(crate) fn records(&self, piece: Piece) -> PyResult<Vec<Option<&[u8]>>> {
        let (Some(schema), arrays) = self.parts() else {
            return Ok(Vec::new());
        };
        let array = arrays
            .get(piece.array)
            .ok_or_else(|| PyValueError::new_err("no such Arrow array"))?;
        let mut out = Vec::with_capacity(piece.len);
        // SAFETY: the schema and arrays are live (held by `self`) and immutable while held;
        // their layout is the format's, as the C Data Interface defines it; the piece is inside
        // the array.
        unsafe { read_field(self.field(schema)?, array, piece.from, piece.len, &mut out)? };
        Ok(out)
    }

    /// The field read: the schema itself, or the struct field `column=` names (or its only one).
    ///
    /// # Safety
    /// `schema` is a live schema.
    unsafe fn field<'s>(&self, schema: &'s Schema) -> PyResult<Field<'s>> {
        let format = unsafe { text(schema.format) };
        if format != "+s" {
            if let Some(c) = &self.column {
                return Err(PyValueError::new_err(format!(
                    "column='{c}': the Arrow data is one column of {}, not a struct of fields",
                    describe(format)
                )));
            }
            return Ok(Field {
                schema,
                child: None,
            });
        }
        let children = unsafe { slice(schema.children, schema.n_children) };
        let names: Vec<String> = children
            .iter()
            .map(|&c| unsafe { text((*c).name) }.to_string())
            .collect();
        let k = match (&self.column, names.len()) {
            (_, 0) => {
                return Err(PyValueError::new_err(
                    "the Arrow data is a struct of no fields: it holds no boards",
                ))
            }
            (Some(c), _) => {
                let at: Vec<usize> = (0..names.len()).filter(|&k| names[k] == *c).collect();
                match at[..] {
                    [k] => k,
                    [] => {
                        return Err(PyValueError::new_err(format!(
                            "column='{c}': the Arrow data has no such field; its fields are: {}",
                            names.join(", ")
                        )))
                    }
                    [a, b, ..] => {
                        return Err(PyValueError::new_err(format!(
                            "column='{c}': the Arrow data has {} fields named so (fields {} and {}, from 1): rename one",
                            at.len(),
                            a + 1,
                            b + 1
                        )))
                    }
                }
            }
            (None, 1) => 0,
            (None, _) => {
                return Err(PyValueError::new_err(format!(
                    "the Arrow data has {} fields ({}): pick the board's with column=",
                    names.len(),
                    names.join(", ")
                )))
            }
        };
        Ok(Field {
            schema: unsafe { &*children[k] },
            child: Some(k),
        })
    }
}

/// The field of an import that holds the boards: a schema, and the child it is of a struct.
#[derive(Clone, Copy)]
struct Field<'s> {
    schema: &'s Schema,
    child: Option<usize>,
}
