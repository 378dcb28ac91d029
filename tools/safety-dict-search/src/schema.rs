//! The tantivy schema: one document per dictionary entry, one text field per way a reader may
//! remember it, each with its weight in the ranking.

use safety_dict::{Dictionary, Entry};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED, TEXT,
};
use tantivy::TantivyDocument;

use crate::words::tag_text;

/// The fields of the index.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// Position of the entry in `SearchIndex::entries` (a fast field).
    pub ord: Field,
    pub phrase: Field,
    pub accepted: Field,
    pub discouraged: Field,
    pub tags: Field,
    pub id: Field,
    pub summary: Field,
    pub meaning: Field,
    pub notes: Field,
    /// Every word of the fields above but the notes, without positions: the vocabulary that
    /// misspelt words are corrected against, and the field of the fuzzy clauses.
    pub all: Field,
}

impl Fields {
    /// Builds the schema and its fields.
    pub fn schema() -> (Schema, Fields) {
        let mut b = Schema::builder();
        let fields = Fields {
            ord: b.add_u64_field("ord", INDEXED | FAST),
            phrase: b.add_text_field("phrase", TEXT),
            accepted: b.add_text_field("accepted", TEXT),
            discouraged: b.add_text_field("discouraged", TEXT),
            tags: b.add_text_field("tags", TEXT),
            id: b.add_text_field("id", TEXT),
            summary: b.add_text_field("summary", TEXT),
            meaning: b.add_text_field("meaning", TEXT),
            notes: b.add_text_field("notes", TEXT),
            all: b.add_text_field(
                "all",
                TextOptions::default().set_indexing_options(
                    TextFieldIndexing::default().set_index_option(IndexRecordOption::WithFreqs),
                ),
            ),
        };
        (b.build(), fields)
    }

    /// Every text field with its weight: phrase > accepted > tags and id > discouraged >
    /// summary > meaning > notes.
    pub fn weighted(&self) -> [(Field, f32); 8] {
        [
            (self.phrase, 5.0),
            (self.accepted, 4.0),
            (self.tags, 3.5),
            (self.id, 3.0),
            (self.discouraged, 2.5),
            (self.summary, 2.0),
            (self.meaning, 1.5),
            (self.notes, 0.75),
        ]
    }

    /// The fields a phrasing lives in: an exact phrase found there puts its entry first.
    pub fn phrasings(&self) -> [(Field, f32); 5] {
        [
            (self.phrase, 5.0),
            (self.accepted, 4.0),
            (self.id, 3.0),
            (self.discouraged, 2.5),
            (self.summary, 2.0),
        ]
    }

    /// The tantivy document of entry number `ord`.
    pub fn document(&self, dict: &Dictionary, ord: usize, e: &Entry) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_u64(self.ord, ord as u64);
        let mut add = |field: Field, text: &str| {
            doc.add_text(field, text);
            if field != self.notes {
                doc.add_text(self.all, text);
            }
        };
        add(self.phrase, &e.phrase);
        for a in &e.accepted {
            add(self.accepted, a);
        }
        for d in &e.discouraged {
            add(self.discouraged, &d.phrase);
        }
        for t in &e.tags {
            add(self.tags, &tag_text(t));
        }
        add(self.id, &e.id);
        add(self.summary, &e.summary);
        for line in dict.meaning_lines(e) {
            add(self.meaning, &line);
        }
        if let Some(n) = &e.notes {
            add(self.notes, n);
        }
        doc
    }
}
