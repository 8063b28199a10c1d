//! How the CLI says a reading of a board's text (`bbconv_forms::readings`): the flags that
//! reproduce it.

pub(crate) use bbconv_forms::readings::{candidates, Candidate};

/// The bbconv flags that read the text as `c` says (`--order`) or write it that way
/// (`--to-order`), and what no flag does (the fixes, a trit relabelling).
pub(crate) fn flags(c: &Candidate, order_flag: &str) -> String {
    let (settings, fix) = c.settings();
    let f: Vec<String> = settings
        .iter()
        .map(|(name, value)| match *name {
            "order" => format!("{order_flag} {value}"),
            "swap" => "--swap".to_string(),
            other => format!("--{} {value}", other.replace('_', "-")),
        })
        .collect();
    let mut s = format!("`{}`", f.join(" "));
    if fix {
        s.push_str(", once the text is fixed as said (no flag does that)");
    }
    s
}
