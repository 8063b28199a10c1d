//! JSON values in a stream: where each whitespace-separated value begins and ends, a line at a time.

/// Finds where whitespace-separated JSON values begin and end in a stream fed one line at a
/// time, looking at each byte once: linear in the input, whatever the nesting or the number of
/// lines a value spans (docs/conventions.md §6).
///
/// A value is an object, an array, a string or a scalar token; a scalar at the top level ends at
/// whitespace or at the end of its line. The scanner only frames: the parser checks the value.
///
/// The stream's resynchronisation rule is [`begins_value`]: a line that starts with `{` begins a
/// new value even while one is still open, so a broken value costs at most itself.
///
/// ```
/// use bbconv_frame::ValueScanner;
/// let mut text = b"{\"a\": [1,".to_vec();
/// let mut sc = ValueScanner::default();
/// let mut found = Vec::new();
/// sc.scan_line(&text, 0, |s, e| found.push((s, e)));
/// assert_eq!(sc.open(), Some(0));
/// let from = text.len() + 1;
/// text.extend_from_slice(b"\n2]} 7 \"x\"");
/// sc.scan_line(&text, from, |s, e| found.push((s, e)));
/// assert_eq!(found, [(0, 13), (14, 15), (16, 19)]);
/// assert_eq!(sc.open(), None);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ValueScanner {
    start: Option<usize>,
    depth: usize,
    in_str: bool,
    esc: bool,
}

impl ValueScanner {
    /// Where the value still open starts, if one is.
    pub fn open(&self) -> Option<usize> {
        self.start
    }

    /// Forgets the open value.
    pub fn reset(&mut self) {
        *self = ValueScanner::default();
    }

    /// Moves the open value `by` bytes to the left (when the text before it was dropped).
    pub fn shift(&mut self, by: usize) {
        if let Some(s) = &mut self.start {
            *s = s.saturating_sub(by);
        }
    }

    /// Scans `text[from..]`, one line without its line end that follows (after a `\n`) the
    /// text scanned before, and calls `value(start, end)` for each value that ends in it.
    pub fn scan_line(&mut self, text: &[u8], from: usize, mut value: impl FnMut(usize, usize)) {
        // The common line, one whole object and nothing else, found with bitmaps.
        if self.start.is_none() {
            let line = text.get(from..).unwrap_or_default();
            let at = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
            if line.get(at) == Some(&b'{') {
                if let Some(len) = whole::object(&line[at..]) {
                    if line[at + len..].iter().all(u8::is_ascii_whitespace) {
                        value(from + at, from + at + len);
                        return;
                    }
                }
            }
        }
        self.scan_bytes(text, from, value);
    }

    /// The values of `line` read on its own, as a stream's framer finds them when the line
    /// begins a value ([`begins_value`]) and the next one does too: each whole value, then the
    /// value left open at the end, if any, handed over as it is (the parser then reports it).
    ///
    /// ```
    /// use bbconv_frame::ValueScanner;
    /// let mut found = Vec::new();
    /// ValueScanner::values_of_line(b"{\"a\":1} 7 [2,", |s, e| found.push((s, e)));
    /// assert_eq!(found, [(0, 7), (8, 9), (10, 13)]);
    /// ```
    pub fn values_of_line(line: &[u8], mut value: impl FnMut(usize, usize)) {
        let mut scanner = ValueScanner::default();
        scanner.scan_line(line, 0, &mut value);
        if let Some(start) = scanner.open() {
            value(start, line.len());
        }
    }

    /// [`ValueScanner::scan_line`] a byte at a time (the reference of its fast path).
    fn scan_bytes(&mut self, text: &[u8], from: usize, mut value: impl FnMut(usize, usize)) {
        for (i, &c) in text.iter().enumerate().skip(from) {
            let Some(start) = self.start else {
                if c.is_ascii_whitespace() {
                    continue;
                }
                self.start = Some(i);
                self.depth = 0;
                self.in_str = c == b'"';
                self.esc = false;
                match c {
                    b'{' | b'[' => self.depth = 1,
                    b'}' | b']' => {
                        self.start = None;
                        value(i, i + 1);
                    }
                    _ => {}
                }
                continue;
            };
            if self.in_str {
                if self.esc {
                    self.esc = false;
                } else if c == b'\\' {
                    self.esc = true;
                } else if c == b'"' {
                    self.in_str = false;
                    if self.depth == 0 {
                        self.start = None;
                        value(start, i + 1);
                    }
                }
                continue;
            }
            match c {
                b'"' => self.in_str = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' if self.depth <= 1 => {
                    self.start = None;
                    value(start, i + 1);
                }
                b'}' | b']' => self.depth -= 1,
                c if c.is_ascii_whitespace() && self.depth == 0 => {
                    self.start = None;
                    value(start, i);
                }
                _ => {}
            }
        }
        // A top-level scalar ends with its line.
        if let Some(start) = self.start {
            if self.depth == 0 && !self.in_str {
                self.start = None;
                value(start, text.len());
            }
        }
    }
}

/// Where an object that starts a line ends, found 64 bytes at a time: bitmaps of the quotes,
/// the backslashes, and the opening and closing brackets; the bytes inside strings are the
/// running parity of the quotes before them (a prefix XOR), and only the brackets outside
/// strings are walked. Gives up (the byte loop then scans) on a backslash, or when the object
/// does not end in the line. Hand-written because the benchmark shows the gain: the byte loop
/// costs about 14 instructions a byte of a bbconv JSON line, this about 1.
mod whole {
    /// The length of the object that `line` starts with (`line[0]` is `{`), or `None`.
    pub(super) fn object(line: &[u8]) -> Option<usize> {
        let mut depth = 0u32;
        let mut in_str = 0u64;
        for (k, block) in line.chunks(64).enumerate() {
            let m = masks(block);
            if m.backslash != 0 {
                return None;
            }
            // Bit i: byte i is an opening quote or inside a string.
            let mut s = m.quote;
            for sh in [1, 2, 4, 8, 16, 32] {
                s ^= s << sh;
            }
            s ^= in_str;
            in_str = ((s as i64) >> 63) as u64;
            let mut brackets = (m.open | m.close) & !s;
            while brackets != 0 {
                let b = brackets.trailing_zeros();
                brackets &= brackets - 1;
                if m.open >> b & 1 == 1 {
                    depth += 1;
                } else {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(64 * k + b as usize + 1);
                    }
                }
            }
        }
        None
    }

    /// One bit a byte of a block of at most 64 bytes.
    struct Masks {
        quote: u64,
        backslash: u64,
        open: u64,
        close: u64,
    }

    #[cfg(target_arch = "x86_64")]
    fn masks(block: &[u8]) -> Masks {
        let mut padded = [b' '; 64];
        let bytes: &[u8; 64] = match block.try_into() {
            Ok(b) => b,
            Err(_) => {
                padded[..block.len()].copy_from_slice(block);
                &padded
            }
        };
        sse2::masks(bytes)
    }

    /// The portable masks: one byte at a time.
    #[cfg(not(target_arch = "x86_64"))]
    fn masks(block: &[u8]) -> Masks {
        let mut m = Masks {
            quote: 0,
            backslash: 0,
            open: 0,
            close: 0,
        };
        for (i, &c) in block.iter().enumerate() {
            let bit = 1u64 << i;
            match c {
                b'"' => m.quote |= bit,
                b'\\' => m.backslash |= bit,
                b'{' | b'[' => m.open |= bit,
                b'}' | b']' => m.close |= bit,
                _ => {}
            }
        }
        m
    }

    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    mod sse2 {
        use std::arch::x86_64::*;

        /// The masks of 64 bytes, 16 at a time. `{` and `[` are the bytes that read 0x7b with
        /// bit 5 set, `}` and `]` those that read 0x7d.
        pub(super) fn masks(block: &[u8; 64]) -> super::Masks {
            // SAFETY: SSE2 is part of the x86_64 baseline (every x86_64 CPU has it, and the
            // compiler assumes it for all code), so the `target_feature` function may run.
            unsafe { masks_sse2(block) }
        }

        #[target_feature(enable = "sse2")]
        fn masks_sse2(block: &[u8; 64]) -> super::Masks {
            let mut m = super::Masks {
                quote: 0,
                backslash: 0,
                open: 0,
                close: 0,
            };
            for (k, w) in block.chunks_exact(16).enumerate() {
                // SAFETY: `w` is 16 readable bytes; `loadu` has no alignment requirement.
                let v = unsafe { _mm_loadu_si128(w.as_ptr().cast()) };
                let bits = |x: __m128i| (_mm_movemask_epi8(x) as u32 as u64) << (16 * k);
                let v20 = _mm_or_si128(v, _mm_set1_epi8(0x20));
                m.quote |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)));
                m.backslash |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8)));
                m.open |= bits(_mm_cmpeq_epi8(v20, _mm_set1_epi8(0x7b)));
                m.close |= bits(_mm_cmpeq_epi8(v20, _mm_set1_epi8(0x7d)));
            }
            m
        }
    }
}

/// The resynchronisation rule of JSON streams: a line whose first byte is `{` begins a new
/// value, even while the value before it is still open (that one then ends, broken, before it).
/// Pretty-printed objects indent what is inside them, so only a top-level object starts there.
pub fn begins_value(line: &[u8]) -> bool {
    line.first() == Some(&b'{')
}

#[cfg(test)]
mod scanner_tests {
    use super::ValueScanner;
    use proptest::prelude::*;

    /// Lines whose strings and brackets straddle the 64-byte blocks, or that the bitmap path
    /// must give up on, framed as the byte loop frames them; and the object lines it is for
    /// are taken whole.
    #[test]
    fn straddling_and_refused_lines() {
        let mut lines: Vec<String> = vec![
            r#"{"a":"}"}"#.into(),
            r#"{"a":[1,{"b":"]"}]}"#.into(),
            r#"{"x":"\"}"}"#.into(),
            "{} ".into(),
            "{}{}".into(),
            r#"{"a":1} x"#.into(),
            r#"{"a":"b"#.into(),
            "  {\"a\":[]}\t".into(),
        ];
        for pad in 50..140 {
            let s = "x".repeat(pad);
            lines.push(format!(
                r#"{{"k":"{s}","l":["{{","}}",[{{}}]],"m":"{s}}}"}}"#
            ));
            lines.push(format!(r#"{{"k":"{s}"}}"#));
            lines.push(format!(r#"{{"k":"{s}"}} {{"j":1}}"#));
        }
        for line in &lines {
            let (mut fast, mut slow) = (ValueScanner::default(), ValueScanner::default());
            let (mut a, mut b) = (Vec::new(), Vec::new());
            fast.scan_line(line.as_bytes(), 0, |s, e| a.push((s, e)));
            slow.scan_bytes(line.as_bytes(), 0, |s, e| b.push((s, e)));
            assert_eq!(a, b, "{line}");
            assert_eq!(fast.open(), slow.open(), "{line}");
        }
        let whole =
            r#"{"size":"8x8","order":"lerf","fen":"8/8/8/8/8/8/8/8 w - - 0 1","pieces":{}}"#;
        assert_eq!(super::whole::object(whole.as_bytes()), Some(whole.len()));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The bitmap path finds what the byte loop finds, line after line.
        #[test]
        fn whole_objects_as_the_byte_loop_finds_them(
            lines in proptest::collection::vec(
                proptest::collection::vec(prop::sample::select(
                    vec![b'{', b'{', b'}', b'}', b'[', b']', b'"', b'"', b'a', b' ', b'\\', b':', b',', b'\t']
                ), 0..150),
                1..4,
            ),
        ) {
            let (mut fast, mut slow) = (ValueScanner::default(), ValueScanner::default());
            let mut text = Vec::new();
            for (k, mut line) in lines.into_iter().enumerate() {
                if k % 2 == 0 {
                    line.insert(0, b'{');
                }
                let from = text.len() + usize::from(k > 0);
                if k > 0 {
                    text.push(b'\n');
                }
                text.extend_from_slice(&line);
                let (mut a, mut b) = (Vec::new(), Vec::new());
                fast.scan_line(&text, from, |s, e| a.push((s, e)));
                slow.scan_bytes(&text, from, |s, e| b.push((s, e)));
                prop_assert_eq!(&a, &b, "{:?}", String::from_utf8_lossy(&text));
                prop_assert_eq!(fast.open(), slow.open());
            }
        }

        /// A line that JSON reads whole (serde_json, as the reader does: one value and nothing
        /// after it but whitespace) is the one value the framer finds in it. The pipeline
        /// relies on this to take a deferred line that converts whole as one record.
        #[test]
        fn a_line_that_reads_whole_is_one_value(value in json_value(), pad in "[ \t]{0,3}") {
            let text = format!("{}{pad}", serde_json::Value::Object(value));
            prop_assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok());
            let mut found = Vec::new();
            ValueScanner::values_of_line(text.as_bytes(), |s, e| found.push((s, e)));
            prop_assert_eq!(found, vec![(0, text.trim_end().len())], "{}", text);
        }
    }

    /// Objects whose strings hold brackets, quotes, backslashes and other escapes.
    fn json_value() -> impl Strategy<Value = serde_json::Map<String, serde_json::Value>> {
        use serde_json::Value;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<i64>().prop_map(Value::from),
            "[{}\\[\\]\"\\\\a\u{1}\u{e9} ]{0,6}".prop_map(Value::from),
        ];
        let tree = leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                proptest::collection::btree_map("[a\\]}\"]{0,3}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        });
        proptest::collection::btree_map("[a\\]}\"{]{0,3}", tree, 0..4)
            .prop_map(|m| m.into_iter().collect())
    }
}
