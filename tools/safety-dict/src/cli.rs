//! The command-line interface, declared with clap.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "safety-dict",
    version = crate::VERSION,
    about = "The Rust Safety Standard dictionary: check it, look terms up, expand terse safety comments",
    long_about = "The Rust Safety Standard dictionary: check it, look terms up, expand terse safety \
                  comments.\n\nThe dictionary is the one built into this binary (see --version), \
                  or, when the current directory is inside a repository holding `dictionary/` or \
                  --root/--dictionary names one, that repository's. Links use the \
                  `[output.html] site-url` of its book.toml.\n\nExit codes: 0 success, 1 findings \
                  (problems, unknown phrases), 2 usage or I/O errors."
)]
pub struct Cli {
    /// Repository root holding `dictionary/` (default: the repository around the current
    /// directory, else the dictionary built into this binary)
    #[arg(
        long,
        visible_alias = "dictionary",
        global = true,
        env = "SAFETY_DICT_ROOT",
        value_name = "DIR"
    )]
    pub root: Option<PathBuf>,

    /// Base URL for links, overriding book.toml's site-url
    #[arg(long, global = true, value_name = "URL")]
    pub site_url: Option<String>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DataFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DocFormat {
    Markdown,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate every entry and example; report all problems with file, line and column
    #[command(
        long_about = "Validate every entry and example; report all problems with file, \
        line and column and a hint. Writes nothing. Exit 0 when clean, 1 with problems."
    )]
    Check {
        /// Repository root to check (default: --root or the current repository)
        dir: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// List the entries, optionally of one kind
    List {
        /// requirement, justification, guarantee, invariant or concept
        #[arg(long)]
        kind: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Show one entry: phrase, variables, meaning, full expansion and URL
    Show {
        /// Entry id, e.g. valid-for-reads
        id: String,
        #[arg(long, value_enum, default_value = "markdown")]
        format: DocFormat,
    },
    /// Expand a phrase, a `# Safety` section or a `// SAFETY:` comment into everything it means
    #[command(
        long_about = "Expand a phrase, a `# Safety` section (a Markdown list) or a \
        `// SAFETY:` comment (\"<requirement> by <justification> and <justification>\") into \
        everything it abbreviates, with your variables substituted and every line linked to its \
        entry.\n\nThe text comes from the argument, from --file, or from standard input. Exit 1 \
        when an item is not in the dictionary (nearest entries are suggested)."
    )]
    Expand {
        /// The text to expand (default: --file or standard input)
        text: Option<String>,
        /// Read the text from this file
        #[arg(long, short, value_name = "FILE", conflicts_with = "text")]
        file: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "markdown")]
        format: DocFormat,
    },
    /// Print the stable URL of an entry, given its id or a phrase
    Link {
        /// An entry id (`valid-for-reads`) or a phrase (`valid for reads`, "`p` is valid for reads.")
        query: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Search every entry by phrase, other phrasings, safety-tag name, summary or meaning
    #[command(
        long_about = "Search every entry by its phrase, accepted and discouraged phrasings, \
        safety-tag names (`ValidCStr`, `valid c str`), id, summary, meaning and notes. Typos are \
        forgiven (`vaild for raeds`). Ranking: an exact phrasing first, then the whole query \
        found as a phrase, then the best matches of its words.\n\nEach hit shows its id, kind, \
        phrase, a snippet with the matched words marked, and its URL. Exit 0 with hits, 1 \
        without, 2 on an empty query."
    )]
    Search {
        /// Words to look for, e.g. "valid for reads" or ValidCStr
        query: String,
        /// Show at most this many hits
        #[arg(long, short = 'n', default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..))]
        limit: u16,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Check a Rust tree's safety documentation against the standard and the dictionary
    Lint(safety_dict_lint::cli::LintArgs),
    /// Write the web expander's conformance corpus: inputs with the JSON `expand` prints
    Corpus {
        /// The JSON file to write
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Also write the data the web expander reads (`export::expander_data`) to this file
        #[arg(long, value_name = "FILE")]
        data: Option<PathBuf>,
    },
}
