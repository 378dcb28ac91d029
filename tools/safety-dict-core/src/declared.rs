//! A reading checked against the types the code declares: "`inner` is valid" reads as
//! `valid-pointer`, but where `inner` is a field of type `Opaque<blk_mq_tag_set>` it is no
//! pointer, and the sentence means something the entry does not say. The words alone cannot
//! tell; a tool that sees the code (the lint) gives the declared types of the names in scope,
//! and the grammar's `declared_types` says which of them contradict a variable of an entry.

use serde::{Deserialize, Serialize};

use crate::dictionary::Dictionary;
use crate::expand::{Position, Statement};
use crate::matcher::{Form, Match};

/// What a declared Rust type is, as far as a variable of an entry can be contradicted by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeClass {
    /// A raw pointer (`*const T`, `*mut T`): no owner of what it points to.
    RawPointer,
    /// `NonNull`, or a type that owns or wraps a pointer (`Box`, `Arc`, `Pin<Box<T>>`).
    Pointer,
    /// A reference: a pointer to what it refers to, and compared or initialized through.
    Reference,
    /// A primitive integer or one of its FFI aliases.
    Integer,
    /// A type known to be neither (`bool`, an array, `Layout`, `Opaque<T>`).
    Neither,
    /// Anything else: a type parameter, an alias, a type the grammar does not know.
    Unknown,
}

/// What a variable of an entry holds, where a declared type can contradict it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotKind {
    /// A pointer's (`pointer_places.pointer_types`).
    Pointer,
    /// An integer's (`integer_slots`).
    Integer,
    /// A place or a field whose value is what the entry speaks of.
    Place,
    /// Bytes held by the value itself (`&[u8]`, `Vec<u8>`): never a raw pointer, which has no
    /// length, nor a number.
    Bytes,
}

impl SlotKind {
    pub fn name(self) -> &'static str {
        match self {
            SlotKind::Pointer => "a pointer",
            SlotKind::Integer => "an integer",
            SlotKind::Place => "the place itself",
            SlotKind::Bytes => "a sequence of bytes",
        }
    }

    /// What a declared type that contradicts this slot is, said after "declared `T` here".
    pub fn contradicted_by(self) -> &'static str {
        match self {
            SlotKind::Pointer => "which is no pointer",
            SlotKind::Integer => "which is no number",
            SlotKind::Place => "which points elsewhere: the words speak of what it points to",
            SlotKind::Bytes => "which is no sequence of bytes",
        }
    }

    fn admits(self, class: TypeClass) -> bool {
        match self {
            SlotKind::Pointer => !matches!(class, TypeClass::Integer | TypeClass::Neither),
            // A raw pointer to bytes (`*const c_char`) has no length: "`name` is NUL-terminated"
            // of one is `nul-terminated-c-string`, not a slice's entry. A box or a vector of
            // bytes holds them.
            SlotKind::Bytes => !matches!(class, TypeClass::Integer | TypeClass::RawPointer),
            // An address compares as the integer it is (`end <= buf + cap` of two pointers),
            // and a reference is compared through: only what is surely no number contradicts
            // an integer.
            SlotKind::Integer => class != TypeClass::Neither,
            // "`p` is initialized" of a raw pointer or a box means what it points to, which a
            // place's entry does not say (`value-initialized` does); a reference is read as
            // the place it refers to.
            SlotKind::Place => !matches!(class, TypeClass::Pointer | TypeClass::RawPointer),
        }
    }
}

/// The grammar's `declared_types`: how a declared type's name (the last segment of its path,
/// before any generic arguments) is classed, and which entry variable types hold an integer or
/// a place (those that hold a pointer are `pointer_places.pointer_types`).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeclaredTypes {
    pub integer_slots: Vec<String>,
    /// Entry variable types, compared whole, that hold a place (or field) itself.
    pub place_slots: Vec<String>,
    /// Entry variable types, compared whole, that hold bytes themselves (`&[u8]`).
    #[serde(default)]
    pub bytes_slots: Vec<String>,
    pub pointers: Vec<String>,
    pub integers: Vec<String>,
    pub neither: Vec<String>,
    /// Wrappers classed as what they wrap (`Option<NonNull<T>>` is a pointer).
    pub transparent: Vec<String>,
    /// An entry about a place (`place-initialized`) and the entry that says the same of what
    /// a pointer points to (`value-initialized`, with one variable): where the place is
    /// declared as a pointer, the words speak of its pointee, and read as that entry.
    #[serde(default)]
    pub pointee_entries: std::collections::BTreeMap<String, String>,
}

impl DeclaredTypes {
    /// The class of a declared type, written as in the source.
    pub fn class(&self, ty: &str) -> TypeClass {
        let ty = ty.trim();
        if ty.starts_with('&') {
            return TypeClass::Reference;
        }
        if ty.starts_with("*const") || ty.starts_with("*mut") {
            return TypeClass::RawPointer;
        }
        if ty.starts_with('[') || ty.starts_with('(') {
            return TypeClass::Neither;
        }
        let (path, args) = match ty.find('<') {
            Some(at) if ty.ends_with('>') => (&ty[..at], Some(&ty[at + 1..ty.len() - 1])),
            Some(_) => return TypeClass::Unknown,
            None => (ty, None),
        };
        let head = path.rsplit("::").next().unwrap_or(path).trim();
        let is = |list: &[String]| list.iter().any(|t| t == head);
        if is(&self.transparent) {
            return match args {
                // The first generic argument, where it holds no other: `Option<NonNull<T>>`,
                // not `Result<T, E>`.
                Some(a) if !a.contains(',') => self.class(a),
                _ => TypeClass::Unknown,
            };
        }
        if is(&self.pointers) {
            TypeClass::Pointer
        } else if is(&self.integers) {
            TypeClass::Integer
        } else if is(&self.neither) {
            TypeClass::Neither
        } else {
            TypeClass::Unknown
        }
    }
}

/// A reading the declared type of one of its values contradicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeConflict {
    /// The entry's variable and the value that fills it, as read.
    pub var: String,
    pub value: String,
    /// The type the value is declared with where the sentence stands.
    pub declared: String,
    /// What the entry's variable holds.
    pub slot: SlotKind,
}

/// How a reading stands against the types the code declares (`Dictionary::against_declared`).
#[derive(Debug, Clone, PartialEq)]
pub enum Declared {
    /// Nothing declared contradicts it: it stands as read.
    Holds,
    /// Its place is declared as a pointer, and the words speak of the pointee: it reads as
    /// this statement instead (`declared_types.pointee_entries`).
    Pointee(Statement),
    /// A declared type contradicts it: it is no reading.
    Refused(TypeConflict),
}

impl Dictionary {
    /// How a recognised statement stands against `declared`: as read, as what it says of a
    /// pointee (where `pointee_entries` pairs its entry with one for a place declared as a
    /// pointer), or refused by the conflict.
    pub fn against_declared(&self, s: &Statement, declared: &[(String, String)]) -> Declared {
        match self.declared_type_conflict(s, declared) {
            None => Declared::Holds,
            Some(c) => match self.pointee_reading(s, &c) {
                Some(p) => Declared::Pointee(p),
                None => Declared::Refused(c),
            },
        }
    }

    /// In a recognised statement, the first variable that holds a pointer or an integer and is
    /// filled by a name `declared` gives a type of another kind ("`inner`" declared
    /// `Opaque<T>` in the `ptr` of `valid-pointer`). `declared` pairs a name as the sentence
    /// writes it between backticks (`inner`, `self.inner`) with its type as the code writes
    /// it; only a tool that sees the code (the lint) knows them.
    fn declared_type_conflict(
        &self,
        s: &Statement,
        declared: &[(String, String)],
    ) -> Option<TypeConflict> {
        let Statement::Recognised {
            entry, bindings, ..
        } = s
        else {
            return None;
        };
        let data = &self.grammar().data;
        let (Some(types), Some(places)) = (&data.declared_types, &data.pointer_places) else {
            return None;
        };
        let entry = self.entry(entry)?;
        bindings.iter().find_map(|(var, value)| {
            let ty = &entry.var(var)?.ty;
            let slot = if places.is_pointer(ty) {
                SlotKind::Pointer
            } else if types.integer_slots.iter().any(|t| t == ty) {
                SlotKind::Integer
            } else if types.place_slots.iter().any(|t| t == ty) {
                SlotKind::Place
            } else if types.bytes_slots.iter().any(|t| t == ty) {
                SlotKind::Bytes
            } else {
                return None;
            };
            let name = value.strip_prefix('`')?.strip_suffix('`')?;
            let (_, declared) = declared.iter().find(|(n, _)| n == name)?;
            (!slot.admits(types.class(declared))).then(|| TypeConflict {
                var: var.clone(),
                value: value.clone(),
                declared: declared.clone(),
                slot,
            })
        })
    }

    /// What a statement whose place `c` found declared as a pointer (the only type a place's
    /// slot refuses) says of the pointee: the entry grammar `declared_types.pointee_entries`
    /// pairs with its entry, its one variable filled by the pointer ("`x` was just
    /// initialized" of a `Box<MaybeUninit<T>>` is `value-initialized` of `x`). `None` for any
    /// other conflict or entry.
    fn pointee_reading(&self, s: &Statement, c: &TypeConflict) -> Option<Statement> {
        if c.slot != SlotKind::Place {
            return None;
        }
        let types = self.grammar().data.declared_types.as_ref()?;
        let target = self.entry(types.pointee_entries.get(s.entry()?)?)?;
        let [var] = &target.vars[..] else {
            return None;
        };
        let m = Match {
            entry: target.id.clone(),
            form: Form::Canonical,
            bindings: [(var.name.clone(), c.value.clone())].into_iter().collect(),
        };
        // The entries paired here take no duration, the one thing a position changes.
        Some(self.recognised(s.text(), m, Position::Requirement))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types() -> DeclaredTypes {
        let list = |s: &[&str]| s.iter().map(|t| t.to_string()).collect();
        DeclaredTypes {
            integer_slots: list(&["usize", "integer"]),
            place_slots: list(&["place"]),
            bytes_slots: list(&["&[u8]"]),
            pointers: list(&["NonNull", "Box"]),
            integers: list(&["usize", "c_int"]),
            neither: list(&["Layout", "Opaque", "bool"]),
            transparent: list(&["Option", "ManuallyDrop"]),
            pointee_entries: Default::default(),
        }
    }

    #[test]
    fn classes_by_the_last_segment_before_generic_arguments() {
        let t = types();
        assert_eq!(t.class("*mut bindings::foo"), TypeClass::RawPointer);
        assert_eq!(t.class("&'a mut [u8]"), TypeClass::Reference);
        assert_eq!(t.class("core::ptr::NonNull<T>"), TypeClass::Pointer);
        assert_eq!(
            t.class("Opaque<bindings::blk_mq_tag_set>"),
            TypeClass::Neither
        );
        assert_eq!(t.class("core::ffi::c_int"), TypeClass::Integer);
        assert_eq!(t.class("[u8; 4]"), TypeClass::Neither);
        assert_eq!(t.class("(usize, usize)"), TypeClass::Neither);
        assert_eq!(t.class("Layout"), TypeClass::Neither);
    }

    #[test]
    fn a_wrapper_is_what_it_wraps_and_the_rest_is_unknown() {
        let t = types();
        assert_eq!(t.class("Option<NonNull<u8>>"), TypeClass::Pointer);
        assert_eq!(t.class("ManuallyDrop<usize>"), TypeClass::Integer);
        assert_eq!(t.class("Option<T>"), TypeClass::Unknown);
        assert_eq!(
            t.class("Result<NonNull<u8>, AllocError>"),
            TypeClass::Unknown
        );
        assert_eq!(t.class("jobject"), TypeClass::Unknown);
        assert_eq!(t.class("T"), TypeClass::Unknown);
        assert_eq!(t.class("impl Fn() -> usize"), TypeClass::Unknown);
    }

    #[test]
    fn slots_refuse_only_what_is_surely_of_another_kind() {
        use TypeClass::*;
        assert!(!SlotKind::Pointer.admits(Integer));
        assert!(!SlotKind::Pointer.admits(Neither));
        assert!(SlotKind::Pointer.admits(Reference));
        assert!(SlotKind::Pointer.admits(Unknown));
        assert!(SlotKind::Integer.admits(Pointer));
        assert!(!SlotKind::Integer.admits(Neither));
        assert!(SlotKind::Integer.admits(Reference));
        assert!(SlotKind::Integer.admits(Integer));
        assert!(!SlotKind::Place.admits(Pointer));
        assert!(!SlotKind::Place.admits(RawPointer));
        assert!(SlotKind::Pointer.admits(RawPointer));
        assert!(SlotKind::Integer.admits(RawPointer));
        assert!(!SlotKind::Bytes.admits(RawPointer));
        assert!(!SlotKind::Bytes.admits(Integer));
        assert!(SlotKind::Bytes.admits(Pointer));
        assert!(SlotKind::Bytes.admits(Neither));
        assert!(SlotKind::Place.admits(Reference));
        assert!(SlotKind::Place.admits(Neither));
    }
}
