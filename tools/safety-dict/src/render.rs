//! Rendering core diagnostics as rustc-style snippets.

use annotate_snippets::{Level, Renderer, Snippet};
use safety_dict::Diagnostic;

pub fn renderer() -> Renderer {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
}

/// One diagnostic with its source snippet, file:line:column and hint.
pub fn diagnostic(d: &Diagnostic) -> String {
    let origin = d.file.display().to_string();
    let located = format!("{}:{}:{}", origin, d.line, d.column);
    // Point at one character at least, so that the caret shows.
    let span = if d.span.is_empty() {
        let end = d.source[d.span.start..]
            .chars()
            .next()
            .map_or(d.span.start, |c| d.span.start + c.len_utf8());
        d.span.start..end
    } else {
        d.span.clone()
    };
    let mut msg = Level::Error.title(&d.message);
    if d.source.is_empty() {
        msg = msg.footer(Level::Note.title(&located));
    } else {
        msg = msg.snippet(
            Snippet::source(&d.source)
                .line_start(1)
                .origin(&origin)
                .fold(true)
                .annotation(Level::Error.span(span).label("here")),
        );
    }
    if let Some(h) = &d.hint {
        msg = msg.footer(Level::Help.title(h));
    }
    let out = renderer().render(msg).to_string();
    out
}
