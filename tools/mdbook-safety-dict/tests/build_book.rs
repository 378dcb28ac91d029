//! Builds the real book (and broken variants of it) with the real `mdbook` and this
//! preprocessor, and checks the generated HTML.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use safety_dict::Dictionary;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("repository root above tools/mdbook-safety-dict")
        .to_path_buf()
}

/// A copy of the book's inputs in a temporary directory, wired to this build's preprocessor.
struct Book {
    dir: tempfile::TempDir,
}

impl Book {
    fn new() -> Book {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = repo();
        copy_dir(&root.join("book"), &dir.path().join("book"));
        copy_dir(&root.join("dictionary"), &dir.path().join("dictionary"));
        copy_dir(&root.join("examples"), &dir.path().join("examples"));
        copy_dir(&root.join("theme"), &dir.path().join("theme"));
        std::fs::copy(
            root.join("stable-urls.txt"),
            dir.path().join("stable-urls.txt"),
        )
        .expect("copy registry");
        let toml = std::fs::read_to_string(root.join("book.toml")).expect("book.toml");
        let toml = toml.replace(
            "command = \"sh tools/mdbook-safety-dict/run.sh\"",
            &format!("command = \"{}\"", env!("CARGO_BIN_EXE_mdbook-safety-dict")),
        );
        // The link checker is exercised by the site step; here only the html output matters.
        let toml = match toml.split_once("[output.linkcheck2]") {
            Some((before, after)) => {
                let rest = after.find("\n[").map_or("", |i| &after[i..]);
                format!("{before}{rest}")
            }
            None => toml,
        };
        std::fs::write(dir.path().join("book.toml"), toml).expect("write book.toml");
        Book { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn build(&self) -> Output {
        let out = Command::new("mdbook")
            .arg("build")
            .current_dir(self.path())
            // No report: these builds must say the examples were not verified.
            .env("SAFETY_DICT_REPORT", self.path().join("no-report.json"))
            .output();
        match out {
            Ok(o) => o,
            Err(e) => {
                panic!("cannot run `mdbook` (install mdBook 0.5.4; `cargo xtask test` does): {e}")
            }
        }
    }

    /// Appends `text` to the book's file `rel`; returns the file's line count before.
    fn append(&self, rel: &str, text: &str) -> usize {
        let path = self.path().join(rel);
        let mut whole =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let lines = whole.lines().count();
        whole.push_str(text);
        std::fs::write(&path, whole).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        lines
    }

    /// Builds, expecting a failure whose messages include `message`.
    fn build_fails_with(&self, message: &str) {
        let out = self.build();
        let err = stderr(&out);
        assert!(!out.status.success(), "the build passed; wanted: {message}");
        assert!(err.contains(message), "wanted {message:?} in:\n{err}");
    }

    fn page(&self, rel: &str) -> String {
        // With a single backend mdBook writes straight into the build directory.
        let p = self.path().join("target/book").join(rel);
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir") {
        let e = e.expect("entry");
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy");
        }
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn real_book_has_a_page_per_entry_with_expansion_backlinks_and_examples() {
    let book = Book::new();
    let out = book.build();
    assert!(
        out.status.success(),
        "mdbook build failed:\n{}",
        stderr(&out)
    );

    let dict = Dictionary::load(&repo()).expect("real dictionary loads");
    for e in dict.entries() {
        let page = book.page(&format!("dictionary/{}.html", e.id));
        assert!(
            page.contains("class=\"sd-link-slot\""),
            "{} has no copy-link button",
            e.id
        );
        assert!(
            page.contains(&format!("data-url=\"{}\"", dict.entry_url(&e.id))),
            "{} does not carry its stable URL",
            e.id
        );
        // An abbreviation's expansion nests the entries it is made of; a meaning without
        // references is shown once, with no "full expansion" repeating it.
        let refs = e
            .meaning
            .iter()
            .any(|c| matches!(c, safety_dict::Clause::Ref { .. }));
        assert_eq!(
            page.contains("class=\"sd-tree\""),
            refs,
            "{}: full expansion shown exactly when the meaning has references",
            e.id
        );
        // A reference to an entry that has a meaning of its own opens into it.
        let deep = e.meaning.iter().any(|c| match c {
            safety_dict::Clause::Ref { id, .. } => {
                dict.entry(id).is_some_and(|t| !t.meaning.is_empty())
            }
            _ => false,
        });
        if deep {
            assert!(
                page.replace('\n', "").contains("</span><ul><li>"),
                "{} has no nested expansion",
                e.id
            );
        }
    }

    let reads = book.page("dictionary/valid-for-reads.html");
    assert!(
        reads.contains("size_of::&lt;T&gt;()"),
        "expansion substitutes the size"
    );
    assert!(
        reads.contains("id=\"full-expansion\""),
        "heading anchors are generated"
    );

    // valid-for-reads-up-to is used in the meaning of valid-for-reads: a backlink says so.
    let up_to = book.page("dictionary/valid-for-reads-up-to.html");
    assert!(up_to.contains("the meaning of <a href=\"../dictionary/valid-for-reads.html\""));
    // ... and chapters that use the term are listed too.
    assert!(
        up_to.contains("chapter <a href="),
        "no chapter backlink on valid-for-reads-up-to"
    );

    for kind in [
        "requirement",
        "justification",
        "guarantee",
        "invariant",
        "concept",
    ] {
        book.page(&format!("dictionary/kinds/{kind}.html"));
    }
    assert!(book
        .page("dictionary/a-z.html")
        .contains("valid-for-reads.html"));

    // The standard's tables come from the TOML.
    let requirements = book.page("requirements.html");
    assert!(requirements.contains("id=\"table-valid-for-reads-up-to\""));

    for x in dict.examples() {
        let page = book.page(&format!("examples/{}.html", x.id));
        assert!(
            page.contains("sd-good") && page.contains("sd-bad"),
            "{} lacks a side",
            x.id
        );
        assert!(
            page.contains("class=\"nohighlight\""),
            "{} code is not syntect-highlighted",
            x.id
        );
        assert!(
            page.contains("Not verified in this build"),
            "{}: a build without a report must say the examples were not verified",
            x.id
        );
    }
}

#[test]
fn text_from_toml_renders_inert() {
    let book = Book::new();
    std::fs::write(
        book.path().join("dictionary/concept/escaping-fixture.toml"),
        "id = \"escaping-fixture\"\nphrase = \"<script>alert('phrase')</script> & co\"\nsummary = \"Tom & Jerry <b>bold</b>\"\nnotes = \"<script>alert('notes')</script> <img src=x onerror=alert(1)>\"\n",
    )
    .expect("write fixture");
    book.append("stable-urls.txt", "dictionary/escaping-fixture.html\n");
    let out = book.build();
    assert!(
        out.status.success(),
        "mdbook build failed:\n{}",
        stderr(&out)
    );
    let page = book.page("dictionary/escaping-fixture.html");
    assert!(
        !page.contains("<script>alert"),
        "a script from TOML was emitted"
    );
    assert!(
        !page.contains("<img src=x"),
        "an element from TOML was emitted"
    );
    assert!(!page.contains("<b>bold</b>"));
    assert!(page.contains("&lt;script&gt;alert("));
    assert!(page.contains("Tom &amp; Jerry"));
}

#[test]
fn unknown_term_fails_the_build_naming_file_and_line() {
    let book = Book::new();
    let line = book.append("book/faq.md", "\nSee {{#term no-such-entry}}.\n") + 2;
    book.build_fails_with(&format!(
        "book/faq.md:{line}:5: unknown dictionary entry `no-such-entry`"
    ));
}

#[test]
fn a_broken_anchor_fails_the_build() {
    let book = Book::new();
    book.append(
        "book/faq.md",
        "\n[broken](dictionary/valid-for-reads.md#no-such-anchor)\n",
    );
    book.build_fails_with("names anchor `#no-such-anchor`");
}

#[test]
fn a_published_path_cannot_vanish_without_a_redirect() {
    let book = Book::new();
    book.append("stable-urls.txt", "dictionary/retired-entry.html\n");
    book.build_fails_with("`dictionary/retired-entry.html` would disappear");

    let toml_path = book.path().join("book.toml");
    let toml = std::fs::read_to_string(&toml_path)
        .expect("book.toml")
        .replace(
            "[output.html.redirect]",
            "[output.html.redirect]\n\"/dictionary/retired-entry.html\" = \"valid-for-reads.html\"",
        );
    std::fs::write(&toml_path, toml).expect("book.toml");
    let out = book.build();
    assert!(
        out.status.success(),
        "a redirect should excuse the path:\n{}",
        stderr(&out)
    );
}
