// safety-dict: the web expander. Reproduces `safety-dict expand --format json` in the browser
// from the data that the dictionary library exports (`export::expander_data`) into the page
// as <script type="application/json" id="sd-expander-data">. The rules (lead-ins, rewrites,
// justification forms, phrasings, slots) come from that data; this file only interprets it.
//
// Contract: `window.safetyDictExpand(text)` returns the Expansion object (same fields as the
// CLI's JSON). `window.safetyDictExpander(data)` builds an expander from other data (tests).
(function (root) {
    "use strict";

    // Rust's `char::is_whitespace` (Unicode White_Space), which is also Rust regex's `\s`.
    var WS = "\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";
    var S = "[" + WS + "]";
    var NOT_S = "[^" + WS + "]";
    var WS_RUN = new RegExp(S + "+", "u");
    var IS_WS = new RegExp("^" + S + "$", "u");
    var TRIM_START = new RegExp("^" + S + "+", "u");
    var TRIM_END = new RegExp(S + "+$", "u");
    // Rust regex's Unicode `\w`, for `\b`.
    var W = "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]";
    var B = "(?:(?<=" + W + ")(?!" + W + ")|(?<!" + W + ")(?=" + W + "))";

    var MASK_BASE = 0xE000;
    var MASK_LIMIT = 6000;

    function trimStart(s) { return s.replace(TRIM_START, ""); }
    function trimEnd(s) { return s.replace(TRIM_END, ""); }
    function trim(s) { return trimEnd(trimStart(s)); }
    function isWs(c) { return IS_WS.test(c); }

    function foldWhitespace(text) {
        return text.split(WS_RUN).filter(function (w) { return w !== ""; }).join(" ");
    }

    function escapeRegex(s) { return s.replace(/[\\^$.*+?()[\]{}|\/]/g, "\\$&"); }

    function utf8Length(s) {
        var n = 0;
        for (var i = 0; i < s.length; i++) {
            var c = s.charCodeAt(i);
            if (c < 0x80) { n += 1; } else if (c < 0x800) { n += 2; } else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) { n += 4; i++; } else { n += 3; }
        }
        return n;
    }

    // --- Backticked spans (text.rs) ---
    function segments(text) {
        var out = [];
        var rest = text;
        for (;;) {
            var open = rest.indexOf("`");
            if (open < 0) { break; }
            var after = rest.slice(open + 1);
            var close = after.indexOf("`");
            if (close < 0) { break; }
            if (open > 0) { out.push({ code: false, text: rest.slice(0, open) }); }
            out.push({ code: true, text: after.slice(0, close) });
            rest = after.slice(close + 1);
        }
        if (rest !== "") { out.push({ code: false, text: rest }); }
        return out;
    }

    function substitute(template, bindings) {
        var out = "";
        segments(template).forEach(function (seg) {
            if (!seg.code) { out += seg.text; } else if (Object.prototype.hasOwnProperty.call(bindings, seg.text)) { out += bindings[seg.text]; } else { out += "`" + seg.text + "`"; }
        });
        return out;
    }

    // --- Masks (grammar.rs) ---
    function maskIndex(c) {
        if (c === undefined) { return null; }
        var v = c.charCodeAt(0);
        return v >= MASK_BASE && v < MASK_BASE + MASK_LIMIT && c.length === 1 ? v - MASK_BASE : null;
    }

    // grammar.rs, without_article_before_code: "the `x` is ..." reads as "`x` is ..." (masked
    // text in, the rest after "the " out, or null).
    function withoutArticleBeforeCode(s) {
        if (s.slice(0, 4).toLowerCase() !== "the ") { return null; }
        var first = s.codePointAt(4);
        return first >= MASK_BASE && first < MASK_BASE + MASK_LIMIT && s.charAt(5) === " " ? s.slice(4) : null;
    }

    function unmasked(folded) {
        var out = "";
        for (var k = 0; k < folded.masked.length; k++) {
            var c = folded.masked[k];
            var i = maskIndex(c);
            if (i !== null && i < folded.codes.length) { out += "`" + folded.codes[i] + "`"; } else { out += c; }
        }
        return out;
    }

    function rejoinMasks(original, folded) {
        var glue = [];
        var segs = segments(original);
        segs.forEach(function (seg, k) {
            if (!seg.code) { return; }
            var prev = segs[k - 1];
            var next = segs[k + 1];
            var before = prev === undefined ? false : (prev.code ? true : !isWs(lastChar(prev.text)));
            var after = next === undefined ? false : (next.code ? true : !isWs(firstChar(next.text)));
            glue.push([before, after]);
        });
        var out = "";
        for (var idx = 0; idx < folded.length; idx++) {
            var c = folded[idx];
            if (c === " ") {
                var pi = idx > 0 ? maskIndex(folded[idx - 1]) : null;
                var ni = maskIndex(folded[idx + 1]);
                var prevGlued = pi !== null && glue[pi] !== undefined && glue[pi][1];
                var nextGlued = ni !== null && glue[ni] !== undefined && glue[ni][0];
                if (prevGlued || nextGlued) { continue; }
            }
            out += c;
        }
        return out;
    }

    function lastChar(s) { var a = Array.from(s); return a.length ? a[a.length - 1] : ""; }
    function firstChar(s) { var a = Array.from(s); return a.length ? a[0] : ""; }

    function stripFinalPunctuation(s) {
        return trimEnd(trimEnd(s).replace(/[.;:,]+$/, ""));
    }

    function wordsAlternation(words) {
        return words.map(function (w) {
            return escapeRegex(foldWhitespace(w)).split(" ").join(S + "+");
        }).join("|");
    }

    // --- Rust regex syntax of the exported phrasings, for engines without `(?i:...)` ---
    function caseClass(c) {
        var lo = c.toLowerCase();
        var up = c.toUpperCase();
        if (lo === up || Array.from(lo).length !== 1 || Array.from(up).length !== 1) { return c; }
        return "[" + lo + up + "]";
    }

    function translateModifiers(src) {
        var out = "";
        var stack = [];
        var ci = 0;
        var inClass = false;
        for (var i = 0; i < src.length; i++) {
            var c = src[i];
            if (c === "\\") { out += c + src[i + 1]; i++; continue; }
            if (inClass) { if (c === "]") { inClass = false; } out += c; continue; }
            if (c === "[") { inClass = true; out += c; continue; }
            if (src.startsWith("(?i:", i)) { stack.push(true); ci++; out += "(?:"; i += 3; continue; }
            if (c === "(") { stack.push(false); out += c; continue; }
            if (c === ")") { if (stack.pop()) { ci--; } out += c; continue; }
            out += ci > 0 ? caseClass(c) : c;
        }
        return out;
    }

    function compilePattern(src) {
        try { return new RegExp(src); } catch (e) { return new RegExp(translateModifiers(src)); }
    }

    // --- Similarity (strsim 0.11) ---
    function sorensenDice(a, b) {
        a = Array.from(a).filter(function (c) { return !isWs(c); });
        b = Array.from(b).filter(function (c) { return !isWs(c); });
        var as = a.join("");
        var bs = b.join("");
        if (as === bs) { return 1.0; }
        var al = utf8Length(as);
        var bl = utf8Length(bs);
        if (al < 2 || bl < 2) { return 0.0; }
        var grams = new Map();
        for (var i = 0; i + 1 < a.length; i++) {
            var g = a[i] + "\u0000" + a[i + 1];
            grams.set(g, (grams.get(g) || 0) + 1);
        }
        var inter = 0;
        for (var j = 0; j + 1 < b.length; j++) {
            var h = b[j] + "\u0000" + b[j + 1];
            var n = grams.get(h);
            if (n !== undefined && n > 0) { grams.set(h, n - 1); inter++; }
        }
        return (2 * inter) / (al + bl - 2);
    }

    function levenshtein(a, b) {
        a = Array.from(a);
        b = Array.from(b);
        var cache = [];
        for (var k = 1; k <= b.length; k++) { cache.push(k); }
        var result = b.length;
        for (var i = 0; i < a.length; i++) {
            result = i + 1;
            var distanceB = i;
            for (var j = 0; j < b.length; j++) {
                var cost = a[i] !== b[j] ? 1 : 0;
                var distanceA = distanceB + cost;
                distanceB = cache[j];
                result = Math.min(result + 1, Math.min(distanceA, distanceB + 1));
                cache[j] = result;
            }
        }
        return result;
    }

    function normalizedLevenshtein(a, b) {
        if (a === "" && b === "") { return 1.0; }
        return 1.0 - levenshtein(a, b) / Math.max(Array.from(a).length, Array.from(b).length);
    }

    // matcher.rs, shape_of: the grammar's subjects ("the pointer") count as code too.
    function shapeOf(text, subjectsRe) {
        var out = "";
        segments(text).forEach(function (seg) {
            if (seg.code) { out += "x"; return; }
            var lower = seg.text.toLowerCase();
            out += subjectsRe ? lower.replace(subjectsRe, "x") : lower;
        });
        return out;
    }

    // matcher.rs, shape_subjects: whole words, longest first.
    function shapeSubjects(grammar) {
        var words = [];
        (grammar.subjects || []).forEach(function (g) {
            g.words.forEach(function (w) {
                var f = foldWhitespace(w).toLowerCase();
                if (words.indexOf(f) < 0) { words.push(f); }
            });
        });
        if (words.length === 0) { return null; }
        words.sort(function (a, b) {
            if (a.length !== b.length) { return b.length - a.length; }
            return a < b ? -1 : a > b ? 1 : 0;
        });
        return new RegExp("\\b(?:" + words.map(escapeRegex).join("|") + ")\\b", "g");
    }

    // --- Input splitting (expand.rs) ---
    // expand.rs, MAX_MARKER_INDENT.
    var MAX_MARKER_INDENT = 3;
    var COMMENT_MARKER = new RegExp("^(" + S + "*)(///?!?|/\\*+!?|\\*+/|\\*(?:" + S + "|$))?" + S + "?", "u");
    // expand.rs, indent: after the comment marker and its space, or from a marker-less line's start.
    function indentOf(raw) {
        var m = COMMENT_MARKER.exec(raw);
        if (m === null) { return 0; }
        if (m[2] !== undefined) {
            var after = raw.slice(m[0].length);
            return Array.from(after).length - Array.from(trimStart(after)).length;
        }
        return Array.from(m[1]).length;
    }
    var LIST_MARKER = new RegExp("^" + S + "*(?:[-*+]|\\p{Nd}+[.)])" + S + "+", "u");
    var SECTION_HEADING = new RegExp("^" + S + "*#+" + S + "+" + NOT_S, "u");
    var COMMENT_TAG = new RegExp("^(?:SAFETY|INVARIANT|Safety|Invariant)" + S + "*:" + S + "*", "u");
    var GRAMMAR_LIST_MARKER = new RegExp("^(?:[-*+]|\\p{Nd}+[.)])" + S + "+", "u");

    function rustLines(input) {
        if (input === "") { return []; }
        var parts = input.split("\n");
        var endsWithNewline = parts[parts.length - 1] === "";
        if (endsWithNewline) { parts.pop(); }
        return parts.map(function (p, i) {
            var terminated = i < parts.length - 1 || endsWithNewline;
            return terminated && p.endsWith("\r") ? p.slice(0, -1) : p;
        });
    }

    // expand.rs, ABBREVIATIONS: their final period ends no sentence.
    var ABBREVIATIONS = ["i.e", "e.g", "cf", "vs"];
    function endsWithAbbreviation(text, end) {
        var wordStart = 0;
        for (var k = end - 1; k >= 0; k--) {
            if (isWs(text[k]) || text[k] === "(") { wordStart = k + 1; break; }
        }
        return ABBREVIATIONS.indexOf(text.slice(wordStart, end).toLowerCase()) >= 0;
    }

    function splitSentences(text) {
        text = foldWhitespace(text);
        var out = [];
        var start = 0;
        var inCode = false;
        var parens = 0;
        for (var i = 0; i < text.length; i++) {
            var b = text[i];
            if (b === "`") {
                inCode = !inCode;
            } else if (b === "(" && !inCode) {
                parens += 1;
            } else if (b === ")" && !inCode) {
                parens = Math.max(0, parens - 1);
            } else if (b === ";" && !inCode && parens === 0 && text[i + 1] === " ") {
                // expand.rs, split_sentences: a semicolon ends a clause, outside parentheses.
                out.push(trim(text.slice(start, i + 1)));
                start = i + 2;
            } else if (b === "." && !inCode && text[i + 1] === " ") {
                var next = i + 2 < text.length ? text[i + 2] : " ";
                var after = i + 3 < text.length ? text[i + 3] : " ";
                // expand.rs: a parenthesis that opens a sentence starts a remark of its own.
                var remark = next === "(" && after >= "A" && after <= "Z";
                if (((next >= "A" && next <= "Z") || next === "`" || remark) && !endsWithAbbreviation(text, i)) {
                    out.push(trim(text.slice(start, i + 1)));
                    start = i + 2;
                }
            }
        }
        var rest = trim(text.slice(start));
        if (rest !== "") { out.push(rest); }
        return out.filter(function (s) { return s !== ""; });
    }

    // The position a heading starts (expand.rs, Position::of_heading).
    function headingPosition(line) {
        var title = trim(trim(line).replace(/^#+/, "")).toLowerCase();
        if (title === "guarantees" || title === "guarantee") { return "guarantee"; }
        if (title === "invariants" || title === "invariant" || title === "type invariants") { return "invariant"; }
        return "requirement";
    }

    // expand.rs, is_fence and is_link_definition.
    function isFence(t) { return t.indexOf("```") === 0 || t.indexOf("~~~") === 0; }
    function isLinkDefinition(t) {
        if (t.charAt(0) !== "[") { return false; }
        var rest = t.slice(1);
        var close = rest.indexOf("]:");
        return close > 0 && rest.slice(0, close).indexOf("]") < 0 && trim(rest.slice(close + 2)) !== "";
    }

    // expand.rs, tag_position: where a comment's tag puts its sentences.
    function tagPosition(tag) {
        return tag.toLowerCase().indexOf("invariant") === 0 ? "invariant" : "safety-comment";
    }

    // expand.rs, bare_tag: a comment that is its tag and nothing else is a placeholder.
    function bareTag(input) {
        var found = null;
        var lines = rustLines(input);
        for (var i = 0; i < lines.length; i++) {
            var line = trim(lines[i].replace(COMMENT_MARKER, ""));
            if (line === "") { continue; }
            var tag = COMMENT_TAG.exec(line);
            if (!tag || tag[0].length !== line.length) { return null; }
            if (found === null) { found = { position: tagPosition(line), text: line }; }
        }
        return found;
    }

    // Items with their positions (expand.rs, split_positioned).
    function splitItems(input) {
        var lines = [];
        var position = "requirement";
        // expand.rs, MarkdownBlocks: fenced code and link definitions show no prose.
        var inFence = false;
        var afterText = false;
        function hides(line) {
            var t = trimStart(line);
            if (isFence(t)) { inFence = !inFence; afterText = false; return true; }
            if (inFence) { return true; }
            if (t === "") { afterText = false; return false; }
            if (!afterText && isLinkDefinition(t)) { return true; }
            afterText = true;
            return false;
        }
        rustLines(input).forEach(function (raw) {
            var stripped = raw.replace(COMMENT_MARKER, "");
            if (hides(stripped)) {
                lines.push({ at: position, text: "" });
                return;
            }
            var line = trimStart(stripped);
            // expand.rs: a marker indented four columns or more opens no list.
            var deep = indentOf(raw) > MAX_MARKER_INDENT;
            var tag = COMMENT_TAG.exec(line);
            if (tag) { position = tagPosition(tag[0]); }
            line = line.replace(COMMENT_TAG, "");
            if (SECTION_HEADING.test(line)) {
                position = headingPosition(line);
                return;
            }
            lines.push({ at: position, text: line, deep: deep });
        });
        function prose(text, at) {
            return splitSentences(text).map(function (s) { return { at: at, text: s }; });
        }
        var hasList = lines.some(function (l) { return !l.deep && LIST_MARKER.test(l.text); });
        if (!hasList) {
            // A blank line ends a paragraph; a tag that changes the position starts new prose.
            var runs = [];
            var afterBlank = false;
            lines.forEach(function (l) {
                if (trim(l.text) === "") { afterBlank = true; return; }
                var last = runs[runs.length - 1];
                if (last && last.at === l.at && !afterBlank) { last.lines.push(l.text); } else { runs.push({ at: l.at, lines: [l.text] }); }
                afterBlank = false;
            });
            var all = [];
            runs.forEach(function (r) { all = all.concat(prose(r.lines.join(" "), r.at)); });
            return all;
        }
        // expand.rs: list items and paragraphs of prose around them, in document order. The
        // last sentence of the paragraph before a list, when it ends in a colon, leads every
        // item of that list until the next paragraph (split_units).
        var out = [];
        var current = null;
        var paragraph = null;
        var lead = null;
        function flushParagraph() {
            if (paragraph !== null) {
                var sentences = prose(paragraph.text, paragraph.at);
                out = out.concat(sentences);
                var before = lead !== null && out[lead].introduces ? lead : null;
                var last = out[out.length - 1];
                lead = last && /:$/.test(trimEnd(last.text)) ? out.length - 1 : null;
                // The introduction of the list just before, for an "Otherwise:" alone.
                if (lead !== null && before !== null && sentences.length === 1) { out[lead].earlier = out[before].text; }
            }
            paragraph = null;
        }
        function pushCurrent() {
            if (current !== null) {
                var unit = { at: current.at, text: foldWhitespace(current.text) };
                // Not across a heading: "# Guarantees" starts a list of its own.
                if (lead !== null && out[lead].at === current.at) {
                    out[lead].introduces = true;
                    unit.lead = out[lead].text;
                    if (out[lead].earlier !== undefined) { unit.earlier = out[lead].earlier; }
                }
                out.push(unit);
            }
            current = null;
        }
        // expand.rs: whether a list is open, from its first item until a paragraph of prose.
        var inList = false;
        lines.forEach(function (l) {
            var m = LIST_MARKER.exec(l.text);
            if (m && l.deep && !inList) { m = null; }
            if (m) {
                inList = true;
                flushParagraph();
                pushCurrent();
                current = { at: l.at, text: l.text.slice(m[0].length) };
            } else if (current !== null) {
                if (trim(l.text) === "") {
                    pushCurrent();
                } else {
                    current.text += " " + trim(l.text);
                }
            } else if (trim(l.text) === "") {
                flushParagraph();
            } else {
                inList = false;
                if (paragraph !== null && paragraph.at !== l.at) { flushParagraph(); }
                if (paragraph === null) { paragraph = { at: l.at, text: "" }; }
                paragraph.text += " " + trim(l.text);
            }
        });
        flushParagraph();
        pushCurrent();
        return out.filter(function (s) { return s.text !== ""; });
    }

    // Where `sep` stands in `text`, ignoring case. Positions in the lowercased text are
    // positions in the text only when lowercasing kept every length; otherwise there are none
    // (the Rust expander makes the same check).
    function findCi(text, sep) {
        var lower = text.toLowerCase();
        if (utf8Length(lower) !== utf8Length(text) || lower.length !== text.length) { return []; }
        var out = [];
        if (sep === "") { return out; }
        var pos = lower.indexOf(sep);
        while (pos >= 0) {
            out.push(pos);
            pos = lower.indexOf(sep, pos + sep.length);
        }
        return out;
    }

    // expand.rs, split_ci_ranges: where the pieces of a case-insensitive split stand.
    function splitCiRanges(text, sep) {
        var out = [];
        var start = 0;
        findCi(text, sep).forEach(function (pos) {
            out.push([start, pos]);
            start = pos + sep.length;
        });
        out.push([start, text.length]);
        return out;
    }

    // --- The expander over one data set ---
    function makeExpander(data) {
        var grammar = data.grammar;
        var entries = data.entries;
        var leadIn = grammar.lead_ins.length
            ? new RegExp("^(?:" + wordsAlternation(grammar.lead_ins) + ")(?:" + S + "+|$)", "iu")
            : null;
        // grammar.rs, Replacements: whole-word replacements, the first rule matching at a place
        // winning; contractions before every other rule, rewrites after the lead-ins.
        function replacements(rules) {
            if (!rules.length) { return function (s) { return s; }; }
            var to = rules.map(function (r) { return [foldWhitespace(r.from.toLowerCase()), r.to]; });
            var re = new RegExp(B + "(?:" + wordsAlternation(rules.map(function (r) { return r.from; })) + ")" + B, "giu");
            return function (s) {
                return s.replace(re, function (found) {
                    var key = foldWhitespace(found).toLowerCase();
                    for (var i = 0; i < to.length; i++) {
                        if (to[i][0] === key) { return to[i][1]; }
                    }
                    return found;
                });
            };
        }
        var contract = replacements(grammar.contractions);
        var rewrite = replacements(grammar.rewrites);
        var sentenceLeadIns = grammar.sentence_lead_ins.map(function (l) {
            return new RegExp("^(?:" + wordsAlternation([l]) + ")" + S + "+", "iu");
        });
        var concludingLeadIns = (grammar.concluding_lead_ins || []).map(function (l) {
            return new RegExp("^(?:" + wordsAlternation([l]) + ")" + S + "+", "iu");
        });
        var duties = grammar.caller_duty ? grammar.caller_duty.lead_ins.map(function (d) {
            return new RegExp("^(?:" + wordsAlternation([d]) + ")" + S + "+", "iu");
        }) : [];
        var pointerOpenings = grammar.requirement_pointer ? grammar.requirement_pointer.openings.map(function (o) {
            return new RegExp("^(?:" + wordsAlternation([o]) + ")" + S + "+", "iu");
        }) : [];
        var prefixes = grammar.justification_prefixes.map(function (p) {
            return { re: new RegExp("^(?:" + wordsAlternation([p.prefix]) + ")" + S + "+", "iu"), rule: p };
        });
        var subjectsRe = shapeSubjects(grammar);
        var patterns = data.patterns.map(function (p) {
            return { p: p, re: compilePattern(p.regex), sample: shapeOf(p.sample, subjectsRe) };
        });

        function entryUrl(id) { return data.site_url + "dictionary/" + id + ".html"; }

        function mask(text) {
            var masked = "";
            var codes = [];
            segments(text).forEach(function (seg) {
                if (!seg.code) {
                    masked += seg.text;
                } else if (codes.length < MASK_LIMIT) {
                    masked += " " + String.fromCharCode(MASK_BASE + codes.length) + " ";
                    codes.push(foldWhitespace(seg.text));
                } else {
                    masked += "`" + seg.text + "`";
                }
            });
            return { masked: rejoinMasks(text, foldWhitespace(masked)), codes: codes, compared: [] };
        }

        var LINK = new RegExp(data.link_pattern, "gu");
        var LINK_SENSES = grammar.link_senses.map(function (l) { return { re: new RegExp(l.pattern, "gu"), reads: l.reads }; });
        var EMPHASIS = new RegExp(data.emphasis_pattern, "gu");
        var CODE_NOUNS = grammar.code_noun_pattern ? new RegExp(grammar.code_noun_pattern, "gu") : null;
        var ACCESS_OBJECTS = grammar.access_object_pattern ? new RegExp(grammar.access_object_pattern, "gu") : null;
        var INTRODUCTION = grammar.introduction_pattern ? new RegExp(grammar.introduction_pattern, "u") : null;
        var CODE_OWNED = grammar.code_owned_pattern ? new RegExp(grammar.code_owned_pattern, "gu") : null;
        var POINTEE = grammar.pointee_pattern ? new RegExp(grammar.pointee_pattern, "gu") : null;
        var POINTEE_READS = (grammar.pointee_reads || "").replace(/\$/gu, "$$$$");
        var DURATION_COMMA = grammar.duration_comma_pattern ? new RegExp(grammar.duration_comma_pattern, "gu") : null;
        var INVARIANT_ADVERB = grammar.invariant_adverb_pattern ? new RegExp(grammar.invariant_adverb_pattern, "gu") : null;

        // grammar.rs, without_invariant_adverbs: the text without the adverbs an invariant says by
        // where it stands, outside code spans; null when it holds none.
        function withoutInvariantAdverbs(text) {
            if (!INVARIANT_ADVERB) { return null; }
            var changed = false;
            var out = segments(text).map(function (seg) {
                if (seg.code) { return "`" + seg.text + "`"; }
                var without = seg.text.replace(INVARIANT_ADVERB, "$1");
                if (without !== seg.text) { changed = true; }
                return without;
            }).join("");
            return changed ? out : null;
        }
        var INTERVAL = grammar.interval_pattern ? new RegExp(grammar.interval_pattern, "gu") : null;
        // grammar.rs, strip_end: final punctuation and a conjunction left dangling at the end.
        function stripEnd(s) {
            s = stripFinalPunctuation(s);
            for (;;) {
                var rest = null;
                (grammar.dangling_conjunctions || []).some(function (c) {
                    if (s.length < c.length) { return false; }
                    var r = s.slice(0, s.length - c.length);
                    if (s.slice(s.length - c.length).toLowerCase() === c && /\s$/u.test(r)) { rest = r; return true; }
                    return false;
                });
                if (rest === null) { return s; }
                s = stripFinalPunctuation(rest);
            }
        }
        // grammar.rs, comparison / comparison_in_code / comparisons_in_words: a comparison
        // written as code read as its words.
        function comparison(op) {
            var cs = grammar.code_comparisons || [];
            for (var i = 0; i < cs.length; i++) { if (cs[i].op === op) { return cs[i]; } }
            return null;
        }
        // grammar.rs, comparisons_in_code: one comparison or a chain, each as [lhs, words, rhs].
        function comparisonSides(c, left, right) { return [left, c.words, right]; }
        function comparisonsInCode(code) {
            var tokens = code.split(" ");
            var joiners = grammar.comparison_joiners || [];
            if (tokens.some(function (t) { return joiners.indexOf(t) >= 0; })) { return null; }
            var operands = [], ops = [], start = 0;
            tokens.forEach(function (t, i) {
                var c = comparison(t);
                if (c !== null) { operands.push([start, i]); ops.push(c); start = i + 1; }
            });
            operands.push([start, tokens.length]);
            if (!ops.length || operands.some(function (r) { return r[0] >= r[1]; })) { return null; }
            function side(k) { return tokens.slice(operands[k][0], operands[k][1]).join(" "); }
            return ops.map(function (c, i) { return comparisonSides(c, side(i), side(i + 1)); });
        }
        // grammar.rs, is_own_comparison: one code span holding a comparison operator or a
        // joiner is a statement of its own.
        function isOwnComparison(f, part) {
            part = trim(part).replace(/[.,;:]+$/, "");
            var k = part.length === 1 ? maskIndex(part) : null;
            if (k === null || k >= f.codes.length) { return false; }
            var joiners = grammar.comparison_joiners || [];
            return f.codes[k].split(" ").some(function (t) {
                return comparison(t) !== null || joiners.indexOf(t) >= 0;
            });
        }
        // grammar.rs, comparisons_as_words: joined by the grammar's conjunction; the first span
        // is `first`, every other one new.
        function comparisonsAsWords(f, first, cmps) {
            var out = "";
            cmps.forEach(function (c, i) {
                if (i > 0) { out += " " + grammar.justification_conjunction + " "; }
                var lhs;
                var k = maskIndex(first);
                if (i === 0 && k !== null) {
                    f.codes[k] = c[0];
                    f.compared.push(k);
                    lhs = first;
                } else {
                    f.codes.push(c[0]);
                    f.compared.push(f.codes.length - 1);
                    lhs = String.fromCharCode(MASK_BASE + f.codes.length - 1);
                }
                f.codes.push(c[2]);
                f.compared.push(f.codes.length - 1);
                out += lhs + " " + c[1] + " " + String.fromCharCode(MASK_BASE + f.codes.length - 1);
            });
            return out;
        }
        // grammar.rs, bare_operand: a span, or a bare word that could be code and is none of
        // `not_operands`.
        function bareOperand(t) {
            var cs = Array.from(t);
            if (cs.length === 1 && maskIndex(cs[0]) !== null) { return true; }
            // Brackets nest and close in kind.
            var open = [];
            for (var i = 0; i < cs.length; i++) {
                if (cs[i] === "(" || cs[i] === "[") { open.push(cs[i]); }
                else if (cs[i] === ")" && open.pop() !== "(") { return false; }
                else if (cs[i] === "]" && open.pop() !== "[") { return false; }
            }
            return open.length === 0 && /[A-Za-z0-9]/.test(t) && /^[A-Za-z0-9_.:()\[\]$']+$/.test(t) &&
                (grammar.not_operands || []).indexOf(t.toLowerCase()) < 0;
        }
        // grammar.rs, bare_operands: each side of an operator standing alone becomes one span.
        function bareOperands(f) {
            var ARITHMETIC = ["+", "-", "*", "/", "%"];
            var tokens = f.masked.split(" ");
            if (!tokens.some(function (t) { return comparison(t) !== null; })) { return; }
            function trimPunctuation(t) { return t.replace(/[.,;:]+$/, ""); }
            function lastOperand(t) { return bareOperand(trimPunctuation(t)); }
            var sides = [];
            for (var i = 1; i + 1 < tokens.length; i++) {
                if (comparison(tokens[i]) === null || !bareOperand(tokens[i - 1]) || !lastOperand(tokens[i + 1])) { continue; }
                var left = i - 1;
                while (left >= 2 && ARITHMETIC.indexOf(tokens[left - 1]) >= 0 && bareOperand(tokens[left - 2])) { left -= 2; }
                var right = i + 1;
                while (!/[.,;:]$/.test(tokens[right]) && right + 2 < tokens.length &&
                       ARITHMETIC.indexOf(tokens[right + 1]) >= 0 && lastOperand(tokens[right + 2])) { right += 2; }
                sides.push([left, i - 1]);
                sides.push([i + 1, right]);
            }
            if (!sides.length) { return; }
            sides.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
            var out = [];
            var next = 0;
            sides.forEach(function (side) {
                var start = side[0], end = side[1];
                if (start < next) { return; }
                out = out.concat(tokens.slice(next, start));
                next = end + 1;
                var last = tokens[end];
                var kept = trimPunctuation(last);
                var punctuation = last.slice(kept.length);
                var words = tokens.slice(start, end).concat([kept]);
                var one = Array.from(words[0]);
                var isSpan = words.length === 1 && one.length === 1 && maskIndex(one[0]) !== null;
                if (isSpan || f.codes.length >= MASK_LIMIT) { out.push(last); return; }
                f.codes.push(unmasked({ masked: words.join(" "), codes: f.codes }).replace(/`/g, ""));
                out.push(String.fromCharCode(MASK_BASE + f.codes.length - 1) + punctuation);
            });
            out = out.concat(tokens.slice(next));
            f.masked = out.join(" ");
        }
        function comparisonsInWords(f) {
            // grammar.rs: most folds hold no operator at all.
            function hasOp(t) { return (grammar.code_comparisons || []).some(function (c) { return t.indexOf(c.op) >= 0; }); }
            if (!hasOp(f.masked) && !f.codes.some(hasOp)) { return; }
            bareOperands(f);
            var out = "";
            Array.from(f.masked).forEach(function (c) {
                var k = maskIndex(c);
                var cmps = k !== null && f.codes.length < MASK_LIMIT && k < f.codes.length ? comparisonsInCode(f.codes[k]) : null;
                out += cmps === null ? c : comparisonsAsWords(f, c, cmps);
            });
            // Operators between spans: every operand but the last is a span alone.
            var tokens = out.split(" ");
            function span(t, punctuation) {
                var cs = Array.from(t);
                if (!cs.length || maskIndex(cs[0]) === null) { return null; }
                return cs.slice(1).every(function (c) { return punctuation && ".,;:".indexOf(c) >= 0; }) ? cs[0] : null;
            }
            function code(t) {
                var m = span(t, true);
                var k = m === null ? null : maskIndex(m);
                return k !== null && k < f.codes.length ? f.codes[k] : "";
            }
            var words = [];
            var i = 0;
            while (i < tokens.length) {
                var end = i;
                while (span(tokens[end], false) !== null && end + 2 < tokens.length &&
                       comparison(tokens[end + 1]) !== null && span(tokens[end + 2], true) !== null) {
                    end += 2;
                }
                var first = end > i ? span(tokens[i], false) : null;
                if (first === null) { words.push(tokens[i]); i += 1; continue; }
                var cmps = [];
                for (var k = i; k < end; k += 2) {
                    cmps.push(comparisonSides(comparison(tokens[k + 1]), code(tokens[k]), code(tokens[k + 2])));
                }
                var last = tokens[end];
                var punctuation = last.slice(Array.from(last)[0].length);
                words.push(comparisonsAsWords(f, first, cmps) + punctuation);
                i = end + 1;
            }
            f.masked = words.join(" ");
        }
        // grammar.rs, calls_in_words: "came from `f`" read as "came from a previous call to
        // `f`" when the span names a function (`call_origin`).
        var CALL_FUNCTION = grammar.call_origin ? new RegExp(grammar.call_origin.function, "u") : null;
        // grammar.rs, bounds_in_words: a trait bound written as code reads as its words ("`T:
        // Zeroable`" as "`T` implements `Zeroable`").
        var TRAIT_BOUND = grammar.trait_bound ? new RegExp(grammar.trait_bound.pattern, "u") : null;
        function boundsInWords(f) {
            // Paths hold colons too: the text is rebuilt only where a span is a bound.
            if (!TRAIT_BOUND || !f.codes.some(function (c) { return c.indexOf(":") >= 0 && TRAIT_BOUND.test(c); })) { return; }
            var out = "";
            Array.from(f.masked).forEach(function (c) {
                var k = maskIndex(c);
                var m = k === null || f.codes[k] === undefined ? null : TRAIT_BOUND.exec(f.codes[k]);
                if (m === null || m[1] === undefined || m[2] === undefined || f.codes.length + 2 > MASK_LIMIT) {
                    out += c;
                    return;
                }
                f.codes.push(m[1]);
                out += String.fromCharCode(MASK_BASE + f.codes.length - 1) + " " + grammar.trait_bound.verb + " ";
                f.codes.push(m[2]);
                out += String.fromCharCode(MASK_BASE + f.codes.length - 1);
            });
            f.masked = out;
        }
        // grammar.rs, call_words: each of the words lowercased, whole and split.
        var CALL_WORDS = grammar.call_origin ? grammar.call_origin.words.map(function (w) {
            var words = w.toLowerCase().split(/\s+/u).filter(function (x) { return x !== ""; });
            return { phrase: words.join(" "), words: words };
        }) : [];
        // grammar.rs, guarantor_words: each lowercased.
        var GUARANTORS = grammar.call_origin ? (grammar.call_origin.guarantor_words || []).map(function (w) { return w.toLowerCase(); }) : [];
        function callsInWords(f) {
            if (!CALL_FUNCTION || !f.codes.length) { return; }
            // Most folds hold none of the words: look for them before splitting into tokens.
            var lower = f.masked.toLowerCase();
            if (!CALL_WORDS.some(function (w) { return lower.indexOf(w.phrase) >= 0; })
                && !GUARANTORS.some(function (w) { return lower.indexOf(w) >= 0; })) { return; }
            var tokens = f.masked.split(" ");
            var out = [];
            tokens.forEach(function (t, i) {
                var afterWords = CALL_WORDS.some(function (w) {
                    if (i < w.words.length) { return false; }
                    return w.words.every(function (word, j) {
                        return tokens[i - w.words.length + j].toLowerCase() === word;
                    });
                });
                var k = maskIndex(Array.from(t)[0]);
                var code = k !== null && k < f.codes.length ? f.codes[k] : undefined;
                var names = code !== undefined && CALL_FUNCTION.test(code);
                if (afterWords && names) { out.push(grammar.call_origin.insert); }
                // "`f` ensures" reads as "the guarantee of `f` ensures".
                var next = tokens[i + 1];
                var guarantees = next !== undefined && GUARANTORS.indexOf(next.toLowerCase()) >= 0;
                if (guarantees && grammar.call_origin.guarantor_insert && names) { out.push(grammar.call_origin.guarantor_insert); }
                out.push(t);
            });
            if (out.length !== tokens.length) { f.masked = out.join(" "); }
        }
        // grammar.rs, intervals_in_code: "the interval [`a`,`b`)" reads as "`a..b`" and
        // "[`a`, `b`]" as "`a..=b`", never a link's text.
        function intervalsInCode(f) {
            if (INTERVAL === null || f.masked.indexOf("[") < 0) { return; }
            var codes = f.codes;
            f.masked = f.masked.replace(INTERVAL, function (whole, before, a, b, close, offset, str) {
                var closed = close === "]";
                var after = str.charAt(offset + whole.length);
                var ia = maskIndex(a);
                var ib = maskIndex(b);
                var link = closed && (after === "(" || after === "[");
                if (link || ia === null || ib === null || codes[ia] === undefined || codes[ib] === undefined || codes.length >= MASK_LIMIT) { return whole; }
                codes.push(codes[ia] + (closed ? "..=" : "..") + codes[ib]);
                return before + String.fromCharCode(MASK_BASE + codes.length - 1);
            });
        }

        function fold(text) {
            var f = mask(text);
            intervalsInCode(f);
            // grammar.rs: a link that names a definition reads as a word of its own first.
            var s = f.masked;
            if (s.indexOf("[") >= 0) {
                LINK_SENSES.forEach(function (l) { s = s.replace(l.re, "$1" + l.reads); });
                s = s.replace(LINK, "$1$2");
            }
            if (s.indexOf("*") >= 0) { s = s.replace(EMPHASIS, "$1$2"); }
            s = contract(s);
            // grammar.rs, with_owner_after: "the `Arc` type invariant" reads as "the type
            // invariant of `Arc`", before the code nouns.
            if (CODE_OWNED && f.codes.length) { s = s.replace(CODE_OWNED, "$1the $3 of $2$4"); }
            // grammar.rs, without_code_nouns: "the `x` argument" reads as "`x`".
            if (CODE_NOUNS && f.codes.length) { s = s.replace(CODE_NOUNS, "$1$2$3$4"); }
            // grammar.rs, access_objects_unnamed: "exclusive access to both lists" reads as
            // "exclusive access", "a shared reference to the `x`" as "... to `x`".
            if (ACCESS_OBJECTS && /( access| reference) to /.test(s.toLowerCase())) { s = s.replace(ACCESS_OBJECTS, "$1$2$3$4$5"); }
            // grammar.rs, pointees_named: "the C `struct device` `ptr` points to can't" reads as
            // "the object at `ptr` cannot".
            if (POINTEE && f.codes.length) { s = s.replace(POINTEE, "$1" + POINTEE_READS + " $2 $3$4"); }
            f.masked = s;
            comparisonsInWords(f);
            boundsInWords(f);
            callsInWords(f);
            s = f.masked;
            var m = GRAMMAR_LIST_MARKER.exec(s);
            if (m) { s = s.slice(m[0].length); }
            s = stripEnd(s);
            if (leadIn) {
                for (;;) {
                    var l = leadIn.exec(s);
                    if (!l || l[0].length === 0) { break; }
                    s = s.slice(l[0].length);
                }
            }
            var withoutArticle = withoutArticleBeforeCode(s);
            if (withoutArticle !== null) { s = withoutArticle; }
            // grammar.rs, durations_joined: ", for the duration of ..." bounds all before it;
            // after the lead-ins, one of which may end with the comma.
            if (DURATION_COMMA && s.indexOf(",") >= 0) { s = s.replace(DURATION_COMMA, " $1"); }
            s = rewrite(s);
            f.masked = trim(stripEnd(s));
            return f;
        }

        // expand.rs, piece: without the commas that joined it to the rest.
        function piece(folded, masked) {
            return unmasked({ masked: trim(trim(masked).replace(/,+$/u, "")), codes: folded.codes });
        }

        // A code slot also takes the grammar's subjects ("the pointer") that fit its variable's
        // type (each phrasing's regex lists them), kept as words. Some bare words never name
        // code (`not_subjects`).
        function foldedWords(list) {
            return list.map(function (x) { return foldWhitespace(x).toLowerCase(); });
        }
        var subjects = foldedWords([].concat.apply([], (grammar.subjects || []).map(function (g) { return g.words; })));
        var notSubjects = foldedWords(grammar.not_subjects || []);
        function isSubject(raw) { return subjects.indexOf(raw.toLowerCase()) >= 0; }

        var countWords = foldedWords((grammar.pointer_places || {}).count_words || []);
        function namesCount(raw) {
            var code = /^`.*`$/.test(raw) ? raw.slice(1, -1) : raw;
            return /^[A-Za-z0-9_.]+$/.test(code) && countWords.indexOf(code.split(/[_.]/).pop().toLowerCase()) >= 0;
        }

        function capture(entry, text) {
            var p = entry.p;
            var caps = entry.re.exec(text);
            if (!caps) { return null; }
            var bindings = {};
            for (var k = 0; k < p.slots.length; k++) {
                var slot = p.slots[k];
                if (caps[k + 1] === undefined) { return null; }
                var raw = trim(caps[k + 1]);
                // matcher.rs, states_bound: a code span with a lone colon states a bound.
                if (!isSubject(raw) && raw.startsWith("`") && /(^|[^:]):(?!:)/.test(raw)) { return null; }
                // matcher.rs, names_method_alone: `.add()` names no value.
                if (slot.names_value && /^`\.[A-Za-z_]/.test(raw)) { return null; }
                // matcher.rs, names_c_type: a C type's slot takes only a span naming a C type.
                if (!isSubject(raw) && slot.c_type_openings && slot.c_type_openings.length &&
                    !(raw.startsWith("`") && slot.c_type_openings.some(function (o) { return raw.slice(1).startsWith(o); }))) { return null; }
                // matcher.rs, names_type_parameter: a pointer's slot takes no type parameter.
                if (slot.holds_pointer && /^`(Self|[A-Z])`$/.test(raw)) { return null; }
                // matcher.rs, names_count: a pointer's slot takes no name whose last word names
                // a count, a size or a position.
                if (slot.holds_pointer && namesCount(raw)) { return null; }
                // matcher.rs, names_type_by_convention: a field's slot takes no type's name.
                if (slot.holds_field && (/^`(Self|[A-Z])`$/.test(raw) ||
                    /^`[A-Z][A-Za-z0-9]*`$/.test(raw) && /[a-z]/.test(raw))) { return null; }
                // A function's slot takes no type's or trait's name (a type parameter may be a
                // closure's).
                if (slot.holds_function && /^`[A-Z][A-Za-z0-9]*`$/.test(raw) && /[a-z]/.test(raw)) { return null; }
                // matcher.rs, names_call: a type's slot takes no call.
                if (!isSubject(raw) && slot.names_type) {
                    var call = /^`(?:[A-Za-z0-9_]+(?:::|\.))*([a-z_][A-Za-z0-9_]*)\(.*\)`$/.exec(raw);
                    if (call && call[1] !== "fn") { return null; }
                }
                var value = isSubject(raw) ? raw.toLowerCase() : raw.startsWith("`") || slot.words ? raw : "`" + raw + "`";
                if (value === "`" + raw + "`" && notSubjects.indexOf(raw.toLowerCase()) >= 0) { return null; }
                // matcher.rs, Slot::names_type: a bare lowercase English word names no type.
                if (value === "`" + raw + "`" && slot.names_type && /^[a-z]+$/.test(raw) &&
                    data.lowercase_primitives.indexOf(raw) < 0) { return null; }
                // matcher.rs, Slot::names_value: a bare capitalized word is English or a type.
                if (value === "`" + raw + "`" && slot.names_value && /^[A-Z]/.test(raw) && /[a-z]/.test(raw)) { return null; }
                if (Object.prototype.hasOwnProperty.call(bindings, slot.var)) {
                    if (bindings[slot.var] !== value) { return null; }
                } else {
                    bindings[slot.var] = value;
                }
            }
            var form = { form: p.form };
            if (p.index !== undefined) { form.index = p.index; }
            return { entry: p.entry, form: form, bindings: bindings };
        }

        function matchText(text) {
            var best = null;
            var bestScore = -1;
            for (var i = 0; i < patterns.length; i++) {
                var pat = patterns[i];
                if (!pat.re.test(text)) { continue; }
                if (best !== null && bestScore >= pat.p.specificity) { continue; }
                var m = capture(pat, text);
                if (m) { best = m; bestScore = pat.p.specificity; }
            }
            return best;
        }

        function suggest(foldedText, limit) {
            var shape = shapeOf(foldedText, subjectsRe);
            var best = new Map();
            patterns.forEach(function (pat) {
                // matcher.rs, names_the_c_types_of: a C type's slot is near only a C type's name.
                var cTypes = pat.p.slots.every(function (sl) {
                    return !sl.c_type_openings || !sl.c_type_openings.length || sl.c_type_openings.some(function (o) {
                        return foldedText.indexOf("`" + o) >= 0;
                    });
                });
                if (!cTypes) { return; }
                var score = Math.max(sorensenDice(shape, pat.sample), normalizedLevenshtein(shape, pat.sample));
                var cur = best.has(pat.p.entry) ? best.get(pat.p.entry).score : -1.0;
                if (score > cur) { best.set(pat.p.entry, { entry: pat.p.entry, score: score }); }
            });
            var all = Array.from(best.values()).filter(function (s) { return s.score >= data.suggestion_min_score; });
            all.sort(function (a, b) {
                if (a.score !== b.score) { return b.score - a.score; }
                return a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0;
            });
            return all.slice(0, limit);
        }

        function unrecognised(text, folded) {
            return {
                status: "unrecognised",
                text: text,
                suggestions: suggest(folded, data.suggestion_limit).filter(function (s) {
                    return Object.prototype.hasOwnProperty.call(entries, s.entry);
                }).map(function (s) {
                    return {
                        entry: s.entry,
                        url: entryUrl(s.entry),
                        phrase: entries[s.entry].phrase,
                        score: Math.round(s.score * 1000) / 1000
                    };
                })
            };
        }

        // What the call duration of requirement phrases reads as where a sentence stands
        // (grammar.toml [durations]; expand.rs, bindings_at).
        var durations = grammar.durations;
        function readingOfCall(position) {
            if (!durations || position === "requirement" || position === "safety-comment") { return null; }
            return durations[position];
        }

        function expandEntry(id, bindings, depth, callAs) {
            var e = entries[id];
            var children = depth >= 32 ? [] : e.meaning.map(function (c) {
                if (c.ref === undefined) { return { text: substitute(c.text, bindings) }; }
                var inner = {};
                Object.keys(c.with).forEach(function (k) {
                    inner[k] = callAs !== null && c.with[k] === durations.call ? callAs : substitute(c.with[k], bindings);
                });
                if (Object.prototype.hasOwnProperty.call(entries, c.ref)) { return expandEntry(c.ref, inner, depth + 1, callAs); }
                return { entry: c.ref, text: c.ref };
            });
            var node = { entry: id, kind: e.kind, url: entryUrl(id), text: substitute(e.phrase, bindings) };
            if (children.length) { node.children = children; }
            return node;
        }

        function recognised(text, m, position) {
            if (!Object.prototype.hasOwnProperty.call(entries, m.entry)) { return unrecognised(text, text); }
            var e = entries[m.entry];
            var out = { status: "recognised", text: text, entry: m.entry, kind: e.kind, url: entryUrl(m.entry), form: m.form.form };
            if (m.form.index !== undefined) { out.index = m.form.index; }
            out.bindings = m.bindings;
            if (m.form.form === "discouraged" && e.discouraged[m.form.index] !== undefined) {
                var d = e.discouraged[m.form.index];
                out.discouraged = { reason: d.reason, preferred: substitute(d.preferred, m.bindings) };
            }
            out.expansion = expandEntry(m.entry, m.bindings, 0, readingOfCall(position || "requirement"));
            return out;
        }

        function read(text) {
            var folded = fold(text);
            return { text: text, folded: folded, found: matchText(unmasked(folded)) };
        }

        // expand.rs, unread: a reading known to be unread, with no matcher pass.
        function unreadOf(text) {
            return { text: text, folded: fold(text), found: null };
        }

        function isJustification(id) {
            return Object.prototype.hasOwnProperty.call(entries, id) && entries[id].kind === "justification";
        }

        function statementOf(r, position) {
            if (r.found) { return recognised(r.text, r.found, position); }
            var s = unrecognised(r.text, unmasked(r.folded));
            // expand.rs, statements: the entry just refused is no nearest entry either.
            if (r.refused) { s.suggestions = s.suggestions.filter(function (g) { return g.entry !== r.refused; }); }
            return s;
        }

        // expand.rs, unread_pointers_as_places: a value that one statement of a sentence reads
        // as a pointer is no place in another (grammar `pointer_places`); that one stays unread.
        function unreadPointersAsPlaces(rs) {
            var pp = grammar.pointer_places;
            if (!pp) { return rs; }
            var opensWith = function (types) {
                return function (t) { return types.some(function (o) { return t.indexOf(o) === 0; }); };
            };
            var isPointer = opensWith(pp.pointer_types);
            var isPlace = opensWith(pp.place_types);
            var typed = function (m, is) {
                if (!Object.prototype.hasOwnProperty.call(entries, m.entry)) { return []; }
                var vars = entries[m.entry].vars;
                return Object.keys(m.bindings).filter(function (name) {
                    return vars.some(function (v) { return v.name === name && is(v.type); });
                }).map(function (name) { return m.bindings[name]; });
            };
            var pointers = [];
            rs.forEach(function (r) { if (r.found) { pointers = pointers.concat(typed(r.found, isPointer)); } });
            if (pointers.length === 0) { return rs; }
            return rs.map(function (r) {
                var clash = r.found && typed(r.found, isPlace).some(function (v) { return pointers.indexOf(v) >= 0; });
                return clash ? Object.assign({}, r, { found: null, refused: r.found.entry }) : r;
            });
        }

        function justificationOf(r) {
            if (r.found) { return recognised(r.text, r.found); }
            var s = unrecognised(r.text, unmasked(r.folded));
            s.suggestions = s.suggestions.filter(function (g) { return isJustification(g.entry); });
            return s;
        }

        function item(text, position, statements, justs) {
            var out = { text: text };
            if (position !== "requirement") { out.position = position; }
            out.statements = statements;
            if (justs.length) { out.justifications = justs; }
            return out;
        }

        // --- Sentence structure (reading.rs): placeholders, connectors, lists ---
        function lowerSameLen(text) {
            var lower = text.toLowerCase();
            return utf8Length(lower) !== utf8Length(text) || lower.length !== text.length ? null : lower;
        }

        // reading.rs, ends_with_words: `lower` ends with `phrase` as whole words.
        function endsWithWords(lower, phrase) {
            return lower.endsWith(phrase) && (lower.length === phrase.length || lower.charAt(lower.length - phrase.length - 1) === " ");
        }

        function startsWithWords(lower, phrase) {
            return lower.startsWith(phrase) && (lower.length === phrase.length || lower.charAt(phrase.length) === " ");
        }

        function separator(word) { return word.startsWith(",") ? word + " " : " " + word + " "; }

        function indicesOf(lower, sep) {
            var out = [];
            var pos = lower.indexOf(sep);
            while (pos >= 0) {
                out.push(pos);
                pos = lower.indexOf(sep, pos + sep.length);
            }
            return out;
        }

        // reading.rs, is_parenthetical: the sentence is wholly in one pair of parentheses (code spans
        // are masked, so their parentheses do not count).
        function isParenthetical(masked) {
            var t = trim(masked);
            var inner = t.endsWith(").") ? t.slice(0, -2) : (t.endsWith(")") ? t.slice(0, -1) : null);
            if (inner === null || inner.charAt(0) !== "(") { return false; }
            inner = inner.slice(1);
            var depth = 0;
            for (var i = 0; i < inner.length; i++) {
                var c = inner.charAt(i);
                if (c === "(") { depth++; }
                else if (c === ")") {
                    if (depth === 0) { return false; }
                    depth--;
                }
            }
            return depth === 0;
        }

        function isPlaceholder(masked) {
            var lower = trim(masked).toLowerCase();
            return (grammar.placeholders || []).some(function (p) {
                p = p.toLowerCase();
                if (lower === p) { return true; }
                var next = lower.startsWith(p) ? lower.charAt(p.length) : "";
                return next === ":" || next === " ";
            });
        }

        // grammar.rs, requirement_pointer: the sentence a `# Safety` item that only points to
        // another function reads as, or null.
        function requirementPointer(text) {
            var rule = grammar.requirement_pointer;
            if (!rule) { return null; }
            var t = text.trim().replace(/\.+$/, "").replace(/\s+$/, "");
            // grammar.rs: it opens an item, with a capital.
            if (!/^[A-Z]/.test(t)) { return null; }
            // grammar.rs, opening: the first opening the text starts with, and the space after it.
            var rest = null;
            for (var o = 0; o < pointerOpenings.length && rest === null; o++) {
                var om = pointerOpenings[o].exec(t);
                if (om) { rest = t.slice(om[0].length); }
            }
            if (rest === null) { return null; }
            var codeLen;
            if (rest.slice(0, 2) === "[`") {
                var close = rest.indexOf("`]", 2);
                if (close < 0) { return null; }
                codeLen = close + 2;
            } else if (rest.charAt(0) === "`") {
                var tick = rest.indexOf("`", 1);
                if (tick < 0) { return null; }
                codeLen = tick + 1;
            } else {
                return null;
            }
            var code = rest.slice(0, codeLen);
            var after = rest.slice(codeLen).trim().toLowerCase();
            var ok = after === "" || rule.endings.some(function (e) { return after === e.trim().toLowerCase(); });
            return ok ? rule.reads.split("{}").join(code) : null;
        }

        function startsWithCondition(masked) {
            return longestOpener(masked.replace(TRIM_START, "").toLowerCase(), grammar.conditions) !== null;
        }

        // The longest of `words` that `lower` opens with, as whole words, or null.
        function longestOpener(lower, words) {
            var opener = null;
            (words || []).forEach(function (c) {
                c = c.toLowerCase();
                if (startsWithWords(lower, c) && (opener === null || c.length > opener.length)) { opener = c; }
            });
            return opener;
        }

        // reading.rs, clause_comma: the first comma at or after `from` outside parentheses, or -1.
        function clauseComma(lower, from) {
            var depth = 0;
            for (var i = from; i < lower.length; i++) {
                var ch = lower.charAt(i);
                if (ch === "(") { depth++; } else if (ch === ")") { depth = Math.max(0, depth - 1); } else if (ch === "," && depth === 0) { return i; }
            }
            return -1;
        }

        // reading.rs, fronted_duration: a sentence that opens with how long it holds ("For the
        // duration of D, ...", "When `x` is alive, ..."): the duration as words that follow a
        // statement, and where the rest starts; or null.
        function frontedDuration(masked) {
            var lower = lowerSameLen(masked);
            if (lower === null) { return null; }
            var comma = clauseComma(lower, 0);
            if (comma < 0) { return null; }
            var clause = trimEnd(masked.slice(0, comma));
            var lowerClause = lower.slice(0, clause.length);
            var rest = comma + 1 + /^ */.exec(lower.slice(comma + 1))[0].length;
            if (trim(lower.slice(rest)) === "" || grammar.duration_lead === undefined) { return null; }
            // A sentence that says its own duration as well gets no second one.
            var after = lower.slice(rest);
            if (grammar.duration_lead.openings.some(function (o) { return hasWords(after, o.toLowerCase()); })) { return null; }
            if (longestOpener(lowerClause, grammar.duration_lead.openings) !== null) { return { duration: clause, rest: rest }; }
            var rule = grammar.fronted_duration;
            if (rule === undefined) { return null; }
            var opening = longestOpener(lowerClause, rule.life_openings);
            if (opening === null) { return null; }
            var endings = rule.life_endings.map(function (e) { return e.toLowerCase(); }).filter(function (e) { return endsWithWords(lowerClause, e); });
            if (endings.length === 0 || clause.length - endings[0].length < opening.length) { return null; }
            var lives = trim(clause.slice(opening.length, clause.length - endings[0].length));
            return lives === "" ? null : { duration: rule.life + " " + lives, rest: rest };
        }

        // reading.rs, condition_clause: where a sentence that opens with a condition splits into
        // the condition and what holds under it.
        function conditionClause(masked) {
            var lower = lowerSameLen(masked);
            if (lower === null) { return null; }
            var opener = longestOpener(lower, grammar.conditions);
            if (opener === null) { return null; }
            if ((grammar.conditions_without_clause || []).some(function (c) { return c.toLowerCase() === opener; })) { return null; }
            var comma = opener.endsWith(",") ? opener.length - 1 : clauseComma(lower, opener.length);
            if (comma < 0) { return null; }
            var rest = comma + 1;
            while (lower.charAt(rest) === " ") { rest++; }
            if (startsWithWords(lower.slice(rest), "then")) {
                rest += "then".length;
                while (lower.charAt(rest) === " ") { rest++; }
            }
            if (trim(lower.slice(rest)) === "" || trim(lower.slice(0, comma)) === "") { return null; }
            return { condition: comma, rest: rest };
        }

        // reading.rs, condition_meaning: what the grammar says a condition means in other words.
        function conditionMeaning(text) {
            var words = foldWhitespace(text.replace(/,+$/, "")).toLowerCase();
            var found = (grammar.condition_meanings || []).filter(function (m) { return m.words === words; });
            return found.length ? found[0].reads : null;
        }

        // reading.rs, after_condition_opener: what a condition of `conditions_read` states.
        function afterConditionOpener(text) {
            var lower = lowerSameLen(text);
            if (lower === null) { return null; }
            var opener = longestOpener(lower, grammar.conditions_read);
            if (opener === null) { return null; }
            var rest = trimStart(text.slice(opener.length));
            return rest === "" ? null : rest;
        }

        // reading.rs: a statement after a connector that only concludes that the operation may
        // go ahead ("it is safe to unlock it"), not one that goes on to claim a fact.
        function isConclusion(statement) {
            var lower = lowerSameLen(trim(statement));
            if (lower === null) { return false; }
            // reading.rs: "the pointer dereference is safe", the operation first, where the
            // words before it hold no comma and no reason of their own.
            var unpunctuated = lower.replace(/[.;,]+$/, "").replace(/\s+$/, "");
            if ((grammar.conclusion_endings || []).some(function (e) {
                e = e.toLowerCase();
                var head = unpunctuated.slice(0, Math.max(0, unpunctuated.length - e.length)).replace(/\s+$/, "");
                return endsWithWords(unpunctuated, e) && head !== "" && head.indexOf(",") < 0 &&
                    reasonedSplits(head).length === 0;
            })) { return true; }
            return (grammar.conclusions || []).some(function (c) {
                c = c.toLowerCase();
                if (!startsWithWords(lower, c)) { return false; }
                var rest = trimStart(lower.slice(c.length));
                return rest !== "" && !(grammar.conclusion_exceptions || []).some(function (e) {
                    return startsWithWords(rest, e.toLowerCase());
                });
            });
        }

        function reasonedSplits(masked) {
            var lower = lowerSameLen(masked);
            if (lower === null) { return []; }
            var out = [];
            // reading.rs: a phrase may start before the connector ("once per").
            function excluded(at) {
                var before = lower.slice(0, at).replace(/ +$/, "");
                var rest = lower.slice(at).replace(/^[, ]+/, "");
                return (grammar.not_connectors || []).some(function (n) {
                    var words = n.toLowerCase().split(" ");
                    for (var k = 0; k < words.length; k++) {
                        if ((k === 0 || endsWithWords(before, words.slice(0, k).join(" "))) &&
                            startsWithWords(rest, words.slice(k).join(" "))) { return true; }
                    }
                    return false;
                });
            }
            // reading.rs: whether the words before `at` end with one of `words`.
            function afterOneOf(at, words) {
                var before = lower.slice(0, at).replace(/ +$/, "");
                return words.some(function (d) { return endsWithWords(before, d.toLowerCase()); });
            }
            // reading.rs: before "the caller must ensure that ..." stands a duty, not a reason,
            // and a reason that ends by denying its connector gives no statement.
            function noReason(at) {
                return afterOneOf(at, grammar.duty_words || []) || afterOneOf(at, grammar.denials);
            }
            // reading.rs: a condition in the clause that runs into the connector makes what
            // follows it hypothetical.
            function conditionalReason(at) {
                var comma = lower.slice(0, at).lastIndexOf(", ");
                var clause = lower.slice(comma < 0 ? 0 : comma + 2, at);
                return (grammar.hypotheticals || []).some(function (h) { return hasWords(clause, h.toLowerCase()); });
            }
            function push(statement, reason, needsKnownReason) {
                if (trim(masked.slice(statement[0], statement[1])) !== "" && trim(masked.slice(reason[0], reason[1])) !== "") {
                    out.push({ statement: statement, reason: reason, needsKnownReason: !!needsKnownReason });
                }
            }
            // reading.rs: after a condition's "so", a statement holds only under it.
            var conditional = startsWithCondition(masked);
            // reading.rs: a connector with its reason after it takes the rest of the sentence,
            // so one with its reason before it cannot stand after it.
            var reasonAfter = [];
            (grammar.connectors || []).forEach(function (c) {
                if (c.reason !== "after") { return; }
                indicesOf(lower, separator(c.word.toLowerCase())).forEach(function (pos) {
                    if (!excluded(pos)) { reasonAfter.push(pos); }
                });
            });
            (grammar.connectors || []).forEach(function (c) {
                var word = c.word.toLowerCase();
                if (c.reason === "opening") {
                    if (!startsWithWords(lower, word) || excluded(0)) { return; }
                    var start = word.length + 1;
                    var commas = indicesOf(lower, ", ");
                    commas.forEach(function (pos) {
                        if (pos > start) { push([pos + 2, masked.length], [start, pos]); }
                    });
                    // reading.rs: without a comma, the reason may end where a code span opens
                    // the statement (at any word after the standard's "by"), if it is read as
                    // a known reason.
                    var anyWord = word === grammar.justification_separator.toLowerCase();
                    if (commas.length === 0) {
                        var spaces = indicesOf(lower, " ");
                        // The longer reason first: of two splits that read as well, it is meant.
                        if (anyWord) { spaces.reverse(); }
                        spaces.forEach(function (pos) {
                            if (pos > start && (anyWord || maskIndex(lower.charAt(pos + 1)) !== null)) {
                                push([pos + 1, masked.length], [start, pos], true);
                            }
                        });
                    }
                    return;
                }
                var sep = separator(word);
                indicesOf(lower, sep).forEach(function (pos) {
                    if (excluded(pos) || (c.reason === "before" && (conditional || noReason(pos) || conditionalReason(pos) || reasonAfter.some(function (a) { return a < pos; })))) { return; }
                    var left = [0, pos];
                    var right = [pos + sep.length, masked.length];
                    if (c.reason === "after") { push(left, right); } else { push(right, left); }
                });
            });
            return out;
        }

        // reading.rs, has_words: `phrase` as whole words, between spaces or at either end.
        function hasWords(lower, phrase) { return wordAt(lower, phrase) >= 0; }

        // reading.rs, word_at: where `phrase` first stands in `lower` as whole words, or -1
        // (non-overlapping occurrences, as Rust's `match_indices` finds them).
        function wordAt(lower, phrase) {
            for (var at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + phrase.length)) {
                var before = at === 0 ? "" : lower.charAt(at - 1);
                var after = lower.charAt(at + phrase.length);
                if ((before === "" || before === " ") && (after === "" || after === " ")) { return at; }
            }
            return -1;
        }

        // reading.rs, holds_quantifier_or_exception: "for all indices ..." binds what follows
        // it, and "..., except that ..." takes part of what the sentence says back.
        function holdsQuantifierOrException(masked) {
            var lower = masked.toLowerCase();
            return (grammar.quantifiers || []).concat(grammar.exceptions || []).some(function (q) { return hasWords(lower, q.toLowerCase()); });
        }

        // reading.rs, split_predicates: where the parts of a list stand, as [start, end] pairs.
        function splitPredicates(masked) {
            if (startsWithCondition(masked) || holdsQuantifierOrException(masked)) { return null; }
            var lower = lowerSameLen(masked);
            if (lower === null) { return null; }
            var seps = (grammar.predicate_separators || []).map(function (x) { return separator(x.toLowerCase()); });
            seps.sort(function (a, b) { return b.length - a.length; });
            var found = [];
            var i = 0;
            while (i < lower.length) {
                var sep = null;
                for (var k = 0; k < seps.length; k++) {
                    if (lower.startsWith(seps[k], i)) { sep = seps[k]; break; }
                }
                if (sep !== null) {
                    found.push([i, sep.length]);
                    i += sep.length;
                } else {
                    i += 1;
                }
            }
            // A comma before one of list_alternatives (up to the next other separator) lists
            // alternatives, not predicates.
            var comma = separator(",");
            function isComma(f) { return lower.slice(f[0], f[0] + f[1]) === comma; }
            var alternatives = (grammar.list_alternatives || []).map(function (w) { return w.toLowerCase(); });
            var kept = found.filter(function (f, k) {
                if (!isComma(f)) { return true; }
                var to = lower.length;
                for (var j = k + 1; j < found.length; j++) {
                    if (!isComma(found[j])) { to = found[j][0]; break; }
                }
                var run = " " + lower.slice(f[0] + f[1], to);
                return !alternatives.some(function (w) { return hasWords(run, w); });
            });
            var parts = [];
            var start = 0;
            kept.forEach(function (f) { parts.push([start, f[0]]); start = f[0] + f[1]; });
            parts.push([start, masked.length]);
            var ok = parts.length >= 2 && parts.length <= data.max_predicates &&
                parts.every(function (p) { return trim(masked.slice(p[0], p[1])) !== ""; });
            return ok ? parts : null;
        }

        // reading.rs, groupings: every way to join n parts into two or more groups, finest first.
        function groupings(n) {
            var out = [];
            if (n < 2) { return out; }
            var all = Math.pow(2, n - 1) - 1;
            for (var k = 0; k < all; k++) {
                var cuts = all - k;
                var groups = [];
                var start = 0;
                for (var i = 0; i < n - 1; i++) {
                    if (cuts & (1 << i)) {
                        groups.push([start, i + 1]);
                        start = i + 1;
                    }
                }
                groups.push([start, n]);
                out.push(groups);
            }
            return out;
        }

        // reading.rs, shared_prefixes: never cut just before one of prefix_never_before.
        function sharedPrefixes(first) {
            first = trim(first);
            var never = (grammar.prefix_never_before || []).map(function (w) { return w.toLowerCase(); });
            var cuts = indicesOf(first, " ").slice(0, data.max_prefix_words).filter(function (i) {
                var next = first.slice(i + 1).split(" ")[0].toLowerCase();
                return never.indexOf(next) < 0;
            });
            cuts.reverse();
            return cuts.map(function (i) { return first.slice(0, i); });
        }
        // reading.rs, shared_subjects: a subject, or a subject and its verb.
        function sharedSubjects(reason) {
            return sharedPrefixes(reason).filter(function (p) {
                var at = p.lastIndexOf(" ");
                if (at < 0) { return true; }
                var last = p.slice(at + 1).toLowerCase();
                return (grammar.predicate_verbs || []).some(function (v) { return v.toLowerCase() === last; });
            });
        }

        // reading.rs, checked_elsewhere: "non-null in `f`" names where the check stands.
        function checkedElsewhere(rest) {
            var at = rest.lastIndexOf(" ");
            if (at < 0) { return false; }
            var last = rest.slice(at + 1);
            var head = rest.slice(0, at);
            var at2 = head.lastIndexOf(" ");
            if (at2 < 0 || maskIndex(last) === null) { return false; }
            var word = head.slice(at2 + 1).toLowerCase();
            return head.slice(0, at2).trim() !== "" &&
                (grammar.checked_elsewhere || []).some(function (w) { return w.toLowerCase() === word; });
        }

        // reading.rs, checked_readings: "`x` is checked above to be valid" -> "`x` is valid".
        function checkedReadings(masked) {
            var lower = lowerSameLen(masked);
            if (lower === null) { return []; }
            var out = [];
            (grammar.checked_forms || []).forEach(function (form) {
                var sep = " " + form.words.toLowerCase() + " ";
                var pos = lower.indexOf(sep);
                if (pos < 0) { return; }
                var rest = masked.slice(pos + sep.length).replace(/\s+$/, "");
                if (rest.endsWith(".")) { rest = rest.slice(0, -1).replace(/\s+$/, ""); }
                (form.trailing || []).forEach(function (t) {
                    var cut = rest.length - t.length;
                    if (cut > 0 && rest.slice(cut).toLowerCase() === t.toLowerCase() && rest.charAt(cut - 1) === " ") {
                        rest = rest.slice(0, cut).replace(/\s+$/, "");
                    }
                });
                if (pos === 0 || rest === "" || checkedElsewhere(rest)) { return; }
                out.push({ statement: masked.slice(0, pos) + " " + form.to + " " + rest, form: form });
            });
            return out;
        }

        // reading.rs, clause_opening: the length of the word of `clause_openings` that the
        // (lowercased) text opens with as a whole word, or null.
        function clauseOpeningLower(lower) {
            var found = null;
            (grammar.clause_openings || []).some(function (w) {
                w = w.toLowerCase();
                if (startsWithWords(lower, w)) { found = w.length; return true; }
                return false;
            });
            return found;
        }

        function clauseOpening(text) {
            var lower = lowerSameLen(text);
            return lower === null ? null : clauseOpeningLower(lower);
        }

        // reading.rs, own_clause: "..., and that the caller owns the lock" is a clause of its
        // own, read without "that"; not when a verb follows ("and that is why") or a noun and
        // its verb ("and that region is initialized").
        function ownClause(part) {
            part = part.replace(/^\s+/, "");
            var lower = lowerSameLen(part);
            if (lower === null) { return null; }
            var opening = clauseOpeningLower(lower);
            if (opening === null || lower.length <= opening) { return null; }
            var at = opening + 1;
            // Words without the punctuation that may end them ("that is, ...").
            var words = lower.slice(at).split(" ").map(function (w) { return w.replace(/[,;:]+$/u, ""); });
            var first = words[0], second = words.length > 1 ? words[1] : null;
            function isVerb(w) {
                return (grammar.predicate_verbs || []).some(function (v) { return v.toLowerCase() === w; });
            }
            var pronoun = (grammar.subjects || []).some(function (g) {
                return g.words.some(function (w) { return w.toLowerCase() === first; });
            }) || (grammar.not_subjects || []).some(function (w) { return w.toLowerCase() === first; });
            var code = maskIndex(Array.from(first)[0]) !== null;
            var nounThenVerb = !pronoun && !code && second !== null && isVerb(second);
            var rest = part.slice(at).replace(/^\s+/, "");
            return !isVerb(first) && !nounThenVerb && rest !== "" ? rest : null;
        }

        // reading.rs, opens_clause: a verb among the first words, after a first word that is
        // no verb, nor the first word of a connector, a condition or a relative pronoun.
        function opensClause(part) {
            var words = trim(part).toLowerCase().split(" ").map(function (w) { return w.replace(/[,;:]+$/, ""); });
            var isVerb = function (w) {
                return grammar.predicate_verbs.some(function (v) { return v.toLowerCase() === w; });
            };
            var firstOf = function (phrase) {
                var w = phrase.replace(/^[, ]+/, "").split(" ")[0].replace(/,+$/, "");
                return w.toLowerCase() === words[0];
            };
            var rc = grammar.relative_clause;
            var opensOtherwise = (grammar.connectors || []).some(function (c) { return firstOf(c.word); }) ||
                (grammar.conditions || []).some(firstOf) ||
                (rc ? rc.pronouns.some(firstOf) : false);
            return words.length > 0 && !isVerb(words[0]) && !opensOtherwise &&
                words.slice(1, data.clause_verb_words).some(isVerb);
        }

        function listReadingHolds(recognisedParts, last, afterComma) {
            var n = recognisedParts.length;
            var count = recognisedParts.filter(function (r) { return r; }).length;
            if (count === n) { return true; }
            var lower = trim(last).toLowerCase();
            var first = lower.codePointAt(0);
            // reading.rs: a code span (with or without "the") or subject words first are a
            // subject of its own: a clause.
            var ownSubject = (first !== undefined && first >= MASK_BASE && first < MASK_BASE + MASK_LIMIT) ||
                withoutArticleBeforeCode(lower) !== null ||
                (grammar.subjects || []).some(function (g) {
                    return g.words.some(function (w) { return startsWithWords(lower, w.toLowerCase()); });
                });
            // reading.rs, opens_with_clause_subject: without a comma, a clause of its own opens
            // with one of `clause_subjects`.
            var clauseSubject = (grammar.clause_subjects || []).some(function (w) {
                return startsWithWords(lower, w.toLowerCase());
            });
            var lastStands = recognisedParts[n - 1] || ownClause(last) !== null || ownSubject ||
                (recognisedParts[0] && (afterComma || clauseSubject) && opensClause(last)) ||
                (grammar.predicate_verbs || []).some(function (v) {
                return startsWithWords(lower, v.toLowerCase());
            });
            return (count >= 2 || (n === 2 && recognisedParts[0])) && lastStands;
        }

        // expand.rs, list: the grouping that holds as a list with the most parts inside
        // recognised groups, then the fewest groups, then the finest.
        function list(folded, masked) {
            var parts = splitPredicates(masked);
            if (parts === null) { return null; }
            function text(g) { return masked.slice(parts[g[0]][0], parts[g[1] - 1][1]); }
            var seen = {};
            var best = null;
            groupings(parts.length).forEach(function (groups) {
                var firstEnd = groups[0][1];
                var prefixes = sharedPrefixes(text(groups[0]));
                var out = [];
                // expand.rs: after a later group that names a subject of its own, no group
                // shares the first one's.
                var ownSubject = false;
                var recognisedParts = groups.map(function (g, i) {
                    var clause = i > 0 ? ownClause(text(g)) : null;
                    var key = firstEnd + "," + g[0] + "," + g[1] + "," + ownSubject;
                    if (!Object.prototype.hasOwnProperty.call(seen, key)) {
                        var own = clause === null ? text(g) : clause;
                        var alone = read(piece(folded, own));
                        var readings = alone.found ? [alone] : null;
                        if (readings === null && i > 0 && clause === null && !ownSubject &&
                            !isOwnComparison(folded, text(g))) {
                            for (var k = 0; k < prefixes.length; k++) {
                                var r = read(piece(folded, prefixes[k] + " " + trim(text(g))));
                                if (r.found) { readings = [r]; break; }
                            }
                        }
                        // A clause of its own may have two subjects.
                        if (readings === null) { readings = subjectsSharing(folded, own); }
                        seen[key] = readings === null ? [alone] : readings;
                    }
                    seen[key].forEach(function (r) { out.push(r); });
                    if (i > 0 && (clause !== null || namesOwnSubject(text(g)))) { ownSubject = true; }
                    return seen[key].every(function (r) { return !!r.found; });
                });
                var lastGroup = groups[groups.length - 1];
                var afterComma = lastGroup[0] > 0 &&
                    masked.slice(parts[lastGroup[0] - 1][1], parts[lastGroup[0]][0]).charAt(0) === ",";
                // expand.rs: a code span that compares on its own is a whole statement.
                var stands = groups.map(function (g, i) { return recognisedParts[i] || isOwnComparison(folded, text(g)); });
                if (!listReadingHolds(stands, text(lastGroup), afterComma)) { return; }
                var covered = 0;
                groups.forEach(function (g, i) { if (recognisedParts[i]) { covered += g[1] - g[0]; } });
                if (best === null || covered > best.covered ||
                    (covered === best.covered && groups.length < best.groups)) {
                    best = { covered: covered, groups: groups.length, out: out };
                }
            });
            return best === null ? null : best.out.map(function (r) { return Object.assign({}, r); });
        }

        // reading.rs, names_own_subject: a verb after the first word names a subject.
        function namesOwnSubject(part) {
            return trim(part).toLowerCase().split(" ").slice(1).some(function (w) {
                w = w.replace(/[,;:]+$/, "");
                return grammar.predicate_verbs.some(function (v) { return v.toLowerCase() === w; });
            });
        }

        // expand.rs, subjects_sharing: "`a` and `b` are non-null", each subject read in full.
        function subjectsSharing(folded, masked) {
            var subjects = splitSubjects(folded, masked);
            if (subjects === null) { return null; }
            var readings = subjects.map(function (p) { return read(piece(folded, p)); });
            return readings.every(function (r) { return !!r.found; }) ? readings : null;
        }

        // reading.rs, relative_readings: "S is a N which P" is "S P" because "S is a N".
        function relativeReadings(masked) {
            var rc = grammar.relative_clause;
            var lower = lowerSameLen(masked);
            var out = [];
            if (!rc || lower === null) { return out; }
            rc.openings.forEach(function (opening) {
                var sep = " " + opening.toLowerCase() + " ";
                var at = lower.indexOf(sep);
                if (at < 0) { return; }
                var subject = masked.slice(0, at);
                if (trim(subject) === "" || subject.split(" ").length > data.max_prefix_words) { return; }
                var nounStart = at + sep.length;
                rc.pronouns.forEach(function (p) {
                    var pronoun = " " + p.toLowerCase() + " ";
                    var end = lower.indexOf(pronoun, nounStart);
                    if (end < 0) { return; }
                    var noun = lower.slice(nounStart, end);
                    if (noun.endsWith(",")) { noun = noun.slice(0, -1); }
                    var words = noun.split(" ");
                    var short = trim(noun) !== "" && words.length <= rc.max_noun_words && noun.indexOf(",") < 0;
                    var plain = !words.some(function (w) {
                        return rc.not_in_noun.some(function (n) { return n.toLowerCase() === w.toLowerCase(); });
                    });
                    var predicate = masked.slice(end + pronoun.length);
                    if (short && plain && trim(predicate) !== "") {
                        out.push({ statement: subject + " " + predicate, reason: [0, nounStart + noun.length] });
                    }
                });
            });
            return out;
        }

        // reading.rs, restated: where a statement that is said again stands, and where its
        // restatement (from the marker on) stands.
        function restated(masked) {
            var lower = lowerSameLen(masked);
            if (lower === null) { return null; }
            var at = -1;
            (grammar.restatements || []).forEach(function (m) {
                m = m.toLowerCase();
                var k = indicesOf(lower, m).filter(function (i) {
                    var next = lower.charAt(i + m.length);
                    return next === " " || next === ",";
                })[0];
                if (k !== undefined && (at < 0 || k < at)) { at = k; }
            });
            if (at < 0 || trim(masked.slice(0, at)) === "") { return null; }
            var from = at;
            while (from < lower.length && (lower.charAt(from) === "," || lower.charAt(from) === " ")) { from++; }
            if (from >= lower.length) { return null; }
            return { statement: [0, at], restatement: [from, masked.length] };
        }

        // reading.rs, without_aside: the statement after an opening aside ("As with [`f`], ...").
        function withoutAside(masked) {
            var lower = lowerSameLen(masked);
            if (lower === null) { return null; }
            var opens = (grammar.asides || []).some(function (a) { return startsWithWords(lower, a.toLowerCase()); });
            if (!opens) { return null; }
            var comma = lower.indexOf(", ");
            if (comma < 0 || trim(masked.slice(comma + 2)) === "") { return null; }
            return [comma + 2, masked.length];
        }

        // reading.rs, without_zero_size_emphasis: where the statement a zero-size emphasis stresses stands.
        // A zero size may be named in code ("if `T` has size `0`"): the clause is read with its
        // spans' code.
        function withoutZeroSizeEmphasis(masked, codes) {
            var z = grammar.zero_size_emphasis;
            var lower = lowerSameLen(masked);
            if (!z || lower === null) { return null; }
            function namesZero(clause) {
                var text = Array.from(clause).map(function (c) {
                    var k = maskIndex(c);
                    return k !== null && k < codes.length ? codes[k].toLowerCase() : c;
                }).join("");
                return z.marks.some(function (m) { return text.indexOf(m.toLowerCase()) >= 0; });
            }
            for (var i = 0; i < z.openings.length; i++) {
                var opening = z.openings[i].toLowerCase();
                if (startsWithWords(lower, opening)) {
                    var comma = lower.indexOf(", ");
                    if (comma < 0) { return null; }
                    if (namesZero(lower.slice(0, comma)) && trim(masked.slice(comma + 2)) !== "") {
                        return [comma + 2, masked.length];
                    }
                    continue;
                }
                var at = lower.indexOf(" " + opening + " ");
                if (at < 0) { continue; }
                var end = lower.slice(0, at).endsWith(",") ? at - 1 : at;
                if (namesZero(lower.slice(at)) && trim(masked.slice(0, end)) !== "") { return [0, end]; }
            }
            return null;
        }

        // reading.rs, without_distributive: "are both readable", "must each be valid".
        function withoutDistributive(rest) {
            var words = rest.split(" ");
            var spread = (grammar.subject_distributives || []).map(function (d) { return d.toLowerCase(); });
            for (var i = 0; i < Math.min(2, words.length); i++) {
                if (spread.indexOf(words[i].toLowerCase()) >= 0) {
                    words.splice(i, 1);
                    return words.join(" ");
                }
            }
            return rest;
        }

        // reading.rs, split_subjects: "Both `a` and `b` must be aligned"; no span that compares
        // on its own or is a side of a comparison read as words.
        function splitSubjects(f, masked) {
            if (!grammar.subject_conjunction) { return null; }
            var conj = grammar.subject_conjunction.toLowerCase();
            var lower = lowerSameLen(masked);
            if (lower === null) { return null; }
            var at = 0;
            var openings = grammar.subject_openings || [];
            for (var i = 0; i < openings.length; i++) {
                var o = openings[i].toLowerCase();
                if (startsWithWords(lower, o)) { at = o.length + 1; break; }
            }
            // reading.rs: a code span, or a lone capital letter, which names a type parameter.
            function code(i) {
                var c = masked.codePointAt(i);
                if (c !== undefined && c >= MASK_BASE && c < MASK_BASE + MASK_LIMIT) {
                    var alone = f.compared.indexOf(c - MASK_BASE) < 0 && !isOwnComparison(f, String.fromCodePoint(c));
                    return alone ? String.fromCodePoint(c).length : 0;
                }
                return /[A-Z]/.test(masked.charAt(i)) && masked.charAt(i + 1) === " " ? 1 : 0;
            }
            var first = code(at);
            if (!first) { return null; }
            var sep = " " + conj + " ";
            var secondAt = at + first + sep.length;
            if (lower.slice(at + first, secondAt) !== sep) { return null; }
            var second = code(secondAt);
            if (!second) { return null; }
            var rest = masked.slice(secondAt + second);
            if (rest.charAt(0) !== " ") { return null; }
            rest = withoutDistributive(rest.slice(1));
            if (trim(rest) === "") { return null; }
            return [masked.slice(at, at + first) + " " + rest, masked.slice(secondAt, secondAt + second) + " " + rest];
        }

        // expand.rs, parts: a list of predicates, else two subjects sharing one.
        function partsOf(folded, masked) {
            var l = list(folded, masked);
            if (l !== null) { return l; }
            var subjects = splitSubjects(folded, masked);
            if (subjects === null) { return null; }
            var readings = [];
            for (var i = 0; i < subjects.length; i++) {
                var got = predicates(folded, subjects[i]);
                if (!got.some(function (r) { return !!r.found; })) { return null; }
                readings = readings.concat(got);
            }
            return readings;
        }

        function predicates(folded, masked) {
            var whole = read(piece(folded, masked));
            if (whole.found) { return [whole]; }
            return partsOf(folded, masked) || [whole];
        }

        // expand.rs, claims: a statement that follows its reason is never a justification's phrasing.
        function claims(folded, masked) {
            return predicates(folded, masked).map(function (r) {
                if (r.found && isJustification(r.found.entry)) { r.found = null; }
                return r;
            });
        }

        // expand.rs, reasons: after "by" only a justification; after a connector also a fact.
        // Split at the conjunction unless the whole reads as one phrasing.
        // After a connector a reason may give its own reason (expand.rs, reasoned_reason).
        function reasons(folded, masked, alsoFacts, nested) {
            function counts(r) { return !!r.found && (alsoFacts || isJustification(r.found.entry)); }
            var conj = " " + grammar.justification_conjunction + " ";
            var parts = splitCiRanges(masked, conj);
            var out = [];
            // expand.rs: unread words stay one reason; where their run starts.
            var unreadFrom = null;
            var i = 0;
            while (i < parts.length) {
                // The longest run of parts from here that reads as one phrasing is one reason;
                // so is a run of subjects sharing one predicate, one reason each.
                var joined = null;
                for (var j = parts.length - 1; j > i; j--) {
                    var runText = masked.slice(parts[i][0], parts[j][1]);
                    var run = read(piece(folded, runText));
                    if (counts(run)) { joined = [run]; break; }
                    var shared = subjectsSharing(folded, runText);
                    if (shared !== null && shared.every(counts)) { joined = shared; break; }
                }
                if (joined !== null) { out = out.concat(joined); unreadFrom = null; i = j + 1; continue; }
                var part = parts[i];
                var p = masked.slice(part[0], part[1]);
                i += 1;
                var r = read(piece(folded, p));
                if (counts(r)) { out.push(r); unreadFrom = null; continue; }
                r.found = null;
                var facts = alsoFacts && !nested ? reasonedReason(folded, p) : null;
                if (facts !== null) {
                    out = out.concat(facts);
                    unreadFrom = null;
                } else if (unreadFrom !== null) {
                    out[out.length - 1] = unreadOf(piece(folded, masked.slice(unreadFrom, part[1])));
                } else {
                    out.push(r);
                    unreadFrom = part[0];
                }
            }
            return out;
        }

        // expand.rs, reasoned_reason: a reason that is a statement with a reason of its own,
        // read as the facts it states, one level deep.
        function reasonedReason(folded, masked) {
            masked = trim(masked);
            // expand.rs: the facts and who guarantees them; the guarantor alone when no fact is
            // recognised and no connector splits the reason better.
            var guarantor = null;
            for (var i = 0; i < prefixes.length; i++) {
                var pm = prefixes[i].re.exec(masked);
                if (!pm) { continue; }
                var facts = predicates(folded, masked.slice(pm[0].length));
                var anyFact = facts.some(function (f) { return !!f.found; });
                var rule = prefixes[i].rule;
                facts.push({ text: rule.prefix, folded: fold(rule.prefix), found: impliedMatch(rule.justification, rule.with) });
                if (anyFact) { return facts; }
                if (facts[facts.length - 1].found) { guarantor = facts; }
                break;
            }
            var best = null, bestFound = 0;
            reasonedSplits(masked).forEach(function (r) {
                var statement = masked.slice(r.statement[0], r.statement[1]);
                var got = r.statement[0] > r.reason[0] ? claims(folded, statement) : predicates(folded, statement);
                var why = reasons(folded, masked.slice(r.reason[0], r.reason[1]), true, true);
                if (r.needsKnownReason && !why.every(function (f) { return !!f.found; })) { return; }
                got = got.concat(why);
                var found = got.filter(function (f) { return !!f.found; }).length;
                if (found > 0 && found > bestFound) { best = got; bestFound = found; }
            });
            return best !== null ? best : guarantor;
        }

        // expand.rs, implied: the match of a justification a grammar form implies.
        function impliedMatch(id, withVars) {
            if (!Object.prototype.hasOwnProperty.call(entries, id)) { return null; }
            var bindings = {};
            entries[id].vars.forEach(function (v) {
                bindings[v.name] = Object.prototype.hasOwnProperty.call(withVars, v.name) ? withVars[v.name] : "`" + v.name + "`";
            });
            return { entry: id, form: { form: "canonical" }, bindings: bindings };
        }

        // expand.rs, list_lead: what a list's introduction gives each item, a condition when it
        // is one whole condition clause ("If `T` is a ZST:"), a subject and its duty when it ends
        // in one ("The value must:").
        var LEAD_DUTIES = ["must", "should", "shall"];
        function listLead(lead) {
            var head = trimEnd(lead);
            if (!head.endsWith(":")) { return null; }
            head = trimEnd(head.slice(0, -1));
            var folded = fold(head);
            var masked = folded.masked;
            if (masked === "") { return null; }
            var cc = conditionClause(masked + ", x");
            if (cc !== null && cc.condition === masked.length && cc.rest === masked.length + 2) { return { condition: head }; }
            var start = durationLead(masked);
            if (start !== null) { return { duration: piece(folded, masked.slice(start)) }; }
            var words = head.split(/\s+/).filter(function (w) { return w !== ""; });
            var duty = words.length > 1 && LEAD_DUTIES.indexOf(words[words.length - 1].toLowerCase()) >= 0;
            return duty && !startsWithCondition(masked) ? { subject: head } : null;
        }

        // reading.rs, duration_lead: where the duration an introduction asks each item for starts
        // ("the following for the duration of the returned value"), or null.
        function durationLead(masked) {
            var rule = grammar.duration_lead;
            var lower = rule === undefined ? null : lowerSameLen(masked);
            if (lower === null) { return null; }
            for (var i = 0; i < rule.following.length; i++) {
                var f = rule.following[i].toLowerCase();
                if (!startsWithWords(lower, f)) { continue; }
                var start = f.length + /^ */.exec(lower.slice(f.length))[0].length;
                var rest = lower.slice(start);
                if (rule.openings.some(function (o) { return startsWithWords(rest, o.toLowerCase()); })) { return start; }
            }
            return null;
        }

        // expand.rs, duration_after: "That `inner` remains valid;" under "for the duration of X"
        // says "`inner` remains valid for the duration of X."
        function durationAfter(item, duration, asWritten) {
            var opening = asWritten ? null : clauseOpening(item);
            var words = trimEnd(trim(item.slice(opening === null ? 0 : opening)).replace(/[;.,]+$/, ""));
            return words + " " + duration + ".";
        }

        // expand.rs, subject_before: "The value must" and "Not be `NaN`" say "The value must not
        // be `NaN`".
        function subjectBefore(subject, item) {
            var chars = Array.from(item);
            var upper = function (c) { return c !== undefined && c.toUpperCase() === c && c.toLowerCase() !== c; };
            if (chars.length > 1 && upper(chars[0]) && !upper(chars[1])) {
                item = chars[0].toLowerCase() + item.slice(chars[0].length);
            }
            return subject + " " + item;
        }

        // reading.rs, is_otherwise: a condition that holds where the one before it does not.
        function isOtherwise(condition) {
            var words = foldWhitespace(condition.replace(/[,:]+$/, "")).toLowerCase();
            return grammar.opposite !== undefined && grammar.opposite.words.some(function (w) { return w.toLowerCase() === words; });
        }

        // reading.rs, negated: the first verb of `opposite.negations` turned into the other,
        // outside code spans.
        function negated(words) {
            if (grammar.opposite === undefined) { return null; }
            var m = mask(words);
            var lower = lowerSameLen(m.masked);
            if (lower === null) { return null; }
            var best = null;
            grammar.opposite.negations.forEach(function (n) {
                var at = wordAt(lower, n.from.toLowerCase());
                if (at >= 0 && (best === null || at < best.at)) { best = { at: at, rule: n }; }
            });
            if (best === null) { return null; }
            var masked = m.masked.slice(0, best.at) + best.rule.to + m.masked.slice(best.at + best.rule.from.length);
            return unmasked({ masked: masked, codes: m.codes });
        }

        // expand.rs, lead_condition: "Otherwise" after a list under another condition reads as
        // that condition's opposite where the dictionary reads it.
        function leadCondition(condition, earlier) {
            var opposite = (function () {
                if (!isOtherwise(condition) || earlier === undefined) { return null; }
                var before = listLead(earlier);
                if (before === null || before.condition === undefined) { return null; }
                var words = conditionMeaning(before.condition);
                if (words === null) { words = afterConditionOpener(before.condition); }
                if (words === null) { return null; }
                var neg = negated(words);
                if (neg === null) { return null; }
                var read = analyseSentence(neg, "requirement");
                if (read === null || read.statements.length !== 1 || (read.justifications || []).length || (read.conditions || []).length) { return null; }
                if (read.statements[0].status !== "recognised") { return null; }
                var s = Object.assign({}, read.statements[0]);
                s.text = condition;
                return s;
            })();
            return opposite !== null ? [opposite] : conditionOf(condition);
        }

        // expand.rs, analyse_led: an item read where it stands to a list's introduction.
        function analyseLed(unit) {
            if (unit.lead === undefined && unit.introduces && listLead(unit.text) !== null) { return null; }
            var kind = unit.lead !== undefined ? listLead(unit.lead) : null;
            if (kind !== null && kind.condition !== undefined) {
                var read = analyseItem(unit.text, unit.at);
                if (read !== null && read.text !== "") {
                    read.conditions = leadCondition(kind.condition, unit.earlier).concat(read.conditions || []);
                }
                return read;
            }
            if (kind !== null) {
                var said = analyseItem(kind.duration !== undefined ? durationAfter(unit.text, kind.duration) : subjectBefore(kind.subject, unit.text), unit.at);
                if (said !== null && said.text !== "") { said.text = foldWhitespace(unit.text); }
                return said;
            }
            return analyseItem(unit.text, unit.at);
        }

        // expand.rs, analyse: an item is read sentence by sentence.
        function analyseItem(raw, position) {
            var sentences = splitSentences(raw);
            if (sentences.length < 2) { return analyseSentence(raw, position); }
            var statements = [];
            var justs = [];
            var conds = [];
            sentences.forEach(function (sentence) {
                var read = analyseSentence(sentence, position);
                if (read === null || read.text === "") { return; }
                statements = statements.concat(read.statements);
                justs = justs.concat(read.justifications || []);
                conds = conds.concat(read.conditions || []);
            });
            if (statements.length === 0) { return null; }
            var all = item(foldWhitespace(raw), position, statements, justs);
            if (conds.length) { all.conditions = conds; }
            return all;
        }

        // expand.rs, condition: a condition as written, recognised when what the grammar says
        // it means, or what follows its opening word, is one statement the dictionary reads,
        // with nothing else, or statements that all read.
        function conditionOf(text) {
            var unread = { status: "unrecognised", text: text, suggestions: [] };
            var after = conditionMeaning(text);
            if (after === null) { after = afterConditionOpener(text); }
            if (after === null) { return [unread]; }
            var read = analyseSentence(after, "requirement");
            if (read === null || read.statements.length === 0 || (read.justifications || []).length || (read.conditions || []).length) { return [unread]; }
            if (!read.statements.every(function (p) { return p.status === "recognised"; })) { return [unread]; }
            if (read.statements.length > 1) { return read.statements; }
            var s = Object.assign({}, read.statements[0]);
            s.text = text;
            return [s];
        }

        // expand.rs, analyse_sentence: in an invariant, a sentence is also read without the words
        // the position says already, when that reads more of it.
        function analyseSentence(raw, position) {
            var read = analyseSentenceAsWritten(raw, position);
            if (position !== "invariant" || read === null) { return read; }
            var recognisedParts = function (i) {
                return i.statements.concat(i.justifications || [], i.conditions || []).filter(function (p) { return p.status === "recognised"; }).length;
            };
            var all = read.statements.concat(read.justifications || [], read.conditions || []);
            if (all.every(function (p) { return p.status === "recognised"; })) { return read; }
            var without = withoutInvariantAdverbs(read.text);
            if (without === null) { return read; }
            var plain = analyseSentenceAsWritten(without, position);
            if (plain === null || recognisedParts(plain) <= recognisedParts(read)) { return read; }
            plain.text = read.text;
            return plain;
        }

        function analyseSentenceAsWritten(raw, position) {
            var text = foldWhitespace(raw);
            var folded = fold(text);
            if (folded.masked === "") { return null; }
            if (isPlaceholder(folded.masked)) {
                return item(text, position, [{ status: "placeholder", text: text }], []);
            }
            // grammar.rs, is_introduction: "Specifically:" before a list states nothing.
            if (INTRODUCTION && /:\s*$/.test(text) && INTRODUCTION.test(trim(folded.masked))) { return null; }
            // reading.rs, is_parenthetical: nor does a sentence wholly in parentheses.
            if (isParenthetical(folded.masked)) { return null; }
            var masked = folded.masked;
            var statementsOf = function (rs) { return unreadPointersAsPlaces(rs).map(function (r) { return statementOf(r, position); }); };

            // expand.rs: "So <sentence>" is the sentence without the word that joins it to the
            // ones before.
            // grammar.rs: not where those words open a condition ("So long as ..."), nor before a
            // word of `clause_openings` ("So that ...", "Now that ...").
            for (var sl = 0; sl < sentenceLeadIns.length && !startsWithCondition(text); sl++) {
                var slm = sentenceLeadIns[sl].exec(text);
                if (!slm) { continue; }
                if (clauseOpening(text.slice(slm[0].length)) !== null) { break; }
                // expand.rs: "Hence, it is safe to ..." concludes from the sentences before it,
                // which hold its grounds: no item of its own.
                var concludes = concludingLeadIns.some(function (c) { return c.test(text); });
                if (concludes && isConclusion(fold(text.slice(slm[0].length)).masked)) { return null; }
                var rest = analyseSentence(text.slice(slm[0].length), position);
                if (rest !== null) {
                    rest.text = text;
                    return rest;
                }
                break;
            }

            // expand.rs, caller_duty_item: in a `// SAFETY:` comment a caller's duty is a reason.
            if (position === "safety-comment" && grammar.caller_duty) {
                for (var d = 0; d < duties.length; d++) {
                    var dmatch = duties[d].exec(text);
                    if (!dmatch) { continue; }
                    var words = trim(text.slice(0, dmatch[0].length));
                    var inner = analyseItem(text.slice(dmatch[0].length), position);
                    if (inner === null) { break; }
                    var dj = impliedMatch(grammar.caller_duty.justification, {});
                    var because = dj !== null ? recognised(words, dj) : { status: "unrecognised", text: words, suggestions: [] };
                    inner.text = text;
                    inner.justifications = [because].concat(inner.justifications || []);
                    return inner;
                }
            }

            // expand.rs: a `# Safety` item that only points to another function gives this one
            // its requirements.
            if (position === "requirement") {
                var pointed = requirementPointer(text);
                var pointedMatch = pointed === null ? null : matchText(unmasked(fold(pointed)));
                if (pointedMatch) { return item(text, position, [recognised(text, pointedMatch, position)], []); }
            }

            // expand.rs: a sentence that is itself a phrasing wins over any split or prefix.
            var whole = matchText(unmasked(folded));
            if (whole) { return item(text, position, [recognised(text, whole, position)], []); }

            // expand.rs: "For the duration of D, S", "When `x` is alive, S": S read with the
            // duration after its words, where that reads every part.
            var fd = frontedDuration(masked);
            if (fd !== null) {
                var said = analyseSentence(durationAfter(piece(folded, masked.slice(fd.rest)), unmasked({ masked: fd.duration, codes: folded.codes }), true), position);
                var readAll = said !== null && said.statements.concat(said.justifications || [], said.conditions || []).every(function (p) { return p.status === "recognised"; });
                if (said !== null && said.text !== "" && readAll) {
                    said.text = text;
                    return said;
                }
            }

            // expand.rs: "If C, S": S read as a sentence of its own, holding only under C, where
            // the dictionary reads some of S.
            var cc = conditionClause(masked);
            if (cc !== null) {
                var under = analyseSentence(piece(folded, masked.slice(cc.rest)), position);
                var readSome = under !== null && under.statements.concat(under.justifications || [], under.conditions || []).some(function (p) { return p.status === "recognised"; });
                if (under !== null && under.text !== "" && readSome) {
                    var conditional = item(text, position, under.statements, under.justifications || []);
                    conditional.conditions = conditionOf(piece(folded, masked.slice(0, cc.condition))).concat(under.conditions || []);
                    return conditional;
                }
            }

            for (var i = 0; i < prefixes.length; i++) {
                var pm = prefixes[i].re.exec(masked);
                if (!pm) { continue; }
                var rule = prefixes[i].rule;
                // expand.rs: in a `# Safety` item the caller's promise is the requirement itself.
                if (position === "requirement" && grammar.caller_duty && grammar.caller_duty.justification === rule.justification) {
                    var asked = analyseSentence(piece(folded, masked.slice(pm[0].length)), position);
                    if (asked === null) { return item(text, position, [], []); }
                    return item(text, position, asked.statements, asked.justifications || []);
                }
                var just;
                var implied = impliedMatch(rule.justification, rule.with);
                if (implied !== null) {
                    just = recognised(rule.prefix, implied);
                } else {
                    just = { status: "unrecognised", text: rule.prefix, suggestions: [] };
                }
                // expand.rs: the rest is read as a sentence of its own.
                var rest = analyseSentence(piece(folded, masked.slice(pm[0].length)), position);
                if (rest === null) { return item(text, position, [], [just]); }
                return item(text, position, rest.statements, [just].concat(rest.justifications || []));
            }


            var best = null;
            var bestScore = 0;
            // expand.rs: the most recognised reading, then the fewest parts left unrecognised.
            var bestLeft = 0;
            function consider(statements, why) {
                var foundStatements = statements.filter(function (r) { return !!r.found; }).length;
                var foundReasons = why.filter(function (r) { return !!r.found; }).length;
                var score = foundStatements * 1000 + foundReasons;
                var left = statements.length - foundStatements + why.length - foundReasons;
                if (best === null || score > bestScore || (score === bestScore && left < bestLeft)) {
                    best = { statements: statements, reasons: why };
                    bestScore = score;
                    bestLeft = left;
                }
            }
            var sep = " " + grammar.justification_separator + " ";
            // expand.rs: after a participle such as "held", "by" names who does it, unless a
            // known justification follows; after one such as "defined", always.
            function agent(statement, why) {
                var lower = statement.replace(/ +$/, "").toLowerCase();
                function endsWithOne(list) {
                    return (list || []).some(function (p) { return endsWithWords(lower, p.toLowerCase()); });
                }
                return endsWithOne(grammar.agent_only_participles) ||
                    (endsWithOne(grammar.agent_participles) && !why.every(function (r) { return !!r.found; }));
            }
            findCi(masked, sep).forEach(function (pos) {
                var why = reasons(folded, masked.slice(pos + sep.length), false);
                if (agent(masked.slice(0, pos), why)) { return; }
                consider(predicates(folded, masked.slice(0, pos)), why);
            });
            // The statement may give a justification of its own ("... so it is valid by the
            // type invariants").
            var splits = reasonedSplits(masked);
            // expand.rs: a sentence that gives a reason is no list of statements.
            var hasReason = splits.length > 0;
            splits.forEach(function (r) {
                var after = r.statement[0] > r.reason[0];
                // expand.rs: a statement after its reason with no subject of its own shares
                // the reason's ("`a` is a power of two, therefore non-zero").
                // Only a reason of one clause has one subject to share, and a statement that
                // opens with code has its own.
                var reasonText = trim(masked.slice(r.reason[0], r.reason[1])).replace(/,+$/, "");
                var oneClause = reasonText.indexOf(",") < 0;
                function claim(t) {
                    if (!after) { return predicates(folded, t); }
                    var own = claims(folded, t);
                    var opensWithCode = maskIndex(trim(t).charAt(0)) !== null;
                    if (!oneClause || opensWithCode || own.some(function (f) { return !!f.found; })) { return own; }
                    var prefixes = sharedSubjects(reasonText);
                    for (var i = 0; i < prefixes.length; i++) {
                        var shared = read(piece(folded, prefixes[i] + " " + trim(t)));
                        if (shared.found && !isJustification(shared.found.entry)) { return [shared]; }
                    }
                    return own;
                }
                // Read once per split, as expand.rs does; readings are never changed afterwards.
                var because = reasons(folded, masked.slice(r.reason[0], r.reason[1]), true);
                var statement = masked.slice(r.statement[0], r.statement[1]);
                if (r.needsKnownReason && !because.every(function (f) { return !!f.found; })) { return; }
                consider(claim(statement), because);
                // expand.rs: "X, so it is safe to Y" states X; a justification in X stays a reason.
                if (isConclusion(statement)) {
                    var facts = because.filter(function (f) { return !(f.found && isJustification(f.found.entry)); });
                    var why = because.filter(function (f) { return !!(f.found && isJustification(f.found.entry)); });
                    if (facts.length > 0) { consider(facts, why); }
                    // expand.rs: nothing but justifications is the sentence, as a whole-sentence
                    // justification is.
                    else if (why.length > 0) { consider(why, []); }
                    consider(claims(folded, reasonText), []);
                }
                findCi(statement, sep).forEach(function (pos) {
                    var by = reasons(folded, statement.slice(pos + sep.length), false);
                    if (agent(statement.slice(0, pos), by)) { return; }
                    consider(claim(statement.slice(0, pos)), because.concat(by));
                });
            });
            checkedReadings(masked).forEach(function (c) {
                var found = impliedMatch(c.form.justification, {});
                consider(predicates(folded, c.statement), [{ text: c.form.words, folded: fold(c.form.words), found: found }]);
            });
            relativeReadings(masked).forEach(function (r) {
                consider(predicates(folded, r.statement), reasons(folded, masked.slice(r.reason[0], r.reason[1]), true));
            });
            var aside = withoutAside(masked);
            if (aside !== null) { consider(predicates(folded, masked.slice(aside[0], aside[1])), []); }
            // expand.rs: the restatement stays a part of its own (it may say more).
            var again = restated(masked);
            if (again !== null) {
                consider(predicates(folded, masked.slice(again.statement[0], again.statement[1]))
                    .concat([read(piece(folded, masked.slice(again.restatement[0], again.restatement[1])))]), []);
            }
            var stressed = withoutZeroSizeEmphasis(masked, folded.codes);
            if (stressed !== null) { consider(predicates(folded, masked.slice(stressed[0], stressed[1])), []); }
            var parts = hasReason ? null : partsOf(folded, masked);
            if (parts !== null) { consider(parts, []); }
            if (best !== null && bestScore > 0) {
                return item(text, position, statementsOf(best.statements), best.reasons.map(justificationOf));
            }
            var bare = bareReading(folded);
            if (bare !== null) { return item(text, position, statementsOf(bare), []); }
            return item(text, position, [unrecognised(text, unmasked(folded))], []);
        }

        // A phrase without its subject ("valid for reads"), read with a stand-in subject that
        // each binding then shows as the entry's own variable (expand.rs, `bare`).
        function bareReading(folded) {
            var first = folded.masked.codePointAt(0);
            if (first === undefined || (first >= MASK_BASE && first < MASK_BASE + MASK_LIMIT)) { return null; }
            var standIn = "`" + data.bare_subject + "`";
            for (var v = 0; v < data.bare_verbs.length; v++) {
                var verb = data.bare_verbs[v];
                var w = fold(standIn + " " + verb + unmasked(folded));
                var parts = predicates(w, w.masked);
                if (!parts.every(function (r) { return !!r.found; })) { continue; }
                parts.forEach(function (r) {
                    Object.keys(r.found.bindings).forEach(function (name) {
                        if (r.found.bindings[name] === standIn) { r.found.bindings[name] = "`" + name + "`"; }
                    });
                    if (r.text.startsWith(standIn)) {
                        var rest = trimStart(r.text.slice(standIn.length));
                        r.text = rest.startsWith(verb) ? rest.slice(verb.length) : rest;
                    }
                });
                return parts;
            }
            return null;
        }

        // expand.rs, locate_part: where a part, read in folded words, stands in the item as one
        // run of words (at most 10 more words than the part; case ignored).
        var WORD = new RegExp(NOT_S + "+", "gu");
        function locatePart(text, part) {
            if (trim(part) === "") { return null; }
            var at = text.indexOf(part);
            if (at >= 0) { return [at, at + part.length]; }
            var want = unmasked(fold(part)).toLowerCase();
            if (want === "") { return null; }
            var words = [];
            var m;
            WORD.lastIndex = 0;
            while ((m = WORD.exec(text)) !== null) { words.push([m.index, m.index + m[0].length]); }
            var most = part.split(WS_RUN).filter(function (w) { return w !== ""; }).length + 10;
            function foldsToPart(from, to) { return unmasked(fold(text.slice(from, to))).toLowerCase() === want; }
            for (var i = 0; i < words.length; i++) {
                for (var k = i; k < words.length && k < i + most; k++) {
                    if (foldsToPart(words[i][0], words[k][1])) {
                        // Words folding drops at the run's start are given up where they can be.
                        var from = words[i][0];
                        for (var j = k; j > i; j--) {
                            if (foldsToPart(words[j][0], words[k][1])) { from = words[j][0]; break; }
                        }
                        // expand.rs: a comma after the last word belongs to the sentence.
                        var to = words[k][1];
                        if (/[,;]$/.test(text.slice(from, to)) && foldsToPart(from, to - 1)) { to -= 1; }
                        return [from, to];
                    }
                }
            }
            return null;
        }

        // expand.rs, as_written: each part in the reader's words where it is one run of them.
        function asWritten(it) {
            if (it === null) { return it; }
            it.statements.concat(it.justifications || [], it.conditions || []).forEach(function (s) {
                var r = locatePart(it.text, s.text);
                if (r !== null) { s.text = it.text.slice(r[0], r[1]); }
            });
            return it;
        }

        return function expand(input) {
            var items = splitItems(String(input)).map(function (p) { return asWritten(analyseLed(p)); }).filter(function (i) { return i !== null && i.text !== ""; });
            if (items.length === 0) {
                var bare = bareTag(String(input));
                if (bare !== null) {
                    items.push(item(bare.text, bare.position, [{ status: "placeholder", text: bare.text }], []));
                }
            }
            return { site_url: data.site_url, items: items };
        };
    }

    // `safety-dict expand --format markdown` (expand.rs `render_markdown`), from the same JSON.
    function renderMarkdown(exp) {
        var out = "";
        function node(n, depth, label) {
            var indent = new Array(depth + 1).join("  ") + " ";
            if (n.entry !== undefined && n.url !== undefined) {
                out += indent + "- " + label + n.text + " ([" + n.entry + "](" + n.url + "))\n";
            } else {
                out += indent + "- " + label + n.text + "\n";
            }
            (n.children || []).forEach(function (c) { node(c, depth + 1, ""); });
        }
        function statement(s, label) {
            label = label ? "**" + label + "** " : "";
            if (s.status === "recognised") {
                node(s.expansion, 1, label);
                if (s.discouraged) {
                    out += "   - discouraged wording: " + s.discouraged.reason + " Write instead: " + s.discouraged.preferred + "\n";
                }
                return;
            }
            if (s.status === "placeholder") {
                out += "   - " + label + "a placeholder, not a reason: \"" + s.text + "\"\n";
                return;
            }
            out += "   - " + label + "not in the dictionary: \"" + s.text + "\"\n";
            s.suggestions.forEach(function (g) {
                out += "     - nearest: " + g.phrase + " ([" + g.entry + "](" + g.url + "))\n";
            });
        }
        exp.items.forEach(function (item, n) {
            if (n > 0) { out += "\n"; }
            var at = item.position === "guarantee" ? " (as a guarantee)" : item.position === "invariant" ? " (as an invariant)" : "";
            out += (n + 1) + ". " + item.text + at + "\n";
            item.statements.forEach(function (s) { statement(s, null); });
            (item.justifications || []).forEach(function (j) { statement(j, "by"); });
            (item.conditions || []).forEach(function (c) { statement(c, "if"); });
        });
        return out;
    }

    root.safetyDictExpander = makeExpander;
    root.safetyDictMarkdown = renderMarkdown;

    // --- The page ---
    if (typeof document === "undefined") { return; }
    var dataEl = document.getElementById("sd-expander-data");
    if (!dataEl) { return; }
    var expand;
    try { expand = makeExpander(JSON.parse(dataEl.textContent)); } catch (e) { return; }
    root.safetyDictExpand = expand;

    var input = document.getElementById("sd-expander-input");
    var button = document.getElementById("sd-expander-run");
    var output = document.getElementById("sd-expander-output");
    var actions = document.getElementById("sd-expander-actions");
    var toggle = document.getElementById("sd-expander-toggle");
    var copyMd = document.getElementById("sd-expander-copy-md");
    var copyLink = document.getElementById("sd-expander-copy-link");
    var status = document.getElementById("sd-expander-status");
    if (!input || !button || !output) { return; }
    var last = null;
    // Entry pages, relative to this page (which sits at the site root).
    function entryHref(id) { return "dictionary/" + encodeURIComponent(id) + ".html"; }

    function el(tag, cls, text) {
        var n = document.createElement(tag);
        if (cls) { n.className = cls; }
        if (text !== undefined) { n.textContent = text; }
        return n;
    }

    // Markdown with inline code: backticked spans become <code>, everything else is text.
    function inline(parent, md) {
        segments(md).forEach(function (seg) {
            parent.appendChild(seg.code ? el("code", null, seg.text) : document.createTextNode(seg.text));
        });
        return parent;
    }

    function entryLink(id) {
        var a = el("a", "sd-expander-entry", id);
        a.href = entryHref(id);
        return a;
    }

    // A line of the tree and the lines under it; theme/safety-dict.js folds them.
    function renderNode(node, label) {
        var li = el("li");
        var line = el("span", "sd-node");
        if (label) { line.appendChild(el("strong", null, label + " ")); }
        inline(line, node.text);
        if (node.entry !== undefined && node.url !== undefined) {
            line.appendChild(document.createTextNode(" ("));
            line.appendChild(entryLink(node.entry));
            line.appendChild(document.createTextNode(")"));
        }
        li.appendChild(line);
        if (node.children && node.children.length) {
            var ul = el("ul");
            node.children.forEach(function (c) { ul.appendChild(renderNode(c, null)); });
            li.appendChild(ul);
        }
        return li;
    }

    function renderStatement(list, s, label) {
        if (s.status === "recognised") {
            var li = renderNode(s.expansion, label);
            if (s.discouraged) {
                var adv = el("p", "sd-expander-discouraged");
                adv.appendChild(el("strong", null, "Discouraged wording: "));
                inline(adv, s.discouraged.reason + " ");
                adv.appendChild(el("strong", null, "Write instead: "));
                inline(adv, s.discouraged.preferred);
                li.appendChild(adv);
            }
            list.appendChild(li);
            return;
        }
        var un = el("li", "sd-expander-unrecognised");
        if (label) { un.appendChild(el("strong", null, label + " ")); }
        if (s.status === "placeholder") {
            un.appendChild(document.createTextNode("a placeholder, not a reason: \u201c"));
            inline(un, s.text);
            un.appendChild(document.createTextNode("\u201d"));
            list.appendChild(un);
            return;
        }
        un.appendChild(document.createTextNode("not in the dictionary: \u201c"));
        inline(un, s.text);
        un.appendChild(document.createTextNode("\u201d"));
        if (s.suggestions.length) {
            var ul = el("ul");
            s.suggestions.forEach(function (g) {
                var gi = el("li", "sd-expander-suggestion", "nearest: ");
                inline(gi, g.phrase);
                gi.appendChild(document.createTextNode(" ("));
                gi.appendChild(entryLink(g.entry));
                gi.appendChild(document.createTextNode(")"));
                ul.appendChild(gi);
            });
            un.appendChild(ul);
        }
        list.appendChild(un);
    }

    // theme/safety-dict.js (loaded after this page's content) provides the folding.
    function foldApi() { return root.safetyDictFold; }

    function updateToggle() {
        if (!toggle) { return; }
        var fold = foldApi();
        var any = !!fold && fold.count(output) > 0;
        toggle.hidden = !any;
        var open = any && fold.allOpen(output);
        toggle.textContent = open ? "Collapse to first level" : "Expand all";
    }

    // The input lives in the URL (?text=), so an expansion is a link that can be pasted.
    function saveUrl() {
        var params = new URLSearchParams(window.location.search);
        if (input.value) { params.set("text", input.value); } else { params.delete("text"); }
        var search = params.toString();
        history.replaceState(null, "", window.location.pathname + (search ? "?" + search : "") + window.location.hash);
    }

    function render() {
        while (output.firstChild) { output.removeChild(output.firstChild); }
        saveUrl();
        last = expand(input.value);
        if (actions) { actions.hidden = !last.items.length; }
        if (!last.items.length) {
            output.appendChild(el("p", null, "Nothing to expand: the text holds no sentence or list item of its own. An introduction such as \u201cSpecifically:\u201d, a remark in parentheses or a conclusion such as \u201cHence, it is safe to \u2026\u201d is read with the sentences around it: paste those too."));
            updateToggle();
            return;
        }
        var ol = el("ol", "sd-expander-items");
        last.items.forEach(function (it) {
            var li = el("li", "sd-expander-item");
            li.appendChild(inline(el("p", "sd-expander-text"), it.text));
            var ul = el("ul", "sd-expander-tree sd-tree");
            it.statements.forEach(function (s) { renderStatement(ul, s, null); });
            (it.justifications || []).forEach(function (j) { renderStatement(ul, j, "by"); });
            (it.conditions || []).forEach(function (c) { renderStatement(ul, c, "if"); });
            li.appendChild(ul);
            ol.appendChild(li);
        });
        output.appendChild(ol);
        if (foldApi()) { foldApi().tree(output, updateToggle); }
        updateToggle();
    }

    function copy(text, done) {
        var fallback = function () {
            var area = document.createElement("textarea");
            area.value = text;
            document.body.appendChild(area);
            area.select();
            var ok = false;
            try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
            document.body.removeChild(area);
            done(ok);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
        } else {
            fallback();
        }
    }

    function say(text) {
        if (!status) { return; }
        status.textContent = text;
        setTimeout(function () { if (status.textContent === text) { status.textContent = ""; } }, 2500);
    }

    button.addEventListener("click", render);
    input.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); render(); }
    });
    var timer = null;
    input.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(render, 250);
    });
    if (toggle) {
        toggle.addEventListener("click", function () {
            var fold = foldApi();
            if (fold) { fold.setAll(output, !fold.allOpen(output)); }
            updateToggle();
        });
    }
    if (copyMd) {
        copyMd.addEventListener("click", function () {
            if (!last) { render(); }
            copy(renderMarkdown(last), function (ok) { say(ok ? "Markdown copied" : "Copy failed: select the text and press Ctrl+C"); });
        });
    }
    if (copyLink) {
        copyLink.addEventListener("click", function () {
            saveUrl();
            copy(window.location.href, function (ok) { say(ok ? "Link copied" : "Copy failed: copy the address bar"); });
        });
    }
    var initial = new URLSearchParams(window.location.search).get("text");
    if (initial !== null) {
        input.value = initial;
        if (document.readyState === "loading") {
            document.addEventListener("DOMContentLoaded", render);
        } else {
            render();
        }
    }
})(typeof window !== "undefined" ? window : globalThis);
