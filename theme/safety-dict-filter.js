// safety-dict: the filter box of the dictionary index, inlined into that page only. Instant,
// typo-tolerant, exact matches first (the scorer of theme/safety-dict.js, which mdBook loads
// after the page's content), kind filters, state in the URL (?q=, ?kinds=).
(function () {
    "use strict";
    function start() {
        var rank = window.safetyDictRank;
        if (!rank) { return; }
        var words = rank.words, prepare = rank.prepare, ranked = rank.ranked;
        var data = document.getElementById("sd-index-data");
        var box = document.getElementById("sd-filter");
        var table = document.getElementById("sd-entry-list");
        if (!data || !box || !table) { return; }
        var records;
        try { records = JSON.parse(data.textContent); } catch (e) { return; }
        records.forEach(prepare);
        box.hidden = false;
        var input = document.getElementById("sd-filter-input");
        var count = document.getElementById("sd-filter-count");
        var kinds = Array.prototype.slice.call(box.querySelectorAll(".sd-kind-filter"));
        var tbody = table.querySelector("tbody");
        var rows = {};
        var alphabetical = [];
        table.querySelectorAll("tr[data-id]").forEach(function (row) {
            rows[row.getAttribute("data-id")] = row;
            alphabetical.push(row);
        });

        function apply(updateUrl) {
            var query = input.value;
            var allowed = kinds.filter(function (k) { return k.checked; }).map(function (k) { return k.value; });
            var hits = ranked(records.filter(function (r) { return allowed.indexOf(r.kind) >= 0 && rows[r.id]; }), query);
            alphabetical.forEach(function (row) { row.hidden = true; });
            var order = words(query).length ? hits.map(function (h) { return rows[h.r.id]; }) : alphabetical;
            order.forEach(function (row) { tbody.appendChild(row); });
            hits.forEach(function (h) { rows[h.r.id].hidden = false; });
            alphabetical.forEach(function (row) { if (order.indexOf(row) < 0) { tbody.appendChild(row); } });
            count.textContent = hits.length + " of " + records.length + " entries";
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
    }
    if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
