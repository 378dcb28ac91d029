// safety-dict: copy-link buttons and the dictionary filter box. Pages work without this file.
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

    // --- Dictionary filter: instant, typo-tolerant, kind filters, state in the URL. ---
    var data = document.getElementById("sd-index-data");
    var box = document.getElementById("sd-filter");
    var table = document.getElementById("sd-entry-list");
    if (!data || !box || !table) { return; }
    var records;
    try { records = JSON.parse(data.textContent); } catch (e) { return; }
    box.hidden = false;
    var input = document.getElementById("sd-filter-input");
    var count = document.getElementById("sd-filter-count");
    var kinds = Array.prototype.slice.call(box.querySelectorAll(".sd-kind-filter"));
    var rows = {};
    table.querySelectorAll("tr[data-id]").forEach(function (row) { rows[row.getAttribute("data-id")] = row; });

    function words(text) {
        return text.toLowerCase()
            .replace(/([a-z])([A-Z])/g, "$1 $2")
            .replace(/[`'.,;:()*]/g, " ")
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

    function wordMatches(q, w) {
        if (w.indexOf(q) === 0) { return true; }
        if (q.length < 4) { return false; }
        return distance(q, w) <= (q.length > 7 ? 2 : 1);
    }

    records.forEach(function (r) {
        r.hay = words([r.id, r.phrase, r.summary].concat(r.words).join(" "));
        r.compact = [r.id, r.phrase].concat(r.words).join(" ").toLowerCase().replace(/[^a-z0-9]/g, "");
    });

    function matches(r, query) {
        var qw = words(query);
        if (qw.length === 0) { return true; }
        var compactQuery = query.toLowerCase().replace(/[^a-z0-9]/g, "");
        if (compactQuery.length > 2 && r.compact.indexOf(compactQuery) >= 0) { return true; }
        return qw.every(function (q) {
            return r.hay.some(function (w) { return wordMatches(q, w); });
        });
    }

    function apply(updateUrl) {
        var query = input.value;
        var allowed = kinds.filter(function (k) { return k.checked; }).map(function (k) { return k.value; });
        var shown = 0;
        records.forEach(function (r) {
            var row = rows[r.id];
            if (!row) { return; }
            var ok = allowed.indexOf(r.kind) >= 0 && matches(r, query);
            row.hidden = !ok;
            if (ok) { shown++; }
        });
        count.textContent = shown + " of " + records.length + " entries";
        if (updateUrl) {
            var params = new URLSearchParams(window.location.search);
            if (query) { params.set("q", query); } else { params.delete("q"); }
            if (allowed.length < kinds.length) { params.set("kinds", allowed.join(",")); } else { params.delete("kinds"); }
            var search = params.toString();
            history.replaceState(null, "", window.location.pathname + (search ? "?" + search : "") + window.location.hash);
        }
    }

    var initial = new URLSearchParams(window.location.search);
    if (initial.has("q")) { input.value = initial.get("q"); }
    if (initial.has("kinds")) {
        var wanted = initial.get("kinds").split(",");
        kinds.forEach(function (k) { k.checked = wanted.indexOf(k.value) >= 0; });
    }
    input.addEventListener("input", function () { apply(true); });
    kinds.forEach(function (k) { k.addEventListener("change", function () { apply(true); }); });
    apply(false);
})();
