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
