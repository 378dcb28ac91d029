//! Git blob ids, for the `index` lines of a diff (which let `git am -3` fall back to a
//! three-way merge). SHA-1 here only names content the way git does; nothing relies on it
//! being a secure hash.

use sha1::{Digest, Sha1};

/// Git's id of a blob with this content (`git hash-object`), as 40 hex digits.
pub fn blob_id(content: &[u8]) -> String {
    let mut h = Sha1::new();
    h.update(format!("blob {}\0", content.len()).as_bytes());
    h.update(content);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // `git hash-object` of an empty file and of "hello\n".
        assert_eq!(blob_id(b""), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
        assert_eq!(
            blob_id(b"hello\n"),
            "ce013625030ba8dba906f756967f9e9ca394464a"
        );
    }

    #[test]
    fn agrees_with_git() {
        let mut child = std::process::Command::new("git")
            .args(["hash-object", "--stdin"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("git runs (the series check needs it too)");
        let text = "obj-$(CONFIG_SAMPLE_RUST_MINIMAL)\t\t+= rust_minimal.o\n".repeat(100);
        use std::io::Write as _;
        child
            .stdin
            .take()
            .expect("piped stdin")
            .write_all(text.as_bytes())
            .expect("write to git");
        let out = child.wait_with_output().expect("git hash-object");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            blob_id(text.as_bytes())
        );
    }
}
