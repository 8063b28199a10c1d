#![no_main]
// The rule of records that span lines, fed arbitrary lines in both modes: it never panics, and
// a line it is fed with nothing open is never a continuation.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    use bbconv_forms::span::{may_start, SpanMode, Spans, Step};
    for mode in [SpanMode::Sgf, SpanMode::Auto] {
        let mut spans = Spans::new(mode);
        for line in data.split(|&c| c == b'\n') {
            if !spans.is_open() && !may_start(mode, line) {
                continue;
            }
            let open = spans.is_open();
            let mut step = spans.feed(line);
            if step == Step::EndBefore {
                assert!(!spans.is_open());
                step = spans.feed(line);
                assert!(
                    step != Step::EndBefore,
                    "a line fed again to a closed state"
                );
            }
            if !open {
                assert!(matches!(step, Step::Single | Step::Open | Step::Close));
            }
        }
        spans.end();
    }
});
