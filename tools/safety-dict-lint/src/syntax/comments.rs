//! Tagged comments (`// SAFETY:`, `// INVARIANT:`) and where the kernel puts them.
//!
//! A comment belongs to a construct when it stands in the trivia just before it, or just
//! before any enclosing expression up to the enclosing statement, item, match arm or field:
//! `// SAFETY:` above `let x = unsafe { .. };`, above `foo(unsafe { .. })`, between
//! `#[cfg(..)]` and `unsafe { .. }`, or just before a call argument.

use std::ops::Range;

use ra_ap_syntax::{
    NodeOrToken, SyntaxKind,
    SyntaxKind::{
        ASSOC_ITEM_LIST, ATTR, COMMENT, CONST, DOT2, ENUM, EXPR_STMT, EXTERN_ITEM_LIST, FN, IMPL,
        ITEM_LIST, LET_STMT, MATCH_ARM, MATCH_ARM_LIST, SOURCE_FILE, STATIC, STMT_LIST, STRUCT,
        TOKEN_TREE, TRAIT, UNION, WHITESPACE,
    },
    SyntaxNode, SyntaxToken,
};

use crate::markdown::TextLine;

/// The tags the standard uses in plain comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Tag {
    Safety,
    Invariant,
}

impl Tag {
    pub fn marker(self) -> &'static str {
        match self {
            Tag::Safety => "SAFETY:",
            Tag::Invariant => "INVARIANT:",
        }
    }
}

/// A comment group that starts with a tag: its text lines (the tag itself removed) and span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaggedComment {
    pub tag: Tag,
    pub lines: Vec<TextLine>,
    /// Source range of the whole group.
    pub span: Range<usize>,
    /// Whether the tag is in the standard's case (`SAFETY:`, not `Safety:`).
    pub exact_case: bool,
}

pub(crate) fn is_trivia(kind: SyntaxKind) -> bool {
    kind == WHITESPACE || kind == COMMENT
}

/// Kinds a comment search never climbs out of.
pub(crate) fn is_container(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        STMT_LIST
            | SOURCE_FILE
            | ITEM_LIST
            | ASSOC_ITEM_LIST
            | MATCH_ARM_LIST
            | TOKEN_TREE
            | EXTERN_ITEM_LIST
    )
}

/// Kinds at which the search stops after looking at their leading trivia.
pub(crate) fn is_boundary(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        LET_STMT
            | EXPR_STMT
            | MATCH_ARM
            | FN
            | IMPL
            | CONST
            | STATIC
            | STRUCT
            | ENUM
            | UNION
            | TRAIT
    )
}

/// How many enclosing expressions a comment search climbs at most.
pub const MAX_CLIMB: usize = 64;

/// The trivia tokens (whitespace and comments) just before `node`, including those the parser
/// attached inside it ahead of its first real token, skipping attributes.
pub fn leading_trivia(node: &SyntaxNode) -> Vec<SyntaxToken> {
    let mut before = Vec::new();
    let mut sib = node.prev_sibling_or_token();
    while let Some(s) = sib {
        match &s {
            NodeOrToken::Token(t) if is_trivia(t.kind()) => before.push(t.clone()),
            NodeOrToken::Node(n) if n.kind() == ATTR => {}
            // The base of a struct update: `// SAFETY: ..` above `..unsafe { .. }`.
            NodeOrToken::Token(t)
                if t.kind() == DOT2 && before.iter().all(|b| b.kind() == WHITESPACE) => {}
            _ => break,
        }
        sib = s.prev_sibling_or_token();
    }
    before.reverse();
    for child in node.children_with_tokens() {
        match child {
            NodeOrToken::Token(t) if is_trivia(t.kind()) => before.push(t),
            NodeOrToken::Node(n) if n.kind() == ATTR => {}
            _ => break,
        }
    }
    before
}

/// Looks for a comment with `tag` before `node` or before its enclosing expressions, up to the
/// enclosing statement, item or match arm.
pub fn tagged_above(node: &SyntaxNode, tag: Tag) -> Option<TaggedComment> {
    let mut cur = node.clone();
    // Real code reaches its statement in a few levels; the bound keeps a block deep inside a
    // 200,000-link method chain from climbing the whole chain (quadratic over all its blocks).
    for _ in 0..MAX_CLIMB {
        if let Some(c) = find_tagged(&leading_trivia(&cur), tag) {
            return Some(c);
        }
        if is_boundary(cur.kind()) {
            return None;
        }
        let parent = cur.parent()?;
        if is_container(parent.kind()) {
            return None;
        }
        cur = parent;
    }
    None
}

/// The text of a plain (non-doc) comment, split into lines, each with its source offset.
/// Line comments lose `//`; block comments lose `/*`, `*/` and a leading `*` on each line; as
/// in doc comments, the one space after a marker is the comment's and goes with it, so that
/// what stays is indented as the Markdown in it is (`safety-dict expand` reads a pasted comment
/// the same way).
pub fn comment_lines(token: &SyntaxToken) -> Vec<TextLine> {
    let text = token.text();
    let start = usize::from(token.text_range().start());
    let one_space = |l: &str, o: usize| match l.strip_prefix(' ') {
        Some(r) => (r.to_string(), o + 1),
        None => (l.to_string(), o),
    };
    if let Some(rest) = text.strip_prefix("//") {
        let (l, o) = one_space(rest, start + 2);
        return vec![TextLine::new(l, o)];
    }
    let Some(inner) = text.strip_prefix("/*") else {
        return Vec::new();
    };
    let inner = inner.strip_suffix("*/").unwrap_or(inner);
    let mut out = Vec::new();
    let mut off = start + 2;
    for (i, line) in inner.split('\n').enumerate() {
        let mut l = line;
        let mut o = off;
        if i > 0 {
            let t = l.trim_start();
            if let Some(r) = t.strip_prefix('*') {
                o += l.len() - r.len();
                l = r;
            }
        }
        let (l, o) = one_space(l, o);
        out.push(TextLine::new(l, o));
        off += line.len() + 1;
    }
    out
}

fn is_doc_comment(text: &str) -> bool {
    (text.starts_with("///") && !text.starts_with("////"))
        || text.starts_with("//!")
        || (text.starts_with("/**") && !text.starts_with("/***") && text != "/**/")
        || text.starts_with("/*!")
}

/// Which tag a comment line starts with, and the byte length up to the end of the tag.
/// Tags are matched in any case (`// Safety:`), as Clippy's `undocumented_unsafe_blocks` does;
/// [`TaggedComment::exact_case`] says whether it was written as the standard writes it.
fn tag_of(line: &str) -> Option<(Tag, usize)> {
    let t = line.trim_start();
    let lead = line.len() - t.len();
    [Tag::Safety, Tag::Invariant]
        .into_iter()
        .find(|tag| {
            t.get(..tag.marker().len())
                .is_some_and(|head| head.eq_ignore_ascii_case(tag.marker()))
        })
        .map(|tag| (tag, lead + tag.marker().len()))
}

/// Tags of comments the lint does not read that still end a group: the kernel justifies a
/// function's `# Guarantees` in a `// GUARANTEE:` (or `// GUARANTEES:`) comment, often right
/// under the `// SAFETY:` comment of the same call, and those lines are no part of it.
const OTHER_TAGS: &[&str] = &["GUARANTEE:", "GUARANTEES:"];

/// Whether a comment line opens a comment of its own, which ends the group above it.
fn opens_comment(line: &str) -> bool {
    let t = line.trim_start();
    tag_of(line).is_some() || OTHER_TAGS.iter().any(|tag| t.starts_with(tag))
}

/// Words that mark a comment as not written yet.
const PLACEHOLDERS: &[&str] = &["todo", "fixme", "xxx", "tbd"];

impl TaggedComment {
    /// Whether the comment is a placeholder: empty, or starting with `TODO`, `FIXME`, `XXX` or
    /// `TBD` (`// SAFETY: TODO.`, `// SAFETY:`).
    pub fn is_placeholder(&self) -> bool {
        let first = self
            .lines
            .iter()
            .flat_map(|l| l.text.split_whitespace())
            .next();
        match first {
            None => true,
            Some(w) => {
                let w = w
                    .trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase();
                PLACEHOLDERS.contains(&w.as_str())
            }
        }
    }
}

/// Finds the first comment group starting with `tag` in a run of trivia tokens. The group goes on
/// over the following line comments until a blank line, a comment with a tag (ours or
/// [`OTHER_TAGS`]), or code.
pub fn find_tagged(trivia: &[SyntaxToken], tag: Tag) -> Option<TaggedComment> {
    let mut i = 0;
    while i < trivia.len() {
        let t = &trivia[i];
        if t.kind() == COMMENT && !is_doc_comment(t.text()) {
            let lines = comment_lines(t);
            if let Some(first) = lines.first() {
                if let Some((found, cut)) = tag_of(&first.text) {
                    if found == tag {
                        return Some(collect_group(trivia, i, lines, cut, tag));
                    }
                }
            }
        }
        i += 1;
    }
    None
}

fn collect_group(
    trivia: &[SyntaxToken],
    at: usize,
    mut lines: Vec<TextLine>,
    cut: usize,
    tag: Tag,
) -> TaggedComment {
    let first = &trivia[at];
    let mut span = super::range(first.text_range());
    if let Some(l) = lines.first_mut() {
        l.text = l.text[cut..].to_string();
        l.offset += cut;
    }
    let mut j = at + 1;
    while j < trivia.len() {
        let t = &trivia[j];
        match t.kind() {
            WHITESPACE if t.text().matches('\n').count() <= 1 => {}
            COMMENT if !is_doc_comment(t.text()) => {
                let more = comment_lines(t);
                if more.first().is_some_and(|l| opens_comment(&l.text)) {
                    break;
                }
                span.end = usize::from(t.text_range().end());
                lines.extend(more);
            }
            _ => break,
        }
        j += 1;
    }
    let exact_case = comment_lines(first)
        .first()
        .is_some_and(|l| l.text.trim_start().starts_with(tag.marker()));
    TaggedComment {
        tag,
        lines,
        span,
        exact_case,
    }
}

/// Every tagged comment group directly inside `node` (not in nested nodes), in order. Used for
/// `// INVARIANT:` comments written inside a struct literal.
pub fn tagged_within(node: &SyntaxNode, tag: Tag) -> Option<TaggedComment> {
    let trivia: Vec<SyntaxToken> = node
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter(|t| {
            is_trivia(t.kind())
                && t.parent()
                    .is_some_and(|p| &p == node || p.parent().is_some_and(|pp| &pp == node))
        })
        .collect();
    find_tagged(&trivia, tag)
}

/// Where the kernel silences clippy's own safety lints (`#[allow(clippy::NAME)]`,
/// `#[expect(..)]` on an item, statement or expression); the linter honours that for the
/// matching codes. Collected once per file, so that a query does not climb every ancestor.
#[derive(Debug, Default)]
pub struct ClippyAllows {
    /// (lint name, range of the node that carries the attribute).
    ranges: Vec<(String, ra_ap_syntax::TextRange)>,
}

impl ClippyAllows {
    pub fn collect(root: &SyntaxNode) -> ClippyAllows {
        Self::from_nodes(root.descendants())
    }

    /// From a file's nodes (only its `ATTR` nodes are read).
    pub fn from_nodes(nodes: impl IntoIterator<Item = SyntaxNode>) -> ClippyAllows {
        let mut ranges = Vec::new();
        for attr in nodes.into_iter().filter(|n| n.kind() == ATTR) {
            let text = attr.text().to_string();
            let t = text.trim_start_matches("#[").trim_start();
            if !(t.starts_with("allow") || t.starts_with("expect")) {
                continue;
            }
            let Some(carrier) = attr.parent() else {
                continue;
            };
            for (at, _) in text.match_indices("clippy::") {
                let name: String = text[at + 8..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                ranges.push((name, carrier.text_range()));
            }
        }
        ClippyAllows { ranges }
    }

    /// Is `lint` allowed on `node` or one of its ancestors? In a syntax tree a node's range
    /// lies within another's only if that one is an ancestor (or a node of the same range).
    pub fn allows(&self, node: &SyntaxNode, lint: &str) -> bool {
        let r = node.text_range();
        self.ranges
            .iter()
            .any(|(name, carrier)| name == lint && carrier.contains_range(r))
    }
}

/// Every `// SAFETY:` and `// INVARIANT:` comment group in a file, in order.
pub fn all_tagged(root: &SyntaxNode) -> Vec<TaggedComment> {
    all_tagged_in(
        root.descendants_with_tokens()
            .filter_map(NodeOrToken::into_token),
    )
}

/// Every tagged comment group starting at one of these tokens (in source order).
pub fn all_tagged_in(tokens: impl IntoIterator<Item = SyntaxToken>) -> Vec<TaggedComment> {
    let mut out = Vec::new();
    let mut covered_to = 0usize;
    for t in tokens {
        if t.kind() != COMMENT || is_doc_comment(t.text()) {
            continue;
        }
        if usize::from(t.text_range().start()) < covered_to {
            continue;
        }
        let Some((tag, _)) = comment_lines(&t).first().and_then(|l| tag_of(&l.text)) else {
            continue;
        };
        // The group ends at a blank line or a comment with a tag, so the run stops there too
        // (a run to the next code would make a file of tagged comments quadratic).
        let mut run = vec![t.clone()];
        let mut next = t.next_token();
        while let Some(n) = next {
            let ends = match n.kind() {
                WHITESPACE => n.text().matches('\n').count() > 1,
                COMMENT => comment_lines(&n)
                    .first()
                    .is_some_and(|l| opens_comment(&l.text)),
                _ => true,
            };
            if ends {
                break;
            }
            run.push(n.clone());
            next = n.next_token();
        }
        if let Some(group) = find_tagged(&run, tag) {
            covered_to = group.span.end;
            out.push(group);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ra_ap_syntax::SyntaxKind::BLOCK_EXPR;

    fn first_unsafe_block(src: &str) -> SyntaxNode {
        let p = crate::syntax::parse(src);
        p.root
            .descendants()
            .find(|n| {
                n.kind() == BLOCK_EXPR
                    && n.children_with_tokens()
                        .any(|c| c.kind() == SyntaxKind::UNSAFE_KW)
            })
            .expect("test source has an unsafe block")
    }

    fn safety_text(src: &str) -> Option<String> {
        tagged_above(&first_unsafe_block(src), Tag::Safety).map(|c| {
            c.lines
                .iter()
                .map(|l| l.text.trim())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    #[test]
    fn above_let_statement() {
        let s = "fn f() {\n    // SAFETY: `p` is valid.\n    let x = unsafe { *p };\n}";
        assert_eq!(safety_text(s).as_deref(), Some("`p` is valid."));
    }

    #[test]
    fn attribute_between_comment_and_block() {
        let s = "fn f() {\n    // SAFETY: ok.\n    #[cfg(x)]\n    unsafe { g() };\n}";
        assert_eq!(safety_text(s).as_deref(), Some("ok."));
        let s = "fn f() {\n    #[cfg(x)]\n    // SAFETY: ok.\n    unsafe { g() };\n}";
        assert_eq!(safety_text(s).as_deref(), Some("ok."));
    }

    #[test]
    fn call_argument_and_tail() {
        let s = "fn f() {\n    foo(\n        // SAFETY: arg.\n        unsafe { g() },\n    );\n}";
        assert_eq!(safety_text(s).as_deref(), Some("arg."));
        let s = "fn f() -> R {\n    // SAFETY: tail.\n    Ok(unsafe { g() })\n}";
        assert_eq!(safety_text(s).as_deref(), Some("tail."));
    }

    #[test]
    fn multi_line_group_stops_at_blank_line_and_other_tag() {
        let s =
            "fn f() {\n    // SAFETY: a\n    // b.\n    // INVARIANT: c.\n    unsafe { g() };\n}";
        assert_eq!(safety_text(s).as_deref(), Some("a b."));
    }

    #[test]
    fn guarantee_comment_ends_the_group() {
        let s = "fn f() {\n    // SAFETY:\n    // - `p` is valid.\n    //\n    // GUARANTEE:\n    // - `g` returns a valid pointer.\n    unsafe { g() };\n}";
        assert_eq!(safety_text(s).as_deref(), Some(" - `p` is valid. "));
    }

    #[test]
    fn does_not_climb_out_of_the_statement_list() {
        let s = "fn f() {\n    // SAFETY: outer.\n    let x = {\n        unsafe { g() }\n    };\n}";
        assert_eq!(safety_text(s), None);
    }

    #[test]
    fn doc_comment_is_not_a_safety_comment() {
        let s = "fn f() {\n    /// SAFETY: no.\n    unsafe { g() };\n}";
        assert_eq!(safety_text(s), None);
    }

    #[test]
    fn all_tagged_groups() {
        let p = crate::syntax::parse(
            "// SAFETY: a\n// b\n// INVARIANT: c\nfn f() {\n    /// SAFETY: doc\n    // SAFETY: d\n}",
        );
        let tags: Vec<_> = all_tagged(&p.root)
            .into_iter()
            .map(|c| (c.tag, c.lines.len()))
            .collect();
        assert_eq!(
            tags,
            [(Tag::Safety, 2), (Tag::Invariant, 1), (Tag::Safety, 1)]
        );
    }

    #[test]
    fn struct_update_base() {
        let s = "fn f() {\n    S {\n        a: 1,\n        // SAFETY: zeroed is fine.\n        ..unsafe { z() }\n    };\n}";
        assert_eq!(safety_text(s).as_deref(), Some("zeroed is fine."));
    }

    #[test]
    fn block_comment() {
        let s = "fn f() {\n    /* SAFETY: blk. */\n    unsafe { g() };\n}";
        assert_eq!(safety_text(s).as_deref(), Some("blk."));
    }
}
