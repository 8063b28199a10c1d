//! The I/O floor of a line-to-line converter: reads its input in large blocks, finds the line
//! ends (memchr) and writes one fixed 26-byte line per input line. Nothing can convert faster
//! than this reads and writes. Usage: io-floor < corpus.fen > out
use std::io::{Read, Write};

fn main() {
    const LINE: &[u8; 27] = b"797979010000000000d8f2f250\n";
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut buf = vec![0u8; 1 << 16];
    let mut out = Vec::with_capacity(1 << 17);
    loop {
        let n = stdin.read(&mut buf).expect("read stdin");
        if n == 0 {
            break;
        }
        for _ in memchr::memchr_iter(b'\n', &buf[..n]) {
            out.extend_from_slice(LINE);
        }
        if out.len() >= 1 << 16 {
            stdout.write_all(&out).expect("write stdout");
            out.clear();
        }
    }
    stdout.write_all(&out).expect("write stdout");
}
