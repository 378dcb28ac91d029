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

    fn tree(&self, from: &str, n: &Node, depth: usize, out: &mut String) {
        if n.children.is_empty() {
            let _ = write!(out, "<li>{}</li>", self.node_label(from, n));
            return;
        }
        let open = if depth < 1 { " open" } else { "" };
        let _ = write!(
            out,
            "<li><details{open}><summary>{}</summary><ul>",
            self.node_label(from, n)
        );
        for c in &n.children {
            self.tree(from, c, depth + 1, out);
        }
        out.push_str("</ul></details></li>");
    }

    /// Nested `<details>`: works without JavaScript.
    pub fn expansion_html(&self, from: &str, n: &Node) -> String {
        let mut out = String::from("<ul class=\"sd-tree\">");
        for c in &n.children {
            self.tree(from, c, 0, &mut out);
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
            "<h1 class=\"sd-title\" id=\"entry\">{}</h1>\n<div class=\"sd-meta\"><span class=\"sd-kind sd-kind-{}\">{}</span> <code class=\"sd-id\">{}</code> <button class=\"sd-copy\" type=\"button\" data-url=\"{}\" title=\"Copy the stable URL of this entry\">Copy link</button> <a class=\"sd-permalink\" href=\"{}\">{}</a></div>\n",
            inline_at(&e.phrase, &from),
            e.kind.dir(),
            e.kind.dir(),
            escape(&e.id),
            escape(&url),
            escape(&url),
            escape(&url),
        );
        let _ = writeln!(
            md,
            "<p class=\"sd-summary\">{}</p>\n",
            inline_at(&e.summary, &from)
        );
        if let Some(o) = e.origin {
            let _ = writeln!(
                md,
                "<p class=\"sd-origin\"><strong>From:</strong> {}</p>\n",
                o.label()
            );
        }
        if let Some(d) = &e.rfc_difference {
            let _ = writeln!(
                md,
                "<div class=\"sd-rfc-difference\"><p><strong>Differs from the RFC:</strong></p>{}</div>\n",
                block_at(d, &from)
            );
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
            let node = self.dict.expand_entry(e, &e.identity_bindings(), 0);
            let _ = writeln!(
                md,
                "## Full expansion\n\n<div class=\"sd-expansion\">{}</div>\n",
                self.expansion_html(&from, &node)
            );
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
                    "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
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
                    "<li><a href=\"{}examples/{}.html\">{}</a> — {}</li>",
                    up(&from),
                    escape(&x.id),
                    escape(&x.title),
                    inline_at(&x.summary, &from)
                );
            }
            md.push_str("</ul>\n\n");
        }
        if !e.sources.is_empty() {
            md.push_str("## Sources\n\n<ul class=\"sd-sources\">");
            for s in &e.sources {
                let _ = write!(md, "<li>{}</li>", inline_at(s, &from));
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
        let mut md = String::from("\n\n## All entries\n\n");
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

    fn proof(&self, x: &Example, side: SideName) -> String {
        let Some(report) = self.report else {
            return "<p class=\"sd-proof sd-unverified\">Not verified in this build: no QEMU report was available when this site was built, so nothing here claims that this side was run.</p>".to_string();
        };
        let Some(r) = report.side(&x.id, side) else {
            return format!(
                "<p class=\"sd-proof sd-unverified\">Not verified: the QEMU report of Linux {} has no result for this side.</p>",
                escape(&report.kernel_version)
            );
        };
        proof_html(report, r)
    }

    fn side_html(&self, x: &Example, which: SideName) -> String {
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
        h.push_str(&self.proof(x, which));
        let code = match self.highlighter {
            Some(hl) => hl.rust(&side.source),
            None => format!(
                "<pre><code class=\"language-rust\">{}</code></pre>",
                escape(&side.source)
            ),
        };
        let _ = write!(h, "<details class=\"sd-source\" open><summary><code>{}</code></summary>{}</details></div>", escape(&side.file.display().to_string()), crate::html::no_blank_lines(&code));
        h
    }

    /// Both sides of an example, side by side.
    pub fn pair(&self, x: &Example) -> String {
        format!(
            "<div class=\"sd-pair\" data-example=\"{}\">{}{}</div>",
            escape(&x.id),
            self.side_html(x, SideName::Good),
            self.side_html(x, SideName::Bad)
        )
    }

    pub fn example_page(&self, x: &Example) -> String {
        let from = example_md_path(&x.id);
        let mut md = format!(
            "<h1 class=\"sd-title\" id=\"example\">{}</h1>\n<p class=\"sd-summary\">{}</p>\n\n",
            escape(&x.title),
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

fn proof_html(report: &Report, r: &SideResult) -> String {
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
            "<div class=\"sd-proof sd-pass\"><p><span class=\"sd-verdict\">✔ Verified.</span> {what}: {observed}{detail}, as declared.</p>"
        )
    } else {
        format!(
            "<div class=\"sd-proof sd-fail\"><p><span class=\"sd-verdict\">✘ Not as declared.</span> {what}: observed {observed}{detail}. {}</p>",
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
    let _ = write!(
        h,
        "<p class=\"sd-proof-meta\">Report of {} · config {}</p></div>",
        escape(&report.finished_at),
        escape(&report.config_hash.chars().take(12).collect::<String>())
    );
    h
}
