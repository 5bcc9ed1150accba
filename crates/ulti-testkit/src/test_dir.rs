//! A test's own directory under the system's temporary directory, removed when the test
//! passes and kept (with its path printed) when it fails, so a failed run's database and
//! logs can be read and a passing suite leaves nothing behind.

use std::ops::Deref;
use std::path::Path;

use tempfile::TempDir;

/// A fresh, empty directory named after the test; it derefs to its [`Path`].
pub struct TestDir(Option<TempDir>);

impl TestDir {
    /// A new directory whose name starts with `prefix` and `name`.
    pub fn new(prefix: &str, name: &str) -> TestDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("{prefix}-{name}-"))
            .tempdir()
            .expect("a temporary directory");
        TestDir(Some(dir))
    }
}

impl Deref for TestDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.as_ref().expect("present until dropped").path()
    }
}

impl AsRef<Path> for TestDir {
    fn as_ref(&self) -> &Path {
        self
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        if std::thread::panicking()
            && let Some(dir) = self.0.take()
        {
            eprintln!("kept for the failed test: {}", dir.keep().display());
        }
    }
}
