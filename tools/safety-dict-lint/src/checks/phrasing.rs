//! SD0007 / SD0008: every item of a `# Safety` section, `// SAFETY:` or `// INVARIANT:` comment
//! is matched against the dictionary; unrecognised phrases are reported (info, with the
//! nearest entries) and discouraged ones too (warning, with the preferred form).

use ra_ap_syntax::{
    ast::{self, AstNode, HasGenericParams},
    SyntaxKind::{IMPL, TOKEN_TREE, TRAIT},
    SyntaxNode, SyntaxToken, TextSize,
};

use super::{excerpt, Ctx, Report};
use crate::code::Code;
use safety_dict::items::Located;
use safety_dict::text::fold_whitespace;

use crate::markdown;
use crate::report::{Outcome, PartReading};
use crate::syntax::comments::{all_tagged_in, Tag, TaggedComment};
use crate::syntax::declared::{declared_at, Structs};
use crate::vocabulary::{Declared, Item, Position, Statement};

/// Lower case outside backticks, whitespace folded, list marker and final punctuation dropped:
/// the form two wordings are compared in.
pub fn normalise(text: &str) -> String {
    let t = text.trim();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .unwrap_or(t);
    let folded = t.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::with_capacity(folded.len());
    let mut in_code = false;
    for c in folded.trim_end_matches(['.', ';', ',']).chars() {
        if c == '`' {
            in_code = !in_code;
        }
        if in_code {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// The shape of a phrasing for the summary, as the core compares API-specific phrasings: lower
/// case, each backticked span replaced by `…`.
pub use safety_dict::api_specific::phrasing_key;

/// The units a comment's text is matched in: the core's items (list items, else sentences), in
/// the order they stand in the source.
pub fn units(lines: &[markdown::TextLine]) -> Vec<Located> {
    let mut items = markdown::items(lines);
    items.sort_by_key(|i| i.span.start);
    items
}

/// Where a part of `item` stands in the source, and its words as written there (a part split
/// off a sentence is read in folded words); the whole item where it cannot be found.
fn part_in_source(ctx: &Ctx<'_>, item: &Located, part: &str) -> (std::ops::Range<usize>, String) {
    match ctx.vocab.locate_part(&item.text, part) {
        Some(r) => (item.source_range(r.clone()), item.text[r].to_string()),
        None => (item.span.clone(), part.to_string()),
    }
}

/// Counts an unrecognised part (`text`, as read, standing at `span` as `written`) in the
/// summary and returns the SD0007 report on it, without notes.
fn unrecognised(
    ctx: &mut Ctx<'_>,
    (span, written): (std::ops::Range<usize>, String),
    text: &str,
    what: &str,
) -> Report {
    let at = crate::report::Example {
        file: ctx.file.path.clone(),
        line: ctx.file.line_col(span.start).0,
        text: written.clone(),
    };
    ctx.stats.count_unrecognised(&phrasing_key(text), 1, at);
    Report::new(
        Code::Sd0007,
        span,
        format!(
            "{what} not in the dictionary: \"{}\"",
            excerpt(&written, 70)
        ),
    )
    .label("not a dictionary phrase")
}

/// Keeps how a part of `item`, standing at `span` as `written`, was read, when asked to.
fn record(
    ctx: &mut Ctx<'_>,
    item: &Located,
    (span, written): &(std::ops::Range<usize>, String),
    role: &str,
    outcome: Outcome,
) {
    if !ctx.options.readings {
        return;
    }
    let line = ctx.file.line_col(span.start).0;
    ctx.readings.push(PartReading {
        file: ctx.file.path.clone(),
        line,
        role: role.to_string(),
        outcome,
        part: fold_whitespace(written),
        item: fold_whitespace(&item.text),
    });
}

/// The names of types where `node` stands: the type parameters of every item around it (its
/// own included), and `Self` inside an `impl` or a trait, or inside a macro's body, whose
/// expansion may put it in one. Their names never fill a variable that holds a value.
pub fn type_names(node: &SyntaxNode) -> Vec<String> {
    let mut out = Vec::new();
    for a in node.ancestors() {
        if matches!(a.kind(), IMPL | TRAIT | TOKEN_TREE) && !out.iter().any(|n| n == "Self") {
            out.push("Self".to_string());
        }
        let Some(params) = ast::AnyHasGenericParams::cast(a).and_then(|g| g.generic_param_list())
        else {
            continue;
        };
        for p in params.generic_params() {
            if let ast::GenericParam::TypeParam(t) = p {
                if let Some(name) = ast::HasName::name(&t) {
                    out.push(name.text().to_string());
                }
            }
        }
    }
    out
}

/// What the code says of where a comment stands, against which its readings are checked.
#[derive(Debug, Default)]
pub struct Scope {
    /// The names of types in scope ([`type_names`]).
    pub types: Vec<String>,
    /// Names in scope and the types they are declared with ([`declared_at`]).
    pub declared: Vec<(String, String)>,
}

impl Scope {
    /// The scope at offset `at`, inside `node` or in a doc comment of the item `node`, in a
    /// file with `structs`.
    pub fn at(node: &SyntaxNode, at: TextSize, structs: &Structs) -> Scope {
        Scope {
            types: type_names(node),
            declared: declared_at(node, at, structs),
        }
    }
}

/// Reports the outcome of reading one statement of `item`, where `scope` is what the code says
/// around it; returns whether it was recognised.
fn report_statement(
    ctx: &mut Ctx<'_>,
    item: &Located,
    s: &Statement,
    what: &str,
    scope: &Scope,
) -> bool {
    let refusal = if let Some((var, value)) = ctx.vocab.type_in_value_slot(s, &scope.types) {
        let entry = s.entry().unwrap_or_default();
        Some((
            format!("{value} names a type; `{var}` is a value"),
            format!(
                "{value} names a type here, and the `{var}` of `{entry}` is a value: the sentence does not say what `{entry}` means"
            ),
        ))
    } else if ctx.vocab.names_self_out_of_scope(s, &scope.types) {
        let entry = s.entry().unwrap_or_default();
        Some((
            "no `Self` outside an `impl` or a trait".to_string(),
            format!(
                "`{entry}` is about `Self`, and this comment is not inside an `impl` or a trait: there is no `Self` here; name the type (\"the type invariant of `T`\")"
            ),
        ))
    } else if let Some(c) = match ctx.vocab.against_declared(s, &scope.declared) {
        Declared::Holds => None,
        // A place declared as a pointer: the words speak of what it points to.
        Declared::Pointee(instead) => return report_statement(ctx, item, &instead, what, scope),
        Declared::Refused(c) => Some(c),
    } {
        let entry = s.entry().unwrap_or_default();
        Some((
            format!("{} is declared `{}`; `{}` is {}", c.value, c.declared, c.var, c.slot.name()),
            format!(
                "{} is declared `{}` here, {}; the `{}` of `{entry}` is {}, so `{entry}` does not say what the sentence means",
                c.value, c.declared, c.slot.contradicted_by(), c.var, c.slot.name()
            ),
        ))
    } else {
        None
    };
    if let Some((reason, note)) = refusal {
        let id = s.entry().unwrap_or_default().to_string();
        let located = part_in_source(ctx, item, s.text());
        let url = ctx.vocab.entry_url(&id);
        record(ctx, item, &located, what, Outcome::Refused { id, reason });
        let report = unrecognised(ctx, located, s.text(), what)
            .note(note)
            .help(url);
        ctx.report(report);
        return false;
    }
    match s {
        Statement::Recognised {
            text,
            entry,
            discouraged,
            ..
        } => {
            if ctx.options.readings {
                let located = part_in_source(ctx, item, text);
                let outcome = Outcome::Entry {
                    id: entry.clone(),
                    discouraged: discouraged.is_some(),
                };
                record(ctx, item, &located, what, outcome);
            }
            if let Some(d) = discouraged {
                ctx.stats.discouraged += 1;
                let url = ctx.vocab.entry_url(entry);
                let (span, written) = part_in_source(ctx, item, text);
                ctx.report(
                    Report::new(
                        Code::Sd0008,
                        span,
                        format!("discouraged wording: \"{}\"", excerpt(&written, 70)),
                    )
                    .label(format!("write: {}", d.preferred))
                    .note(format!("why: {}", d.reason))
                    .note(format!("entry: {entry}"))
                    .help(url),
                );
            }
            true
        }
        Statement::Unrecognised { text, suggestions } => {
            let located = part_in_source(ctx, item, text);
            // Listed in `dictionary/api-specific.toml`, as a part (as read, or as written: a
            // part split off a sentence is read in folded words, "the reference count" for
            // "the refcount") or as the whole item (the list holds sentences as written; a
            // reading may split one): known, and deliberately not an entry.
            if let Some(row) = [text.as_str(), located.1.as_str(), item.text.as_str()]
                .into_iter()
                .find(|t| ctx.vocab.is_api_specific(t))
            {
                record(ctx, item, &located, what, Outcome::ApiSpecific);
                ctx.stats.parts_api_specific += 1;
                *ctx.stats
                    .api_specific_seen
                    .entry(phrasing_key(row))
                    .or_default() += 1;
                return false;
            }
            record(ctx, item, &located, what, Outcome::NotInDictionary);
            let mut r = unrecognised(ctx, located, text, what);
            if let Some(first) = suggestions.first() {
                let list: Vec<&str> = suggestions
                    .iter()
                    .take(3)
                    .map(|s| s.entry.as_str())
                    .collect();
                r = r.note(format!("nearest entries: {}", list.join(", ")));
                r = r.help(ctx.vocab.entry_url(&first.entry));
            } else {
                r = r.help(ctx.rule_url(Code::Sd0007));
            }
            ctx.report(r);
            false
        }
        // A whole placeholder comment is reported before it is read (SD0013); this is a part of
        // an item, such as the reason of "`p` is valid by TODO".
        Statement::Placeholder { text } => {
            let located = part_in_source(ctx, item, text);
            record(ctx, item, &located, what, Outcome::Placeholder);
            let (span, written) = located;
            ctx.report(
                Report::new(
                    Code::Sd0013,
                    span,
                    format!(
                        "placeholder instead of a {what}: \"{}\"",
                        excerpt(&written, 70)
                    ),
                )
                .label("a placeholder justifies nothing; write the reason"),
            );
            false
        }
    }
}

/// Reports every statement of a read item; returns whether all were recognised.
fn report_item(ctx: &mut Ctx<'_>, item: &Located, a: &Item, what: &str, scope: &Scope) -> bool {
    let mut all = true;
    for s in &a.statements {
        let ok = report_statement(ctx, item, s, what, scope);
        ctx.stats.count_part(ok);
        all &= ok;
    }
    for j in &a.justifications {
        let ok = report_statement(ctx, item, j, "justification", scope);
        ctx.stats.count_part(ok);
        all &= ok;
    }
    for c in &a.conditions {
        let ok = report_statement(ctx, item, c, "condition", scope);
        ctx.stats.count_part(ok);
        all &= ok;
    }
    all
}

/// Reads one `# Safety` item; counts it and reports what the dictionary does not know. An
/// introduction that leaves nothing to read ("Behavior is undefined if any of the following
/// conditions are violated:") is no item: it comes back with empty text, uncounted.
pub fn check_requirement(ctx: &mut Ctx<'_>, item: &Located, scope: &Scope) -> Item {
    let a = ctx
        .vocab
        .analyse_led(&item.text, item.lead(), Position::Requirement);
    if a.text.is_empty() {
        return a;
    }
    ctx.stats.items += 1;
    if report_item(ctx, item, &a, "requirement", scope) {
        ctx.stats.items_recognised += 1;
    }
    a
}

/// Reads one item of a `// SAFETY:` / `// INVARIANT:` comment; `None` when it leaves nothing
/// to read (an introduction such as "The caller must ensure that:"), else whether every part of
/// it was recognised.
pub fn check_justification_item(
    ctx: &mut Ctx<'_>,
    item: &Located,
    position: Position,
    scope: &Scope,
) -> Option<bool> {
    check_section_item(ctx, item, position, "phrase", scope)
}

/// Reads one item at `position` whose parts are called `what` (an item of an `# Invariants`
/// section is an "invariant"); `None` when it leaves nothing to read, else whether every part
/// of it was recognised.
pub fn check_section_item(
    ctx: &mut Ctx<'_>,
    item: &Located,
    position: Position,
    what: &str,
    scope: &Scope,
) -> Option<bool> {
    let a = ctx.vocab.analyse_led(&item.text, item.lead(), position);
    if a.text.is_empty() {
        return None;
    }
    ctx.stats.items += 1;
    let all = report_item(ctx, item, &a, what, scope);
    if all {
        ctx.stats.items_recognised += 1;
    }
    Some(all)
}

fn check_comment(ctx: &mut Ctx<'_>, comment: &TaggedComment, scope: &Scope) {
    if !comment.exact_case {
        let marker = comment.tag.marker();
        ctx.report(
            Report::new(
                Code::Sd0014,
                comment.span.start..comment.span.start,
                format!(
                    "write the tag as `{marker}` (accepted in another case, as Clippy accepts it)"
                ),
            )
            .label(format!("`// {marker}`")),
        );
    }
    let position = match comment.tag {
        Tag::Safety => {
            ctx.stats.safety_comments += 1;
            Position::SafetyComment
        }
        Tag::Invariant => {
            ctx.stats.invariant_comments += 1;
            Position::Invariant
        }
    };
    let mut all = true;
    let mut read = 0;
    for item in &units(&comment.lines) {
        if let Some(ok) = check_justification_item(ctx, item, position, scope) {
            all &= ok;
            read += 1;
        }
    }
    if all && read > 0 {
        match comment.tag {
            Tag::Safety => ctx.stats.safety_comments_recognised += 1,
            Tag::Invariant => ctx.stats.invariant_comments_recognised += 1,
        }
    }
    // Words, but no item: a conclusion ("Therefore it is safe to read it."), an introduction
    // or a remark in parentheses, whose grounds are missing. It justifies nothing, as a
    // `TODO` does not.
    if read == 0 && comment.tag == Tag::Safety {
        ctx.report(
            Report::new(
                Code::Sd0013,
                comment.span.clone(),
                "`// SAFETY:` comment without a reason: it only concludes, announces or remarks",
            )
            .label("say why each requirement holds here, or remove the `unsafe`"),
        );
    }
}

/// Checks every tagged comment of a file.
pub fn check_comments(ctx: &mut Ctx<'_>, tokens: &[SyntaxToken]) {
    // A placeholder says nothing to read; SD0013 reports it where it stands.
    for c in all_tagged_in(tokens.iter().cloned())
        .iter()
        .filter(|c| !c.is_placeholder())
    {
        // The comment's first token: where its type names are in scope.
        let at = tokens.partition_point(|t| usize::from(t.text_range().start()) < c.span.start);
        let scope = tokens
            .get(at)
            .and_then(SyntaxToken::parent)
            .map(|n| Scope::at(&n, TextSize::from(c.span.start as u32), &ctx.structs))
            .unwrap_or_default();
        check_comment(ctx, c, &scope);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrasing_keys() {
        assert_eq!(
            phrasing_key("- `ptr` is Valid for `'a`."),
            "… is valid for …"
        );
        assert_eq!(normalise("  A  b. "), "a b");
        assert_eq!(normalise("- `PTR` Is ok."), "`PTR` is ok");
    }
}
