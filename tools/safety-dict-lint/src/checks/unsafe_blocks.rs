//! SD0001 / SD0002: `unsafe` blocks and `unsafe impl`s need a `// SAFETY:` comment; and, when
//! the block calls an unsafe function of the tree, check 4 compares the two lists (for an impl,
//! SD0017 compares the comment with the trait's list). Not reported
//! where `clippy::undocumented_unsafe_blocks` is allowed or expected on the construct or around it.

use ra_ap_syntax::{
    ast::{self, AstNode},
    SyntaxKind::{BLOCK_EXPR, IMPL, UNSAFE_KW},
    SyntaxNode,
};

use super::{impl_justification, justification_order, Ctx, FileNodes, Report};
use crate::code::Code;
use crate::syntax::comments::{tagged_above, Tag, TaggedComment};
use crate::syntax::macros::{unsafe_in_tokens, MacroUnsafe};
use crate::syntax::range;

fn unsafe_kw(node: &SyntaxNode) -> Option<std::ops::Range<usize>> {
    node.children_with_tokens()
        .find(|c| c.kind() == UNSAFE_KW)
        .map(|c| range(c.text_range()))
}

/// A `// SAFETY: TODO`: reported, and not counted as a documented block or impl.
fn placeholder(ctx: &mut Ctx<'_>, comment: &TaggedComment) {
    ctx.report(
        Report::new(
            Code::Sd0013,
            comment.span.clone(),
            "placeholder `// SAFETY:` comment: it justifies nothing",
        )
        .label("justify each requirement here, or remove the `unsafe`"),
    );
}

pub fn check(ctx: &mut Ctx<'_>, file: &FileNodes) {
    for node in &file.nodes {
        match node.kind() {
            BLOCK_EXPR => {
                let Some(kw) = unsafe_kw(node) else { continue };
                ctx.stats.unsafe_blocks += 1;
                match tagged_above(node, Tag::Safety) {
                    Some(comment) if comment.is_placeholder() => placeholder(ctx, &comment),
                    Some(comment) => {
                        ctx.stats.unsafe_blocks_with_safety += 1;
                        if let Some(block) = ast::BlockExpr::cast(node.clone()) {
                            justification_order::check_block(ctx, &block, &comment);
                        }
                    }
                    None if ctx.allows.allows(node, "undocumented_unsafe_blocks") => {}
                    None => ctx.report(
                        Report::new(
                            Code::Sd0001,
                            kw,
                            "unsafe block without a `// SAFETY:` comment",
                        )
                        .label("needs a `// SAFETY:` comment above it or above its statement"),
                    ),
                }
            }
            IMPL => {
                let Some(kw) = unsafe_kw(node) else { continue };
                ctx.stats.unsafe_impls += 1;
                let comment = tagged_above(node, Tag::Safety);
                if let Some(c) = comment.as_ref().filter(|c| c.is_placeholder()) {
                    placeholder(ctx, c);
                } else if let Some(c) = &comment {
                    ctx.stats.unsafe_impls_with_safety += 1;
                    if let Some(imp) = ast::Impl::cast(node.clone()) {
                        impl_justification::check_impl(ctx, &imp, c);
                    }
                } else if !ctx.allows.allows(node, "undocumented_unsafe_blocks") {
                    ctx.report(
                        Report::new(
                            Code::Sd0002,
                            kw,
                            "unsafe impl without a `// SAFETY:` comment",
                        )
                        .label("needs a `// SAFETY:` comment justifying the trait's requirements"),
                    );
                }
            }
            _ => {}
        }
    }
    for site in unsafe_in_tokens(file.tokens.iter().cloned()) {
        if let Some(c) = site.safety.as_ref().filter(|c| c.is_placeholder()) {
            match site.kind {
                MacroUnsafe::Block => {
                    ctx.stats.unsafe_blocks += 1;
                    ctx.stats.unsafe_blocks_in_macros += 1;
                }
                MacroUnsafe::Impl => ctx.stats.unsafe_impls += 1,
            }
            placeholder(ctx, c);
            continue;
        }
        let has = site.safety.is_some();
        match site.kind {
            MacroUnsafe::Block => {
                ctx.stats.unsafe_blocks += 1;
                ctx.stats.unsafe_blocks_in_macros += 1;
                if has {
                    ctx.stats.unsafe_blocks_with_safety += 1;
                } else {
                    ctx.report(
                        Report::new(
                            Code::Sd0001,
                            site.span,
                            "unsafe block in a macro body without a `// SAFETY:` comment",
                        )
                        .label("needs a `// SAFETY:` comment above it or above its statement"),
                    );
                }
            }
            MacroUnsafe::Impl => {
                ctx.stats.unsafe_impls += 1;
                if has {
                    ctx.stats.unsafe_impls_with_safety += 1;
                } else {
                    ctx.report(
                        Report::new(
                            Code::Sd0002,
                            site.span,
                            "unsafe impl in a macro body without a `// SAFETY:` comment",
                        )
                        .label("needs a `// SAFETY:` comment justifying the trait's requirements"),
                    );
                }
            }
        }
    }
}
