//! The series as `git format-patch` writes it: one mail per patch, numbered subjects, the
//! sign-off, a diffstat and the diff; and a cover letter.

use std::fmt::Write as _;

/// `Name <email>`, the author and the sign-off of every patch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub name: String,
    pub email: String,
}

impl Identity {
    /// Parses `Name <email>`.
    pub fn parse(s: &str) -> Option<Identity> {
        let (name, rest) = s.split_once('<')?;
        let email = rest.strip_suffix('>')?.trim();
        let name = name.trim();
        (!name.is_empty() && email.contains('@')).then(|| Identity {
            name: name.to_string(),
            email: email.to_string(),
        })
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} <{}>", self.name, self.email)
    }
}

/// One patch, ready to be written.
#[derive(Debug, Clone)]
pub struct Patch {
    /// The subject without the `[PATCH n/m]` prefix.
    pub subject: String,
    /// The commit message body, without the sign-off.
    pub body: String,
    /// `diff --git` sections, in order.
    pub diffs: Vec<String>,
}

/// The file name of patch `n`: `0001-doc-rust-add-the-rust-safety-standard.patch`.
pub fn file_name(n: usize, subject: &str) -> String {
    let mut slug = String::new();
    for c in subject.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(52).collect();
    format!("{n:04}-{}.patch", slug.trim_end_matches('-'))
}

/// The RFC 2822 date of a Unix time, in UTC.
pub fn date(secs: u64) -> String {
    let days = secs / 86_400;
    let stamp = qemu_harness::runner::rfc3339(secs);
    // `YYYY-MM-DDTHH:MM:SSZ`
    let (ymd, hms) = stamp.split_once('T').unwrap_or((&stamp, "00:00:00Z"));
    let mut parts = ymd.split('-');
    let y = parts.next().unwrap_or("1970");
    let m: usize = parts.next().and_then(|m| m.parse().ok()).unwrap_or(1);
    let d: u32 = parts.next().and_then(|d| d.parse().ok()).unwrap_or(1);
    const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let wd = WEEKDAYS[(days % 7) as usize];
    let mon = MONTHS[m.clamp(1, 12) - 1];
    format!("{wd}, {d} {mon} {y} {} +0000", hms.trim_end_matches('Z'))
}

/// A diffstat of `diffs` in git's layout (paths, counts, `+` bars, a closing summary).
pub fn diffstat(diffs: &[String]) -> String {
    let mut rows: Vec<(String, usize)> = Vec::new();
    let mut created = Vec::new();
    for d in diffs {
        let path = d
            .lines()
            .next()
            .and_then(|l| l.rsplit_once(" b/"))
            .map_or("", |(_, p)| p)
            .to_string();
        let added = d
            .lines()
            .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
            .count();
        if d.contains("\nnew file mode 100644\n") {
            created.push(path.clone());
        }
        // A file that two patches touch is one row of the series' diffstat.
        match rows.iter_mut().find(|(p, _)| *p == path) {
            Some(row) => row.1 += added,
            None => rows.push((path, added)),
        }
    }
    let width = rows.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
    let most = rows.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let digits = most.to_string().len();
    let room = 72usize.saturating_sub(width + digits + 4).max(10);
    let mut s = String::new();
    let mut total = 0;
    for (p, n) in &rows {
        total += n;
        let bar = if most <= room {
            *n
        } else {
            (n * room).div_ceil(most)
        };
        let _ = writeln!(s, " {p:<width$} | {n:>digits$} {}", "+".repeat(bar));
    }
    let files = rows.len();
    let _ = writeln!(
        s,
        " {files} file{} changed, {total} insertion{}(+)",
        if files == 1 { "" } else { "s" },
        if total == 1 { "" } else { "s" }
    );
    for p in created {
        let _ = writeln!(s, " create mode 100644 {p}");
    }
    s
}

/// Wraps a paragraph of plain text at 72 columns.
pub fn wrap(text: &str) -> String {
    let mut out = String::new();
    for para in text.split("\n\n") {
        if !out.is_empty() {
            out.push('\n');
        }
        if para.starts_with("  ") || para.starts_with("- ") && para.contains("\n- ") {
            // Indented or listed text keeps its lines.
            out.push_str(para.trim_end());
            out.push('\n');
            continue;
        }
        let mut line = String::new();
        // A `code span` is never split across lines.
        let mut words: Vec<String> = Vec::new();
        let mut open = false;
        for w in para.split_whitespace() {
            match words.last_mut() {
                Some(last) if open => {
                    last.push(' ');
                    last.push_str(w);
                }
                _ => words.push(w.to_string()),
            }
            if w.matches('`').count() % 2 == 1 {
                open = !open;
            }
        }
        for w in &words {
            if !line.is_empty() && line.len() + 1 + w.len() > 72 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(w);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

const TRAILER: &str = "-- \nsafety-dict kernel-series\n";

/// The mail of patch `n` of `m`.
pub fn patch_mail(p: &Patch, n: usize, m: usize, who: &Identity, date: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
    );
    let _ = writeln!(s, "From: {who}");
    let _ = writeln!(s, "Date: {date}");
    let _ = writeln!(s, "Subject: [PATCH {n}/{m}] {}", p.subject);
    s.push('\n');
    s.push_str(&wrap(&p.body));
    s.push('\n');
    let _ = writeln!(s, "Signed-off-by: {who}");
    s.push_str("---\n");
    s.push_str(&diffstat(&p.diffs));
    s.push('\n');
    for d in &p.diffs {
        s.push_str(d);
    }
    s.push_str(TRAILER);
    s
}

/// The cover letter (`[PATCH 0/m]`): what the series is, and its shortlog.
pub fn cover_letter(
    subject: &str,
    body: &str,
    patches: &[Patch],
    who: &Identity,
    date: &str,
) -> String {
    let m = patches.len();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
    );
    let _ = writeln!(s, "From: {who}");
    let _ = writeln!(s, "Date: {date}");
    let _ = writeln!(s, "Subject: [PATCH 0/{m}] {subject}");
    s.push('\n');
    s.push_str(&wrap(body));
    s.push('\n');
    let _ = writeln!(s, "{} ({m}):", who.name);
    for p in patches {
        let _ = writeln!(s, "  {}", p.subject);
    }
    s.push('\n');
    let all: Vec<String> = patches.iter().flat_map(|p| p.diffs.clone()).collect();
    s.push_str(&diffstat(&all));
    s.push('\n');
    s.push_str(TRAILER);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_dates_identities() {
        assert_eq!(
            file_name(1, "doc: rust: add the Rust Safety Standard"),
            "0001-doc-rust-add-the-Rust-Safety-Standard.patch"
        );
        assert_eq!(date(0), "Thu, 1 Jan 1970 00:00:00 +0000");
        assert_eq!(date(1_796_355_000), "Fri, 4 Dec 2026 03:30:00 +0000");
        let who = Identity::parse("A B <a@b.c>");
        assert_eq!(who.map(|w| w.to_string()).as_deref(), Some("A B <a@b.c>"));
        assert_eq!(Identity::parse("nobody"), None);
    }

    #[test]
    fn diffstat_counts_insertions() {
        let d = vec![
            "diff --git a/MAINTAINERS b/MAINTAINERS\n@@ -1 +1,2 @@\n a\n+b\n".to_string(),
            "diff --git a/x/y b/x/y\nnew file mode 100644\n--- /dev/null\n+++ b/x/y\n@@ -0,0 +1,2 @@\n+1\n+2\n".to_string(),
        ];
        let s = diffstat(&d);
        assert!(
            s.starts_with(" MAINTAINERS | 1 +\n x/y         | 2 ++\n"),
            "{s}"
        );
        assert!(s.contains(" 2 files changed, 3 insertions(+)\n create mode 100644 x/y\n"));
        let twice = diffstat(&[d[0].clone(), d[0].clone()]);
        assert!(
            twice.starts_with(" MAINTAINERS | 2 ++\n 1 file changed"),
            "{twice}"
        );
        assert_eq!(
            wrap(&format!("{} `# Safety` x", "a ".repeat(34)))
                .lines()
                .nth(1),
            Some("`# Safety` x")
        );
    }
}
