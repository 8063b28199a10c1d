//! A board on the page: read from the text box under the settings and drawn under each
//! numbering asked for (`view`), a square toggled (`toggle`), an operation of `op` applied
//! (`apply`). A changed board is written back in the form its text was read as, so the text
//! box keeps the user's notation.

use bbconv_board::ops::Symmetry;
use bbconv_board::{Numbering, Size, Square};
use bbconv_forms::{self as format, Format, Layer, Options, ParseError, Value};
use bbconv_present::op::{Op, Operation};
use bbconv_present::{edit, report, show, Plain};
use serde_json::{json, Value as Json};

use crate::request::Request;

/// Where in `text` byte `offset` is: `column C`, or `line L, column C` in a text of lines.
pub fn location(text: &str, offset: usize) -> String {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    if text.trim_end().contains('\n') {
        format!("line {line}, column {col}")
    } else {
        format!("column {col}")
    }
}

/// A text that does not read, as the command line words it: where, what, the hint.
pub fn bad_text(text: &str, e: &ParseError) -> String {
    match e.offset {
        Some(o) => format!("{}: {}", location(text, o), report::parse_error(e)),
        None => report::parse_error(e),
    }
}

/// The text of the request's `key` read under `opts`: the form it was read as (`from`, or
/// the one `-f auto` detects) and the board.
pub fn read(req: &Request, key: &str, opts: &Options) -> Result<(Format, Value), String> {
    read_as(req.str(key), req.form("from", Format::Auto)?, opts)
}

/// `text` read as `from` (`auto`: the form detected) under `opts`. A binary form is read from
/// hex bytes (`07 05 07 00`, spaces optional), as the page writes it: a text box holds no raw
/// bytes.
fn read_as(text: &str, from: Format, opts: &Options) -> Result<(Format, Value), String> {
    let form = match from {
        Format::Auto => format::detect(text, opts).map_err(|e| bad_text(text, &e))?,
        f => f,
    };
    let v = if form.is_binary() {
        let bytes = hex_bytes(text)?;
        one_record(form, &bytes, opts)?;
        format::parse(form, &bytes, opts).map_err(|e| match e.offset {
            Some(o) => format!("record 1 (byte {o}): {}", report::parse_error(&e)),
            None => format!("record 1 (byte 0): {}", report::parse_error(&e)),
        })?
    } else {
        format::parse(form, text.as_bytes(), opts).map_err(|e| bad_text(text, &e))?
    };
    Ok((form, v))
}

/// Whether `bytes` are one record of binary form `form` (its length for the board's size and
/// order), or the command line's message for them: it reads bytes as records, so a short
/// input is its last record cut short and a long one more than one record.
fn one_record(form: Format, bytes: &[u8], opts: &Options) -> Result<(), String> {
    let len = form.record_len(opts.size_or_default(), 12, opts.order);
    let n = bytes.len();
    if len == 0 || n == len {
        return Ok(());
    }
    let cut = |k: usize, left: usize| {
        format!(
            "record {k} (byte {}): the last record is {left} bytes, expected {len} (the input ends inside a record)",
            (k - 1) * len
        )
    };
    Err(match n {
        0 => format!("no bytes: a record of {} is {len} bytes", form.name()),
        n if n < len => cut(1, n),
        n if n % len != 0 => format!(
            "{}; the page reads one record ({len} bytes of {}, the size and order's)",
            cut(n / len + 1, n % len),
            form.name()
        ),
        n => format!(
            "record 2 (byte {len}): {n} bytes are {} records of {len}: the page reads one record ({} bytes of {}, the size and order's)",
            n / len,
            len,
            form.name()
        ),
    })
}

/// The bytes of hex text (pairs of hex digits; spaces and line breaks between them ignored),
/// or where it is not.
fn hex_bytes(text: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<(usize, char)> = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    if let Some(&(at, c)) = digits.iter().find(|(_, c)| !c.is_ascii_hexdigit()) {
        return Err(format!(
            "{}: {c:?} is not a hex digit: the page reads a binary form as hex bytes, as it writes it (07 05 07 00 ...)",
            location(text, at)
        ));
    }
    if digits.len() % 2 == 1 {
        return Err(format!(
            "{} hex digits: the page reads a binary form as hex bytes, two digits a byte",
            digits.len()
        ));
    }
    Ok(digits
        .chunks(2)
        .map(|p| {
            let hi = p[0].1.to_digit(16).unwrap_or(0);
            let lo = p[1].1.to_digit(16).unwrap_or(0);
            (hi * 16 + lo) as u8
        })
        .collect())
}

/// What stands on each square, LERF index first: `.` empty, `X` first, `O` second, or a
/// piece letter.
fn cells(v: &Value) -> String {
    (0..v.size().squares())
        .map(|i| match edit::cell(v, i) {
            0 => '.',
            1 => 'X',
            2 => 'O',
            c => char::from((c & 0xff) as u8),
        })
        .collect()
}

/// Each square's number under `n`, LERF index first (`null` where `n` has none), counted
/// from 1 under `one_based`.
fn indices(n: Numbering, size: Size, one_based: bool) -> Vec<Option<usize>> {
    (0..size.squares())
        .map(|i| {
            Square::from_index(size, i)
                .and_then(|sq| n.index(size, sq))
                .map(|k| k + usize::from(one_based))
        })
        .collect()
}

/// The labels of the files and ranks (`1`..) of a board, and each square's name (LERF index
/// first), as the command line names squares: files `a`..`z`, past `z` the file's number from 0
/// as in the command line's name of such a square (`(48,0)`: file 48, rank 1).
fn labels(size: Size) -> (Vec<String>, Vec<String>, Vec<String>) {
    let files = (0..size.width())
        .map(|f| match Square::from_index(size, f) {
            Some(sq) if f < 26 => sq.to_string().trim_end_matches('1').to_string(),
            _ => f.to_string(),
        })
        .collect();
    let ranks = (1..=size.height()).map(|r| r.to_string()).collect();
    let names = (0..size.squares())
        .map(|i| Square::from_index(size, i).map_or_else(|| i.to_string(), |sq| sq.to_string()))
        .collect();
    (files, ranks, names)
}

/// `v` written as `form` under `opts`, or the command line's words for why it cannot be.
fn written(form: Format, v: &Value, opts: &Options) -> Result<String, String> {
    let mut out = Vec::new();
    format::render(form, v, opts, &mut out).map_err(|e| report::render_error(&e))?;
    Ok(if form.is_binary() {
        out.iter()
            .map(|b| format!("{b:02x}"))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        String::from_utf8_lossy(&out).trim_end().to_string()
    })
}

/// The board's numbers in hex, dec, signed and bin under `opts.to_order` (`[form, text]`
/// pairs): one side for one bitboard, two for a two-player board or a position.
fn numbers(v: &Value, opts: &Options) -> Vec<Json> {
    let layers: &[(&str, Option<Layer>)] = match v {
        Value::Single(_) => &[("", None)],
        _ => &[
            ("first", Some(Layer::First)),
            ("second", Some(Layer::Second)),
        ],
    };
    layers
        .iter()
        .map(|&(label, layer)| {
            let o = Options {
                layer,
                ..opts.clone()
            };
            let values: Vec<Json> = [Format::Hex, Format::Dec, Format::Signed, Format::Bin]
                .into_iter()
                .map(|f| {
                    json!([
                        f.name(),
                        written(f, v, &o).unwrap_or_else(|e| format!("({e})"))
                    ])
                })
                .collect();
            json!({ "label": label, "values": values })
        })
        .collect()
}

/// The board of `text` under numbering `n` (the settings' order replaced): its cells and each
/// square's number, or why the text does not read so.
fn board_under(req: &Request, n: Numbering, form: Format, opts: &Options) -> Json {
    let o = Options {
        order: n,
        ..opts.clone()
    };
    let text = req.str("text");
    let head = json!({ "numbering": n.name(), "formula": n.formula() });
    let mut b = match read_as(text, form, &o) {
        Ok((_, v)) => json!({
            "cells": cells(&v),
            "indices": indices(n, v.size(), req.flag("labels_one_based")),
            "width": v.size().width(),
        }),
        Err(e) => json!({ "error": e }),
    };
    if let (Json::Object(b), Json::Object(h)) = (&mut b, head) {
        b.extend(h);
    }
    b
}

/// `view`: the board of `text` read under `order` (and under every numbering with `all`),
/// its numbers, its `to` form under `to_order`, and `show`'s view of it.
pub fn view(req: &Request) -> Result<Json, String> {
    let opts = req.options()?;
    let (form, v) = read(req, "text", &opts)?;
    let to = req.form("to", Format::Hex)?;
    let out_opts = Options {
        order: opts.to_order,
        ..opts.clone()
    };
    let numberings: Vec<Numbering> = if req.flag("all") {
        Numbering::all().collect()
    } else {
        vec![opts.order]
    };
    let boards: Vec<Json> = numberings
        .into_iter()
        .map(|n| board_under(req, n, form, &opts))
        .collect();
    let (files, ranks, names) = labels(v.size());
    let mut shown = Vec::new();
    show::view(&v, &opts, &mut shown);
    let output = written(to, &v, &opts);
    Ok(json!({
        "form": form.name(),
        "kind": kind(&v),
        "width": v.size().width(),
        "height": v.size().height(),
        "files": files,
        "ranks": ranks,
        "names": names,
        "boards": boards,
        "numbers": numbers(&v, &out_opts),
        "to": to.name(),
        "output": output.as_ref().ok(),
        "output_error": output.as_ref().err(),
        "show": String::from_utf8_lossy(&shown),
    }))
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Single(_) => "single",
        Value::Pair(_) => "pair",
        Value::Pieces(_) => "pieces",
    }
}

/// The forms a changed board is written back in, first that can: the form read, then a form
/// that keeps everything the board holds (a position's pieces in a FEN before its two sides
/// in a pair, a pair's sides before one number); never a form that loses part of it.
fn write_back_forms(form: Format, v: &Value) -> Vec<Format> {
    match v {
        Value::Single(_) => vec![form, Format::Hex],
        Value::Pair(_) => vec![form, Format::Pair],
        Value::Pieces(_) => vec![form, Format::Fen],
    }
}

/// Whether `text`, read as the page will read it next (the form chosen, the size it will set),
/// gives `v` back: the page writes nothing it cannot read (an empty board's `-`, a PDN whose
/// size is ambiguous).
fn reads_back(req: &Request, text: &str, v: &Value, opts: &Options) -> bool {
    let opts = Options {
        size: Some(v.size()),
        ..opts.clone()
    };
    let Ok(from) = req.form("from", Format::Auto) else {
        return false;
    };
    read_as(text, from, &opts).is_ok_and(|(_, back)| same_board(&back, v))
}

/// Why `text` does not read back as the page will read it next: `: ` and the message of its
/// reading, or nothing when it reads (as another board).
fn why_not(req: &Request, text: &str, size: Size, opts: &Options) -> String {
    let opts = Options {
        size: Some(size),
        ..opts.clone()
    };
    let from = req.form("from", Format::Auto).unwrap_or(Format::Auto);
    read_as(text, from, &opts)
        .err()
        .map_or(String::new(), |e| format!(" ({e})"))
}

/// Whether two boards hold the same: a position's text read (`notation`, which a PDN keeps to
/// write itself back) left out.
fn same_board(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Pieces(x), Value::Pieces(y)) => {
            let (mut x, mut y) = (x.clone(), y.clone());
            x.notation = None;
            y.notation = None;
            x == y
        }
        _ => a == b,
    }
}

/// The answer of a changed board: its text (under the order it was read in) and, when its
/// size is not the one the settings give, the size (a text that carries its size may carry
/// it ambiguously: a PDN of 10x10 squares 1-10 reads as 8x8).
fn changed(written: String, size: Size, opts: &Options) -> Json {
    let size = (size != opts.size_or_default()).then(|| size.to_string());
    json!({ "text": written, "size": size })
}

/// `toggle`: `text` with square `square` (a LERF index) toggled as the explorer toggles it,
/// written back in the form it was read as.
pub fn toggle(req: &Request) -> Result<Json, String> {
    let opts = req.options()?;
    let (form, mut v) = read(req, "text", &opts)?;
    let i = req.index("square")?;
    let back = Options {
        to_order: opts.order,
        ..opts.clone()
    };
    // A position's square cycles through the letters of the form it is written in (a PDN's
    // men and kings), the first of the write-back forms that writes.
    let letters = match &v {
        Value::Pieces(pl) if i < v.size().squares() => write_back_forms(form, &v)
            .into_iter()
            .find(|f| !f.is_input_only())
            .map(|f| edit::letters_for(f, pl, i, &back))
            .transpose()?,
        _ => None,
    };
    edit::toggle_with(&mut v, i, letters.as_deref())?;
    let mut first = None;
    for f in write_back_forms(form, &v) {
        match written(f, &v, &back) {
            Ok(text) if reads_back(req, &text, &v, &opts) => {
                let mut a = changed(text, v.size(), &opts);
                if let (Some(why), Json::Object(m)) = (&first, &mut a) {
                    m.insert(
                        "note".into(),
                        json!(format!("written in {}: {why}", f.name())),
                    );
                }
                return Ok(a);
            }
            Ok(text) => {
                first.get_or_insert(format!(
                    "{text:?} in {} would not read back{}",
                    f.name(),
                    why_not(req, &text, v.size(), &opts)
                ));
            }
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    Err(first.unwrap_or_default())
}

/// `apply`: the operation `op` of `bbconv op` on `text` (`and`, `or`, `xor`, `andnot` with
/// `b`; `shift` with `arg`, a direction, and `n`; `flip` and `rotate` with `arg`; `not`,
/// `transpose`), written back in the form `text` was read as.
pub fn apply(req: &Request) -> Result<Json, String> {
    let opts = req.options()?;
    let (form, v) = read(req, "text", &opts)?;
    let op: Operation = req.str("op").parse().map_err(|e| format!("{e}"))?;
    let (text, from, cleared) = op_text(req, op, form, &v, &opts)?;
    let args = op_args(op, req, text)?;
    let back = Options {
        to_order: opts.order,
        ..opts.clone()
    };
    // A set operation on a layer of a two-player board gives one bitboard: written in hex,
    // never back into the pair (or FEN) it was taken from.
    let layered = opts.layer.filter(|_| {
        !matches!(v, Value::Single(_))
            && matches!(
                op,
                Operation::And
                    | Operation::Or
                    | Operation::Xor
                    | Operation::Andnot
                    | Operation::Not
            )
    });
    let forms = match layered {
        Some(_) => vec![Format::Hex],
        None => write_back_forms(form, &v),
    };
    let mut first = None;
    for f in forms {
        let o = Op {
            op,
            args: &args,
            from,
            to: Some(f),
            opts: back.clone(),
            swap: false,
            verbose: false,
        };
        match bbconv_present::op::run(&o, &Plain) {
            Ok(out) => {
                let out = if f.is_binary() {
                    out.iter()
                        .map(|b| format!("{b:02x}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    String::from_utf8_lossy(&out).trim_end().to_string()
                };
                let size = size_after(op, req.str("arg"), v.size());
                let sized = Options {
                    size: Some(size),
                    ..opts.clone()
                };
                match read_as(&out, f, &sized) {
                    Ok((_, after)) if layered.is_some() => {
                        return Ok(one_layer(out, &after, size, &opts, req, req.str("layer")))
                    }
                    Ok((_, after)) if reads_back(req, &out, &after, &opts) => {
                        return Ok(with_note(changed(out, size, &opts), cleared));
                    }
                    _ => {
                        first.get_or_insert(format!("{out:?} in {} would not read back", f.name()));
                    }
                }
            }
            Err(e) => {
                first.get_or_insert(e.to_string());
            }
        }
    }
    Err(first.unwrap_or_default())
}

/// What a move of a position's squares (a shift, flip, rotation or transposition, no layer)
/// does to its fields: castling and en passant no longer fit the moved squares.
const CLEARED: &str = "castling and en passant set to - (the side to move and the clocks kept)";

/// A changed board's answer with the note `note`, if any.
fn with_note(mut a: Json, note: Option<&str>) -> Json {
    if let (Some(n), Json::Object(m)) = (note, &mut a) {
        m.insert("note".into(), json!(n));
    }
    a
}

/// A position `v` whose castling or en passant field is not `-`, with both set to `-`.
fn cleared_fields(v: &Value) -> Option<Value> {
    let Value::Pieces(pl) = v else { return None };
    let mut fields: Vec<&str> = pl.rest.as_ref()?.as_str().split(' ').collect();
    if fields.len() < 3 || (fields[1] == "-" && fields[2] == "-") {
        return None;
    }
    (fields[1], fields[2]) = ("-", "-");
    let mut pl = pl.clone();
    pl.rest = Some(fields.join(" ").as_str().into());
    Some(Value::Pieces(pl))
}

/// The board's text as `op` reads it, the form to read it as, and the note of fields it
/// cleared: the text box's; a position moved (`CLEARED`) written again with its castling and
/// en passant `-`; a binary form's hex bytes as the board they read as, in a text form that
/// keeps it (its B, if any, is read as -f auto reads it).
fn op_text(
    req: &Request,
    op: Operation,
    form: Format,
    v: &Value,
    opts: &Options,
) -> Result<(String, Format, Option<&'static str>), String> {
    let moves = matches!(
        op,
        Operation::Shift | Operation::Flip | Operation::Rotate | Operation::Transpose
    );
    if let Some(c) = cleared_fields(v).filter(|_| moves && opts.layer.is_none()) {
        let with_order = Options {
            to_order: opts.order,
            ..opts.clone()
        };
        let f = if form.is_binary() { Format::Fen } else { form };
        return Ok((written(f, &c, &with_order)?, f, Some(CLEARED)));
    }
    let (text, from) = plain_or_text(req, form, v, opts)?;
    Ok((text, from, None))
}

/// The board's text as `op` reads it when no field is cleared (see `op_text`).
fn plain_or_text(
    req: &Request,
    form: Format,
    v: &Value,
    opts: &Options,
) -> Result<(String, Format), String> {
    if form.is_binary() {
        let plain = write_back_forms(Format::Auto, v)[1];
        let with_order = Options {
            to_order: opts.order,
            ..opts.clone()
        };
        Ok((written(plain, v, &with_order)?, Format::Auto))
    } else {
        Ok((req.str("text").to_string(), req.form("from", Format::Auto)?))
    }
}

/// `text` as the debugger reads it under `from`: a binary form's hex bytes (as the view reads
/// them) as the board they read as, in a text form that keeps it under the page's order, read
/// as `auto`; a text form's text as it is.
pub fn plain(text: &str, from: Format, opts: &Options) -> Result<(String, Format), String> {
    if !from.is_binary() {
        return Ok((text.to_string(), from));
    }
    let (_, v) = read_as(text, from, opts)?;
    let with_order = Options {
        to_order: opts.order,
        ..opts.clone()
    };
    Ok((
        written(write_back_forms(Format::Auto, &v)[1], &v, &with_order)?,
        Format::Auto,
    ))
}

/// The arguments of `bbconv op` for `op` on the board's `text`: B, a direction and a count,
/// an axis or an angle from the request.
fn op_args(op: Operation, req: &Request, text: String) -> Result<Vec<String>, String> {
    Ok(match op {
        Operation::And | Operation::Or | Operation::Xor | Operation::Andnot => {
            vec![text, req.str("b").to_string()]
        }
        Operation::Not | Operation::Transpose => vec![text],
        Operation::Shift => vec![req.str("arg").into(), req.str("n").into(), text],
        Operation::Flip | Operation::Rotate => vec![req.str("arg").into(), text],
        other => return Err(format!("the page does not apply op {}", other.name())),
    })
}

/// The answer of a set operation on a layer: one bitboard in hex, the form read from then
/// `auto` when the one chosen would not read it, and a note saying so.
fn one_layer(
    out: String,
    after: &Value,
    size: Size,
    opts: &Options,
    req: &Request,
    layer: &str,
) -> Json {
    let mut a = changed(out.clone(), size, opts);
    let from = req.form("from", Format::Auto).unwrap_or(Format::Auto);
    if let Json::Object(m) = &mut a {
        if from != Format::Auto && !reads_back(req, &out, after, opts) {
            m.insert("from".into(), json!(Format::Auto.name()));
        }
        m.insert(
            "note".into(),
            json!(format!(
                "the result is one bitboard (layer {}), written in hex",
                layer.trim().to_ascii_lowercase()
            )),
        );
    }
    a
}

/// The size of the board `op` gives from a board of `size`: transposed by a rotation of 90 or
/// 270 degrees and by a transposition, else the same.
fn size_after(op: Operation, arg: &str, size: Size) -> Size {
    let sym = match op {
        Operation::Transpose => Some(Symmetry::Transpose),
        Operation::Rotate | Operation::Flip => bbconv_present::op::symmetry_named(op, arg).ok(),
        _ => None,
    };
    sym.and_then(|s| s.target_of(size).ok()).unwrap_or(size)
}
