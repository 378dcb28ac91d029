//! SD0009–SD0011: a `// SAFETY:` comment on a call to an unsafe function of the checked tree
//! repeats the callee's `# Safety` items, all of them, nothing else, in the same order.
//!
//! The callee is resolved by [`super::callees`] (path and declared receiver type, never by name
//! alone); the check runs only when the block calls exactly one resolved unsafe function with a
//! `# Safety` list. A comment item repeats a callee item when its requirement part (before
//! `by`) has the same wording (case, whitespace and final period folded) or matches the same
//! dictionary entry. An item that repeats nothing (SD0010) is reported only when the block has
//! no other operation it could be about (a call not resolved to a safe function, a `*`
//! dereference).

use ra_ap_syntax::{
    ast::{self, AstNode},
    SyntaxKind::{CALL_EXPR, METHOD_CALL_EXPR, PREFIX_EXPR},
};

use super::callees::{resolve, Resolved};
use super::{phrasing, Ctx, Report};
use crate::code::Code;
use crate::index::FnDef;
use crate::syntax::comments::TaggedComment;
use crate::vocabulary::Position;
use safety_dict::items::Located;

/// What the block calls: the resolved unsafe callees (each once), and whether anything else in
/// it may be unsafe.
fn callees_of<'a>(ctx: &Ctx<'a>, block: &ast::BlockExpr) -> (Vec<&'a FnDef>, bool) {
    let mut found: Vec<&'a FnDef> = Vec::new();
    let mut other = false;
    for node in block.syntax().descendants() {
        match node.kind() {
            CALL_EXPR | METHOD_CALL_EXPR => match resolve(ctx, &node) {
                Resolved::Callee(d) => {
                    if !found.iter().any(|f| std::ptr::eq(*f, d)) {
                        found.push(d);
                    }
                }
                Resolved::Safe => {}
                Resolved::Unknown => other = true,
            },
            PREFIX_EXPR => {
                other |= ast::PrefixExpr::cast(node)
                    .and_then(|p| p.op_kind())
                    .is_some_and(|op| op == ast::UnaryOp::Deref);
            }
            _ => {}
        }
    }
    (found, other)
}

/// The statement of an item (its words before `by`) and the entry it matched, if any.
pub fn statement_of(ctx: &Ctx<'_>, text: &str) -> (String, Option<String>) {
    let a = ctx.vocab.analyse_item(text, Position::Requirement);
    let first = a.statement();
    let id = first.entry().map(str::to_string);
    let words = if first.text().is_empty() {
        text
    } else {
        first.text()
    };
    (phrasing::normalise(words), id)
}

/// One requirement of a list as a comment may repeat it: the wordings that count as the same
/// words, and the entry it matched.
pub struct Wanted {
    pub words: Vec<String>,
    pub entry: Option<String>,
}

impl Wanted {
    pub fn of(ctx: &Ctx<'_>, text: &str) -> Wanted {
        let (words, entry) = statement_of(ctx, text);
        Wanted {
            words: vec![words],
            entry,
        }
    }

    /// Whether a comment item's normalised words repeat this requirement's: the same words, or
    /// the same words followed by ` by <reason>` (when the dictionary reads neither part, the
    /// core does not split the reason off).
    fn repeated_by(&self, key: &str) -> bool {
        self.words.iter().any(|w| {
            key == w
                || key
                    .strip_prefix(w.as_str())
                    .is_some_and(|rest| rest.starts_with(" by "))
        })
    }
}

/// How a comment's items line up with a list of requirements.
pub struct Alignment {
    /// Whether each requirement is repeated by some item.
    pub used: Vec<bool>,
    /// (comment item, requirement) for each item that repeats one, in the comment's order.
    pub order: Vec<(usize, usize)>,
    /// Comment items that repeat nothing.
    pub extra: Vec<usize>,
}

/// Lines up comment items with requirements: each item takes the first requirement not yet
/// taken with the same words, else the first with the same entry.
pub fn align(ctx: &Ctx<'_>, items: &[Located], wanted: &[Wanted]) -> Alignment {
    let mut used = vec![false; wanted.len()];
    let mut order = Vec::new();
    let mut extra = Vec::new();
    for (j, item) in items.iter().enumerate() {
        let (key, id) = statement_of(ctx, &item.text);
        let hit = (0..wanted.len())
            .find(|&i| !used[i] && wanted[i].repeated_by(&key))
            .or_else(|| {
                id.as_ref().and_then(|id| {
                    (0..wanted.len()).find(|&i| !used[i] && wanted[i].entry.as_ref() == Some(id))
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
    Alignment { used, order, extra }
}

pub fn check_block(ctx: &mut Ctx<'_>, block: &ast::BlockExpr, comment: &TaggedComment) {
    let (callees, other_unsafe) = callees_of(ctx, block);
    let [callee] = callees.as_slice() else {
        return;
    };
    let callee: &FnDef = callee;
    let Some(callee_items) = &callee.items else {
        return;
    };
    ctx.stats.justification_lists_compared += 1;
    let items = phrasing::units(&comment.lines);
    let wanted: Vec<Wanted> = callee_items.iter().map(|t| Wanted::of(ctx, t)).collect();
    let Alignment { used, order, extra } = align(ctx, &items, &wanted);
    let name = callee.display_name();
    let location = callee.location();
    let notes = list_notes(&name, &location, callee_items.iter());
    let with_notes = |r: Report| with_notes(r, &notes);
    if order.is_empty() {
        ctx.report(with_notes(
            Report::new(
                Code::Sd0009,
                comment.span.clone(),
                format!(
                    "this `// SAFETY:` comment does not repeat, in order, the requirements of `{name}` ({location})"
                ),
            )
            .label("repeat each requirement, then `by <justification>`"),
        ));
        return;
    }
    for (i, done) in used.iter().enumerate() {
        if !done {
            ctx.report(with_notes(
                Report::new(
                    Code::Sd0009,
                    comment.span.clone(),
                    format!(
                        "this `// SAFETY:` comment does not repeat requirement {} of `{name}` ({location})",
                        i + 1,
                    ),
                )
                .label(format!("add an item for requirement {}", i + 1)),
            ));
        }
    }
    if !other_unsafe {
        for j in extra {
            ctx.report(with_notes(
                Report::new(
                    Code::Sd0010,
                    items[j].span.clone(),
                    format!("this item repeats no requirement of `{name}` ({location})"),
                )
                .label("not a requirement of the callee"),
            ));
        }
    }
    if let Some(w) = order.windows(2).find(|w| w[1].1 < w[0].1) {
        let (j, i) = w[1];
        ctx.report(with_notes(
            Report::new(
                Code::Sd0011,
                items[j].span.clone(),
                format!(
                    "justifications out of order: requirement {} of `{name}` ({location}) comes after requirement {}",
                    i + 1,
                    w[0].1 + 1
                ),
            )
            .label("follow the order of the callee's `# Safety` list"),
        ));
    }
}

/// The compared `# Safety` list in full, one note per item, so a reader can compare without
/// opening the definition (SD0009 for a callee, SD0017 for a trait).
pub(super) fn list_notes<T: AsRef<str>>(
    name: &str,
    location: &str,
    items: impl Iterator<Item = T>,
) -> Vec<String> {
    let mut notes = vec![format!(
        "`{name}` is defined at {location}; its `# Safety` list, in order:"
    )];
    notes.extend(items.enumerate().map(|(i, t)| {
        format!(
            "({}) {}",
            i + 1,
            t.as_ref().split_whitespace().collect::<Vec<_>>().join(" ")
        )
    }));
    notes
}

/// `r` with every note of `notes`.
pub(super) fn with_notes(mut r: Report, notes: &[String]) -> Report {
    for n in notes {
        r = r.note(n.clone());
    }
    r
}
