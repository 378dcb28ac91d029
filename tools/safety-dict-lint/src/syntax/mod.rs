//! The parser layer: rust-analyzer's lossless tree, where comments are tokens in place.
//!
//! The tree is built here rather than by `ra_ap_syntax::SourceFile::parse`, for two reasons that
//! only show on pathological input. rowan's node cache hashes a node's whole subtree,
//! recursively, each time its table grows: quadratic time and unbounded recursion on a
//! 200,000-term `1+1+…`. And a green tree is freed recursively, one stack frame per level: `Parse`
//! hands its copy to a background thread with a default stack, where a 200,000-link method chain
//! aborts the process. Here the builder is a plain loop without a cache, it records the tree's
//! depth as it goes, and [`Parsed`] frees a deep tree on a thread with a stack sized for it.

pub mod comments;
pub mod declared;
pub mod depth;
pub mod docs;
pub mod macro_fns;
pub mod macros;

use ra_ap_parser::{LexedStr, StrStep, TopEntryPoint};
use ra_ap_syntax::{Edition, SyntaxKind, SyntaxNode};
use rowan::{GreenNode, GreenToken, NodeOrToken};

/// Trees up to this depth are freed on the thread that built them (well within any stack).
const INLINE_DROP_DEPTH: usize = 4096;
/// Stack needed per level to free a green tree (measured under 200 bytes in a debug build; the
/// margin covers other builds).
const DROP_STACK_PER_LEVEL: usize = 1024;

/// A parsed file: the tree, plus the parser's error count and first error.
pub struct Parsed {
    pub root: SyntaxNode,
    pub error_count: usize,
    /// Byte offset and message of the first syntax error, if any.
    pub first_error: Option<(usize, String)>,
    /// Depth of the tree (nodes on the longest path from the root).
    pub depth: usize,
    /// The one owning reference to the tree besides `root`'s, freed in [`Drop`].
    green: Option<GreenNode>,
}

fn raw(kind: SyntaxKind) -> rowan::SyntaxKind {
    rowan::SyntaxKind(u16::from(kind))
}

/// Builds a green tree from the parser's steps without recursion and without a node cache.
#[derive(Default)]
struct Builder {
    open: Vec<(rowan::SyntaxKind, usize)>,
    children: Vec<NodeOrToken<GreenNode, GreenToken>>,
    depth: usize,
    errors: Vec<(usize, String)>,
}

impl Builder {
    fn step(&mut self, step: StrStep<'_>) {
        match step {
            StrStep::Token { kind, text } => self
                .children
                .push(NodeOrToken::Token(GreenToken::new(raw(kind), text))),
            StrStep::Enter { kind } => {
                self.open.push((raw(kind), self.children.len()));
                self.depth = self.depth.max(self.open.len());
            }
            StrStep::Exit => self.close(),
            StrStep::Error { msg, pos } => self.errors.push((pos, msg.to_string())),
        }
    }

    fn close(&mut self) {
        if let Some((kind, first)) = self.open.pop() {
            let node = GreenNode::new(kind, self.children.drain(first..));
            self.children.push(NodeOrToken::Node(node));
        }
    }

    fn finish(mut self) -> (GreenNode, usize, Vec<(usize, String)>) {
        while !self.open.is_empty() {
            self.close();
        }
        let root = match (self.children.pop(), self.children.is_empty()) {
            (Some(NodeOrToken::Node(n)), true) => n,
            (last, _) => {
                // The parser always wraps a file in one SOURCE_FILE node; should it not, the
                // pieces still go into one.
                self.children.extend(last);
                GreenNode::new(raw(SyntaxKind::SOURCE_FILE), self.children.drain(..))
            }
        };
        (root, self.depth.max(1), self.errors)
    }
}

/// Parses Rust source; never fails on any text (the parser is error-tolerant). Errors are the
/// lexer's and the parser's (not rust-analyzer's later validation, which is not about syntax).
pub fn parse(text: &str) -> Parsed {
    // rustc skips a UTF-8 byte order mark at the start of a file; rust-analyzer's lexer reports
    // it. Three spaces have its length, so every offset in the tree still points into `text`.
    let without_bom;
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => {
            without_bom = format!("   {rest}");
            without_bom.as_str()
        }
        None => text,
    };
    let lexed = LexedStr::new(Edition::Edition2021, text);
    let input = lexed.to_input(Edition::Edition2021);
    let output = TopEntryPoint::SourceFile.parse(&input);
    let mut builder = Builder::default();
    lexed.intersperse_trivia(&output, &mut |step| builder.step(step));
    let (green, depth, mut errors) = builder.finish();
    errors.extend(
        lexed
            .errors()
            .map(|(i, msg)| (lexed.text_range(i).start, msg.to_string())),
    );
    let first_error = errors.iter().min_by_key(|(at, _)| *at).cloned();
    Parsed {
        root: SyntaxNode::new_root(green.clone()),
        error_count: errors.len(),
        first_error,
        depth,
        green: Some(green),
    }
}

impl Drop for Parsed {
    fn drop(&mut self) {
        // Release `root` (whose freeing is a loop in rowan) so that `green` is the last owner.
        let placeholder = GreenNode::new(raw(SyntaxKind::SOURCE_FILE), []);
        drop(std::mem::replace(
            &mut self.root,
            SyntaxNode::new_root(placeholder),
        ));
        let Some(green) = self.green.take() else {
            return;
        };
        if self.depth <= INLINE_DROP_DEPTH {
            return;
        }
        let stack = (1 << 20) + self.depth.saturating_mul(DROP_STACK_PER_LEVEL);
        let freeing = std::thread::Builder::new()
            .name("safety-dict-lint-free".into())
            .stack_size(stack)
            .spawn(move || drop(green));
        match freeing {
            Ok(handle) => {
                let _ = handle.join();
            }
            // No thread for it (out of memory or threads): keeping the tree is better than
            // freeing it on a stack that cannot hold it.
            Err(e) => std::mem::forget(e),
        }
    }
}

/// Byte range of a node or token.
pub fn range(r: ra_ap_syntax::TextRange) -> std::ops::Range<usize> {
    usize::from(r.start())..usize::from(r.end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_tree_as_rust_analyzer() {
        let src = "/// # Safety\n/// - ok.\nunsafe fn f(p: *const u8) { let x = unsafe { *p } + 1; g(x) }\nfn h( {";
        let ours = parse(src);
        let theirs = ra_ap_syntax::SourceFile::parse(src, Edition::Edition2021);
        let theirs = theirs.syntax_node();
        assert_eq!(format!("{:#?}", ours.root), format!("{theirs:#?}"));
        assert_eq!(ours.root.text().to_string(), src);
        assert!(ours.error_count > 0);
    }

    #[test]
    fn a_byte_order_mark_is_accepted_and_offsets_kept() {
        let src = "\u{feff}fn f() {}";
        let p = parse(src);
        assert_eq!(p.error_count, 0, "{:?}", p.first_error);
        let f = p.root.descendants().find(|n| n.kind() == SyntaxKind::FN);
        assert_eq!(f.map(|f| usize::from(f.text_range().start())), Some(3));
    }

    #[test]
    fn depth_is_the_longest_path() {
        let shallow = parse("fn f() {}");
        let chain = parse(&format!("fn f() {{ a{}; }}", ".b()".repeat(100)));
        assert!(
            chain.depth > shallow.depth + 100,
            "{} {}",
            chain.depth,
            shallow.depth
        );
    }
}
