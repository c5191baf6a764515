/* The hall screen (/t/ID/screen): its two parts in turn, and new parts when the tournament
   changes, without reloading the page. Every few seconds (a random part of the interval
   more or less, so that a hall of screens never asks at once) it asks
   /t/ID/screen/changes?since=V: 204 while the tournament is still at version V, else the
   new parts and their version in the header X-Skak-Version. */
(function () {
  "use strict";
  var root = document.getElementById("screen");
  var parts = document.getElementById("screen-parts");
  if (!root || !parts) { return; }
  var poll = Math.max(1, Number(root.dataset.poll) || 10) * 1000;
  var turn = Math.max(1, Number(root.dataset.turn) || 20) * 1000;
  var shown = 0;

  /* A long list on a big screen: the type shrinks until the part fits the screen's height
     (a phone scrolls instead). */
  function fit() {
    var size = 100;
    root.style.fontSize = "";
    if (window.innerWidth < 700) { return; }
    while (document.documentElement.scrollHeight > window.innerHeight && size > 40) {
      size -= 5;
      root.style.fontSize = size + "%";
    }
  }

  function show() {
    var panels = parts.querySelectorAll(".panel");
    for (var i = 0; i < panels.length; i++) {
      panels[i].hidden = i !== shown % panels.length;
    }
    fit();
  }

  function ask() {
    var url = root.dataset.changes + "&since=" + encodeURIComponent(root.dataset.version);
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (answer) {
        if (answer.status !== 200) { return null; }
        var version = answer.headers.get("X-Skak-Version");
        return answer.text().then(function (html) {
          parts.innerHTML = html;
          if (version) { root.dataset.version = version; }
          show();
        });
      })
      .catch(function () { /* the server is away: ask again later */ })
      .then(function () { setTimeout(ask, poll * (0.75 + 0.5 * Math.random())); });
  }

  show();
  window.addEventListener("resize", fit);
  setInterval(function () { shown += 1; show(); }, turn);
  setTimeout(ask, poll * (0.75 + 0.5 * Math.random()));
})();
