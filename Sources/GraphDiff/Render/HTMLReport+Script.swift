/// The inline script of the HTML report. It reads the page data from
/// `<script type="application/json" id="graphdiff-data">`, renders the
/// cards that pass the filters a page of 200 at a time (more when the end
/// of the list scrolls into view, or on "Show more"), and after each
/// rendering writes the self-check into `<pre id="graphdiff-selfcheck">`:
///
///     {"mode": "graph", "counts": {…}, "cards": 12, "rendered": ["card-Task.t1", …],
///      "objects": [["Task", "t1"], …], "moves": 1, "movesDrawn": 1, "errors": []}
///
/// `objects` names each rendered card's entity and identity (for plain
/// JSON its top-level member and location; for a merge the conflict's
/// entity and subject), `moves` is the number of moves of the rendered cards' order changes,
/// `movesDrawn` the number of move arrows drawn, `errors` the uncaught
/// errors. The script has no comments of the `//` form and builds no
/// address, so the page has no `//` anywhere but in the data.
extension HTMLReport {
    static let script = """
    (function () {
    "use strict";
    var errors = [];
    var check = document.getElementById("graphdiff-selfcheck");
    var data = { mode: "none", counts: {}, cards: [] };
    var PAGE = 200, ROW = 24, shown = 0, filtered = [], expanded = true;
    function writeCheck() {
      var rendered = [], objects = [], moves = 0;
      var cards = document.querySelectorAll("#cards > article.card");
      for (var i = 0; i < cards.length; i++) {
        rendered.push(cards[i].id); moves += Number(cards[i].getAttribute("data-moves") || 0);
        objects.push([cards[i].getAttribute("data-entity"), cards[i].getAttribute("data-identity")]);
      }
      check.textContent = JSON.stringify({ mode: data.mode, counts: data.counts, cards: data.cards.length, rendered: rendered, objects: objects,
        moves: moves, movesDrawn: document.querySelectorAll("#cards line.move").length, errors: errors });
    }
    window.addEventListener("error", function (e) { errors.push(String(e.message || e.type)); writeCheck(); });
    try { data = JSON.parse(document.getElementById("graphdiff-data").textContent); }
    catch (e) { errors.push("data: " + e.message); writeCheck(); return; }
    var cardsEl = document.getElementById("cards"), moreEl = document.getElementById("more"), statusEl = document.getElementById("status");
    var entitySel = document.getElementById("entity"), searchEl = document.getElementById("search"), kindsEl = document.getElementById("kinds");
    var SYMBOL = { inserted: "+", added: "+", deleted: "\\u2212", removed: "\\u2212", updated: "~", changed: "~",
                   order: "\\u2195", moved: "\\u2195", metadata: "~", "re-keyed": "=" };
    function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
    function link(text, ref) {
      if (!ref) return el("code", null, text);
      var a = el("a", null, text); a.href = "#" + ref; a.setAttribute("data-card", ref); return a;
    }
    var entities = [], kinds = [];
    data.cards.forEach(function (c) {
      if (entities.indexOf(c.entity) < 0) entities.push(c.entity);
      if (kinds.indexOf(c.kind) < 0) kinds.push(c.kind);
      var text = [c.entity, c.identity, c.kind, c.summary || ""];
      /* Everything the card shows: values, references, words, members of orders. */
      (c.rows || []).forEach(function (r) {
        text.push(r.name, r.old || "", r.new || "");
        (r.added || []).concat(r.removed || [], r.links || []).forEach(function (m) { text.push(m.text); });
        (r.words || []).forEach(function (w) { text.push(typeof w === "string" ? w : (w.removed || w.added || "")); });
      });
      (c.orders || []).forEach(function (o) {
        text.push(o.relationship);
        (o.before || []).concat(o.after || []).forEach(function (m) { text.push(m.id); });
      });
      if (c.sides) text.push(c.sides.base || "", c.sides.mine || "", c.sides.theirs || "");
      c._text = text.join("\\n").toLowerCase();
    });
    /* Option values are "=" and the name ("": all), so an entity or key named "" is one too. */
    entities.sort().forEach(function (e) { var o = el("option", null, e === "" ? "\\u201C\\u201D (empty name)" : e); o.value = "=" + e; entitySel.appendChild(o); });
    kinds.forEach(function (k) {
      var label = el("label"), box = el("input");
      box.type = "checkbox"; box.checked = true; box.value = k; box.setAttribute("aria-label", "show " + k);
      box.addEventListener("change", applyFilters);
      label.appendChild(box); label.appendChild(document.createTextNode(" " + (SYMBOL[k] || "") + " " + k));
      kindsEl.appendChild(label);
    });
    function wanted() {
      var entity = entitySel.value, query = searchEl.value.trim().toLowerCase(), on = {};
      kindsEl.querySelectorAll("input").forEach(function (b) { on[b.value] = b.checked; });
      return function (c) { return (!entity || c.entity === entity.slice(1)) && on[c.kind] !== false && (!query || c._text.indexOf(query) >= 0); };
    }
    function value(text, cls) { return text == null ? el("span", "value absent", "(absent)") : el("span", "value " + cls, text); }
    function words(segments) {
      var span = el("span", "value");
      span.appendChild(document.createTextNode("\\u201C"));
      segments.forEach(function (s) {
        if (typeof s === "string") span.appendChild(document.createTextNode(s));
        else if (s.elided != null) span.appendChild(el("span", "elided", "\\u2026"));
        else if (s.removed != null) span.appendChild(el("del", null, s.removed));
        else if (s.added != null) span.appendChild(el("ins", null, s.added));
      });
      span.appendChild(document.createTextNode("\\u201D"));
      return span;
    }
    function row(r) {
      var tr = el("tr"), name = el("td", "name", r.name), cell = el("td");
      tr.appendChild(name); tr.appendChild(cell);
      if (r.words) cell.appendChild(words(r.words));
      else if (r.added || r.removed) {
        (r.added || []).forEach(function (m) { var s = el("span", "new"); s.appendChild(link(m.text, m.ref)); cell.appendChild(s); cell.appendChild(document.createTextNode(" ")); });
        (r.removed || []).forEach(function (m) { var s = el("span", "old"); s.appendChild(link(m.text, m.ref)); cell.appendChild(s); cell.appendChild(document.createTextNode(" ")); });
      } else {
        if (r.old != null) { var o = value(r.old, "old"); if (r.oldRef) { o.textContent = ""; o.appendChild(link(r.old, r.oldRef)); } cell.appendChild(o); }
        if (r.old != null && r.new != null) cell.appendChild(document.createTextNode(" \\u2192 "));
        if (r.new != null) { var n = value(r.new, "new"); if (r.newRef) { n.textContent = ""; n.appendChild(link(r.new, r.newRef)); } cell.appendChild(n); }
        if (r.links) { r.links.forEach(function (m) { cell.appendChild(document.createTextNode(" ")); cell.appendChild(link("\\u2192 " + m.text, m.ref)); }); }
      }
      if (r.note) cell.appendChild(el("div", "note", r.note));
      return tr;
    }
    function list(items, label) {
      var ol = el("ol"); ol.setAttribute("aria-label", label);
      items.forEach(function (m) {
        var li = el("li", m.mark ? "mark-" + m.mark : null);
        var sign = m.mark === "inserted" ? "+ " : m.mark === "removed" ? "\\u2212 " : m.mark === "moved" ? "\\u2195 " : "  ";
        li.appendChild(document.createTextNode(sign)); li.appendChild(link(m.id, m.ref));
        if (m.mark) li.title = m.mark;
        ol.appendChild(li);
      });
      return ol;
    }
    function order(o) {
      var box = el("div", "order");
      box.appendChild(el("h4", null, o.relationship + " (order)" + (o.renumbered ? ": renumbered, same order (" + o.renumbered + ")" : "")));
      if (!o.complete) box.appendChild(el("div", "caption", "only the members the change names"));
      var lists = el("div", "lists"), after = new Map();
      o.after.forEach(function (m, j) { after.set(m.id, j); });
      var lines = [];
      o.before.forEach(function (m, i) {
        var j = after.get(m.id);
        if (j == null) return;
        var cls = m.mark === "moved" ? "move" : "same";
        lines.push("<line class=\\"" + cls + "\\" x1=\\"2\\" y1=\\"" + (i * ROW + 12) + "\\" x2=\\"74\\" y2=\\"" + (j * ROW + 12) + "\\"" +
          (cls === "move" ? " marker-end=\\"url(#graphdiff-arrow)\\"" : "") + "></line>");
      });
      var height = Math.max(o.before.length, o.after.length) * ROW;
      var svgBox = el("div");
      svgBox.innerHTML = "<svg width=\\"80\\" height=\\"" + height + "\\" viewBox=\\"0 0 80 " + height + "\\" role=\\"img\\" aria-label=\\"moves\\">" + lines.join("") + "</svg>";
      lists.appendChild(list(o.before, "before")); lists.appendChild(svgBox); lists.appendChild(list(o.after, "after"));
      var head = el("div", "lists"); head.appendChild(el("div", "caption", "before")); head.appendChild(el("div")); head.appendChild(el("div", "caption", "after"));
      box.appendChild(head); box.appendChild(lists);
      return box;
    }
    function sides(c) {
      var box = el("div", "sides");
      var names = data.names || ["base", "mine", "theirs"];
      ["base", "mine", "theirs"].forEach(function (side, i) {
        var s = el("section"); s.setAttribute("aria-label", side);
        s.appendChild(el("h4", null, side + (names[i] ? " (" + names[i] + ")" : "")));
        s.appendChild(value(c.sides[side], ""));
        box.appendChild(s);
      });
      var prefer = el("div", "prefer"); prefer.appendChild(el("h4", null, "what each --prefer keeps"));
      var t = el("table", "rows");
      ["mine", "theirs", "base", "union"].forEach(function (p) {
        var tr = el("tr"); tr.appendChild(el("td", "name", "--prefer " + p)); var td = el("td");
        var v = c.prefer[p];
        if (v == null && p === "union") td.appendChild(el("span", "absent", "stays open (union applies to arrays only)"));
        else td.appendChild(value(v, ""));
        tr.appendChild(td); t.appendChild(tr);
      });
      prefer.appendChild(t);
      var wrap = el("div"); wrap.appendChild(el("p", null, c.summary + (c.resolvedBy ? " (took " + c.resolvedBy + ")" : "")));
      wrap.appendChild(box); wrap.appendChild(prefer);
      return wrap;
    }
    function card(c) {
      var a = el("article", "card kind-" + c.kind); a.id = c.id; a.tabIndex = -1;
      a.setAttribute("data-entity", c.entity); a.setAttribute("data-identity", c.identity);
      var header = el("header"), toggle = el("button", "toggle", expanded ? "\\u2212" : "+"), body = el("div", "body");
      body.id = c.id + "-body"; body.hidden = !expanded;
      toggle.setAttribute("aria-expanded", String(expanded)); toggle.setAttribute("aria-controls", body.id);
      toggle.setAttribute("aria-label", "expand or collapse " + c.entity + " " + c.identity);
      toggle.addEventListener("click", function () { setOpen(a, body.hidden); });
      header.appendChild(toggle);
      header.appendChild(el("span", "badge", (SYMBOL[c.kind] || "!") + " " + c.kind));
      if (c.steps) {
        var crumbs = el("span", "crumbs"); crumbs.style.paddingLeft = Math.min(c.steps.length, 8) + "em";
        crumbs.appendChild(el("code", null, c.identity || "(root)")); header.appendChild(crumbs);
        if (c.keyPath) header.appendChild(el("span", "note", "key path"));
      } else {
        header.appendChild(el("span", "entity", c.entity)); header.appendChild(el("code", null, c.identity));
      }
      a.appendChild(header);
      if (c.rows && c.rows.length) { var t = el("table", "rows"); c.rows.forEach(function (r) { t.appendChild(row(r)); }); body.appendChild(t); }
      var moves = 0;
      (c.orders || []).forEach(function (o) { body.appendChild(order(o)); moves += o.moves; });
      a.setAttribute("data-moves", String(moves));
      if (c.sides) body.appendChild(sides(c));
      a.appendChild(body);
      return a;
    }
    function setOpen(a, open) {
      var body = a.querySelector(".body"), toggle = a.querySelector(".toggle");
      body.hidden = !open; toggle.setAttribute("aria-expanded", String(open)); toggle.textContent = open ? "\\u2212" : "+";
    }
    function renderMore() {
      var end = Math.min(filtered.length, shown + PAGE), frag = document.createDocumentFragment();
      for (var i = shown; i < end; i++) frag.appendChild(card(filtered[i]));
      cardsEl.appendChild(frag); shown = end;
      moreEl.hidden = shown >= filtered.length;
      statusEl.textContent = shown + " of " + filtered.length + " shown (" + data.cards.length + " in all)";
      writeCheck();
    }
    function applyFilters() { filtered = data.cards.filter(wanted()); cardsEl.textContent = ""; shown = 0; renderMore(); }
    function reveal(id) {
      var at = filtered.findIndex(function (c) { return c.id === id; });
      if (at < 0) {
        entitySel.value = ""; searchEl.value = "";
        kindsEl.querySelectorAll("input").forEach(function (b) { b.checked = true; });
        applyFilters(); at = filtered.findIndex(function (c) { return c.id === id; });
      }
      while (at >= shown && shown < filtered.length) renderMore();
      var target = document.getElementById(id);
      if (target) { setOpen(target, true); target.scrollIntoView(); target.focus(); history.replaceState(null, "", "#" + id); }
    }
    cardsEl.addEventListener("click", function (e) {
      var a = e.target.closest ? e.target.closest("a[data-card]") : null;
      if (a) { e.preventDefault(); reveal(a.getAttribute("data-card")); }
    });
    entitySel.addEventListener("change", applyFilters);
    searchEl.addEventListener("input", applyFilters);
    moreEl.addEventListener("click", renderMore);
    document.getElementById("expand").addEventListener("click", function () { expanded = true; cardsEl.querySelectorAll("article.card").forEach(function (a) { setOpen(a, true); }); });
    document.getElementById("collapse").addEventListener("click", function () { expanded = false; cardsEl.querySelectorAll("article.card").forEach(function (a) { setOpen(a, false); }); });
    if ("IntersectionObserver" in window) {
      new IntersectionObserver(function (seen) { if (seen.some(function (s) { return s.isIntersecting; }) && shown < filtered.length) renderMore(); }).observe(moreEl);
    }
    /* A link may carry a search: page.html#q=TEXT. */
    if (location.hash.indexOf("#q=") === 0) { try { searchEl.value = decodeURIComponent(location.hash.slice(3)); } catch (e) {} }
    applyFilters();
    if (location.hash.indexOf("#card-") === 0) reveal(location.hash.slice(1));
    })();
    """
}
