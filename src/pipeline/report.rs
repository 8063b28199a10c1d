//! Where a problem is (`FILE:LINE:COLUMN`, `argument 2, column 5`) and the whole line of a bad
//! record. What the problem is and its hint are worded by the presentation crate
//! ([`bbconv_present::report`]), which the web page shares.

pub(crate) use bbconv_present::report::{fault_message, kind_label, Context};

use super::source::Source;
use super::work::FaultKind;

/// Where a problem is: `FILE:LINE`, `FILE:LINE:COLUMN`, `argument K` or `argument K, column C`.
pub(crate) fn location(src: &Source, line: u64, col: Option<usize>) -> String {
    match (src, col) {
        (Source::Arg(..), Some(c)) => format!("{}, column {c}", src.name()),
        (Source::Arg(..), None) => src.name(),
        (_, Some(c)) => format!("{}:{line}:{c}", src.name()),
        (_, None) => format!("{}:{line}", src.name()),
    }
}

/// The whole line for a bad record: location (of a binary record, its number and the offset of
/// its fault in the input), message, and for an argument that names a file, how to read the file
/// instead.
pub(crate) fn bad_record(
    src: &Source,
    line: u64,
    col: Option<usize>,
    kind: &FaultKind,
    cx: &Context<'_>,
) -> String {
    let place = match (src, cx.record_len) {
        // A binary record: its number and where its fault is, in bytes from the input's start.
        (Source::Arg(..), _) | (_, 0) => location(src, line, col),
        (_, len) => {
            let start = (line.saturating_sub(1) as usize).saturating_mul(len);
            let byte = start.saturating_add(col.map_or(0, |c| c.saturating_sub(1)));
            format!("{}: record {line} (byte {byte})", src.name())
        }
    };
    let mut s = format!("{place}: {}", fault_message(kind, cx));
    if let Source::Arg(_, text) = src {
        s.push_str(&file_hint(text));
    }
    s
}

/// For a board argument that names an existing file, how to read the file instead (else
/// nothing).
pub(crate) fn file_hint(arg: &str) -> String {
    let path = std::path::Path::new(arg);
    if !arg.is_empty() && path.is_file() {
        format!(" ({arg} is a file: to read the file, use -i FILE)")
    } else {
        String::new()
    }
}
