//! The `# Invariants` and `# Guarantees` sections of types, traits and functions: each item is
//! read against the dictionary's invariant and guarantee entries, as a `# Safety` item is read
//! against its requirements (SD0007 and SD0008 on what it does not recognise or discourages).
//! Whether a section is a list is not checked: the standard asks that of `# Safety` only.

use ra_ap_syntax::{ast, AstNode, SyntaxNode};

use super::{phrasing, Ctx};
use crate::markdown;
use crate::syntax::docs::doc_lines;
use crate::vocabulary::Position;

/// The sections read here, with the position their items stand in and how the summary and
/// `--format readings` name their parts.
const SECTIONS: [(&str, Position, &str); 2] = [
    ("Invariants", Position::Invariant, "invariant"),
    ("Guarantees", Position::Guarantee, "guarantee"),
];

pub fn check(ctx: &mut Ctx<'_>, nodes: &[SyntaxNode]) {
    for node in nodes.iter().filter(|n| ast::Item::can_cast(n.kind())) {
        let lines = doc_lines(node);
        if lines.is_empty() {
            continue;
        }
        let sections = markdown::sections(&lines);
        for (title, position, what) in SECTIONS {
            let Some(section) = markdown::find_section(&sections, title) else {
                continue;
            };
            let scope = phrasing::Scope::at(node, node.text_range().start(), &ctx.structs);
            let mut all = true;
            let mut read = 0;
            for item in &markdown::items(&section.body) {
                if let Some(ok) = phrasing::check_section_item(ctx, item, position, what, &scope) {
                    all &= ok;
                    read += 1;
                }
            }
            if read == 0 {
                continue;
            }
            let recognised = usize::from(all);
            match position {
                Position::Invariant => {
                    ctx.stats.invariants_sections += 1;
                    ctx.stats.invariants_sections_recognised += recognised;
                }
                _ => {
                    ctx.stats.guarantees_sections += 1;
                    ctx.stats.guarantees_sections_recognised += recognised;
                }
            }
        }
    }
}
