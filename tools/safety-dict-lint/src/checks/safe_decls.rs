//! SD0016: a `# Safety` section on a safe function or trait (Clippy's `unnecessary_safety_doc`).
//! Callers of a safe function have nothing to uphold, so such a section either belongs to a
//! function that should be `unsafe`, or describes what callers may rely on, which the standard
//! writes as `# Guarantees`.
//!
//! Left alone, because the section may rightly describe obligations the signature does not
//! show: methods of an `impl Trait for Type` (documented on the trait), methods of an
//! `unsafe trait` (obligations of implementers), functions with an ABI (`extern "C" fn`, called
//! from C, which has no `unsafe`), functions exported with `#[no_mangle]` or `#[export_name]`,
//! functions of `extern` blocks, and anything under `#[allow(clippy::unnecessary_safety_doc)]`.

use ra_ap_syntax::{
    ast::{self, AstNode, HasAttrs, HasName},
    SyntaxKind::{ASSOC_ITEM_LIST, EXTERN_ITEM_LIST, FN, IMPL, TRAIT},
    SyntaxNode,
};

use super::{Ctx, Report};
use crate::code::Code;
use crate::index::safety_doc;

/// Attributes that export a function to other languages.
const EXPORTS: &[&str] = &["no_mangle", "export_name", "unsafe"];

fn is_exported(f: &ast::Fn) -> bool {
    f.abi().is_some()
        || f.attrs().any(|a| {
            a.path()
                .is_some_and(|p| EXPORTS.contains(&p.syntax().text().to_string().as_str()))
        })
}

/// Whether the function's container gives its docs a meaning of their own.
fn in_exempt_container(node: &SyntaxNode) -> bool {
    let Some(parent) = node.parent() else {
        return false;
    };
    if parent.kind() == EXTERN_ITEM_LIST {
        return true;
    }
    if parent.kind() != ASSOC_ITEM_LIST {
        return false;
    }
    let Some(owner) = parent.parent() else {
        return false;
    };
    match owner.kind() {
        IMPL => ast::Impl::cast(owner).is_some_and(|i| i.trait_().is_some()),
        TRAIT => ast::Trait::cast(owner).is_some_and(|t| t.unsafe_token().is_some()),
        _ => false,
    }
}

pub fn check(ctx: &mut Ctx<'_>, nodes: &[SyntaxNode]) {
    for node in nodes {
        let (what, name) = match node.kind() {
            FN => {
                let Some(f) = ast::Fn::cast(node.clone()) else {
                    continue;
                };
                if f.unsafe_token().is_some() || is_exported(&f) || in_exempt_container(node) {
                    continue;
                }
                ("function", f.name())
            }
            TRAIT => {
                let Some(t) = ast::Trait::cast(node.clone()) else {
                    continue;
                };
                if t.unsafe_token().is_some() {
                    continue;
                }
                ("trait", t.name())
            }
            _ => continue,
        };
        let Some(doc) = safety_doc(node) else {
            continue;
        };
        if ctx.allows.allows(node, "unnecessary_safety_doc") {
            continue;
        }
        let name = name.map_or_else(|| "_".to_string(), |n| n.text().to_string());
        ctx.report(
            Report::new(
                Code::Sd0016,
                doc.section.heading.clone(),
                format!("safe {what} `{name}` has a `# Safety` section"),
            )
            .label(format!(
                "a safe {what} has no safety requirements; make it `unsafe`, or drop the section"
            ))
            .note("if the section says what callers may rely on, it is a `# Guarantees` section"),
        );
    }
}
