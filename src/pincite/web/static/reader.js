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

  document.addEventListener("DOMContentLoaded", function () {
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
