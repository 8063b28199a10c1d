#![no_main]
//! The FEN fast-path readers against each other and against the general parser, on arbitrary
//! bytes: the AVX2 reader (when the CPU has it), the portable reader and the general parser
//! must agree on every record either reader accepts. Inputs are also tried as the tail of a
//! valid placement, so records near and past the readers' 32- and 64-byte windows (and beyond
//! 4096 bytes) are reached.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    bbconv_fuzz::readers_agree(data);
    let mut long = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_vec();
    long.extend_from_slice(data);
    bbconv_fuzz::readers_agree(&long);
    if data.first() == Some(&b'L') {
        // A record beyond 4096 bytes: the placement, then the data repeated.
        let mut big = long.clone();
        while big.len() <= 4096 {
            big.extend_from_slice(if data.len() > 1 { &data[1..] } else { b" w" });
        }
        bbconv_fuzz::readers_agree(&big);
    }
});
