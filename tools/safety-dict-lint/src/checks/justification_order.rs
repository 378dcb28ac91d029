//! SD0009–SD0011: a `// SAFETY:` comment on a call to an unsafe function of the checked tree
//! justifies the callee's `# Safety` items, all of them, nothing else, in the same order.
//!
//! The callee is found by name (last path segment or method name) among the tree's unsafe
//! functions whose `# Safety` section is a proper list; the check runs only when the block
//! calls exactly one such name and every function of that name has the same list. A comment
//! item addresses a callee item when its requirement part (before `by`) has the same wording
//! (case, whitespace and final period folded) or matches the same dictionary entry.

use std::collections::BTreeSet;

use ra_ap_syntax::{
    ast::{self, AstNode},
    SyntaxKind::{CALL_EXPR, METHOD_CALL_EXPR},
};

use super::{excerpt, phrasing, Ctx, Report};
use crate::code::Code;
use crate::index::Callee;
use crate::syntax::comments::TaggedComment;

/// Names of the functions called inside the block (path calls and method calls).
fn called_names(block: &ast::BlockExpr) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for node in block.syntax().descendants() {
        match node.kind() {
            CALL_EXPR => {
                let name = ast::CallExpr::cast(node)
                    .and_then(|c| c.expr())
                    .and_then(|e| match e {
                        ast::Expr::PathExpr(p) => p.path(),
                        _ => None,
                    })
                    .and_then(|p| p.segment())
                    .and_then(|s| s.name_ref())
                    .map(|n| n.text().to_string());
                out.extend(name);
            }
            METHOD_CALL_EXPR => {
                let name = ast::MethodCallExpr::cast(node)
                    .and_then(|m| m.name_ref())
                    .map(|n| n.text().to_string());
                out.extend(name);
            }
            _ => {}
        }
    }
    out
}

/// The statement of an item (its words before `by`) and the entry it matched, if any.
fn statement_of(ctx: &Ctx<'_>, text: &str) -> (String, Option<String>) {
    let a = ctx.vocab.analyse_item(text);
    let id = a.statement.result.id().map(str::to_string);
    let words = if a.statement.text.is_empty() {
        text.to_string()
    } else {
        a.statement.text
    };
    (phrasing::normalise(&words), id)
}

pub fn check_block(ctx: &mut Ctx<'_>, block: &ast::BlockExpr, comment: &TaggedComment) {
    let names = called_names(block);
    let callees: Vec<Callee> = names
        .iter()
        .filter_map(|n| ctx.index.callee(n).cloned())
        .collect();
    let [callee] = callees.as_slice() else {
        return;
    };
    ctx.stats.justification_lists_compared += 1;
    let (items, _) = phrasing::units(&comment.lines);
    let wanted: Vec<(String, Option<String>)> =
        callee.items.iter().map(|t| statement_of(ctx, t)).collect();
    let mut used = vec![false; wanted.len()];
    let mut order: Vec<(usize, usize)> = Vec::new(); // (comment item, callee item)
    let mut extra = Vec::new();
    for (j, item) in items.iter().enumerate() {
        let (key, id) = statement_of(ctx, &item.text);
        let hit = (0..wanted.len())
            .find(|&i| !used[i] && wanted[i].0 == key)
            .or_else(|| {
                id.as_ref().and_then(|id| {
                    (0..wanted.len()).find(|&i| !used[i] && wanted[i].1.as_ref() == Some(id))
                })
            });
        match hit {
            Some(i) => {
                used[i] = true;
                order.push((j, i));
            }
            None => extra.push(j),
        }
    }
    let callee_note = format!(
        "`{}` requires, in this order: {}",
        callee.name,
        callee
            .items
            .iter()
            .enumerate()
            .map(|(i, t)| format!("({}) {}", i + 1, excerpt(t.trim_end_matches('.'), 60)))
            .collect::<Vec<_>>()
            .join("; ")
    );
    if order.is_empty() {
        ctx.report(
            Report::new(
                Code::Sd0009,
                comment.span.clone(),
                format!(
                    "this `// SAFETY:` comment does not address the `# Safety` items of `{}`",
                    callee.name
                ),
            )
            .label("repeat each requirement, then `by <justification>`")
            .note(callee_note),
        );
        return;
    }
    for (i, done) in used.iter().enumerate() {
        if !done {
            ctx.report(
                Report::new(
                    Code::Sd0009,
                    comment.span.clone(),
                    format!(
                        "missing justification for requirement {} of `{}`: \"{}\"",
                        i + 1,
                        callee.name,
                        excerpt(&callee.items[i], 60)
                    ),
                )
                .label("add an item for it")
                .note(callee_note.clone()),
            );
        }
    }
    for j in extra {
        ctx.report(
            Report::new(
                Code::Sd0010,
                items[j].span.clone(),
                format!(
                    "this justification addresses no `# Safety` item of `{}`",
                    callee.name
                ),
            )
            .label("not a requirement of the callee")
            .note(callee_note.clone()),
        );
    }
    if let Some(w) = order.windows(2).find(|w| w[1].1 < w[0].1) {
        let (j, i) = w[1];
        ctx.report(
            Report::new(
                Code::Sd0011,
                items[j].span.clone(),
                format!(
                    "justifications out of order: requirement {} of `{}` comes after requirement {}",
                    i + 1,
                    callee.name,
                    w[0].1 + 1
                ),
            )
            .label("follow the order of the callee's `# Safety` list")
            .note(callee_note),
        );
    }
}
