#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| bbconv_fuzz::check(
    bbconv_forms::Format::PlanesBin,
    data
));
