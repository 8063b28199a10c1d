//! The view of `show` (a board as a labelled grid with its numbers, squares and order) and the
//! list of forms of `formats`.

use bbconv_forms::{self as format, Format, Layer, Options, Value};

use crate::layout::grid_options;

/// Writes the view of one board: its grid, then hex, dec, popcount and squares (one bitboard)
/// or each side's hex, squares, trits and packed (two sides; a position's FEN and pieces too),
/// and the order. A form the board cannot be written in says why, in place.
pub fn view(value: &Value, opts: &Options, out: &mut Vec<u8>) {
    let _ = format::render(Format::Grid, value, &grid_options(opts), out);
    out.push(b'\n');
    let order = opts.to_order;
    let line = |out: &mut Vec<u8>, label: &str, form: Format, o: &Options| {
        out.extend_from_slice(format!("{label:<9}").as_bytes());
        put(value, out, form, o);
        out.push(b'\n');
    };
    match value {
        Value::Single(bb) => {
            line(out, "hex", Format::Hex, opts);
            line(out, "dec", Format::Dec, opts);
            out.extend_from_slice(format!("popcount {}\n", bb.count()).as_bytes());
            line(out, "squares", Format::Squares, opts);
        }
        Value::Pair(_) | Value::Pieces(_) => {
            if let Value::Pieces(_) = value {
                line(out, "fen", Format::Fen, opts);
                line(out, "pieces", Format::Pieces, opts);
            }
            let p = value.to_pair();
            for (label, l, n) in [
                ("first", Layer::First, p.first().count()),
                ("second", Layer::Second, p.second().count()),
            ] {
                let o = Options {
                    layer: Some(l),
                    ..opts.clone()
                };
                out.extend_from_slice(format!("{label:<9}").as_bytes());
                put(value, out, Format::Hex, &o);
                out.extend_from_slice(format!("  ({n} squares)\n").as_bytes());
            }
            line(out, "squares", Format::Squares, opts);
            line(out, "trits", Format::Trits, opts);
            line(out, "packed", Format::Packed, opts);
        }
    }
    out.extend_from_slice(format!("order    {order} ({})\n", order.formula()).as_bytes());
}

/// Writes `value` as `form`, or why it cannot be (`(a light square ...)`), in place.
fn put(value: &Value, out: &mut Vec<u8>, form: Format, o: &Options) {
    let start = out.len();
    if let Err(e) = format::render(form, value, o, out) {
        out.truncate(start);
        out.extend_from_slice(format!("({e})").as_bytes());
    }
}

/// `formats`: every form, what it holds, a description and an example, then the rules of
/// `-f auto`.
pub fn formats() -> String {
    let mut out = String::from("Forms for -f (input) and -t (output). N = W*H squares; numbers and digit strings follow --order / --to-order.\n\n");
    for f in Format::ALL {
        let holds = f.holds().description();
        let aliases = if f.aliases().is_empty() {
            String::new()
        } else {
            format!(" (also {})", f.aliases().join(", "))
        };
        out.push_str(&format!("{}{aliases}  [{holds}]\n", f.name()));
        out.push_str(&format!("    {}\n", f.description()));
        out.push_str(&format!("    example: {}\n", f.example()));
    }
    out.push_str("\nDetection (-f auto, the default):\n");
    for rule in format::detection_rules() {
        out.push_str(&format!("    {rule}\n"));
    }
    out
}
