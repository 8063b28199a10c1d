//! `bbconv explore`: the square-order debugger as a terminal UI. The state is a value changed
//! by key events ([`app`]), the drawing a function of it ([`view`]); this module owns the
//! terminal: it draws on the controlling terminal (`/dev/tty`, so that stdout can be
//! captured), restores it on every way out (a panic and SIGTERM included), redraws on resize,
//! and turns crossterm's events into the app's keys.

pub(crate) mod app;
pub(crate) mod view;

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use crossterm::ExecutableCommand;
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use app::{App, Key, Outcome};

/// What `run` ended with.
pub(crate) enum End {
    /// Print the board shown.
    Print(Box<App>),
    /// Printed nothing: Esc, Ctrl-C or SIGTERM.
    Abort,
}

/// The terminal, restored when dropped.
struct Screen {
    tty: File,
}

impl Screen {
    fn open() -> io::Result<Screen> {
        let tty = OpenOptions::new().read(true).write(true).open("/dev/tty")?;
        enable_raw_mode()?;
        let mut s = Screen { tty };
        s.tty.execute(EnterAlternateScreen)?;
        s.tty.execute(EnableMouseCapture)?;
        Ok(s)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore(&mut self.tty);
    }
}

/// Puts the terminal back as it was (also from the panic hook and on SIGTERM).
fn restore(tty: &mut impl Write) {
    let _ = tty.execute(DisableMouseCapture);
    let _ = tty.execute(LeaveAlternateScreen);
    let _ = tty.execute(crossterm::cursor::Show);
    let _ = disable_raw_mode();
    let _ = tty.flush();
}

/// Whether the process has a controlling terminal to draw on.
pub(crate) fn has_terminal() -> bool {
    OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")
        .is_ok()
}

/// Runs the explorer on the controlling terminal until it ends.
pub(crate) fn run(mut app: App, color: bool) -> Result<End> {
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        // SIGTERM and SIGHUP (and Ctrl-C, which raw mode turns into a key): end the loop, which
        // restores the terminal.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(mut tty) = OpenOptions::new().write(true).open("/dev/tty") {
            restore(&mut tty);
        }
        previous(info);
    }));
    let screen = Screen::open().context("cannot open the terminal (/dev/tty)")?;
    let backend = CrosstermBackend::new(screen.tty.try_clone()?);
    let mut term = Terminal::new(backend)?;
    term.clear()?;
    let end = loop {
        term.draw(|f| view::draw(&app, f.area(), f.buffer_mut(), color))?;
        if stop.load(Ordering::SeqCst) {
            break End::Abort;
        }
        if !event::poll(Duration::from_millis(100))? {
            continue;
        }
        let area = term.get_frame().area();
        let key = match event::read()? {
            Event::Key(k) if k.kind != KeyEventKind::Release => {
                let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
                match k.code {
                    KeyCode::Char('c') if ctrl => Key::Interrupt,
                    KeyCode::Char('r') if ctrl => Key::Redo,
                    KeyCode::Char(c) => Key::Char(c),
                    KeyCode::Left => Key::Left,
                    KeyCode::Right => Key::Right,
                    KeyCode::Up => Key::Up,
                    KeyCode::Down => Key::Down,
                    KeyCode::Enter => Key::Enter,
                    KeyCode::Esc => Key::Esc,
                    KeyCode::Backspace => Key::Backspace,
                    KeyCode::Delete => Key::Delete,
                    KeyCode::Home => Key::Home,
                    KeyCode::End => Key::End,
                    _ => continue,
                }
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                match view::square_at(&app, area, m.column, m.row) {
                    Some(sq) => Key::Click(sq),
                    None => continue,
                }
            }
            // A resize is drawn at the top of the loop.
            _ => continue,
        };
        app.key(key);
        match app.outcome {
            Some(Outcome::Print) => break End::Print(Box::new(app)),
            Some(Outcome::Abort) => break End::Abort,
            None => {}
        }
    };
    drop(term);
    drop(screen);
    Ok(end)
}
