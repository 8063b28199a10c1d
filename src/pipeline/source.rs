//! Where records come from: command-line arguments (one board each), files, and stdin (`-`).

use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

/// One source of records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// A command-line argument (1-based position among the boards) holding one board.
    Arg(usize, String),
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Source {
    /// The sources of a command: boards given as arguments (`-` is stdin), then `-i` files;
    /// stdin when there are none.
    pub(crate) fn list(boards: &[String], files: &[PathBuf]) -> Vec<Source> {
        let mut v: Vec<Source> = boards
            .iter()
            .enumerate()
            .map(|(k, b)| {
                if b == "-" {
                    Source::Stdin
                } else {
                    Source::Arg(k + 1, b.clone())
                }
            })
            .collect();
        v.extend(files.iter().map(|p| {
            if p.as_os_str() == "-" {
                Source::Stdin
            } else {
                Source::File(p.clone())
            }
        }));
        if v.is_empty() {
            v.push(Source::Stdin);
        }
        v
    }

    /// The name used in messages: `argument 2`, `-` for stdin, or the file's path.
    pub(crate) fn name(&self) -> String {
        match self {
            Source::Arg(k, _) => format!("argument {k}"),
            Source::Stdin => "-".to_string(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// Opens the source for reading.
    pub(crate) fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Source::Arg(_, s) => Box::new(io::Cursor::new(s.clone().into_bytes())),
            Source::Stdin => Box::new(io::stdin()),
            Source::File(p) => Box::new(File::open(p)?),
        })
    }

    /// The size in bytes, when known in advance (a regular file).
    pub(crate) fn len(&self) -> Option<u64> {
        match self {
            Source::Arg(_, s) => Some(s.len() as u64),
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
        }
    }
}
