//! Recycled buffers, so that the pipeline does not allocate and fault in fresh memory for
//! every chunk.

/// Recycled buffers, so that the pipeline does not allocate and fault in fresh memory for
/// every chunk: input chunks (`Vec<u8>`) and output parts.
pub(crate) struct Pool<T = Vec<u8>>(std::sync::Mutex<Vec<T>>);

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool(std::sync::Mutex::new(Vec::new()))
    }
}

impl<T: Default> Pool<T> {
    /// A recycled value, or a new one.
    pub(crate) fn take(&self) -> T {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    /// Hands a value back (at most 8 are kept).
    pub(crate) fn give(&self, b: T) {
        if let Ok(mut v) = self.0.lock() {
            if v.len() < 8 {
                v.push(b);
            }
        }
    }
}

impl Pool<Vec<u8>> {
    /// A buffer of at least `len` bytes, of any contents. One that must grow gets an eighth
    /// more, so that buffers recycled for chunks whose kept tails differ by a few bytes are not
    /// grown (copied and zeroed) chunk after chunk.
    pub(crate) fn take_len(&self, len: usize) -> Vec<u8> {
        let mut b = self.take();
        if b.len() < len {
            b.resize(len.saturating_add(len / 8), 0);
        }
        b
    }

    /// An empty buffer.
    pub(crate) fn take_empty(&self) -> Vec<u8> {
        let mut b = self.take();
        b.clear();
        b
    }
}
