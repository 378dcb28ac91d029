//! SD0017: the `// SAFETY:` comment of an `unsafe impl` repeats every requirement of the trait's
//! `# Safety` list (the standard: one item per requirement, in order, each restating it for the
//! implementing type, then `by` and the reason).
//!
//! The trait is resolved by path, as callees are for SD0009: `Trait` defined in the same module
//! of the same file or imported by a `use` naming it, or `module::Trait`. Only an `unsafe trait`
//! of the tree whose `# Safety` section is a list is compared; a trait outside the tree (`Send`,
//! `Sync`), one named in two places with different lists, or one reached any other way is not,
//! and nothing is said. An item repeats a requirement when it has the same words (`Self` may be
//! written as the implementing type or as "this type"), optionally followed by `by <reason>`,
//! or matches the same dictionary entry.

use ra_ap_syntax::ast::{self, AstNode};

use super::justification_order::{align, Alignment, Wanted};
use super::{phrasing, Ctx, Report};
use crate::code::Code;
use crate::index::{file_module, impl_self_name, module_of, TraitDef};
use crate::syntax::comments::TaggedComment;

/// The trait an `unsafe impl` implements, when the tree defines it and it can be known with
/// confidence.
fn resolve_trait<'a>(ctx: &Ctx<'a>, imp: &ast::Impl) -> Option<&'a TraitDef> {
    let ast::Type::PathType(ty) = imp.trait_()? else {
        return None;
    };
    let path = ty.path()?;
    let name = path.segment()?.name_ref()?.text().to_string();
    let all = ctx.index.traits.get(&name)?;
    let here = module_of(imp.syntax(), &file_module(&ctx.file.path));
    let found: Vec<&TraitDef> = match path.qualifier() {
        None => {
            let local: Vec<&TraitDef> = all
                .iter()
                .filter(|t| t.module == here && t.path == ctx.file.path)
                .collect();
            if local.is_empty() {
                let m = ctx.uses.get(&name)?;
                if m == "self" || m == "super" {
                    return None;
                }
                all.iter().filter(|t| &t.module == m).collect()
            } else {
                local
            }
        }
        Some(q) => {
            let q = q.segment()?.name_ref()?.text().to_string();
            let module = match q.as_str() {
                "self" => here,
                "super" => return None,
                _ if q.starts_with(|c: char| c.is_ascii_uppercase()) => return None,
                _ => q,
            };
            all.iter().filter(|t| t.module == module).collect()
        }
    };
    let (first, rest) = found.split_first()?;
    let same = rest.iter().all(|t| t.items == first.items && t.is_unsafe);
    (first.is_unsafe && first.items.is_some() && same).then_some(*first)
}

/// Compares an `unsafe impl`'s comment with its trait's `# Safety` list.
pub fn check_impl(ctx: &mut Ctx<'_>, imp: &ast::Impl, comment: &TaggedComment) {
    let Some(tr) = resolve_trait(ctx, imp) else {
        return;
    };
    let Some(trait_items) = &tr.items else {
        return;
    };
    ctx.stats.trait_lists_compared += 1;
    let ty = impl_self_name(imp);
    let wanted: Vec<Wanted> = trait_items
        .iter()
        .map(|t| {
            let mut w = Wanted::of(ctx, t);
            let mut variants = Vec::new();
            if let Some(ty) = &ty {
                variants.push(t.replace("`Self`", &format!("`{ty}`")));
            }
            variants.push(t.replace("`Self`", "this type"));
            for v in variants {
                let words = phrasing::normalise(&v);
                if !w.words.contains(&words) {
                    w.words.push(words);
                }
            }
            w
        })
        .collect();
    let items = phrasing::units(&comment.lines);
    let Alignment { used, order, .. } = align(ctx, &items, &wanted);
    let name = &tr.name;
    let location = tr.location();
    let notes = super::justification_order::list_notes(name, &location, trait_items.iter());
    let with_notes = |r: Report| super::justification_order::with_notes(r, &notes);
    if order.is_empty() {
        ctx.report(with_notes(
            Report::new(
                Code::Sd0017,
                comment.span.clone(),
                format!(
                    "this `// SAFETY:` comment does not repeat the requirements of the trait `{name}` ({location})"
                ),
            )
            .label("repeat each requirement for the implementing type, then `by <reason>`"),
        ));
        return;
    }
    for (i, done) in used.iter().enumerate() {
        if !done {
            ctx.report(with_notes(
                Report::new(
                    Code::Sd0017,
                    comment.span.clone(),
                    format!(
                        "this `// SAFETY:` comment does not repeat requirement {} of the trait `{name}` ({location})",
                        i + 1
                    ),
                )
                .label(format!("add an item for requirement {}", i + 1)),
            ));
        }
    }
}
