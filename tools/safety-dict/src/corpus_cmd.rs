//! `safety-dict corpus`: the conformance corpus of the web expander, every input with the
//! expansion `safety-dict expand --format json` prints for it.

use std::path::Path;

use safety_dict::expand::Expansion;
use safety_dict::grammar::ReasonAt;
use safety_dict::text::{segments, Segment};
use safety_dict::Dictionary;
use serde::Serialize;

use crate::{EXIT_OK, EXIT_TROUBLE};

#[derive(Serialize)]
struct Case {
    input: String,
    expected: Expansion,
    /// `expand --format markdown`: what the expander's "Copy as Markdown" must give.
    markdown: String,
}

/// Every variable renamed: code variables to other identifiers, lifetimes to other lifetimes,
/// a C type (grammar `c_types`) to another C type's name.
fn renamed(dict: &Dictionary, e: &safety_dict::Entry, n: usize) -> Vec<(String, String)> {
    let c_types = dict.grammar().data.c_types.as_ref();
    e.vars
        .iter()
        .map(|v| {
            let opening = c_types
                .filter(|c| c.var_type == v.ty && !c.openings.is_empty())
                .map(|c| &c.openings[n % c.openings.len()]);
            let value = if let Some(opening) = opening {
                format!("`{opening}my_type{n}`")
            } else if v.takes_words() {
                if n.is_multiple_of(2) {
                    "this function call".to_string()
                } else {
                    "`'x`".to_string()
                }
            } else {
                let base: String = v
                    .name
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if n.is_multiple_of(2) {
                    format!("`my_{base}`")
                } else {
                    format!("`self.{base}2`")
                }
            };
            (v.name.clone(), value)
        })
        .collect()
}

/// Replaces every backticked variable by its new value.
fn substitute(template: &str, bindings: &[(String, String)]) -> String {
    let mut out = String::new();
    for seg in segments(template) {
        match seg {
            Segment::Plain(p) => out.push_str(p),
            Segment::Code(c) => match bindings.iter().find(|(k, _)| k == c) {
                Some((_, v)) => out.push_str(v),
                None => out.push_str(&format!("`{c}`")),
            },
        }
    }
    out
}

/// The inputs of the corpus, derived from the dictionary.
pub fn inputs(dict: &Dictionary) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut justification: Option<String> = None;
    let mut requirement: Vec<String> = Vec::new();
    for (n, e) in dict
        .entries()
        .iter()
        .filter(|e| e.kind.is_phrase_kind())
        .enumerate()
    {
        let b = renamed(dict, e, n);
        let phrase = substitute(&e.phrase, &b);
        out.push(format!("{phrase}."));
        if let Some(a) = e.accepted.first() {
            out.push(substitute(a, &b));
        }
        if let Some(d) = e.discouraged.first() {
            out.push(format!("{}.", substitute(&d.phrase, &b)));
        }
        match e.kind {
            safety_dict::Kind::Justification if justification.is_none() && e.vars.is_empty() => {
                justification = Some(e.phrase.clone())
            }
            safety_dict::Kind::Requirement if requirement.len() < 4 => requirement.push(phrase),
            _ => {}
        }
    }
    let just = justification.unwrap_or_else(|| "function requirements".to_string());
    for r in &requirement {
        out.push(format!("{r} by {just}."));
        out.push(format!("// SAFETY: {r} by {just} and {just}."));
        out.push(format!("{r} by something nobody wrote down."));
    }
    for p in &dict.grammar().data.justification_prefixes {
        if let Some(r) = requirement.first() {
            // A reason in a `// SAFETY:` comment; in a `# Safety` item a caller's promise is
            // the requirement itself.
            out.push(format!("{} {r}.", p.prefix));
            out.push(format!("// SAFETY: {} {r}.", p.prefix));
        }
    }
    if requirement.len() >= 2 {
        out.push(format!(
            "/// # Safety\n///\n/// - {}\n/// - {}\n///   (continued on a second line).\n/// - The caller must ensure that {}.\n",
            requirement[0], requirement[1], requirement[0]
        ));
        out.push(format!(
            "// SAFETY: {} by {just}. {}\n// by {just}.\n",
            requirement[0], requirement[1]
        ));
        out.push(format!(
            "// SAFETY:\n// - {} by {just}.\n// - {} by {just}.",
            requirement[0], requirement[1]
        ));
        // Positions: the same phrases as requirements, guarantees and invariants.
        out.push(format!(
            "/// # Safety\n///\n/// - {r0}\n///\n/// # Guarantees\n///\n/// - {r0}\n/// - {r1} by {just}.\n///\n/// ## Invariants\n///\n/// - {r1}\n",
            r0 = requirement[0],
            r1 = requirement[1]
        ));
        out.push(format!(
            "// INVARIANT: {} by {just}.\n// SAFETY: {} by {just}.",
            requirement[0], requirement[1]
        ));
        out.push(format!(
            "# Guarantees\n{}. {}",
            requirement[0], requirement[1]
        ));
    }
    if let Some(r) = requirement.first() {
        // Lead-ins, case, bare identifiers and a numbered list.
        out.push(format!("The caller must ensure that {}", r.to_uppercase()));
        out.push(r.replace('`', ""));
        out.push(format!("1. {r}\n2) {r};\n"));
        out.push(format!("/* SAFETY: {r} BY {just} AND {just} */"));
        // Lowercasing that changes lengths (dotted capital I, Kelvin sign) must not shift
        // where the text is split.
        out.push(format!("\u{130}\u{130} {r} by {just}."));
        out.push(format!("{r} by \u{212A}{just}."));
    }
    // Sentence structure (reading.rs): each connector, the words that are not connectors,
    // placeholders, subjects and lists of predicates.
    let g = &dict.grammar().data;
    if let Some(r) = requirement.first() {
        for c in &g.connectors {
            let sep = if c.word.starts_with(',') {
                format!("{} ", c.word)
            } else {
                format!(" {} ", c.word)
            };
            out.push(match c.reason {
                ReasonAt::After => format!("{r}{sep}{just}."),
                ReasonAt::Before => format!("we checked it{sep}{r}."),
                ReasonAt::Opening => format!("{} {just}, {r}.", upper_first(&c.word)),
            });
        }
        for n in &g.not_connectors {
            out.push(format!("{r}, {n} {just}."));
            out.push(format!("{} {just}, {r}.", upper_first(n)));
        }
        for d in &g.duty_words {
            out.push(format!("Also, the caller {d} ensure that {r}."));
        }
        for d in &g.denials {
            out.push(format!("The check {d} ensures that {r}."));
        }
        for c in &g.conditions {
            out.push(format!("{} `q` is null, {r} and {r}.", upper_first(c)));
        }
    }
    for p in &g.placeholders {
        out.push(format!("// SAFETY: {}", p.to_uppercase()));
        out.push(format!("// SAFETY: {p}: explain why this is fine."));
    }
    // A comment that is its tag alone is a placeholder.
    for bare in ["// SAFETY:", "SAFETY:\n//\n", "  // INVARIANT: \n"] {
        out.push(bare.to_string());
    }
    for c in &g.checked_forms {
        out.push(format!("`p` {} non-null.", c.words));
        out.push(format!("`p` {} non-null and aligned above.", c.words));
        out.push(format!("`p` {} in a range of its own.", c.words));
    }
    for v in &g.predicate_verbs {
        out.push(format!(
            "`a` is non-null, aligned, and {v} something unknown."
        ));
    }
    // Each subject in a pointer's slot and in a function's: a group fits only some types.
    for s in g.subjects.iter().flat_map(|group| &group.words) {
        out.push(format!("{} is valid.", upper_first(s)));
        out.push(format!("{s} is non-null and aligned."));
        out.push(format!("{} must only be called once.", upper_first(s)));
    }
    for s in &g.not_subjects {
        out.push(format!("{} is non-null.", upper_first(s)));
    }
    for list in [
        "`p` is valid, non-null, and aligned.",
        "`p` must be non-null and properly aligned.",
        "`p` is non-null and points to a valid `T`.",
        "`p` is valid for reads and writes for `n` bytes.",
        "`a` is non-null, `b` is aligned, and `c` is something else.",
        "`a` is non-null, something unknown, and aligned.",
        "`a` is non-null, aligned, and something unknown.",
        "`a` is non-null and has something unknown.",
        "`a` is non-null and something unknown.",
        "`a` has something unknown and is non-null.",
        "The caller guarantees that `ptr` is valid, non-null, and has a non-zero reference count.",
        "`ptr` is non-null because we checked it, so `ptr` is aligned.",
        "We own a refcount, so the pointer is still valid.",
        "As long as we hold the lock, `p` is valid.",
        "`p` is aligned and valid by the function requirements and the check above.",
        "valid for reads",
        "Must be non-null and properly aligned.",
        "- non-null\n- aligned\n- something unknown",
        "points to something unknown",
        "Both `a` and `b` must be properly aligned.",
        "`a` and `b` are non-null.",
        "`a` and `b` are something unknown.",
        "both `a` and `b` are non-null by the check above.",
        "`p` is [valid](valid.html) for reads.",
        "`p` is [valid][valid] for reads and [aligned].",
        "`p` points into the [`RBTree`] and is non-null.",
        "`a[i]` is non-null and `b` is [not a link.",
        // Paragraphs around a list are read in document order, each on its own.
        "/// # Safety\n///\n/// Behavior is undefined if any of the following conditions are violated:\n///\n/// * `p` must be valid for reads.\n/// * `p` must be properly aligned.\n///\n/// Note that even if `T` has size 0, `p` must be aligned.\n/// It must not be null.",
        "// SAFETY: The caller must ensure:\n// - `p` is non-null\n//\n// Otherwise it is fine.\n// - `q` is aligned",
        // A caller's duty is a reason in a `// SAFETY:` comment, a lead-in elsewhere.
        "// SAFETY: the caller must guarantee that `p` is non-null and aligned.",
        "// SAFETY: The caller must ensure `p` is aligned by the check above.",
        "// SAFETY: The caller must ensure that:\n// - `p` is non-null.",
        "/// # Safety\n///\n/// The caller must guarantee that `p` is non-null.",
        // Markdown emphasis reads as its words; a lone `*` does not.
        "`p` *must* be non-null and **properly aligned**.",
        "- `a` * `b` must *not* overflow",
        // A justification's phrasing in a statement's place is no statement.
        "The safety requirements guarantee the type invariants.",
        "// INVARIANT: The check above ensures the type invariant will hold.",
        "`p` is non-null and the function requirements.",
        // A pointer to another function's requirements opens its item.
        "/// # Safety\n///\n/// Rust allows unaligned pointers; see [`ptr::read_unaligned`].",
        "/// # Safety\n///\n/// See [`ptr::read_unaligned`].",
        // A type's slot takes no call.
        "`p` is non-null due to the invariants of `make_it()`.",
        "`p` is non-null due to the invariants of `Vec::new()` and `Foo`.",
        // A marker indented four columns opens no list, unless an item is open.
        "// SAFETY: `p` is non-null and\n//     * `q` is aligned.",
        "- `p` is non-null.\n      - `q` is aligned.",
        "Callers must ensure:\n\n   * `p` is non-null.",
        "/// * `p` is non-null.\n///\n///     * `q` is aligned.",
        // Each sentence of an item is read on its own.
        "/// # Safety\n///\n/// - `p` is non-null because we checked it and it was not null. This means `q` is aligned and fine.\n/// - `p` is aligned. That is, TODO.",
        "// SAFETY: `p` is valid. Something else entirely.",
        // A code span named with what it is reads as the code span.
        "The `align` argument must be a power of two.",
        "the `x` field and the `y` field are aligned.",
        "The `p` pointers are aligned. Bathe `p` field is aligned.",
        // A duration may name code among its words.
        "`p` is valid for reads for the duration of the call to `f`.",
        "`p` is valid for reads for the duration of the call to `f` and `g`.",
        "`p` is valid for reads for the duration of the call, while `q` is aligned.",
        // An abbreviation's period ends no sentence.
        "/// # Safety\n///\n/// `x` must be non-zero (i.e. `x != 0`). E.g. `p` is aligned. Cf. `q` is null.",
        "// SAFETY: `p` is non-null, e.g. `Vs. X`. `q` is aligned.",
        // Two subjects share a list, spread by "both" or "each".
        "`x` and `y` are valid for writes and properly aligned.",
        "`left` and `right` must each be valid for reads of `n` bytes.",
        "`a` and `b` are both non-null and have something unknown.",
        "`a` and `b` both are aligned, and have something unknown.",
        // A separator inside a predicate: parts are joined again.
        "`p` is properly aligned and valid for reads and writes.",
        "`p` is aligned and valid for reads and writes of `n` bytes.",
        "`p` is valid for reads and writes and non-null and has something unknown.",
        "Both `x` and `y` must be valid for both reads and writes of `n` bytes.",
        // A relative clause about the subject itself; not about another noun.
        "`src` is a reference which is guaranteed to be valid for reads.",
        "`p` is a `NonNull` pointer, which is necessarily non-null and aligned",
        "`p` is a pointer to a struct which is valid.",
        "`p` is an odd thing that has something unknown.",
        // A statement stressed for size zero holds for every size.
        "`data` must be non-null and aligned even for zero-length slices.",
        "`p` must be nonnull, even if `T` has size 0.",
        "Even for zero-sized types, `p` must be aligned.",
        "`dst` must remain valid even when `src` is read.",
        // A last part with a subject of its own is a clause; "owned by" is no "by" reason.
        "`p` is valid, properly aligned and `*p` is owned by this guard.",
        "`p` is non-null and `q` something unknown.",
        // A bare lowercase English word names no type; a primitive's name does.
        "`p` points to an initialized and valid instance.",
        "`p` points to an initialized and valid usize.",
        "`p` points to an initialized and valid Foo.",
        // A parenthesis that opens a sentence is a remark of its own; one that does not, is not.
        "`p` must point at a valid value. (It need not be in an `Arc`.)",
        "`p` must be aligned. (but see above.)",
        // "the" before a code subject only says that the code names a value.
        "It is up to the caller to guarantee that the `MaybeUninit<T>` really is in an initialized state.",
        "The `p` pointers and the `q` are aligned.",
        // An opening aside claims nothing.
        "As with [`f`], it is up to the caller to guarantee that the value really is in an initialized state.",
        "As with `f`",
        // A blank line ends a paragraph of prose.
        "// SAFETY: `p` is non-null\n//\n// `q` is aligned",
        // A semicolon ends a clause, except inside a parenthesis.
        "// SAFETY: the caller must uphold the safety contract for `f`; `p` is aligned.",
        "`p` is non-null (see above; really) and aligned; something unknown.",
        "`data` must be non-null, valid for reads for `len * size_of::<T>()` many bytes, and it must be properly aligned.",
        // After a connector a reason may state a fact; after "by" only a justification.
        "// SAFETY: The range isn't empty, so this cannot overflow",
        "// SAFETY: `p` is aligned by `q` is non-null.",
        "// SAFETY: Since `a` is smaller than `b` and `b` is smaller than `c`, `p` is aligned.",
        "// SAFETY: `p` is aligned because `q` is non-null and something unknown.",
        // A part is shown as written where it is one run of words, whatever its folded reading.
        "// SAFETY: The pointer is derived from a reference, so it's writable.",
        "// SAFETY: The safety requirements ensure that `p` is aligned. THE POINTER MUST BE NONNULL.",
        "`p` must be valid, non-null and aligned; `q` must be aligned and `q` must be aligned.",
        // A connector's statement may have a "by" justification of its own; "so" needs no comma.
        "// SAFETY: `node` is a non-null node so it is valid by the type invariants.",
        "// SAFETY: `item` used to be in the list, so it is aligned by the type invariants of `List` and `p` is non-null.",
        "// SAFETY: `p` is non-null so that it is aligned by the type invariants.",
        // "the" and a code span open a clause of their own.
        "`p` must have been returned by a previous call to [`f`], and the `Arc` must not yet have been destroyed.",
        "`p` is aligned, and the `q` is non-null.",
        // A later clause of a list may have two subjects.
        "// SAFETY: `ptr` is valid for writes, and `name` and `key` are valid for read indefinitely.",
        "`p` is aligned, and `a` and `b` are non-null and something unknown.",
        "`a` and `b` are non-null, and `c` and `d` are aligned.",
        // "the slice" names a slice pointer; "safe" adds nothing to a reference.
        "// SAFETY: the slice is dereferenceable because `self` is a safe reference.",
        "The total size `len * size_of::<T>()` of the slice must be no larger than `isize::MAX`, and adding that size to `data` must not \"wrap around\" the address space.",
        // A reason with "and" in it is one reason where it reads as one phrasing.
        "// SAFETY: `i8` and `u8` have the same memory layout, thus casting is safe.",
        "// SAFETY: `p` is aligned because `T` and `U` have the same layout and `q` is non-null.",
        "// SAFETY: `p` is aligned by the type invariants and the safety requirements.",
        "`MaybeUninit<T>` and `T` are guaranteed to have the same layout.",
        // A conjunction left dangling at the end of an item joins nothing; "or" is kept.
        "* `ptr` is allocated via this allocator, and",
        "`p` is valid AND,",
        "`p` is non-null, or",
        "`p` is aligned to the band",
        // A word that joins a sentence to the one before claims nothing.
        "Additionally, the caller must ensure the pointer is not dangling.",
        "// SAFETY: Also by the type invariant, `p` is aligned.",
        "Thus `p` is non-null.",
        // A comparison written as code reads as its words; chains and joined ones do not.
        "// SAFETY: `self.len() + n <= self.capacity()` due to the call to reserve above,",
        "// SAFETY: `read` > `write`, so `p` is aligned.",
        "// SAFETY: `len` <= `cap`, so `len * N` <= `cap * N`.",
        "The caller has to ensure that `a < self.len()` and `b >= c`.",
        "`this.buf` ≤ `this.ptr` ≤ `this.end`",
        "`a < b && c` holds, and `Vec<T>` is fine.",
        "// SAFETY: `x > 0` and `y ≥ z`.",
        // A connector's reason may give a reason of its own; "so" after "because" is inside
        // the reason of "because".
        "// SAFETY: `p` is aligned because `left < right` so `mid+left < mid+right`.",
        "// SAFETY: this is ok because `f` guarantees that the pointer is valid for the duration of this closure.",
        "// SAFETY: casting is safe since the caller guarantees that `s` is initialized, and `T` and `U` have the same layout.",
        "// SAFETY: `p` is aligned by the type invariants and `q` is non-null because `r` is aligned.",
        // After a condition, what follows "so" holds only under it.
        "// SAFETY: if `i < left`, `right` is added so `i < left+right`",
        "// SAFETY: `p` is valid because if `q` is aligned, `r` is added so `r` is non-null.",
        // British spelling; where a value was written says nothing more of it.
        "INVARIANT: `this.value` is initialized above.",
        "`x` has just been initialised.",
        // A part is shown without the words folding dropped before it.
        "// SAFETY: The safety requirements ensure that `p` points to the memory initialised before.",
        // An opening reason without its comma ends where code opens the statement, if the
        // reason is a known one; a restatement after "i.e." is a part of its own.
        "// SAFETY: By type invariant `inner` is valid and has been initialized.",
        "// SAFETY: by the type invariant pointers are aligned and `start <= end`",
        "// SAFETY: As `q` is non-null `p` is valid, so `r` is aligned.",
        "/// Callers must ensure that `ptr` is valid, non-null, and has a non-zero reference count, i.e. it can't drop to zero.",
        "`x` really is in an initialized state, i.e., a state valid for `T`.",
        "// SAFETY: The safety requirements guarantee that the refcount of `p` is nonzero.",
        "// SAFETY: our invariant guarantees that `p` is valid.",
        // A statement after its reason may share the reason's subject.
        "// SAFETY: `a` is a power-of-two, therefore non-zero.",
        "// SAFETY: `m` is required to be a power-of-two, hence non-zero.",
        "// SAFETY: `p` is valid, so aligned by the type invariants.",
        "// SAFETY: `p` is non-null, so `q` is fine.",
        "// SAFETY: By the type invariant of `A`, `p` is a node, and by the type invariant of `B`, all nodes are fine.",
        "`layout` must have non-zero size.",
        // After a justification prefix the rest is a sentence with reasons of its own.
        "// SAFETY: We just checked that it's not null, so it must be valid.",
        "// SAFETY: The caller guarantees that `n` is non-zero, so this is unreachable.",
        // A whole phrasing wins over a prefix it starts with; "can't" is "cannot".
        "// SAFETY: just checked precondition",
        "// SAFETY: just checked this can't overflow",
        "// SAFETY: Just checked that `x` is non-null.",
        // "and therefore" draws a conclusion; only a reason of one clause lends its subject.
        "// SAFETY: `p` was checked and therefore `x` is initialized.",
        "// SAFETY: `a` is a power of two and hence non-zero.",
        "// SAFETY: `i` is fine, so `i` cannot overflow, and `r` is fine and thus guaranteed to be valid.",
        // A noun before the code span names what the code is.
        "The pointer `p` must be valid for both reads and writes.",
        "// SAFETY: the bytes `v` are valid UTF-8, and the `x` argument is aligned.",
        "It holds that the `p` is aligned.",
        "// SAFETY: The safety requirements ensure that the lock is initialised.",
        "// SAFETY: the pointer is valid because it was made from a mutable reference",
        // A later part of a list opening with "that" is a clause with a subject of its own;
        // not when "that" is the subject or a noun's determiner.
        "The caller must ensure that `ptr` is valid and that the caller is the owner of the lock.",
        "The caller must ensure that `p` is not dangling, that it points at a queue, and that it remains valid until the end of `'a`.",
        "// SAFETY: `p` is valid and that is why it can be read.",
        "The caller must ensure that `p` is valid and that `q` is aligned.",
        "// SAFETY: `a` and `b` are valid, and `b` >= `a`, and that region is initialized.",
        // "came from `f`" names a call only when the span names a function.
        "// SAFETY: `ptr` is valid, because it came from `Box::into_raw`.",
        "// SAFETY: `p` Came From `Vec::<u8>::as_ptr` and `q` comes from `make()`.",
        "// SAFETY: `c` cannot overflow, since it came from `bool`, and it comes from `self`.",
        // Words that name a byte length fill a `usize` slot.
        "The total length of the range must be no larger than `isize::MAX`, and adding that size to `start` must not \"wrap around\" the address space.",
        // "this type" fills a type's slot; ", that is," opens a restatement; "that is," is no
        // clause of its own.
        "Instances of this type are always reference-counted, that is, a call to `get` keeps it alive.",
        "// SAFETY: The type invariants guarantee that `Task` is always refcounted.",
        "// SAFETY: `p` is valid and that is, at most, fine.",
        // "per" and "as per" give the reason after them.
        "// SAFETY: `this` is valid per the loop invariant.",
        "// SAFETY: since it's not empty, per the check above, `p` is valid as per the type invariants.",
        // ", which guarantees that" states what the reason before it guarantees.
        "// SAFETY: By the type invariants, `p` came from `Box::into_raw`, which guarantees that `p` is aligned.",
        // A chain of comparisons is each of its comparisons.
        "The caller must guarantee that `pos < end <= self.len()`.",
        "Requires that `initialized.start` ≤ `initialized.end` ≤ `capacity`.",
        "// SAFETY: `x` > `y` > `z`, so `p` is valid.",
        "// SAFETY: `a > b >= c`.",
        "// SAFETY: `a < b && b <= c`, and `d <= <= e`.",
        // A quantifier binds what follows it: no statements of their own.
        "`v` must be sorted, i.e. for all indices `0 < i < v.len()`, `v[i - 1] <= v[i]`.",
        // Words that name an integer or a lock fill its slot.
        "The value must not be zero.",
        "The mutex must be locked by the current thread.",
        // A pointer held in the code, or its pointee, is the code.
        "// SAFETY: The pointer in `self.0` is guaranteed to be valid by the type invariant.",
        "The caller must ensure that the pointee of `bd` is valid for reads for the duration of this function.",
        "`init` must have been called on this instance.",
        // A zero size named in code.
        "Note that even if `T` has size `0`, the pointer must be properly aligned.",
        "Note that even if `T` has size `n`, the pointer must be properly aligned.",
        // The owner of a lock holds it; the owner of anything else does not.
        "// SAFETY: The caller owns the lock, so it is safe to unlock it.",
        "// SAFETY: `ptr` is valid and the caller is the owner of the spinlock.",
        "The caller must own the `ListArc` for this value.",
        // A reference or access for a time not named: the lifetime stays unfilled.
        "// SAFETY: By the function signature, we have a mutable reference to `self`.",
        "// SAFETY: We have an immutable reference to `self` and exclusive access to `k`.",
        // A range of elements is a place.
        "// SAFETY: we just initialized the elements `..n + 2`.",
        // What breaking a requirement causes is no part of it; bytes and chars by their words.
        "Every byte in the slice must be in `0..=127`, or else this is UB.",
        "This char must be within the ASCII range, or else this is undefined behavior.",
        // A promise of the caller without the article.
        "// SAFETY: Caller asserts that result is a valid ASCII character.",
        "caller must guarantee that `p` is valid.",
        // An index in bounds names its sequence; an article is never a subject of its own.
        "// SAFETY: Thus `idx` is in-bounds for `self.v`.",
        "// SAFETY: The value is smaller than the length, and thus must be in-bounds of the slice.",
        "// SAFETY: `i` is in bounds.",
        // A bare capitalized word is no value; a constant in capitals is.
        "List must be valid.",
        "N is non-zero, and THIS_MODULE is valid.",
        // A statement that opens with code has a subject of its own.
        "// SAFETY: `len > 1` so `len != 0`.",
        // Comparisons written outside code; a side that is a word of the sentence is none.
        "The caller must guarantee that pos < end <= self.len().",
        "// SAFETY: cap >= len + additional, and x % 1_000 < 1_000.",
        "// SAFETY: Since 0 <= `i` < N, it is still in bounds of `[T; N]`.",
        "// SAFETY: the count is > 0, and `amt` is <= buffer's spare capacity.",
        // A later comparison that leaves its subject out shares the operand written first.
        "// SAFETY: Safe as long as the index < length, so len - index - 1 >= 0 and <= len.",
        "// SAFETY: `x` > 0 and < `len`, and `y ≥ z` and ≤ `w`.",
        // A comparison written as code is a statement of its own: no subject shares its
        // predicate, and a list splits around it.
        "Requires that `n.leading_zeros() == 0` and `a < n`.",
        "// SAFETY: `b` and `a < n`, and `x == 0` and `b` is less than `n`.",
        // A name whose last word names a count, a size or a position fills no pointer's slot.
        "// SAFETY: fls_index is valid, and `self.cap` is non-null.",
        // A function's slot takes no type's or trait's name; a type parameter may be a closure.
        "// SAFETY: `NSObjectProtocol` has no safety requirements.",
        "// SAFETY: `F` has no safety requirements, and `Self` has no safety requirements.",
        // "indeed" adds nothing; "won't exceed" is the bound; a check for what a value is not.
        "// SAFETY: `scalar` is indeed a Unicode scalar value, and `len` won't exceed `cap`.",
        "// SAFETY: `ptr` is checked above to not be NULL, and `n` is checked not to be zero.",
        // An exception takes back part of what a sentence says: no statements of their own.
        "This function has the same safety requirements as [`ptr::replace`], except that `dest` does not need to be properly aligned.",
        "// SAFETY: `p` is valid and aligned, with the exception of the last element.",
        // A check that stands in another function is no check above; what was checked may be
        // a span after "in".
        "// SAFETY: the entries were checked to be non-null in `locate_handle_buffer`.",
        "// SAFETY: `p` was checked to be non-null by `NonNull::new`, and `i` is checked to be in `0..len`.",
        // A method named without its receiver is no value; nor are "parameters" or "arguments".
        "// SAFETY: The `.add()` is valid per invariants of `Vec`, and `.0` is valid.",
        "// SAFETY: It's safe because parameters are valid and arguments are aligned.",
        // "by" after handing a value over names who does it.
        "// SAFETY: `p` is valid according to the mutable reference handed to us by the caller.",
        // "by" after "managed", "freed" or "released" names who does it.
        "- `vk_buffer`'s memory must be managed by the caller.\n- `buf` must be freed by the caller.",
        "// SAFETY: `first_len` is valid. `len_ptr` is valid. `Index` is valid.",
        "// SAFETY: !(n < self.len()) and f(a) < g(b].",
        // A sentence that gives a reason is no list of statements.
        "// SAFETY: Since `a` is non-null and `b` is aligned, it is valid.",
        "// SAFETY: idx < len, so both are in-bounds and readable.",
        "// SAFETY: These strings are ASCII-only, and the lock was just acquired.",
        "// SAFETY: `idx` < `len`, so in bounds.",
        // A number about to become a `char`, and a boolean an unsafe hint takes, by their words.
        "// SAFETY: The caller must ensure that the result is a valid `char`.",
        "// SAFETY: checked that it's a legal unicode value",
        "// SAFETY: the caller must guarantee the argument is never `false`",
        "// SAFETY: We have already checked that the condition is true.",
        // The code that holds a lock says it owns it.
        "// SAFETY: We own the lock, and we own the spin lock.",
        // A phrasing that names no value leaves the variable unfilled; what a fact means is the
        // statement it gives a reason for.
        "// SAFETY: The existence of a shared reference means that the refcount is nonzero.",
        "// SAFETY: The safety requirements guarantee that the refcount is non-zero.",
        "// SAFETY: !self.is_empty() means that self.len() > 0",
        "// SAFETY: We have an immutable reference by the function signature, and the data is pinned.",
        "// INVARIANT: `krealloc` satisfies the type invariants.",
        "// INVARIANT: The newly-created object has a refcount of 1.",
        // A place by what it is, or by no code; a pointer to a node named by the node.
        "// SAFETY: the field has been initialized, and so has the inner value.",
        "// SAFETY: we initialized that memory above.",
        "// SAFETY: All fields have been initialized.",
        "// SAFETY: We know that all elements within `alive` are properly initialized.",
        "// SAFETY: Nothing else points to or will point to the contents of this slice.",
        // A loop condition is a check above; access the caller guarantees; a whole-sentence
        // justification; a typo for the article.
        "// SAFETY: The loop condition guarantees that `self.len() < self.capacity()`.",
        "// SAFETY: the caller guarantees mutable access to `node`.",
        "// SAFETY: Guaranteed by the safety requirements of the function.",
        "// SAFETY: We have an mutable reference by the function signature.",
        // What cannot be zero or null, contracted or not.
        "// SAFETY: `self.get()` can't be zero, and `n` can never be zero.",
        "// SAFETY: The pointer can't be null since you can't have a value at the null address.",
        // Entries read the text they cite.
        "The caller must ensure that it owns the lock.",
        "It must only be called by the current owner of the lock.",
        "The allocated size in bytes must be no larger than `isize::MAX`.",
        "Callers must ensure that this call does not race with a write to the same page that overlaps with this read.",
        "// SAFETY: A `CString` is always NUL-terminated and contains no other NUL bytes.",
        "// SAFETY: `slot` is considered pinned.",
        "For the duration of `'a`, the reference count must not hit zero.",
        "Additionally, all instances (if any) of values returned by [`ForeignOwnable::borrow`] for this object must have been dropped.",
        "The pointer stored in `ptr` is non-null and valid for the lifetime of the [`ARef`] instance.",
        "All instances are valid tasks created by the C portion of the kernel.",
        "The caller passes ownership of the allocation to the `Box`.",
        // Session 15: contractions expanded before every rule ("don't" agrees as "does not"); a
        // sentence's "So" dropped at its start only, "so" inside a sentence still a connector.
        "// SAFETY: `p` isn't null and it's aligned; the regions they're in don't overlap.",
        "// SAFETY: `self` and `other` are non-zero.\n// So the result cannot be zero.",
        "// SAFETY: So, `p` is valid, so it is aligned.",
        "So",
        // The future tense of a fact, a hyphenated adjective, a number by what it is.
        "// SAFETY: Since `n` is nonzero, `s` will also be nonzero.",
        "// SAFETY: `ptr` is well-aligned because `[T; N]` has the same alignment as `T`.",
        "// SAFETY: We just checked that this number is positive",
        // "!=" is a comparison of its own; joined to others it stays as written.
        "// SAFETY: We just checked that `self.remaining != 0`.",
        "// SAFETY: len > 1 so len != 0.",
        "// SAFETY: `a != b && c`",
        // A reason "the caller guarantees that ..." names its guarantor even when its fact is
        // not in the dictionary.
        "// SAFETY: Furthermore, we have exclusive access to the slice since the caller guarantees that there are no races.",
        // A live allocation in the block layer's words.
        "// SAFETY: By C API contract, wrapper_ptr points to a valid allocation\n// and is not null.",
        "// SAFETY: By safety requirements for this function, `this` is a\n// valid allocation.",
        // "X is guaranteed by Y" is "X by Y".
        "// SAFETY: `self.len() + other.len() <= self.capacity()` is guaranteed by the preceding `reserve` call.",
        "// SAFETY: pos < len is guaranteed by the caller and\n// obviously len = self.len() <= self.len().",
        // A code span that states a bound fills no slot; a type named as a type is its name.
        "// SAFETY: `T: Zeroable` and `UnsafeCell` is `repr(transparent)`.",
        "// SAFETY: `x: u32` is valid.",
        "// SAFETY: The `Queue` type is `#[repr(transparent)]`, so the pointer cast is valid.",
        "// SAFETY: ListArc is repr(transparent).",
        "// INVARIANT: By the safety requirements, the invariants on `ListArc` are satisfied.",
        "// SAFETY: `T` is `Zeroable`.",
        // What `unsafe impl Send` and `unsafe impl Sync` promise.
        "// SAFETY: Exclusive access is thread-safe for `Request`.",
        "// SAFETY: `Device` can be shared among threads because all immutable methods are protected by the synchronization in `struct device`.",
        "// SAFETY: it is safe to share references to `Device` between threads.",
        // Bounds said the other way round, and "zero" as no variable's name.
        "// SAFETY: `new_layout.size()` is greater than or equal to `old_size`.",
        "// SAFETY: `i` cannot be greater than `len`.",
        "// SAFETY: `n` is greater than zero.",
        "// SAFETY: `ptr` is either NULL or valid by the safety requirements of this function.",
        // A denied connector, a passive agent, a condition after "so", a future that is no
        // state, and a later subject of a list's own.
        "// SAFETY: Holding the lock does not guarantee that `ptr` is valid.",
        "// SAFETY: It is not null, so it is valid.",
        "// SAFETY: The lock is held by another thread.",
        "// SAFETY: The lock is held by the caller.",
        "// SAFETY: `ptr` is non-null so long as `self` is alive.",
        "// SAFETY: So long as `self` is alive, `ptr` is non-null.",
        "// SAFETY: `slot` is valid and will be initialized by `init`.",
        "// SAFETY: `ptr` is non-null, and the private data area is initialized and aligned.",
        "// SAFETY: the pointee of `ptr` is initialized.",
        "// SAFETY: the pointee of `bd` is valid for reads.",
        // The standard library's linked "[valid]" and the unlinked word.
        "`src` must be [valid] for reads.",
        "Both `x` and `y` must be [valid] for both reads and writes.",
        "The pointer must be [valid] for reads for `ptr.len() * size_of::<T>()` many bytes, and it must be properly aligned.",
        "`src` must be valid for reads.",
        "See [valid](valid.html) for reads.",
        "`dst` must be [valid] for writes of `count * size_of::<T>()` bytes.",
        "Both `x` and `y` must be [valid] for both reads and writes of `count * size_of::<T>()` bytes.",
        // A conclusion that only says the operation may go ahead states its reason; one that
        // goes on to claim a fact does not.
        "// SAFETY: The caller owns the lock, so it is safe to unlock it.",
        "// SAFETY: since `self` cannot be zero, it is safe to call `ctlz_nonzero`.",
        "// SAFETY: It's safe to call `f` because `p` is valid for reads.",
        "// SAFETY: The caller promises that `p` is valid, so it is safe to dereference it.",
        "// SAFETY: `p` is non-null and aligned, hence we can read it.",
        "// SAFETY: `p` is non-null, so we can assume that it is aligned.",
        "// SAFETY: `p` is non-null, so we can only read it once.",
        "// SAFETY: By the type invariants, `p` is valid, so it is sound to read from it.",
        // Fenced code and link reference definitions show no prose; a definition that would
        // interrupt a paragraph is text.
        "/// # Safety\n///\n/// - `p` is [valid].\n///\n/// ```\n/// let x = 1;\n/// ```\n///\n/// [valid]: ptr#safety\n/// [`f`]: crate::f",
        "`p` is valid.\n[x]: y",
        "~~~\n`p` is valid.\n~~~\n`q` is valid.",
        "[x]:\n\n[x] is: valid",
        // A type's name written as code stands for its instances; a type's slot takes it too.
        "// SAFETY: `Box` is guaranteed to be non-null.",
        "// SAFETY: `Box::into_raw(b)` is non-null.",
        "// SAFETY: `HEAD` is valid by the type invariant of `Self`.",
        "`ptr` must be [valid] for both reads and writes for the whole lifetime `'a`.",
        "// SAFETY: The pointer is derived from a reference, so it's writable.",
        // A sentence that opens with "And" adds to the ones before it.
        "// SAFETY: `p` is non-null. And `p` is aligned.",
        "// SAFETY: And since `self.is_init` is true, `self.value` is initialized.",
        // A restriction to zero-sized types (or to the others) is a condition.
        "// SAFETY: for non-ZSTs, the type invariant ensures it cannot be null",
        "For ZSTs, `raw` must be a dangling, well aligned pointer.",
        // After a comma, a last part that names its own subject and verb is a clause: the
        // parts before it are read; not a connector, a condition or a relative pronoun.
        "`p` must be valid for reads, and the caller must hold the frobnicator.",
        "`*ptr` is initialized, and the ownership is transferred to this guard.",
        "`p` is non-null and aligned, and other CPUs may not touch it.",
        "`p` is valid for reads and writes for as long as the guard is alive.",
        "`count` is at most `isize::MAX`, thus the negation cannot overflow.",
        "`p` must be non-null, which it is because we assign it above.",
        "`a` is smaller than `b` and hence, the result is part of the same allocated object.",
        "self.pos and self.filled are valid, and that region is initialized.",
        "`a` is smaller than `b`, hence, the result is non-null.",
        // A hypothesis in the clause that runs into a connector states neither side; a time
        // clause ("when") or one before a comma does not.
        "// SAFETY: Writing `dst` will be in bounds if the caller guarantees that `dst` is valid for `n` writes.",
        "// SAFETY: It is freed unless the caller ensures that `p` is non-null.",
        "// SAFETY: `q` is read if needed, and the check above ensures that `p` is non-null.",
        "// SAFETY: `prev` is the value `next` had when it was in the list, so it must be valid.",
        // "Now" adds nothing to a state; "as by" gives the reason "by" gives.
        "// SAFETY: The list is now non-empty.",
        "// SAFETY: `a` and `b` are now valid as by the type invariants.",
        // A function with no requirements says "always"; "is safe to call" alone may conclude
        // that one call meets them. "The `f` function" is `f`.
        "// SAFETY: The `f` function is always safe to call no matter what the argument is.",
        "// SAFETY: `f` is safe to call, as `p` is valid.",
        "// SAFETY: Also, this is not the null pointer since the indexing above would have failed.",
        "// SAFETY: The type implements `Zeroable` by the check above.",
        "The lock must be held by the current thread.",
        // A link inside emphasis reads as its words, in its linked sense.
        "`p` must be *[valid]* for reads.",
        "`p` must be **[aligned]**.",
        "// SAFETY: `i` must be lower than `n`, and `j` is smaller or equal to `n`.",
        // Counts of elements, not of bytes.
        "`lhs` and `rhs` are both readable for `len` elements",
        "// SAFETY: `count` is at most `spare.len()`, so spare is valid for `count` writes.",
        // A pointer into a block of an allocator; the standard library's global allocator.
        "The raw pointer must point to a block of memory allocated by the global allocator.",
        "The non-null pointer must point to a block of memory allocated by `alloc`.",
        // An unsafe trait's promise; invariants broken where the value ends.
        "Implementers must ensure that all trait functions abide by the guarantees documented in the `# Guarantees` sections.",
        "// INVARIANT: This is the destructor, so we break the type invariant during clean-up, but it is not observable.",
        // A type's name outside code may take generic arguments, not a comparison's sides.
        "// SAFETY: T and MaybeUninit<T> have the same layout",
        "// SAFETY: T and Box<T, A> have the same layout",
        "// SAFETY: T and Foo<Bar<T>> have the same layout",
        "// SAFETY: a<b and c>d is valid",
        // The layout a block was allocated with, and std's looser *fit*.
        "`old_layout` must match the `Layout` the allocation has been created with.",
        "`layout` must [*fit*] that block of memory.",
        // What holds under a condition, read beside it.
        "For ZSTs, `raw` must be a dangling, well aligned pointer.",
        "If `ptr == Some(p)`, then `p` must point to an existing and valid memory allocation created by this [`Allocator`]; if `old_layout` is zero-sized `p` does not need to be a pointer returned by this [`Allocator`].",
        "If `n` is non-zero, `p` must be non-null.",
        "Unless `n` is zero, `p` must be non-null.",
        "// SAFETY: if `amount > 0`, then that many bytes were written, so `buf[amount - 1]` has been initialized.",
        "// SAFETY: If `self.is_init` is true, then `self.value` is initialized.",
        "// SAFETY: for non-ZSTs, the type invariant ensures it cannot be null",
        "// INVARIANT: If the refcount reaches zero, there are no other instances of `Arc`, and this instance is being dropped, so the broken invariant is not observable.",
        "// SAFETY: If the list has at least three items, then after removing the item, `p` is valid.",
        "// SAFETY: When `a` is non-null (it is here), `a` is aligned.",
        "// SAFETY: Whether `p` is null or not, `q` is aligned.",
        "// SAFETY: If `p` is valid, `q` is valid. If `r` is aligned, `s` is aligned.",
        "// SAFETY: If `p` is valid,",
        "If `T` is `Sized`, this function is always safe to call.",
        "// SAFETY: If the list is long, the list is long.",
        "For ZSTs:",
        "For non-ZSTs",
        "for zero-sized types, `p` is dangling and well aligned.",
        // "NUL" written as a plain word; a slice without any `NUL`, and without one inside.
        "The caller must ensure `v` contains no nul bytes in its contents.",
        "// SAFETY: As `len` is returned by `strlen`, `bytes` does not contain interior `NUL`.",
        "// SAFETY: We know there is only one nul byte, at the end of the byte slice.",
        "`ptr` must be a valid pointer to a null-terminated C string.",
        "// SAFETY: `p` is a null pointer and the NUL byte is `b`.",
        // Code that runs while its value is destroyed; "once per" counts, it gives no reason.
        "// SAFETY: As we are being dropped, we only call this once.",
        "// SAFETY: The `Box::from_raw` is safe because we're being dropped.",
        "// SAFETY: we only call `init` once per `pal::Mutex`, namely here.",
        "// SAFETY: `p` is valid per the type invariant.",
        "// SAFETY: Precondition.",
        "// SAFETY: We have exclusive access, since the disk is not added to the VFS yet.",
        // A `# Safety` item that only points to another function; not in a `// SAFETY:` comment.
        "See [`GlobalAlloc::alloc`].",
        "See [`crate::mem::size_of_val_raw`] for safety conditions.",
        "See `thread::Builder::spawn_unchecked` for safety requirements.",
        "// SAFETY: See [`GlobalAlloc::alloc`].",
        "See also [`slice::from_raw_parts`].",
        "See [`mem::transmute`][transmute] for more.",
        "See `f` for more.",
        "# Guarantees\n\nSee [`f`].",
        // The requirement said as the undefined behaviour of breaking it.
        "Calling this when the content is not yet fully initialized causes immediate undefined behavior.",
        "Calling this when `buf` is not yet fully initialized causes undefined behavior.",
        "The contained value must be of type `T`. Calling this method with the incorrect type is *undefined behavior*.",
        // Code that unwraps a pinned reference promises not to move the value out of it.
        "// SAFETY: We never move out of `this`.",
        "// SAFETY: We are not moving out of the pinned field.",
        "// SAFETY: `drivers` will not be moved.",
        // An increment of a reference count the code owns, taken or handed to it.
        "// SAFETY: We own a refcount, so the pointer is still valid.",
        "// SAFETY: We just incremented the refcount above.",
        // A conclusion with the operation first states only its reason.
        "// SAFETY: Reading from `self.as_ptr()` is safe since `self` should be initialized.",
        "// SAFETY: The pointer dereference is safe since it comes from a mutable reference which is guaranteed to be valid for writes.",
        "// SAFETY: it comes from a reference, so it is safe to dereference it.",
        "// SAFETY: Calling malloc() is safe because preconditions on this function match the trait method preconditions.",
        "// SAFETY: len > 1 so all this does for now is leak elements, which is safe.",
        "// SAFETY: `i` is in bounds of `s` so `i` cannot overflow, so the call to `add` is safe.",
        // A slice named with what it is.
        "// SAFETY: all elements of the `drivers` slice are initialized properly.",
        "// SAFETY: We're not going to move `self` or any of its fields, so its okay to temporarily remove the `Pin` wrapper.",
        "Note that even if the effectively copied size (`count * size_of::<T>()`) is `0`, the pointer must be properly aligned.",
        // "that" after "which means" opens the statement; "is safe to do" only lets it go ahead.
        "// SAFETY: We checked that `len` is more than zero, which means that reading `v_base` is safe to do.",
        "// SAFETY: `n` is non-zero, which means that `n - 1` does not overflow.",
        // "by" after "allocated" names the allocator, not a reason.
        "// SAFETY: `ptr` was allocated by `self`",
        "`ptr` must have been allocated by `alloc`.",
        "The queue lock must be held by the current thread.",
        "// SAFETY: A mutable reference cannot be null.",
        "// SAFETY: All elements of the array were populated.",
        // A slip for "The caller"; an opening that only joins the sentence to those before.
        "// SAFETY: There caller guarantees that there is no data race.",
        "// SAFETY: In either case, there's no race.",
        "// SAFETY: The buffer is known to be valid UTF-8.",
        "// SAFETY: our invariant guarantees these elements are initialized.",
        // "Now" joins a sentence to those before, but not before "that".
        "// SAFETY: now `rest` is definitely aligned, so `from_raw_parts` below is okay",
        "// SAFETY: Now that `p` is non-null, we can read it.",
        "So that `p` is non-null.",
        "// SAFETY: NOW THAT `p` is non-null, we can read it.",
        "// SAFETY: So that `p` is non-null.",
        "It is *immediate* UB to call this when the value is not initialized.",
        // `unreachable_unchecked`'s requirement, not the justification "This code is unreachable."
        "// SAFETY: The caller guarantees that `n` is non-zero, so this is unreachable.",
        "Reaching this function is *Undefined Behavior*.",
        // Where a string is cut; "lie on" of each of several subjects.
        "`begin` and `end` must lie on UTF-8 sequence boundaries.",
        "Indexes must lie on UTF-8 sequence boundaries.",
        "// SAFETY: `self.start` and `self.end` always lie on unicode boundaries.",
        // A reason with two subjects sharing one predicate is a reason for each.
        "// SAFETY: just checked that `start` and `end` are on a char boundary, and we are passing in a safe reference, so the return value will also be one.",
        "// SAFETY: `c` is aligned because `a` and `b` are non-null.",
        "// SAFETY: `UnsafeCell<T>` has the same memory layout as `T` due to #[repr(transparent)].",
        "// SAFETY: `i < self.source.len()` per previous line.",
        // A callback only the C side calls; an allocator named by its trait.
        "`phydev` must be passed by the corresponding callback in `phy_driver`.",
        "This function may only be called by blk-mq C infrastructure.",
        "// SAFETY: `src` has previously been allocated with this `Allocator`; `dst` has just been newly allocated.",
        "// SAFETY: By the type invariant, there is necessarily a reference to the object, so it is safe to increment the refcount.",
        // A reminder that the call alone is undefined behavior is no part of the requirement; a
        // closing that only says so leaves nothing to read.
        "Calling this method with an out-of-bounds index is *[undefined behavior]* even if the resulting reference is not used.",
        "`i` must be less than `len`, even if the resulting reference is not used.",
        "- `ptr` must be non-null.\n- Otherwise the behavior is undefined.",
        "// SAFETY: This callback is called only in contexts where we hold `phy_device->lock`, so the accessors on `Device` are okay to call.",
        "// SAFETY: The struct invariant ensures that we may access this field without additional synchronization.",
        "// SAFETY: `leaf` was just initialized",
        "// SAFETY: we just initialized `b`.",
        "`ptr` must be aligned. Not upholding these requirements is *[undefined behavior]* even if the resulting pointers are not used.",
        // The standard's "by" first, with no comma: the reason may end at any word, the
        // longest known one winning a tie; "pointers" fills no slot.
        "// SAFETY: By the safety requirements ptr is valid",
        "// SAFETY: By the type invariant of `ArrayLayout` we have `len * size_of::<T>() <= isize::MAX` and thus the result must be `Ok`.",
        "// SAFETY: by the type invariant pointers are aligned and `start <= end`",
        "// SAFETY: By the safety requirements we know that `ptr` came from `Arc::into_raw`, so the reference count held then will be owned by the new `Arc` object.",
        "// SAFETY: pointers are aligned.",
        // "also" adds nothing to what is okay.
        "// SAFETY: If K and V can be sent across threads, then it's also okay to send [`RBTreeNode`] across threads.",
        // What belongs to a code span, with its owner after it.
        "// SAFETY: By the `Arc` type invariant, there is necessarily a reference to the object, so it is safe to dereference it.",
        "// SAFETY: `p` is valid by the `List` invariants and the `Arc` type invariant.",
        "- You must ensure that the `BTreeMap` invariants are maintained.",
        "# Invariants\n\n- `gendisk` must always point to an initialized and valid `struct gendisk`.",
        "// SAFETY: `self.0` is a valid error due to its invariant.",
        "// SAFETY: Type is allowed to take any value, including all zeros.",
        // A condition on two subjects holds under both; a lone capital letter names a type.
        "// SAFETY: If K and V can be accessed without synchronization, then it's also okay to access [`RBTreeNode`] without synchronization.",
        "// SAFETY: If `p` and `q` are non-null, `r` is valid.",
        "// SAFETY: If `p` and the foo are non-null, `r` is valid.",
        "// SAFETY: A and B are aligned.",
        // std's "Assumes ..." states what the function needs.
        "Assumes capacity is sufficient.",
        "- Assumes that `p` is non-null.",
        // Unread words of a reason stay one reason; a known one among them stands apart.
        "// SAFETY: `p` is valid because it starts at 0 and only increases.",
        "// SAFETY: `p` is valid because foo and bar and `q` is non-null and baz.",
        "// SAFETY: the maximum is `isize::MAX`, so the subtraction cannot overflow.",
        // "Otherwise" restricts what follows to the case left open before it.
        "- Otherwise, `ptr` must have been allocated with the allocator `A`.",
        "// SAFETY: callers must ensure `[a, a+n)` are all valid for reading and writing.",
        // A sentence that only announces the list after it states nothing; one that claims
        // something before its colon, or ends otherwise, is read as it is.
        "Specifically:\n\n- `p` must be non-null.\n- `p` must be aligned.",
        "// SAFETY: There are three cases:\n// - `p` is null.",
        "// SAFETY: The `add` here is safe, because:\n// - `p` is non-null.",
        "Callers of this function are responsible that these preconditions are satisfied:\n* `p` is aligned",
        "There are three cases.",
        "Specifically, `p` is valid:\n- `q` is aligned",
        "The produced `&mut` is valid because:\n- `p` is aligned",
        // An introduction that is a condition or ends in a subject's duty gives it to each item
        // of its list, nested ones too, until the next paragraph; any other is read as it is.
        "If `T` is a ZST:\n\n- `ptr` must be a dangling, well aligned pointer.\n\nOtherwise:\n\n- `ptr` must be aligned.\n- The first `length` elements must be initialized.",
        "Some prose. For ZSTs:\n- `p` must be aligned\n  - `q` must be non-null\n\nA note.\n- `r` must be non-null",
        "The value must:\n\n- Not be `NaN`\n- Be non-null\n- NUL bytes",
        "Casting floats is fine. Specifically, each element must:\n- be valid for reads",
        "`upper` must either:\n- Be `None`\n- Be non-null",
        "When `p` is null, callers must:\n- `q` is aligned",
        "Callers must ensure the following for the lifetime of the returned value:\n1. That `inner` remains valid;",
        "// SAFETY: If `n` is zero:\n// - `p` is aligned because it is non-null.",
        "// SAFETY: the pointer must:\n// - be aligned",
        // "Otherwise" right after a list under a condition holds under its opposite, where the
        // dictionary reads it; after anything else it stays unread.
        "For ZSTs:\n\n- `p` must be aligned.\n\nOtherwise:\n\n- `p` must be non-null.",
        "If `n` is not zero:\n- `p` must be aligned.\n\nOtherwise:\n- `p` must be non-null.",
        "If `n` is zero:\n- `p` must be aligned.\n\nOtherwise:\n- `p` must be non-null.",
        "If `T` is not a ZST:\n- `p` must be aligned.\n\nOtherwise:\n- `p` must be non-null.",
        "If `T` is a ZST:\n- `p` must be aligned.\n\nA note. Otherwise:\n- `p` must be non-null.",
        "If `x` is `a is b`:\n- `p` must be aligned.\n\nOtherwise:\n- `p` must be non-null.",
        "/// If `T` is a ZST:\n///\n/// # Guarantees\n///\n/// - `p` is aligned.",
        // An allocator implementation's contract, as Linux's `Allocator` states it and its
        // implementations restate it.
        "- A memory allocation returned from an allocator must remain valid until it is explicitly freed.\n- Any pointer to a valid memory allocation must be valid to be passed to any other [`Allocator`] function of the same type.",
        "// SAFETY: `realloc` delegates to `f`, which guarantees that\n// - memory remains valid until it is explicitly freed,\n// - passing a pointer to a valid memory allocation is OK,",
        // A sentence wholly in parentheses is a remark, no item; one that only holds some is
        // read as it is.
        "- `p` must be aligned. (It need not be initialized.)\n- (See below for an example.)",
        "- (`p` must be aligned) and `q` must be non-null.\n- (a) `p` is aligned (b).\n- `p` must be aligned (even for ZSTs).",
        "/// (The `f()` call is fine.)\n/// `p` must be non-null.",
        // "while" opens a clause with its own subject; a lifetime "of" something is a duration.
        "`p` must be valid for writes, while `q` and `r` must remain valid for reads indefinitely.",
        "The caller must guarantee that `a` is valid to read, while not aliasing.",
        "`p` is valid for the whole lifetime of `x`.",
        // An introduction that asks for its items over a duration holds each over it.
        "Callers must ensure the following for the lifetime of the returned [`ArcBorrow`] instance:\n\n1. That `inner` remains valid;\n2. That no mutable references to `inner` are created.",
        "- The caller must ensure the following during the call:\n  - `p` is valid for reads\n  - while `q` is aligned,",
        "The caller must ensure the following until `f` returns:\n- that `p` is valid\n- while `q` is aligned,",
        // A span naming a function, right before "guarantees" or "ensures", is read with "the
        // guarantee of" before it; a type's or a trait's name is not.
        "// SAFETY: `IS_ERR()` ensures `p` is non-null.",
        "// SAFETY: The preceding calls to `f` and `a::b` guarantee that `p` is aligned.",
        "// SAFETY: `Searcher` guarantees that `p` is aligned.",
        "// SAFETY: `p` is aligned because `mem::align_of` ensures it, and `g()` guarantee.",
        "The following for the lifetime of `x`:\n- `p` is valid.\n\nCallers must ensure the following for the lifetime of this object:\n- `p` is valid.",
        // A sentence that opens with its duration is read with it after its words, where that
        // reads all of it; else a "when" or "while" clause stays a condition.
        "When `CStr` is alive, the memory pointed by `ptr` must not be mutated.",
        "While `x` (and `y`) is alive, `p` must be valid for reads for the duration of `'a`.",
        "As long as the value is alive, the memory at `p` must not be mutated.",
        "For the duration of `'b`, the memory at `p` must not be mutated, and `q` must be aligned.",
        "While `x` is alive, `p` must be non-null.",
        "When is alive, the memory at `p` must not be mutated.",
        "During the call, the memory at `p` must not be mutated.",
        "For the duration of `'b`,",
        // A phrasing may leave its pointer unnamed where it names every function.
        "Additionally, it must not be called more than once for each previous call to [`f`].",
        "`g` must not be called more than once for each previous call to `f`.",
        // A range written as an interval is one code span of the range; a link's text is not.
        "If `n` is greater than `len`, all elements within the interval [`len`,`n`) must be initialized.",
        "All elements within [ `a` , `b` ] must be initialized, and the bytes (interval [`c`, `d`)) too.",
        "All elements within [`a`, `b`](https://x) must be initialized.",
        "All elements within [`a`, `b`][r] must be initialized.",
        "All elements within x[`a`, `b`) must be initialized.",
        "All elements within [`a` and `b`) must be initialized.",
        // A trait bound written as code reads as its words; other code with a colon does not.
        "`T: Zeroable` and `U` is `repr(transparent)`.",
        "// SAFETY: Because `Self: Zeroable`, `p` is aligned.",
        "`vec: Vec<T>`, `T: !Unpin`, `T: ?Sized`, `T: A + B` and `T:Zeroable<u8>`.",
        // An object named by the pointer to it: only where the sentence's verb follows.
        "Callers must ensure that `p` has a non-zero reference count, i.e. it must be ensured that the reference count of the C `struct device` `p` points to can't drop to zero, for the duration of this function call.",
        "The reference count of the value `p` points to cannot hit zero for the duration of `'a`.",
        "The pointer `p` points to a valid value, and the reference count of the object `q` points at does not hit zero for the duration of `'a`.",
        "The reference count of the a b c d `p` points to does not drop to zero.",
        "`p` is valid for reads, for the duration of `'a`.",
        "Due to `&mut self`, we have exclusive access to `k` and `v`, for the lifetime of `'a`.",
        "Further, for the duration of `'a`, `p` is valid for reads. Further, `p` is valid for reads, for the duration of `'a`.",
        // A C type's slot takes only a span naming a C type.
        "By type invariant, `self.0` is a valid [`struct request`] and `p` must point to a live `bindings::device` for the duration of `'a`.",
        "`x` is a valid `char`, `y` is a valid `T`, `q` points to a valid `union u` and `r` points at a valid `Device`.",
        "`p` is valid for reads,  during `'a`, and `q` is non-null, until `f` is called, untilled.",
        // A sentence that a word like "Hence" opens and that only concludes is no item.
        "`p` is valid. Hence, it is safe to reconstruct the `Box`. Therefore, reading `p` is safe. Thus it is safe to assume that `q` is aligned.",
        "// SAFETY: `p` is non-null. So we can read it. And we can read it. Now it is safe to read it.",
        // A value one statement reads as a pointer is no place in another.
        "`p` is valid for read and write and is properly initialised. `p` is non-null and `x` is initialized. `x` is initialized and non-null.",
        "// SAFETY: `q` is initialized, `r` is non-null, and `q` is valid for reads. The supplied pointer is valid for initialization.",
        // In an invariant, "always" says nothing the position does not.
        "# Invariants\n\n- `p` is always non-null.\n- `q` is always valid for reads and always aligned.\n- `x` is always initialized.\n- `y` is always `always` and never null.",
        "// INVARIANT: `self.len` is always less than `self.cap` and `p` is always unheard of.",
        "// SAFETY: `p` is always non-null.",
        "// INVARIANT: `p` is\n// always non-null.",
        // ", given" gives a reason; "the given pointer" is a subject.
        "// SAFETY: `v` cannot contain nul bytes, given that `p` is non-null. The given pointer is valid, given `q` is aligned.",
        // A clause of its own after "and", with no comma: its subject is one of
        // `clause_subjects`; a list modifier is not.
        "// SAFETY: `request` is non-null and the private data is properly initialized.",
        "// SAFETY: by the function requirements the pointer is valid and we have unique access for the duration of `'a`.",
        "// SAFETY: `p` is non-null and writes for `len` bytes are fine.",
        "// SAFETY: `p` is non-null and nobody else may touch it. `q` is aligned and its length is odd, and `r` is frobbed.",
        // What an access is to, in plain words, is dropped; a code span keeps its place
        // without its article; an object holding code stays as written.
        "// SAFETY: We have exclusive access to both lists, so we can update the pointers. We have a shared reference to the `ListArc`. we have exclusive access to the entire node.",
        "// SAFETY: we have a mutable reference to the list containing `item`. The caller has immutable access to the key for the duration of 'b. we have exclusive access to these fields since we have a mutable reference to the list.",
        "// SAFETY: We have Exclusive Access To The Buffer and `p` is valid. We have exclusive access to the slice.",
        // A type parameter fills no pointer's slot; a constant fills a value's.
        "// INVARIANT: `A` is always valid.\n// SAFETY: `Self` is non-null. `T` is aligned. `N` is non-zero. `p` is valid and `Box` is non-null.",
        // A type's name fills no field's slot; a field's does.
        "// SAFETY: `ArchivedTag` is always initialized. `T` is always initialized. `self.tag` is always initialized. `MAX` is always initialized.",
        // A later part shares no subject up to "or", nor any when it compares on its own.
        "// SAFETY: Checked that `index <= len` and `len + n == grown <= LIMIT`. `index` is less than or equal to `len` and `cap`. `i` is less than `len` and `cap`.",
        "// SAFETY: `a < b` and `c`. `a` is non-null and `b != c`. `i <= n`, `j` and `k && m`. `i` is less than `len` and `n == m`.",
        // Commas before "or" list alternatives.
        "// SAFETY: data races are prevented by atomic intrinsics, the kernel helper, or the lock and `p` is valid. `p` is aligned, non-null, or dangling. `p` is aligned, non-null, and valid or null.",
        "// SAFETY: `p` is valid, aligned, and non-null, or `q` is null.",
        // Data only: a hyphenated adjective, the longer of two prefixes, "Same as" in `# Safety`.
        "// SAFETY: `p` is properly-aligned. The caller has guaranteed that `n` is not zero.",
        "# Safety\n\nSame as `from_abi`.",
        // After "defined", "by" names who does it.
        "// SAFETY: the lifetime `'a` is completely defined by the caller. `'a` is chosen by the caller. The lock is held by the caller. `p` is valid by the caller.",
    ] {
        out.push(list.to_string());
    }
    out.push("`p` is perfectly fine, trust me.".to_string());
    out.push("the pointre is vaild for raeds".to_string());
    out.push("the pointer is vaild for raeds".to_string());
    out.push("it is vaild for raeds".to_string());
    out.push("`ptr` must be valid for reads of `len` bytes.".to_string());
    out.push("Nothing here refers to the dictionary at all.".to_string());
    out.dedup();
    out
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

pub fn corpus(dict: &Dictionary, path: &Path, data: Option<&Path>) -> u8 {
    if let Some(data) = data {
        let json = match serde_json::to_string(&safety_dict::export::expander_data(dict)) {
            Ok(j) => j,
            Err(e) => {
                eprintln!("error: cannot serialise the expander data: {e}");
                return EXIT_TROUBLE;
            }
        };
        if let Err(e) = std::fs::write(data, json + "\n") {
            eprintln!("error: cannot write {}: {e}", data.display());
            return EXIT_TROUBLE;
        }
    }
    let cases: Vec<Case> = inputs(dict)
        .into_iter()
        .map(|input| {
            let expected = dict.expand(&input);
            Case {
                markdown: safety_dict::expand::render_markdown(&expected),
                expected,
                input,
            }
        })
        .filter(|c| !c.expected.items.is_empty())
        .collect();
    let json = match serde_json::to_string_pretty(&cases) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: cannot serialise the corpus: {e}");
            return EXIT_TROUBLE;
        }
    };
    if let Err(e) = std::fs::write(path, json + "\n") {
        eprintln!("error: cannot write {}: {e}", path.display());
        return EXIT_TROUBLE;
    }
    eprintln!("wrote {} case(s) to {}", cases.len(), path.display());
    EXIT_OK
}
