//! The framing primitives of bbconv: where the line ends of a buffer are ([`newlines`]), where
//! records ended by a line of one byte end ([`end_lines`]) and
//! where whitespace-separated JSON values begin and end in a stream fed a line at a time
//! ([`json`]). They find records in bytes and read none: the forms crate reads one record and
//! knows nothing of streams; the command line's pipeline drives the I/O with these.

pub mod end_lines;
pub mod json;
pub mod newlines;

pub use end_lines::EndLines;
pub use json::{begins_value, ValueScanner};
pub use newlines::{Newlines, BATCH};
