#![no_main]
//! The trainers' forms: the first byte picks the form, the rest is one record.
use bbconv_forms::{Format, Holds};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    // The forms that hold a chess position with a training record's fields.
    let forms = || Format::ALL.iter().filter(|f| f.holds() == Holds::Position);
    if let Some((&pick, record)) = data.split_first() {
        if let Some(&form) = forms().nth(usize::from(pick) % forms().count()) {
            bbconv_fuzz::check(form, record);
        }
    }
});
