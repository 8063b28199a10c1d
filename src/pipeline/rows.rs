//! A table's rows as Python's `csv` module reads them: the one rule that both frames `--csv`
//! and `--tsv` input into rows (chunk cuts, line numbers, over-long rows) and splits a row into
//! its fields, so that the two cannot disagree.
//!
//! The reference is `csv.reader(f, strict=False)` on a file opened with `newline=''` (TSV:
//! `quoting=csv.QUOTE_NONE`). CR, LF and CRLF end a row; a line that is only its line end is
//! blank (no row); a `"` opens a quoted field only at a field's start (elsewhere it is text); in
//! a quoted field a doubled quote is a quote and line ends are text; after a quoted field's
//! closing quote, text up to the delimiter is kept (`"ab"cd` is `abcd`). A quoted field still
//! open at the end of the input runs to it.

use std::borrow::Cow;

/// How a table's fields are delimited and quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rule {
    /// The field delimiter.
    pub(crate) delimiter: u8,
    /// Whether a `"` at a field's start opens a quoted field (CSV; a TSV has no quoting).
    pub(crate) quoting: bool,
}

/// A field of a row, as the rule found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Field {
    /// Where its text starts in the row (its opening quote, if it has one).
    pub(crate) start: usize,
    /// Where it ends.
    pub(crate) end: usize,
    /// Whether it is quotes around text without a quote: its value is its text between them.
    pub(crate) clean: bool,
}

/// Where a scan is within one call: the byte it is at, where the field started, whether the
/// quoted field is clean so far, and its state.
struct Walk {
    p: usize,
    fs: usize,
    clean: bool,
    state: State,
}

/// What a step of the scan leads to.
enum Step {
    /// The scan goes on.
    Go,
    /// The scan stops with this.
    Done(Found),
}

/// Where a scan of a row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum State {
    /// At a row's start (a line end here makes a blank line).
    #[default]
    StartRecord,
    /// At a field's start.
    StartField,
    /// In an unquoted field (a quote is text).
    InField,
    /// In a quoted field.
    InQuoted,
    /// Just after a quote in a quoted field: a quote next is a doubled one.
    QuoteInQuoted,
    /// After the CR that ended a row (or a blank line): an LF next is part of its line end.
    EndCr {
        /// Whether the line end closes a blank line rather than a row.
        blank: bool,
    },
}

/// A scan of one row, resumable across buffers (a row over the length limit streams past).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cursor {
    state: State,
    /// Line ends met in the row's quoted fields so far.
    lines: u64,
    /// Whether the last byte scanned was a CR in a quoted field (an LF next ends the same line).
    cr: bool,
    /// Whether the last byte scanned was a line end in a quoted field.
    nl: bool,
    /// Where the last quoted field opened, in the bytes scanned (see [`Cursor::shift`]).
    quote: Option<usize>,
}

/// What a scan found from a row's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    /// A row: its fields end at `end`, where its line end starts (or the input ends); the next
    /// row starts at `next`; it takes `lines` lines.
    Row { end: usize, next: usize, lines: u64 },
    /// A line that is only its line end; the next row starts at `next`.
    Blank { next: usize },
    /// The input ends in a quoted field, opened at `quote` (when it is in the bytes scanned);
    /// the row takes `lines` lines, to the end.
    Open { quote: Option<usize>, lines: u64 },
    /// The input ends at a row's start.
    End,
    /// The bytes end inside a row (or between a CR and a possible LF): more are needed.
    More,
    /// The field callback asked to stop.
    Stopped,
}

impl Cursor {
    /// Scans on from `at` (a row's start, or where the last call stopped), calling `field` with
    /// the bounds of each field (quotes included) as it ends, and whether it is a clean quoted
    /// field (quotes around text without a quote: its value is its text between them), until
    /// `field` returns false.
    /// `eof`: the bytes end where the input does. Field bounds are right when the row is
    /// scanned by one call.
    #[inline]
    pub(crate) fn scan(
        &mut self,
        rule: Rule,
        data: &[u8],
        at: usize,
        eof: bool,
        field: impl FnMut(usize, usize, bool) -> bool,
    ) -> Found {
        self.scan_with::<true>(rule, data, at, eof, field)
    }

    /// [`Cursor::scan`] without counting the line ends in quoted fields, for the caller to
    /// count with [`line_ends`] on the row's bytes, which are all at hand: a row found has
    /// `lines` 1 when its quoted fields hold no line end, more when they may. A quoted field is then searched for its quote alone, which costs
    /// less than a search for a quote or a line end (callgrind: about 30 instructions a field).
    #[inline]
    pub(crate) fn scan_uncounted(
        &mut self,
        rule: Rule,
        data: &[u8],
        at: usize,
        eof: bool,
        field: impl FnMut(usize, usize, bool) -> bool,
    ) -> Found {
        self.scan_with::<false>(rule, data, at, eof, field)
    }

    /// A cursor of [`Cursor::scan_uncounted`] made one of [`Cursor::scan`], its row's bytes so
    /// far being `scanned`: its line ends counted.
    pub(crate) fn counted(mut self, scanned: &[u8]) -> Cursor {
        let inside = match self.state {
            // The CR that ended the row is its line end, counted when the row is found.
            State::EndCr { .. } => &scanned[..scanned.len().saturating_sub(1)],
            _ => scanned,
        };
        self.lines = line_ends(inside);
        self.cr = inside.last() == Some(&b'\r');
        self.nl = matches!(inside.last(), Some(b'\r' | b'\n'));
        self
    }

    #[inline(always)]
    fn scan_with<const COUNT: bool>(
        &mut self,
        rule: Rule,
        data: &[u8],
        at: usize,
        eof: bool,
        mut field: impl FnMut(usize, usize, bool) -> bool,
    ) -> Found {
        let mut w = Walk {
            p: at,
            fs: at,
            clean: false,
            state: self.state,
        };
        loop {
            let step = match w.state {
                State::StartRecord => self.start_record(&mut w, data, eof),
                State::StartField => self.start_field(rule, &mut w, data, eof, &mut field),
                State::InField => self.in_field(rule, &mut w, data, eof, &mut field),
                State::InQuoted => self.in_quoted::<COUNT>(rule, &mut w, data, eof, &mut field),
                State::QuoteInQuoted => self.quote_in_quoted(rule, &mut w, data, eof, &mut field),
                State::EndCr { blank } => self.end_cr(&w, data, eof, blank),
            };
            if let Step::Done(found) = step {
                return found;
            }
        }
    }

    /// The bytes end inside a row: the scan stops where it is.
    #[inline(always)]
    fn more(&mut self, w: &Walk) -> Step {
        self.state = w.state;
        Step::Done(Found::More)
    }

    /// A field ends at `e` (`clean`: see [`Cursor::scan`]); the byte there, if any, is the
    /// delimiter (a field starts after it) or a line end (the row ends).
    #[inline(always)]
    fn end_field(
        &mut self,
        rule: Rule,
        w: &mut Walk,
        (data, e, eof): (&[u8], usize, bool),
        clean: bool,
        field: &mut impl FnMut(usize, usize, bool) -> bool,
    ) -> Step {
        if !field(w.fs, e, clean) {
            return Step::Done(Found::Stopped);
        }
        if data.get(e) == Some(&rule.delimiter) {
            w.p = e + 1;
            w.fs = w.p;
            w.state = State::StartField;
            Step::Go
        } else {
            Step::Done(self.row_end(data, e, eof))
        }
    }

    /// At a row's start: a line end here makes a blank line.
    #[inline(always)]
    fn start_record(&mut self, w: &mut Walk, data: &[u8], eof: bool) -> Step {
        match data.get(w.p) {
            None if eof => Step::Done(Found::End),
            None => self.more(w),
            Some(b'\n') => Step::Done(Found::Blank { next: w.p + 1 }),
            Some(b'\r') => {
                w.state = State::EndCr { blank: true };
                w.p += 1;
                Step::Go
            }
            Some(_) => {
                w.state = State::StartField;
                Step::Go
            }
        }
    }

    /// At a field's start: a quote opens a quoted field (CSV).
    #[inline(always)]
    fn start_field(
        &mut self,
        rule: Rule,
        w: &mut Walk,
        data: &[u8],
        eof: bool,
        field: &mut impl FnMut(usize, usize, bool) -> bool,
    ) -> Step {
        match data.get(w.p) {
            None if !eof => self.more(w),
            Some(b'"') if rule.quoting => {
                w.state = State::InQuoted;
                w.clean = true;
                self.quote = Some(w.p);
                w.p += 1;
                Step::Go
            }
            Some(&c) if c != rule.delimiter && c != b'\r' && c != b'\n' => {
                w.state = State::InField;
                Step::Go
            }
            // The field is empty.
            _ => self.end_field(rule, w, (data, w.p, eof), false, field),
        }
    }

    /// In an unquoted field: it ends at the delimiter or a line end.
    #[inline(always)]
    fn in_field(
        &mut self,
        rule: Rule,
        w: &mut Walk,
        data: &[u8],
        eof: bool,
        field: &mut impl FnMut(usize, usize, bool) -> bool,
    ) -> Step {
        match memchr::memchr3(rule.delimiter, b'\r', b'\n', &data[w.p..]) {
            None if !eof => self.more(w),
            None => self.end_field(rule, w, (data, data.len(), eof), false, field),
            Some(k) => self.end_field(rule, w, (data, w.p + k, eof), false, field),
        }
    }

    /// In a quoted field: up to its next quote (and, when counting, its line ends).
    #[inline(always)]
    fn in_quoted<const COUNT: bool>(
        &mut self,
        rule: Rule,
        w: &mut Walk,
        data: &[u8],
        eof: bool,
        field: &mut impl FnMut(usize, usize, bool) -> bool,
    ) -> Step {
        let p = w.p;
        let hit = if COUNT {
            memchr::memchr3(b'"', b'\r', b'\n', &data[p..])
        } else {
            let (hit, low) = find_quote(&data[p..]);
            // Uncounted, a row's `lines` above 1 says it may hold line ends.
            self.lines |= u64::from(low);
            hit
        };
        let Some(k) = hit else {
            if p < data.len() {
                (self.cr, self.nl) = (false, false);
            }
            if !eof {
                return self.more(w);
            }
            // The last line counts when the input does not end with its line end.
            let lines = self.lines + u64::from(!self.nl);
            let quote = self.quote;
            *self = Cursor::default();
            return Step::Done(Found::Open { quote, lines });
        };
        let q = p + k;
        if data[q] != b'"' {
            // A line end (searched for when counting only).
            if data[q] == b'\r' || !(self.cr && k == 0) {
                self.lines += 1;
            }
            self.cr = data[q] == b'\r';
            self.nl = true;
            w.p = q + 1;
            return Step::Go;
        }
        if COUNT {
            (self.cr, self.nl) = (false, false);
        }
        // The byte after the quote mostly settles it: a doubled quote, or the field's end.
        match data.get(q + 1) {
            Some(b'"') => {
                w.clean = false;
                w.p = q + 2;
                Step::Go
            }
            Some(&c) if c == rule.delimiter || c == b'\r' || c == b'\n' => {
                let clean = w.clean;
                self.end_field(rule, w, (data, q + 1, eof), clean, field)
            }
            _ => {
                w.p = q + 1;
                w.state = State::QuoteInQuoted;
                Step::Go
            }
        }
    }

    /// Just after a quote in a quoted field: a quote is a doubled one, the delimiter or a line
    /// end ends the field, other text goes on as an unquoted field's.
    #[inline(always)]
    fn quote_in_quoted(
        &mut self,
        rule: Rule,
        w: &mut Walk,
        data: &[u8],
        eof: bool,
        field: &mut impl FnMut(usize, usize, bool) -> bool,
    ) -> Step {
        (self.cr, self.nl) = (false, false);
        match data.get(w.p) {
            None if !eof => self.more(w),
            Some(b'"') => {
                w.state = State::InQuoted;
                w.clean = false;
                w.p += 1;
                Step::Go
            }
            Some(&c) if c != rule.delimiter && c != b'\r' && c != b'\n' => {
                w.state = State::InField;
                w.clean = false;
                Step::Go
            }
            _ => {
                let clean = w.clean;
                self.end_field(rule, w, (data, w.p, eof), clean, field)
            }
        }
    }

    /// After the CR that ended a row or a blank line: an LF next is part of its line end.
    #[inline(always)]
    fn end_cr(&mut self, w: &Walk, data: &[u8], eof: bool, blank: bool) -> Step {
        let p = w.p;
        if p >= data.len() && !eof {
            return self.more(w);
        }
        let next = p + usize::from(data.get(p) == Some(&b'\n'));
        let lines = self.lines + 1;
        *self = Cursor::default();
        Step::Done(if blank {
            Found::Blank { next }
        } else {
            Found::Row {
                end: p.saturating_sub(1),
                next,
                lines,
            }
        })
    }

    /// The bytes scanned moved `by` to the front (a row's scan resumes in the next buffer):
    /// the quote's place moves with them, or is forgotten when it is gone.
    pub(crate) fn shift(&mut self, by: usize) {
        self.quote = self.quote.and_then(|q| q.checked_sub(by));
    }

    /// The row's fields end at `p` (a CR, an LF, or the end of the bytes): where its line end
    /// ends.
    #[inline]
    fn row_end(&mut self, data: &[u8], p: usize, eof: bool) -> Found {
        let lines = self.lines + 1;
        match data.get(p) {
            Some(b'\r') => match data.get(p + 1) {
                Some(&c) => {
                    *self = Cursor::default();
                    Found::Row {
                        end: p,
                        next: p + 1 + usize::from(c == b'\n'),
                        lines,
                    }
                }
                None if eof => {
                    *self = Cursor::default();
                    Found::Row {
                        end: p,
                        next: p + 1,
                        lines,
                    }
                }
                None => {
                    self.state = State::EndCr { blank: false };
                    Found::More
                }
            },
            Some(_) => {
                *self = Cursor::default();
                Found::Row {
                    end: p,
                    next: p + 1,
                    lines,
                }
            }
            None => {
                *self = Cursor::default();
                Found::Row {
                    end: p,
                    next: p,
                    lines,
                }
            }
        }
    }
}

/// Where the first quote of `s` is, and whether a byte below 14 (CR is 13, LF 10) may come
/// before it: eight bytes a word in the first 128 (a field's `memchr` costs more there:
/// callgrind, `bench/tables.py`, 63 instructions a short quoted field against about 15, and
/// the row's line ends need no search of their own), `memchr` after (where a line end is
/// taken to be possible).
#[inline(always)]
fn find_quote(s: &[u8]) -> (Option<usize>, bool) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let (mut at, mut rest, mut low) = (0, s, 0);
    while at < 128 {
        let Some((w, tail)) = rest.split_first_chunk::<8>() else {
            // Under eight bytes are left.
            let q = rest.iter().position(|&c| c == b'"');
            let before = &rest[..q.unwrap_or(rest.len())];
            return (
                q.map(|k| at + k),
                low != 0 || before.iter().any(|&c| c < 14),
            );
        };
        let x = u64::from_le_bytes(*w);
        // The quotes of the word (the lowest one found is exact), and its bytes below 14
        // (exact up to the first).
        let v = x ^ (ONES * u64::from(b'"'));
        let m = v.wrapping_sub(ONES) & !v & HIGH;
        let l = x.wrapping_sub(ONES * 14) & !x & HIGH;
        if m != 0 {
            let bit = m.trailing_zeros();
            let before = l & ((1u64 << (bit & !7)) - 1);
            return (Some(at + (bit / 8) as usize), low != 0 || before != 0);
        }
        low |= l;
        at += 8;
        rest = tail;
    }
    (memchr::memchr(b'"', rest).map(|k| at + k), true)
}

/// How many line ends `s` holds: LF, CRLF and CR alone each count one.
pub(crate) fn line_ends(s: &[u8]) -> u64 {
    let mut n = 0;
    for k in memchr::memchr2_iter(b'\r', b'\n', s) {
        // A CR before an LF is counted with the LF.
        if s[k] == b'\n' || s.get(k + 1) != Some(&b'\n') {
            n += 1;
        }
    }
    n
}

/// Calls `f` with the bounds (quotes included) of each field of a row's text (without its line
/// end) until it returns false.
#[inline]
pub(crate) fn fields(rule: Rule, body: &[u8], f: impl FnMut(usize, usize, bool) -> bool) {
    Cursor::default().scan_uncounted(rule, body, 0, true, f);
}

/// Where field `k` of a row's text starts and ends (quotes included), or how many fields the
/// row has when it has no field `k`.
pub(crate) fn field_bounds(rule: Rule, body: &[u8], k: usize) -> Result<(usize, usize), usize> {
    let (mut n, mut found) = (0, None);
    fields(rule, body, |s, e, _| {
        if n == k {
            found = Some((s, e));
            return false;
        }
        n += 1;
        true
    });
    found.ok_or(n)
}

/// How many fields a row's text has.
pub(crate) fn count(rule: Rule, body: &[u8]) -> usize {
    let mut n = 0;
    fields(rule, body, |_, _, _| {
        n += 1;
        true
    });
    n
}

/// A field's value, from its text (quotes included): a quoted field without its quotes, a
/// doubled quote read as one, and the text after its closing quote kept.
pub(crate) fn value(rule: Rule, raw: &[u8]) -> Cow<'_, [u8]> {
    let [b'"', inner @ ..] = raw else {
        return Cow::Borrowed(raw);
    };
    if !rule.quoting {
        return Cow::Borrowed(raw);
    }
    // The common case: no quote but the closing one, which ends the field.
    match memchr::memchr(b'"', inner) {
        None => return Cow::Borrowed(inner),
        Some(q) if q + 1 == inner.len() => return Cow::Borrowed(&inner[..q]),
        Some(_) => {}
    }
    let mut out = Vec::with_capacity(inner.len());
    let mut at = 0;
    while let Some(q) = memchr::memchr(b'"', &inner[at..]) {
        out.extend_from_slice(&inner[at..at + q]);
        at += q + 1;
        if inner.get(at) == Some(&b'"') {
            out.push(b'"');
            at += 1;
        } else {
            // The closing quote: what follows is text, quotes included.
            break;
        }
    }
    out.extend_from_slice(&inner[at..]);
    Cow::Owned(out)
}

/// How far `data[from..]` can be split by the plain line splitter, which takes a row to end at
/// an LF (after an optional CR) and splits it on the delimiter: `Ok(up to where it is checked)`
/// when it has no quote (CSV) and no CR but before an LF, `Err(())` when it has one. A CR at the
/// end is left to be checked with the byte after it, unless the input ends there.
#[inline]
pub(crate) fn plain(rule: Rule, data: &[u8], from: usize, eof: bool) -> Result<usize, ()> {
    let rest = &data[from..];
    let check = |k: usize| -> Result<Option<usize>, ()> {
        let p = from + k;
        if data[p] == b'"' {
            return Err(());
        }
        match data.get(p + 1) {
            Some(b'\n') => Ok(None),
            Some(_) => Err(()),
            None if eof => Ok(None),
            None => Ok(Some(p)),
        }
    };
    if rule.quoting {
        for k in memchr::memchr2_iter(b'"', b'\r', rest) {
            if let Some(p) = check(k)? {
                return Ok(p);
            }
        }
    } else {
        for k in memchr::memchr_iter(b'\r', rest) {
            if let Some(p) = check(k)? {
                return Ok(p);
            }
        }
    }
    Ok(data.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: Rule = Rule {
        delimiter: b',',
        quoting: true,
    };
    const TSV: Rule = Rule {
        delimiter: b'\t',
        quoting: false,
    };

    /// The rows of `data` as field values, blank lines left out, with each row's first line,
    /// and `open` for a row whose quote is open at the end.
    fn rows(rule: Rule, data: &[u8]) -> Vec<String> {
        let (mut at, mut line, mut got) = (0, 1, Vec::new());
        loop {
            let mut spans = Vec::new();
            let found = Cursor::default().scan(rule, data, at, true, |s, e, clean| {
                spans.push((s, e, clean));
                true
            });
            let vals: Vec<String> = spans
                .iter()
                .map(|&(s, e, clean)| {
                    let v = value(rule, &data[s..e]);
                    // A clean field's value is its text between its quotes.
                    assert!(!clean || *v == data[s + 1..e - 1], "{:?}", &data[s..e]);
                    String::from_utf8_lossy(&v).into_owned()
                })
                .collect();
            match found {
                Found::Row { next, lines, .. } => {
                    got.push(format!("{line}:{}", vals.join("|")));
                    line += lines;
                    at = next;
                }
                Found::Blank { next } => {
                    line += 1;
                    at = next;
                }
                Found::Open { lines, .. } => {
                    got.push(format!("{line}:open {lines}"));
                    return got;
                }
                Found::End => return got,
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn rows_as_python_reads_them() {
        assert_eq!(rows(CSV, b"a,\"b\"c\"d,e\n"), ["1:a|bc\"d|e"]);
        assert_eq!(rows(CSV, b"a,b\"c,d\n"), ["1:a|b\"c|d"]);
        assert_eq!(rows(CSV, b"\"ab\"cd\"ef,g\n"), ["1:abcd\"ef|g"]);
        assert_eq!(rows(CSV, b"a\rb\r\nc\n\nd"), ["1:a", "2:b", "3:c", "5:d"]);
        assert_eq!(rows(CSV, b"a,\"x\ry\"\rz"), ["1:a|x\ry", "3:z"]);
        assert_eq!(rows(CSV, b"a,\"open\nb,c\n"), ["1:open 2"]);
        assert_eq!(rows(CSV, b" \"a\",b\n"), ["1: \"a\"|b"]);
        assert_eq!(rows(CSV, b"\r\n\r\nx"), ["3:x"]);
        assert_eq!(rows(CSV, b"a,\n\"a\"\"b\",c"), ["1:a|", "2:a\"b|c"]);
        assert_eq!(rows(CSV, b"a\r\r\nb"), ["1:a", "3:b"]);
        assert_eq!(rows(CSV, b"\"a\"\r"), ["1:a"]);
        assert_eq!(rows(CSV, b"x\n\"\n"), ["1:x", "2:open 1"]);
        assert_eq!(rows(CSV, b"\"a\r\nb\"\nc"), ["1:a\r\nb", "3:c"]);
        assert_eq!(rows(TSV, b"a\t\"b\tc\"\n"), ["1:a|\"b|c\""]);
    }

    /// A scan fed a byte at a time finds the rows a scan of the whole finds.
    #[test]
    fn a_scan_resumes_across_buffers() {
        let data = b"a,\"x\r\ny\"\"z\",b\r\n\r\"q\"\rlast,\"\r\n";
        let mut whole = Vec::new();
        let mut at = 0;
        loop {
            match Cursor::default().scan(CSV, data, at, true, |_, _, _| true) {
                Found::Row { next, lines, .. } => {
                    whole.push((next, lines));
                    at = next;
                }
                Found::Blank { next } => {
                    whole.push((next, 0));
                    at = next;
                }
                Found::Open { lines, .. } => {
                    whole.push((data.len(), lines + 100));
                    break;
                }
                _ => break,
            }
        }
        let mut fed = Vec::new();
        let (mut cursor, mut start) = (Cursor::default(), 0);
        for end in 1..=data.len() {
            loop {
                let eof = end == data.len();
                match cursor.scan(CSV, &data[..end], start, eof, |_, _, _| true) {
                    Found::Row { next, lines, .. } => {
                        fed.push((next, lines));
                        start = next;
                    }
                    Found::Blank { next } => {
                        fed.push((next, 0));
                        start = next;
                    }
                    Found::Open { lines, .. } => {
                        fed.push((data.len(), lines + 100));
                        break;
                    }
                    _ => {
                        // Resume after what was scanned.
                        start = end;
                        break;
                    }
                }
            }
        }
        assert_eq!(fed, whole);
    }

    #[test]
    fn quotes_are_found_where_memchr_finds_them() {
        for len in 0..200 {
            for at in [0usize, 1, 7, 8, 9, 63, 64, 65, 100, 199] {
                for nl in [
                    None,
                    Some(0),
                    Some(5),
                    Some(at.saturating_sub(1)),
                    Some(at + 1),
                ] {
                    let mut s = vec![b'x'; len];
                    if at < len {
                        s[at] = b'"';
                    }
                    if at + 3 < len {
                        s[at + 3] = b'"';
                    }
                    if let Some(n) = nl.filter(|&n| n < len && s[n] != b'"') {
                        s[n] = b'\n';
                    }
                    let q = memchr::memchr(b'"', &s);
                    let (found, low) = find_quote(&s);
                    assert_eq!(found, q, "{len} {at}");
                    let before = &s[..q.unwrap_or(len)];
                    // A line end before the quote is never missed.
                    assert!(low || !before.contains(&b'\n'), "{len} {at} {nl:?}");
                }
            }
        }
        assert_eq!(line_ends(b"a\r\nb\rc\nd\r"), 4);
        assert_eq!(line_ends(b"a long row of a table, with no line end"), 0);
        assert_eq!(line_ends(b"a long row of a table\r\nwith a line end"), 1);
    }

    #[test]
    fn plain_input_has_no_quote_nor_lone_cr() {
        assert_eq!(plain(CSV, b"a,b\r\nc\n", 0, false), Ok(7));
        assert_eq!(plain(CSV, b"a,b\r", 0, false), Ok(3));
        assert_eq!(plain(CSV, b"a,b\r", 0, true), Ok(4));
        assert_eq!(plain(CSV, b"a,b\rc", 0, false), Err(()));
        assert_eq!(plain(CSV, b"a,\"b\"\n", 0, false), Err(()));
        assert_eq!(plain(TSV, b"a\t\"b\"\n", 0, false), Ok(6));
    }
}
