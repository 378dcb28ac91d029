//! Doc comments of an item (`///`, `/** */`, `#[doc = "..."]`) as Markdown lines.

use ra_ap_syntax::{
    ast::{self, AstNode, AstToken},
    NodeOrToken,
    SyntaxKind::{ATTR, COMMENT},
    SyntaxNode,
};

use crate::markdown::TextLine;

/// The outer documentation of an item, one entry per Markdown line, with source offsets.
pub fn doc_lines(item: &SyntaxNode) -> Vec<TextLine> {
    let mut out = Vec::new();
    for child in item.children_with_tokens() {
        match child {
            NodeOrToken::Token(t) if t.kind() == COMMENT => {
                let Some(c) = ast::Comment::cast(t.clone()) else {
                    continue;
                };
                if !c.is_outer() {
                    continue;
                }
                let Some((text, prefix)) = c.doc_comment() else {
                    continue;
                };
                let start = usize::from(t.text_range().start()) + usize::from(prefix);
                push_doc_text(text, start, c.kind().shape.is_block(), &mut out);
            }
            NodeOrToken::Node(n) if n.kind() == ATTR => {
                if let Some((text, start)) = doc_attr(&n) {
                    push_doc_text(&text, start, false, &mut out);
                }
            }
            _ => {}
        }
    }
    out
}

pub(crate) fn push_doc_text(text: &str, start: usize, block: bool, out: &mut Vec<TextLine>) {
    let mut off = start;
    for line in text.split('\n') {
        let mut l = line;
        let mut o = off;
        if block {
            let t = l.trim_start();
            if let Some(r) = t.strip_prefix('*') {
                o += l.len() - r.len();
                l = r;
            }
        }
        // One space after `///` is the comment's, not the Markdown's.
        if let Some(r) = l.strip_prefix(' ') {
            l = r;
            o += 1;
        }
        out.push(TextLine::new(l.trim_end_matches('\r'), o));
        off += line.len() + 1;
    }
}

/// `#[doc = "text"]`: the string's value and the offset of its first character.
fn doc_attr(attr: &SyntaxNode) -> Option<(String, usize)> {
    let attr = ast::Attr::cast(attr.clone())?;
    if attr.excl_token().is_some() {
        return None;
    }
    let ast::Meta::KeyValueMeta(meta) = attr.meta()? else {
        return None;
    };
    if meta.path()?.syntax().text() != "doc" {
        return None;
    }
    let ast::Expr::Literal(lit) = meta.expr()? else {
        return None;
    };
    let ast::LiteralKind::String(s) = lit.kind() else {
        return None;
    };
    let value = s.value().ok()?.into_owned();
    let start = usize::from(s.syntax().text_range().start()) + 1;
    Some((value, start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ra_ap_syntax::SyntaxKind::FN;

    fn lines_of(src: &str) -> Vec<String> {
        let p = crate::syntax::parse(src);
        let f = p.root.descendants().find(|n| n.kind() == FN).expect("a fn");
        doc_lines(&f).into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn line_docs() {
        assert_eq!(
            lines_of("/// Does.\n///\n/// # Safety\n///  - `p` ok.\nunsafe fn f() {}"),
            ["Does.", "", "# Safety", " - `p` ok."]
        );
    }

    #[test]
    fn attr_and_block_docs() {
        assert_eq!(
            lines_of("#[doc = \"# Safety\"]\n/** - a\n * - b */\nfn f() {}"),
            ["# Safety", "- a", "- b "]
        );
    }

    #[test]
    fn offsets_point_into_the_source() {
        let src = "/// # Safety\nfn f() {}";
        let p = crate::syntax::parse(src);
        let f = p.root.descendants().find(|n| n.kind() == FN).expect("a fn");
        let l = doc_lines(&f);
        assert_eq!(&src[l[0].offset..l[0].offset + 8], "# Safety");
    }
}
