//! The in-RAM index of the dictionary and the search over it.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use safety_dict::{Dictionary, Kind};
use serde::Serialize;
use tantivy::collector::{DocSetCollector, TopDocs};
use tantivy::{DocAddress, Index, IndexWriter, ReloadPolicy, Searcher, TantivyDocument};

use crate::query::Plan;
use crate::schema::Fields;
use crate::snippet::{Snippet, Snippets};
use crate::words::{normal_forms, query_words, tokens};
use crate::SearchError;

/// Memory for the single indexing thread (tantivy's minimum is 15 MB).
const WRITER_MEMORY: usize = 32 << 20;

/// Why a hit ranks where it does, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchKind {
    /// Only fuzzy (misspelt) words matched.
    Fuzzy,
    /// At least one word matched as written.
    Terms,
    /// The whole query (spelling corrected) is a phrase of the entry's phrasings or summary.
    Phrase,
    /// The query is one of the entry's phrasings, its id or a safety-tag name, up to case,
    /// punctuation, the names in code spans and spelling.
    Exact,
}

/// One search result.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    pub id: String,
    pub kind: Kind,
    pub phrase: String,
    /// The relevance score (BM25 with field weights); ranking is by `matched`, then `score`.
    pub score: f32,
    pub matched: MatchKind,
    pub url: String,
    pub snippet: Snippet,
}

/// What a hit shows of its entry.
struct Shown {
    id: String,
    kind: Kind,
    phrase: String,
    url: String,
    summary: String,
    meaning: String,
}

/// The dictionary, indexed in RAM.
pub struct SearchIndex {
    index: Index,
    /// The searcher of the one and only commit.
    searcher: Searcher,
    /// Entry number of each document: `ords[segment][doc]`.
    ords: Vec<Vec<usize>>,
    fields: Fields,
    entries: Vec<Shown>,
    /// Normal forms of phrasings, ids and tag names → entries.
    exact: HashMap<String, Vec<usize>>,
}

impl SearchIndex {
    /// Indexes every entry of `dict`.
    pub fn build(dict: &Dictionary) -> Result<SearchIndex, SearchError> {
        let (schema, fields) = Fields::schema();
        let index = Index::create_in_ram(schema);
        let mut writer: IndexWriter<TantivyDocument> =
            index.writer_with_num_threads(1, WRITER_MEMORY)?;
        let mut entries = Vec::with_capacity(dict.entries().len());
        let mut exact: HashMap<String, Vec<usize>> = HashMap::new();
        for (ord, e) in dict.entries().iter().enumerate() {
            writer.add_document(fields.document(dict, ord, e))?;
            let phrasings = std::iter::once(&e.phrase)
                .chain(&e.accepted)
                .chain(e.discouraged.iter().map(|d| &d.phrase))
                .chain(std::iter::once(&e.id));
            let mut forms: Vec<String> = phrasings.flat_map(|p| normal_forms(p)).collect();
            forms.extend(e.tags.iter().map(|t| tokens(t).join(" ")));
            forms.sort();
            forms.dedup();
            for f in forms {
                exact.entry(f).or_default().push(ord);
            }
            entries.push(Shown {
                id: e.id.clone(),
                kind: e.kind,
                phrase: e.phrase.clone(),
                url: dict.entry_url(&e.id),
                summary: e.summary.clone(),
                meaning: dict.meaning_lines(e).join(" "),
            });
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let searcher = reader.searcher();
        let mut ords = Vec::with_capacity(searcher.segment_readers().len());
        for segment in searcher.segment_readers() {
            let column = segment.fast_fields().u64("ord")?;
            let of_segment = (0..segment.max_doc())
                .map(|doc| {
                    column
                        .first(doc)
                        .and_then(|o| usize::try_from(o).ok())
                        .unwrap_or(usize::MAX)
                })
                .collect();
            ords.push(of_segment);
        }
        Ok(SearchIndex {
            index,
            searcher,
            ords,
            fields,
            entries,
            exact,
        })
    }

    /// The number of entries indexed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no entry is indexed.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The best `limit` entries for `query`, best first. Any text is a valid query: words are
    /// cut at anything that is not a letter or a digit, so query-language syntax is ignored;
    /// a query without words, or a `limit` of 0, finds nothing.
    pub fn search(&self, query: &str, limit: usize) -> Result<Vec<Hit>, SearchError> {
        let words = query_words(query);
        if words.is_empty() || limit == 0 || self.entries.is_empty() {
            return Ok(Vec::new());
        }
        let searcher = &self.searcher;
        let plan = Plan::new(searcher, &self.fields, &words)?;
        let all = TopDocs::with_limit(self.entries.len()).order_by_score();
        let scored = searcher.search(plan.scoring.as_ref(), &all)?;
        let phrased = match &plan.phrase {
            Some(p) => searcher.search(p.as_ref(), &DocSetCollector)?,
            None => HashSet::new(),
        };
        let termed = searcher.search(plan.terms.as_ref(), &DocSetCollector)?;
        let exact = self.exact_matches(query, &plan.corrected);

        let mut ranked = Vec::with_capacity(scored.len());
        for (score, addr) in scored {
            let Some(ord) = self.ord(addr) else {
                continue;
            };
            let matched = if exact.contains(&ord) {
                MatchKind::Exact
            } else if phrased.contains(&addr) {
                MatchKind::Phrase
            } else if termed.contains(&addr) {
                MatchKind::Terms
            } else {
                MatchKind::Fuzzy
            };
            ranked.push((matched, score, ord));
        }
        // Exact phrasings, then whole phrases, then terms and fuzzy words mixed by score (a
        // typo must not rank below an entry that only shares `for`).
        let tier = |m: MatchKind| match m {
            MatchKind::Exact => 2,
            MatchKind::Phrase => 1,
            MatchKind::Terms | MatchKind::Fuzzy => 0,
        };
        ranked.sort_by(|a, b| {
            tier(b.0)
                .cmp(&tier(a.0))
                .then(b.1.partial_cmp(&a.1).unwrap_or(Ordering::Equal))
                .then(self.entries[a.2].id.cmp(&self.entries[b.2].id))
        });
        ranked.truncate(limit);

        let tokenizer = self.index.tokenizer_for_field(self.fields.summary)?;
        let snippets = Snippets::new(
            plan.marks,
            tokenizer,
            self.fields.summary,
            self.fields.meaning,
        );
        Ok(ranked
            .into_iter()
            .map(|(matched, score, ord)| {
                let e = &self.entries[ord];
                Hit {
                    id: e.id.clone(),
                    kind: e.kind,
                    phrase: e.phrase.clone(),
                    score,
                    matched,
                    url: e.url.clone(),
                    snippet: snippets.make(&e.summary, &e.meaning),
                }
            })
            .collect())
    }

    /// Entries one of whose phrasings is the query, as written or spelling-corrected.
    fn exact_matches(&self, query: &str, corrected: &[String]) -> HashSet<usize> {
        let mut forms = normal_forms(query);
        forms.push(corrected.join(" "));
        forms
            .iter()
            .filter_map(|f| self.exact.get(f))
            .flatten()
            .copied()
            .collect()
    }

    /// The entry number of a document.
    fn ord(&self, addr: DocAddress) -> Option<usize> {
        let segment = self.ords.get(usize::try_from(addr.segment_ord).ok()?)?;
        let ord = *segment.get(usize::try_from(addr.doc_id).ok()?)?;
        (ord < self.entries.len()).then_some(ord)
    }
}
