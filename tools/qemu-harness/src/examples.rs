//! The example pairs under `examples/<id>/`: `example.toml`, `good.rs`, `bad.rs`.

use std::path::{Path, PathBuf};

use safety_dict::model::RawSide;
use safety_dict::report::SideName;

use crate::error::{HarnessError, Result};

#[derive(Debug)]
pub struct Example {
    pub id: String,
    pub dir: PathBuf,
    /// The example as the dictionary library loaded it.
    pub raw: safety_dict::Example,
}

impl Example {
    pub fn side(&self, side: SideName) -> &RawSide {
        match side {
            SideName::Good => &self.raw.good.spec,
            SideName::Bad => &self.raw.bad.spec,
        }
    }

    /// The text of a side's module, as the dictionary library read it.
    pub fn text(&self, side: SideName) -> &str {
        match side {
            SideName::Good => &self.raw.good.source,
            SideName::Bad => &self.raw.bad.source,
        }
    }

    /// The source file of a side; with `swapped` the other side's (the sabotage check).
    pub fn source(&self, side: SideName, swapped: bool) -> PathBuf {
        let good = matches!(side, SideName::Good) != swapped;
        self.dir.join(if good { "good.rs" } else { "bad.rs" })
    }

    /// The kernel module name both sources declare in `module!`: the id with `_` for `-`.
    pub fn module_name(&self) -> String {
        module_name(&self.id)
    }
}

/// The module name of an example (the rule is the dictionary library's, which checks it).
pub fn module_name(id: &str) -> String {
    safety_dict::example_rules::module_name(id)
}

/// Every example, as the dictionary library loads and validates them, sorted by id. The
/// library's `check` has already enforced the rules the harness relies on (a good side that
/// runs, a failing side that names its report and function, markers its source prints, plain
/// rustflags, the `module!` name): see `safety_dict::example_rules`.
pub fn load_all(root: &Path) -> Result<Vec<Example>> {
    let dict = safety_dict::Dictionary::load(root).map_err(|e| HarnessError::Example {
        example: "(dictionary and examples)".to_string(),
        message: e.to_string(),
    })?;
    Ok(from_dictionary(&dict, root))
}

/// The examples of a dictionary already loaded from `root` (in id order, as loaded).
pub fn from_dictionary(dict: &safety_dict::Dictionary, root: &Path) -> Vec<Example> {
    dict.examples()
        .iter()
        .map(|x| Example {
            id: x.id.clone(),
            dir: root.join(&x.dir),
            raw: x.clone(),
        })
        .collect()
}
