//! `unsafe fn`s defined in `macro_rules!` bodies. A body is a token tree, so the function, its
//! doc comments and its attributes are found in the tokens: the `unsafe` keyword followed by
//! `fn` (or `extern "abi" fn`), the tokens before it back to the previous item, and the brace
//! groups around it (to exempt the methods of an `impl Trait for Type`).
//!
//! Only what is certain is returned: a function in a matcher (`($vis:vis unsafe fn $name:ident)
//! => …`), one whose attributes come from the caller (`$(#[$attr])*`, `#[doc = …]`), one under
//! `clippy::missing_safety_doc` written in the body, and a method of a trait impl are skipped.

use std::ops::Range;

use ra_ap_syntax::{
    ast::{self, AstToken},
    NodeOrToken, SyntaxElement,
    SyntaxKind::{
        COMMENT, FAT_ARROW, L_BRACK, L_CURLY, MACRO_RULES, R_CURLY, SEMICOLON, TOKEN_TREE,
        WHITESPACE,
    },
    SyntaxNode, SyntaxToken,
};

use super::docs::push_doc_text;
use crate::markdown::{find_section, sections, TextLine};

/// An `unsafe fn` a `macro_rules!` body defines.
#[derive(Debug, Clone)]
pub struct MacroFn {
    /// As written: `name`, `$name`.
    pub name: String,
    /// Range of the `unsafe` keyword.
    pub span: Range<usize>,
    /// Whether its doc comments have a `# Safety` section.
    pub has_safety: bool,
    /// The `macro_rules!` item it stands in.
    pub macro_rules: SyntaxNode,
}

fn next_non_trivia(t: &SyntaxToken) -> Option<SyntaxToken> {
    let mut cur = t.next_token();
    while let Some(c) = cur {
        if c.kind() != WHITESPACE && c.kind() != COMMENT {
            return Some(c);
        }
        cur = c.next_token();
    }
    None
}

fn next_sibling_non_trivia(el: &SyntaxElement) -> Option<SyntaxElement> {
    let mut cur = el.next_sibling_or_token();
    while let Some(c) = cur {
        if c.kind() != WHITESPACE && c.kind() != COMMENT {
            return Some(c);
        }
        cur = c.next_sibling_or_token();
    }
    None
}

/// `=>`, which a token tree may hold as `=` and `>`: true for the `=>` token, the `>` of `= >`
/// and the `=` before a `>`.
fn is_fat_arrow(el: &SyntaxElement) -> bool {
    let Some(t) = el.as_token() else {
        return false;
    };
    t.kind() == FAT_ARROW
        || (t.text() == ">" && t.prev_token().is_some_and(|p| p.text() == "="))
        || (t.text() == "=" && t.next_token().is_some_and(|n| n.text() == ">"))
}

fn opens_with(tree: &SyntaxNode, kind: ra_ap_syntax::SyntaxKind) -> bool {
    tree.first_token().is_some_and(|t| t.kind() == kind)
}

/// After `unsafe`: `fn name` or `extern "abi" fn name`; the name as written.
fn fn_name(unsafe_kw: &SyntaxToken) -> Option<String> {
    let mut n = next_non_trivia(unsafe_kw)?;
    if n.text() == "extern" {
        n = next_non_trivia(&n)?;
        if n.text().starts_with('"') {
            n = next_non_trivia(&n)?;
        }
    }
    if n.text() != "fn" {
        return None;
    }
    let name = next_non_trivia(&n)?;
    if matches!(name.text(), "(" | "<") {
        // A function pointer type: `unsafe extern "C" fn(u32)`.
        return None;
    }
    if name.text() == "$" {
        Some(format!("${}", next_non_trivia(&name)?.text()))
    } else if name.kind() == L_BRACK {
        // `paste!`'s `[<prefix_ $name>]`.
        Some(name.parent()?.text().to_string())
    } else {
        Some(name.text().to_string())
    }
}

/// The outer doc comments before `unsafe`, back to the end of the previous item; `None` when
/// what stands there cannot be known here (attributes from the caller, a doc attribute) or
/// the lint is allowed on the function.
fn head_docs(unsafe_kw: &SyntaxToken) -> Option<Vec<TextLine>> {
    let mut docs: Vec<SyntaxToken> = Vec::new();
    let mut cur = unsafe_kw.prev_sibling_or_token();
    while let Some(el) = cur {
        match &el {
            _ if is_fat_arrow(&el) => break,
            NodeOrToken::Token(t) => match t.kind() {
                WHITESPACE => {}
                COMMENT => docs.push(t.clone()),
                SEMICOLON | R_CURLY | L_CURLY | FAT_ARROW => break,
                _ if matches!(
                    t.text(),
                    "pub" | "crate" | "const" | "async" | "default" | "#" | "!" | "$" | "*" | "?"
                ) || t.text().starts_with('"') =>
                {
                    // `$vis`: a fragment of the caller's.
                }
                _ if t.prev_token().is_some_and(|p| p.text() == "$") => {}
                _ => break,
            },
            NodeOrToken::Node(n) => {
                if n.kind() != TOKEN_TREE || opens_with(n, L_CURLY) {
                    break;
                }
                let text = n.text().to_string();
                if text.contains('$')
                    || text.contains("missing_safety_doc")
                    || text.trim_start_matches('[').trim_start().starts_with("doc")
                {
                    return None;
                }
            }
        }
        cur = el.prev_sibling_or_token();
    }
    docs.reverse();
    let mut lines = Vec::new();
    for t in docs {
        let Some(c) = ast::Comment::cast(t.clone()) else {
            continue;
        };
        if !c.is_outer() {
            continue;
        }
        if let Some((text, prefix)) = c.doc_comment() {
            let start = usize::from(t.text_range().start()) + usize::from(prefix);
            push_doc_text(text, start, c.kind().shape.is_block(), &mut lines);
        }
    }
    Some(lines)
}

/// The words and groups of the header of the item a brace group belongs to (`impl<T> Tr for X`
/// before `{ … }`), back to the previous item.
fn header_of(tree: &SyntaxNode) -> Vec<SyntaxElement> {
    let mut out = Vec::new();
    let mut cur = tree.prev_sibling_or_token();
    while let Some(el) = cur {
        match &el {
            _ if is_fat_arrow(&el) => break,
            NodeOrToken::Token(t) if matches!(t.kind(), SEMICOLON | R_CURLY) => break,
            NodeOrToken::Node(n) if opens_with(n, L_CURLY) => break,
            _ => out.push(el.clone()),
        }
        cur = el.prev_sibling_or_token();
    }
    out
}

/// Whether the function stands in an item that documents it elsewhere or allows the lint:
/// `impl Trait for Type`, an `extern` block, an item under `missing_safety_doc`.
fn in_exempt_item(unsafe_kw: &SyntaxToken) -> bool {
    for tree in unsafe_kw.parent_ancestors() {
        if tree.kind() != TOKEN_TREE {
            break;
        }
        if !opens_with(&tree, L_CURLY) {
            continue;
        }
        let header = header_of(&tree);
        let words: Vec<String> = header
            .iter()
            .filter_map(|e| e.as_token().map(|t| t.text().to_string()))
            .collect();
        let has = |w: &str| words.iter().any(|x| x == w);
        if (has("impl") && has("for")) || (has("extern") && !has("fn")) {
            return true;
        }
        if header.iter().any(|e| {
            e.as_node()
                .is_some_and(|n| n.text().to_string().contains("missing_safety_doc"))
        }) {
            return true;
        }
    }
    false
}

/// Whether the function stands directly in a rule's transcriber (no item of the body around it)
/// and its signature names `self` or `Self`: a method for an `impl` the caller writes around
/// the macro's expansion, perhaps an `impl Trait for Type`, whose methods need no section.
fn method_for_callers_impl(unsafe_kw: &SyntaxToken) -> bool {
    let Some(item) = unsafe_kw
        .parent_ancestors()
        .take_while(|a| a.kind() == TOKEN_TREE)
        .find(|a| opens_with(a, L_CURLY))
    else {
        return false;
    };
    let is_transcriber = item
        .parent()
        .filter(|p| p.kind() == TOKEN_TREE)
        .and_then(|p| p.parent())
        .is_some_and(|p| p.kind() == MACRO_RULES);
    if !is_transcriber {
        return false;
    }
    let mut signature = String::new();
    let mut cur = unsafe_kw.next_sibling_or_token();
    while let Some(el) = cur {
        match &el {
            NodeOrToken::Node(n) if opens_with(n, L_CURLY) => break,
            NodeOrToken::Node(n) => signature.push_str(&n.text().to_string()),
            NodeOrToken::Token(t) if t.kind() == SEMICOLON => break,
            NodeOrToken::Token(t) => signature.push_str(t.text()),
        }
        signature.push(' ');
        cur = el.next_sibling_or_token();
    }
    signature
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == "self" || w == "Self")
}

/// Whether the token stands in a rule's matcher (`(…) => { … }`), not in its transcriber.
fn in_matcher(unsafe_kw: &SyntaxToken) -> bool {
    for tree in unsafe_kw.parent_ancestors() {
        let Some(parent) = tree.parent() else {
            return false;
        };
        if parent.kind() != TOKEN_TREE {
            return false;
        }
        if parent.parent().is_some_and(|p| p.kind() == MACRO_RULES) {
            // `tree` is a rule's matcher or transcriber: a matcher is followed by `=>`.
            return next_sibling_non_trivia(&NodeOrToken::Node(tree))
                .is_some_and(|n| is_fat_arrow(&n));
        }
    }
    false
}

/// Every `unsafe fn` defined in a `macro_rules!` body among these tokens, where it is certain
/// whether its docs have a `# Safety` section.
pub fn unsafe_fns_in_macro_rules(tokens: impl IntoIterator<Item = SyntaxToken>) -> Vec<MacroFn> {
    let mut out = Vec::new();
    for t in tokens {
        if t.text() != "unsafe" || t.parent().is_none_or(|p| p.kind() != TOKEN_TREE) {
            continue;
        }
        let Some(macro_rules) = t.parent_ancestors().find(|a| a.kind() == MACRO_RULES) else {
            continue;
        };
        let Some(name) = fn_name(&t) else { continue };
        if in_matcher(&t) || in_exempt_item(&t) || method_for_callers_impl(&t) {
            continue;
        }
        let Some(docs) = head_docs(&t) else { continue };
        let has_safety = find_section(&sections(&docs), "Safety").is_some();
        out.push(MacroFn {
            name,
            span: super::range(t.text_range()),
            has_safety,
            macro_rules,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(src: &str) -> Vec<(String, bool)> {
        let p = crate::syntax::parse(src);
        unsafe_fns_in_macro_rules(
            p.root
                .descendants_with_tokens()
                .filter_map(NodeOrToken::into_token),
        )
        .into_iter()
        .map(|f| (f.name, f.has_safety))
        .collect()
    }

    #[test]
    fn documented_and_undocumented() {
        let src = "macro_rules! m {\n    ($n:ident) => {\n        /// Reads.\n        ///\n        /// # Safety\n        ///\n        /// - `p` is valid.\n        pub unsafe fn read(p: *const u8) {}\n\n        /// No section.\n        #[inline]\n        unsafe extern \"C\" fn $n() {}\n    };\n}";
        assert_eq!(
            found(src),
            [("read".to_string(), true), ("$n".to_string(), false)]
        );
    }

    #[test]
    fn skips_matchers_trait_impls_caller_attributes_and_allows() {
        let src = "macro_rules! m {\n    ($v:vis unsafe fn $n:ident) => {\n        type F = unsafe extern \"C\" fn(u32);\n        unsafe fn method(&self) {}\n        unsafe impl Tr for X { unsafe fn f() {} }\n        impl X { $(#[$a])* unsafe fn g() {} }\n        #[expect(clippy::missing_safety_doc)]\n        impl Y { unsafe fn h() {} }\n        extern \"C\" { unsafe fn k(); }\n    };\n}";
        assert!(found(src).is_empty(), "{:?}", found(src));
    }

    #[test]
    fn ignores_macro_calls() {
        assert!(found("m! { unsafe fn f() {} }").is_empty());
    }
}
