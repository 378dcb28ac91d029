//! SD0003–SD0006: `unsafe fn` and `unsafe trait` declare their requirements in a `# Safety`
//! section that is a Markdown list, one requirement per item, none repeated.
//!
//! Which declarations need a section: every `unsafe fn` (free, inherent method, trait method
//! with or without a default body) and every `unsafe trait`, public or private. Exempt:
//! `unsafe fn` in an `impl Trait for Type` (its requirements are the trait method's, documented
//! on the trait) and functions in `extern` blocks (FFI declarations). A missing section is not
//! reported where `clippy::missing_safety_doc` is allowed or expected on the item or around it.
//!
//! SD0018: an `unsafe fn` a `macro_rules!` body defines needs a `# Safety` section too (found in
//! the tokens, see [`crate::syntax::macro_fns`]); only its presence is checked.

use std::collections::HashMap;

use ra_ap_syntax::{
    ast::{self, AstNode, HasName},
    SyntaxKind::{ASSOC_ITEM_LIST, EXTERN_ITEM_LIST, FN, IMPL, TRAIT, UNSAFE_KW},
    SyntaxNode,
};

use safety_dict::items::Located;

use super::{excerpt, phrasing, Ctx, Report};
use crate::code::Code;
use crate::index::safety_doc;
use crate::markdown;
use crate::syntax::macro_fns::unsafe_fns_in_macro_rules;
use crate::syntax::range;
use crate::vocabulary::Statement;

/// How an item was read: each statement's entry and bindings, in order.
type Reading = Vec<(String, Vec<(String, String)>)>;

/// Is this fn inside `impl Trait for Type` or an extern block?
fn is_exempt_fn(node: &SyntaxNode) -> bool {
    let Some(parent) = node.parent() else {
        return false;
    };
    if parent.kind() == EXTERN_ITEM_LIST {
        return true;
    }
    parent.kind() == ASSOC_ITEM_LIST
        && parent
            .parent()
            .filter(|p| p.kind() == IMPL)
            .and_then(ast::Impl::cast)
            .is_some_and(|i| i.trait_().is_some())
}

fn name_of(node: &SyntaxNode) -> String {
    node.children()
        .find_map(ast::Name::cast)
        .map_or_else(|| "_".to_string(), |n| n.text().to_string())
}

/// A requirement already stated: its normalised words, its entry and bindings, its span.
pub fn check(ctx: &mut Ctx<'_>, nodes: &[SyntaxNode]) {
    for node in nodes {
        let what = match node.kind() {
            FN if crate::index::is_unsafe_fn(node) => {
                if is_exempt_fn(node) {
                    continue;
                }
                ctx.stats.unsafe_fns += 1;
                "unsafe fn"
            }
            TRAIT if ast::Trait::cast(node.clone()).is_some_and(|t| t.unsafe_token().is_some()) => {
                ctx.stats.unsafe_traits += 1;
                "unsafe trait"
            }
            _ => continue,
        };
        check_decl(ctx, node, what);
    }
}

/// SD0018 over the `unsafe` tokens of a file's token trees.
pub fn check_macro_fns(ctx: &mut Ctx<'_>, tokens: &[ra_ap_syntax::SyntaxToken]) {
    for f in unsafe_fns_in_macro_rules(tokens.iter().cloned()) {
        if f.has_safety || ctx.allows.allows(&f.macro_rules, "missing_safety_doc") {
            continue;
        }
        ctx.report(
            Report::new(
                Code::Sd0018,
                f.span,
                format!(
                    "unsafe fn `{}` defined in a `macro_rules!` body has no `# Safety` section",
                    f.name
                ),
            )
            .label("document its safety requirements in a `# Safety` list in the macro"),
        );
    }
}

fn check_decl(ctx: &mut Ctx<'_>, node: &SyntaxNode, what: &str) {
    let name = name_of(node);
    let Some(doc) = safety_doc(node) else {
        if ctx.allows.allows(node, "missing_safety_doc") {
            return;
        }
        let at = node
            .children_with_tokens()
            .find(|c| c.kind() == UNSAFE_KW)
            .map(|c| range(c.text_range()))
            .or_else(|| {
                ast::Fn::cast(node.clone())
                    .and_then(|f| f.name())
                    .map(|n| range(n.syntax().text_range()))
            })
            .unwrap_or_else(|| range(node.text_range()));
        let mut r = Report::new(
            Code::Sd0003,
            at,
            format!("{what} `{name}` has no `# Safety` section"),
        )
        .label("document its safety requirements in a `# Safety` list");
        if node.kind() == TRAIT {
            r = r.help(format!(
                "{}unsafe-locations.html#unsafe-traits",
                ctx.vocab.site_url()
            ));
        }
        ctx.report(r);
        return;
    };
    ctx.stats.safety_sections += 1;
    let is_list = doc.is_list();
    if is_list {
        ctx.stats.safety_sections_as_lists += 1;
    } else {
        let message = if doc.items.is_empty() {
            format!("the `# Safety` section of `{name}` is empty")
        } else if !doc.has_list() {
            format!("the `# Safety` section of `{name}` is prose, not a list of requirements")
        } else {
            format!("the `# Safety` section of `{name}` mixes prose with its list")
        };
        let span = doc
            .prose()
            .map(|p| p.span.clone())
            .min_by_key(|s| s.start)
            .unwrap_or_else(|| doc.section.heading.clone());
        ctx.report(
            Report::new(Code::Sd0004, span, message)
                .label("write one requirement per list item (`- ...`)"),
        );
    }
    // The units the dictionary sees: list items and the sentences of any prose, in source order.
    let mut units: Vec<&Located> = doc.items.iter().collect();
    units.sort_by_key(|i| i.span.start);
    // The first item with each wording and with each reading (entry and bindings), by hash:
    // a linear search is quadratic on a long list.
    let scope = phrasing::Scope::at(node, node.text_range().start(), &ctx.structs);
    let mut seen_words: HashMap<String, usize> = HashMap::new();
    let mut seen_readings: HashMap<Reading, usize> = HashMap::new();
    let mut all_recognised = true;
    let mut read = 0;
    for item in units {
        let m = phrasing::check_requirement(ctx, item, &scope);
        if m.text.is_empty() {
            continue;
        }
        read += 1;
        all_recognised &= m.is_recognised();
        if is_list && markdown::sentence_count(&item.text) > 1 {
            ctx.report(
                Report::new(
                    Code::Sd0005,
                    item.span.clone(),
                    "this `# Safety` item holds more than one sentence",
                )
                .label("split it: one requirement per item"),
            );
        }
        let key = phrasing::normalise(&item.text);
        // The item's reading: every statement's entry and bindings, when all are recognised.
        let rec: Option<Reading> = m.statements.iter().map(Statement::reading).collect();
        let first = [
            seen_words.get(&key).copied(),
            rec.as_ref().and_then(|r| seen_readings.get(r).copied()),
        ]
        .into_iter()
        .flatten()
        .min();
        if let Some(first) = first {
            let (line, _) = ctx.file.line_col(first);
            ctx.report(
                Report::new(
                    Code::Sd0006,
                    item.span.clone(),
                    format!("requirement repeated: \"{}\"", excerpt(&item.text, 60)),
                )
                .label("already required above")
                .note(format!("first stated on line {line}")),
            );
        } else {
            seen_words.insert(key, item.span.start);
            if let Some(r) = rec {
                seen_readings.insert(r, item.span.start);
            }
        }
    }
    if all_recognised && read > 0 {
        ctx.stats.safety_sections_recognised += 1;
    }
}
