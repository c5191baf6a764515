// skak's few lines of JavaScript, written for skak, in htmx's attribute language (the subset
// the arbiter's pages use): an element with hx-post sends its request on "change"
// (hx-trigger), with the fields of hx-include ("closest tr"), the headers of the nearest
// hx-headers (the CSRF token) and "HX-Request: true"; the answer replaces hx-target
// ("closest tr") by hx-swap ("outerHTML"). Result fields (data-result) select their text on
// focus, and Enter moves to the next board, which saves the one left. A field with hx-get
// (a search, hx-trigger "input changed delay:300ms") asks hx-get with its name and value
// once the typing has paused, and its answer replaces hx-target; an answer to a text
// typed over since is dropped.
//
// One request at a time per target (like htmx's hx-sync="closest tr:queue"): a change made
// while the row's last save is on its way is sent when the answer has come, with the row's
// fields as that answer left them, so an arbiter never conflicts with his own first save. A
// row the arbiter is typing in is not replaced under his hands: the answer's status, class
// and hidden fields are taken, and the field he is in keeps its text and cursor.
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

  function names(row) {
    return Array.from(row.querySelectorAll("input, select, textarea"))
      .map(function (f) { return f.name; }).join(" ");
  }

  // Replace ``target`` by ``html``. When the arbiter is typing in it, the row stays and takes
  // the answer's class, status and the other fields' values: a focused field that left the
  // page would fire "change" on its way out and save his half-typed text.
  function swap(target, html, how) {
    if (how !== "outerHTML") { target.innerHTML = html; return; }
    var active = document.activeElement;
    if (!active || !target.contains(active) || !active.name) { target.outerHTML = html; return; }
    var holder = document.createElement("tbody");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    if (!fresh || fresh.id !== target.id || names(fresh) !== names(target)) {
      target.outerHTML = html;
      return;
    }
    target.className = fresh.className;
    Array.from(fresh.querySelectorAll("input, select, textarea")).forEach(function (f) {
      if (!f.name || f.name === active.name) return;
      var mine = target.querySelector('[name="' + f.name + '"]');
      if (mine) mine.value = f.value;
    });
    var status = target.querySelector(".status"), told = fresh.querySelector(".status");
    if (status && told) status.innerHTML = told.innerHTML;
  }

  var queues = {};  // a target's id -> the promise of its last request

  function send(el) {
    var target = find(el, el.getAttribute("hx-target")) || el;
    var id = target.id, name = el.name, typed = el.value;
    var previous = (id && queues[id]) || Promise.resolve();
    var request = previous.then(function () {
      // The row may have been replaced while this waited: send the current row's fields,
      // with what was typed in this one.
      var row = (id && document.getElementById(id)) || target;
      var source = (name && row.querySelector('[hx-post][name="' + name + '"]')) || el;
      source.value = typed;
      var how = source.getAttribute("hx-swap") || "innerHTML";
      row.classList.add("htmx-request");
      return fetch(source.getAttribute("hx-post"), {
        method: "POST", headers: headers(source), body: fields(source), credentials: "same-origin"
      }).then(function (response) {
        return response.text().then(function (text) {
          if (!response.ok) { report(row, say("notSaved", "Not saved:") + " " + text); return; }
          swap(row, text, how);
        });
      }).catch(function () { report(row, say("noAnswer", "Not saved: the server did not answer.")); });
    });
    if (id) queues[id] = request;
  }

  document.addEventListener("change", function (event) {
    var el = event.target.closest("[hx-post]");
    if (el && (el.getAttribute("hx-trigger") || "change") === "change") send(el);
  });

  var pauses = new WeakMap();  // a search field -> its pending timer
  var asked = new WeakMap();   // a search field -> the value its last request asked for

  function search(el) {
    var value = el.value;
    if (asked.get(el) === value) return;  // "changed": the same text is not asked again
    asked.set(el, value);
    var url = new URL(el.getAttribute("hx-get"), document.baseURI);
    url.searchParams.set(el.name, value);
    fetch(url, { headers: headers(el), credentials: "same-origin" }).then(function (response) {
      return response.text().then(function (text) {
        var target = find(el, el.getAttribute("hx-target"));
        if (!response.ok || !target || el.value !== value) return;
        swap(target, text, el.getAttribute("hx-swap") || "innerHTML");
      });
    }).catch(function () { asked.delete(el); });
  }

  function later(event) {
    var el = event.target.closest("[hx-get]");
    if (!el) return;
    clearTimeout(pauses.get(el));
    var delay = event.type === "search" ? 0 : 300;
    pauses.set(el, setTimeout(function () { search(el); }, delay));
  }

  document.addEventListener("input", later);
  document.addEventListener("search", later);

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
