//! `{{#term ID}}`, `{{#table KIND}}` and `{{#example ID}}` in prose chapters.
//!
//! Directives inside fenced code blocks or inline code are left alone, and `\{{#term x}}` is
//! written out literally, so chapters can show the syntax.

use std::sync::OnceLock;

use regex::Regex;
use safety_dict::model::Kind;

use crate::pages::Site;

fn directive() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(\\)?\{\{#(term|table|example)(?:\s+([^}]*?))?\s*\}\}").expect("static regex")
    })
}

/// A problem in a chapter, located by file and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChapterError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for ChapterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// A directive found in a chapter.
pub struct Found<'a> {
    pub line: usize,
    pub column: usize,
    pub escaped: bool,
    pub name: &'a str,
    pub args: &'a str,
    pub whole: std::ops::Range<usize>,
}

/// Every directive outside code, with its 1-based line and column.
pub fn scan(content: &str) -> Vec<Found<'_>> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    let mut offset = 0;
    for (n, line) in content.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if indent <= 3 && (trimmed.starts_with("```") || trimmed.starts_with("~~~")) {
            let marker: String = trimmed
                .chars()
                .take_while(|&c| c == '`' || c == '~')
                .collect();
            match &fence {
                Some(open) if marker.starts_with(open.as_str()) => fence = None,
                None => fence = Some(marker),
                _ => {}
            }
        } else if fence.is_none() {
            for c in directive().captures_iter(line) {
                let Some(m) = c.get(0) else { continue };
                // Inside an inline code span when an odd number of backticks precede it.
                if line[..m.start()].matches('`').count() % 2 == 1 {
                    continue;
                }
                out.push(Found {
                    line: n + 1,
                    column: line[..m.start()].chars().count() + 1,
                    escaped: c.get(1).is_some(),
                    name: c.get(2).map_or("", |g| g.as_str()),
                    args: c.get(3).map_or("", |g| g.as_str()),
                    whole: offset + m.start()..offset + m.end(),
                });
            }
        }
        offset += line.len();
    }
    out
}

/// Replaces every directive of a chapter, or reports every unknown id in it.
pub fn expand(
    content: &str,
    chapter_path: &str,
    source_file: &str,
    site: &Site<'_>,
) -> Result<String, Vec<ChapterError>> {
    let mut out = String::with_capacity(content.len());
    let mut errors = Vec::new();
    let mut last = 0;
    for f in scan(content) {
        out.push_str(&content[last..f.whole.start]);
        last = f.whole.end;
        let err = |message: String| ChapterError {
            file: source_file.to_string(),
            line: f.line,
            column: f.column,
            message,
        };
        if f.escaped {
            out.push_str(&content[f.whole.start + 1..f.whole.end]);
            continue;
        }
        let mut args = f.args.split_whitespace();
        let id = args.next().unwrap_or("");
        let rest: Vec<&str> = args.collect();
        match f.name {
            "term" => match site.dict.entry(id) {
                Some(e) => {
                    let label = (!rest.is_empty()).then(|| rest.join(" "));
                    out.push_str(&site.term(chapter_path, e, label.as_deref()));
                }
                None => errors.push(err(unknown_entry(site, id, "term"))),
            },
            "table" => match Kind::from_dir(id) {
                Some(k) => {
                    out.push('\n');
                    out.push_str(&site.table(chapter_path, k));
                    out.push('\n');
                }
                None => errors.push(err(format!(
                    "unknown kind `{id}` in {{{{#table {id}}}}}; use requirement, justification, guarantee, invariant or concept"
                ))),
            },
            "example" => match site.dict.example(id) {
                Some(x) => {
                    out.push('\n');
                    out.push_str(&site.example_card(chapter_path, x));
                    out.push('\n');
                }
                None => {
                    let known: Vec<&str> = site.dict.examples().iter().map(|x| x.id.as_str()).collect();
                    errors.push(err(format!(
                        "unknown example `{id}` in {{{{#example {id}}}}}; examples are: {}",
                        if known.is_empty() { "(none)".to_string() } else { known.join(", ") }
                    )))
                }
            },
            _ => {}
        }
    }
    out.push_str(&content[last..]);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn unknown_entry(site: &Site<'_>, id: &str, what: &str) -> String {
    let near = site.dict.lookup(id);
    let hint = near
        .suggestions
        .first()
        .map_or(String::new(), |s| format!("; did you mean `{}`?", s.entry));
    format!("unknown dictionary entry `{id}` in {{{{#{what} {id}}}}}{hint}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_code_and_escapes() {
        let c = "a {{#term x}}\n```\n{{#term y}}\n```\n`{{#term z}}` \\{{#term w}}\n";
        let found = scan(c);
        let names: Vec<(&str, bool, usize, usize)> = found
            .iter()
            .map(|f| (f.args, f.escaped, f.line, f.column))
            .collect();
        assert_eq!(names, vec![("x", false, 1, 3), ("w", true, 5, 15)]);
    }
}
