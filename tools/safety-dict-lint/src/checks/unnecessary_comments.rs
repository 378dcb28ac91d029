//! SD0015: a `// SAFETY:` comment above code with no unsafe operation (Clippy's
//! `unnecessary_safety_comment`). Such a comment justifies nothing where it stands, and often
//! was meant for an `unsafe` block a few lines below, which then has none of its own.
//!
//! A false report costs more than a missed one, so a comment is reported only when all of this
//! holds:
//! - it starts its line (a comment after code on the same line may be about that code) and is
//!   followed by code without a blank line between;
//! - the code it stands above is a whole statement, item, match arm or a block's tail
//!   expression, found as the construct that starts right after it (attributes may stand
//!   between);
//! - that construct holds no `unsafe` token at all (not in a nested block, closure, attribute
//!   such as `#[unsafe(no_mangle)]`, nor an `unsafe extern` block), no macro call (its
//!   expansion may hold unsafe code), no attribute that exports a symbol (`#[no_mangle]`,
//!   `#[export_name]`, `#[link_section]`), and no ABI (`extern "C" fn`);
//! - it is not a `static` (whose soundness a comment may argue), an `extern` block, or a macro
//!   definition or call;
//! - nothing around it lets safe-looking code do unsafe things: it is not inside an `unsafe`
//!   block, an `unsafe fn`, an `unsafe impl` or `unsafe trait`, an `extern` block (where it
//!   states a foreign function's requirements), nor a macro body or call;
//! - `clippy::unnecessary_safety_comment` is not allowed there.

use ra_ap_syntax::{
    ast::{self, AstNode},
    NodeOrToken, SyntaxKind,
    SyntaxKind::{
        ABI, ATTR, BLOCK_EXPR, COMMENT, CONST, ENUM, EXPR_STMT, EXTERN_BLOCK, EXTERN_CRATE,
        EXTERN_ITEM_LIST, FN, IDENT, IMPL, LET_STMT, MACRO_CALL, MACRO_DEF, MACRO_EXPR,
        MACRO_ITEMS, MACRO_PAT, MACRO_RULES, MACRO_STMTS, MACRO_TYPE, MATCH_ARM, MODULE, STATIC,
        STMT_LIST, STRUCT, TOKEN_TREE, TRAIT, TYPE_ALIAS, UNION, UNSAFE_KW, USE, WHITESPACE,
    },
    SyntaxNode, SyntaxToken, TextRange, TextSize,
};

use super::{Ctx, Report};
use crate::code::Code;
use crate::syntax::comments::{all_tagged_in, is_boundary, is_container, is_trivia, Tag};

/// Attributes whose item is reached from outside Rust, where a comment may argue soundness.
const EXPORT_ATTRS: &[&str] = &["no_mangle", "export_name", "link_section", "naked", "used"];

/// Kinds of construct a comment may be reported on.
fn is_reportable(node: &SyntaxNode) -> bool {
    match node.kind() {
        LET_STMT | EXPR_STMT | MATCH_ARM | FN | IMPL | STRUCT | ENUM | UNION | TRAIT | CONST
        | TYPE_ALIAS | USE | MODULE => true,
        // A block's tail expression.
        _ => node
            .parent()
            .is_some_and(|p| p.kind() == STMT_LIST && ast::Expr::can_cast(node.kind())),
    }
}

fn is_macro(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        MACRO_CALL
            | MACRO_DEF
            | MACRO_EXPR
            | MACRO_ITEMS
            | MACRO_PAT
            | MACRO_RULES
            | MACRO_STMTS
            | MACRO_TYPE
            | TOKEN_TREE
    )
}

fn has_unsafe_kw(node: &SyntaxNode) -> bool {
    node.children_with_tokens().any(|c| c.kind() == UNSAFE_KW)
}

/// Whether `node` begins with `tok`, only trivia and attributes before it.
fn starts_with(node: &SyntaxNode, tok: &SyntaxToken) -> bool {
    let r = tok.text_range();
    for child in node.children_with_tokens() {
        if child.text_range().contains_range(r) {
            return true;
        }
        match child {
            NodeOrToken::Token(t) if is_trivia(t.kind()) => {}
            NodeOrToken::Node(n) if n.kind() == ATTR => {}
            _ => return false,
        }
    }
    false
}

/// The construct that starts at `tok`: the largest node beginning with it, up to the first
/// statement, item or match arm, never out of a list of statements or items.
fn construct_at(tok: &SyntaxToken) -> Option<SyntaxNode> {
    let mut target = None;
    let mut cur = tok.parent();
    while let Some(n) = cur {
        if is_container(n.kind()) || !starts_with(&n, tok) {
            break;
        }
        let boundary = is_boundary(n.kind());
        target = Some(n.clone());
        if boundary {
            break;
        }
        cur = n.parent();
    }
    target
}

/// Whether anything in `node` may be or hide an unsafe operation.
fn may_be_unsafe(node: &SyntaxNode) -> bool {
    if matches!(node.kind(), STATIC | EXTERN_BLOCK | EXTERN_CRATE) {
        return true;
    }
    node.descendants_with_tokens().any(|el| match el {
        NodeOrToken::Token(t) => {
            t.kind() == UNSAFE_KW || (t.kind() == IDENT && t.text() == "unsafe")
        }
        NodeOrToken::Node(n) => {
            is_macro(n.kind())
                || matches!(n.kind(), ABI | EXTERN_BLOCK | STATIC)
                || (n.kind() == ATTR
                    && ast::Attr::cast(n).and_then(|a| a.path()).is_some_and(|p| {
                        EXPORT_ATTRS.contains(&p.syntax().text().to_string().as_str())
                    }))
        }
    })
}

/// Whether the comment stands where safe-looking code may do unsafe things.
fn in_unsafe_context(tok: &SyntaxToken) -> bool {
    tok.parent_ancestors().any(|a| match a.kind() {
        BLOCK_EXPR | FN | IMPL | TRAIT => has_unsafe_kw(&a),
        // A comment on a foreign function states what its callers must ensure.
        EXTERN_BLOCK | EXTERN_ITEM_LIST => true,
        k => is_macro(k),
    })
}

/// The whitespace between two tokens holds a blank line.
fn blank_line_between(first: &SyntaxToken, last: &SyntaxToken) -> bool {
    let mut t = first.next_token();
    while let Some(tok) = t {
        if tok.text_range().start() >= last.text_range().start() {
            break;
        }
        if tok.kind() == WHITESPACE && tok.text().matches('\n').count() > 1 {
            return true;
        }
        t = tok.next_token();
    }
    false
}

/// The first token of the line a comment starts: nothing but whitespace before it.
fn starts_its_line(tok: &SyntaxToken) -> bool {
    match tok.prev_token() {
        None => true,
        Some(p) => p.kind() == WHITESPACE && p.text().contains('\n'),
    }
}

/// An `unsafe` block in the statement right after `target`, for a hint: the comment was
/// probably meant for it.
fn unsafe_block_after(target: &SyntaxNode) -> Option<SyntaxNode> {
    if target.parent()?.kind() != STMT_LIST {
        return None;
    }
    target
        .next_sibling()
        .filter(|s| matches!(s.kind(), LET_STMT | EXPR_STMT) || ast::Expr::can_cast(s.kind()))?
        .descendants()
        .find(|n| n.kind() == BLOCK_EXPR && has_unsafe_kw(n))
}

fn token_at(root: &SyntaxNode, offset: usize, end: bool) -> Option<SyntaxToken> {
    let at = TextSize::try_from(offset).ok()?;
    let range = if end {
        TextRange::new(at.checked_sub(1.into())?, at)
    } else {
        TextRange::new(at, at.checked_add(1.into())?)
    };
    match root.covering_element(range) {
        NodeOrToken::Token(t) if t.kind() == COMMENT => Some(t),
        _ => None,
    }
}

pub fn check(ctx: &mut Ctx<'_>, root: &SyntaxNode, tokens: &[SyntaxToken]) {
    for comment in all_tagged_in(tokens.iter().cloned()) {
        if comment.tag != Tag::Safety {
            continue;
        }
        let (Some(first), Some(last)) = (
            token_at(root, comment.span.start, false),
            token_at(root, comment.span.end, true),
        ) else {
            continue;
        };
        if !starts_its_line(&first) || in_unsafe_context(&first) {
            continue;
        }
        let mut next = last.next_token();
        while let Some(t) = next.as_ref().filter(|t| is_trivia(t.kind())) {
            next = t.next_token();
        }
        let Some(next) = next else { continue };
        if blank_line_between(&last, &next) {
            continue;
        }
        let Some(target) = construct_at(&next) else {
            continue;
        };
        if !is_reportable(&target)
            || may_be_unsafe(&target)
            || ctx.allows.allows(&target, "unnecessary_safety_comment")
        {
            continue;
        }
        let mut r = Report::new(
            Code::Sd0015,
            comment.span.clone(),
            "`// SAFETY:` comment on code with no unsafe operation",
        )
        .label("nothing below this comment is `unsafe`");
        if let Some(block) = unsafe_block_after(&target) {
            let (line, _) = ctx.file.line_col(usize::from(block.text_range().start()));
            r = r.note(format!(
                "the `unsafe` block on line {line} may be what it justifies: a `// SAFETY:` comment stands directly above its block"
            ));
        }
        ctx.report(r);
    }
}
