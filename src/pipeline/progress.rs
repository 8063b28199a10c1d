//! The progress display on stderr, drawn with indicatif: bytes read (of the total when the sizes
//! of all sources are known, with the time left), bytes and records per second.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress display, or nothing when progress is off.
#[derive(Clone)]
pub(crate) struct Progress(Option<ProgressBar>);

impl Progress {
    /// No display.
    pub(crate) fn off() -> Progress {
        Progress(None)
    }

    /// A display on stderr; `total` is the input size when known. `force` draws it even when
    /// stderr is not a terminal (`--progress`).
    pub(crate) fn new(total: Option<u64>, force: bool) -> Progress {
        let target = if force {
            ProgressDrawTarget::term_like_with_hz(Box::new(console::Term::stderr()), 10)
        } else {
            ProgressDrawTarget::stderr_with_hz(10)
        };
        let bar = match total {
            Some(t) => ProgressBar::with_draw_target(Some(t), target).with_style(
                ProgressStyle::with_template(
                    "{bar:30} {percent:>3}% {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {msg} ETA {eta}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            ),
            None => ProgressBar::with_draw_target(None, target).with_style(
                ProgressStyle::with_template(
                    "{spinner} {binary_bytes} {binary_bytes_per_sec} {msg} {elapsed}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress(Some(bar))
    }

    /// Counts bytes read.
    pub(crate) fn read(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }

    /// Shows the records written so far.
    pub(crate) fn records(&self, n: u64) {
        if let Some(b) = &self.0 {
            let secs = b.elapsed().as_secs_f64().max(1e-3);
            b.set_message(format!("{n} records, {:.0} records/s", n as f64 / secs));
        }
    }

    /// Runs `f` (a message on stderr) with the display out of the way.
    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(b) => b.suspend(f),
            None => f(),
        }
    }

    /// Draws the final state and leaves it on its own line.
    pub(crate) fn finish(&self, records: u64) {
        if let Some(b) = &self.0 {
            self.records(records);
            b.finish();
        }
    }
}
