//! A per-thread memo of the dictionary's readings: the same sentence (a callee's `# Safety`
//! item compared at every call, a repeated comment) is analysed once. It also keeps absurd
//! items away from the matcher, whose work grows with every ` by ` and ` and ` of an item: no
//! dictionary phrase comes near these limits, so such an item is unrecognised anyway.

use std::cell::RefCell;
use std::collections::HashMap;

use safety_dict::expand::Node;

use crate::vocabulary::{unrecognised_item, Declared, Item, Lead, Position, Statement, Vocabulary};

/// Items longer than this (in bytes) are not sent to the matcher.
pub const MAX_ITEM_LEN: usize = 600;
/// Nor items with more separators than these.
pub const MAX_BY: usize = 4;
pub const MAX_AND: usize = 10;

fn too_big(item: &str) -> bool {
    item.len() > MAX_ITEM_LEN
        || item.matches(" by ").count() > MAX_BY
        || item.matches(" and ").count() > MAX_AND
}

/// A position as part of a memo key (the core's `Position` is not `Hash`).
fn position_key(p: Position) -> u8 {
    match p {
        Position::Requirement => 0,
        Position::Guarantee => 1,
        Position::Invariant => 2,
        Position::SafetyComment => 3,
    }
}

/// The item without its expansion trees, which no check reads: they are most of an item's
/// memory, and a run keeps every distinct item of a thread's files (a 150,000-item list held a
/// gigabyte) and copies an item at each hit.
fn without_expansions(mut item: Item) -> Item {
    for s in item
        .statements
        .iter_mut()
        .chain(item.justifications.iter_mut())
        .chain(item.conditions.iter_mut())
    {
        if let Statement::Recognised { expansion, .. } = s {
            **expansion = Node {
                entry: None,
                kind: None,
                url: None,
                text: String::new(),
                children: Vec::new(),
            };
        }
    }
    item
}

pub struct CachedVocabulary<'a> {
    inner: &'a dyn Vocabulary,
    memo: RefCell<HashMap<MemoKey, Item>>,
    /// Whether nearest entries are wanted at all in this run.
    nearest: bool,
}

impl<'a> CachedVocabulary<'a> {
    pub fn new(inner: &'a dyn Vocabulary, nearest: bool) -> Self {
        CachedVocabulary {
            inner,
            memo: RefCell::new(HashMap::new()),
            nearest,
        }
    }
}

/// An item, its position (`position_key`) and its lead (`lead_key`).
type MemoKey = (String, u8, Option<String>);

/// A lead as part of a memo key: none, an introduction (the empty string, which no lead
/// sentence is), or the sentence an item stands under.
fn lead_key(lead: Lead<'_>) -> Option<String> {
    match lead {
        Lead::None => None,
        Lead::Introduces => Some(String::new()),
        Lead::Under { lead, earlier } => Some(format!("{lead}\n{}", earlier.unwrap_or_default())),
    }
}

impl Vocabulary for CachedVocabulary<'_> {
    fn analyse_item(&self, item: &str, position: Position) -> Item {
        self.analyse_led(item, Lead::None, position)
    }

    fn analyse_led(&self, item: &str, lead: Lead<'_>, position: Position) -> Item {
        let key = (item.to_string(), position_key(position), lead_key(lead));
        if let Some(a) = self.memo.borrow().get(&key) {
            return a.clone();
        }
        let a = if too_big(item) {
            unrecognised_item(item, position)
        } else if self.nearest {
            without_expansions(self.inner.analyse_led(item, lead, position))
        } else {
            without_expansions(self.inner.analyse_led_without_nearest(item, lead, position))
        };
        self.memo.borrow_mut().insert(key, a.clone());
        a
    }

    fn entry_url(&self, id: &str) -> String {
        self.inner.entry_url(id)
    }

    fn site_url(&self) -> String {
        self.inner.site_url()
    }

    fn is_api_specific(&self, text: &str) -> bool {
        self.inner.is_api_specific(text)
    }

    fn type_in_value_slot(&self, s: &Statement, types: &[String]) -> Option<(String, String)> {
        self.inner.type_in_value_slot(s, types)
    }

    fn names_self_out_of_scope(&self, s: &Statement, types: &[String]) -> bool {
        self.inner.names_self_out_of_scope(s, types)
    }

    fn against_declared(&self, s: &Statement, declared: &[(String, String)]) -> Declared {
        self.inner.against_declared(s, declared)
    }

    fn locate_part(&self, item: &str, part: &str) -> Option<std::ops::Range<usize>> {
        self.inner.locate_part(item, part)
    }
}
