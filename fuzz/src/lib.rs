//! The check every fuzz target runs: parsing arbitrary bytes as one form never panics, and what
//! parses renders in every form without panicking.

use bbconv_board::Size;
use bbconv_forms::{parse, render, Format, Options};

/// Parses `data` as `format` under a few sizes; renders what parses in every form. The fast
/// paths must agree with the general code: `parse` with `parse_str` (no fast path), `render`
/// with `render_general`, and a `Conversion` with parsing and rendering.
pub fn check(format: Format, data: &[u8]) {
    for size in [
        None,
        Some(Size::CHESS),
        Size::new(3, 3).ok(),
        Size::new(19, 19).ok(),
    ] {
        let opts = Options {
            size,
            ..Options::default()
        };
        let parsed = parse(format, data, &opts);
        if let (Ok(v), Ok(text)) = (&parsed, std::str::from_utf8(data)) {
            if !format.is_binary() {
                let text = text.strip_prefix('\u{feff}').unwrap_or(text);
                assert_eq!(
                    bbconv_forms::parse_str(format, text, &opts).as_ref(),
                    Ok(v),
                    "parse: fast and general differ"
                );
            }
        }
        if let Ok(v) = &parsed {
            let (mut out, mut reference) = (Vec::new(), Vec::new());
            for &to in Format::ALL {
                out.clear();
                reference.clear();
                let a = render(to, v, &opts, &mut out);
                let b = bbconv_forms::render_general(to, v, &opts, &mut reference);
                assert_eq!(
                    (a.is_ok(), &out),
                    (b.is_ok(), &reference),
                    "render {to}: fast and general differ"
                );
            }
        }
        // Every conversion (a form's reader, then a writer) gives what the general reading and
        // writing give, its errors included, with and without the sides exchanged.
        for &to in Format::ALL {
            for swap in [false, true] {
                let general = parsed.clone().map_err(|e| e.to_string()).and_then(|v| {
                    let v = if swap { v.swap() } else { v };
                    let mut o = Vec::new();
                    bbconv_forms::render_general(to, &v, &opts, &mut o)
                        .map(|_| o)
                        .map_err(|e| e.to_string())
                });
                let mut converted = Vec::new();
                let swapped = Options {
                    swap,
                    ..opts.clone()
                };
                let conv = bbconv_forms::Conversion::new(format, to, &swapped);
                let via = conv
                    .run(data, &mut converted)
                    .map(|_| converted)
                    .map_err(|e| e.to_string());
                assert_eq!(
                    via, general,
                    "convert to {to} (swap {swap}): reader and writer differ from the general code"
                );
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
        assert_eq!(
            simd.read(data),
            portable,
            "avx2 and portable readers differ"
        );
    }
    if let Some((first, second)) = portable {
        let v =
            parse(Format::Fen, data, &Options::default()).expect("the general parser accepts it");
        let pair = v.to_pair();
        assert_eq!(v.size(), Size::CHESS);
        assert_eq!(
            (pair.first().as_u64(), pair.second().as_u64()),
            (Some(first), Some(second)),
            "the general parser reads another board"
        );
    }
}

pub mod options;
