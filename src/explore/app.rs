//! The explorer's state: the boards shown, the cursor, the order the board's number is read
//! under, the edits and their undo history, and the mode (the board, the line editor, the
//! help page). It changes only by [`App::key`], so that it is tested without a terminal.

use bbconv_board::mismatch::{mappings, Layers, Mapping};
use bbconv_board::ops::{self, Symmetry};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Bitboard, Numbering, Order, Pair, Size, Square};
use bbconv_forms::{Format, Options, Value};

/// A key (or a click), as the explorer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key {
    Left,
    Right,
    Up,
    Down,
    Char(char),
    Enter,
    Esc,
    Backspace,
    Delete,
    Home,
    End,
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-R.
    Redo,
    /// A click on a square.
    Click(Square),
}

/// What the explorer shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The board.
    Board,
    /// The line editor, on the board's text.
    Edit(Editor),
    /// Every key.
    Help,
}

/// A one-line text editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Editor {
    /// The text.
    pub(crate) text: String,
    /// The cursor, in characters.
    pub(crate) at: usize,
    /// Why the text does not read, when it does not.
    pub(crate) error: Option<String>,
}

/// How the explorer ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// `q` or Enter: print the board shown.
    Print,
    /// Esc or Ctrl-C: print nothing (exit code 130).
    Abort,
}

/// A board shown: what it was read from, and as what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shown {
    /// The form it was read as (the form detected under `-f auto`).
    pub(crate) form: Format,
    /// The board.
    pub(crate) value: Value,
    /// The order its number is read under (`o` and `O` change it): the board is the number
    /// it was read as, read under this order.
    pub(crate) order: Order,
    /// The layout its number was read in (`--order 0x88`), until `o` reads it under an order.
    pub(crate) layout: Option<Numbering>,
}

impl Shown {
    /// The numbering its text is read and written in: the layout, else the order.
    pub(crate) fn numbering(&self) -> Numbering {
        self.layout.unwrap_or(Numbering::Order(self.order))
    }

    /// That numbering as the screen names it: an order in capitals (`BERBEF`), a layout as
    /// written (`0x88`).
    pub(crate) fn numbering_name(&self) -> String {
        match self.layout {
            Some(l) => l.name().to_string(),
            None => self.order.name().to_uppercase(),
        }
    }
}

/// The state before an edit, for undo and redo.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Snapshot {
    value: Value,
    order: Order,
    layout: Option<Numbering>,
    cursor: Square,
}

/// The reading that maps the first board onto the second (two boards shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Best {
    /// What it is, in words.
    pub(crate) words: String,
    /// The flags that reproduce it.
    pub(crate) flags: String,
    /// The first board under it.
    pub(crate) value: Value,
}

/// The explorer.
#[derive(Debug, Clone)]
pub(crate) struct App {
    /// The first board (the one edited and printed).
    pub(crate) a: Shown,
    /// The second board, compared with the first.
    pub(crate) b: Option<Shown>,
    /// The square under the cursor.
    pub(crate) cursor: Square,
    /// What is shown.
    pub(crate) mode: Mode,
    /// A message about the last key (an error, or what it did).
    pub(crate) status: String,
    /// How it ended, once it did.
    pub(crate) outcome: Option<Outcome>,
    /// The settings boards are read with.
    pub(crate) opts: Options,
    /// The form `-f` names (`auto` detects each text).
    from: Format,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

/// Reads `text` as `from` (`auto`: the form detected), with the form it was read as.
pub(crate) fn read(text: &str, from: Format, opts: &Options) -> Result<(Format, Value), String> {
    let form = match from {
        Format::Auto => bbconv_forms::detect(text.trim(), opts).map_err(|e| e.message)?,
        f => f,
    };
    let v = bbconv_forms::parse(form, text.as_bytes(), opts).map_err(|e| match e.offset {
        Some(o) => format!("column {}: {}", o + 1, e.message),
        None => e.message,
    })?;
    Ok((form, v))
}

/// The empty board of `size` in what `from` holds (one bitboard unless it is a two-player or
/// a position form).
pub(crate) fn empty(from: Format, size: Size) -> (Format, Value) {
    use bbconv_forms::Holds;
    let value = match from.holds() {
        Holds::Two => Value::Pair(Pair::empty(size)),
        // A binary form (planes-bin) starts as one bitboard: its bytes are the same.
        Holds::Any | Holds::Position if from.reads_pieces() && !from.is_binary() => {
            Value::Pieces(Placement::empty(size))
        }
        _ => Value::Single(Bitboard::empty(size)),
    };
    let form = if from == Format::Auto {
        Format::Hex
    } else {
        from
    };
    (form, value)
}

/// The layers of a board, as `explain` compares them.
pub(crate) fn layers(v: &Value) -> Layers {
    match v {
        Value::Single(b) => Layers::One(b.clone()),
        other => Layers::Two(other.to_pair()),
    }
}

/// A board read under another order: its number under `from`, read under `to`.
fn reordered(v: &Value, from: Order, to: Order) -> Value {
    let re = |bb: &Bitboard| Order::reorder(bb, from, to);
    match v {
        Value::Single(b) => Value::Single(re(b)),
        Value::Pair(p) => {
            let mut q = Pair::new(re(p.first()), re(p.second())).unwrap_or_else(|_| p.clone());
            q.turn = p.turn;
            q.notes = p.notes.clone();
            Value::Pair(q)
        }
        Value::Pieces(pl) => {
            let size = pl.size();
            let mut out = pl.clone();
            for i in 0..size.squares() {
                out.set(i, None);
            }
            for (letter, bb) in pl.piece_bitboards() {
                for sq in re(&bb).squares() {
                    out.set(sq.index(size), Some(Piece::new(letter)));
                }
            }
            Value::Pieces(out)
        }
    }
}

/// A board under a symmetry (a square one for the flips about a diagonal).
fn symmetric(v: &Value, s: Symmetry) -> Result<Value, String> {
    let e = |e: ops::OpError| e.to_string();
    Ok(match v {
        Value::Single(b) => Value::Single(s.apply(b).map_err(e)?),
        Value::Pair(p) => {
            let mut q = Pair::new(
                s.apply(p.first()).map_err(e)?,
                s.apply(p.second()).map_err(e)?,
            )
            .map_err(|x| x.to_string())?;
            q.turn = p.turn;
            Value::Pair(q)
        }
        Value::Pieces(pl) => Value::Pieces(s.apply_placement(pl).map_err(e)?),
    })
}

impl App {
    /// The explorer of `a` (and `b`, compared with it), read as `from` with `opts`; with no
    /// text, the empty board of `-s` in what `from` holds.
    pub(crate) fn new(
        a: Option<&str>,
        b: Option<&str>,
        from: Format,
        opts: Options,
    ) -> Result<App, String> {
        let (order, layout) = match opts.order {
            Numbering::Order(o) => (o, None),
            n => (Order::Lerf, Some(n)),
        };
        let (form, value) = match a {
            Some(t) => read(t, from, &opts).map_err(|e| format!("VALUE: {e}"))?,
            None => empty(from, opts.size_or_default()),
        };
        let b = match b {
            Some(t) => {
                let (form, value) = read(t, from, &opts).map_err(|e| format!("VALUE2: {e}"))?;
                Some(Shown {
                    form,
                    value,
                    order,
                    layout,
                })
            }
            None => None,
        };
        Ok(App {
            a: Shown {
                form,
                value,
                order,
                layout,
            },
            b,
            cursor: Square::A1,
            mode: Mode::Board,
            status: String::new(),
            outcome: None,
            opts,
            from,
            undo: Vec::new(),
            redo: Vec::new(),
        })
    }

    /// The settings the first board's text is read and written with: `opts` under the
    /// numbering it is read in now (the order `o` chose, or the layout read), so that the
    /// editor shows the number the board is and reads its text back as the same board.
    pub(crate) fn text_opts(&self) -> Options {
        let n = self.a.numbering();
        Options {
            order: n,
            to_order: n,
            ..self.opts.clone()
        }
    }

    /// The readings `o` cycles through: the layout the board was read in (`--order 0x88`),
    /// if any, then the eight orders from LERF, and round again.
    fn readings(&self) -> Vec<(Order, Option<Numbering>)> {
        let home = match self.opts.order {
            Numbering::Order(_) => None,
            n => Some((Order::Lerf, Some(n))),
        };
        home.into_iter()
            .chain(Order::ALL.iter().map(|&o| (o, None)))
            .collect()
    }

    /// `o` (`forward`) and `O`: the first board's number read under the next (previous)
    /// reading of [`App::readings`]. A layout's board is its LERF number's board, so leaving
    /// it for LERF keeps the board and coming back restores it.
    fn next_order(&mut self, forward: bool) {
        let all = self.readings();
        let n = all.len();
        let k = all
            .iter()
            .position(|&r| r == (self.a.order, self.a.layout))
            .unwrap_or(0);
        let (to, to_layout) = all[if forward {
            (k + 1) % n
        } else {
            (k + n - 1) % n
        }];
        let was = self.a.numbering_name();
        let (from, from_layout) = (self.a.order, self.a.layout);
        self.change(|s| {
            s.a.value = reordered(&s.a.value, from, to);
            s.a.order = to;
            s.a.layout = to_layout;
            Ok(())
        });
        let now = self.a.numbering_name();
        self.status = match (to_layout, from_layout) {
            (Some(l), _) => {
                format!("the board read in the {l} layout again (it was read as {was})")
            }
            (None, Some(_)) => {
                format!("the board's LERF number read as {now} (it was read in the {was} layout)")
            }
            (None, None) => format!("the number read as {now} (it was read as {was})"),
        };
    }

    /// The size of the first board.
    pub(crate) fn size(&self) -> Size {
        self.a.value.size()
    }

    /// The reading that maps the first board onto the second, when two are shown: a symmetry
    /// (an order, as a flag), else a shift of up to two squares.
    pub(crate) fn best(&self) -> Option<Best> {
        let b = self.b.as_ref()?;
        let (la, lb) = (layers(&self.a.value), layers(&b.value));
        if la == lb {
            return None;
        }
        let found = mappings(&la, &lb, 2);
        let mapped = found.into_iter().find_map(|m| match m {
            Mapping::Symmetry(s) => Some(Best {
                words: format!(
                    "the second is the first {}: its number read as {} instead of {}",
                    s.describe(),
                    s.as_order().name().to_uppercase(),
                    self.a.numbering_name()
                ),
                flags: format!("--to-order {}", s.as_order().name()),
                value: symmetric(&self.a.value, s).ok()?,
            }),
            Mapping::Shift(d, n) => {
                let value = match &self.a.value {
                    Value::Single(bb) => Value::Single(ops::shift(bb, d, n as i64).ok()?),
                    _ => return None,
                };
                Some(Best {
                    words: format!(
                        "the second is the first shifted {n} square{} {d}",
                        if n == 1 { "" } else { "s" }
                    ),
                    flags: format!("bbconv op shift {} {n}", d.name()),
                    value,
                })
            }
            // A mapping this explorer does not know: the readings below still say it.
            _ => None,
        });
        mapped.or_else(|| self.reading_of_text(b))
    }

    /// The reading of the first board's text (its number under a layout, with a fix such as a
    /// byte swap, its packed digits or its colours another way) that gives the second, as
    /// `explain` finds them: the simplest.
    fn reading_of_text(&self, b: &Shown) -> Option<Best> {
        let opts = self.text_opts();
        let mut out = Vec::new();
        bbconv_forms::render(self.a.form, &self.a.value, &opts, &mut out).ok()?;
        let text = String::from_utf8(out).ok()?;
        let want = layers(&b.value);
        let given = opts.order;
        let mut cands: Vec<_> =
            bbconv_forms::readings::candidates(&text, self.a.form, &opts, b.value.size())
                .into_iter()
                .filter(|c| c.steps(given) > 0 && layers(&c.value) == want)
                .collect();
        cands.sort_by_key(|c| c.steps(given));
        let c = cands.into_iter().next()?;
        Some(Best {
            words: format!(
                "the second is the first {}",
                c.words("the first", self.size())
            ),
            flags: bbconv_present::readings::flags(&c, "--order"),
            value: c.value,
        })
    }

    /// Whether the two boards differ on `sq` (two boards of one size shown).
    pub(crate) fn differs(&self, sq: Square) -> bool {
        let Some(b) = &self.b else { return false };
        if b.value.size() != self.size() {
            return false;
        }
        let i = sq.index(self.size());
        cell(&self.a.value, i) != cell(&b.value, i)
    }

    /// Handles one key.
    pub(crate) fn key(&mut self, key: Key) {
        if matches!(key, Key::Interrupt) {
            self.outcome = Some(Outcome::Abort);
            return;
        }
        match &mut self.mode {
            Mode::Help => {
                if matches!(key, Key::Esc | Key::Char('?') | Key::Char('q')) {
                    self.mode = Mode::Board;
                }
            }
            Mode::Edit(_) => self.edit_key(key),
            Mode::Board => self.board_key(key),
        }
    }

    /// A key on the board: a move of the cursor, or a change of the board or the mode.
    fn board_key(&mut self, key: Key) {
        self.status.clear();
        if let Some(sq) = self.moved(key) {
            self.cursor = sq;
            return;
        }
        match key {
            Key::Char(' ') => {
                let sq = self.cursor;
                self.toggle(sq);
            }
            Key::Click(sq) if sq.is_on(self.size()) => {
                self.cursor = sq;
                self.toggle(sq);
            }
            Key::Char(c @ ('o' | 'O')) => self.next_order(c == 'o'),
            Key::Char('f') => self.transform(Symmetry::FlipVertical),
            Key::Char('m') => self.transform(Symmetry::FlipHorizontal),
            Key::Char('r') => self.transform(Symmetry::Rotate90),
            Key::Char('s') => self.change(|s| {
                s.a.value = s.a.value.clone().swap();
                Ok(())
            }),
            Key::Char('c') => self.change(|s| match &s.a.value {
                Value::Single(b) => {
                    s.a.value = Value::Single(b.not());
                    Ok(())
                }
                _ => Err("c complements one bitboard: this board has two sides or pieces".into()),
            }),
            Key::Char('a') => self.apply_best(),
            Key::Char('u') => self.step(true),
            Key::Redo => self.step(false),
            Key::Char('e') => self.open_editor(),
            Key::Char('?') => self.mode = Mode::Help,
            Key::Char('q') | Key::Enter => self.outcome = Some(Outcome::Print),
            Key::Esc => self.outcome = Some(Outcome::Abort),
            _ => {}
        }
    }

    /// Where a key that moves the cursor moves it to (`None`: the key does not move it). The
    /// keys move on the screen: which way a file or rank goes follows the orientation.
    fn moved(&self, key: Key) -> Option<Square> {
        let size = self.size();
        let (w, h) = (size.width(), size.height());
        let (f, r) = (self.cursor.file(), self.cursor.rank());
        let (files_flipped, ranks_flipped) = flips(self.opts.grid.orientation);
        let (dec_f, inc_f) = (f.saturating_sub(1), (f + 1).min(w - 1));
        let (dec_r, inc_r) = (r.saturating_sub(1), (r + 1).min(h - 1));
        let (left, right) = if files_flipped {
            (inc_f, dec_f)
        } else {
            (dec_f, inc_f)
        };
        let (up, down) = if ranks_flipped {
            (dec_r, inc_r)
        } else {
            (inc_r, dec_r)
        };
        match key {
            Key::Left | Key::Char('h') => Square::new(left, r),
            Key::Right | Key::Char('l') => Square::new(right, r),
            Key::Up | Key::Char('k') => Square::new(f, up),
            Key::Down | Key::Char('j') => Square::new(f, down),
            _ => None,
        }
    }

    /// Applies the reading that maps the first board onto the second, if there is one.
    fn apply_best(&mut self) {
        match self.best() {
            Some(best) => {
                let flags = best.flags.clone();
                self.change(|s| {
                    s.a.value = best.value;
                    Ok(())
                });
                self.status = format!("applied: {flags}");
            }
            None => self.status = "no reading maps the first board onto the second".into(),
        }
    }

    /// Opens the line editor on the board written in its form.
    fn open_editor(&mut self) {
        let mut out = Vec::new();
        let text =
            match bbconv_forms::render(self.a.form, &self.a.value, &self.text_opts(), &mut out) {
                Ok(()) => String::from_utf8_lossy(&out).into_owned(),
                Err(_) => String::new(),
            };
        let at = text.chars().count();
        self.mode = Mode::Edit(Editor {
            text,
            at,
            error: None,
        });
    }

    fn edit_key(&mut self, key: Key) {
        let Mode::Edit(ed) = &mut self.mode else {
            return;
        };
        let byte = |t: &str, at: usize| t.char_indices().nth(at).map_or(t.len(), |(b, _)| b);
        match key {
            Key::Esc => self.mode = Mode::Board,
            Key::Left => ed.at = ed.at.saturating_sub(1),
            Key::Right => ed.at = (ed.at + 1).min(ed.text.chars().count()),
            Key::Home => ed.at = 0,
            Key::End => ed.at = ed.text.chars().count(),
            Key::Backspace if ed.at > 0 => {
                ed.at -= 1;
                let b = byte(&ed.text, ed.at);
                ed.text.remove(b);
                ed.error = None;
            }
            Key::Delete if ed.at < ed.text.chars().count() => {
                let b = byte(&ed.text, ed.at);
                ed.text.remove(b);
                ed.error = None;
            }
            Key::Char(c) => {
                let b = byte(&ed.text, ed.at);
                ed.text.insert(b, c);
                ed.at += 1;
                ed.error = None;
            }
            Key::Enter => {
                let text = ed.text.clone();
                match read(&text, self.from, &self.text_opts()) {
                    Ok((form, value)) => {
                        self.change(|s| {
                            s.a.form = form;
                            s.a.value = value;
                            Ok(())
                        });
                        self.mode = Mode::Board;
                    }
                    Err(e) => {
                        if let Mode::Edit(ed) = &mut self.mode {
                            ed.error = Some(e);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Toggles a square: one bitboard's bit; a pair's empty -> first -> second; a
    /// position's `.` and the piece letters of the game, in turn ([`bbconv_present::edit`]).
    fn toggle(&mut self, sq: Square) {
        self.change(|s| {
            let i = sq.index(s.size());
            bbconv_present::edit::toggle(&mut s.a.value, i)
        });
    }

    /// Applies a symmetry to the first board; the cursor moves with its square.
    fn transform(&mut self, s: Symmetry) {
        let size = self.size();
        let cursor = s.map(size, self.cursor);
        self.change(|app| {
            app.a.value = symmetric(&app.a.value, s)?;
            app.cursor = cursor;
            Ok(())
        });
        if self.status.is_empty() {
            self.status = format!("the board {}", s.describe());
        }
    }

    /// Makes a change that can be undone; an error leaves the board as it was and is shown.
    fn change(&mut self, f: impl FnOnce(&mut App) -> Result<(), String>) {
        let before = Snapshot {
            value: self.a.value.clone(),
            order: self.a.order,
            layout: self.a.layout,
            cursor: self.cursor,
        };
        match f(self) {
            Ok(()) => {
                if before.value != self.a.value
                    || before.order != self.a.order
                    || before.layout != self.a.layout
                {
                    self.undo.push(before);
                    self.redo.clear();
                }
            }
            Err(e) => {
                self.a.value = before.value;
                self.a.order = before.order;
                self.a.layout = before.layout;
                self.cursor = before.cursor;
                self.status = e;
            }
        }
        let size = self.size();
        if !self.cursor.is_on(size) {
            self.cursor = Square::A1;
        }
    }

    /// Undoes (or redoes) the last change.
    fn step(&mut self, undo: bool) {
        let (from, to) = if undo {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(s) = from.pop() else {
            self.status = if undo {
                "nothing to undo"
            } else {
                "nothing to redo"
            }
            .into();
            return;
        };
        to.push(Snapshot {
            value: std::mem::replace(&mut self.a.value, s.value),
            order: std::mem::replace(&mut self.a.order, s.order),
            layout: std::mem::replace(&mut self.a.layout, s.layout),
            cursor: std::mem::replace(&mut self.cursor, s.cursor),
        });
    }
}

/// Whether a grid drawn in `o` runs its files from the last (python-chess's black side) and
/// its ranks from rank 1 at the top (black, and Othello programs).
pub(crate) fn flips(o: bbconv_forms::Orientation) -> (bool, bool) {
    (o.files_from_last(), o.rank_one_on_top())
}

/// What stands on square `i`: 0 empty, 1 first, 2 second; a position's piece letter.
pub(crate) use bbconv_present::edit::cell;

#[cfg(test)]
mod tests {
    use super::*;

    fn app(text: &str, from: Format) -> App {
        App::new(Some(text), None, from, Options::default()).unwrap()
    }

    fn hex(v: &Value) -> String {
        let mut out = Vec::new();
        bbconv_forms::render(Format::Hex, v, &Options::default(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn moves_toggles_undoes_and_redoes() {
        let mut a = app("0x0", Format::Hex);
        assert_eq!(a.cursor, Square::new(0, 0).unwrap());
        for k in [
            Key::Right,
            Key::Char('l'),
            Key::Up,
            Key::Char('k'),
            Key::Char('j'),
        ] {
            a.key(k);
        }
        assert_eq!(a.cursor, Square::new(2, 1).unwrap());
        a.key(Key::Char(' '));
        assert_eq!(hex(&a.a.value), "0x0000000000000400");
        a.key(Key::Click(Square::new(7, 7).unwrap()));
        assert_eq!(hex(&a.a.value), "0x8000000000000400");
        a.key(Key::Char('u'));
        assert_eq!(hex(&a.a.value), "0x0000000000000400");
        a.key(Key::Redo);
        assert_eq!(hex(&a.a.value), "0x8000000000000400");
        a.key(Key::Char('c'));
        assert_eq!(hex(&a.a.value), "0x7ffffffffffffbff");
        // The cursor stays on the board at its edges.
        for _ in 0..20 {
            a.key(Key::Left);
            a.key(Key::Down);
        }
        assert_eq!(a.cursor, Square::new(0, 0).unwrap());
    }

    #[test]
    fn o_reads_the_number_under_each_order_in_turn() {
        let mut a = app("0x1", Format::Hex);
        a.key(Key::Char('o'));
        assert_eq!(a.a.order, Order::ALL[1]);
        assert_eq!(
            hex(&a.a.value),
            "0x0000000000000080",
            "bit 0 under LERBEF is h1"
        );
        a.key(Key::Char('O'));
        assert_eq!(a.a.order, Order::Lerf);
        assert_eq!(hex(&a.a.value), "0x0000000000000001");
        a.key(Key::Char('O'));
        assert_eq!(a.a.order, Order::ALL[7]);
    }

    #[test]
    fn o_cycles_from_a_layout_through_every_order_and_back() {
        // Read in the 0x88 layout: `o` goes to LERF (the same board), then each order in
        // turn, then back to the layout and the board read; `O` goes the other way.
        let opts = Options {
            order: Numbering::X88,
            ..Options::default()
        };
        let mut a = App::new(Some("0x10000"), None, Format::Hex, opts).unwrap();
        let read = a.a.value.clone();
        let mut seen = Vec::new();
        for _ in 0..9 {
            a.key(Key::Char('o'));
            seen.push((a.a.order, a.a.layout));
        }
        let mut want: Vec<_> = Order::ALL.iter().map(|&o| (o, None)).collect();
        want.push((Order::Lerf, Some(Numbering::X88)));
        assert_eq!(seen, want);
        assert_eq!(a.a.value, read, "back in the layout, the board read");
        assert!(a.status.contains("0x88 layout again"), "{}", a.status);
        a.key(Key::Char('O'));
        assert_eq!((a.a.order, a.a.layout), (Order::ALL[7], None));
        a.key(Key::Char('o'));
        assert_eq!(a.a.value, read);
        a.key(Key::Char('o'));
        assert_eq!((a.a.order, a.a.layout), (Order::Lerf, None));
        assert_eq!(a.a.value, read, "LERF keeps the layout's board");
    }

    #[test]
    fn symmetries_swap_and_pairs_cycle() {
        let mut a = app("0x1", Format::Hex);
        a.key(Key::Char('f'));
        assert_eq!(hex(&a.a.value), "0x0100000000000000");
        a.key(Key::Char('m'));
        assert_eq!(hex(&a.a.value), "0x8000000000000000");
        let mut r = App::new(
            Some("0x1"),
            None,
            Format::Hex,
            Options {
                size: Some(Size::new(3, 2).unwrap()),
                ..Options::default()
            },
        )
        .unwrap();
        r.key(Key::Char('r'));
        assert_eq!(
            r.size(),
            Size::new(2, 3).unwrap(),
            "a quarter turn changes the size"
        );
        let mut p = app("0x1 0x2", Format::Pair);
        p.key(Key::Char(' '));
        assert_eq!(cell(&p.a.value, 0), 2, "first -> second");
        p.key(Key::Char(' '));
        assert_eq!(cell(&p.a.value, 0), 0, "second -> empty");
        p.key(Key::Char('s'));
        assert_eq!(cell(&p.a.value, 1), 1, "swapped");
        p.key(Key::Char('c'));
        assert!(
            p.status.contains("complements one bitboard"),
            "{}",
            p.status
        );
        let mut f = app("8/8/8/8/8/8/8/8 w - - 0 1", Format::Fen);
        f.key(Key::Char(' '));
        f.key(Key::Char(' '));
        assert_eq!(cell(&f.a.value, 0), 0x100 | u16::from(b'N'));
    }

    #[test]
    fn the_editor_reads_its_text_and_shows_errors_in_place() {
        let mut a = app("0x81", Format::Auto);
        a.key(Key::Char('e'));
        let Mode::Edit(ed) = &a.mode else { panic!() };
        assert_eq!(ed.text, "0x0000000000000081");
        for _ in 0..18 {
            a.key(Key::Backspace);
        }
        for c in "0xzz".chars() {
            a.key(Key::Char(c));
        }
        a.key(Key::Enter);
        let Mode::Edit(ed) = &a.mode else { panic!() };
        assert!(ed.error.is_some());
        a.key(Key::Backspace);
        a.key(Key::Backspace);
        a.key(Key::Char('f'));
        a.key(Key::Enter);
        assert_eq!(a.mode, Mode::Board);
        assert_eq!(hex(&a.a.value), "0x000000000000000f");
        a.key(Key::Char('?'));
        assert_eq!(a.mode, Mode::Help);
        a.key(Key::Esc);
        assert_eq!(a.mode, Mode::Board);
        a.key(Key::Char('q'));
        assert_eq!(a.outcome, Some(Outcome::Print));
        let mut b = app("0x1", Format::Hex);
        b.key(Key::Esc);
        assert_eq!(b.outcome, Some(Outcome::Abort));
    }

    /// The editor's text, opened on the board shown.
    fn edit_text(a: &mut App) -> String {
        a.key(Key::Char('e'));
        let Mode::Edit(ed) = &a.mode else { panic!() };
        ed.text.clone()
    }

    /// Replaces the editor's text and reads it.
    fn type_text(a: &mut App, text: &str) {
        let Mode::Edit(ed) = &a.mode else { panic!() };
        for _ in 0..ed.text.chars().count() {
            a.key(Key::Backspace);
        }
        for c in text.chars() {
            a.key(Key::Char(c));
        }
        a.key(Key::Enter);
        assert_eq!(a.mode, Mode::Board, "{text} reads");
    }

    #[test]
    fn the_editor_shows_and_reads_the_number_under_the_order_read() {
        // 0x1 read under BERBEF is h8: the editor shows 0x1, and 0x2 reads as g8.
        let mut a = app("0x1", Format::Hex);
        for _ in 0..3 {
            a.key(Key::Char('o'));
        }
        assert_eq!(a.a.order, Order::Berbef);
        assert_eq!(hex(&a.a.value), "0x8000000000000000");
        assert_eq!(edit_text(&mut a), "0x0000000000000001");
        type_text(&mut a, "0x2");
        assert_eq!(hex(&a.a.value), "0x4000000000000000", "g8");
        // `--order berlef` (and --to-order left LERF): what the editor shows reads back as
        // the same board.
        let opts = Options {
            order: Order::Berlef.into(),
            ..Options::default()
        };
        let mut b = App::new(Some("0x1"), None, Format::Hex, opts).unwrap();
        assert_eq!(edit_text(&mut b), "0x0000000000000001");
        b.key(Key::Enter);
        assert_eq!(hex(&b.a.value), "0x0100000000000000", "a8");
    }

    #[test]
    fn the_editor_shows_and_reads_the_number_in_the_layout_read() {
        // Under 0x88, a2 is bit 0x10 (2W*1 + 0) and a3 bit 0x20; the editor writes the 0x88
        // number.
        let opts = Options {
            order: Numbering::X88,
            ..Options::default()
        };
        let mut a = App::new(Some("0x10000"), None, Format::Hex, opts).unwrap();
        assert_eq!(hex(&a.a.value), "0x0000000000000100", "a2");
        assert_eq!(edit_text(&mut a), format!("0x{:032x}", 1u64 << 0x10));
        type_text(&mut a, "0x100000000");
        assert_eq!(hex(&a.a.value), "0x0000000000010000", "a3");
        // `o` leaves the layout: the board's LERF number is read under the next order, LERF.
        a.key(Key::Char('o'));
        assert_eq!((a.a.order, a.a.layout), (Order::Lerf, None));
        assert!(a.status.contains("0x88 layout"), "{}", a.status);
        assert_eq!(edit_text(&mut a), "0x0000000000010000");
        a.key(Key::Esc);
        a.key(Key::Char('u'));
        assert_eq!(a.a.layout, Some(Numbering::X88), "undo restores the layout");
        // Every numbering and order: the editor's text is the board's number under it, and
        // reads back as the same board.
        for n in Numbering::all() {
            let o = Options {
                order: n,
                ..Options::default()
            };
            let mut b = App::new(None, None, Format::Hex, o.clone()).unwrap();
            // Dark squares, which draughts numbers too.
            for sq in [
                Square::new(0, 0).unwrap(),
                Square::new(2, 2).unwrap(),
                Square::new(7, 7).unwrap(),
            ] {
                b.key(Key::Click(sq));
            }
            for _ in 0..3 {
                let want = {
                    let mut out = Vec::new();
                    let w = Options {
                        to_order: b.a.numbering(),
                        ..Options::default()
                    };
                    bbconv_forms::render(Format::Hex, &b.a.value, &w, &mut out).unwrap();
                    String::from_utf8(out).unwrap()
                };
                let before = b.a.value.clone();
                assert_eq!(edit_text(&mut b), want, "{n}, {}", b.a.numbering_name());
                b.key(Key::Enter);
                assert_eq!(b.a.value, before, "{n}, {}", b.a.numbering_name());
                b.key(Key::Char('o'));
            }
        }
    }

    #[test]
    fn keys_follow_the_orientation_drawn() {
        let opts = Options {
            grid: bbconv_forms::GridStyle {
                orientation: bbconv_forms::Orientation::Black,
                ..Default::default()
            },
            ..Options::default()
        };
        let mut a = App::new(Some("0x0"), None, Format::Hex, opts).unwrap();
        a.key(Key::Left);
        a.key(Key::Down);
        assert_eq!(
            a.cursor,
            Square::new(1, 1).unwrap(),
            "drawn from Black's side, left is toward h"
        );
    }

    #[test]
    fn colours_swapped_and_shifts_are_readings_too() {
        let a = App::new(
            Some("0x1 0x2"),
            Some("0x2 0x1"),
            Format::Pair,
            Options::default(),
        )
        .unwrap();
        let best = a.best().unwrap();
        assert!(
            best.flags.contains("--swap"),
            "{} / {}",
            best.words,
            best.flags
        );
        let b = App::new(
            Some("0x00000000000000ff"),
            Some("0x0000000000ff0000"),
            Format::Hex,
            Options::default(),
        )
        .unwrap();
        let best = b.best().unwrap();
        assert!(best.flags.contains("shift north 2"), "{}", best.flags);
    }

    #[test]
    fn two_boards_name_and_apply_the_reading_between_them() {
        let mut a = App::new(
            Some("0x1"),
            Some("0x0100000000000000"),
            Format::Hex,
            Options::default(),
        )
        .unwrap();
        let best = a.best().unwrap();
        assert!(best.flags.contains("--to-order"), "{}", best.flags);
        assert!(a.differs(Square::new(0, 0).unwrap()));
        a.key(Key::Char('a'));
        assert_eq!(hex(&a.a.value), "0x0100000000000000");
        assert!(a.best().is_none());
    }
}
