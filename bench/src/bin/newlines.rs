//! The line-end scanners on the same job, for `bench/run.sh` to count under callgrind (issue 11
//! point 4: a hand-written piece stays only where the benchmark shows it beating the plain
//! code). Reads FILE whole, then finds its line ends with `memchr::memchr_iter` or with
//! bbconv's batch scanner (`bbconv_frame::Newlines`: AVX2 where the CPU has it, SSE2
//! under `BBCONV_PORTABLE=1`), and prints how many it found and the sum of their positions.
//! Usage: newlines memchr|bbconv FILE
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(how), Some(path)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: newlines memchr|bbconv FILE");
        std::process::exit(2);
    };
    let data = std::fs::read(path).expect("read FILE");
    let data = black_box(&data[..]);
    let (mut n, mut sum) = (0u64, 0u64);
    match how.as_str() {
        "memchr" => {
            for end in memchr::memchr_iter(b'\n', data) {
                n += 1;
                sum = sum.wrapping_add(end as u64);
            }
        }
        "bbconv" => {
            let mut ends = bbconv_frame::Newlines::new(data, bbconv_forms::Kernels::from_env());
            loop {
                let batch = ends.batch();
                if batch.is_empty() {
                    break;
                }
                for &end in batch {
                    n += 1;
                    sum = sum.wrapping_add(end as u64);
                }
            }
        }
        _ => {
            eprintln!("usage: newlines memchr|bbconv FILE");
            std::process::exit(2);
        }
    }
    println!("{n} {sum}");
}
