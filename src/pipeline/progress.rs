//! The progress display on stderr, drawn with indicatif: bytes read (of the total when the sizes
//! of all sources are known, with the time left), bytes and records per second. It appears once
//! a job has run for a second (at once with `--progress`) and is cleared when the job ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress display, or nothing when progress is off.
#[derive(Clone)]
pub(crate) struct Progress(Option<Bar>);

/// A display and when it is shown.
#[derive(Clone)]
struct Bar {
    bar: ProgressBar,
    /// Whether it is drawn yet.
    shown: Arc<AtomicBool>,
    /// When the job started.
    start: Instant,
}

/// How long a job runs before its progress is shown (a short job draws nothing).
pub(crate) const SHOW_AFTER: Duration = Duration::from_secs(1);

impl Progress {
    /// No display.
    pub(crate) fn off() -> Progress {
        Progress(None)
    }

    /// A display on stderr; `total` is the input size when known. It is drawn once the job has
    /// run for [`SHOW_AFTER`], or at once when `at_once` (`--progress`, which also draws it when
    /// stderr is not a terminal).
    pub(crate) fn new(total: Option<u64>, at_once: bool) -> Progress {
        let bar = match total {
            Some(t) => ProgressBar::with_draw_target(Some(t), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{bar:30} {percent:>3}% {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {msg} ETA {eta}",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template(
                    "{spinner} {binary_bytes} {binary_bytes_per_sec} {msg} {elapsed}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        let p = Bar {
            bar,
            shown: Arc::new(AtomicBool::new(false)),
            start: Instant::now(),
        };
        if at_once {
            p.show(true);
        }
        Progress(Some(p))
    }

    /// Counts bytes read.
    #[inline]
    pub(crate) fn read(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.bar.inc(n);
            b.tick();
        }
    }

    /// Shows the records written so far.
    pub(crate) fn records(&self, n: u64) {
        if let Some(b) = &self.0 {
            let secs = b.bar.elapsed().as_secs_f64().max(1e-3);
            b.bar
                .set_message(format!("{n} records, {:.0} records/s", n as f64 / secs));
            b.tick();
        }
    }

    /// Runs `f` (a message on stderr) with the display out of the way.
    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(b) if b.shown.load(Ordering::Relaxed) => b.bar.suspend(f),
            _ => f(),
        }
    }

    /// Ends the display: it is cleared, leaving the screen as the output left it.
    pub(crate) fn finish(&self) {
        if let Some(b) = &self.0 {
            b.bar.finish_and_clear();
        }
    }

    /// Whether the display is drawn (for tests).
    #[cfg(test)]
    fn shown(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|b| b.shown.load(Ordering::Relaxed))
    }
}

impl Bar {
    /// Draws the display if its time has come.
    fn tick(&self) {
        if !self.shown.load(Ordering::Relaxed) && self.start.elapsed() >= SHOW_AFTER {
            self.show(false);
        }
    }

    /// Starts drawing on stderr: a terminal's, or (`force`) whatever stderr is.
    fn show(&self, force: bool) {
        if self.shown.swap(true, Ordering::Relaxed) {
            return;
        }
        let target = if force {
            ProgressDrawTarget::term_like_with_hz(Box::new(console::Term::stderr()), 10)
        } else {
            ProgressDrawTarget::stderr_with_hz(10)
        };
        self.bar.set_draw_target(target);
        self.bar.enable_steady_tick(Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A display is drawn at once only when asked; otherwise once the job has run for
    /// SHOW_AFTER, at the first progress after it.
    #[test]
    fn the_display_waits_a_second_unless_asked() {
        let at_once = Progress::new(Some(10), true);
        assert!(at_once.shown());
        at_once.finish();
        let later = Progress::new(Some(10), false);
        later.read(1);
        assert!(!later.shown(), "drawn before its time");
        std::thread::sleep(SHOW_AFTER + Duration::from_millis(50));
        later.read(1);
        assert!(later.shown(), "not drawn after its time");
        later.finish();
        assert!(!Progress::off().shown());
    }
}
