// pincite web reader: a little progressive enhancement; every page works without it.
(function () {
  "use strict";

  function showHighlight() {
    var first = document.getElementById("hl");
    if (!first) return;
    first.scrollIntoView({ block: "center" });
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
    if (location.hash === "#hl" || document.getElementById("hl")) showHighlight();
    var jump = document.getElementById("hl-jump");
    if (jump) jump.addEventListener("click", showHighlight);
    var f = document.getElementById("doc-filter");
    if (f) f.addEventListener("input", function () { filterDocuments(f); });
    document.querySelectorAll("select[data-autosubmit]").forEach(function (s) {
      s.addEventListener("change", function () { s.form.submit(); });
    });
  });
})();
