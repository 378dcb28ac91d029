//! Fuzzes the parser-facing code: any bytes, as a Rust file, through parsing, comment
//! placement, Markdown sections, every check (with the fixture dictionary, so the matcher is
//! exercised too) and every renderer. Nothing may panic, and every finding must point inside
//! the text.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use safety_dict_lint::render::{render, Format};
use safety_dict_lint::{lint_text, EmptyVocabulary, LintOptions, Vocabulary};

fn dictionary() -> Option<&'static safety_dict::Dictionary> {
    static DICT: OnceLock<Option<safety_dict::Dictionary>> = OnceLock::new();
    DICT.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ui-dictionary");
        safety_dict::Dictionary::load(&root).ok()
    })
    .as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let empty = EmptyVocabulary::default();
    let vocab: &(dyn Vocabulary + Sync) = match dictionary() {
        Some(d) => d,
        None => &empty,
    };
    let report = lint_text("fuzz.rs", text, vocab, &LintOptions::default());
    for f in &report.findings {
        assert!(f.span.start <= f.span.end && f.span.end <= text.len());
        assert!(text.is_char_boundary(f.span.start) || f.span.start == text.len());
        assert!(f.line >= 1 && f.column >= 1);
    }
    for format in [Format::Human, Format::Json, Format::Sarif, Format::Summary] {
        let _ = render(&report, format, false);
    }
});
