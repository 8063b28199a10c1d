//! A request's fields, and the options they set: the board settings of the command line
//! (`from`, `size`, `order`, `to`, `to_order`, `one_based`), read as the command line reads
//! them, with its words when one does not read.

use bbconv_board::{Numbering, Size};
use bbconv_forms::{Format, Layer, Options};
use serde_json::{Map, Value as Json};

/// A request: a JSON object.
pub struct Request(pub Map<String, Json>);

impl Request {
    /// A text field (`""` when absent or not a string).
    pub fn str(&self, key: &str) -> &str {
        self.0.get(key).and_then(Json::as_str).unwrap_or("")
    }

    /// A flag (false when absent).
    pub fn flag(&self, key: &str) -> bool {
        self.0.get(key).and_then(Json::as_bool).unwrap_or(false)
    }

    /// A whole number field, or why there is none.
    pub fn index(&self, key: &str) -> Result<usize, String> {
        self.0
            .get(key)
            .and_then(Json::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| format!("the request has no {key}: expected a whole number"))
    }

    /// The form named by `key` (`default` when empty), as `-f` and `-t` read names.
    pub fn form(&self, key: &str, default: Format) -> Result<Format, String> {
        match self.str(key).trim() {
            "" => Ok(default),
            name => name
                .to_ascii_lowercase()
                .parse()
                .map_err(|e| format!("{e}")),
        }
    }

    /// The numbering named by `key` (`default` when empty), as `--order` reads names.
    pub fn numbering(&self, key: &str, default: Numbering) -> Result<Numbering, String> {
        match self.str(key).trim() {
            "" => Ok(default),
            name => name
                .to_ascii_lowercase()
                .parse()
                .map_err(|e| format!("{e}")),
        }
    }

    /// The size given (`None` when empty: 8x8, or the size the text carries).
    pub fn size(&self) -> Result<Option<Size>, String> {
        match self.str("size").trim() {
            "" => Ok(None),
            s => s.parse().map(Some).map_err(|e| format!("{e}")),
        }
    }

    /// The options of the board settings: `size`, `order`, `to_order` (default: `order`),
    /// `one_based` (`--one-based`: how square numbers in the text read; the page's "Numbers"
    /// only labels squares and never sends it) and `layer` (`--layer`: first, second or
    /// occupied; none when empty).
    pub fn options(&self) -> Result<Options, String> {
        let order = self.numbering("order", Numbering::default())?;
        let layer = match self.str("layer").trim() {
            "" => None,
            l => Some(
                l.to_ascii_lowercase()
                    .parse::<Layer>()
                    .map_err(|e| format!("invalid --layer: {e}"))?,
            ),
        };
        Ok(Options {
            size: self.size()?,
            order,
            to_order: self.numbering("to_order", order)?,
            one_based: self.flag("one_based"),
            layer,
            ..Options::default()
        })
    }
}
