//! What several integration tests share: the real dictionary, loaded once per test binary.

use std::path::Path;
use std::sync::OnceLock;

use safety_dict::Dictionary;

/// The dictionary at the repository root. If it does not load, every test that asks for it
/// fails with its diagnostics.
pub fn real_dictionary() -> &'static Dictionary {
    static D: OnceLock<Result<Dictionary, String>> = OnceLock::new();
    let loaded = D.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        Dictionary::load(&root).map_err(|e| e.to_string())
    });
    match loaded {
        Ok(d) => d,
        Err(e) => panic!("the real dictionary does not load:\n{e}"),
    }
}
