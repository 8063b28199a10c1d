#![no_main]
//! The trainers' forms: the first byte picks the form, the rest is one record.
use bbconv_forms::Format;

const FORMS: [Format; 6] = [
    Format::SfBin,
    Format::SfPlain,
    Format::SfCompressed,
    Format::BinaryFen,
    Format::Marlin,
    Format::Bullet,
];

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some((&pick, record)) = data.split_first() {
        bbconv_fuzz::check(FORMS[usize::from(pick) % FORMS.len()], record);
    }
});
