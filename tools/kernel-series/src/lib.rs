//! The Rust Safety Standard as a Linux kernel patch series, made from the project's single
//! source (the book's chapters, `dictionary/` and `examples/`) and checked with the kernel's
//! own tools.
//!
//! - [`rest`]: the book's Markdown to reStructuredText;
//! - [`docs`]: `Documentation/rust/safety-standard/` (chapters, dictionary page, examples);
//! - [`samples`]: `samples/rust/safety_standard/` (modules, Kconfig, Makefile);
//! - [`tree`]: the changes of a patch and their diffs against the base tree ([`base`]);
//! - [`mail`]: the patches and the cover letter in `git format-patch` form;
//! - [`verify`]: apply, checkpatch, htmldocs, Kbuild and QEMU on an unpacked 6.12 tree.

pub mod base;
mod blob;
pub mod docs;
pub mod error;
pub mod mail;
pub mod rest;
mod run;
pub mod samples;
pub mod tree;
pub mod verify;

use std::path::{Path, PathBuf};

use safety_dict::Dictionary;

pub use error::{Result, SeriesError};
use mail::{Identity, Patch};
use tree::{Change, Tree};

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// The repository root.
    pub root: PathBuf,
    /// Author and sign-off; git's `user.name` and `user.email` when `None`.
    pub signoff: Option<String>,
    /// The kernel source tarball the series applies to.
    pub tarball: PathBuf,
}

impl Options {
    pub fn new(root: &Path) -> Options {
        Options {
            root: root.to_path_buf(),
            signoff: None,
            tarball: PathBuf::from(base::TARBALL),
        }
    }
}

/// A generated series.
#[derive(Debug, Clone)]
pub struct Series {
    /// `(file name, text)`, the cover letter first.
    pub files: Vec<(String, String)>,
    pub patches: Vec<Patch>,
}

impl Series {
    /// Writes the files into `dir`, removing older `*.patch` files there first.
    pub fn write(&self, dir: &Path) -> Result<Vec<PathBuf>> {
        std::fs::create_dir_all(dir).map_err(|e| SeriesError::io("create", dir, e))?;
        let old = std::fs::read_dir(dir).map_err(|e| SeriesError::io("read", dir, e))?;
        for entry in old.flatten() {
            let p = entry.path();
            if p.extension().is_some_and(|x| x == "patch") {
                std::fs::remove_file(&p).map_err(|e| SeriesError::io("remove", &p, e))?;
            }
        }
        let mut written = Vec::new();
        for (name, text) in &self.files {
            let p = dir.join(name);
            std::fs::write(&p, text).map_err(|e| SeriesError::io("write", &p, e))?;
            written.push(p);
        }
        Ok(written)
    }
}

/// `Name <email>` from `--signoff` or git's configuration.
pub fn identity(root: &Path, signoff: Option<&str>) -> Result<Identity> {
    if let Some(s) = signoff {
        return Identity::parse(s).ok_or(SeriesError::NoIdentity);
    }
    let git = |key: &str| {
        std::process::Command::new("git")
            .args(["config", key])
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|s| !s.is_empty())
    };
    match (git("user.name"), git("user.email")) {
        (Some(name), Some(email)) => Ok(Identity { name, email }),
        _ => Err(SeriesError::NoIdentity),
    }
}

/// The date of the series: the last commit's, so that the same commit gives the same series.
fn series_date(root: &Path) -> String {
    let secs = std::process::Command::new("git")
        .args(["log", "-1", "--format=%ct"])
        .current_dir(root)
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse::<u64>()
                .ok()
        })
        .unwrap_or(0);
    mail::date(secs)
}

fn maintainers_entry(who: &Identity, site: &str) -> Change {
    Change::Insert {
        path: "MAINTAINERS".into(),
        anchor: "RUST [ALLOC]".into(),
        before: true,
        lines: format!(
            "RUST SAFETY STANDARD\nM:\t{who}\nL:\trust-for-linux@vger.kernel.org\nS:\tMaintained\nW:\t{site}\nF:\t{}/\n\n",
            docs::DIR
        ),
    }
}

const DOC_BODY: &str = "Unsafe Rust in the kernel must come with safety documentation: a `# Safety` section on every unsafe function and a `// SAFETY:` comment on every unsafe block. Today every author words these in their own way, so readers and reviewers have to guess what a comment promises and whether it covers what the code needs.

Add the Rust Safety Standard, which fixes that vocabulary. Its chapters explain soundness and the API boundary, where unsafe code appears, the general rules, and the four kinds of safety documentation: safety requirements, justifications, guarantees and type invariants. A dictionary page defines every standard phrase with its exact meaning (often in terms of other phrases) and its variables, and links each one to a stable URL where the same definition is published with a search and an expander.

The pages are generated from the project that maintains the standard, so that the published dictionary and this copy cannot drift apart.";

const SAMPLES_BODY: &str = "The examples chapter of the Rust Safety Standard shows each rule as a pair of modules: a good side written as the standard teaches, and a bad side that differs in one way that matters.

Add them as samples. Every side is a module of its own with one Kconfig symbol. The good sides load, print their messages and leave a clean log. The bad sides crash the kernel on purpose (a KASAN report, an oops or a Rust panic, as each example says), so they sit in a submenu that needs KASAN and says so in its help text; a bad side that exists to show a compile error depends on BROKEN.

The project that generates this series builds every side with this tree's Kbuild, boots it in QEMU and checks that it behaves as its example declares.";

const COVER_SUBJECT: &str = "Add the Rust Safety Standard and its examples";

fn cover_body(dict: &Dictionary) -> String {
    format!(
        "This series adds the Rust Safety Standard: a common vocabulary for the safety documentation of unsafe Rust code in the kernel (`# Safety` sections, `// SAFETY:` comments, guarantees and type invariants), with a dictionary of {} standard phrases, and {} example pairs as sample modules.

It builds on the 2024 RFC that proposed such a standard. The chapters and the dictionary are generated from one source, which is also published at {} with a search and an expander for safety comments.

Patch 1 adds the documentation, patch 2 the samples. The series applies to 6.12. The project's tests check it with the kernel's own tools before it is sent: checkpatch.pl --strict on each patch, `make SPHINXDIRS=rust htmldocs` with no warning from the new pages, and every sample built with Kbuild and booted in QEMU with the outcome its example declares.",
        dict.entries().len(),
        dict.examples().len(),
        dict.site_url()
    )
}

/// Generates the series.
pub fn generate(opts: &Options) -> Result<Series> {
    let dict = Dictionary::load(&opts.root).map_err(|e| SeriesError::Dictionary(e.to_string()))?;
    let who = identity(&opts.root, opts.signoff.as_deref())?;
    let date = series_date(&opts.root);
    let mut tree = Tree::new(base::edited_files(&opts.tarball)?);

    let mut doc_changes = vec![maintainers_entry(&who, dict.site_url())];
    doc_changes.extend(docs::changes(&opts.root, &dict)?);
    let mut sample_changes = vec![Change::Insert {
        path: "MAINTAINERS".into(),
        anchor: format!("F:\t{}/", docs::DIR),
        before: false,
        lines: format!("F:\t{}/\n", samples::DIR),
    }];
    sample_changes.extend(samples::changes(dict.examples())?);

    let plan = [
        (
            "doc: rust: add the Rust Safety Standard".to_string(),
            DOC_BODY.to_string(),
            doc_changes,
        ),
        (
            "samples: rust: add the examples of the Rust Safety Standard".to_string(),
            SAMPLES_BODY.to_string(),
            sample_changes,
        ),
    ];
    let mut patches = Vec::new();
    for (subject, body, changes) in plan {
        let mut diffs = Vec::new();
        for c in &changes {
            diffs.push(tree.apply(c)?);
        }
        patches.push(Patch {
            subject,
            body,
            diffs,
        });
    }
    let m = patches.len();
    let mut files = vec![(
        "0000-cover-letter.patch".to_string(),
        mail::cover_letter(COVER_SUBJECT, &cover_body(&dict), &patches, &who, &date),
    )];
    for (i, p) in patches.iter().enumerate() {
        files.push((
            mail::file_name(i + 1, &p.subject),
            mail::patch_mail(p, i + 1, m, &who, &date),
        ));
    }
    Ok(Series { files, patches })
}
