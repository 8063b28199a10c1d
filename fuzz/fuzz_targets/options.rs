#![no_main]
//! Every option on every path: random option sets (drawn from the input's first bytes) for a
//! source form and every output form, on the rest of the input or on a board drawn from it; each
//! conversion gives the general reading's and writing's bytes or its very error.
libfuzzer_sys::fuzz_target!(|data: &[u8]| bbconv_fuzz::options::check(data));
