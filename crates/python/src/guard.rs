//! The boundary with Python: every function Python calls runs under [`guarded`], so a panic (a
//! bug) reaches the caller as a `RuntimeError` that says so, never as PyO3's `PanicException`,
//! which `except Exception` does not catch.

use pyo3::exceptions::PyRuntimeError;
use pyo3::PyResult;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `f`; a panic in it (or in a thread it joined) becomes [`internal_error`].
pub(crate) fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    // Unwind safety: after a panic, nothing `f` touched is used again but the Python objects,
    // which Python keeps consistent itself.
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| Err(internal_error(&*payload)))
}

/// The `RuntimeError` for a panic's payload.
pub(crate) fn internal_error(payload: &(dyn Any + Send)) -> pyo3::PyErr {
    PyRuntimeError::new_err(bug_message(payload))
}

/// What the error says: a bug in bbconv, and the panic's message.
pub(crate) fn bug_message(payload: &(dyn Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic with no message");
    format!("internal error (a bug in bbconv, please report): {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_says_it_is_a_bug_with_its_message() {
        let out = catch_unwind(|| panic!("index {} out of range", 7)).unwrap_err();
        assert_eq!(
            bug_message(&*out),
            "internal error (a bug in bbconv, please report): index 7 out of range"
        );
        let out = catch_unwind(|| panic!("static text")).unwrap_err();
        assert!(bug_message(&*out).ends_with("report): static text"));
        let out = catch_unwind(|| std::panic::panic_any(42u8)).unwrap_err();
        assert!(bug_message(&*out).ends_with("a panic with no message"));
    }

    #[test]
    fn guarded_turns_a_panic_into_an_error_and_keeps_results() {
        assert_eq!(guarded(|| Ok(5)).ok(), Some(5));
        let joined: PyResult<()> = guarded(|| {
            let worker = std::thread::spawn(|| panic!("in a worker"));
            std::panic::resume_unwind(worker.join().unwrap_err())
        });
        let e = joined.unwrap_err();
        pyo3::Python::initialize();
        pyo3::Python::attach(|py| {
            assert!(e.is_instance_of::<PyRuntimeError>(py));
            assert!(e.to_string().contains("a bug in bbconv"), "{e}");
            assert!(e.to_string().contains("in a worker"), "{e}");
        });
    }
}
