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

/// The FEN readers agree: the AVX2 one (when the CPU has it), the portable one, and the
/// general parser on every record a reader accepts.
pub fn readers_agree(data: &[u8]) {
    use bbconv_forms::FenReader;
    let portable = FenReader::Portable.read(data);
    if let Some(simd) = FenReader::avx2() {
        assert_eq!(simd.read(data), portable, "avx2 and portable readers differ");
    }
    if let Some((first, second)) = portable {
        let v = parse(Format::Fen, data, &Options::default()).expect("the general parser accepts it");
        let pair = v.to_pair();
        assert_eq!(v.size(), Size::CHESS);
        assert_eq!(
            (pair.first().as_u64(), pair.second().as_u64()),
            (Some(first), Some(second)),
            "the general parser reads another board"
        );
    }
}
