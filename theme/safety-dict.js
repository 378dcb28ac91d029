// safety-dict, on every page: skip links, copy-link, folding of expansion trees, the search's
// dictionary section and the scorer it shares with the filter box. Pages work without it.
(function () {
    "use strict";

    function copyText(text) {
        if (navigator.clipboard && navigator.clipboard.writeText) {
            return navigator.clipboard.writeText(text);
        }
        return new Promise(function (resolve, reject) {
            var area = document.createElement("textarea");
            area.value = text;
            document.body.appendChild(area);
            area.select();
            var ok = document.execCommand("copy");
            document.body.removeChild(area);
            if (ok) { resolve(); } else { reject(new Error("copy failed")); }
        });
    }

    // The header partial (theme/header.hbs) renders the skip links and the expander link above
    // the menu bar; with JavaScript, the skip links become the first Tab stops of the page and
    // the expander link joins the menu bar's buttons.
    var skip = document.querySelector(".sd-skip-links");
    if (skip) {
        document.body.insertBefore(skip, document.body.firstChild);
        // mdBook's sidebar script leaves the browser's Tab starting point at the current
        // chapter's entry; put it back at the top, so the first Tab reaches the skip links.
        var resetStart = function () {
            var a = document.activeElement;
            if (window.location.hash || (a && a !== document.body && a !== document.documentElement)) { return; }
            skip.setAttribute("tabindex", "-1");
            skip.focus({ preventScroll: true });
            skip.blur();
            skip.removeAttribute("tabindex");
        };
        if (document.readyState === "complete") { resetStart(); } else { window.addEventListener("load", resetStart); }
    }
    var searchSkip = document.querySelector(".sd-skip-search");
    var searchToggle = document.getElementById("mdbook-search-toggle");
    if (searchSkip && searchToggle) {
        searchSkip.addEventListener("click", function (ev) {
            ev.preventDefault();
            var wrapper = document.getElementById("mdbook-search-wrapper");
            if (!wrapper || wrapper.classList.contains("hidden")) { searchToggle.click(); }
            var bar = document.getElementById("mdbook-searchbar");
            if (bar) { bar.focus(); }
        });
    } else if (searchSkip) {
        searchSkip.parentNode.removeChild(searchSkip);
    }
    var content = document.getElementById("mdbook-content");
    if (content && !content.hasAttribute("tabindex")) { content.setAttribute("tabindex", "-1"); }
    var headerLinks = document.querySelector(".sd-header-links");
    var right = document.querySelector("#mdbook-menu-bar .right-buttons");
    if (headerLinks && right) {
        var link = headerLinks.querySelector("a");
        right.insertBefore(link, right.firstChild);
        headerLinks.parentNode.removeChild(headerLinks);
    }

    // mdBook's sidebar toggle is a <label> with aria-expanded, which a label may not carry.
    var sidebarToggle = document.getElementById("mdbook-sidebar-toggle");
    if (sidebarToggle && sidebarToggle.tagName === "LABEL") { sidebarToggle.setAttribute("role", "button"); }
    // Code blocks that scroll sideways must be reachable by keyboard.
    document.querySelectorAll("main pre > code").forEach(function (code) {
        if (code.scrollWidth > code.clientWidth && !code.hasAttribute("tabindex")) {
            code.setAttribute("tabindex", "0");
        }
    });

    // --- Expansion trees (ul.sd-tree): folded below the first level, a button per line with
    // lines under it, and one "Expand all" button per tree. The expander page uses the same. ---
    function childList(li) {
        for (var c = li.firstElementChild; c; c = c.nextElementSibling) {
            if (c.tagName === "UL") { return c; }
        }
        return null;
    }
    function depthOf(li) {
        var d = 0;
        for (var p = li.parentElement; p && !p.classList.contains("sd-tree"); p = p.parentElement) {
            if (p.tagName === "LI") { d++; }
        }
        return d;
    }
    function setOpen(li, open) {
        var ul = childList(li);
        var b = li.querySelector(":scope > .sd-fold");
        if (!ul || !b) { return; }
        ul.hidden = !open;
        b.setAttribute("aria-expanded", open ? "true" : "false");
        b.textContent = open ? "\u25BE" : "\u25B8";
    }
    function folds(root) { return Array.prototype.slice.call(root.querySelectorAll("li.sd-has-children")); }
    function allOpen(root) { return folds(root).every(function (li) { return !childList(li).hidden; }); }
    function setAll(root, open) {
        folds(root).forEach(function (li) { setOpen(li, open || depthOf(li) < 1); });
    }
    function foldTree(root, onChange) {
        root.querySelectorAll(".sd-tree li").forEach(function (li) {
            if (!childList(li) || li.querySelector(":scope > .sd-fold")) { return; }
            var b = document.createElement("button");
            b.type = "button";
            b.className = "sd-fold";
            b.setAttribute("aria-label", "Lines under this one");
            li.classList.add("sd-has-children");
            li.insertBefore(b, li.firstChild);
            setOpen(li, depthOf(li) < 1);
            b.addEventListener("click", function () {
                setOpen(li, childList(li).hidden);
                if (onChange) { onChange(); }
            });
        });
    }
    window.safetyDictFold = { tree: foldTree, setAll: setAll, allOpen: allOpen, count: function (r) { return folds(r).length; } };
    document.querySelectorAll(".sd-expansion").forEach(function (root) {
        var toggle = document.createElement("button");
        toggle.type = "button";
        toggle.className = "sd-fold-all";
        function label() { toggle.textContent = allOpen(root) ? "Collapse to first level" : "Expand all"; }
        foldTree(root, label);
        if (!folds(root).length) { return; }
        toggle.addEventListener("click", function () { setAll(root, !allOpen(root)); label(); });
        label();
        root.insertBefore(toggle, root.firstChild);
    });

    // An entry's stable URL: a copy button and the link, made here (see pages.rs).
    document.querySelectorAll(".sd-link-slot[data-url]").forEach(function (slot) {
        var url = slot.getAttribute("data-url");
        var b = document.createElement("button");
        b.type = "button";
        b.className = "sd-copy";
        b.setAttribute("data-url", url);
        b.title = "Copy the stable URL of this entry";
        b.textContent = "Copy link";
        var a = document.createElement("a");
        a.className = "sd-permalink";
        a.href = url;
        a.textContent = url;
        slot.appendChild(b);
        slot.appendChild(document.createTextNode(" "));
        slot.appendChild(a);
    });

    document.querySelectorAll(".sd-copy").forEach(function (button) {
        button.addEventListener("click", function () {
            var label = button.textContent;
            copyText(button.getAttribute("data-url")).then(function () {
                button.textContent = "Copied";
            }, function () {
                button.textContent = "Press Ctrl+C";
            }).then(function () {
                setTimeout(function () { button.textContent = label; }, 1500);
            });
        });
    });

    // --- Scoring entries against a query: the filter box and the search's dictionary section.
    function words(text) {
        return text.toLowerCase()
            .replace(/([a-z])([A-Z])/g, "$1 $2")
            .replace(/[`'".,;:()*]/g, " ")
            .split(/[\s_-]+/)
            .filter(function (w) { return w.length > 0; });
    }

    // Damerau-Levenshtein distance (adjacent transpositions), capped for speed.
    function distance(a, b) {
        if (Math.abs(a.length - b.length) > 2) { return 3; }
        var d = [];
        for (var i = 0; i <= a.length; i++) { d.push([i]); }
        for (var j = 1; j <= b.length; j++) { d[0][j] = j; }
        for (i = 1; i <= a.length; i++) {
            for (j = 1; j <= b.length; j++) {
                var cost = a[i - 1] === b[j - 1] ? 0 : 1;
                d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length][b.length];
    }

    // 3: the word itself, 2: a prefix of it, 1: within a typo or two, 0: no match.
    function wordScore(q, w) {
        if (w === q) { return 3; }
        if (w.indexOf(q) === 0) { return 2; }
        if (q.length < 4) { return 0; }
        return distance(q, w) <= (q.length > 7 ? 2 : 1) ? 1 : 0;
    }

    function compact(text) { return text.toLowerCase().replace(/[^a-z0-9]/g, ""); }

    function prepare(r) {
        r.hay = words([r.id, r.phrase, r.summary].concat(r.words).join(" "));
        r.names = [r.id, r.phrase].concat(r.words).map(compact);
        r.phraseWords = words(r.id + " " + r.phrase + " " + r.words.join(" "));
        r.phraseLength = words(r.phrase).length;
    }

    // 0 when the entry does not match; otherwise higher is better. A wording or id equal to the
    // query beats one containing it, which beats every word matching, which beats typos.
    function score(r, query) {
        var qw = words(query);
        if (qw.length === 0) { return 1; }
        var cq = compact(query);
        if (cq.length > 2) {
            if (r.names.indexOf(cq) >= 0) { return 1000; }
            if (r.names.some(function (n) { return n.indexOf(cq) >= 0; })) { return 500 - r.phraseLength; }
        }
        var total = 0;
        for (var i = 0; i < qw.length; i++) {
            var best = 0;
            for (var k = 0; k < r.hay.length && best < 3; k++) { best = Math.max(best, wordScore(qw[i], r.hay[k])); }
            if (best === 0) { return 0; }
            var inPhrase = r.phraseWords.some(function (w) { return wordScore(qw[i], w) > 0; });
            total += best * 10 + (inPhrase ? 5 : 0);
        }
        return total - r.phraseLength;
    }

    function ranked(records, query, limit) {
        var out = [];
        records.forEach(function (r) { var s = score(r, query); if (s > 0) { out.push({ r: r, s: s }); } });
        out.sort(function (a, b) { return b.s - a.s || (a.r.phrase < b.r.phrase ? -1 : 1); });
        return limit ? out.slice(0, limit) : out;
    }

    function inlineCode(parent, md) {
        md.split("`").forEach(function (part, i) {
            if (i % 2 === 1) {
                var c = document.createElement("code");
                c.textContent = part;
                parent.appendChild(c);
            } else if (part) {
                parent.appendChild(document.createTextNode(part));
            }
        });
    }

    // --- A dictionary section on top of mdBook's search results, with the entry list of the
    // dictionary index page (fetched on the first search). ---
    var searchbar = document.getElementById("mdbook-searchbar");
    var resultsOuter = document.getElementById("mdbook-searchresults-outer");
    if (searchbar && resultsOuter && typeof path_to_root === "string") {
        var dictRecords = null;
        var loading = null;
        var section = document.createElement("div");
        section.id = "sd-search-dictionary";
        section.className = "sd-search-dictionary";
        section.hidden = true;
        resultsOuter.insertBefore(section, resultsOuter.firstChild);
        var load = function () {
            if (!loading) {
                loading = fetch(path_to_root + "dictionary/index.html").then(function (r) { return r.text(); }).then(function (html) {
                    var doc = new DOMParser().parseFromString(html, "text/html");
                    var el = doc.getElementById("sd-index-data");
                    dictRecords = el ? JSON.parse(el.textContent) : [];
                    dictRecords.forEach(prepare);
                }).catch(function () { dictRecords = []; });
            }
            return loading;
        };
        var show = function () {
            var q = searchbar.value;
            while (section.firstChild) { section.removeChild(section.firstChild); }
            var hits = dictRecords && q.trim().length > 1 ? ranked(dictRecords, q, 5) : [];
            section.hidden = hits.length === 0;
            if (!hits.length) { return; }
            var h = document.createElement("p");
            h.className = "sd-search-heading";
            h.textContent = "Dictionary";
            section.appendChild(h);
            var ul = document.createElement("ul");
            hits.forEach(function (hit) {
                var li = document.createElement("li");
                var a = document.createElement("a");
                a.href = path_to_root + hit.r.path;
                inlineCode(a, hit.r.phrase);
                li.appendChild(a);
                li.appendChild(document.createTextNode(" "));
                var kind = document.createElement("span");
                kind.className = "sd-kind sd-kind-" + hit.r.kind;
                kind.textContent = hit.r.kind;
                li.appendChild(kind);
                var sum = document.createElement("span");
                sum.className = "sd-search-summary";
                inlineCode(sum, hit.r.summary);
                li.appendChild(sum);
                ul.appendChild(li);
            });
            section.appendChild(ul);
            // mdBook hides the results box while it has no results of its own.
            resultsOuter.classList.remove("hidden");
        };
        searchbar.addEventListener("input", function () { load().then(show); });
        if (searchbar.value) { load().then(show); }
    }

    // The filter box of the dictionary index (theme/safety-dict-filter.js, inlined into that
    // page) ranks with the same scorer.
    window.safetyDictRank = { words: words, prepare: prepare, ranked: ranked };
})();
