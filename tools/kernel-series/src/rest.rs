//! Markdown (the book's CommonMark with tables) to reStructuredText, the kernel's documentation
//! format, with pulldown-cmark.
//!
//! The caller decides what links point to ([`Resolver::link`]) and what each mdBook directive
//! becomes ([`Resolver::directive`]); directives are found with the preprocessor's own scanner
//! and replaced by placeholder words before parsing, so Markdown never sees them.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::error::{Result, SeriesError};

/// Where a Markdown link goes in the kernel's documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    /// Another page of the standard (a Sphinx document name, relative to the current one).
    Doc(String),
    /// A label: a heading of a page or a dictionary entry.
    Label(String),
    /// A web address.
    External(String),
}

/// What an mdBook directive turns into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Directive {
    /// reST inline markup, placed in the running text.
    Inline(String),
    /// reST blocks, placed where the paragraph holding the directive stood.
    Block(String),
}

/// The page-specific decisions of a conversion.
pub trait Resolver {
    /// The target of a link written `[text](dest)`.
    fn link(&self, dest: &str) -> Result<Link>;
    /// The reST for `{{#name args}}`.
    fn directive(&self, name: &str, args: &str) -> Result<Directive>;
    /// The label of a heading of this page, given its mdBook anchor.
    fn heading_label(&self, anchor: &str) -> String;
}

/// Text width the paragraphs are filled to.
pub const WIDTH: usize = 80;

/// Stands for `\ ` (an escaped space, which reST removes) until lines are filled.
const GLUE: char = '\u{E000}';
/// Stands for a space inside inline markup, where a line must not break.
const NBSP: char = '\u{E001}';
const PLACEHOLDER: &str = "SAFETYDICTDIRECTIVE";

/// The mdBook anchor of a heading: lowercase letters, digits, `-` and `_`, spaces as `-`.
pub fn anchor(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// Escapes plain text for reST.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '`' | '_' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// An inline literal (``code``), or `:code:` when the text itself has double backticks.
pub fn literal(code: &str) -> String {
    let code = code.trim();
    if code.is_empty() {
        return String::new();
    }
    if code.contains("``") || code.ends_with('`') || code.starts_with('`') {
        format!(":code:`{}`", code.replace('\\', "\\\\").replace('`', "\\`"))
    } else {
        format!("``{code}``")
    }
}

/// Text for the inside of a role or a hyperlink reference (`` `text <target>`__ ``).
pub fn role_text(text: &str) -> String {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    t.replace('\\', "\\\\")
        .replace('`', "\\`")
        .replace('<', "\\<")
}

/// `` :ref:`text <label>` ``.
pub fn reference(text: &str, label: &str) -> String {
    format!(":ref:`{} <{label}>`", role_text(text))
}

/// An anonymous hyperlink, so that equal texts never clash as targets.
pub fn hyperlink(text: &str, url: &str) -> String {
    format!("`{} <{url}>`__", role_text(text))
}

/// A section title: `over` puts a line above it too (page titles).
pub fn title(text: &str, underline: char, over: bool) -> String {
    let width = text.chars().count().max(1);
    let line: String = std::iter::repeat_n(underline, width).collect();
    if over {
        format!("{line}\n{text}\n{line}\n")
    } else {
        format!("{text}\n{line}\n")
    }
}

/// Converts a whole chapter.
pub fn convert(markdown: &str, resolver: &dyn Resolver) -> Result<String> {
    let (text, directives) = replace_directives(markdown, resolver)?;
    let mut w = Writer::new(resolver, directives);
    let parser = Parser::new_ext(&text, Options::ENABLE_TABLES);
    for event in parser {
        w.event(event)?;
    }
    w.flush();
    Ok(w.finish())
}

/// Converts a piece of inline Markdown (a phrase, a summary) into one line of reST.
pub fn inline(markdown: &str, resolver: &dyn Resolver) -> Result<String> {
    let (text, directives) = replace_directives(markdown, resolver)?;
    let mut w = Writer::new(resolver, directives);
    for event in Parser::new_ext(&text, Options::empty()) {
        match event {
            Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph) => {}
            Event::SoftBreak | Event::HardBreak => w.push_text(" "),
            other => w.event(other)?,
        }
    }
    let line = std::mem::take(&mut w.inline);
    Ok(unprotect(line.trim()))
}

/// Replaces each directive outside code by a placeholder word and renders it.
fn replace_directives(markdown: &str, resolver: &dyn Resolver) -> Result<(String, Vec<Directive>)> {
    let mut out = String::with_capacity(markdown.len());
    let mut rendered = Vec::new();
    let mut last = 0;
    for found in mdbook_safety_dict::directives::scan(markdown) {
        out.push_str(&markdown[last..found.whole.start]);
        last = found.whole.end;
        if found.escaped {
            // `\{{#term x}}` shows the directive itself: as code, since it is syntax.
            out.push('`');
            out.push_str(&markdown[found.whole.start + 1..found.whole.end]);
            out.push('`');
            continue;
        }
        let d = resolver
            .directive(found.name, found.args)
            .map_err(|e| SeriesError::Chapter {
                line: found.line,
                message: e.to_string(),
            })?;
        out.push_str(&format!("{PLACEHOLDER}{}X", rendered.len()));
        rendered.push(d);
    }
    out.push_str(&markdown[last..]);
    Ok((out, rendered))
}

fn unprotect(s: &str) -> String {
    s.replace(GLUE, "\\ ").replace(NBSP, " ")
}

/// Characters that may stand right before inline markup.
fn opens_markup(c: char) -> bool {
    c.is_whitespace() || "-:/'\"<([{".contains(c) || c == GLUE
}

/// Characters that may stand right after inline markup.
fn closes_markup(c: char) -> bool {
    c.is_whitespace() || "-.,:;!?\\/'\")]}>".contains(c) || c == GLUE
}

enum ListKind {
    Bullet,
    Ordered(u64),
}

struct Table {
    rows: Vec<Vec<String>>,
    head_rows: usize,
    in_head: bool,
}

struct Writer<'a> {
    resolver: &'a dyn Resolver,
    directives: Vec<Directive>,
    out: String,
    /// Prefixes of the enclosing blocks (list items, quotes).
    indent: Vec<String>,
    /// The marker of a list item whose first line is not written yet.
    marker: Option<String>,
    lists: Vec<ListKind>,
    inline: String,
    /// Text of the link being read, and its destination.
    link: Option<(String, String)>,
    html_link: Option<(String, String)>,
    emphasis: Vec<&'static str>,
    /// Whether the inline text ends with the end of some inline markup.
    closed: bool,
    heading: Option<HeadingLevel>,
    code: Option<(String, String)>,
    table: Option<Table>,
}

impl<'a> Writer<'a> {
    fn new(resolver: &'a dyn Resolver, directives: Vec<Directive>) -> Self {
        Writer {
            resolver,
            directives,
            out: String::new(),
            indent: Vec::new(),
            marker: None,
            lists: Vec::new(),
            inline: String::new(),
            link: None,
            html_link: None,
            emphasis: Vec::new(),
            closed: false,
            heading: None,
            code: None,
            table: None,
        }
    }

    fn prefix(&self) -> String {
        self.indent.concat()
    }

    fn finish(self) -> String {
        let mut s = self.out.trim_end().to_string();
        s.push('\n');
        s
    }

    /// Writes lines (already reST) at the current indentation, then a blank line.
    fn block(&mut self, text: &str) {
        let prefix = self.prefix();
        let mut first = true;
        for line in text.lines() {
            if let Some(m) = self.marker.take().filter(|_| first) {
                let outer = prefix.len().saturating_sub(m.len());
                self.out.push_str(&prefix[..outer]);
                self.out.push_str(&m);
                self.out.push_str(line);
            } else if line.is_empty() {
                // No trailing spaces on blank lines.
            } else {
                self.out.push_str(&prefix);
                self.out.push_str(line);
            }
            self.out.push('\n');
            first = false;
        }
        self.out.push('\n');
    }

    /// Fills the pending inline text into lines and writes it as a paragraph.
    fn flush(&mut self) {
        self.closed = false;
        let text = std::mem::take(&mut self.inline);
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        // A paragraph that is only a block directive becomes that block.
        if let Some(i) = whole_placeholder(text) {
            if let Some(Directive::Block(b)) = self.directives.get(i).cloned() {
                self.block(b.trim_end());
                return;
            }
        }
        let width = WIDTH.saturating_sub(self.prefix().len()).max(40);
        let filled = fill(text, width);
        self.block(&filled);
    }

    fn push_text(&mut self, text: &str) {
        if self.link.is_some() || self.html_link.is_some() {
            if let Some((t, _)) = self.link.as_mut().or(self.html_link.as_mut()) {
                t.push_str(text);
            }
            return;
        }
        let mut rest = text;
        while let Some(pos) = rest.find(PLACEHOLDER) {
            self.push_plain(&rest[..pos]);
            let after = &rest[pos + PLACEHOLDER.len()..];
            let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
            let n: usize = digits.parse().unwrap_or(usize::MAX);
            rest = after[digits.len()..]
                .strip_prefix('X')
                .unwrap_or(&after[digits.len()..]);
            match self.directives.get(n).cloned() {
                Some(Directive::Inline(s)) => self.push_markup(&s),
                Some(Directive::Block(_)) => {
                    // Kept as a placeholder; `flush` turns a paragraph of one into the block.
                    self.push_plain_raw(&format!("{PLACEHOLDER}{n}X"));
                }
                None => {}
            }
        }
        self.push_plain(rest);
    }

    fn push_plain_raw(&mut self, s: &str) {
        self.inline.push_str(s);
        self.closed = false;
    }

    fn push_plain(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        let escaped = escape(text);
        if let (Some(first), true) = (escaped.chars().next(), self.closed) {
            if !closes_markup(first) {
                self.inline.push(GLUE);
            }
        }
        self.inline.push_str(&escaped);
        self.closed = false;
    }

    fn push_markup(&mut self, markup: &str) {
        if markup.is_empty() {
            return;
        }
        if let Some(last) = self.inline.chars().last() {
            if !opens_markup(last) {
                self.inline.push(GLUE);
            }
        }
        self.inline
            .push_str(&markup.replace(' ', &NBSP.to_string()));
        self.closed = true;
    }

    fn event(&mut self, event: Event<'_>) -> Result<()> {
        if let Some((_, code)) = self.code.as_mut() {
            match event {
                Event::Text(t) => {
                    code.push_str(&t);
                    return Ok(());
                }
                Event::End(TagEnd::CodeBlock) => {
                    let (lang, code) = self.code.take().unwrap_or_default();
                    self.code_block(&lang, &code);
                    return Ok(());
                }
                _ => return Ok(()),
            }
        }
        match event {
            Event::Start(tag) => self.start(tag)?,
            Event::End(tag) => self.end(tag)?,
            Event::Text(t) => self.push_text(&t),
            Event::Code(c) => {
                if let Some((t, _)) = self.link.as_mut().or(self.html_link.as_mut()) {
                    t.push_str(&c);
                } else {
                    self.push_markup(&literal(&c));
                }
            }
            Event::SoftBreak | Event::HardBreak => self.push_text(" "),
            Event::InlineHtml(h) | Event::Html(h) => self.html(&h),
            Event::Rule => {
                self.flush();
                self.block("----");
            }
            _ => {}
        }
        Ok(())
    }

    fn html(&mut self, h: &str) {
        let h = h.trim();
        if let Some(rest) = h.strip_prefix("<a ") {
            if let Some(start) = rest.find("href=\"") {
                let url = &rest[start + 6..];
                let url = url.split('"').next().unwrap_or("").to_string();
                self.html_link = Some((String::new(), url));
            }
        } else if h == "</a>" {
            if let Some((text, url)) = self.html_link.take() {
                let target = self.resolver.link(&url);
                self.emit_link(&text, target);
            }
        }
        // Any other HTML is the site's decoration: left out.
    }

    fn emit_link(&mut self, text: &str, target: Result<Link>) {
        let markup = match target {
            Ok(Link::Doc(doc)) => format!(":doc:`{} <{doc}>`", role_text(text)),
            Ok(Link::Label(label)) => reference(text, &label),
            Ok(Link::External(url)) => hyperlink(text, &url),
            Err(_) => {
                self.push_plain(text);
                return;
            }
        };
        self.push_markup(&markup);
    }

    fn start(&mut self, tag: Tag<'_>) -> Result<()> {
        match tag {
            Tag::Paragraph => {}
            Tag::Heading { level, .. } => {
                self.flush();
                self.heading = Some(level);
            }
            Tag::BlockQuote(_) => {
                self.flush();
                self.indent.push("   ".into());
            }
            Tag::CodeBlock(kind) => {
                self.flush();
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => {
                        info.split([',', ' ']).next().unwrap_or("").to_string()
                    }
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some((lang, String::new()));
            }
            Tag::List(start) => {
                self.flush();
                self.lists.push(match start {
                    Some(n) => ListKind::Ordered(n),
                    None => ListKind::Bullet,
                });
            }
            Tag::Item => {
                self.flush();
                let marker = match self.lists.last_mut() {
                    Some(ListKind::Ordered(n)) => {
                        let m = format!("{n}. ");
                        *n += 1;
                        m
                    }
                    _ => "- ".to_string(),
                };
                self.indent.push(" ".repeat(marker.len()));
                self.marker = Some(marker);
            }
            Tag::Emphasis => self.open_emphasis("*"),
            Tag::Strong => self.open_emphasis("**"),
            Tag::Link { dest_url, .. } => {
                self.link = Some((String::new(), dest_url.to_string()));
            }
            Tag::Table(_) => {
                self.flush();
                self.table = Some(Table {
                    rows: Vec::new(),
                    head_rows: 0,
                    in_head: false,
                });
            }
            Tag::TableHead => {
                if let Some(t) = self.table.as_mut() {
                    t.in_head = true;
                    t.rows.push(Vec::new());
                }
            }
            Tag::TableRow => {
                if let Some(t) = self.table.as_mut() {
                    t.rows.push(Vec::new());
                }
            }
            Tag::TableCell => {
                self.inline.clear();
                self.closed = false;
            }
            _ => {}
        }
        Ok(())
    }

    fn open_emphasis(&mut self, mark: &'static str) {
        if self.link.is_some() || self.html_link.is_some() {
            return;
        }
        if let Some(last) = self.inline.chars().last() {
            if !opens_markup(last) {
                self.inline.push(GLUE);
            }
        }
        self.inline.push_str(mark);
        self.emphasis.push(mark);
        self.closed = false;
    }

    fn close_emphasis(&mut self) {
        if let Some(mark) = self.emphasis.pop() {
            // Inline markup may not end with a space.
            while self.inline.ends_with(' ') {
                self.inline.pop();
            }
            if self.inline.ends_with(mark) && !self.inline.ends_with(&format!("\\{mark}")) {
                // Empty emphasis: drop it.
                let n = self.inline.len() - mark.len();
                self.inline.truncate(n);
                return;
            }
            self.inline.push_str(mark);
            self.closed = true;
        }
    }

    fn end(&mut self, tag: TagEnd) -> Result<()> {
        match tag {
            TagEnd::Paragraph => self.flush(),
            TagEnd::Heading(_) => {
                let level = self.heading.take().unwrap_or(HeadingLevel::H2);
                let text = unprotect(std::mem::take(&mut self.inline).trim());
                self.closed = false;
                let plain = plain_of(&text);
                let label = self.resolver.heading_label(&anchor(&plain));
                let (ch, over) = match level {
                    HeadingLevel::H1 => ('=', true),
                    HeadingLevel::H2 => ('=', false),
                    HeadingLevel::H3 => ('-', false),
                    HeadingLevel::H4 => ('~', false),
                    _ => ('^', false),
                };
                let mut s = format!(".. _{label}:\n\n");
                s.push_str(&title(&text, ch, over));
                self.block(s.trim_end());
            }
            TagEnd::BlockQuote(_) => {
                self.flush();
                self.indent.pop();
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
            }
            TagEnd::Item => {
                self.flush();
                self.indent.pop();
                self.marker = None;
            }
            TagEnd::Emphasis | TagEnd::Strong => self.close_emphasis(),
            TagEnd::Link => {
                if let Some((text, dest)) = self.link.take() {
                    let target = self.resolver.link(&dest)?;
                    self.emit_link(&text, Ok(target));
                }
            }
            TagEnd::TableHead => {
                if let Some(t) = self.table.as_mut() {
                    t.in_head = false;
                    t.head_rows = 1;
                }
            }
            TagEnd::TableCell => {
                let cell = unprotect(std::mem::take(&mut self.inline).trim());
                if let Some(row) = self.table.as_mut().and_then(|t| t.rows.last_mut()) {
                    row.push(cell);
                }
            }
            TagEnd::Table => {
                if let Some(t) = self.table.take() {
                    let text = list_table(&t.rows, t.head_rows);
                    self.block(text.trim_end());
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn code_block(&mut self, lang: &str, code: &str) {
        let lang = match lang {
            "rust" | "c" | "sh" | "console" | "toml" => lang,
            _ => "text",
        };
        let mut s = format!(".. code-block:: {lang}\n\n");
        for line in code.trim_end_matches('\n').lines() {
            if line.trim().is_empty() {
                s.push('\n');
            } else {
                s.push_str("   ");
                s.push_str(line);
                s.push('\n');
            }
        }
        self.block(s.trim_end());
    }
}

/// The visible text of a line of reST inline markup (for anchors).
fn plain_of(text: &str) -> String {
    text.replace("\\ ", "")
        .chars()
        .filter(|c| !matches!(c, '`' | '*' | '\\'))
        .collect()
}

fn whole_placeholder(text: &str) -> Option<usize> {
    let digits = text.strip_prefix(PLACEHOLDER)?.strip_suffix('X')?;
    digits.parse().ok()
}

/// A `list-table` of cells that are reST inline text.
pub fn list_table(rows: &[Vec<String>], header_rows: usize) -> String {
    let mut s = String::from(".. list-table::\n");
    if header_rows > 0 {
        s.push_str(&format!("   :header-rows: {header_rows}\n"));
    }
    s.push('\n');
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            s.push_str(if i == 0 { "   * - " } else { "     - " });
            let filled = fill(cell, WIDTH - 7);
            let mut lines = filled.lines();
            s.push_str(lines.next().unwrap_or(""));
            s.push('\n');
            for l in lines {
                s.push_str("       ");
                s.push_str(l);
                s.push('\n');
            }
        }
    }
    s
}

/// Fills words into lines of at most `width` columns (a longer word stands alone), keeping
/// glued spaces and spaces inside markup, and escaping a line start that reST would read as
/// the start of a list or a section line.
pub fn fill(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = |s: &str| {
            s.chars()
                .map(|c| if c == GLUE { 2 } else { 1 })
                .sum::<usize>()
        };
        if !line.is_empty() && len(&line) + 1 + len(word) > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        let l = unprotect(l);
        if i == 0 && starts_block(&l) {
            out.push('\\');
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

/// Whether a paragraph's first line would start a list, a comment or a section line.
fn starts_block(line: &str) -> bool {
    let first = line.split(' ').next().unwrap_or("");
    if matches!(first, "-" | "+" | "*" | "#." | "|") || line.starts_with("..") {
        return true;
    }
    let digits: String = first.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() && matches!(&first[digits.len()..], "." | ")") {
        return true;
    }
    let punct = line.chars().all(|c| c.is_ascii_punctuation());
    punct && line.len() >= 4
}

#[cfg(test)]
mod tests {
    use super::*;

    struct R;
    impl Resolver for R {
        fn link(&self, dest: &str) -> Result<Link> {
            Ok(match dest.strip_suffix(".md") {
                Some(doc) => Link::Doc(doc.to_string()),
                None => Link::External(dest.to_string()),
            })
        }
        fn directive(&self, name: &str, args: &str) -> Result<Directive> {
            Ok(match name {
                "term" => Directive::Inline(reference(args, &format!("entry-{args}"))),
                _ => Directive::Block(format!(".. note::\n\n   table of {args}")),
            })
        }
        fn heading_label(&self, anchor: &str) -> String {
            format!("page-{anchor}")
        }
    }

    #[test]
    fn headings_get_labels_and_underlines() {
        let r =
            convert("# The `# Safety` section\n\ntext\n\n## Sub part\n", &R).unwrap_or_default();
        assert!(r.starts_with(".. _page-the--safety-section:\n\n"), "{r}");
        assert!(
            r.contains(
                "=======================\nThe ``# Safety`` section\n========================"
            ),
            "{r}"
        );
        assert!(
            r.contains(".. _page-sub-part:\n\nSub part\n========\n"),
            "{r}"
        );
    }

    #[test]
    fn inline_markup_keeps_word_boundaries() {
        let r = inline("the `T`s and *a*b, `x`.", &R).unwrap_or_default();
        assert_eq!(r, "the ``T``\\ s and *a*\\ b, ``x``.");
        assert_eq!(
            inline("a_b * c | d", &R).unwrap_or_default(),
            "a\\_b \\* c \\| d"
        );
        assert_eq!(
            inline("**It is** so", &R).unwrap_or_default(),
            "**It is** so"
        );
    }

    #[test]
    fn directives_links_lists_code_tables() {
        let md = "See {{#term valid}} and [the rules](general-rules.md) or \
                  [Rust](https://www.rust-lang.org/).\n\n{{#table requirement}}\n\n\
                  - one\n- two\n  - nested\n\n1. first\n2. second\n\n```rust,ignore\nlet x = 1;\n```\n\n\
                  | a | b |\n|---|---|\n| `c` | d |\n";
        let r = convert(md, &R).unwrap_or_default();
        assert!(r.contains(":ref:`valid <entry-valid>`"), "{r}");
        assert!(r.contains(":doc:`the rules <general-rules>`"), "{r}");
        assert!(r.contains("`Rust <https://www.rust-lang.org/>`__"), "{r}");
        assert!(r.contains(".. note::\n\n   table of requirement\n"), "{r}");
        assert!(r.contains("- one\n\n- two\n\n  - nested\n"), "{r}");
        assert!(r.contains("1. first\n\n2. second\n"), "{r}");
        assert!(r.contains(".. code-block:: rust\n\n   let x = 1;\n"), "{r}");
        assert!(r.contains(".. list-table::\n   :header-rows: 1\n\n   * - a\n     - b\n   * - ``c``\n     - d\n"), "{r}");
    }

    #[test]
    fn long_paragraphs_are_filled_and_list_like_starts_escaped() {
        let words = "word ".repeat(40);
        let r = fill(&words, 20);
        assert!(r.lines().all(|l| l.len() <= 20));
        assert_eq!(fill("1. is not a list", 80), "\\1. is not a list\n");
        assert_eq!(fill("- neither", 80), "\\- neither\n");
    }

    #[test]
    fn anchors_match_mdbook() {
        assert_eq!(
            anchor("The standard library's words and ours"),
            "the-standard-librarys-words-and-ours"
        );
        assert_eq!(
            anchor("No `unsafe` operations without a block"),
            "no-unsafe-operations-without-a-block"
        );
    }
}
