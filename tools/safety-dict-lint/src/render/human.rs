//! rustc-style diagnostics: header with code, `-->` location, the source lines with a caret
//! under the span, `= note:` lines and `= help: <URL>`.

use annotate_snippets::{Level as SnippetLevel, Renderer, Snippet};

use crate::code::Level;
use crate::finding::Finding;
use crate::source::SourceFile;
use crate::LintReport;

fn level(l: Level) -> SnippetLevel {
    match l {
        Level::Error => SnippetLevel::Error,
        Level::Warning => SnippetLevel::Warning,
        Level::Info => SnippetLevel::Info,
    }
}

/// One finding as text (no trailing newline).
pub fn render_finding(f: &Finding, source: Option<&SourceFile>, renderer: &Renderer) -> String {
    let origin = f.file.display().to_string();
    let snippet_src;
    let mut message = level(f.level).title(&f.message).id(f.code.as_str());
    if let Some(src) = source.filter(|s| !s.text.is_empty()) {
        // Only the lines the span covers, so rendering stays cheap on big files.
        let (end_line, _) = src.line_col(f.span.end.max(f.span.start));
        let first = src.line_range(f.line);
        let last = src.line_range(end_line);
        snippet_src = &src.text[first.start..last.end];
        let start = f
            .span
            .start
            .saturating_sub(first.start)
            .min(snippet_src.len());
        let end = f
            .span
            .end
            .saturating_sub(first.start)
            .clamp(start, snippet_src.len());
        message = message.snippet(
            Snippet::source(snippet_src)
                .line_start(f.line)
                .origin(&origin)
                .fold(false)
                .annotation(level(f.level).span(start..end).label(&f.label)),
        );
    }
    for n in &f.notes {
        message = message.footer(SnippetLevel::Note.title(n));
    }
    message = message.footer(SnippetLevel::Help.title(&f.help_url));
    let text = renderer.render(message).to_string();
    text
}

/// Every finding, then every unreadable path, then one line of totals.
pub fn render(report: &LintReport, color: bool) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    let mut last_path = None;
    let mut file: Option<SourceFile> = None;
    for f in &report.findings {
        if last_path.as_ref() != Some(&f.file) {
            last_path = Some(f.file.clone());
            file = report
                .sources
                .get(&f.file)
                .map(|t| SourceFile::new(f.file.clone(), t.clone()));
        }
        out.push_str(&render_finding(f, file.as_ref(), &renderer));
        out.push_str("\n\n");
    }
    for e in &report.errors {
        out.push_str(&format!("error: {e}\n\n"));
    }
    let by = report.counts_by_level();
    let n = |l: Level| by.get(&l).copied().unwrap_or(0);
    out.push_str(&format!(
        "{} error(s), {} warning(s), {} info in {} file(s)",
        n(Level::Error),
        n(Level::Warning),
        n(Level::Info),
        report.stats.files
    ));
    if !report.errors.is_empty() {
        out.push_str(&format!(
            "; {} path(s) could not be read",
            report.errors.len()
        ));
    }
    out.push('\n');
    out
}
