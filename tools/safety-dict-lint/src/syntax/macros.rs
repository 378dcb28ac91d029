//! `unsafe` inside macro bodies. Token trees (`macro_rules!` bodies, macro call arguments)
//! are not parsed into expressions, so `unsafe {` and `unsafe impl` are found in the tokens.

use std::ops::Range;

use ra_ap_syntax::{
    NodeOrToken, SyntaxKind,
    SyntaxKind::{COMMENT, L_CURLY, R_CURLY, SEMICOLON, TOKEN_TREE, WHITESPACE},
    SyntaxNode, SyntaxToken, T,
};

use super::comments::{find_tagged, Tag, TaggedComment};

/// What follows an `unsafe` keyword in a token tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MacroUnsafe {
    Block,
    Impl,
}

/// One `unsafe {` or `unsafe impl` in a token tree.
#[derive(Debug, Clone)]
pub struct MacroSite {
    pub kind: MacroUnsafe,
    /// Range of the `unsafe` keyword.
    pub span: Range<usize>,
    pub safety: Option<TaggedComment>,
}

/// How far back the comment search walks over tokens of the same statement.
const MAX_BACK: usize = 256;

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

/// Every `unsafe {` / `unsafe impl` inside token trees under `root`.
pub fn unsafe_in_token_trees(root: &SyntaxNode) -> Vec<MacroSite> {
    unsafe_in_tokens(
        root.descendants_with_tokens()
            .filter_map(NodeOrToken::into_token),
    )
}

/// Every `unsafe {` / `unsafe impl` among these tokens that stands in a token tree.
pub fn unsafe_in_tokens(tokens: impl IntoIterator<Item = SyntaxToken>) -> Vec<MacroSite> {
    let mut out = Vec::new();
    for t in tokens {
        if t.kind() != T![unsafe] && !(t.kind() == SyntaxKind::IDENT && t.text() == "unsafe") {
            continue;
        }
        if t.parent().is_none_or(|p| p.kind() != TOKEN_TREE) {
            continue;
        }
        let kind = match next_non_trivia(&t) {
            Some(n) if n.kind() == L_CURLY => MacroUnsafe::Block,
            Some(n) if n.kind() == T![impl] => MacroUnsafe::Impl,
            _ => continue,
        };
        out.push(MacroSite {
            kind,
            span: super::range(t.text_range()),
            safety: safety_before(&t),
        });
    }
    out
}

/// Walks back from the `unsafe` keyword over the tokens of the same statement (stopping at
/// `;`, `{` or `}`) and looks for a `// SAFETY:` group among the comments met.
fn safety_before(t: &SyntaxToken) -> Option<TaggedComment> {
    let mut run: Vec<SyntaxToken> = Vec::new();
    let mut cur = t.prev_token();
    let mut steps = 0;
    while let Some(c) = cur {
        steps += 1;
        if steps > MAX_BACK {
            break;
        }
        match c.kind() {
            WHITESPACE | COMMENT => run.push(c.clone()),
            SEMICOLON | L_CURLY | R_CURLY => break,
            _ => {
                run.reverse();
                if let Some(found) = find_tagged(&run, Tag::Safety) {
                    return Some(found);
                }
                run.clear();
            }
        }
        cur = c.prev_token();
    }
    run.reverse();
    find_tagged(&run, Tag::Safety)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sites(src: &str) -> Vec<(MacroUnsafe, bool)> {
        let p = crate::syntax::parse(src);
        unsafe_in_token_trees(&p.root)
            .into_iter()
            .map(|s| (s.kind, s.safety.is_some()))
            .collect()
    }

    #[test]
    fn finds_blocks_and_impls_in_macro_rules() {
        let src = "macro_rules! m {\n    () => {\n        // SAFETY: fine.\n        let x = unsafe { f() };\n        unsafe { g() };\n        // SAFETY: impl ok.\n        unsafe impl Send for X {}\n    };\n}";
        assert_eq!(
            sites(src),
            [
                (MacroUnsafe::Block, true),
                (MacroUnsafe::Block, false),
                (MacroUnsafe::Impl, true)
            ]
        );
    }

    #[test]
    fn finds_blocks_in_macro_calls() {
        let src =
            "fn f() {\n    // SAFETY: ok.\n    m!(unsafe { g() });\n    n!(unsafe { g() });\n}";
        assert_eq!(
            sites(src),
            [(MacroUnsafe::Block, true), (MacroUnsafe::Block, false)]
        );
    }

    #[test]
    fn ignores_unsafe_fn_in_macros() {
        assert!(sites("m! { unsafe fn f() {} }").is_empty());
    }
}
