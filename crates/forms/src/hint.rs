//! Hints: what helps with an error, and the size rule's message, written once for every front
//! end. A hint names the options that help ([`Opt`]); a front end says only how it spells them
//! ([`Front`]: `-s WxH` on the command line, `size="WxH"` in Python).

use crate::{ConvertError, ErrorKind, Format, ParseError, RenderError, RenderErrorKind};
use bbconv_board::Size;

/// An option a hint names, with the value it suggests when it suggests one. Options are named
/// by their command-line long names (`to-coords`); a front end spells them its own way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Opt<'a> {
    /// The board size (`-s WxH`).
    Size,
    /// The input form: any (`-f FORM`) or the one named (`-f epd`).
    From(Option<&'a str>),
    /// The output form: any (`-t`) or the one named (`-t hex`).
    To(Option<&'a str>),
    /// A flag turned on (`--lenient`).
    Flag(&'a str),
    /// An option without its value (`--layer`).
    Named(&'a str),
    /// An option with the value suggested (`--layer first`).
    Valued(&'a str, &'a str),
    /// A table's header row (`--header`): front ends that read tables.
    Header,
    /// A table of tab-separated fields and the board's column (`--tsv`, `--column`): front
    /// ends that read tables.
    Table,
}

/// How a front end spells the options a hint names.
pub trait Front {
    /// `opt` as this front end spells it; `None` when it has no such option (the hint that
    /// needs it is left out).
    fn option(&self, opt: Opt<'_>) -> Option<String>;

    /// What this front end calls the records of one run (`stream`, `batch`).
    fn run(&self) -> &'static str;

    /// What goes between two options given together (` ` between flags).
    fn and(&self) -> &'static str {
        " "
    }
}

/// The hint for a parse error's kind, if any.
pub fn parse_hint(kind: &ErrorKind, front: &dyn Front) -> Option<String> {
    let o = |opt| front.option(opt);
    Some(match kind {
        ErrorKind::Length => format!("the size of the boards is set with {}", o(Opt::Size)?),
        ErrorKind::SummedDigits => format!("pass {} to add up digits", o(Opt::Flag("lenient"))?),
        ErrorKind::Undetected => format!("name the form with {}", o(Opt::From(None))?),
        // Square names that read two ways (chess-style or GTP).
        ErrorKind::Ambiguous(forms) if forms == &[Format::Squares] => format!(
            "add {} (chess-style) or {}{}{}",
            o(Opt::From(Some("squares")))?,
            o(Opt::From(Some("squares")))?,
            front.and(),
            o(Opt::Valued("coords", "gtp"))?
        ),
        ErrorKind::Ambiguous(forms) => {
            let names: Option<Vec<String>> =
                forms.iter().map(|f| o(Opt::From(Some(f.name())))).collect();
            format!("add one of {}", names?.join(" or "))
        }
        ErrorKind::OneRank => {
            let size = o(Opt::Size)?;
            match o(Opt::Header) {
                Some(header) => format!(
                    "a {} of one-rank boards needs {size}; a header row needs {header}",
                    front.run()
                ),
                None => format!("a {} of one-rank boards needs {size}", front.run()),
            }
        }
        ErrorKind::Epd => format!(
            "read EPD lines with {} (or keep the fields unchecked with {})",
            o(Opt::From(Some("epd")))?,
            o(Opt::Flag("lenient"))?
        ),
        ErrorKind::NameInIndices => format!("use {}", o(Opt::From(Some("squares")))?),
        ErrorKind::PairInIndices => format!("use {}", o(Opt::From(Some("coords")))?),
        ErrorKind::BeforeTab => format!("for a table, use {}", o(Opt::Table)?),
        _ => return None,
    })
}

/// The hint for a render error's kind, if any.
pub fn render_hint(kind: RenderErrorKind, front: &dyn Front) -> Option<String> {
    let o = |opt| front.option(opt);
    Some(match kind {
        RenderErrorKind::NeedsLayer => format!(
            "choose one with {}, {} or {}",
            o(Opt::Valued("layer", "first"))?,
            o(Opt::Valued("layer", "second"))?,
            o(Opt::Valued("layer", "occupied"))?
        ),
        RenderErrorKind::InputOnly => format!("choose an output form with {}", o(Opt::To(None))?),
        RenderErrorKind::TooBig => format!("write it with {}", o(Opt::To(Some("hex")))?),
        RenderErrorKind::NoPlane => format!("add its letter to {}", o(Opt::Named("planes"))?),
        RenderErrorKind::GridCoords => format!(
            "use {} or {}",
            o(Opt::Valued("to-coords", "gtp"))?,
            o(Opt::Valued("to-coords", "chess"))?
        ),
        _ => return None,
    })
}

/// A message and its hint: `MESSAGE; HINT`.
pub fn with_hint(message: &str, hint: Option<String>) -> String {
    match hint {
        Some(h) => format!("{message}; {h}"),
        None => message.to_string(),
    }
}

/// A parse error's message with its hint.
pub fn parse_message(e: &ParseError, front: &dyn Front) -> String {
    with_hint(&e.message, parse_hint(&e.kind, front))
}

/// A render error's message with its hint.
pub fn render_message(e: &RenderError, front: &dyn Front) -> String {
    with_hint(&e.message, render_hint(e.kind, front))
}

/// A conversion error's message with its hint.
pub fn message(e: &ConvertError, front: &dyn Front) -> String {
    match e {
        ConvertError::Parse(p) => parse_message(p, front),
        ConvertError::Render(r) => render_message(r, front),
    }
}

/// The size rule's message: one run holds boards of one size, given or set by the first board
/// that converts (`origin` says where: a line, a record). A board of another size is a bad
/// record; unless the size was given, naming it is the hint.
pub fn size_drift(found: Size, size: Size, origin: &str, given: bool, front: &dyn Front) -> String {
    let run = front.run();
    let mut text = format!(
        "the board is {found}, but this {run}'s boards are {size} (set by {origin}): a {run} holds boards of one size"
    );
    if let (false, Some(opt)) = (given, front.option(Opt::Size)) {
        text.push_str("; name the size with ");
        text.push_str(&opt);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A front end that spells every option `<OPTION>`, and has no tables.
    struct Angle;

    impl Front for Angle {
        fn option(&self, opt: Opt<'_>) -> Option<String> {
            match opt {
                Opt::Header | Opt::Table => None,
                o => Some(format!("<{o:?}>")),
            }
        }
        fn run(&self) -> &'static str {
            "batch"
        }
    }

    #[test]
    fn hints_name_options_as_the_front_end_spells_them() {
        assert_eq!(
            parse_hint(&ErrorKind::Length, &Angle).unwrap(),
            "the size of the boards is set with <Size>"
        );
        assert_eq!(
            parse_hint(&ErrorKind::OneRank, &Angle).unwrap(),
            "a batch of one-rank boards needs <Size>"
        );
        // A hint whose option the front end lacks is left out.
        assert_eq!(parse_hint(&ErrorKind::BeforeTab, &Angle), None);
        assert_eq!(
            render_hint(RenderErrorKind::InputOnly, &Angle).unwrap(),
            "choose an output form with <To(None)>"
        );
        let s = |w, h| Size::new(w, h).unwrap();
        assert_eq!(
            size_drift(s(9, 9), s(8, 8), "record 2", false, &Angle),
            "the board is 9x9, but this batch's boards are 8x8 (set by record 2): a batch holds boards of one size; name the size with <Size>"
        );
        assert!(!size_drift(s(9, 9), s(8, 8), "<Size>", true, &Angle).contains("; name"));
    }
}
