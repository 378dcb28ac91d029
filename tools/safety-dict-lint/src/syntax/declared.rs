//! The types names are declared with where a comment stands, so that a reading can be checked
//! against them (`safety_dict::Dictionary::against_declared`): the parameters of the
//! functions and closures around it, the `let`s written before it, and the fields of `Self`.
//! Only what the code writes is known; a name bound without a type hides what it shadows.

use std::collections::HashMap;

use ra_ap_syntax::{
    ast::{self, AstNode, HasName},
    SyntaxNode, TextSize,
};

/// Names in scope at `at` (an offset in `node`'s file, `node` an ancestor of that offset or
/// the item a doc comment belongs to) with the type each is declared with, as the code writes
/// it. A field of `Self` is named `self.field` (`self.0` for a tuple struct's), and by its bare
/// name too where no binding of that name is in the function.
pub fn declared_at(node: &SyntaxNode, at: TextSize, structs: &Structs) -> Vec<(String, String)> {
    // `None`: bound without a written type, which hides any outer declaration.
    let mut bound: HashMap<String, Option<String>> = HashMap::new();
    // The outermost function first, so that inner bindings overwrite outer ones.
    let scopes: Vec<SyntaxNode> = node
        .ancestors()
        .filter(|a| ast::Fn::can_cast(a.kind()) || ast::ClosureExpr::can_cast(a.kind()))
        .collect();
    for scope in scopes.iter().rev() {
        let params = ast::Fn::cast(scope.clone())
            .and_then(|f| f.param_list())
            .or_else(|| ast::ClosureExpr::cast(scope.clone()).and_then(|c| c.param_list()));
        // A receiver written with its type (`self: Box<MaybeUninit<T>>`) is declared like any
        // parameter; `&self` and `self` name no type of their own.
        if let Some(ty) = params
            .as_ref()
            .and_then(|l| l.self_param())
            .and_then(|s| s.ty())
        {
            bound.insert("self".to_string(), Some(ty.to_string()));
        }
        for p in params.iter().flat_map(|l| l.params()) {
            if let Some(ast::Pat::IdentPat(i)) = p.pat() {
                if let Some(name) = i.name() {
                    bound.insert(name.text().to_string(), p.ty().map(|t| t.to_string()));
                }
            }
        }
    }
    if let Some(body) = scopes.iter().find_map(|s| ast::Fn::cast(s.clone())?.body()) {
        for pat in body.syntax().descendants().filter_map(ast::IdentPat::cast) {
            if pat.syntax().text_range().end() > at {
                break;
            }
            // A closure's parameters are in scope only inside it, where they were taken above.
            if pat
                .syntax()
                .parent()
                .is_some_and(|p| ast::Param::can_cast(p.kind()))
            {
                continue;
            }
            let Some(name) = pat.name() else { continue };
            bound.insert(name.text().to_string(), annotated(&pat));
        }
    }
    let mut out: Vec<(String, String)> = Vec::new();
    for (name, field_ty) in self_fields(node, structs) {
        if !bound.contains_key(name) {
            out.push((name.clone(), field_ty.clone()));
        }
        out.push((format!("self.{name}"), field_ty.clone()));
    }
    out.extend(bound.into_iter().filter_map(|(n, t)| Some((n, t?))));
    out
}

/// The type a `let` writes for `pat`, where `pat` is the whole pattern of the `let`.
fn annotated(pat: &ast::IdentPat) -> Option<String> {
    let stmt = ast::LetStmt::cast(pat.syntax().parent()?)?;
    Some(stmt.ty()?.to_string())
}

/// The structs of one file by name, with their fields: (name, type), a tuple struct's fields
/// named by index. Collected once per file; the first struct of a name wins.
#[derive(Debug, Default)]
pub struct Structs(HashMap<String, Vec<(String, String)>>);

impl Structs {
    pub fn from_nodes(nodes: &[SyntaxNode]) -> Structs {
        let mut out = HashMap::new();
        for s in nodes.iter().cloned().filter_map(ast::Struct::cast) {
            let Some(name) = s.name() else { continue };
            let fields = match s.field_list() {
                Some(ast::FieldList::RecordFieldList(l)) => l
                    .fields()
                    .filter_map(|f| Some((f.name()?.text().to_string(), f.ty()?.to_string())))
                    .collect(),
                Some(ast::FieldList::TupleFieldList(l)) => l
                    .fields()
                    .enumerate()
                    .filter_map(|(i, f)| Some((i.to_string(), f.ty()?.to_string())))
                    .collect(),
                None => Vec::new(),
            };
            out.entry(name.text().to_string()).or_insert(fields);
        }
        Structs(out)
    }
}

/// The fields of `Self`, where the struct is in the file: the struct `node` is (whose
/// `# Invariants` speak of its fields), or the one an `impl` around `node` is for.
fn self_fields<'s>(node: &SyntaxNode, structs: &'s Structs) -> &'s [(String, String)] {
    let own = ast::Struct::cast(node.clone())
        .and_then(|s| s.name())
        .map(|n| n.text().to_string());
    own.or_else(|| {
        node.ancestors()
            .find_map(ast::Impl::cast)
            .and_then(|i| i.self_ty())
            .and_then(|t| match t {
                ast::Type::PathType(p) => p.path()?.segment()?.name_ref(),
                _ => None,
            })
            .map(|n| n.text().to_string())
    })
    .and_then(|name| structs.0.get(&name))
    .map_or(&[], Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ra_ap_syntax::{Edition, SourceFile};

    fn at(src: &str, marker: &str) -> Vec<(String, String)> {
        let file = SourceFile::parse(src, Edition::Edition2021).tree();
        let offset = TextSize::from(src.find(marker).expect("the marker") as u32);
        let token = file
            .syntax()
            .token_at_offset(offset)
            .right_biased()
            .expect("a token at the marker");
        let nodes: Vec<SyntaxNode> = file.syntax().descendants().collect();
        let structs = Structs::from_nodes(&nodes);
        let mut d = declared_at(&token.parent().expect("a parent node"), offset, &structs);
        d.sort();
        d
    }

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut v: Vec<_> = p
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn parameters_annotated_lets_and_fields_of_self() {
        let src = "struct S { inner: Opaque<u8>, len: usize }\n\
                   impl S {\n    fn f(&self, layout: Layout, n: usize) {\n        let p: *mut u8 = g();\n        let len = 3;\n        // SAFETY: here\n        unsafe { h() }\n        let later: u8 = 0;\n    }\n}\n";
        assert_eq!(
            at(src, "// SAFETY"),
            pairs(&[
                ("inner", "Opaque<u8>"),
                ("self.inner", "Opaque<u8>"),
                ("self.len", "usize"),
                ("layout", "Layout"),
                ("n", "usize"),
                ("p", "*mut u8"),
            ])
        );
    }

    #[test]
    fn a_struct_s_docs_see_its_fields() {
        let src = "/// # Invariants\n/// `inner` is valid.\nstruct S { inner: Opaque<u8> }\n";
        assert_eq!(
            at(src, "`inner` is"),
            pairs(&[("inner", "Opaque<u8>"), ("self.inner", "Opaque<u8>")])
        );
    }

    #[test]
    fn a_receiver_with_its_type_is_declared() {
        let src = "impl<T> X for Box<MaybeUninit<T>> {\n    unsafe fn f(self: Box<MaybeUninit<T>>) {\n        // SAFETY: here\n    }\n    fn g(&self) {\n        // SAFETY: there\n    }\n}\n";
        assert_eq!(
            at(src, "// SAFETY: here"),
            pairs(&[("self", "Box<MaybeUninit<T>>")])
        );
        assert_eq!(at(src, "// SAFETY: there"), pairs(&[]));
    }

    #[test]
    fn a_closure_parameter_shadows_the_function_s() {
        let src = "fn f(x: usize) { let c = |x: *const u8| { /* SAFETY: here */ }; }";
        assert_eq!(at(src, "/* SAFETY"), pairs(&[("x", "*const u8")]));
    }

    #[test]
    fn a_doc_comment_sees_its_function_s_parameters() {
        let src =
            "/// # Safety\n/// `ptr` is valid.\nunsafe fn f(ptr: *const u8) { let q: u8 = 0; }";
        assert_eq!(at(src, "`ptr` is"), pairs(&[("ptr", "*const u8")]));
    }
}
