//! The [`Vocabulary`] of the real dictionary: `safety_dict::Dictionary::analyse_item`, the
//! same reading of an item that `safety-dict expand` prints.

use safety_dict::expand::Statement as CoreStatement;
use safety_dict::Dictionary;

use crate::vocabulary::{Analysis, Discouraged, PhraseMatch, Recognised, Statement, Vocabulary};

fn statement(s: &CoreStatement) -> Statement {
    match s {
        CoreStatement::Recognised {
            text,
            entry,
            bindings,
            discouraged,
            ..
        } => Statement {
            text: text.clone(),
            result: PhraseMatch::Recognised(Recognised {
                id: entry.clone(),
                bindings: bindings
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
                discouraged: discouraged.as_ref().map(|d| Discouraged {
                    preferred: d.preferred.clone(),
                    reason: d.reason.clone(),
                }),
            }),
        },
        // The lint reports placeholders itself (SD0013), before reading an item.
        CoreStatement::Placeholder { text } => Statement {
            text: text.clone(),
            result: PhraseMatch::Unrecognised {
                nearest: Vec::new(),
            },
        },
        CoreStatement::Unrecognised { text, suggestions } => Statement {
            text: text.clone(),
            result: PhraseMatch::Unrecognised {
                nearest: suggestions.iter().map(|s| s.entry.clone()).collect(),
            },
        },
    }
}

fn analysis(a: &safety_dict::expand::Item) -> Analysis {
    Analysis {
        statements: a.statements.iter().map(statement).collect(),
        justifications: a.justifications.iter().map(statement).collect(),
    }
}

impl Vocabulary for Dictionary {
    fn analyse_item(&self, item: &str) -> Analysis {
        analysis(&Dictionary::analyse_item(self, item))
    }

    fn analyse_item_without_nearest(&self, item: &str) -> Analysis {
        analysis(&Dictionary::analyse_item_without_nearest(self, item))
    }

    fn entry_url(&self, id: &str) -> String {
        Dictionary::entry_url(self, id)
    }

    fn site_url(&self) -> String {
        Dictionary::site_url(self).to_string()
    }
}
