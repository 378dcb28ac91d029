//! The parser layer: rust-analyzer's lossless tree, where comments are tokens in place.

pub mod comments;
pub mod depth;
pub mod docs;
pub mod macros;

use ra_ap_syntax::{ast, AstNode, Edition, SyntaxNode};

/// A parsed file: the tree, plus the parser's error count and first error.
pub struct Parsed {
    pub root: SyntaxNode,
    pub error_count: usize,
    /// Byte offset and message of the first syntax error, if any.
    pub first_error: Option<(usize, String)>,
}

/// Parses Rust source; never fails and never panics on any text (the parser is error-tolerant).
pub fn parse(text: &str) -> Parsed {
    let parse = ast::SourceFile::parse(text, Edition::Edition2021);
    let errors = parse.errors();
    let first_error = errors
        .iter()
        .map(|e| (usize::from(e.range().start()), e.to_string()))
        .min_by_key(|(at, _)| *at);
    Parsed {
        root: parse.tree().syntax().clone(),
        error_count: errors.len(),
        first_error,
    }
}

/// Byte range of a node or token.
pub fn range(r: ra_ap_syntax::TextRange) -> std::ops::Range<usize> {
    usize::from(r.start())..usize::from(r.end())
}
