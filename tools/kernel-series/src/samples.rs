//! `samples/rust/safety_standard/`: each example side as an in-tree sample module, with its
//! Kconfig symbol and Makefile line.

use safety_dict::model::Outcome;
use safety_dict::report::SideName;
use safety_dict::Example;

use crate::error::{Result, SeriesError};
use crate::tree::Change;

/// The samples' directory in the kernel tree.
pub const DIR: &str = "samples/rust/safety_standard";
/// The menu that holds every sample of the standard.
pub const MENU: &str = "SAMPLES_RUST_SAFETY_STANDARD";
/// The submenu of the sides that crash the kernel (or do not compile) on purpose.
pub const BAD_MENU: &str = "SAMPLES_RUST_SAFETY_STANDARD_BAD";

/// The module name of one side: unique in the kernel, and the name of its source file.
pub fn object(example_id: &str, side: SideName) -> String {
    format!("safety_{}_{}", example_id.replace('-', "_"), side.as_str())
}

/// The Kconfig symbol of one side (without `CONFIG_`).
pub fn symbol(example_id: &str, side: SideName) -> String {
    format!(
        "SAMPLE_RUST_SAFETY_{}_{}",
        example_id.replace('-', "_").to_ascii_uppercase(),
        side.as_str().to_ascii_uppercase()
    )
}

fn side_of(x: &Example, side: SideName) -> &safety_dict::dictionary::Side {
    match side {
        SideName::Good => &x.good,
        SideName::Bad => &x.bad,
    }
}

/// The side's source with its `module!` name set to the in-tree module name (the kernel names
/// a module after its object file, and two sides of one example must not share a name).
pub fn source(x: &Example, side: SideName) -> Result<String> {
    let text = &side_of(x, side).source;
    let decl = format!("name: \"{}\"", x.id.replace('-', "_"));
    if !text.contains(&decl) {
        return Err(SeriesError::Check(format!(
            "examples/{}/{}.rs: `module!` does not declare `{decl}`",
            x.id,
            side.as_str()
        )));
    }
    Ok(text.replacen(&decl, &format!("name: \"{}\"", object(&x.id, side)), 1))
}

/// A Kconfig help text: the lines indented by a tab and two spaces, blank lines kept empty.
fn help(paragraphs: &[String]) -> String {
    let mut s = String::from("\thelp\n");
    for (i, p) in paragraphs.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        for line in crate::rest::fill(p, 62).lines() {
            // `fill` escapes reST list starts; Kconfig text needs no escaping.
            let line = line.strip_prefix('\\').unwrap_or(line);
            s.push_str("\t  ");
            s.push_str(line);
            s.push('\n');
        }
    }
    s
}

/// Markdown to the plain text a Kconfig help shows: backticks and emphasis dropped.
fn plain(md: &str) -> String {
    md.replace(['`', '*'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a bad side fails, in words.
pub fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Runs => "loads and runs cleanly",
        Outcome::Oops => "oopses the kernel",
        Outcome::Kasan => "triggers a KASAN report",
        Outcome::Ubsan => "triggers a UBSAN report",
        Outcome::Warning => "triggers a kernel warning",
        Outcome::Panic => "panics (a Rust panic)",
        Outcome::BuildFails => "does not compile",
    }
}

fn entry(x: &Example, side: SideName) -> String {
    let s = &side_of(x, side).spec;
    let title = x.title.replace('"', "'");
    let mut text = format!(
        "config {}\n\ttristate \"{} ({})\"\n",
        symbol(&x.id, side),
        plain(&title),
        side.as_str()
    );
    let mut paras = vec![plain(&x.summary)];
    match side {
        SideName::Good => paras.push(
            "This is the side that follows the Rust Safety Standard: it loads, prints its \
             messages and leaves the kernel log clean."
                .to_string(),
        ),
        SideName::Bad if s.expect == Outcome::BuildFails => {
            text.push_str("\tdepends on BROKEN\n");
            paras.push(
                "This is the side that breaks the standard, and it does not compile, on \
                 purpose: the compiler rejects it. It can never be enabled; read the source \
                 to see the error it teaches."
                    .to_string(),
            );
        }
        SideName::Bad => paras.push(format!(
            "This is the side that breaks the standard. It crashes the kernel on purpose: \
             loading it {}. Never load it on a machine you care about.",
            outcome_words(s.expect)
        )),
    }
    if s.expect != Outcome::BuildFails {
        paras.push(format!(
            "To compile this as a module, choose M here: the module will be called {}.",
            object(&x.id, side)
        ));
    }
    paras.push("If unsure, say N.".to_string());
    text.push_str(&help(&paras));
    text
}

/// `samples/rust/safety_standard/Kconfig`.
pub fn kconfig(examples: &[Example]) -> String {
    let mut s = String::from("# SPDX-License-Identifier: GPL-2.0\n\n");
    s.push_str(&format!(
        "menuconfig {MENU}\n\tbool \"Examples of the Rust Safety Standard\"\n"
    ));
    s.push_str(&help(&[
        "Small modules that show the safety documentation of the Rust Safety Standard \
         (Documentation/rust/safety-standard/) in use. Each example comes as a pair: a good \
         side that follows the standard and loads cleanly, and a bad side that differs from \
         it in one way that matters."
            .to_string(),
        "If unsure, say N.".to_string(),
    ]));
    s.push_str(&format!("\nif {MENU}\n\n"));
    for x in examples {
        s.push_str(&entry(x, SideName::Good));
        s.push('\n');
    }
    s.push_str(&format!(
        "menuconfig {BAD_MENU}\n\tbool \"Examples that crash the kernel on purpose\"\n\tdepends on KASAN\n"
    ));
    s.push_str(&help(&[
        "The bad side of each example: code that breaks the standard. Loading one of these \
         modules crashes the kernel on purpose (a KASAN report, an oops, a panic), which is \
         the point of the example. They need KASAN to show the memory errors they make."
            .to_string(),
        "Never load them on a machine you care about. If unsure, say N.".to_string(),
    ]));
    s.push_str(&format!("\nif {BAD_MENU}\n\n"));
    for x in examples {
        s.push_str(&entry(x, SideName::Bad));
        s.push('\n');
    }
    s.push_str(&format!("endif # {BAD_MENU}\n\nendif # {MENU}\n"));
    s
}

/// `samples/rust/safety_standard/Makefile`.
pub fn makefile(examples: &[Example]) -> String {
    let mut s = String::from("# SPDX-License-Identifier: GPL-2.0\n\n");
    let mut flags = String::new();
    for x in examples {
        for side in [SideName::Good, SideName::Bad] {
            let obj = object(&x.id, side);
            s.push_str(&format!(
                "obj-$(CONFIG_{})\t+= {obj}.o\n",
                symbol(&x.id, side)
            ));
            let rf = &side_of(x, side).spec.rustflags;
            if !rf.is_empty() {
                flags.push_str(&format!("RUSTFLAGS_{obj}.o\t+= {}\n", rf.join(" ")));
            }
        }
    }
    if !flags.is_empty() {
        s.push('\n');
        s.push_str(&flags);
    }
    s
}

/// Every change of the samples patch except MAINTAINERS.
pub fn changes(examples: &[Example]) -> Result<Vec<Change>> {
    let mut out = vec![
        Change::Insert {
            path: "samples/rust/Kconfig".into(),
            anchor: "endif # SAMPLES_RUST".into(),
            before: true,
            lines: format!("source \"{DIR}/Kconfig\"\n\n"),
        },
        Change::Insert {
            path: "samples/rust/Makefile".into(),
            anchor: "obj-$(CONFIG_SAMPLE_RUST_PRINT)\t\t\t+= rust_print.o".into(),
            before: false,
            lines: format!("obj-$(CONFIG_{MENU})\t+= safety_standard/\n"),
        },
        Change::Create {
            path: format!("{DIR}/Kconfig"),
            content: kconfig(examples),
        },
        Change::Create {
            path: format!("{DIR}/Makefile"),
            content: makefile(examples),
        },
    ];
    for x in examples {
        for side in [SideName::Good, SideName::Bad] {
            out.push(Change::Create {
                path: format!("{DIR}/{}.rs", object(&x.id, side)),
                content: source(x, side)?,
            });
        }
    }
    Ok(out)
}
