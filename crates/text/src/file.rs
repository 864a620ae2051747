//! [`file_kind`]: what a file is, in the words of the messages that refuse
//! a file that is not regular.

use std::fs;

/// What a file of type `file_type` is, as an error message names it: `"a
/// FIFO"`, `"a socket"`, `"a device"` (block or character), `"a
/// directory"`, `"a symbolic link"`, `"a regular file"`, or `"a special
/// file"` for any other kind.
///
/// Readers that accept only regular files (so that a FIFO or `/dev/zero`
/// cannot make them wait or read forever) say with it what they found
/// instead: `hosts.txt is a directory, not a regular file`. FIFOs, sockets
/// and devices are told apart on Unix only; elsewhere they are special
/// files. A symbolic link is seen only in the type of
/// [`fs::symlink_metadata`]; [`fs::metadata`] follows links.
///
/// # Example
///
/// ```
/// let here = std::fs::metadata(".")?;
/// assert_eq!(frontier_text::file_kind(here.file_type()), "a directory");
/// # Ok::<(), std::io::Error>(())
/// ```
#[must_use]
pub fn file_kind(file_type: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

#[cfg(test)]
mod tests {
    use super::file_kind;

    #[test]
    fn regular_files_directories_and_links() {
        let dir = std::env::temp_dir().join(format!("frontier-text-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("file");
        std::fs::write(&file, "x").unwrap();
        let kind = |path: &std::path::Path| file_kind(std::fs::metadata(path).unwrap().file_type());
        assert_eq!(kind(&dir), "a directory");
        assert_eq!(kind(&file), "a regular file");
        #[cfg(unix)]
        {
            let link = dir.join("link");
            std::os::unix::fs::symlink(&file, &link).unwrap();
            let of_link = std::fs::symlink_metadata(&link).unwrap().file_type();
            assert_eq!(file_kind(of_link), "a symbolic link");
            // Followed, the link is the file it names.
            assert_eq!(kind(&link), "a regular file");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn devices_on_unix() {
        let null = std::fs::metadata("/dev/null").unwrap().file_type();
        assert_eq!(file_kind(null), "a device");
    }
}
