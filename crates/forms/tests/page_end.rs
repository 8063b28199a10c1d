//! Every reader stops at its record's end (issue 40): each record, and each of its prefixes, is
//! put flush against a page that cannot be read and converted from every form into every form,
//! under the kernels this CPU runs and under the portable ones ([`Kernels`]), and FEN records go through both FEN readers directly. A read past the
//! end is then a crash, not a chance one. FEN records whose last 8 bytes hold no space (the
//! sentinel the fast reader looks for) are among them.
#![cfg(target_os = "linux")]
#![allow(unsafe_code)]

use bbconv_forms::{Conversion, FenReader, Format, Kernels, Options};
use std::path::Path;
use std::process::Command;

/// Readable pages followed by one that is not: a record copied to [`Guarded::flush`] ends
/// exactly where reading faults.
struct Guarded {
    base: *mut u8,
    readable: usize,
    page: usize,
}

impl Guarded {
    /// `readable` bytes (rounded up to pages) and the unreadable page after them.
    fn new(readable: usize) -> Guarded {
        // SAFETY: sysconf has no preconditions.
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap();
        let readable = readable.div_ceil(page) * page;
        // SAFETY: an anonymous private mapping at an address the kernel chooses; the result is
        // checked, and the second call changes only the mapping's last page.
        unsafe {
            let base = libc::mmap(
                std::ptr::null_mut(),
                readable + page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            assert_ne!(base, libc::MAP_FAILED, "mmap failed");
            let guard = base.cast::<u8>().add(readable).cast();
            assert_eq!(
                libc::mprotect(guard, page, libc::PROT_NONE),
                0,
                "mprotect failed"
            );
            Guarded {
                base: base.cast(),
                readable,
                page,
            }
        }
    }

    /// `record` copied so that its last byte is the last readable one.
    fn flush(&mut self, record: &[u8]) -> &[u8] {
        assert!(
            record.len() <= self.readable,
            "a record longer than the pages"
        );
        // SAFETY: the copy and the slice lie in the readable part of the mapping, which this
        // borrows mutably for as long as the slice lives.
        unsafe {
            let at = self.base.add(self.readable - record.len());
            std::ptr::copy_nonoverlapping(record.as_ptr(), at, record.len());
            std::slice::from_raw_parts(at, record.len())
        }
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: the mapping `new` made, no longer borrowed.
        unsafe { libc::munmap(self.base.cast(), self.readable + self.page) };
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// FEN records whose last 8 bytes hold no space, so the fast reader may not trust one.
fn fens_without_a_late_space() -> Vec<Vec<u8>> {
    let placement = START.split(' ').next().unwrap();
    let mut out: Vec<Vec<u8>> = vec![
        placement.into(),
        format!("{placement} w").into(),
        format!("{placement} w KQkq").into(),
        format!("{placement} w KQkq -").into(),
        format!("{placement}\tw\tKQkq\t-\t0\t1").into(),
        format!("{placement} w KQkq - 100000000 1").into(),
        "8/8/8/8/8/8/8/8".into(),
        "rnbqkbnr/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/RNBQKBNR".into(),
        "rnbqkbnr/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/RNBQKBNR KQkq".into(),
    ];
    // Placement bytes running far past 64 (a first field no board has).
    out.push(vec![b'p'; 200]);
    out.push([&b"pppppppp/"[..]; 30].concat());
    out
}

/// Records of every form: each form's example, the start position written in each form that
/// holds it, the first two lines of the fixtures (and the short files whole: SGF), and the FENs
/// above.
fn records() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = fens_without_a_late_space();
    let opts = Options::default();
    for &to in Format::ALL {
        out.push(to.example().into());
        let mut rendered = Vec::new();
        if Conversion::new(Format::Fen, to, &opts)
            .run(START.as_bytes(), &mut rendered)
            .is_ok()
        {
            out.push(rendered);
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    for dir in ["forms", "real", "edax", "paste", "fen"] {
        for file in files(&root.join(dir)) {
            let Ok(text) = std::fs::read(&file) else {
                continue;
            };
            if text.len() <= 4 << 10 {
                out.push(text.clone());
            }
            out.extend(text.split(|&c| c == b'\n').take(2).map(<[u8]>::to_vec));
        }
    }
    out.retain(|r| !r.is_empty());
    out.sort();
    out.dedup();
    out
}

/// The fixture files under `dir`, at any depth (no documentation nor script).
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            out.extend(files(&path));
        } else if !matches!(
            path.extension().and_then(|x| x.to_str()),
            Some("md" | "py" | "sh")
        ) {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The longest record whose every prefix goes through every form (a line of any form).
const PREFIXES_UP_TO: usize = 100;

/// Every record flush against the unreadable page, through every pair of forms; every prefix of
/// a line through every form into the forms the fast paths write; under the kernels this CPU
/// runs and under the portable ones. Reaching the end is the test.
#[test]
fn every_reader_stops_at_the_end_of_its_record() {
    for kernels in [Kernels::Auto, Kernels::Portable] {
        every_conversion_stops_at_the_end(&Options {
            kernels,
            ..Options::default()
        });
    }
}

/// [`every_reader_stops_at_the_end_of_its_record`] under `opts`.
fn every_conversion_stops_at_the_end(opts: &Options) {
    let records = records();
    let mut page = Guarded::new(records.iter().map(Vec::len).max().unwrap_or(1));
    let convs: Vec<Conversion> = Format::ALL
        .iter()
        .flat_map(|&from| Format::ALL.iter().map(move |&to| (from, to)))
        .map(|(from, to)| Conversion::new(from, to, opts))
        .collect();
    let fast: Vec<Conversion> = Format::ALL
        .iter()
        .flat_map(|&from| [Format::PackedBin, Format::PlanesBin, Format::Fen].map(|to| (from, to)))
        .map(|(from, to)| Conversion::new(from, to, opts))
        .collect();
    let mut out = Vec::new();
    let mut converted = 0;
    for record in &records {
        let r = page.flush(record);
        for conv in &convs {
            out.clear();
            converted += usize::from(conv.run(r, &mut out).is_ok());
        }
        if record.len() > PREFIXES_UP_TO {
            continue;
        }
        for len in 0..record.len() {
            let r = page.flush(&record[..len]);
            for conv in &fast {
                out.clear();
                let _ = conv.run(r, &mut out);
            }
        }
    }
    // The records are real ones: many of them convert.
    assert!(converted > 1000, "{converted} conversions");
}

/// The FEN readers themselves, portable and AVX2, on every prefix of every record.
#[test]
fn both_fen_readers_stop_at_the_end_of_their_record() {
    let records = records();
    let mut page = Guarded::new(records.iter().map(Vec::len).max().unwrap_or(1));
    let readers: Vec<FenReader> = [Some(FenReader::Portable), FenReader::avx2()]
        .into_iter()
        .flatten()
        .collect();
    let mut read = 0;
    for record in &records {
        for len in 0..=record.len() {
            let r = page.flush(&record[..len]);
            let answers: Vec<_> = readers.iter().map(|f| f.read(r)).collect();
            assert!(
                answers.windows(2).all(|w| w[0] == w[1]),
                "{:?}",
                String::from_utf8_lossy(r)
            );
            read += usize::from(answers[0].is_some());
        }
    }
    assert!(read > 10, "{read} records read");
}

/// The page after a flush record does fault: a byte read past one ends the process by a signal.
#[test]
fn reading_past_a_flush_record_faults() {
    if std::env::var_os("PAGE_END_PROBE").is_some() {
        let mut page = Guarded::new(1);
        let r = page.flush(b"8/8/8/8/8/8/8/8");
        // SAFETY: none; this reads one byte past `r`, which must fault (the parent checks).
        let past = unsafe { std::ptr::read_volatile(r.as_ptr().add(r.len())) };
        println!("read {past} past the end");
        return;
    }
    let done = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "reading_past_a_flush_record_faults",
            "--nocapture",
        ])
        .env("PAGE_END_PROBE", "1")
        .output()
        .unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(done.status.signal(), Some(libc::SIGSEGV), "{done:?}");
}
