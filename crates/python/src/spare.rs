//! The buffer of the last large output, kept when Python lets go of it so that the next call
//! writes into pages that are already there: a new 96 MB output (a million 8x8 `planes`)
//! otherwise costs 23,000 page faults, more than its conversion, on every call (data engines
//! call `convert` once a batch, with batches of one size).

use std::sync::Mutex;

/// Outputs smaller than this come from the allocator's own free lists.
const LARGE: usize = 1 << 20;

/// The spare buffer, if any.
static SPARE: Mutex<Option<Vec<u8>>> = Mutex::new(None);

/// A buffer of `len` zeros: the spare one when it is large enough and not much larger, else a
/// new one (on Linux backed by huge pages, as numpy backs its large arrays).
pub(crate) fn take(len: usize) -> Vec<u8> {
    if len >= LARGE {
        let fits = |v: &mut Vec<u8>| v.capacity() >= len && v.capacity() / 2 <= len;
        if let Some(mut v) = SPARE.lock().ok().and_then(|mut s| s.take_if(fits)) {
            v.clear();
            v.resize(len, 0);
            return v;
        }
    }
    let mut v = vec![0u8; len];
    if len >= LARGE {
        huge_pages(&mut v);
    }
    v
}

/// Keeps `v` as the spare buffer when it is large (the last one given wins).
pub(crate) fn give(v: Vec<u8>) {
    if v.capacity() >= LARGE {
        if let Ok(mut s) = SPARE.lock() {
            *s = Some(v);
        }
    }
}

/// Asks Linux to back a large fresh buffer with huge pages, as numpy does for its arrays.
#[cfg(target_os = "linux")]
fn huge_pages(buf: &mut [u8]) {
    const HUGE: usize = 2 << 20;
    let start = (buf.as_mut_ptr() as usize).next_multiple_of(HUGE);
    let end = (buf.as_mut_ptr() as usize + buf.len()) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range is inside `buf`, which this function borrows mutably; MADV_HUGEPAGE
        // is advice about how to back the pages, it changes neither their contents nor the
        // mapping's validity, and a failure is harmless (ignored).
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

/// Elsewhere the pages are what the allocator gives.
#[cfg(not(target_os = "linux"))]
fn huge_pages(_: &mut [u8]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spare_buffer_comes_back_zeroed() {
        let mut v = take(2 * LARGE);
        v.iter_mut().for_each(|b| *b = 7);
        let at = v.as_ptr();
        give(v);
        let w = take(2 * LARGE - 5);
        assert_eq!(w.as_ptr(), at);
        assert!(w.iter().all(|&b| b == 0));
        assert_eq!(w.len(), 2 * LARGE - 5);
        // Much smaller than the spare: a new buffer, and the spare stays.
        give(w);
        let small = take(LARGE / 2 + 1);
        assert_ne!(small.as_ptr(), at);
        let again = take(2 * LARGE);
        assert_eq!(again.as_ptr(), at);
    }
}
