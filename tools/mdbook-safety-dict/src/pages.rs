//! The generated pages: one per entry, one per kind, an A–Z index and one per example.

use std::collections::BTreeMap;
use std::fmt::Write;

use safety_dict::expand::Node;
use safety_dict::model::{Kind, Outcome};
use safety_dict::report::{Report, SideName, SideResult};
use safety_dict::{Clause, Dictionary, Entry, Example};

use crate::highlight::Highlighter;
use crate::html::{block, block_at, escape, inline_at, plain};

/// Where a chapter uses a term: (chapter name, chapter path without extension).
pub type TermUses = BTreeMap<String, Vec<(String, String)>>;

pub struct Site<'a> {
    pub dict: &'a Dictionary,
    pub report: Option<&'a Report>,
    pub term_uses: &'a TermUses,
    pub highlighter: Option<&'a Highlighter>,
    /// `theme/syntect.css`, placed in the pages that show highlighted code.
    pub code_css: Option<&'a str>,
}

/// `../` repeated once per directory of a chapter path (`dictionary/x.md` → `../`).
pub fn up(chapter_path: &str) -> String {
    "../".repeat(chapter_path.matches('/').count())
}

pub fn entry_md_path(id: &str) -> String {
    format!("dictionary/{id}.md")
}

pub fn kind_md_path(kind: Kind) -> String {
    format!("dictionary/kinds/{}.md", kind.dir())
}

pub const AZ_MD_PATH: &str = "dictionary/a-z.md";

pub fn example_md_path(id: &str) -> String {
    format!("examples/{id}.md")
}

/// The name of an entry in the sidebar and the page title.
pub fn entry_title(e: &Entry) -> String {
    plain(&e.phrase)
}

/// Short label of a term in prose: a concept's own word, otherwise the id in words.
pub fn term_label(e: &Entry) -> String {
    if e.kind == Kind::Concept {
        plain(&e.phrase)
    } else {
        e.id.replace('-', " ")
    }
}

impl Site<'_> {
    fn entry_link(&self, from: &str, id: &str) -> String {
        format!("{}dictionary/{id}.html", up(from))
    }

    /// The inline link of `{{#term ID}}`.
    pub fn term(&self, from: &str, e: &Entry, label: Option<&str>) -> String {
        let label = label.map_or_else(|| term_label(e), str::to_string);
        format!(
            "<a class=\"sd-term\" href=\"{}\" data-summary=\"{}\" aria-label=\"{}: {}\">{}</a>",
            self.entry_link(from, &e.id),
            escape(&plain(&e.summary)),
            escape(&label),
            escape(&plain(&e.summary)),
            escape(&label)
        )
    }

    fn node_label(&self, from: &str, n: &Node) -> String {
        match &n.entry {
            Some(id) => format!(
                "{} <a class=\"sd-ref\" href=\"{}\">{}</a>",
                inline_at(&n.text, from),
                self.entry_link(from, id),
                escape(id)
            ),
            None => inline_at(&n.text, from),
        }
    }

    fn tree(&self, from: &str, n: &Node, out: &mut String) {
        let _ = write!(
            out,
            "<li><span class=\"sd-node\">{}</span>",
            self.node_label(from, n)
        );
        if !n.children.is_empty() {
            out.push_str("<ul>");
            for c in &n.children {
                self.tree(from, c, out);
            }
            out.push_str("</ul>");
        }
        out.push_str("</li>");
    }

    /// Nested lists, all open: `theme/safety-dict.js` folds them below the first level and
    /// adds the buttons that open them (without JavaScript everything stays visible).
    pub fn expansion_html(&self, from: &str, n: &Node) -> String {
        let mut out = String::from("<ul class=\"sd-tree\">");
        for c in &n.children {
            self.tree(from, c, &mut out);
        }
        out.push_str("</ul>");
        out
    }

    fn meaning_html(&self, from: &str, e: &Entry) -> String {
        let mut out = String::from("<ol class=\"sd-meaning\">");
        for (c, line) in e.meaning.iter().zip(self.dict.meaning_lines(e)) {
            match c {
                Clause::Text { .. } => {
                    let _ = write!(out, "<li>{}</li>", inline_at(&line, from));
                }
                Clause::Ref { id, .. } => {
                    let _ = write!(
                        out,
                        "<li>{} <a class=\"sd-ref\" href=\"{}\">{}</a></li>",
                        inline_at(&line, from),
                        self.entry_link(from, id),
                        escape(id)
                    );
                }
            }
        }
        out.push_str("</ol>");
        out
    }

    pub fn entry_page(&self, e: &Entry) -> String {
        let from = entry_md_path(&e.id);
        let url = self.dict.entry_url(&e.id);
        let mut md = String::new();
        let _ = writeln!(
            md,
            // The copy button and the permalink are made by theme/safety-dict.js from `data-url`,
            // so that their text ("Copy link", the URL) stays out of the search index.
            "<h1 class=\"sd-title\" id=\"entry\">{}</h1>\n<div class=\"sd-meta\"><span class=\"sd-kind sd-kind-{}\">{}</span> <code class=\"sd-id\">{}</code> <span class=\"sd-link-slot\" data-url=\"{}\"></span></div>\n",
            inline_at(&e.phrase, &from),
            e.kind.dir(),
            e.kind.dir(),
            escape(&e.id),
            escape(&url),
        );
        let _ = writeln!(
            md,
            "<p class=\"sd-summary\">{}</p>\n",
            inline_at(&e.summary, &from)
        );
        if let Some(o) = e.origin {
            let _ = writeln!(md, "<p><strong>From:</strong> {}</p>\n", o.label());
        }
        if let Some(d) = &e.rfc_difference {
            let _ = writeln!(
                md,
                "<blockquote class=\"sd-rfc-difference\"><p><strong>Differs from the RFC:</strong></p>{}</blockquote>\n",
                block_at(d, &from)
            );
        }
        match (e.kind, expander_sample(self.dict, e)) {
            (Kind::Concept, Some(sample)) => {
                let _ = writeln!(
                    md,
                    "<p class=\"sd-expand-this\"><a href=\"{}\">Expand a comment that relies on this concept</a> in the expander, and edit it to your own.</p>\n",
                    expander_link(&from, &sample)
                );
            }
            (_, Some(sample)) => {
                let _ = writeln!(
                    md,
                    "<p class=\"sd-expand-this\"><a href=\"{}\">Expand a comment that uses this phrase</a> in the expander, and edit it to your own.</p>\n",
                    expander_link(&from, &sample)
                );
            }
            (_, None) => {
                let _ = writeln!(
                    md,
                    "<p class=\"sd-expand-this\"><a href=\"{}expander.html\">Open the expander</a> to spell out a comment phrase by phrase.</p>\n",
                    up(&from)
                );
            }
        }

        if !e.vars.is_empty() {
            md.push_str("## Variables\n\n<table class=\"sd-vars\"><thead><tr><th>Variable</th><th>Type</th></tr></thead><tbody>");
            for v in &e.vars {
                let _ = write!(
                    md,
                    "<tr><td><code>{}</code></td><td><code>{}</code></td></tr>",
                    escape(&v.name),
                    escape(&v.ty)
                );
            }
            md.push_str("</tbody></table>\n\n");
        }
        if !e.meaning.is_empty() {
            let _ = writeln!(md, "## Meaning\n\n{}\n", self.meaning_html(&from, e));
            // Without references the full expansion is the meaning again: shown once.
            let node = self.dict.expand_entry(e, &e.identity_bindings(), 0);
            if e.meaning.iter().any(|c| matches!(c, Clause::Ref { .. })) {
                let _ = writeln!(
                    md,
                    "## Full expansion\n\n<div class=\"sd-expansion\">{}</div>\n",
                    self.expansion_html(&from, &node)
                );
            }
        }
        if let Some(n) = &e.notes {
            let _ = writeln!(
                md,
                "## Notes\n\n<div class=\"sd-notes\">{}</div>\n",
                block_at(n, &from)
            );
        }
        md.push_str("## Wordings\n\n<ul class=\"sd-wordings\">");
        let _ = write!(
            md,
            "<li><strong>Standard:</strong> {}</li>",
            inline_at(&e.phrase, &from)
        );
        for a in &e.accepted {
            let _ = write!(
                md,
                "<li><strong>Also accepted:</strong> {}</li>",
                inline_at(a, &from)
            );
        }
        md.push_str("</ul>\n\n");
        if !e.discouraged.is_empty() {
            md.push_str("### Discouraged wordings\n\n<table class=\"sd-discouraged\"><thead><tr><th>Instead of</th><th>Why</th><th>Write</th></tr></thead><tbody>");
            for d in &e.discouraged {
                let _ = write!(
                    md,
                    "<tr><td data-label=\"Instead of\">{}</td><td data-label=\"Why\">{}</td><td data-label=\"Write\">{}</td></tr>",
                    inline_at(&d.phrase, &from),
                    inline_at(&d.reason, &from),
                    inline_at(&d.preferred, &from)
                );
            }
            md.push_str("</tbody></table>\n\n");
        }
        if !e.tags.is_empty() {
            md.push_str("## Safety tags\n\nThe same condition in the safety-tag vocabularies of other tools:\n\n<ul class=\"sd-tags\">");
            for t in &e.tags {
                let _ = write!(md, "<li><code>{}</code></li>", escape(t));
            }
            md.push_str("</ul>\n\n");
        }
        if !e.see_also.is_empty() {
            md.push_str("## See also\n\n<ul class=\"sd-see-also\">");
            for s in &e.see_also {
                if let Some(t) = self.dict.entry(s) {
                    let _ = write!(
                        md,
                        "<li><a href=\"{}\">{}</a> — {}</li>",
                        self.entry_link(&from, s),
                        inline_at(&t.phrase, &from),
                        inline_at(&t.summary, &from)
                    );
                }
            }
            md.push_str("</ul>\n\n");
        }
        let used = self.dict.used_in(&e.id);
        let chapters = self.term_uses.get(&e.id);
        md.push_str("## Used in\n\n");
        if used.is_empty() && chapters.is_none_or(Vec::is_empty) {
            md.push_str(
                "<p class=\"sd-none\">No other entry or chapter refers to this entry yet.</p>\n\n",
            );
        } else {
            md.push_str("<ul class=\"sd-backlinks\">");
            for u in used {
                let _ = write!(
                    md,
                    "<li>the meaning of <a href=\"{}\">{}</a></li>",
                    self.entry_link(&from, &u.id),
                    inline_at(&u.phrase, &from)
                );
            }
            for (name, path) in chapters.into_iter().flatten() {
                let _ = write!(
                    md,
                    "<li>chapter <a href=\"{}{}.html\">{}</a></li>",
                    up(&from),
                    escape(path),
                    escape(name)
                );
            }
            md.push_str("</ul>\n\n");
        }
        let examples = self.dict.examples_of(&e.id);
        if !examples.is_empty() {
            md.push_str("## Examples\n\n<ul class=\"sd-examples\">");
            for x in examples {
                let _ = write!(
                    md,
                    "<li><a href=\"{}examples/{}.html\">{}</a> — {} {}</li>",
                    up(&from),
                    escape(&x.id),
                    inline_at(&x.title, &from),
                    inline_at(&x.summary, &from),
                    self.status(x).badge()
                );
            }
            md.push_str("</ul>\n\n");
        }
        if !e.sources.is_empty() {
            md.push_str("## Sources\n\n<ul class=\"sd-sources\">");
            for s in &e.sources {
                let _ = write!(md, "<li>{}</li>", source_html(s, &from));
            }
            md.push_str("</ul>\n");
        }
        md
    }

    fn entry_row(&self, from: &str, e: &Entry) -> String {
        format!(
            "<tr data-kind=\"{}\"><td><a href=\"{}\">{}</a></td><td>{}</td></tr>",
            e.kind.dir(),
            self.entry_link(from, &e.id),
            inline_at(&e.phrase, from),
            inline_at(&e.summary, from)
        )
    }

    pub fn kind_page(&self, kind: Kind) -> String {
        let from = kind_md_path(kind);
        let mut md = format!("# {}\n\n", kind.title());
        md.push_str(match kind {
            Kind::Requirement => "Conditions that an `unsafe fn` or `unsafe trait` puts on its callers or implementors. Write them as the items of a `# Safety` list.\n\n",
            Kind::Justification => "Reasons that make a requirement hold at a use site. Write them after `by` in a `// SAFETY:` comment: repeat the requirement, then `by` and one or more of these, joined with `and`.\n\n",
            Kind::Guarantee => "Promises a function or type makes that `unsafe` code may rely on, listed under `# Guarantees`. `$ret` stands for the return value.\n\n",
            Kind::Invariant => "Promises a type keeps for its whole life, listed under `# Invariants` and re-established with `// INVARIANT:` comments.\n\n",
            Kind::Concept => "The words the meanings are made of.\n\n",
        });
        md.push_str("<table class=\"sd-index\"><thead><tr><th>Phrase</th><th>Summary</th></tr></thead><tbody>");
        for e in self.dict.entries_of_kind(kind) {
            md.push_str(&self.entry_row(&from, e));
        }
        md.push_str("</tbody></table>\n");
        md
    }

    pub fn az_page(&self) -> String {
        let mut entries: Vec<&Entry> = self.dict.entries().iter().collect();
        entries.sort_by_key(|e| sort_key(e));
        let mut md =
            String::from("# A–Z index\n\nEvery entry of the dictionary, by its first word.\n\n");
        let mut letter = None;
        for e in entries {
            let first = sort_key(e)
                .chars()
                .next()
                .unwrap_or('#')
                .to_ascii_uppercase();
            if letter != Some(first) {
                if letter.is_some() {
                    md.push_str("</ul>\n\n");
                }
                let _ = write!(md, "## {first}\n\n<ul class=\"sd-az\">");
                letter = Some(first);
            }
            let _ = write!(
                md,
                "<li><a href=\"{}\">{}</a> <span class=\"sd-kind sd-kind-{}\">{}</span></li>",
                self.entry_link(AZ_MD_PATH, &e.id),
                inline_at(&e.phrase, AZ_MD_PATH),
                e.kind.dir(),
                e.kind.dir()
            );
        }
        if letter.is_some() {
            md.push_str("</ul>\n");
        }
        md
    }

    /// The filterable list appended to the dictionary's own index page.
    pub fn filter_list(&self, from: &str) -> String {
        let mut md = String::from("\n\n## Find an entry\n\nType a phrase, an accepted wording, a safety-tag name or an id; typos are forgiven and exact matches come first.\n\n");
        md.push_str("<div id=\"sd-filter\" class=\"sd-filter\" hidden><label for=\"sd-filter-input\">Filter</label> <input id=\"sd-filter-input\" type=\"search\" placeholder=\"valid for reads, ValidCStr, refcount…\" autocomplete=\"off\"> <span class=\"sd-filter-kinds\">");
        for k in Kind::ALL {
            let _ = write!(
                md,
                "<label><input type=\"checkbox\" class=\"sd-kind-filter\" value=\"{}\" checked> {}</label> ",
                k.dir(),
                k.dir()
            );
        }
        let _ = write!(
            md,
            "</span> <span id=\"sd-filter-count\" aria-live=\"polite\"></span></div>\n<script type=\"application/json\" id=\"sd-index-data\" data-root=\"{}\">{}</script>\n<table class=\"sd-index\" id=\"sd-entry-list\"><thead><tr><th>Phrase</th><th>Summary</th></tr></thead><tbody>",
            up(from),
            safety_dict::export::script_json(&safety_dict::export::index_records(self.dict))
                .unwrap_or_else(|_| "[]".to_string())
        );
        let mut entries: Vec<&Entry> = self.dict.entries().iter().collect();
        entries.sort_by_key(|e| sort_key(e));
        for e in entries {
            let row = self.entry_row(from, e);
            md.push_str(&row.replacen("<tr ", &format!("<tr data-id=\"{}\" ", escape(&e.id)), 1));
        }
        md.push_str("</tbody></table>\n");
        md
    }

    /// The generated table of one kind for `{{#table KIND}}`.
    pub fn table(&self, from: &str, kind: Kind) -> String {
        let mut md = String::from("<table class=\"sd-standard-table\"><thead><tr><th>Phrase</th><th>Variables</th><th>Meaning</th></tr></thead><tbody>");
        for e in self.dict.entries_of_kind(kind) {
            let vars: Vec<String> = e
                .vars
                .iter()
                .map(|v| format!("<code>{}: {}</code>", escape(&v.name), escape(&v.ty)))
                .collect();
            let meaning = if e.meaning.is_empty() {
                e.notes
                    .as_deref()
                    .map(|n| inline_at(n, from))
                    .unwrap_or_default()
            } else {
                self.meaning_html(from, e)
            };
            let _ = write!(
                md,
                "<tr id=\"table-{}\"><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td></tr>",
                escape(&e.id),
                self.entry_link(from, &e.id),
                inline_at(&e.phrase, from),
                vars.join("<br>"),
                meaning
            );
        }
        md.push_str("</tbody></table>");
        md
    }

    /// The verification status of a pair: one verdict for both sides.
    pub fn status(&self, x: &Example) -> PairStatus {
        let Some(report) = self.report else {
            return PairStatus::NoReport;
        };
        let sides = [SideName::Good, SideName::Bad].map(|s| report.side(&x.id, s));
        match sides {
            [Some(g), Some(b)] if g.pass && b.pass => PairStatus::Verified {
                kernel: report.kernel_version.clone(),
            },
            [Some(g), Some(b)] => PairStatus::NotAsDeclared {
                kernel: report.kernel_version.clone(),
                sides: [(SideName::Good, g), (SideName::Bad, b)]
                    .into_iter()
                    .filter(|(_, r)| !r.pass)
                    .map(|(n, _)| n)
                    .collect(),
            },
            _ => PairStatus::Missing {
                kernel: report.kernel_version.clone(),
            },
        }
    }

    /// The status of the pair, once, above both sides.
    fn status_html(&self, x: &Example) -> String {
        let st = self.status(x);
        let meta = self.report.map_or(String::new(), |r| {
            format!(
                "<p class=\"sd-proof-meta\">Report of {} · config {}</p>",
                escape(&r.finished_at),
                escape(&r.config_hash.chars().take(12).collect::<String>())
            )
        });
        format!(
            "<div class=\"sd-proof {}\"><p>{}</p>{meta}</div>",
            st.class(),
            st.sentence()
        )
    }

    fn side_html(&self, x: &Example, which: SideName, changed: &[bool]) -> String {
        let side = match which {
            SideName::Good => &x.good,
            SideName::Bad => &x.bad,
        };
        let spec = &side.spec;
        let mut h = format!(
            "<div class=\"sd-side sd-{0}\"><h3 class=\"sd-side-title\">{1}</h3><p class=\"sd-expect\">Declared outcome: <strong>{2}</strong>{3}{4}</p>",
            which.as_str(),
            if which == SideName::Good { "Good" } else { "Bad" },
            describe_outcome(spec.expect),
            spec.report.as_deref().map_or(String::new(), |r| format!(" (<code>{}</code>)", escape(r))),
            spec.function.as_deref().map_or(String::new(), |f| format!(" in <code>{}</code>", escape(f))),
        );
        if let Some(n) = &spec.note {
            h.push_str(&block(n));
        }
        if let Some(r) = self
            .report
            .and_then(|r| r.side(&x.id, which).map(|s| (r, s)))
        {
            h.push_str(&observed_html(r.0, r.1));
        }
        let code = match self.highlighter {
            Some(hl) => hl.rust(&side.source),
            None => format!(
                "<pre class=\"sd-code\"><code class=\"nohighlight\">{}</code></pre>",
                escape(&side.source)
            ),
        };
        let _ = write!(
            h,
            "<details class=\"sd-source\" open><summary><code>{}</code></summary>{}</details></div>",
            escape(&side.file.display().to_string()),
            mark_lines(&code, changed, which)
        );
        h
    }

    /// Both sides of an example, one above the other, with the lines where they differ marked.
    pub fn pair(&self, x: &Example) -> String {
        let (good, bad) = changed_lines(&x.good.source, &x.bad.source);
        format!(
            "<div class=\"sd-pair\" data-example=\"{}\">{}<p class=\"sd-diff-legend\">Lines marked <span class=\"sd-mark sd-mark-bad\">−</span> on the bad side and <span class=\"sd-mark sd-mark-good\">+</span> on the good side are where the two differ.</p>{}{}</div>",
            escape(&x.id),
            self.status_html(x),
            self.side_html(x, SideName::Bad, &bad),
            self.side_html(x, SideName::Good, &good)
        )
    }

    /// One row of the examples' index (`{{#example ID}}`): title, summary, outcomes, status.
    pub fn example_card(&self, from: &str, x: &Example) -> String {
        let outcome = |s: &safety_dict::dictionary::Side| {
            let mut o = escape(describe_outcome(s.spec.expect));
            if let Some(r) = &s.spec.report {
                let _ = write!(o, " (<code>{}</code>)", escape(r));
            }
            o
        };
        format!(
            "<div class=\"sd-example-card\" data-example=\"{}\"><p class=\"sd-example-link\"><a href=\"{}examples/{}.html\">{}</a> {}</p><p>{}</p><p class=\"sd-outcomes\">Good: {} · Bad: {}</p></div>",
            escape(&x.id),
            up(from),
            escape(&x.id),
            inline_at(&x.title, from),
            self.status(x).badge(),
            inline_at(&x.summary, from),
            outcome(&x.good),
            outcome(&x.bad)
        )
    }

    pub fn example_page(&self, x: &Example) -> String {
        let from = example_md_path(&x.id);
        let mut md = self
            .code_css
            .map_or(String::new(), |css| format!("<style>\n{css}</style>\n\n"));
        let _ = write!(
            md,
            "<h1 class=\"sd-title\" id=\"example\">{}</h1>\n<p class=\"sd-summary\">{}</p>\n\n",
            inline_at(&x.title, &from),
            inline_at(&x.summary, &from)
        );
        let _ = writeln!(
            md,
            "<div class=\"sd-explanation\">{}</div>\n",
            block_at(&x.explanation, &from)
        );
        md.push_str("<p class=\"sd-illustrates\">Illustrates: ");
        let links: Vec<String> = x
            .illustrates
            .iter()
            .filter_map(|i| self.dict.entry(i))
            .map(|e| self.term(&from, e, None))
            .collect();
        md.push_str(&links.join(", "));
        md.push_str("</p>\n\n## The pair\n\n");
        md.push_str(&self.pair(x));
        md.push('\n');
        md
    }
}

/// Whether a pair was run, once for both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairStatus {
    /// The site was built without a QEMU report.
    NoReport,
    /// The report has no result for a side.
    Missing {
        kernel: String,
    },
    Verified {
        kernel: String,
    },
    NotAsDeclared {
        kernel: String,
        sides: Vec<SideName>,
    },
}

impl PairStatus {
    pub fn class(&self) -> &'static str {
        match self {
            PairStatus::NoReport | PairStatus::Missing { .. } => "sd-unverified",
            PairStatus::Verified { .. } => "sd-pass",
            PairStatus::NotAsDeclared { .. } => "sd-fail",
        }
    }

    pub fn sentence(&self) -> String {
        match self {
            PairStatus::NoReport => "<span class=\"sd-verdict\">Not verified in this build:</span> no QEMU report was available when this site was built, so nothing here claims that either side was run.".to_string(),
            PairStatus::Missing { kernel } => format!("<span class=\"sd-verdict\">Not verified:</span> the QEMU report of Linux {} has no result for one side of this pair.", escape(kernel)),
            PairStatus::Verified { kernel } => format!("<span class=\"sd-verdict\">✔ Verified.</span> Both sides were built against Linux {} and run in QEMU; each did what it declares.", escape(kernel)),
            PairStatus::NotAsDeclared { kernel, sides } => format!(
                "<span class=\"sd-verdict\">✘ Not as declared.</span> On Linux {}, the {} side did not do what it declares.",
                escape(kernel),
                sides.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" and the ")
            ),
        }
    }

    /// A short label for lists of examples.
    pub fn badge(&self) -> String {
        let text = match self {
            PairStatus::NoReport | PairStatus::Missing { .. } => "not verified",
            PairStatus::Verified { .. } => "✔ verified",
            PairStatus::NotAsDeclared { .. } => "✘ not as declared",
        };
        format!("<span class=\"sd-badge {}\">{text}</span>", self.class())
    }
}

/// Which lines of each side are not in their longest common subsequence (compared without
/// trailing whitespace): the lines where the two sides differ.
pub fn changed_lines(good: &str, bad: &str) -> (Vec<bool>, Vec<bool>) {
    let a: Vec<&str> = good.lines().map(str::trim_end).collect();
    let b: Vec<&str> = bad.lines().map(str::trim_end).collect();
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut ca, mut cb) = (vec![true; a.len()], vec![true; b.len()]);
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            ca[i] = false;
            cb[j] = false;
            i += 1;
            j += 1;
        } else if lcs[i + 1][j] >= lcs[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    (ca, cb)
}

/// Splits highlighted `<pre><code>` HTML into one `<span class="sd-line">` per source line,
/// closing and reopening the token spans that cross a line break, and marks changed lines.
pub fn mark_lines(code: &str, changed: &[bool], side: SideName) -> String {
    const OPEN: &str = "<code class=\"nohighlight\">";
    let (Some(start), Some(end)) = (code.find(OPEN), code.rfind("</code>")) else {
        return code.to_string();
    };
    let body = &code[start + OPEN.len()..end];
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut open: Vec<&str> = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        if rest.starts_with("</span>") {
            open.pop();
            line.push_str("</span>");
            rest = &rest[7..];
        } else if rest.starts_with('<') {
            let close = rest.find('>').map_or(rest.len(), |i| i + 1);
            open.push(&rest[..close]);
            line.push_str(&rest[..close]);
            rest = &rest[close..];
        } else if let Some(after) = rest.strip_prefix('\n') {
            line.push_str(&"</span>".repeat(open.len()));
            lines.push(std::mem::take(&mut line));
            line.extend(open.iter().copied());
            rest = after;
        } else {
            let next = rest.find(['<', '\n']).unwrap_or(rest.len());
            line.push_str(&rest[..next]);
            rest = &rest[next..];
        }
    }
    // The text after the last line break, if any (not just the closing tags of open spans).
    let mut tail = line.as_str();
    let mut text = false;
    while !tail.is_empty() {
        match tail.find('<') {
            Some(0) => tail = tail.find('>').map_or("", |i| &tail[i + 1..]),
            Some(_) | None => {
                text = true;
                break;
            }
        }
    }
    if text {
        lines.push(line);
    }
    let mark = match side {
        SideName::Good => "sd-add",
        SideName::Bad => "sd-del",
    };
    let mut out = format!("{}{OPEN}", &code[..start]);
    for (n, l) in lines.iter().enumerate() {
        if changed.get(n).copied().unwrap_or(false) {
            let _ = write!(out, "<span class=\"sd-line {mark}\">{l}</span>");
        } else {
            let _ = write!(out, "<span class=\"sd-line\">{l}</span>");
        }
    }
    out.push_str(&code[end..]);
    out
}

fn sort_key(e: &Entry) -> String {
    let p = plain(&e.phrase).to_lowercase();
    let p = p.trim_start_matches(|c: char| !c.is_alphanumeric());
    p.to_string()
}

pub fn describe_outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Runs => "loads and runs cleanly",
        Outcome::Oops => "kernel oops",
        Outcome::Kasan => "KASAN report",
        Outcome::Ubsan => "UBSAN report",
        Outcome::Warning => "kernel warning",
        Outcome::Panic => "Rust panic",
        Outcome::BuildFails => "does not compile",
    }
}

/// What the harness observed for one side, with the decisive lines of the log.
fn observed_html(report: &Report, r: &SideResult) -> String {
    let observed = r.observed.map_or("nothing conclusive", describe_outcome);
    let detail = r
        .observed_detail
        .as_deref()
        .map_or(String::new(), |d| format!(" (<code>{}</code>)", escape(d)));
    let what = if r.expected == Outcome::BuildFails {
        format!("Built against Linux {}", escape(&report.kernel_version))
    } else {
        format!(
            "Built and booted on Linux {} in QEMU",
            escape(&report.kernel_version)
        )
    };
    let mut h = if r.pass {
        format!(
            "<div class=\"sd-observed sd-pass\"><p>{what}: {observed}{detail}, as declared.</p>"
        )
    } else {
        format!(
            "<div class=\"sd-observed sd-fail\"><p>{what}: observed {observed}{detail}. {}</p>",
            escape(r.failure.as_deref().unwrap_or(""))
        )
    };
    if !r.excerpt.is_empty() {
        let _ = write!(
            h,
            "<pre class=\"sd-log\"><code class=\"nohighlight\">{}</code></pre>",
            escape(&r.excerpt.join("\n"))
        );
    }
    h.push_str("</div>");
    h
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
fn percent(text: &str) -> String {
    let mut q = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"_.~".contains(&b) {
            q.push(char::from(b));
        } else {
            let _ = write!(q, "%{b:02X}");
        }
    }
    q
}

/// Where a source of an entry can be read:
/// - `linux-X.Y path/file.rs:LINE (quoted text)`: each path links to the file at that kernel
///   version on Elixir, at the line when one is given; a single path without a line gets a text
///   fragment (`#:~:text=`) that takes the browser to the quoted text, where it supports that.
/// - `RFC 2024 (Benno Lossin), file.rst`: a search of the rust-for-linux list archive.
/// - `core::…`, `alloc::…`, `std::…`: the module page (and its section) or the docs' search.
/// - `The Rust Reference, Title`: the Reference's search.
///   Anything else is shown as written.
pub fn source_html(source: &str, from: &str) -> String {
    let link = |href: &str, text: &str| {
        format!("<a href=\"{}\">{}</a>", escape(href), inline_at(text, from))
    };
    if let Some(rest) = source.strip_prefix("linux-") {
        let (version, files) = rest.split_once(' ').unwrap_or((rest, ""));
        let (paths, note) = match files.find(" (") {
            Some(i) => (&files[..i], &files[i..]),
            None => (files, ""),
        };
        let quote = note
            .trim()
            .strip_prefix('(')
            .and_then(|n| n.strip_suffix(')'))
            .filter(|q| !q.contains("...") && !q.contains('…'));
        let list: Vec<&str> = paths.split(", ").map(str::trim).collect();
        // `path` or `path:line`.
        let split_line = |p: &str| -> (String, Option<u32>) {
            match p.rsplit_once(':') {
                Some((file, line)) => match line.parse() {
                    Ok(n) => (file.to_string(), Some(n)),
                    Err(_) => (p.to_string(), None),
                },
                None => (p.to_string(), None),
            }
        };
        let valid = |p: &&str| {
            let (file, _) = split_line(p);
            !file.is_empty()
                && file.contains('/')
                && file
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c))
        };
        if version.chars().all(|c| c.is_ascii_digit() || c == '.') && list.iter().all(valid) {
            let links: Vec<String> = list
                .iter()
                .map(|p| {
                    let (file, line) = split_line(p);
                    let mut href =
                        format!("https://elixir.bootlin.com/linux/v{version}/source/{file}");
                    match (line, list.len(), quote) {
                        (Some(n), _, _) => {
                            let _ = write!(href, "#L{n}");
                        }
                        (None, 1, Some(q)) => {
                            let _ = write!(href, "#:~:text={}", percent(q));
                        }
                        _ => {}
                    }
                    link(&href, p)
                })
                .collect();
            return format!(
                "Linux {} {}{}",
                escape(version),
                links.join(", "),
                inline_at(note, from)
            );
        }
    }
    if let Some(rest) = source.strip_prefix("RFC 2024 (Benno Lossin)") {
        let file = rest
            .trim_start_matches(", ")
            .split([' ', ','])
            .next()
            .unwrap_or("");
        let query = format!("Lossin safety standard {file}");
        return format!(
            "{}{}",
            link(
                &format!(
                    "https://lore.kernel.org/rust-for-linux/?q={}",
                    percent(query.trim())
                ),
                "RFC 2024 (Benno Lossin)"
            ),
            inline_at(rest, from)
        );
    }
    let path = source.split([' ', ',']).next().unwrap_or("");
    let std_crate = ["core::", "alloc::", "std::"]
        .iter()
        .any(|c| path.starts_with(c));
    if std_crate
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ':' || c == '_')
    {
        let rest = &source[path.len()..];
        let href = if rest.starts_with(" module documentation") {
            let mut h = format!(
                "https://doc.rust-lang.org/{}/index.html",
                path.replace("::", "/")
            );
            if let Some(section) = rest.strip_prefix(" module documentation, section ") {
                let _ = write!(h, "#{}", crate::links::heading_id(section));
            }
            h
        } else {
            let krate = path.split("::").next().unwrap_or("core");
            format!(
                "https://doc.rust-lang.org/{krate}/?search={}",
                percent(path)
            )
        };
        return format!(
            "{}{}",
            link(&href, &format!("`{path}`")),
            inline_at(rest, from)
        );
    }
    if let Some(title) = source.strip_prefix("The Rust Reference, ") {
        return format!(
            "{}, {}",
            link("https://doc.rust-lang.org/reference/", "The Rust Reference"),
            link(
                &format!(
                    "https://doc.rust-lang.org/reference/?search={}",
                    percent(title)
                ),
                title
            )
        );
    }
    inline_at(source, from)
}

/// A link to the expander page with `text` in its address.
pub fn expander_link(from: &str, text: &str) -> String {
    format!("{}expander.html?text={}", up(from), percent(text))
}

/// A comment for the expander link of an entry's page: one that uses the entry's phrase (a
/// justification after a requirement it can justify, anything else as a `# Safety` item), or
/// for a concept, one that uses the first phrase whose meaning refers to the concept.
pub fn expander_sample(dict: &Dictionary, e: &Entry) -> Option<String> {
    let comment = |e: &Entry| match e.kind {
        Kind::Justification => format!(
            "// SAFETY: `ptr` is valid for reads by {}.",
            e.phrase.trim_end_matches('.')
        ),
        _ => format!("# Safety\n\n- {}", e.phrase),
    };
    if e.kind != Kind::Concept {
        return Some(comment(e));
    }
    dict.used_in(&e.id)
        .into_iter()
        .find(|u| u.kind != Kind::Concept)
        .map(comment)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_lines_are_those_outside_the_common_subsequence() {
        let (g, b) = changed_lines("a\nb\nc\nd\n", "a\nx\nc\nd  \ny\n");
        assert_eq!(g, vec![false, true, false, false]);
        assert_eq!(b, vec![false, true, false, false, true]);
    }

    #[test]
    fn mark_lines_closes_and_reopens_spans_across_lines() {
        let code = "<pre class=\"sd-code\"><code class=\"nohighlight\"><span class=\"a\"><span class=\"b\">x\ny</span>\nz\n</span></code></pre>";
        let out = mark_lines(code, &[false, true, false], SideName::Good);
        assert_eq!(
            out,
            "<pre class=\"sd-code\"><code class=\"nohighlight\"><span class=\"sd-line\"><span class=\"a\"><span class=\"b\">x</span></span></span><span class=\"sd-line sd-add\"><span class=\"a\"><span class=\"b\">y</span></span></span><span class=\"sd-line\"><span class=\"a\">z</span></span></code></pre>"
        );
    }

    #[test]
    fn the_expander_link_of_every_entry_expands_to_that_entry() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dict = crate::run::load_dictionary(&root).expect("the repository's dictionary loads");
        let mut wrong = Vec::new();
        fn names(n: &Node, id: &str) -> bool {
            n.entry.as_deref() == Some(id) || n.children.iter().any(|c| names(c, id))
        }
        for e in dict.entries() {
            let Some(sample) = expander_sample(&dict, e) else {
                assert_eq!(e.kind, Kind::Concept, "{}", e.id);
                continue;
            };
            let exp = dict.expand(&sample);
            let found = exp.items.iter().any(|i| {
                i.parts().any(|s| match s {
                    safety_dict::expand::Statement::Recognised {
                        entry, expansion, ..
                    } => entry == &e.id || names(expansion, &e.id),
                    _ => false,
                })
            });
            if !found {
                wrong.push(format!("{}: {sample:?}", e.id));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
        let link = expander_link("dictionary/x.md", "`a` is b & c");
        assert_eq!(link, "../expander.html?text=%60a%60%20is%20b%20%26%20c");
    }

    #[test]
    fn sources_become_links() {
        let k = source_html(
            "linux-6.12 rust/kernel/workqueue.rs (The provided pointer must not be dangling)",
            "dictionary/x.md",
        );
        assert!(
            k.contains("href=\"https://elixir.bootlin.com/linux/v6.12/source/rust/kernel/workqueue.rs#:~:text=The%20provided%20pointer%20must%20not%20be%20dangling\""),
            "{k}"
        );
        let lined = source_html(
            "linux-6.12 rust/kernel/sync/arc.rs:253 (`ptr` must have been returned by a previous call)",
            "dictionary/x.md",
        );
        assert!(
            lined.contains("href=\"https://elixir.bootlin.com/linux/v6.12/source/rust/kernel/sync/arc.rs#L253\""),
            "{lined}"
        );
        let two = source_html(
            "linux-6.12 rust/kernel/uaccess.rs, rust/kernel/page.rs",
            "a.md",
        );
        assert_eq!(
            two.matches("<a href=\"https://elixir.bootlin.com/linux/v6.12/source/rust/kernel/")
                .count(),
            2,
            "{two}"
        );
        assert!(!two.contains(":~:text"), "{two}");
        let m = source_html(
            "core::ptr module documentation, section Pointer to reference conversion",
            "a.md",
        );
        assert!(m.contains("href=\"https://doc.rust-lang.org/core/ptr/index.html#pointer-to-reference-conversion\""), "{m}");
        let t = source_html("core::mem::MaybeUninit documentation", "a.md");
        assert!(
            t.contains(
                "href=\"https://doc.rust-lang.org/core/?search=core%3A%3Amem%3A%3AMaybeUninit\""
            ),
            "{t}"
        );
        let r = source_html(
            "RFC 2024 (Benno Lossin), requirements.rst (the up-to form)",
            "a.md",
        );
        assert!(r.contains("href=\"https://lore.kernel.org/rust-for-linux/?q=Lossin%20safety%20standard%20requirements.rst\""), "{r}");
        let other = source_html("Kangrejos 2024 report <b>", "a.md");
        assert!(
            !other.contains("<a ") && other.contains("&lt;b&gt;"),
            "{other}"
        );
    }
}
