//! Which function a call calls, when that can be known without type inference: by path
//! (`Arc::from_raw`, `Self::new`, `module::f`, an unqualified `f` of the same module or named by
//! a `use`), and for a method call by the receiver's declared type (`self` in an `impl`, a
//! parameter or an annotated `let`). Anything else is [`Resolved::Unknown`], and the checks that
//! compare comments with a callee say nothing about it.

use ra_ap_syntax::{
    ast::{self, AstNode, HasName},
    SyntaxKind::{FN, IMPL, TRAIT, USE_TREE},
    SyntaxNode,
};

use std::collections::HashMap;

use super::Ctx;
use crate::index::{impl_self_name, module_of, type_name, FnDef, Owner, TreeIndex};

/// What a call resolves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolved<'a> {
    /// An unsafe function with a `# Safety` list: the definition that holds the list (for a
    /// method of `impl Trait for Type`, the trait's declaration).
    Callee(&'a FnDef),
    /// Every function the call can mean is safe.
    Safe,
    /// Not known with confidence (outside the tree, ambiguous, or an unsafe function without a
    /// proper list).
    Unknown,
}

/// The owner that `Self` means at `node`: the enclosing `impl`'s type or trait.
fn self_owner(node: &SyntaxNode) -> Option<Owner> {
    let c = node
        .ancestors()
        .find(|a| matches!(a.kind(), IMPL | TRAIT))?;
    if let Some(imp) = ast::Impl::cast(c.clone()) {
        return impl_self_name(&imp).map(Owner::Type);
    }
    ast::Trait::cast(c)?
        .name()
        .map(|n| Owner::Trait(n.text().to_string()))
}

/// The owner a type name means at `node` (`Self` resolved).
fn named_owner(name: &str, node: &SyntaxNode) -> Option<Owner> {
    if name == "Self" {
        self_owner(node)
    } else {
        Some(Owner::Type(name.to_string()))
    }
}

/// Decides among the definitions a call may mean.
fn decide<'a>(index: &'a TreeIndex, found: &[&'a FnDef]) -> Resolved<'a> {
    if found.is_empty() {
        return Resolved::Unknown;
    }
    if found.iter().all(|f| !f.is_unsafe) {
        return Resolved::Safe;
    }
    if found.iter().any(|f| !f.is_unsafe) {
        return Resolved::Unknown;
    }
    let mut docs: Vec<&FnDef> = Vec::new();
    for f in found {
        let d: Option<&'a FnDef> = match (&f.items, &f.trait_impl) {
            (Some(_), _) => Some(*f),
            (None, Some(t)) => {
                let decls = candidates(index, &f.name, &[Owner::Trait(t.clone())]);
                match decls.as_slice() {
                    [d] if d.items.is_some() => Some(*d),
                    _ => None,
                }
            }
            (None, None) => None,
        };
        let Some(d) = d else {
            return Resolved::Unknown;
        };
        if !docs.iter().any(|x| std::ptr::eq(*x, d)) {
            docs.push(d);
        }
    }
    match docs.as_slice() {
        [one] => Resolved::Callee(one),
        [first, rest @ ..] if rest.iter().all(|d| d.items == first.items) => {
            // Several definitions, one list (e.g. the same function for two configurations).
            Resolved::Callee(first)
        }
        _ => Resolved::Unknown,
    }
}

fn candidates<'a>(index: &'a TreeIndex, name: &str, owners: &[Owner]) -> Vec<&'a FnDef> {
    index
        .fns
        .get(name)
        .into_iter()
        .flatten()
        .filter(|f| owners.contains(&f.owner))
        .collect()
}

/// How many nodes of a function body [`declared_type`] reads before giving up.
const MAX_LET_SCAN: usize = 20_000;

/// The declared type of a local name at `at`: a parameter of the enclosing function or an
/// annotated `let` before `at`.
fn declared_type(name: &str, at: &SyntaxNode) -> Option<String> {
    let func = at
        .ancestors()
        .find(|a| a.kind() == FN)
        .and_then(ast::Fn::cast)?;
    let start = at.text_range().start();
    let mut found = None;
    if let Some(params) = func.param_list() {
        for p in params.params() {
            if let Some(ast::Pat::IdentPat(i)) = p.pat() {
                if i.name().is_some_and(|n| n.text() == name) {
                    found = p.ty().and_then(|t| type_name(&t));
                }
            }
        }
    }
    if let Some(body) = func.body() {
        // Bounded, so that many calls in one huge function stay linear; past the bound the
        // type is not known.
        for (n, node) in body.syntax().descendants().enumerate() {
            if n > MAX_LET_SCAN {
                return None;
            }
            let Some(l) = ast::LetStmt::cast(node) else {
                continue;
            };
            if l.syntax().text_range().start() >= start {
                break;
            }
            if let Some(ast::Pat::IdentPat(i)) = l.pat() {
                if i.name().is_some_and(|n| n.text() == name) {
                    // A later `let` shadows; one without a type hides what we knew.
                    found = l.ty().and_then(|t| type_name(&t));
                }
            }
        }
    }
    found
}

fn resolve_method<'a>(index: &'a TreeIndex, call: &ast::MethodCallExpr) -> Resolved<'a> {
    let (Some(name), Some(ast::Expr::PathExpr(recv))) = (call.name_ref(), call.receiver()) else {
        return Resolved::Unknown;
    };
    let Some(path) = recv.path() else {
        return Resolved::Unknown;
    };
    if path.qualifier().is_some() {
        return Resolved::Unknown;
    }
    let text = path.syntax().text().to_string();
    let owner = if text == "self" {
        self_owner(call.syntax())
    } else {
        declared_type(&text, call.syntax()).and_then(|t| named_owner(&t, call.syntax()))
    };
    let Some(owner) = owner else {
        return Resolved::Unknown;
    };
    decide(index, &candidates(index, name.text(), &[owner]))
}

/// The names a file's `use`s import, each with the module it comes from
/// (`use crate::sync::arc::f;` and `use crate::sync::{arc::f}` → `f` from `arc`). The first
/// `use` of a name wins.
pub fn imports(nodes: &[SyntaxNode]) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for tree in nodes.iter().cloned().filter_map(ast::UseTree::cast) {
        let Some(path) = tree.path() else { continue };
        if tree.rename().is_some() || tree.use_tree_list().is_some() || tree.star_token().is_some()
        {
            continue;
        }
        let Some(last) = path.segment().and_then(|s| s.name_ref()) else {
            continue;
        };
        // The module: the segment before the name, in this path or in the enclosing `use`
        // tree's prefix (`use a::{b::f}`).
        let module = match path
            .qualifier()
            .and_then(|q| q.segment())
            .and_then(|s| s.name_ref())
        {
            Some(q) => Some(q.text().to_string()),
            None => tree
                .syntax()
                .ancestors()
                .skip(1)
                .find(|a| a.kind() == USE_TREE)
                .and_then(ast::UseTree::cast)
                .and_then(|p| p.path())
                .and_then(|p| p.segment())
                .and_then(|s| s.name_ref())
                .map(|n| n.text().to_string()),
        };
        if let Some(m) = module {
            out.entry(last.text().to_string()).or_insert(m);
        }
    }
    out
}

fn resolve_path<'a>(ctx: &Ctx<'a>, call: &ast::CallExpr) -> Resolved<'a> {
    let index = ctx.index;
    let Some(ast::Expr::PathExpr(p)) = call.expr() else {
        return Resolved::Unknown;
    };
    let Some(path) = p.path() else {
        return Resolved::Unknown;
    };
    let Some(name) = path.segment().and_then(|s| s.name_ref()) else {
        return Resolved::Unknown;
    };
    let name = name.text().to_string();
    let file_module = crate::index::file_module(&ctx.file.path);
    let Some(qualifier) = path.qualifier() else {
        let here = Owner::Module(module_of(call.syntax(), &file_module));
        let local: Vec<&FnDef> = candidates(index, &name, &[here])
            .into_iter()
            .filter(|f| f.path == ctx.file.path)
            .collect();
        if !local.is_empty() {
            return decide(index, &local);
        }
        return match ctx.uses.get(&name) {
            Some(m) if m == "self" || m == "super" => Resolved::Unknown,
            Some(m) => decide(
                index,
                &candidates(index, &name, &[Owner::Module(m.clone())]),
            ),
            None => Resolved::Unknown,
        };
    };
    let Some(seg) = qualifier.segment() else {
        return Resolved::Unknown;
    };
    let Some(q) = seg.name_ref().map(|n| n.text().to_string()) else {
        return Resolved::Unknown;
    };
    let owners: Vec<Owner> = if q == "Self" {
        self_owner(call.syntax()).into_iter().collect()
    } else if q.starts_with(|c: char| c.is_ascii_uppercase()) {
        vec![Owner::Type(q.clone()), Owner::Trait(q)]
    } else {
        match q.as_str() {
            "super" => Vec::new(),
            "self" => vec![Owner::Module(module_of(call.syntax(), &file_module))],
            _ => vec![Owner::Module(q)],
        }
    };
    decide(index, &candidates(index, &name, &owners))
}

/// Resolves a call expression or a method call expression.
pub fn resolve<'a>(ctx: &Ctx<'a>, node: &SyntaxNode) -> Resolved<'a> {
    if let Some(m) = ast::MethodCallExpr::cast(node.clone()) {
        resolve_method(ctx.index, &m)
    } else if let Some(c) = ast::CallExpr::cast(node.clone()) {
        resolve_path(ctx, &c)
    } else {
        Resolved::Unknown
    }
}
