//! How the CLI says a reading of a board's text (`bbconv_forms::readings`): the flags that
//! reproduce it.

use bbconv_board::ternary::DigitOrder;
pub(crate) use bbconv_forms::readings::{candidates, Candidate, Side};

/// The bbconv flags that read the text as `c` says (`--order`) or write it that way
/// (`--to-order`), and what no flag does (the fixes, a trit relabelling).
pub(crate) fn flags(c: &Candidate, order_flag: &str) -> String {
    let mut f = vec![format!("{order_flag} {}", c.reading.numbering)];
    if c.swap {
        f.push("--swap".into());
    }
    if let Some(l) = c.layout {
        if l.digits == DigitOrder::Msd {
            f.push("--digits msd".into());
        }
        if l.map != [0, 1, 2] {
            f.push(format!(
                "--digit-map {}",
                l.map
                    .iter()
                    .map(|d| char::from(b'0' + d))
                    .collect::<String>()
            ));
        }
    }
    let mut s = format!("`{}`", f.join(" "));
    if !c.reading.fixes.is_empty() || c.trit_map.is_some() {
        s.push_str(", once the text is fixed as said (no flag does that)");
    }
    s
}
