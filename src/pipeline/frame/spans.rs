//! Records that span lines (SGF game trees; under `-f auto` printed boards too), among lines:
//! found line by line as a buffer of line-framed input fills ([`SpanScan`]), by the rule of
//! [`bbconv_forms::span`], and handed over with the chunk that holds them ([`SpanChunk`]).

use bbconv_forms::span::{start_table, SpanMode, Spans, Step};

use super::line_rules::too_long;

/// The records that span lines of a chunk of lines, and all its line ends.
pub(crate) struct SpanChunk {
    /// The records that span lines, in order.
    pub(crate) spans: Vec<Span>,
    /// The line ends of the chunk (positions of its `\n`, and its end when its last line has
    /// none), in order: every one outside the records that span lines, and the last of each
    /// of those; the others may be missing (bbconv's own grids are taken whole, their lines
    /// not looked at).
    pub(crate) ends: Vec<usize>,
}

/// A record that spans lines in a chunk of lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    /// Where its first line starts.
    pub(crate) start: usize,
    /// Where its last line ends (before the `\n`).
    pub(crate) end: usize,
    /// How many lines it takes (blank lines inside it included).
    pub(crate) lines: u64,
    /// Whether it is longer than the limit (it is then not read).
    pub(crate) too_long: bool,
    /// The printer of a board cut short (it is then a bad record).
    pub(crate) cut_short: Option<&'static str>,
}

/// A record that spans lines, still open: where it starts, where its last line so far ends,
/// its lines to there, and the blank lines fed since.
#[derive(Debug, Clone, Copy)]
struct Open {
    start: usize,
    end: usize,
    lines: u64,
    blanks: u64,
}

/// The records that span lines of a buffer of line-framed input, found line by line as the
/// buffer fills: the [`bbconv_forms::span`] rule fed the lines that may start one (a cheap
/// look at their first bytes) and the lines of an open one.
pub(super) struct SpanScan {
    spans: Spans,
    mode: SpanMode,
    /// Bytes of the buffer scanned (whole lines).
    scanned: usize,
    /// Where the last record ended: what is before it can be handed over.
    cut: usize,
    /// The open record.
    open: Option<Open>,
    /// The records found, in order.
    found: Vec<Span>,
    /// The line ends scanned, in order: the conversion stage splits the chunk's lines with
    /// them rather than scanning it again (but for the inner ones of grids taken whole,
    /// [`SpanChunk::ends`]).
    ends: Vec<usize>,
    /// Whether bbconv's own grids are taken whole ([`Spans::own_grid`]): always, but for the
    /// test that holds the shortcut to the rule.
    whole_grids: bool,
}

impl SpanScan {
    pub(super) fn new(mode: SpanMode) -> SpanScan {
        SpanScan {
            spans: Spans::new(mode),
            mode,
            scanned: 0,
            cut: 0,
            open: None,
            found: Vec::new(),
            ends: Vec::new(),
            whole_grids: true,
        }
    }

    /// Scans the whole lines of `buf` not yet scanned (at the end of the input, the last line
    /// too, and closes what is open). Returns where the records found so far end.
    pub(super) fn scan(&mut self, buf: &[u8], eof: bool, max_line: usize) -> usize {
        let data = &buf[self.scanned..];
        let mut ends = bbconv_frame::Newlines::new(data, crate::pipeline::kernels());
        let last = [data.len()];
        let base = self.scanned;
        let mut start = 0;
        loop {
            let mut batch = ends.batch();
            if batch.is_empty() {
                if !eof || start >= data.len() {
                    break;
                }
                batch = &last;
            }
            self.ends.extend(batch.iter().map(|&e| base + e));
            let table = start_table(self.mode);
            // Where the lines go on after a run of bbconv's own grids, taken whole.
            let mut after_grids = None;
            for &end in batch {
                let s = start;
                start = end + 1;
                if self.open.is_none() {
                    // Most lines start nothing: a look at their first byte, or two, settles it
                    // (a byte past the line is its `\n`, or none at the end of the input: never
                    // the second byte a class asks for, a space or a `-`).
                    let class = table[usize::from(data.get(s).copied().unwrap_or(b'\n'))];
                    if class == 0 {
                        continue;
                    }
                    if class != 1 && data.get(s + 1).copied().unwrap_or(0) != class {
                        continue;
                    }
                    self.cut = base + s;
                    // bbconv's own grid, whole (most records of a file of grids), and the grids
                    // after it: their lines are not looked at one by one.
                    if let Some(len) = self.own_grid(&data[s..], eof, max_line) {
                        // Its line ends are the run's to book (its first one on).
                        let keep = self.ends.partition_point(|&e| e < base + end);
                        self.ends.truncate(keep);
                        start = self.grid_run(data, base, (s, len), eof, max_line);
                        after_grids = Some(start);
                        break;
                    }
                }
                self.line(base + s, base + end, &data[s..end], max_line);
            }
            if let Some(at) = after_grids {
                ends.skip_to(at);
            }
        }
        if self.open.is_none() {
            self.cut = base + start.min(data.len());
        }
        self.scanned = base + start.min(data.len());
        if eof {
            let cut_short = self.spans.finish();
            if let Some(o) = self.open.take() {
                self.close(o, max_line);
                if let Some(last) = self.found.last_mut() {
                    last.cut_short = cut_short;
                }
            }
            self.cut = buf.len();
        }
        self.cut
    }

    /// Books bbconv's own grid found at `data[s..s + len]` ([`SpanScan::own_grid`], nothing
    /// open) and the grids after it, each after blank lines or none, as the rule takes them line
    /// by line: a blank line with nothing open starts nothing (its first byte is its `\n`), and
    /// each grid is taken whole. Its line ends go to [`SpanScan::ends`] but for the grids' inner
    /// ones (each grid's last is there: [`SpanChunk::ends`]). Returns where the line after the
    /// run starts (past `data` when the input ends in a grid).
    fn grid_run(
        &mut self,
        data: &[u8],
        base: usize,
        (mut s, mut len): (usize, usize),
        eof: bool,
        max_line: usize,
    ) -> usize {
        loop {
            let end = s + len;
            let o = Open {
                start: base + s,
                end: base + end,
                lines: 10,
                blanks: 0,
            };
            self.close(o, max_line);
            self.ends.push(base + end);
            self.cut = base + end + 1;
            let mut next = end + 1;
            while data.get(next) == Some(&b'\n') {
                self.ends.push(base + next);
                next += 1;
            }
            match data
                .get(next..)
                .and_then(|rest| self.own_grid(rest, eof, max_line))
            {
                Some(l) => {
                    self.cut = base + next;
                    (s, len) = (next, l);
                }
                None => return next,
            }
        }
    }

    /// The length of bbconv's own grid at the start of `rest`, when the rule takes it whole
    /// ([`Spans::own_grid`]) and it is not too long.
    #[inline(always)]
    fn own_grid(&self, rest: &[u8], eof: bool, max_line: usize) -> Option<usize> {
        match rest.first() {
            Some(b'#') if self.whole_grids => self
                .spans
                .own_grid(rest, eof)
                .filter(|&len| !too_long(len, max_line)),
            _ => None,
        }
    }

    /// Starts again on a new buffer, nothing scanned.
    pub(super) fn reset(&mut self) {
        *self = SpanScan {
            whole_grids: self.whole_grids,
            ..SpanScan::new(self.mode)
        };
    }

    /// One line, `start..end` of the buffer.
    #[inline(always)]
    fn line(&mut self, start: usize, end: usize, line: &[u8], max_line: usize) {
        loop {
            // A grid's rank needs no look from the rule (most lines of a file of grids).
            let step = match self.spans.continues(line) {
                true => Step::Continue,
                false => self.spans.feed(line),
            };
            match step {
                Step::Single => self.cut = end + 1,
                Step::Open => {
                    self.open = Some(Open {
                        start,
                        end,
                        lines: 1,
                        blanks: 0,
                    })
                }
                Step::Blank => {
                    if let Some(o) = &mut self.open {
                        o.blanks += 1;
                    }
                }
                Step::Continue => {
                    if let Some(o) = &mut self.open {
                        o.lines += o.blanks + 1;
                        o.blanks = 0;
                        o.end = end;
                        if too_long(end - o.start, max_line) {
                            let o = *o;
                            self.open = None;
                            self.spans.end();
                            self.close(o, max_line);
                            self.cut = end + 1;
                        }
                    }
                }
                Step::Close => {
                    if let Some(mut o) = self.open.take() {
                        o.lines += o.blanks + 1;
                        o.end = end;
                        self.close(o, max_line);
                    }
                    self.cut = end + 1;
                }
                Step::EndBefore => {
                    if let Some(o) = self.open.take() {
                        self.close(o, max_line);
                        if let Some(last) = self.found.last_mut() {
                            last.cut_short = self.spans.cut_short();
                        }
                    }
                    // The blank lines between are lines of their own; this line is fed again.
                    self.cut = start;
                    continue;
                }
            }
            break;
        }
    }

    /// Books a record that spans lines.
    fn close(&mut self, o: Open, max_line: usize) {
        self.found.push(Span {
            start: o.start,
            end: o.end,
            lines: o.lines,
            too_long: too_long(o.end - o.start, max_line),
            cut_short: None,
        });
    }

    /// The records before `cut`, handed over with the chunk; the scan starts again, nothing
    /// open, on the tail (which moves to the start of the next buffer).
    pub(super) fn take(&mut self, cut: usize) -> SpanChunk {
        let spans = std::mem::take(&mut self.found);
        let mut ends = std::mem::take(&mut self.ends);
        // The lines of the tail are scanned again in the next buffer.
        ends.truncate(ends.partition_point(|&e| e < cut));
        *self = SpanScan::new(self.mode);
        debug_assert!(spans.iter().all(|s| s.end <= cut));
        SpanChunk { spans, ends }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::frame::testing::chunked_rows;
    use crate::pipeline::frame::Rows;

    /// Records that span lines (SGF game trees, printed boards) stay whole wherever the chunks
    /// are cut, numbered by their first line; the lines around them are lines as ever.
    #[test]
    fn spans_stay_whole_across_chunks() {
        let board = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/paste/stockfish-d.txt"
        ))
        .unwrap();
        let mut input = Vec::new();
        for k in 0..40 {
            input.extend_from_slice(match k % 5 {
                0 => b"8/8/8/8/8/8/8/K6k w - - 0 1\n".as_slice(),
                1 => b"(;GM[1]SZ[9]\nAB[aa]\n(;B[bb]C[a\n\ncomment])\n(;B[cc]))\n",
                2 => &board,
                3 => b"\n# comment\n(;SZ[9]\n;B[aa]\n\n",
                _ => b"r . . . k . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . K . . .\n",
            });
        }
        let mode = Rows::Spans(SpanMode::Auto);
        let whole = chunked_rows(&input, 1 << 20, 10_000, mode);
        assert!(whole.contains(
            &"2:span (;GM[1]SZ[9]\nAB[aa]\n(;B[bb]C[a\n\ncomment])\n(;B[cc]))".to_string()
        ));
        assert!(
            whole.iter().any(|r| r.starts_with("9:span  +---+")),
            "{:?}",
            &whole[..5]
        );
        assert!(
            whole.contains(&"33:span (;SZ[9]\n;B[aa]".to_string()),
            "{:?}",
            &whole[..12]
        );
        for chunk in [1, 2, 7, 64, 300, 4096] {
            assert_eq!(
                chunked_rows(&input, chunk, 10_000, mode),
                whole,
                "chunk {chunk}"
            );
        }
    }

    /// bbconv's own grids taken whole give the very records the rule gives line by line, for
    /// grids and near-grids of every kind among other lines, wherever the buffer ends.
    #[test]
    fn own_grids_taken_whole_as_the_rule_takes_them() {
        let grid = "# 8x8 lerf\n8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n5 . . . . . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n2 P P P P P P P P\n1 R N B Q K B N R\n  a b c d e f g h";
        let variants: Vec<String> = vec![
            grid.to_string(),
            grid.replace('\n', "\r\n"),
            grid.replace("7 p", "6 p"),
            grid.replace("5 . .", "5 \u{265c} ."),
            grid.replace("4 . .", "4 .\t."),
            grid.replace("3 . .", "3  . "),
            grid.replace("2 P", "2 \x7f"),
            grid.replace("  a b c d e f g h", "  a b c d e f g h extra"),
            grid.replace("\n  a b c d e f g h", ""),
            grid.replace("# 8x8 lerf", "# 8x8 lerf "),
            grid.replace("# 8x8 lerf", "# 8x8 berlef"),
            grid.replace("# 8x8 lerf", "#  8x8 lerf"),
            grid.replace("1 R N", "1 R N B\n# note\n1 R N"),
            grid.replace("8 r", "8 r\n"),
        ];
        let others = [
            "",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "# comment",
            "first: a1 b2",
            "  a b c d e f g h",
            "1 . . . . . . . .",
            "(;SZ[9]AB[aa])",
        ];
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let mut pick = |n: usize| {
            v = v.rotate_left(13).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5bd1_e995;
            (v >> 33) as usize % n
        };
        let scan = |input: &[u8], whole: bool, step: usize, mode: SpanMode| {
            let mut s = SpanScan {
                whole_grids: whole,
                ..SpanScan::new(mode)
            };
            let mut cuts = Vec::new();
            let mut k = step.min(input.len());
            while k < input.len() {
                cuts.push(s.scan(&input[..k], false, 100_000));
                k += step;
            }
            cuts.push(s.scan(input, true, 100_000));
            // The line ends the consumer needs: those outside the records that span lines and
            // the last of each (the others may be missing).
            let needed: Vec<usize> = s
                .ends
                .iter()
                .copied()
                .filter(|&e| !s.found.iter().any(|sp| sp.start <= e && e < sp.end))
                .collect();
            for sp in &s.found {
                assert!(s.ends.contains(&sp.end), "{sp:?}");
            }
            (s.found, cuts, needed)
        };
        let mut taken = 0;
        for case in 0..600 {
            let mut input = String::new();
            for _ in 0..1 + pick(8) {
                let line = match pick(3) {
                    0 => others[pick(others.len())].to_string(),
                    _ => variants[pick(variants.len())].clone(),
                };
                input.push_str(&line);
                if pick(6) > 0 {
                    input.push('\n');
                }
            }
            let input = input.as_bytes();
            for mode in [SpanMode::Auto, SpanMode::Paste] {
                for step in [1, 7, 64, 173, 4096] {
                    let fast = scan(input, true, step, mode);
                    assert_eq!(
                        fast,
                        scan(input, false, step, mode),
                        "case {case} step {step}"
                    );
                    taken += usize::from(!fast.0.is_empty());
                }
            }
        }
        assert!(taken > 1000, "{taken}");
    }
}
