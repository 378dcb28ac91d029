//! The committed registry of published paths: a published URL never disappears silently.

use std::collections::BTreeSet;
use std::path::Path;

/// The registry file, relative to the book root.
pub const REGISTRY_FILE: &str = "stable-urls.txt";

const HEADER: &str = "# Every page path the site has published. A path listed here must keep existing, or get an\n# [output.html.redirect] entry in book.toml. Add new paths with `mdbook-safety-dict register`.\n";

pub fn read(root: &Path) -> std::io::Result<BTreeSet<String>> {
    let text = match std::fs::read_to_string(root.join(REGISTRY_FILE)) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect())
}

/// Writes the registry atomically (temporary file, then rename), so an interrupted write never
/// leaves it half-written.
pub fn write(root: &Path, paths: &BTreeSet<String>) -> std::io::Result<()> {
    let mut text = String::from(HEADER);
    for p in paths {
        text.push_str(p);
        text.push('\n');
    }
    let tmp = root.join(format!("{REGISTRY_FILE}.tmp"));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, root.join(REGISTRY_FILE))
}

/// Registered paths that are neither generated nor redirected.
pub fn vanished<'a>(
    registered: &'a BTreeSet<String>,
    generated: &BTreeSet<String>,
    redirects: &BTreeSet<String>,
) -> Vec<&'a String> {
    registered
        .iter()
        .filter(|p| !generated.contains(*p) && !redirects.contains(&format!("/{p}")))
        .collect()
}

/// Generated paths not yet registered.
pub fn unregistered<'a>(
    registered: &BTreeSet<String>,
    generated: &'a BTreeSet<String>,
) -> Vec<&'a String> {
    generated
        .iter()
        .filter(|p| !registered.contains(*p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_redirect_excuses_a_vanished_path() {
        let reg: BTreeSet<String> = ["dictionary/a.html".into(), "dictionary/b.html".into()].into();
        let gen: BTreeSet<String> = ["dictionary/a.html".into()].into();
        let none = BTreeSet::new();
        assert_eq!(vanished(&reg, &gen, &none), vec!["dictionary/b.html"]);
        let red: BTreeSet<String> = ["/dictionary/b.html".into()].into();
        assert!(vanished(&reg, &gen, &red).is_empty());
    }

    #[test]
    fn write_then_read_round_trips() {
        let dir = tempfile::tempdir().expect("tempdir");
        let set: BTreeSet<String> = ["x.html".into(), "a/b.html".into()].into();
        write(dir.path(), &set).expect("write");
        assert_eq!(read(dir.path()).expect("read"), set);
    }
}
