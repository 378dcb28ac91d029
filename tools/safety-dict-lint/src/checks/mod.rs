//! The checks. Each module handles one kind of construct and reports through [`Ctx`].

pub mod callees;
pub mod doc_sections;
pub mod impl_justification;
pub mod invariants;
pub mod justification_order;
pub mod phrasing;
pub mod safe_decls;
pub mod unnecessary_comments;
pub mod unsafe_blocks;
pub mod unsafe_decls;

use std::ops::Range;

use std::collections::HashMap;

use ra_ap_syntax::{
    NodeOrToken,
    SyntaxKind::{
        ATTR, BLOCK_EXPR, CALL_EXPR, COMMENT, ENUM, FN, IDENT, IMPL, RECORD_EXPR, STRUCT,
        TOKEN_TREE, TRAIT, UNION, UNSAFE_KW, USE_TREE,
    },
    SyntaxNode, SyntaxToken,
};

use crate::code::Code;
use crate::finding::Finding;
use crate::index::TreeIndex;
use crate::report::Stats;
use crate::source::SourceFile;
use crate::syntax::comments::ClippyAllows;
use crate::vocabulary::Vocabulary;
use crate::LintOptions;

/// What a check sees while linting one file.
pub struct Ctx<'a> {
    pub file: &'a SourceFile,
    pub file_index: usize,
    pub vocab: &'a dyn Vocabulary,
    pub index: &'a TreeIndex,
    pub options: &'a LintOptions,
    pub findings: Vec<Finding>,
    /// How each part was read, when the options ask for it.
    pub readings: Vec<crate::report::PartReading>,
    pub stats: Stats,
    /// The file's `#[allow(clippy::..)]`s, filled by [`run_all`].
    pub allows: ClippyAllows,
    /// Names the file's `use`s import, with the module they come from; filled by [`run_all`].
    pub uses: HashMap<String, String>,
    /// The file's structs and their fields; filled by [`run_all`].
    pub structs: crate::syntax::declared::Structs,
}

/// The parts of a finding a check decides; [`Ctx::report`] fills in the rest.
pub struct Report {
    pub code: Code,
    pub span: Range<usize>,
    pub message: String,
    pub label: String,
    pub notes: Vec<String>,
    /// An entry URL; defaults to the rule's chapter.
    pub help_url: Option<String>,
}

impl Report {
    pub fn new(code: Code, span: Range<usize>, message: impl Into<String>) -> Report {
        Report {
            code,
            span,
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
            help_url: None,
        }
    }

    pub fn label(mut self, label: impl Into<String>) -> Report {
        self.label = label.into();
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Report {
        self.notes.push(note.into());
        self
    }

    pub fn help(mut self, url: String) -> Report {
        self.help_url = Some(url);
        self
    }
}

impl Ctx<'_> {
    /// The URL of the chapter that states a code's rule.
    pub fn rule_url(&self, code: Code) -> String {
        format!("{}{}", self.vocab.site_url(), code.info().chapter)
    }

    pub fn report(&mut self, r: Report) {
        if !self.options.enabled(r.code) {
            return;
        }
        let level = r.code.default_level();
        if level < self.options.min_level {
            return;
        }
        let len = self.file.text.len();
        let start = r.span.start.min(len);
        let span = start..r.span.end.clamp(start, len);
        let (line, column) = self.file.line_col(start);
        let help_url = r.help_url.unwrap_or_else(|| self.rule_url(r.code));
        self.findings.push(Finding {
            code: r.code,
            level,
            file: self.file.path.clone(),
            line,
            column,
            span,
            message: r.message,
            label: r.label,
            notes: r.notes,
            help_url,
        });
    }
}

/// What the checks look at in a file, gathered in one walk (a walk over a tree of a million
/// nodes costs as much as the checks themselves, and there were one per check).
#[derive(Default)]
pub struct FileNodes {
    /// Unsafe blocks, impls, functions, traits, structs, enums and unions, struct literals,
    /// calls, attributes, `use`s.
    pub nodes: Vec<SyntaxNode>,
    /// Comments, and `unsafe` tokens of token trees.
    pub tokens: Vec<SyntaxToken>,
}

impl FileNodes {
    pub fn collect(root: &SyntaxNode) -> FileNodes {
        let mut out = FileNodes::default();
        for el in root.descendants_with_tokens() {
            match el {
                NodeOrToken::Node(n) => {
                    let wanted = match n.kind() {
                        BLOCK_EXPR => n.children_with_tokens().any(|c| c.kind() == UNSAFE_KW),
                        IMPL | FN | TRAIT | STRUCT | ENUM | UNION | RECORD_EXPR | CALL_EXPR
                        | ATTR | USE_TREE => true,
                        _ => false,
                    };
                    if wanted {
                        out.nodes.push(n);
                    }
                }
                NodeOrToken::Token(t) => {
                    let wanted = t.kind() == COMMENT
                        || ((t.kind() == UNSAFE_KW || (t.kind() == IDENT && t.text() == "unsafe"))
                            && t.parent().is_some_and(|p| p.kind() == TOKEN_TREE));
                    if wanted {
                        out.tokens.push(t);
                    }
                }
            }
        }
        out
    }
}

/// Runs every check over one parsed file.
pub fn run_all(ctx: &mut Ctx<'_>, root: &SyntaxNode) {
    let file = FileNodes::collect(root);
    ctx.allows = ClippyAllows::from_nodes(file.nodes.iter().cloned());
    ctx.uses = callees::imports(&file.nodes);
    ctx.structs = crate::syntax::declared::Structs::from_nodes(&file.nodes);
    unsafe_blocks::check(ctx, &file);
    unsafe_decls::check(ctx, &file.nodes);
    unsafe_decls::check_macro_fns(ctx, &file.tokens);
    safe_decls::check(ctx, &file.nodes);
    phrasing::check_comments(ctx, &file.tokens);
    unnecessary_comments::check(ctx, root, &file.tokens);
    invariants::check(ctx, &file.nodes);
    doc_sections::check(ctx, &file.nodes);
}

/// Shortens text for a message: whitespace folded, at most `max` characters.
pub fn excerpt(text: &str, max: usize) -> String {
    let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if folded.chars().count() <= max {
        folded
    } else {
        let cut: String = folded.chars().take(max.saturating_sub(1)).collect();
        format!("{}…", cut.trim_end())
    }
}
