//! SD0007 / SD0008: every item of a `# Safety` section, `// SAFETY:` or `// INVARIANT:` comment
//! is matched against the dictionary; unrecognised phrases are reported (info, with the
//! nearest entries) and discouraged ones too (warning, with the preferred form).

use ra_ap_syntax::SyntaxToken;

use super::{excerpt, Ctx, Report};
use crate::code::Code;
use crate::markdown::{self, Item};
use crate::syntax::comments::{all_tagged_in, Tag, TaggedComment};
use crate::vocabulary::{Analysis, PhraseMatch};

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

/// The shape of a phrasing for the summary: lower case, each backticked span replaced by `…`.
pub fn phrasing_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    for c in normalise(text).chars() {
        if c == '`' {
            if !in_code {
                out.push('…');
            }
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// The units a comment's text is matched in: list items, then the sentences of any prose.
pub fn units(lines: &[markdown::TextLine]) -> (Vec<Item>, bool) {
    let blocks = markdown::blocks(lines);
    let is_list = !blocks.items.is_empty();
    let mut out = blocks.items;
    for p in &blocks.prose {
        out.extend(markdown::sentences(p));
    }
    (out, is_list)
}

fn span_of_part(item: &Item, part: &str) -> std::ops::Range<usize> {
    match item.text.find(part) {
        Some(at) if !part.is_empty() => item.joined.source_range(at..at + part.len()),
        _ => item.span.clone(),
    }
}

/// Reports the outcome of matching `text` (a part of `item`); returns whether it was recognised.
fn report_match(ctx: &mut Ctx<'_>, item: &Item, text: &str, m: &PhraseMatch, what: &str) -> bool {
    match m {
        PhraseMatch::Recognised(r) => {
            if let Some(d) = &r.discouraged {
                ctx.stats.discouraged += 1;
                let url = ctx.vocab.entry_url(&r.id);
                ctx.report(
                    Report::new(
                        Code::Sd0008,
                        span_of_part(item, text),
                        format!("discouraged wording: \"{}\"", excerpt(text, 70)),
                    )
                    .label(format!("write: {}", d.preferred))
                    .note(format!("why: {}", d.reason))
                    .note(format!("entry: {}", r.id))
                    .help(url),
                );
            }
            true
        }
        PhraseMatch::Unrecognised { nearest } => {
            *ctx.stats
                .unrecognised
                .entry(phrasing_key(text))
                .or_default() += 1;
            let mut r = Report::new(
                Code::Sd0007,
                span_of_part(item, text),
                format!("{what} not in the dictionary: \"{}\"", excerpt(text, 70)),
            )
            .label("not a dictionary phrase");
            if !nearest.is_empty() {
                let list: Vec<String> = nearest.iter().take(3).cloned().collect();
                r = r.note(format!("nearest entries: {}", list.join(", ")));
                r = r.help(ctx.vocab.entry_url(&nearest[0]));
            } else {
                r = r.help(ctx.rule_url(Code::Sd0007));
            }
            ctx.report(r);
            false
        }
    }
}

/// Reports every statement of an analysed item; returns whether all were recognised.
fn report_analysis(ctx: &mut Ctx<'_>, item: &Item, a: &Analysis, what: &str) -> bool {
    let mut all = true;
    for s in &a.statements {
        all &= report_match(ctx, item, &s.text, &s.result, what);
    }
    for j in &a.justifications {
        all &= report_match(ctx, item, &j.text, &j.result, "justification");
    }
    all
}

/// Reads one `# Safety` item; counts it and reports what the dictionary does not know.
pub fn check_requirement(ctx: &mut Ctx<'_>, item: &Item) -> Analysis {
    let a = ctx.vocab.analyse_item(&item.text);
    ctx.stats.items += 1;
    if report_analysis(ctx, item, &a, "requirement") {
        ctx.stats.items_recognised += 1;
    }
    a
}

/// Reads one item of a `// SAFETY:` / `// INVARIANT:` comment.
pub fn check_justification_item(ctx: &mut Ctx<'_>, item: &Item) {
    let a = ctx.vocab.analyse_item(&item.text);
    ctx.stats.items += 1;
    if report_analysis(ctx, item, &a, "phrase") {
        ctx.stats.items_recognised += 1;
    }
}

fn check_comment(ctx: &mut Ctx<'_>, comment: &TaggedComment) {
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
    match comment.tag {
        Tag::Safety => ctx.stats.safety_comments += 1,
        Tag::Invariant => ctx.stats.invariant_comments += 1,
    }
    let (items, _) = units(&comment.lines);
    for item in &items {
        check_justification_item(ctx, item);
    }
}

/// Checks every tagged comment of a file.
pub fn check_comments(ctx: &mut Ctx<'_>, tokens: &[SyntaxToken]) {
    // A placeholder says nothing to read; SD0013 reports it where it stands.
    for c in all_tagged_in(tokens.iter().cloned())
        .iter()
        .filter(|c| !c.is_placeholder())
    {
        check_comment(ctx, c);
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
