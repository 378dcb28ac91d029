//! SD0012: building a value of a type documented with `# Invariants` (a struct literal, or a
//! call of a tuple struct's name) needs an `// INVARIANT:` comment: above the expression or its
//! statement, or inside the literal (above a field).

use ra_ap_syntax::{
    ast::{self, AstNode},
    SyntaxKind::{CALL_EXPR, IMPL, RECORD_EXPR},
    SyntaxNode,
};

use super::{Ctx, Report};
use crate::code::Code;
use crate::syntax::comments::{tagged_above, tagged_within, Tag};
use crate::syntax::range;

/// The type name a path names: its last segment, or for `Self` the enclosing impl's type.
fn type_name(path: &ast::Path, at: &SyntaxNode) -> Option<(String, Option<String>)> {
    let seg = path.segment()?;
    let last = if seg.self_type_token().is_some() {
        let imp = at
            .ancestors()
            .find(|a| a.kind() == IMPL)
            .and_then(ast::Impl::cast)?;
        match imp.self_ty()? {
            ast::Type::PathType(p) => p.path()?.segment()?.name_ref()?.text().to_string(),
            _ => return None,
        }
    } else {
        seg.name_ref()?.text().to_string()
    };
    let parent = path
        .qualifier()
        .and_then(|q| q.segment())
        .and_then(|s| s.name_ref())
        .map(|n| n.text().to_string());
    Some((last, parent))
}

pub fn check(ctx: &mut Ctx<'_>, nodes: &[SyntaxNode]) {
    for node in nodes {
        let (path, is_call) = match node.kind() {
            RECORD_EXPR => (
                ast::RecordExpr::cast(node.clone()).and_then(|r| r.path()),
                false,
            ),
            CALL_EXPR => (
                ast::CallExpr::cast(node.clone())
                    .and_then(|c| c.expr())
                    .and_then(|e| match e {
                        ast::Expr::PathExpr(p) => p.path(),
                        _ => None,
                    }),
                true,
            ),
            _ => continue,
        };
        let Some(path) = path else { continue };
        let Some((name, parent)) = type_name(&path, node) else {
            continue;
        };
        let ty = ctx
            .index
            .invariant_type(&name, ctx.file_index)
            .or_else(|| {
                // `Enum::Variant { .. }`: the invariants are the enum's.
                parent
                    .as_deref()
                    .filter(|_| !is_call)
                    .and_then(|p| ctx.index.invariant_type(p, ctx.file_index))
            })
            .cloned();
        let Some(ty) = ty else { continue };
        if is_call && !ty.tuple {
            continue;
        }
        ctx.stats.struct_literals_with_invariants += 1;
        let inside = if is_call {
            None
        } else {
            ast::RecordExpr::cast(node.clone())
                .and_then(|r| r.record_expr_field_list())
                .and_then(|l| tagged_within(l.syntax(), Tag::Invariant))
        };
        if inside.is_some() || tagged_above(node, Tag::Invariant).is_some() {
            continue;
        }
        ctx.report(
            Report::new(
                Code::Sd0012,
                range(path.syntax().text_range()),
                format!(
                    "`{}` has type invariants but is built without an `// INVARIANT:` comment",
                    ty.name
                ),
            )
            .label("justify each invariant in an `// INVARIANT:` comment"),
        );
    }
}
