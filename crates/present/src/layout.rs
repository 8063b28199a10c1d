//! Grids and blocks of lines: a board drawn as `explain` and `diff` draw it, a set of squares
//! by name, a map of differences, and titled blocks laid out side by side.

use bbconv_board::Bitboard;
use bbconv_forms::{self as format, CoordStyle, Format, Options, Value};

/// Lays out titled blocks of lines side by side, as many as fit in `width` columns.
pub fn side_by_side(blocks: &[(String, String)], width: usize, out: &mut String) {
    let blocks: Vec<(String, Vec<String>)> = blocks
        .iter()
        .map(|(t, b)| (t.clone(), b.lines().map(str::to_string).collect()))
        .collect();
    let visible = |s: &str| strip_ansi(s).chars().count();
    let col_w = blocks
        .iter()
        .flat_map(|(t, ls)| std::iter::once(visible(t)).chain(ls.iter().map(|l| visible(l))))
        .max()
        .unwrap_or(0)
        + 3;
    let per_row = (width / col_w).max(1);
    for (k, chunk) in blocks.chunks(per_row).enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let rows = chunk.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
        for r in 0..=rows {
            let mut line = String::new();
            for (t, ls) in chunk {
                let cell = if r == 0 {
                    t.as_str()
                } else {
                    ls.get(r - 1).map_or("", |s| s.as_str())
                };
                line.push_str(cell);
                line.push_str(&" ".repeat(col_w - visible(cell)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}

/// The text without its ANSI colour sequences.
pub fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut esc = false;
    for c in s.chars() {
        match (esc, c) {
            (false, '\x1b') => esc = true,
            (true, 'm') => esc = false,
            (true, _) => {}
            (false, c) => out.push(c),
        }
    }
    out
}

/// The options a grid is drawn with: a grid has no SGF labels (`-t grid --to-coords sgf` is
/// refused), so it is shown with chess ones.
pub fn grid_options(opts: &Options) -> std::borrow::Cow<'_, Options> {
    match opts.to_coords {
        CoordStyle::Sgf => std::borrow::Cow::Owned(Options {
            to_coords: CoordStyle::Chess,
            ..opts.clone()
        }),
        _ => std::borrow::Cow::Borrowed(opts),
    }
}

/// The board as a labelled grid, without the `# WxH order` header (a block's title says it).
pub fn grid(v: &Value, opts: &Options) -> String {
    let mut out = Vec::new();
    let _ = format::render(Format::Grid, v, &grid_options(opts), &mut out);
    String::from_utf8_lossy(&out)
        .lines()
        .skip(1)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The squares of a set by name (`a1 h8`), `-` for none.
pub fn names(bb: &Bitboard) -> String {
    let v: Vec<String> = bb.squares().map(|s| s.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

/// The map of the differences between two boards of one size: `+` only in B, `-` only in A,
/// `~` side changed, `.` the same.
pub fn diff_grid(a: &Value, b: &Value) -> String {
    let pa = a.to_pair();
    let pb = b.to_pair();
    let size = pa.size();
    let (w, h) = (size.width(), size.height());
    let lw = h.to_string().len();
    let mut s = String::new();
    for g in 0..h {
        let r = h - 1 - g;
        s.push_str(&format!("{:>lw$}", r + 1));
        for f in 0..w {
            let i = w * r + f;
            let (x, y) = (pa.trit_at(i), pb.trit_at(i));
            let c = match (x, y) {
                _ if x == y => '.',
                (0, _) => '+',
                (_, 0) => '-',
                _ => '~',
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    if size.has_file_letters() {
        s.push_str(&" ".repeat(lw));
        for f in 0..w {
            s.push(' ');
            s.push((b'a' + f as u8) as char);
        }
    }
    s
}
