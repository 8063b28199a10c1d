//! Where output goes: stdout; a FIFO or device, written directly; or a file replaced atomically
//! (a temporary file beside the target, renamed over it only when the run completes, keeping the
//! target's permission bits; a symlink is followed and its target replaced). No temporary file
//! outlives the run: dropped on any failure, and removed by the Ctrl-C and SIGTERM handler. A
//! command that reads its own output back (`infer`) writes to memory.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{bail, Context, Result};

/// The temporary file of the run, for the signal handler to remove.
static TEMP: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Output: stdout, a special file, or an atomic file.
pub(crate) enum Sink {
    /// Standard output.
    Stdout(io::Stdout),
    /// A FIFO, a character device or a socket: written as it is opened.
    Direct(File, PathBuf),
    /// A regular file, replaced when the run completes.
    Atomic(AtomicFile),
    /// Memory, read back by the command once the run ends.
    Memory(Arc<Mutex<Vec<u8>>>),
}

impl Sink {
    /// Opens `-o FILE` (or stdout for `None` and `-`). A directory is refused here, before
    /// anything is written.
    pub(crate) fn open(output: Option<&Path>) -> Result<Sink> {
        let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
            return Ok(Sink::Stdout(io::stdout()));
        };
        match fs::metadata(path) {
            Ok(m) if m.is_dir() => {
                bail!("cannot write {}: it is a directory", path.display())
            }
            Ok(m) if !m.is_file() => {
                let f = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(|| format!("cannot open {}", path.display()))?;
                Ok(Sink::Direct(f, path.to_path_buf()))
            }
            _ => Ok(Sink::Atomic(AtomicFile::create(path)?)),
        }
    }

    /// The name used in messages.
    pub(crate) fn name(&self) -> String {
        match self {
            Sink::Stdout(_) => "stdout".to_string(),
            Sink::Direct(_, p) => p.display().to_string(),
            Sink::Atomic(a) => a.target.display().to_string(),
            Sink::Memory(_) => "memory".to_string(),
        }
    }

    /// Whether the output is stdout.
    pub(crate) fn is_stdout(&self) -> bool {
        matches!(self, Sink::Stdout(_))
    }

    /// Writes all of `bytes`.
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(s) => s.lock().write_all(bytes),
            Sink::Direct(f, _) => f.write_all(bytes),
            Sink::Atomic(a) => a.file.write_all(bytes),
            Sink::Memory(m) => {
                m.lock()
                    .map_err(|_| io::Error::other("the output buffer's lock is poisoned"))?
                    .extend_from_slice(bytes);
                Ok(())
            }
        }
    }

    /// Ends the output: an atomic file replaces its target.
    pub(crate) fn commit(self) -> Result<()> {
        match self {
            Sink::Stdout(s) => s.lock().flush().context("cannot write to stdout"),
            Sink::Direct(mut f, p) => f
                .flush()
                .with_context(|| format!("cannot write {}", p.display())),
            Sink::Atomic(a) => a.commit(),
            Sink::Memory(_) => Ok(()),
        }
    }
}

/// A file that appears under its name only once [`AtomicFile::commit`] is called; dropped
/// uncommitted, it leaves the target untouched and removes its temporary file.
pub(crate) struct AtomicFile {
    /// The path named on the command line.
    target: PathBuf,
    /// The file to replace: the target, or what its symlinks point to.
    real: PathBuf,
    /// The permission bits to give the new file (those of the file it replaces).
    keep: Option<fs::Permissions>,
    file: BufWriter<tempfile::NamedTempFile>,
}

/// Follows the symlinks of `path` (as many as the system would) to the file they name.
fn resolve(path: &Path) -> Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)
                    .with_context(|| format!("cannot read the link {}", p.display()))?;
                p = match p.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            _ => return Ok(p),
        }
    }
    bail!(
        "cannot write {}: too many levels of symlinks",
        path.display()
    )
}

impl AtomicFile {
    fn create(target: &Path) -> Result<AtomicFile> {
        let real = resolve(target)?;
        let dir = match real.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = real
            .file_name()
            .with_context(|| format!("cannot write {}: not a file name", target.display()))?;
        let keep = fs::metadata(&real).ok().map(|m| m.permissions());
        let prefix = format!(".{}.", name.to_string_lossy());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".bbconv.tmp");
        #[cfg(unix)]
        {
            // A new file gets the usual 0666 less the umask, not tempfile's private 0600.
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let temp = builder
            .tempfile_in(&dir)
            .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
        install_cleanup(temp.path());
        Ok(AtomicFile {
            target: target.to_path_buf(),
            real,
            keep,
            file: BufWriter::with_capacity(1 << 16, temp),
        })
    }

    /// Flushes, syncs and renames the temporary file over the target.
    fn commit(self) -> Result<()> {
        let what = || format!("cannot write {}", self.target.display());
        let temp = self
            .file
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(what)?;
        if let Some(perm) = self.keep {
            fs::set_permissions(temp.path(), perm).with_context(what)?;
        }
        temp.as_file().sync_all().with_context(what)?;
        temp.persist(&self.real)
            .map_err(|e| e.error)
            .with_context(|| format!("cannot replace {}", self.real.display()))?;
        if let Ok(mut t) = TEMP.lock() {
            *t = None;
        }
        Ok(())
    }
}

/// Makes Ctrl-C, SIGTERM and SIGHUP remove the temporary file before the process ends
/// (exit code 130).
fn install_cleanup(path: &Path) {
    if let Ok(mut t) = TEMP.lock() {
        *t = Some(path.to_path_buf());
    }
    let _ = ctrlc::set_handler(|| {
        if let Ok(t) = TEMP.lock() {
            if let Some(p) = t.as_ref() {
                let _ = fs::remove_file(p);
            }
        }
        std::process::exit(130);
    });
}
