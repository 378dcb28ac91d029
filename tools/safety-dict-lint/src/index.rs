//! What the checks need to know about the whole tree: every function and trait (safe or unsafe)
//! with where it is defined and, for an unsafe one, its `# Safety` list; and the types documented
//! with `# Invariants`.
//!
//! A function is known by its name and its owner: the type of the `impl` or the trait it is
//! declared in, or, for a free function, its module (an inline `mod`, or the file's module:
//! `arc.rs` is `arc`, `sync/mod.rs` is `sync`, `lib.rs` is `crate`). Call sites resolve to a
//! definition through these keys in [`crate::checks::callees`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use ra_ap_syntax::{
    ast::{self, AstNode, HasName},
    SyntaxKind::{ASSOC_ITEM_LIST, ENUM, FN, MODULE, STRUCT, TRAIT, TUPLE_FIELD_LIST, UNION},
    SyntaxNode,
};

use crate::markdown::{self, Section};
use crate::source::SourceFile;
use crate::syntax::docs::doc_lines;
use safety_dict::items::{Located, Shape};

/// Whom a function belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A method or associated function of `impl Type` or `impl Trait for Type`: the type's name.
    Type(String),
    /// A function declared in `trait Name`.
    Trait(String),
    /// A free function: the last segment of its module path.
    Module(String),
}

/// One function definition of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FnDef {
    pub name: String,
    pub owner: Owner,
    /// For a function of `impl Trait for Type`, the trait (whose declaration holds the docs).
    pub trait_impl: Option<String>,
    pub is_unsafe: bool,
    /// The `# Safety` requirement items in order, when the section is a proper list.
    pub items: Option<Vec<String>>,
    pub path: PathBuf,
    /// 1-based line of the function's name.
    pub line: usize,
}

impl FnDef {
    /// How a reader names it: `Type::name`, `Trait::name`, `module::name`.
    pub fn display_name(&self) -> String {
        let owner = match &self.owner {
            Owner::Type(t) | Owner::Trait(t) | Owner::Module(t) => t,
        };
        format!("{owner}::{}", self.name)
    }

    /// `path:line` of the definition.
    pub fn location(&self) -> String {
        format!("{}:{}", self.path.display(), self.line)
    }
}

/// One trait definition of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraitDef {
    pub name: String,
    /// The last segment of its module path (as for a free function).
    pub module: String,
    pub is_unsafe: bool,
    /// The `# Safety` requirement items in order, when the section is a proper list.
    pub items: Option<Vec<String>>,
    pub path: PathBuf,
    /// 1-based line of the trait's name.
    pub line: usize,
}

impl TraitDef {
    /// `path:line` of the definition.
    pub fn location(&self) -> String {
        format!("{}:{}", self.path.display(), self.line)
    }
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
    /// Every function by name.
    pub fns: HashMap<String, Vec<FnDef>>,
    pub invariant_types: HashMap<String, Vec<InvariantType>>,
    /// Every trait by name.
    pub traits: HashMap<String, Vec<TraitDef>>,
}

/// The `# Safety` section of an item's docs, if any, and its items as the core splits them.
pub struct SafetyDoc {
    pub section: Section,
    pub items: Vec<Located>,
}

impl SafetyDoc {
    /// Whether the section is a Markdown list and nothing else.
    pub fn is_list(&self) -> bool {
        !self.items.is_empty() && self.items.iter().all(|i| i.shape == Shape::Listed)
    }

    /// Whether any of it is a list item.
    pub fn has_list(&self) -> bool {
        self.items.iter().any(|i| i.shape == Shape::Listed)
    }

    /// The sentences outside any list item.
    pub fn prose(&self) -> impl Iterator<Item = &Located> {
        self.items.iter().filter(|i| i.shape == Shape::Sentence)
    }
}

pub fn safety_doc(item: &SyntaxNode) -> Option<SafetyDoc> {
    let lines = doc_lines(item);
    let sections = markdown::sections(&lines);
    let section = markdown::find_section(&sections, "Safety")?.clone();
    let items = markdown::items(&section.body);
    Some(SafetyDoc { section, items })
}

/// Is this `fn` declared `unsafe`?
pub fn is_unsafe_fn(node: &SyntaxNode) -> bool {
    ast::Fn::cast(node.clone()).is_some_and(|f| f.unsafe_token().is_some())
}

/// The module a file is: its stem, the directory of a `mod.rs`, `crate` for a crate root.
pub fn file_module(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match stem.as_str() {
        "mod" => path
            .parent()
            .and_then(Path::file_name)
            .map_or(stem.clone(), |d| d.to_string_lossy().into_owned()),
        "lib" | "main" => "crate".to_string(),
        _ => stem,
    }
}

/// The name of the type an `impl` is for (`impl<T> Arc<T>` → `Arc`, `impl Foo for &Bar` → `Bar`).
pub fn impl_self_name(imp: &ast::Impl) -> Option<String> {
    type_name(&imp.self_ty()?)
}

/// The last path segment of a type, through references (`&mut Foo<T>` → `Foo`).
pub fn type_name(ty: &ast::Type) -> Option<String> {
    match ty {
        ast::Type::PathType(p) => p
            .path()?
            .segment()?
            .name_ref()
            .map(|n| n.text().to_string()),
        ast::Type::RefType(r) => type_name(&r.ty()?),
        _ => None,
    }
}

/// The owner of a function node: its impl's type, its trait, or its module.
pub fn owner_of(node: &SyntaxNode, file_module: &str) -> (Owner, Option<String>) {
    let container = node
        .parent()
        .filter(|p| p.kind() == ASSOC_ITEM_LIST)
        .and_then(|l| l.parent());
    if let Some(c) = container {
        if let Some(imp) = ast::Impl::cast(c.clone()) {
            let trait_name = imp.trait_().and_then(|t| type_name(&t));
            let ty = impl_self_name(&imp).unwrap_or_else(|| "_".to_string());
            return (Owner::Type(ty), trait_name);
        }
        if c.kind() == TRAIT {
            let name = ast::Trait::cast(c)
                .and_then(|t| t.name())
                .map_or_else(|| "_".to_string(), |n| n.text().to_string());
            return (Owner::Trait(name), None);
        }
    }
    (Owner::Module(module_of(node, file_module)), None)
}

/// The last segment of the module a node is in.
pub fn module_of(node: &SyntaxNode, file_module: &str) -> String {
    node.ancestors()
        .skip(1)
        .find(|a| a.kind() == MODULE)
        .and_then(ast::Module::cast)
        .and_then(|m| m.name())
        .map_or_else(|| file_module.to_string(), |n| n.text().to_string())
}

impl TreeIndex {
    /// Adds one file's functions and invariant types.
    pub fn add_file(&mut self, file: usize, source: &SourceFile, root: &SyntaxNode) {
        let module = file_module(&source.path);
        for node in root.descendants() {
            match node.kind() {
                FN => {
                    let Some(f) = ast::Fn::cast(node.clone()) else {
                        continue;
                    };
                    let Some(name) = f.name() else { continue };
                    let is_unsafe = f.unsafe_token().is_some();
                    let items = is_unsafe
                        .then(|| safety_doc(&node))
                        .flatten()
                        .filter(SafetyDoc::is_list)
                        .map(|d| d.items.into_iter().map(|i| i.text).collect());
                    let (owner, trait_impl) = owner_of(&node, &module);
                    let (line, _) =
                        source.line_col(usize::from(name.syntax().text_range().start()));
                    let name = name.text().to_string();
                    self.fns.entry(name.clone()).or_default().push(FnDef {
                        name,
                        owner,
                        trait_impl,
                        is_unsafe,
                        items,
                        path: source.path.clone(),
                        line,
                    });
                }
                TRAIT => {
                    let Some(tr) = ast::Trait::cast(node.clone()) else {
                        continue;
                    };
                    let Some(name) = tr.name() else { continue };
                    let is_unsafe = tr.unsafe_token().is_some();
                    let items = is_unsafe
                        .then(|| safety_doc(&node))
                        .flatten()
                        .filter(SafetyDoc::is_list)
                        .map(|d| d.items.into_iter().map(|i| i.text).collect());
                    let (line, _) =
                        source.line_col(usize::from(name.syntax().text_range().start()));
                    let name = name.text().to_string();
                    self.traits.entry(name.clone()).or_default().push(TraitDef {
                        name,
                        module: module_of(&node, &module),
                        is_unsafe,
                        items,
                        path: source.path.clone(),
                        line,
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
        for (k, v) in other.fns {
            self.fns.entry(k).or_default().extend(v);
        }
        for (k, v) in other.invariant_types {
            self.invariant_types.entry(k).or_default().extend(v);
        }
        for (k, v) in other.traits {
            self.traits.entry(k).or_default().extend(v);
        }
    }

    /// Puts every list in a stable order, so that results never depend on which worker
    /// indexed which file.
    pub fn sort(&mut self) {
        for v in self.fns.values_mut() {
            v.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
        }
        for v in self.invariant_types.values_mut() {
            v.sort_by_key(|t| t.file);
        }
        for v in self.traits.values_mut() {
            v.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
        }
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
    fn indexes_functions_with_owners_and_invariants() {
        let src = "/// # Safety\n/// - `p` is valid.\n/// - `n` is small.\nunsafe fn f(p: *const u8, n: usize) {}\n/// # Safety\n/// Prose.\nunsafe fn g() {}\nimpl<T> Arc<T> {\n    /// # Safety\n    /// - ok.\n    pub unsafe fn from_raw() {}\n    fn new() {}\n}\nmod inner { fn h() {} }\n/// # Invariants\n/// - x.\nstruct S(u8);\n";
        let file = SourceFile::new("rust/kernel/sync/arc.rs", src);
        let p = crate::syntax::parse(src);
        let mut idx = TreeIndex::default();
        idx.add_file(0, &file, &p.root);
        let f = &idx.fns["f"][0];
        assert_eq!(f.owner, Owner::Module("arc".into()));
        assert_eq!(
            f.items.clone(),
            Some(vec![
                "`p` is valid.".to_string(),
                "`n` is small.".to_string()
            ])
        );
        assert_eq!(f.line, 4);
        assert_eq!(idx.fns["g"][0].items, None);
        let from_raw = &idx.fns["from_raw"][0];
        assert_eq!(from_raw.display_name(), "Arc::from_raw");
        assert_eq!(from_raw.location(), "rust/kernel/sync/arc.rs:11");
        assert!(!idx.fns["new"][0].is_unsafe);
        assert_eq!(idx.fns["h"][0].owner, Owner::Module("inner".into()));
        assert!(idx.invariant_type("S", 0).is_some_and(|t| t.tuple));
        assert_eq!(file_module(Path::new("a/sync/mod.rs")), "sync");
        assert_eq!(file_module(Path::new("a/lib.rs")), "crate");
    }
}
