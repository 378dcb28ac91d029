//! Turning dictionary text into HTML that can never inject markup.
//!
//! Text from TOML is Markdown for inline formatting (code spans, emphasis, links), but any raw
//! HTML inside it is shown as text, not interpreted.

use mdbook_markdown::pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn is_safe_url(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    !(lower.starts_with("javascript:")
        || lower.starts_with("data:")
        || lower.starts_with("vbscript:"))
}

/// Dictionary text links other entries relative to `dictionary/` (`valid-for-reads.html`); on a
/// page elsewhere such a link must climb to the site root first.
fn rebase(url: &str, base: &str) -> Option<String> {
    let relative = !url.is_empty()
        && !url.contains("://")
        && !url.starts_with(['/', '#'])
        && !url.starts_with("mailto:");
    relative.then(|| format!("{base}dictionary/{url}"))
}

fn render(markdown: &str) -> String {
    render_at(markdown, None)
}

fn render_at(markdown: &str, base: Option<&str>) -> String {
    let parser = Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    )
    .map(|ev| match ev {
        // Raw HTML from a dictionary file is shown, never interpreted.
        Event::Html(h) | Event::InlineHtml(h) => Event::Text(h),
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            let dest_url = if !is_safe_url(&dest_url) {
                CowStr::from("#")
            } else {
                match base.and_then(|b| rebase(&dest_url, b)) {
                    Some(u) => CowStr::from(u),
                    None => dest_url,
                }
            };
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            })
        }
        other => other,
    });
    let mut out = String::new();
    html::push_html(&mut out, parser);
    out
}

/// Block Markdown from the dictionary, for a page at `from` (links rebased).
pub fn block_at(markdown: &str, from: &str) -> String {
    no_blank_lines(&render_at(markdown, Some(&crate::pages::up(from))))
}

/// One line of Markdown from the dictionary, for a page at `from` (links rebased).
pub fn inline_at(markdown: &str, from: &str) -> String {
    strip_paragraph(&render_at(markdown, Some(&crate::pages::up(from))))
}

fn strip_paragraph(html: &str) -> String {
    let trimmed = html.trim();
    let inner = trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
        .unwrap_or(trimmed);
    no_blank_lines(inner).replace('\n', " ")
}

/// Block Markdown (paragraphs, lists, code) to safe HTML, with no blank lines so that it can sit
/// inside an HTML block of a Markdown chapter.
pub fn block(markdown: &str) -> String {
    no_blank_lines(&render(markdown))
}

/// One line of Markdown to safe inline HTML (no surrounding paragraph).
pub fn inline(markdown: &str) -> String {
    strip_paragraph(&render(markdown))
}

/// Plain text of one line of Markdown (for titles and attributes).
pub fn plain(markdown: &str) -> String {
    let mut out = String::new();
    for ev in Parser::new(markdown) {
        match ev {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                out.push_str(&t)
            }
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            Event::End(TagEnd::Paragraph) => out.push(' '),
            _ => {}
        }
    }
    out.trim().to_string()
}

/// Keeps HTML blocks unbroken inside Markdown: blank lines would end them, so newlines inside
/// `<pre>` become character references and other blank lines disappear.
pub fn no_blank_lines(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("<pre") {
        out.push_str(&collapse(&rest[..start]));
        let end = rest[start..]
            .find("</pre>")
            .map_or(rest.len(), |e| start + e + 6);
        out.push_str(&rest[start..end].replace('\n', "&#10;"));
        rest = &rest[end..];
    }
    out.push_str(&collapse(rest));
    out
}

fn collapse(s: &str) -> String {
    s.lines()
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_and_ampersands_render_inert() {
        let out = inline("a <script>alert(1)</script> & `b<c>`");
        assert!(!out.contains("<script>"), "{out}");
        assert!(out.contains("&lt;script&gt;"), "{out}");
        assert!(out.contains("&amp;"), "{out}");
        assert!(out.contains("<code>b&lt;c&gt;</code>"), "{out}");
    }

    #[test]
    fn javascript_links_are_neutralised() {
        let out = inline("[x](javascript:alert(1))");
        assert!(out.contains("href=\"#\""), "{out}");
    }

    #[test]
    fn pre_blocks_keep_their_lines_without_blank_lines() {
        let out = block("```\na\n\nb\n```\n\npara");
        assert!(!out.contains("\n\n"));
        assert!(out.contains("a&#10;&#10;b"), "{out}");
    }

    #[test]
    fn dictionary_links_are_rebased_to_the_page() {
        let out = inline_at("see [x](valid-for-reads.html#meaning)", "requirements.md");
        assert!(
            out.contains("href=\"dictionary/valid-for-reads.html#meaning\""),
            "{out}"
        );
        let out = inline_at("see [x](valid-for-reads.html)", "dictionary/a.md");
        assert!(
            out.contains("href=\"../dictionary/valid-for-reads.html\""),
            "{out}"
        );
    }

    #[test]
    fn escape_attribute() {
        assert_eq!(escape("a\"<b>&'"), "a&quot;&lt;b&gt;&amp;&#39;");
    }
}
