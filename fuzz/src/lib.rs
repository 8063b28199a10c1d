//! The check every fuzz target runs: parsing arbitrary bytes as one form never panics, and what
//! parses renders in every form without panicking.

use bbconv_forms::{parse, render, Format, Options};
use bbconv_board::Size;

/// Parses `data` as `format` under a few sizes; renders what parses in every form.
pub fn check(format: Format, data: &[u8]) {
    for size in [None, Some(Size::CHESS), Size::new(3, 3).ok(), Size::new(19, 19).ok()] {
        let opts = Options { size, ..Options::default() };
        if let Ok(v) = parse(format, data, &opts) {
            let mut out = Vec::new();
            for &to in Format::ALL {
                out.clear();
                let _ = render(to, &v, &opts, &mut out);
            }
        }
    }
}
