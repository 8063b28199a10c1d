//! Where output goes: stdout, or a file written atomically (a temporary file in the same folder,
//! renamed over the target only when the run completes).

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// A file that appears under its name only once [`AtomicFile::commit`] is called; dropped
/// uncommitted, it leaves the target untouched and removes its temporary file.
pub(crate) struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<BufWriter<File>>,
}

impl AtomicFile {
    pub(crate) fn create(target: &Path) -> Result<AtomicFile> {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .with_context(|| format!("{}: not a file name", target.display()))?;
        let mut k = 0u32;
        loop {
            let temp = dir.join(format!(
                ".{}.bbconv-{}-{k}.tmp",
                name.to_string_lossy(),
                std::process::id()
            ));
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(f) => {
                    return Ok(AtomicFile {
                        target: target.to_path_buf(),
                        temp,
                        file: Some(BufWriter::with_capacity(1 << 16, f)),
                    })
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && k < 100 => k += 1,
                Err(e) => {
                    return Err(e).with_context(|| {
                        format!("cannot create a temporary file in {}", dir.display())
                    })
                }
            }
        }
    }

    /// Flushes, syncs and renames the temporary file over the target.
    pub(crate) fn commit(mut self) -> Result<()> {
        if let Some(w) = self.file.take() {
            let f = w
                .into_inner()
                .map_err(|e| e.into_error())
                .with_context(|| format!("cannot write {}", self.temp.display()))?;
            f.sync_all()
                .with_context(|| format!("cannot write {}", self.temp.display()))?;
        }
        fs::rename(&self.temp, &self.target).with_context(|| {
            format!(
                "cannot rename {} to {}",
                self.temp.display(),
                self.target.display()
            )
        })
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.file {
            Some(f) => f.write(buf),
            None => Err(io::Error::other("file already committed")),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.write_all(buf),
            None => Err(io::Error::other("file already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}
