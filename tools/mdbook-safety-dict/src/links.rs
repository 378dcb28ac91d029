//! Checking links to pages and anchors of the book, which mdbook-linkcheck2 does not do for
//! `#fragments`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use mdbook_markdown::pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use regex::Regex;

/// mdBook's heading id: lowercase alphanumerics, `_` and `-`, whitespace as `-`.
pub fn heading_id(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_lowercase().next().unwrap_or(c))
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

fn html_id() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r#"\sid="([^"]+)""#).expect("static regex"))
}

fn html_href() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r#"\shref="([^"]+)""#).expect("static regex"))
}

/// Every anchor a page will have: heading ids (deduplicated as mdBook does) and explicit ids.
pub fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut in_heading: Option<(String, Option<String>)> = None;
    for ev in Parser::new_ext(
        markdown,
        Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_TABLES,
    ) {
        match ev {
            Event::Start(Tag::Heading { id, .. }) => {
                in_heading = Some((String::new(), id.map(|i| i.to_string())))
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((text, explicit)) = in_heading.take() {
                    let base = explicit.unwrap_or_else(|| heading_id(&text));
                    let n = seen.entry(base.clone()).or_insert(0);
                    let id = if *n == 0 {
                        base.clone()
                    } else {
                        format!("{base}-{n}")
                    };
                    *n += 1;
                    out.insert(id);
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((text, _)) = in_heading.as_mut() {
                    text.push_str(&t);
                }
            }
            Event::Html(h) | Event::InlineHtml(h) => {
                for c in html_id().captures_iter(&h) {
                    out.insert(c[1].to_string());
                }
            }
            _ => {}
        }
    }
    out
}

/// Every link target of a page: Markdown links and `href`s of inline HTML.
pub fn links(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    for ev in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match ev {
            Event::Start(Tag::Link { dest_url, .. }) => out.push(dest_url.to_string()),
            Event::Html(h) | Event::InlineHtml(h) => {
                for c in html_href().captures_iter(&h) {
                    out.push(c[1].replace("&amp;", "&"));
                }
            }
            _ => {}
        }
    }
    out
}

/// Resolves `target` relative to the page at `from` (`a/b.md`) into a site path without
/// fragment, with `.md` turned into `.html`; `None` for external or absolute links.
pub fn resolve(from: &str, target: &str) -> Option<(String, Option<String>)> {
    if target.contains("://") || target.starts_with("mailto:") || target.starts_with('/') {
        return None;
    }
    let (path, fragment) = match target.split_once('#') {
        Some((p, f)) => (p, Some(f.to_string())),
        None => (target, None),
    };
    // A query (`expander.html?text=…`) is for the page's script; the page is what must exist.
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    let from_page = from
        .strip_suffix(".md")
        .map_or(from.to_string(), |p| format!("{p}.html"));
    if path.is_empty() {
        return Some((from_page, fragment));
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    let mut joined = parts.join("/");
    if let Some(stem) = joined.strip_suffix(".md") {
        joined = format!("{stem}.html");
    }
    Some((joined, fragment))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_ids_like_mdbook() {
        assert_eq!(heading_id("Full expansion"), "full-expansion");
        assert_eq!(heading_id("The `unsafe` keyword!"), "the-unsafe-keyword");
    }

    #[test]
    fn anchors_dedupe_and_html_ids() {
        let a = anchors("# A\n## A\n<div id=\"x\"></div>\n\n## B {#custom}\n");
        assert_eq!(
            a.iter().map(String::as_str).collect::<Vec<_>>(),
            vec!["a", "a-1", "custom", "x"]
        );
    }

    #[test]
    fn resolves_relative_links() {
        assert_eq!(
            resolve("dictionary/x.md", "../soundness.md#api"),
            Some(("soundness.html".into(), Some("api".into())))
        );
        assert_eq!(
            resolve("a.md", "#top"),
            Some(("a.html".into(), Some("top".into())))
        );
        assert_eq!(resolve("a.md", "https://x.org/"), None);
        assert_eq!(
            resolve("dictionary/x.md", "../expander.html?text=a%23b#out"),
            Some(("expander.html".into(), Some("out".into())))
        );
    }
}
