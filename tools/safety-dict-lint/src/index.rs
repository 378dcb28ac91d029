//! What the checks need to know about the whole tree: the `# Safety` lists of its unsafe
//! functions (by name) and the types documented with `# Invariants`.

use std::collections::HashMap;

use ra_ap_syntax::{
    ast::{self, AstNode, HasName},
    SyntaxKind::{ENUM, FN, STRUCT, TUPLE_FIELD_LIST, UNION},
    SyntaxNode,
};

use crate::markdown::{self, Blocks, Section};
use crate::syntax::docs::doc_lines;

/// An unsafe function of the tree whose `# Safety` section is a proper list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Callee {
    pub name: String,
    pub file: usize,
    /// The requirement items, in order.
    pub items: Vec<String>,
}

/// A type whose documentation has an `Invariants` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvariantType {
    pub name: String,
    pub file: usize,
    /// A tuple struct: constructed by a call `Name(..)`.
    pub tuple: bool,
}

#[derive(Debug, Default)]
pub struct TreeIndex {
    pub callees: HashMap<String, Vec<Callee>>,
    pub invariant_types: HashMap<String, Vec<InvariantType>>,
}

/// The `# Safety` section of an item's docs, if any, and its Markdown shape.
pub struct SafetyDoc {
    pub section: Section,
    pub blocks: Blocks,
}

pub fn safety_doc(item: &SyntaxNode) -> Option<SafetyDoc> {
    let lines = doc_lines(item);
    let sections = markdown::sections(&lines);
    let section = markdown::find_section(&sections, "Safety")?.clone();
    let blocks = markdown::blocks(&section.body);
    Some(SafetyDoc { section, blocks })
}

/// Is this `fn` declared `unsafe`?
pub fn is_unsafe_fn(node: &SyntaxNode) -> bool {
    ast::Fn::cast(node.clone()).is_some_and(|f| f.unsafe_token().is_some())
}

impl TreeIndex {
    /// Adds one file's unsafe functions and invariant types.
    pub fn add_file(&mut self, file: usize, root: &SyntaxNode) {
        for node in root.descendants() {
            match node.kind() {
                FN if is_unsafe_fn(&node) => {
                    let Some(name) = ast::Fn::cast(node.clone()).and_then(|f| f.name()) else {
                        continue;
                    };
                    let Some(doc) = safety_doc(&node) else {
                        continue;
                    };
                    if doc.blocks.items.is_empty() || !doc.blocks.prose.is_empty() {
                        continue;
                    }
                    let name = name.text().to_string();
                    self.callees.entry(name.clone()).or_default().push(Callee {
                        name,
                        file,
                        items: doc.blocks.items.iter().map(|i| i.text.clone()).collect(),
                    });
                }
                STRUCT | ENUM | UNION => {
                    let lines = doc_lines(&node);
                    let sections = markdown::sections(&lines);
                    if markdown::find_section(&sections, "Invariants").is_none() {
                        continue;
                    }
                    let name = node
                        .children()
                        .find_map(ast::Name::cast)
                        .map(|n| n.text().to_string());
                    let Some(name) = name else { continue };
                    let tuple = node.kind() == STRUCT
                        && node.children().any(|c| c.kind() == TUPLE_FIELD_LIST);
                    self.invariant_types
                        .entry(name.clone())
                        .or_default()
                        .push(InvariantType { name, file, tuple });
                }
                _ => {}
            }
        }
    }

    /// Adds another (partial) index.
    pub fn merge(&mut self, other: TreeIndex) {
        for (k, v) in other.callees {
            self.callees.entry(k).or_default().extend(v);
        }
        for (k, v) in other.invariant_types {
            self.invariant_types.entry(k).or_default().extend(v);
        }
    }

    /// The single requirement list a call to `name` refers to: `None` when no unsafe function of
    /// that name has a list, or when several have different lists.
    pub fn callee(&self, name: &str) -> Option<&Callee> {
        let all = self.callees.get(name)?;
        let first = all.first()?;
        all.iter().all(|c| c.items == first.items).then_some(first)
    }

    /// The invariant type a path names, preferring a type of the same file.
    pub fn invariant_type(&self, name: &str, file: usize) -> Option<&InvariantType> {
        let all = self.invariant_types.get(name)?;
        all.iter()
            .find(|t| t.file == file)
            .or_else(|| (all.len() == 1).then(|| &all[0]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_lists_and_invariants() {
        let src = "/// # Safety\n/// - `p` is valid.\n/// - `n` is small.\nunsafe fn f(p: *const u8, n: usize) {}\n/// # Safety\n/// Prose.\nunsafe fn g() {}\n/// # Invariants\n/// - x.\nstruct S(u8);\n";
        let p = crate::syntax::parse(src);
        let mut idx = TreeIndex::default();
        idx.add_file(0, &p.root);
        assert_eq!(
            idx.callee("f").map(|c| c.items.clone()),
            Some(vec![
                "`p` is valid.".to_string(),
                "`n` is small.".to_string()
            ])
        );
        assert!(idx.callee("g").is_none());
        assert!(idx.invariant_type("S", 0).is_some_and(|t| t.tuple));
    }
}
