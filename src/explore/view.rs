//! The explorer's drawing: a function of the [`App`] and the window's size, kept apart from
//! the state. The board as a labelled grid (scrolled with the cursor when the window is too
//! small for it), the cursor's square under every order, the board's number under every order,
//! the reading between two boards, the line editor, the help page and the keys. Without colour
//! (`NO_COLOR`, `--color never`) the cursor and the marks are characters, not colour alone.

use bbconv_board::{Order, Size, Square};
use bbconv_forms::Value;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::{cell, App, Mode};

/// The keys, as the footer and the help page give them.
const KEYS: &[(&str, &str)] = &[
    ("arrows h j k l", "move the cursor"),
    (
        "space, click",
        "toggle the square (two sides: empty, first, second; a position: its pieces)",
    ),
    ("o O", "read the number under the next / previous order"),
    (
        "f m r",
        "flip (a1-a8), mirror (a1-h1), rotate 90 degrees clockwise",
    ),
    ("s c", "swap the sides, complement one bitboard"),
    (
        "a",
        "apply the reading that maps the first board onto the second",
    ),
    ("u ctrl-r", "undo, redo"),
    ("e", "edit the board as text (Enter reads it, Esc closes)"),
    ("?", "this page (Esc closes)"),
    ("q enter", "quit and print the board (-t, --to-order)"),
    ("esc ctrl-c", "quit and print nothing (exit code 130)"),
];

/// The smallest window drawn: the grid alone, scrolled.
pub(crate) const MIN: (u16, u16) = (24, 8);

/// Draws the explorer in `area` of `buf`; `color` says whether marks may be colours.
pub(crate) fn draw(app: &App, area: Rect, buf: &mut Buffer, color: bool) {
    if area.width < MIN.0 || area.height < MIN.1 {
        return too_small(area, buf);
    }
    match &app.mode {
        Mode::Help => return help(area, buf),
        Mode::Edit(_) | Mode::Board => {}
    }
    let top = draw_header(app, area, buf);
    let footer = 2u16;
    let body = Rect {
        y: area.y + top,
        height: area.height.saturating_sub(top + footer),
        ..area
    };
    draw_body(app, body, buf, color);
    let foot = Rect {
        y: area.y + area.height - footer,
        height: footer,
        ..area
    };
    Paragraph::new(footer_lines(app))
        .wrap(Wrap { trim: false })
        .render(foot, buf);
}

/// A window smaller than [`MIN`]: says so.
fn too_small(area: Rect, buf: &mut Buffer) {
    Paragraph::new(vec![
        Line::from("window too small"),
        Line::from(format!("at least {}x{}", MIN.0, MIN.1)),
    ])
    .render(area, buf);
}

/// Draws the title and the reading between the two boards, if there is one, at the top of
/// `area`. Returns the rows they take.
fn draw_header(app: &App, area: Rect, buf: &mut Buffer) -> u16 {
    let mut lines: Vec<Line> = Vec::new();
    lines.push(title(app));
    if let Some(best) = app.best() {
        lines.push(Line::from(format!(
            "reading: {} ({}); a applies it",
            best.words, best.flags
        )));
    }
    // The reading wraps onto a second line when the window is narrow.
    let top = if lines.len() > 1 { 3 } else { 1 };
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(
        Rect {
            height: top,
            ..area
        },
        buf,
    );
    top
}

/// Draws the body: the grids, then the cursor's panel beside them when it fits (else below
/// them), then the numbers.
fn draw_body(app: &App, body: Rect, buf: &mut Buffer, color: bool) {
    let grids = grids_text(app, body, color);
    let grid_w = grids.iter().map(Line::width).max().unwrap_or(0) as u16;
    let panel = cursor_panel(app);
    let panel_w = panel.iter().map(Line::width).max().unwrap_or(0) as u16;
    let side = grid_w + 2 + panel_w <= body.width;
    let grid_h = grids.len() as u16;
    Paragraph::new(grids).render(
        Rect {
            height: grid_h.min(body.height),
            ..body
        },
        buf,
    );
    let mut below = body.y + grid_h.min(body.height);
    if side {
        let r = Rect {
            x: body.x + grid_w + 2,
            width: body.width - grid_w - 2,
            height: (panel.len() as u16).min(body.height),
            ..body
        };
        // The numbers start below the taller of the two (a 7x6 grid is shorter than the panel).
        below = below.max(r.y + r.height);
        Paragraph::new(panel).render(r, buf);
    } else if below < body.y + body.height {
        let h = (panel.len() as u16).min(body.y + body.height - below);
        Paragraph::new(panel).render(
            Rect {
                y: below,
                height: h,
                ..body
            },
            buf,
        );
        below += h;
    }
    if below < body.y + body.height {
        let r = Rect {
            y: below,
            height: body.y + body.height - below,
            ..body
        };
        Paragraph::new(numbers(app)).render(r, buf);
    }
}

/// The top line: the form read, the size, the order the number is read under.
fn title(app: &App) -> Line<'static> {
    let order = app.a.numbering_name();
    let mut t = format!(
        "bbconv explore: {} read as {} ({}), its number read as {order}",
        app.size(),
        app.a.form,
        what(&app.a.value),
    );
    if let Some(b) = &app.b {
        t.push_str(&format!("; second: {} read as {}", b.value.size(), b.form));
    }
    Line::from(t)
}

/// What a board holds, in words.
fn what(v: &Value) -> &'static str {
    match v {
        Value::Single(_) => "one bitboard",
        Value::Pair(_) => "two sides",
        Value::Pieces(_) => "a position",
    }
}

/// The text of a square of a board: its piece letter, X or O, 1 for a set bit, `.` for none.
fn glyph(v: &Value, i: usize) -> char {
    match (v, cell(v, i)) {
        (_, 0) => '.',
        (Value::Single(_), _) => '1',
        (Value::Pair(_), 1) => 'X',
        (Value::Pair(_), _) => 'O',
        (_, c) => char::from((c & 0xff) as u8),
    }
}

/// The files and ranks of a `size` board the grid shows in `body` (scrolled so that the
/// cursor is in view): the first file and rank shown and how many.
pub(crate) fn viewport(
    size: Size,
    cursor: Square,
    body: Rect,
    boards: usize,
) -> (usize, usize, usize, usize) {
    let label = size.height().to_string().len() + 1;
    let per_board = |files: usize| label + 3 * files + 2;
    let width = usize::from(body.width);
    let mut files = size.width();
    while files > 1 && per_board(files) * boards > width {
        files -= 1;
    }
    let ranks = size
        .height()
        .min(usize::from(body.height).saturating_sub(2).max(1));
    let first_file = cursor
        .file()
        .saturating_sub(files - 1)
        .min(size.width() - files);
    // Ranks are drawn top down: the highest ranks shown first.
    let first_rank = cursor
        .rank()
        .saturating_sub(ranks - 1)
        .min(size.height() - ranks);
    (first_file, files, first_rank, ranks)
}

/// Where a click at column `x`, row `y` of the window falls on the first board, if it does.
pub(crate) fn square_at(app: &App, area: Rect, x: u16, y: u16) -> Option<Square> {
    let top = if app.best().is_some() { 3 } else { 1 };
    let body = Rect {
        y: area.y + top,
        height: area.height.saturating_sub(top + 2),
        ..area
    };
    let size = app.size();
    let boards = 1 + usize::from(app.b.is_some());
    let (f0, files, r0, ranks) = viewport(size, app.cursor, body, boards);
    let label = size.height().to_string().len() + 1;
    let row = usize::from(y.checked_sub(body.y)?);
    let col = usize::from(x.checked_sub(body.x)?).checked_sub(label)?;
    if row >= ranks || col / 3 >= files {
        return None;
    }
    let (files_flipped, ranks_flipped) = super::app::flips(app.opts.grid.orientation);
    let rank = if ranks_flipped {
        r0 + row
    } else {
        r0 + ranks - 1 - row
    };
    let file = if files_flipped {
        f0 + files - 1 - col / 3
    } else {
        f0 + col / 3
    };
    Square::new(file, rank)
}

/// The grid lines: the first board, and the second beside it with the differing squares
/// marked.
fn grids_text(app: &App, body: Rect, color: bool) -> Vec<Line<'static>> {
    let size = app.size();
    let boards = 1 + usize::from(app.b.is_some());
    let (f0, files, r0, ranks) = viewport(size, app.cursor, body, boards);
    let label = size.height().to_string().len();
    let (files_flipped, ranks_flipped) = super::app::flips(app.opts.grid.orientation);
    let file_order: Vec<usize> = if files_flipped {
        (f0..f0 + files).rev().collect()
    } else {
        (f0..f0 + files).collect()
    };
    let mut out = Vec::new();
    for row in 0..ranks {
        let rank = if ranks_flipped {
            r0 + row
        } else {
            r0 + ranks - 1 - row
        };
        let mut spans = Vec::new();
        for (k, shown) in std::iter::once(&app.a).chain(app.b.as_ref()).enumerate() {
            if k > 0 {
                spans.push(Span::raw("  "));
            }
            spans.push(Span::raw(format!("{:>label$} ", rank + 1)));
            let bsize = shown.value.size();
            for &f in &file_order {
                let Some(sq) = Square::on(bsize, f, rank) else {
                    spans.push(Span::raw("   "));
                    continue;
                };
                let g = glyph(&shown.value, sq.index(bsize));
                let is_cursor = k == 0 && sq == app.cursor;
                let differs = app.differs(sq);
                let (l, r) = match (is_cursor, differs, color) {
                    (true, _, _) => ('[', ']'),
                    (false, true, false) => ('!', ' '),
                    _ => (' ', ' '),
                };
                let mut style = Style::default();
                if color {
                    if is_cursor {
                        style = style.add_modifier(Modifier::REVERSED);
                    }
                    if differs {
                        style = style.fg(Color::Red).add_modifier(Modifier::BOLD);
                    } else if g == 'X' || g.is_ascii_uppercase() {
                        style = style.fg(Color::Cyan);
                    } else if g == 'O' || g.is_ascii_lowercase() {
                        style = style.fg(Color::Yellow);
                    }
                }
                spans.push(Span::styled(format!("{l}{g}{r}"), style));
            }
        }
        out.push(Line::from(spans));
    }
    let mut files_line = String::new();
    for k in 0..boards {
        if k > 0 {
            files_line.push_str("  ");
        }
        files_line.push_str(&" ".repeat(label + 1));
        for &f in &file_order {
            files_line.push_str(&format!(" {} ", file_name(f)));
        }
    }
    out.push(Line::from(files_line));
    if files < size.width() || ranks < size.height() {
        out.push(Line::from(format!(
            "{}-{} {}-{} of {size}, scrolled",
            file_name(f0),
            file_name(f0 + files - 1),
            r0 + 1,
            r0 + ranks,
        )));
    }
    out
}

/// A file's letter (`a`..`z`, then `aa`...).
fn file_name(f: usize) -> String {
    let sq = Square::new(f, 0).map_or_else(|| f.to_string(), |s| s.to_string());
    sq.trim_end_matches('1').to_string()
}

/// The cursor's square: its name and its index under every order and the layout read.
fn cursor_panel(app: &App) -> Vec<Line<'static>> {
    let size = app.size();
    let sq = app.cursor;
    let mut out = vec![Line::from(format!(
        "cursor {sq} (file {}, rank {})",
        sq.file() + 1,
        sq.rank() + 1
    ))];
    let read = app.a.numbering();
    let mark = |n: bbconv_board::Numbering| if n == read { " <- read as" } else { "" };
    for o in Order::ALL {
        out.push(Line::from(format!(
            "  {:<7} {:>5}{}",
            o.name(),
            o.index(size, sq),
            mark(o.into())
        )));
    }
    if let bbconv_board::Numbering::Order(_) = app.opts.order {
    } else {
        let n = app.opts.order;
        let idx = n.index(size, sq).map_or("-".to_string(), |i| i.to_string());
        out.push(Line::from(format!(
            "  {:<7} {:>5} (layout){}",
            n.name(),
            idx,
            mark(n)
        )));
    }
    let v = &app.a.value;
    if let Value::Pieces(pl) = v {
        let here = pl
            .get(sq.index(size))
            .map_or("empty".to_string(), |p| format!("{}", p.letter as char));
        out.push(Line::from(format!("  on it: {here}")));
    }
    out
}

/// The board's number under every order: one bitboard's hex, a pair's two sides, a
/// position's two sides and the bitboard of the piece under the cursor.
fn numbers(app: &App) -> Vec<Line<'static>> {
    let size = app.size();
    let digits = size.squares().div_ceil(4);
    let hex = |bb: &bbconv_board::Bitboard, o: Order| {
        let raw = o.encode(bb);
        let words = raw.words();
        let mut s = String::with_capacity(digits + 2);
        s.push_str("0x");
        for k in (0..digits).rev() {
            let nib = (words.get(k / 16).copied().unwrap_or(0) >> (4 * (k % 16))) & 0xf;
            s.push(char::from_digit(nib as u32, 16).unwrap_or('?'));
        }
        s
    };
    let mut out = Vec::new();
    let mut block = |name: &str, bb: &bbconv_board::Bitboard| {
        out.push(Line::from(format!("{name} under each order:")));
        for o in Order::ALL {
            let read = app.a.layout.is_none() && o == app.a.order;
            let mark = if read { " <- read as" } else { "" };
            out.push(Line::from(format!(
                "  {:<7} {}{mark}",
                o.name(),
                hex(bb, o)
            )));
        }
    };
    match &app.a.value {
        Value::Single(bb) => block("the number", bb),
        v => {
            let p = v.to_pair();
            block("first", p.first());
            block("second", p.second());
            if let Value::Pieces(pl) = v {
                if let Some(piece) = pl.get(app.cursor.index(size)) {
                    let letter = piece.letter;
                    if let Some((_, bb)) =
                        pl.piece_bitboards().into_iter().find(|(l, _)| *l == letter)
                    {
                        block(&format!("{}", letter as char), &bb);
                    }
                }
            }
        }
    }
    out
}

/// The footer: the status or the editor, then the keys.
fn footer_lines(app: &App) -> Vec<Line<'static>> {
    let first = match &app.mode {
        Mode::Edit(ed) => {
            let mut l = format!(
                "edit ({} under {}): {}",
                app.a.form,
                app.a.numbering_name(),
                ed.text
            );
            if let Some(e) = &ed.error {
                l.push_str(&format!("  <- {e}"));
            }
            Line::from(l)
        }
        _ => Line::from(app.status.clone()),
    };
    let keys = match app.mode {
        Mode::Edit(_) => "enter read it  esc close  arrows home end move  backspace delete".to_string(),
        _ => "hjkl move  spc toggle  o O order  f m r flip  s swap  c not  u undo  e edit  ? help  q print  esc quit".to_string(),
    };
    vec![first, Line::from(keys)]
}

/// The help page: every key.
fn help(area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::from("bbconv explore: the keys (Esc closes)"),
        Line::from(""),
    ];
    for (k, what) in KEYS {
        lines.push(Line::from(format!("  {k:<16} {what}")));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::super::app::{App, Key};
    use super::*;
    use bbconv_forms::{Format, Options};
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// The screen of `app` in a `w` x `h` window, as text.
    fn screen(app: &App, w: u16, h: u16, color: bool) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw(app, f.area(), f.buffer_mut(), color))
            .unwrap();
        let buf = t.backend().buffer().clone();
        let mut s = String::new();
        for y in 0..h {
            for x in 0..w {
                s.push_str(buf[(x, y)].symbol());
            }
            s.push('\n');
        }
        s.lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
    }

    fn app(a: &str, b: Option<&str>, from: Format) -> App {
        App::new(Some(a), b, from, Options::default()).unwrap()
    }

    #[test]
    fn one_bitboard() {
        let mut a = app("0x8100000000000081", None, Format::Hex);
        a.key(Key::Right);
        insta::assert_snapshot!(screen(&a, 100, 30, false));
    }

    #[test]
    fn a_position_read_under_berlef() {
        let mut a = app(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            None,
            Format::Auto,
        );
        a.key(Key::Char('o'));
        a.key(Key::Char('o'));
        insta::assert_snapshot!(screen(&a, 100, 40, false));
    }

    #[test]
    fn two_boards_with_the_reading_between_them() {
        let a = app("0x1", Some("0x0100000000000000"), Format::Hex);
        insta::assert_snapshot!(screen(&a, 100, 30, false));
    }

    #[test]
    fn a_go_board_whole_in_120x40() {
        let a = app("(;SZ[19]AB[dd][pq]AW[dp][pd])", None, Format::Auto);
        let s = screen(&a, 120, 40, false);
        assert!(s.contains("19 ") && s.contains(" s "), "{s}");
        assert!(!s.contains("scrolled"), "{s}");
        insta::assert_snapshot!(s);
    }

    #[test]
    fn a_panel_taller_than_the_grid_is_not_drawn_over() {
        // 7x6: the cursor's panel (9 lines) beside a grid of 7; the numbers start below both.
        let opts = Options {
            size: Some(bbconv_board::Size::new(7, 6).unwrap()),
            ..Options::default()
        };
        let a = App::new(Some("0x1"), None, Format::Hex, opts).unwrap();
        let s = screen(&a, 100, 40, false);
        let lines: Vec<&str> = s.lines().collect();
        let k = lines
            .iter()
            .position(|l| l.contains("under each order:"))
            .expect(&s);
        assert!(lines[k].ends_with("under each order:"), "{s}");
        for o in ["lerf", "befr"] {
            assert_eq!(
                lines
                    .iter()
                    .filter(|l| l.contains(&format!("  {o} ")))
                    .count(),
                2,
                "{o} in the panel and in the numbers: {s}"
            );
        }
    }

    #[test]
    fn small_windows_scroll_or_say_so() {
        let a = app("(;SZ[19]AB[dd])", None, Format::Auto);
        let s = screen(&a, 40, 12, false);
        assert!(s.contains("a-k 1-7 of 19x19, scrolled"), "{s}");
        insta::assert_snapshot!(s);
        assert!(screen(&a, 20, 6, false).contains("window too small"));
    }

    #[test]
    fn the_editor_and_the_help_page() {
        let mut a = app("0x81", None, Format::Auto);
        a.key(Key::Char('e'));
        a.key(Key::Char('z'));
        a.key(Key::Enter);
        insta::assert_snapshot!(screen(&a, 100, 30, false));
        let mut h = app("0x81", None, Format::Auto);
        h.key(Key::Char('?'));
        insta::assert_snapshot!(screen(&h, 100, 20, false));
    }

    #[test]
    fn the_editor_under_berbef() {
        // After `o` to BERBEF the header, the marks and the editor all say BERBEF, and the
        // editor holds the number read (0x1, h8 under BERBEF), not the LERF number.
        let mut a = app("0x1", None, Format::Hex);
        for _ in 0..3 {
            a.key(Key::Char('o'));
        }
        a.key(Key::Char('e'));
        let s = screen(&a, 100, 30, false);
        assert!(s.contains("its number read as BERBEF"), "{s}");
        assert!(
            s.contains("edit (hex under BERBEF): 0x0000000000000001"),
            "{s}"
        );
        insta::assert_snapshot!(s);
    }

    #[test]
    fn othello_boards_are_drawn_rank_1_on_top() {
        let opts = Options {
            grid: bbconv_forms::GridStyle {
                orientation: bbconv_forms::Orientation::Othello,
                ..Default::default()
            },
            ..Options::default()
        };
        let a = App::new(Some("0x1"), None, Format::Hex, opts).unwrap();
        let s = screen(&a, 100, 30, false);
        let row = s.lines().nth(1).unwrap();
        assert!(row.starts_with("1 [1] ."), "{s}");
        // A click on the top-left square is a1 there.
        assert_eq!(
            square_at(&a, Rect::new(0, 0, 100, 30), 3, 1),
            Some(Square::A1)
        );
    }

    #[test]
    fn clicks_land_on_the_squares_drawn() {
        let a = app("0x0", None, Format::Hex);
        let area = Rect::new(0, 0, 100, 30);
        // The top rank (8) is the first row under the title; a1 is the eighth.
        assert_eq!(square_at(&a, area, 3, 1), Square::new(0, 7));
        assert_eq!(square_at(&a, area, 3 + 3 * 7, 8), Square::new(7, 0));
        assert_eq!(square_at(&a, area, 0, 1), None);
    }
}
