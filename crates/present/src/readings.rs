//! How a reading of a board's text (`bbconv_forms::readings`) is said: the flags that
//! reproduce it.

use bbconv_forms::readings::Candidate;

/// The bbconv flags that read the text as `c` says (`--order`) or write it that way
/// (`--to-order`), and what no flag does (the fixes, a trit relabelling).
pub fn flags(c: &Candidate, order_flag: &str) -> String {
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

/// A reading in words with its flags, as `explain` and `infer` list it (the reading's words
/// without their "read under ", a colon, the flags).
pub fn line(c: &Candidate, size: bbconv_board::Size) -> String {
    let w = c.words("VALUE", size);
    format!(
        "{}: {}",
        w.strip_prefix("read under ").unwrap_or(&w),
        flags(c, "--order")
    )
}
