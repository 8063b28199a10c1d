//! The `bbconv` binary: parses the command line and hands it to [`cli::run`]; maps the outcome to
//! an exit code (0 all converted, 1 some input invalid, 2 bad usage or I/O error) and ends
//! quietly when stdout is closed early (`| head`).

mod cli;
mod explore;
mod pipeline;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("bbconv: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
