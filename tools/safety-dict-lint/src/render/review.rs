//! `--format review`: findings as an e-mail reply to a patch. Each finding follows the lines it
//! concerns, quoted with `> ` as mail clients quote (the patch's own lines with `--diff`, the
//! file's lines otherwise), then what is wrong, the notes, and the URL of the rule or entry.

use std::fmt::Write as _;

use crate::diff::Patch;
use crate::finding::Finding;
use crate::report::LintReport;

/// Quoted lines at most per finding: enough to recognise the code.
const MAX_QUOTED: usize = 8;

/// The last line of a finding's span.
pub fn end_line(report: &LintReport, f: &Finding) -> usize {
    report
        .sources
        .get(&f.file)
        .map(|t| {
            crate::SourceFile::new(f.file.clone(), t.clone())
                .line_col(f.span.end)
                .0
        })
        .unwrap_or(f.line)
        .max(f.line)
}

fn quote_patch(patch: &Patch, f: &Finding, end: usize, out: &mut String) -> bool {
    let Some(file) = patch.file_for(&f.file) else {
        return false;
    };
    let first = f.line.saturating_sub(2);
    for h in &file.hunks {
        let in_hunk = h
            .lines
            .iter()
            .any(|l| l.new_line.is_some_and(|n| n >= f.line && n <= end));
        if !in_hunk {
            continue;
        }
        let _ = writeln!(out, "> {}", h.header);
        let mut shown = 0;
        let mut last_new = 0;
        for l in &h.lines {
            let n = l.new_line.unwrap_or(last_new);
            last_new = n;
            let wanted = n >= first && n <= end && !(l.kind == '-' && n < f.line.saturating_sub(1));
            if wanted && shown < MAX_QUOTED {
                let _ = writeln!(out, "> {}{}", l.kind, l.text);
                shown += 1;
            }
        }
        return true;
    }
    false
}

fn quote_source(report: &LintReport, f: &Finding, end: usize, out: &mut String) {
    let Some(text) = report.sources.get(&f.file) else {
        return;
    };
    for line in text
        .lines()
        .skip(f.line - 1)
        .take((end + 1 - f.line).min(MAX_QUOTED))
    {
        let _ = writeln!(out, "> {line}");
    }
}

pub fn render(report: &LintReport, patch: Option<&Patch>) -> String {
    let mut out = String::new();
    for f in &report.findings {
        let end = end_line(report, f);
        let quoted = patch.is_some_and(|p| quote_patch(p, f, end, &mut out));
        if !quoted {
            quote_source(report, f, end, &mut out);
        }
        out.push('\n');
        let _ = writeln!(
            out,
            "{}[{}]: {} ({}:{}:{})",
            f.level.as_str(),
            f.code.as_str(),
            f.message,
            f.file.display(),
            f.line,
            f.column
        );
        if !f.label.is_empty() {
            let _ = writeln!(out, "  {}", f.label);
        }
        for n in &f.notes {
            let _ = writeln!(out, "  {n}");
        }
        let _ = writeln!(out, "  See {}", f.help_url);
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "-- \nsafety-dict lint: {} finding(s){}",
        report.findings.len(),
        if patch.is_some() {
            " on the lines this patch adds"
        } else {
            ""
        }
    );
    out
}
