// skak's few lines of JavaScript, written for skak, in htmx's attribute language (the subset
// the arbiter's pages use): an element with hx-post sends its request on "change"
// (hx-trigger), with the fields of hx-include ("closest tr"), the headers of the nearest
// hx-headers (the CSRF token) and "HX-Request: true"; the answer replaces hx-target
// ("closest tr") by hx-swap ("outerHTML"). Result fields (data-result) select their text on
// focus, and Enter moves to the next board, which saves the one left.
(function () {
  "use strict";

  function find(el, selector) {
    if (!selector || selector === "this") return el;
    if (selector.indexOf("closest ") === 0) return el.closest(selector.slice(8));
    return document.querySelector(selector);
  }

  function fields(el) {
    var scope = find(el, el.getAttribute("hx-include"));
    var list = scope && scope !== el ? Array.from(scope.querySelectorAll("input, select, textarea")) : [];
    if (list.indexOf(el) < 0) list.push(el);
    var data = new URLSearchParams();
    list.forEach(function (f) { if (f.name) data.append(f.name, f.value); });
    return data;
  }

  function headers(el) {
    var out = { "HX-Request": "true" };
    var holder = el.closest("[hx-headers]");
    if (holder) Object.assign(out, JSON.parse(holder.getAttribute("hx-headers")));
    return out;
  }

  // The page's own words (data-not-saved, data-no-answer on the body), in its language.
  function say(key, fallback) { return document.body.dataset[key] || fallback; }

  function report(target, message) {
    target.classList.remove("htmx-request");
    var status = target.querySelector(".status");
    if (status) status.textContent = message;
    target.classList.add("error");
  }

  function send(el) {
    var target = find(el, el.getAttribute("hx-target")) || el;
    var swap = el.getAttribute("hx-swap") || "innerHTML";
    target.classList.add("htmx-request");
    fetch(el.getAttribute("hx-post"), {
      method: "POST", headers: headers(el), body: fields(el), credentials: "same-origin"
    }).then(function (response) {
      return response.text().then(function (text) {
        if (!response.ok) { report(target, say("notSaved", "Not saved:") + " " + text); return; }
        if (swap === "outerHTML") target.outerHTML = text; else target.innerHTML = text;
      });
    }).catch(function () { report(target, say("noAnswer", "Not saved: the server did not answer.")); });
  }

  document.addEventListener("change", function (event) {
    var el = event.target.closest("[hx-post]");
    if (el && (el.getAttribute("hx-trigger") || "change") === "change") send(el);
  });

  document.addEventListener("focusin", function (event) {
    if (event.target.matches("input[data-result]")) event.target.select();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches("input[data-result]")) return;
    event.preventDefault();
    var all = Array.from(document.querySelectorAll("input[data-result]"));
    var next = all[all.indexOf(event.target) + 1];
    if (next) next.focus(); else event.target.blur();
  });
})();
