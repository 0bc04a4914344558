// pincite web reader: a little progressive enhancement; every page works without it.
(function () {
  "use strict";

  // Scroll a cited unit so its number shows below the fixed top bar, with the highlighted words in view; a
  // unit too tall for that brings the words just below the bar instead (the bar above names the unit).
  function showHighlight() {
    var first = document.getElementById("hl");
    if (!first) return;
    var bar = document.querySelector(".topbar");
    var below = (bar ? bar.getBoundingClientRect().bottom : 0) + 12;
    var unit = first.closest(".unit");
    var words = first.getBoundingClientRect();
    var top = words.top;
    if (unit) {
      var start = unit.getBoundingClientRect().top;
      if (words.bottom - start + below + 12 <= window.innerHeight) top = start;
    }
    window.scrollBy(0, top - below);
    document.querySelectorAll("mark.hl").forEach(function (m) {
      m.classList.remove("flash");
      void m.offsetWidth; // restart the animation
      m.classList.add("flash");
    });
  }

  function filterDocuments(input) {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    document.querySelectorAll("#doc-table tbody tr").forEach(function (tr) {
      var hay = tr.getAttribute("data-search") || "";
      var ok = words.every(function (w) { return hay.indexOf(w) !== -1; });
      tr.classList.toggle("hidden", !ok);
    });
  }

  // -- documents page: add files (picker or drop) and remove a document --------------------------------------
  // Writes go to the JSON API with the X-Pincite-Request header, which a cross-site form cannot send (the
  // server refuses a write without it); in token mode the /login cookie goes with them. Text from the server
  // is set with textContent, never as HTML.
  var WRITE = { "X-Pincite-Request": "1" };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  function refreshList() {
    return fetch(location.href, { credentials: "same-origin" }).then(function (r) { return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var list = fresh.getElementById("doc-list"), count = fresh.querySelector("h1 .count");
        if (list) document.getElementById("doc-list").replaceWith(list);
        if (count) document.querySelector("h1 .count").textContent = count.textContent;
        wireRemove();
      });
  }

  function clock(s) {
    s = Math.max(0, Math.round(s));
    var m = Math.floor(s / 60), h = Math.floor(m / 60);
    return h + ":" + String(m % 60).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0");
  }

  function watchEmbedding() {
    var line = document.getElementById("upload-embedding");
    if (!line) return;
    fetch("/api/health", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (h) {
      var d = h.dense || {};
      if (d.state === "embedding" || d.state === "checking") {
        line.hidden = false;
        line.textContent = "Embedding passages for dense search: " + (d.done || 0) + " / " + (d.total || "?") +
          (d.seconds_left != null ? " · " + clock(d.seconds_left) + " left" : "") +
          " (answers are lexical until it finishes)";
        setTimeout(watchEmbedding, 1000);
      } else if (d.state === "failed") {
        line.hidden = false;
        line.textContent = "Embedding failed: " + (d.error || "unknown error") + " (answers stay lexical)";
      } else if (!line.hidden) {
        line.textContent = d.state === "ready" ? "Embedding done: dense search covers every passage." : "";
        line.hidden = d.state !== "ready";
      }
    }).catch(function () {});
  }

  function showResults(report, list) {
    list.textContent = "";
    (report.files || []).forEach(function (f) {
      var li = el("li", f.status);
      li.setAttribute("data-status", f.status);
      var name = (f.source || "").split("/").pop();
      li.appendChild(el("strong", null, name));
      var what = f.status === "failed" ? "not stored: " + (f.error || "unknown error")
        : f.status + (f.kind ? " as " + f.kind : "") + (f.units != null ? ", " + f.units + " units" : "");
      li.appendChild(document.createTextNode(" — " + what));
      if (f.warnings && f.warnings.length) {
        var ul = el("ul", "warn-list");
        f.warnings.forEach(function (w) { ul.appendChild(el("li", "warning", w)); });
        li.appendChild(ul);
      }
      list.appendChild(li);
    });
    if (report.index_error) list.appendChild(el("li", "error", "Search index: " + report.index_error));
    if (!(report.files || []).length && report.error) list.appendChild(el("li", "error", report.error));
  }

  function wireUpload() {
    var form = document.getElementById("upload-form");
    if (!form) return;
    var input = document.getElementById("upload-files"), send = document.getElementById("upload-send");
    var list = document.getElementById("upload-results"), chosen = [];
    function choose(files) {
      chosen = Array.prototype.slice.call(files || []);
      send.disabled = !chosen.length;
      send.textContent = chosen.length ? "Add " + chosen.length + " file" + (chosen.length > 1 ? "s" : "") : "Add";
    }
    input.addEventListener("change", function () { choose(input.files); });
    ["dragenter", "dragover"].forEach(function (t) {
      form.addEventListener(t, function (e) { e.preventDefault(); form.classList.add("over"); });
    });
    ["dragleave", "drop"].forEach(function (t) {
      form.addEventListener(t, function (e) { e.preventDefault(); form.classList.remove("over"); });
    });
    form.addEventListener("drop", function (e) { if (e.dataTransfer) choose(e.dataTransfer.files); });
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (!chosen.length) return;
      var max = Number(form.getAttribute("data-max-bytes")) || 0;
      var size = chosen.reduce(function (n, f) { return n + f.size; }, 0);
      if (max && size > max) {
        list.textContent = "";
        list.appendChild(el("li", "error", "These files come to " + (size / 1048576).toFixed(1) +
          " MB; the server takes " + (max / 1048576).toFixed(1) + " MB a request: add fewer at a time."));
        return;
      }
      var fd = new FormData();
      chosen.forEach(function (f) { fd.append("files", f, f.name); });
      send.disabled = true;
      list.textContent = "";
      list.appendChild(el("li", null, "Reading " + chosen.length + " file(s)…"));
      fetch("/api/ingest", { method: "POST", body: fd, headers: WRITE, credentials: "same-origin" })
        .then(function (r) { return r.json().catch(function () { return { error: "HTTP " + r.status }; }); })
        .then(function (report) {
          showResults(report, list);
          choose([]);
          input.value = "";
          return refreshList().then(watchEmbedding);
        })
        .catch(function (err) { list.textContent = ""; list.appendChild(el("li", "error", String(err))); send.disabled = false; });
    });
  }

  function wireRemove() {
    document.querySelectorAll("button[data-remove]").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        var title = b.getAttribute("data-title") || b.getAttribute("data-remove");
        if (!window.confirm("Remove “" + title + "” from the store? Its passages and vectors go with it.")) return;
        b.disabled = true;
        fetch("/api/documents/" + encodeURIComponent(b.getAttribute("data-remove")),
              { method: "DELETE", headers: WRITE, credentials: "same-origin" })
          .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
          .then(function (res) {
            var list = document.getElementById("upload-results");
            list.textContent = "";
            list.appendChild(el("li", res.ok ? "removed" : "error",
              res.ok ? "Removed “" + title + "”." : "Not removed: " + (res.j.error || "unknown error")));
            return refreshList();
          });
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    wireUpload();
    wireRemove();
    // after the browser's own jump to #hl (which leaves the unit's number under the top bar), not before it
    if (location.hash === "#hl" || document.getElementById("hl")) {
      window.addEventListener("load", function () { setTimeout(showHighlight, 0); });
    }
    var jump = document.getElementById("hl-jump");
    if (jump) jump.addEventListener("click", showHighlight);
    var f = document.getElementById("doc-filter");
    if (f) f.addEventListener("input", function () { filterDocuments(f); });
    document.querySelectorAll("select[data-autosubmit]").forEach(function (s) {
      s.addEventListener("change", function () { s.form.submit(); });
    });
  });
})();
