//! Arrow data from any object that exports the Arrow PyCapsule interface (`__arrow_c_stream__`
//! or `__arrow_c_array__`: pyarrow, Polars, DuckDB, nanoarrow, pandas' Arrow-backed arrays),
//! read in place through the Arrow C Data Interface: the structs are the interface's own, the
//! records are borrowed from the producer's buffers, which the interface makes immutable for as
//! long as they are held, and everything is released when the import is dropped (before
//! `convert` returns). String, binary, their large and view variants, fixed-size binary,
//! dictionary-encoded columns (through their dictionary), a struct of one field (or the field
//! `column=` names) and the null type are read; Python hands over no memory address.
#![allow(unsafe_code)]

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

/// Reads records `from..from + n` of `field` in `array` (a struct's child, when the field is
/// one) onto `out`.
///
/// # Safety
/// `array` is live, of the field's parent schema.
unsafe fn read_field<'a>(
    field: Field<'_>,
    array: &'a Array,
    from: usize,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    if from + n > len(array.length)? {
        return Err(PyValueError::new_err("records past the Arrow array's end"));
    }
    let Some(k) = field.child else {
        return unsafe { read(field.schema, array, from, n, out) };
    };
    let children = unsafe { slice(array.children, array.n_children) };
    let child = children.get(k).ok_or_else(|| {
        PyValueError::new_err("the Arrow struct array lacks a field its schema has")
    })?;
    let base = len(array.offset)? + from;
    let start = out.len();
    unsafe { read(field.schema, &**child, base, n, out)? };
    // A null struct row is a null record.
    let validity = unsafe { buffer(array, 0) as *const u8 };
    if !validity.is_null() && array.null_count != 0 {
        for (i, r) in out[start..].iter_mut().enumerate() {
            if !unsafe { bit(validity, base + i) } {
                *r = None;
            }
        }
    }
    Ok(())
}

/// Checks, before anything of it is read, that `array` holds what its field's format says a
/// reader needs: the buffers and children it must have, an offset and a length that add up,
/// offsets that only go up (over the whole array: the batch is converted a piece at a time),
/// a width that does not overflow. An export that breaks the interface is an error, never a
/// read out of bounds; what the interface does not describe (the length of a data buffer) is
/// the exporter's to keep.
///
/// # Safety
/// `array` is live, of the field's parent schema.
unsafe fn check_field(field: Field<'_>, array: &Array) -> PyResult<()> {
    let (n, offset) = (len(array.length)?, len(array.offset)?);
    span_end(offset, n)?;
    let Some(k) = field.child else {
        return unsafe { check(field.schema, array, 0, n) };
    };
    if len(array.n_children)? <= k || array.children.is_null() {
        return Err(broken("the struct array lacks a field its schema has"));
    }
    let child = unsafe { *array.children.add(k) };
    let child = unsafe { child.as_ref() }.ok_or_else(|| broken("a struct field is null"))?;
    unsafe { check(field.schema, child, offset, n) }
}

/// [`check_field`] of `n` records of `array` (of `schema`) from its logical index `base`.
///
/// # Safety
/// `array` is live, of `schema`.
unsafe fn check(schema: &Schema, array: &Array, base: usize, n: usize) -> PyResult<()> {
    let at = len(array.offset)?
        .checked_add(base)
        .ok_or_else(|| broken("an offset overflows"))?;
    let end = span_end(at, n)?;
    if end > span_end(len(array.offset)?, len(array.length)?)? {
        return Err(broken("the array is shorter than its parent"));
    }
    let format = unsafe { text(schema.format) };
    let buffers = len(array.n_buffers)?;
    if buffers > 0 && array.buffers.is_null() {
        return Err(broken("the array has no buffers"));
    }
    let need = |k: usize| -> PyResult<*const u8> {
        let p = if k < buffers {
            unsafe { buffer(array, k) as *const u8 }
        } else {
            std::ptr::null()
        };
        match (p.is_null(), n) {
            (true, 1..) => Err(broken(&format!(
                "buffer {k} of an array of {format:?} is missing"
            ))),
            _ => Ok(p),
        }
    };
    if !schema.dictionary.is_null() {
        need(1)?;
        let dict = unsafe { array.dictionary.as_ref() }
            .ok_or_else(|| broken("the dictionary is missing"))?;
        let dict_schema = unsafe { &*schema.dictionary };
        return unsafe { check(dict_schema, dict, 0, len(dict.length)?) };
    }
    match format {
        "n" => {}
        "u" | "z" | "U" | "Z" => {
            let offsets = need(1)?;
            if n == 0 {
                return Ok(());
            }
            let wide = matches!(format, "U" | "Z");
            let get = |k: usize| -> i64 {
                // SAFETY: an array of n records from `at` has offsets at..=at + n.
                unsafe {
                    match wide {
                        true => std::ptr::read_unaligned((offsets as *const i64).add(k)),
                        false => {
                            i64::from(std::ptr::read_unaligned((offsets as *const i32).add(k)))
                        }
                    }
                }
            };
            let mut last = get(at);
            if last < 0 {
                return Err(bad_offsets(0, last, last));
            }
            for i in 0..n {
                let next = get(at + i + 1);
                if next < last {
                    return Err(bad_offsets(base + i, last, next));
                }
                last = next;
            }
            if last > get(at) {
                need(2)?;
            }
        }
        "vu" | "vz" => {
            need(1)?;
            if n > 0 && buffers < 3 {
                return Err(broken("a view array lacks its buffer of data sizes"));
            }
        }
        f if f.starts_with("w:") => {
            let width: usize = f[2..]
                .parse()
                .map_err(|_| broken(&format!("the format {f:?} is no width")))?;
            end.checked_mul(width)
                .filter(|&b| b <= isize::MAX as usize)
                .ok_or_else(|| broken("a fixed-size width overflows"))?;
            if width > 0 {
                need(1)?;
            }
        }
        f if f.starts_with("+w:") => {
            let (child_schema, child, k) = unsafe { words_child(schema, array, f)? };
            let _ = child_schema;
            let values = end
                .checked_mul(k)
                .ok_or_else(|| broken("a fixed-size list's width overflows"))?;
            let child_end = span_end(len(child.offset)?, len(child.length)?)?;
            if len(child.offset)?
                .checked_add(values)
                .is_none_or(|e| e > child_end)
            {
                return Err(broken(
                    "a fixed-size list's values are fewer than its lists",
                ));
            }
            if n > 0 && k > 0 && unsafe { buffer(child, 1) }.is_null() {
                return Err(broken("a fixed-size list's values are missing"));
            }
        }
        _ => {}
    }
    Ok(())
}

/// The child of a fixed-size list of 64-bit integers (format `+w:K` over `L` or `l`: pair
/// words, planes), and K.
///
/// # Safety
/// `array` is live, of `schema`.
unsafe fn words_child<'a>(
    schema: &'a Schema,
    array: &'a Array,
    format: &str,
) -> PyResult<(&'a Schema, &'a Array, usize)> {
    let k: usize = format[3..]
        .parse()
        .map_err(|_| broken(&format!("the format {format:?} is no width")))?;
    let (cs, ca) = (
        unsafe { slice(schema.children, schema.n_children) },
        unsafe { slice(array.children, array.n_children) },
    );
    let (Some(&cs), Some(&ca)) = (cs.first(), ca.first()) else {
        return Err(broken("a fixed-size list has no values"));
    };
    let (cs, ca) = unsafe { (cs.as_ref(), ca.as_ref()) };
    let (Some(cs), Some(ca)) = (cs, ca) else {
        return Err(broken("a fixed-size list's values are null"));
    };
    if !matches!(unsafe { text(cs.format) }, "L" | "l") || !cs.dictionary.is_null() {
        return Err(PyTypeError::new_err(format!(
            "an Arrow array of fixed-size lists of {} holds no boards: expected lists of 64-bit words (pair, planes)",
            describe(unsafe { text(cs.format) })
        )));
    }
    Ok((cs, ca, k))
}

/// `at + n`, the end of a span of records, when it does not overflow.
fn span_end(at: usize, n: usize) -> PyResult<usize> {
    at.checked_add(n)
        .filter(|&e| e <= isize::MAX as usize / 16)
        .ok_or_else(|| broken("an offset and a length overflow"))
}

/// The error of an export that breaks the Arrow C Data Interface.
fn broken(what: &str) -> PyErr {
    PyValueError::new_err(format!("the Arrow export is broken: {what}"))
}

/// Where records `at..` of an array are: the array, its validity bitmap and the first index.
#[derive(Clone, Copy)]
struct Span<'a> {
    array: &'a Array,
    /// The validity bitmap, null when every record is valid.
    validity: *const u8,
    /// The first record's index in the buffers (the array's offset included).
    at: usize,
}

impl Span<'_> {
    /// Whether record `i` (from `at`) is not null.
    fn valid(&self, i: usize) -> bool {
        // SAFETY: the bitmap holds a bit for every record of the array.
        self.validity.is_null() || unsafe { bit(self.validity, self.at + i) }
    }

    /// Buffer `k` of the array, as bytes.
    fn buffer(&self, k: usize) -> *const u8 {
        // SAFETY: the array is live (the span borrows it).
        unsafe { buffer(self.array, k) as *const u8 }
    }
}

/// Reads `n` records of `array` (of `schema`) from its logical index `base` onto `out`.
///
/// # Safety
/// `array` is live, of `schema`, with at least `base + n` values past its offset.
unsafe fn read<'a>(
    schema: &Schema,
    array: &'a Array,
    base: usize,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let format = unsafe { text(schema.format) };
    let span = Span {
        array,
        validity: match array.null_count {
            0 => std::ptr::null(),
            _ => unsafe { buffer(array, 0) as *const u8 },
        },
        at: len(array.offset)? + base,
    };
    out.reserve(n);
    if !schema.dictionary.is_null() {
        return unsafe { read_dictionary(schema, format, span, n, out) };
    }
    match format {
        "n" => out.extend(std::iter::repeat_n(None, n)),
        "u" | "z" | "U" | "Z" => unsafe {
            read_offsets(matches!(format, "U" | "Z"), span, n, out)?
        },
        "vu" | "vz" => unsafe { read_views(span, n, out)? },
        f if f.starts_with("w:") => {
            let width: usize = f[2..].parse().map_err(|_| {
                PyValueError::new_err(format!("the Arrow format {f:?} is not fixed-size binary"))
            })?;
            let data = span.buffer(1);
            for i in 0..n {
                let at = (span.at + i) * width;
                out.push(span.valid(i).then(|| unsafe { bytes(data, at, width) }));
            }
        }
        f if f.starts_with("+w:") => {
            // Each list's words, little-endian, one after the other: a record of 8K bytes.
            let (_, child, k) = unsafe { words_child(schema, array, f)? };
            let (data, base) = (unsafe { buffer(child, 1) } as *const u8, len(child.offset)?);
            for i in 0..n {
                let at = 8 * (base + (span.at + i) * k);
                out.push(span.valid(i).then(|| unsafe { bytes(data, at, 8 * k) }));
            }
        }
        f => {
            return Err(PyTypeError::new_err(format!(
                "an Arrow array of {} holds no boards: expected strings or binary",
                describe(f)
            )))
        }
    }
    Ok(())
}

/// Reads `n` dictionary-encoded records (indices of `format`): each index's record is the
/// dictionary's.
///
/// # Safety
/// As [`read`]'s, the dictionary included.
unsafe fn read_dictionary<'a>(
    schema: &Schema,
    format: &str,
    span: Span<'a>,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let dict_array = unsafe { span.array.dictionary.as_ref() }
        .ok_or_else(|| PyValueError::new_err("the Arrow array lacks its dictionary"))?;
    let mut dict = Vec::new();
    let dict_schema = unsafe { &*schema.dictionary };
    unsafe {
        read(
            dict_schema,
            dict_array,
            0,
            len(dict_array.length)?,
            &mut dict,
        )?
    };
    let indices = span.buffer(1);
    for i in 0..n {
        if !span.valid(i) {
            out.push(None);
            continue;
        }
        let k = unsafe { index(format, indices, span.at + i) }?;
        let record = usize::try_from(k)
            .ok()
            .and_then(|k| dict.get(k).copied())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "the Arrow array's dictionary index {k} is outside its dictionary of {}",
                    dict.len()
                ))
            })?;
        out.push(record);
    }
    Ok(())
}

/// Reads `n` records of a string or binary array with 32-bit (or, `wide`, 64-bit) offsets.
///
/// # Safety
/// As [`read`]'s.
unsafe fn read_offsets<'a>(
    wide: bool,
    span: Span<'a>,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let (offsets, data) = (span.buffer(1), span.buffer(2));
    let offset = |k: usize| -> i64 {
        // SAFETY: the array holds offset + length + 1 offsets; reads may be unaligned.
        unsafe {
            match wide {
                true => std::ptr::read_unaligned((offsets as *const i64).add(k)),
                false => i64::from(std::ptr::read_unaligned((offsets as *const i32).add(k))),
            }
        }
    };
    for i in 0..n {
        let (s, e) = (offset(span.at + i), offset(span.at + i + 1));
        match (usize::try_from(s), usize::try_from(e)) {
            (Ok(s), Ok(e)) if s <= e => {
                out.push(span.valid(i).then(|| unsafe { bytes(data, s, e - s) }))
            }
            _ => return Err(bad_offsets(i, s, e)),
        }
    }
    Ok(())
}

/// Reads `n` records of a string or binary view array: a view of 16 bytes a record, its length,
/// then its bytes inline (12 at most) or a prefix, a data buffer's index and the offset in it.
///
/// # Safety
/// As [`read`]'s.
unsafe fn read_views<'a>(
    span: Span<'a>,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let views = span.buffer(1);
    // The buffers: validity, views, the data buffers, their sizes.
    let data_buffers = len(span.array.n_buffers)?.saturating_sub(3);
    for i in 0..n {
        if !span.valid(i) {
            out.push(None);
            continue;
        }
        let view = unsafe { views.add(16 * (span.at + i)) };
        let word = |k: usize| {
            // SAFETY: a view is 16 bytes.
            i32::from_le_bytes(unsafe { std::ptr::read_unaligned(view.add(k) as *const [u8; 4]) })
        };
        let size = usize::try_from(word(0)).map_err(|_| bad_view(i))?;
        if size <= 12 {
            out.push(Some(unsafe { bytes(view, 4, size) }));
            continue;
        }
        let b = usize::try_from(word(8)).map_err(|_| bad_view(i))?;
        let off = usize::try_from(word(12)).map_err(|_| bad_view(i))?;
        // The last buffer holds each data buffer's size (int64): a view must lie inside its
        // buffer (an exporter may pass views it never checked).
        let within = b < data_buffers && {
            let sizes = span.buffer(2 + data_buffers);
            !sizes.is_null() && {
                // SAFETY: the sizes buffer holds one int64 a data buffer.
                let len = unsafe { std::ptr::read_unaligned((sizes as *const i64).add(b)) };
                usize::try_from(len)
                    .is_ok_and(|len| off.checked_add(size).is_some_and(|e| e <= len))
            }
        };
        if !within {
            return Err(bad_view(i));
        }
        out.push(Some(unsafe { bytes(span.buffer(2 + b), off, size) }));
    }
    Ok(())
}

/// The dictionary index `k` of an index buffer of `format` (a signed or unsigned integer).
///
/// # Safety
/// `indices` holds at least `k + 1` indices of `format`.
unsafe fn index(format: &str, indices: *const u8, k: usize) -> PyResult<i128> {
    // SAFETY: as the caller promises; reads may be unaligned.
    unsafe {
        Ok(match format {
            "c" => i128::from(std::ptr::read_unaligned((indices as *const i8).add(k))),
            "C" => i128::from(std::ptr::read_unaligned(indices.add(k))),
            "s" => i128::from(std::ptr::read_unaligned((indices as *const i16).add(k))),
            "S" => i128::from(std::ptr::read_unaligned((indices as *const u16).add(k))),
            "i" => i128::from(std::ptr::read_unaligned((indices as *const i32).add(k))),
            "I" => i128::from(std::ptr::read_unaligned((indices as *const u32).add(k))),
            "l" => i128::from(std::ptr::read_unaligned((indices as *const i64).add(k))),
            "L" => i128::from(std::ptr::read_unaligned((indices as *const u64).add(k))),
            f => {
                return Err(PyTypeError::new_err(format!(
                    "an Arrow dictionary indexed by {f:?}: expected integer indices"
                )))
            }
        })
    }
}

/// The error for offsets of record `i` that are not a range.
fn bad_offsets(i: usize, s: i64, e: i64) -> PyErr {
    PyValueError::new_err(format!(
        "the Arrow array's offsets of record {i} ({s}..{e}) are no range"
    ))
}

/// The error for a string view of record `i` that points nowhere.
fn bad_view(i: usize) -> PyErr {
    PyValueError::new_err(format!(
        "the Arrow array's view of record {i} points outside its buffers"
    ))
}

/// A count or an offset of the interface, which must not be negative.
fn len(v: i64) -> PyResult<usize> {
    usize::try_from(v).map_err(|_| {
        PyValueError::new_err(format!(
            "the Arrow data has a negative length or offset ({v})"
        ))
    })
}

/// Buffer `k` of `array` (null when it has none).
///
/// # Safety
/// `array` is live.
unsafe fn buffer(array: &Array, k: usize) -> *const c_void {
    if array.buffers.is_null() || k >= array.n_buffers.max(0) as usize {
        return std::ptr::null();
    }
    // SAFETY: `buffers` holds `n_buffers` pointers.
    unsafe { *array.buffers.add(k) }
}

/// Bit `k` of a validity bitmap.
///
/// # Safety
/// The bitmap holds at least `k + 1` bits.
unsafe fn bit(bitmap: *const u8, k: usize) -> bool {
    // SAFETY: as the caller promises.
    unsafe { *bitmap.add(k / 8) >> (k % 8) & 1 == 1 }
}

/// `n` bytes at `data + at` (an empty slice when `n` is 0, whatever `data` is).
///
/// # Safety
/// `data + at .. data + at + n` is readable for `'a`, and unchanged.
unsafe fn bytes<'a>(data: *const u8, at: usize, n: usize) -> &'a [u8] {
    if n == 0 || data.is_null() {
        return &[];
    }
    // SAFETY: as the caller promises.
    unsafe { std::slice::from_raw_parts(data.add(at), n) }
}

/// `n` items at `p` (empty when `p` is null).
///
/// # Safety
/// `p` holds `n` items, live for `'a`.
unsafe fn slice<'a, T>(p: *mut T, n: i64) -> &'a [T] {
    match (p.is_null(), usize::try_from(n)) {
        (false, Ok(n)) => unsafe { std::slice::from_raw_parts(p, n) },
        _ => &[],
    }
}

/// A C string of the interface (a format or a name; empty when null).
///
/// # Safety
/// `p` is null or a NUL-terminated string live for `'a`.
unsafe fn text<'a>(p: *const c_char) -> &'a str {
    match p.is_null() {
        true => "",
        false => unsafe { CStr::from_ptr(p) }.to_str().unwrap_or(""),
    }
}

/// An Arrow format string in words.
fn describe(format: &str) -> String {
    let name = match format {
        "b" => "booleans",
        "c" | "C" | "s" | "S" | "i" | "I" | "l" | "L" => "integers",
        "e" | "f" | "g" => "floats",
        "+l" | "+L" | "+vl" | "+vL" => "lists",
        "+w" => "fixed-size lists",
        "+s" => "structs",
        _ => "",
    };
    match name {
        "" => format!("format {format:?}"),
        n => format!("{n} (format {format:?})"),
    }
}
