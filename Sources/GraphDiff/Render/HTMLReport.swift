import GraphDiffJSON

/// The self-contained HTML report (`graphdiff diff --format html`,
/// `graphdiff merge --report-format html`): one HTML document with its
/// style and script inline and no reference to the network, readable
/// offline and attachable to a review.
///
/// The page shows a summary (counts per entity and kind of change, the two
/// files, the schema), then one card per changed object: attributes
/// `old → new` (long strings as their word diff, as the human report shows it),
/// references as links to the referenced object's card, and each changed
/// order as a before and an after list with inserts, removals and moves
/// marked and every move drawn as an arrow. Cards can be filtered by entity
/// and kind, searched, expanded and collapsed, all with the keyboard.
///
/// The cards are data, not markup: the page embeds them as JSON in
/// `<script type="application/json" id="graphdiff-data">` (every `<` of it
/// written `\u003c`), and its script renders them 200 at a time, more as
/// the reader scrolls, so a page of 10,000 changes opens at once. After
/// each rendering the script writes a self-check into
/// `<pre id="graphdiff-selfcheck">` (counts, ids of the rendered cards,
/// moves drawn, uncaught errors) for tests that open the page in a browser.
///
///     let changes = try ChangeSet.diff(from: old, to: new)
///     let html = HTMLReport.document(changes, old: old, new: new,
///                                    context: RenderContext(oldName: "a.json", newName: "b.json"))
///     // "<!DOCTYPE html>\n<html lang=\"en\">…"
public enum HTMLReport {
    /// The page of a graph diff: a card per changed object, and per owner
    /// whose order alone changed; metadata changes in a card of their own.
    ///
    ///     let page = HTMLReport.document(changes, old: old, new: new, context: context,
    ///                                    diagramSVG: svgOfTheChangedSubgraph)
    ///
    /// - Parameters:
    ///   - changes: the change set from `old` to `new`.
    ///   - old: the old graph (for the relationships' targets and the old orders).
    ///   - new: the new graph.
    ///   - context: the inputs' names (shown in the summary) and whether
    ///     long strings show their word diff (``RenderContext/wordDiff``).
    ///   - diagramSVG: an `<svg>` element drawn by graphdiff, shown as it is
    ///     in a section "Diagram" above the cards (`nil`: no such section).
    ///     It is markup, not text: pass only SVG that graphdiff made, with no
    ///     script and no address; its `xmlns` declarations are dropped (HTML
    ///     needs none).
    /// - Returns: the whole HTML document.
    /// - Complexity: O(*c* log *c* + *w* + min(*s*, 200) · *n*), where *c*
    ///   is the number of changes, *w* the cost of the word diffs, *s* the
    ///   number of order changes and *n* the object count: the first 200
    ///   order changes show their full lists, each read from both graphs.
    public static func document(_ changes: ChangeSet, old: Graph, new: Graph, context: RenderContext,
                                diagramSVG: String? = nil) -> String {
        let data = graphData(changes, old: old, new: new, context: context)
        let title = "graphdiff: \(context.oldName) → \(context.newName)"
        let subtitle = "\(context.oldName) → \(context.newName) · schema \(changes.schemaName)"
        return page(title: title, subtitle: subtitle, data: data, diagramSVG: diagramSVG)
    }

    /// The page of a plain JSON diff (no schema), in tree form: a card per
    /// edit, named by its location and indented by its depth; elements of
    /// `--array-key` keyed arrays named by their key (`/items/[id=7]/name`),
    /// moves in arrays with their old and new index.
    ///
    ///     let entries = JSONDiff.entries(from: a, to: b, options: .init(arrayKey: "id"))
    ///     let page = HTMLReport.document(entries, context: RenderContext(oldName: "a.json", newName: "b.json"))
    ///
    /// - Parameters:
    ///   - entries: the edits with their locations, from ``JSONDiff/entries(from:to:options:)``.
    ///   - context: the inputs' names and whether long strings show their word diff.
    ///   - diagramSVG: as for the graph page.
    /// - Returns: the whole HTML document.
    /// - Complexity: O(*e* · *d* + *w*), where *e* is the number of edits,
    ///   *d* the depth of their locations and *w* the cost of the word diffs.
    public static func document(_ entries: [JSONDiff.Entry], context: RenderContext, diagramSVG: String? = nil) -> String {
        let data = documentData(entries, context: context)
        return page(title: "graphdiff: \(context.oldName) → \(context.newName)",
                    subtitle: "\(context.oldName) → \(context.newName) · plain JSON", data: data, diagramSVG: diagramSVG)
    }

    /// The page of a merge's conflicts: each with base, mine and theirs side
    /// by side (an absent value shown as absent), what it is, and what each
    /// `--prefer` (mine, theirs, base, union) would keep.
    ///
    ///     let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
    ///     let page = HTMLReport.document(conflicts: merged.conflicts, names: ["base.json", "mine.json", "theirs.json"])
    ///
    /// - Parameters:
    ///   - conflicts: the conflicts of the merge, in its order.
    ///   - names: the names of base, mine and theirs.
    /// - Returns: the whole HTML document.
    /// - Complexity: O(*c* · *v*), where *c* is the number of conflicts and
    ///   *v* the size of their values.
    public static func document(conflicts: [MergeConflict], names: [String]) -> String {
        let data = mergeData(conflicts, names: names)
        let subtitle = names.count == 3 ? "base \(names[0]) · mine \(names[1]) · theirs \(names[2])" : names.joined(separator: " · ")
        return page(title: "graphdiff merge: \(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s")", subtitle: subtitle,
                    data: data, diagramSVG: nil)
    }

    // MARK: The page

    /// The document around `data`: head, summary, diagram, controls, the
    /// empty list the script fills, the data and the script.
    static func page(title: String, subtitle: String, data: JSONValue, diagramSVG: String?) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="graphdiff">
        <title>\(escapeHTML(title))</title>
        <style>
        \(styleSheet)
        </style>
        </head>
        <body>
        <header>
        <h1>\(escapeHTML(title))</h1>
        <p class="files">\(escapeHTML(subtitle))</p>
        </header>
        <section id="summary" aria-label="Summary">
        \(summaryTable(data))</section>

        """
        if let svg = diagramSVG {
            let bare = svg.replacingOccurrences(of: " xmlns=\"http://www.w3.org/2000/svg\"", with: "")
                .replacingOccurrences(of: " xmlns:xlink=\"http://www.w3.org/1999/xlink\"", with: "")
            out += "<section id=\"diagram\" aria-label=\"Diagram\">\n<h2>Diagram</h2>\n\(bare)\n</section>\n"
        }
        out += """
        <nav id="controls" aria-label="Filters">
        <label>Entity <select id="entity" aria-label="filter by entity"><option value="">all</option></select></label>
        <fieldset id="kinds"><legend>Kinds</legend></fieldset>
        <label>Search <input id="search" type="search" aria-label="search the changes" placeholder="text, id, property"></label>
        <button type="button" id="expand">Expand all</button>
        <button type="button" id="collapse">Collapse all</button>
        <span id="status" role="status"></span>
        </nav>
        <main id="cards" aria-label="Changes"></main>
        <button type="button" id="more" hidden>Show more</button>
        <noscript><p>The changes are listed by the page's script; the summary above holds the counts.</p></noscript>
        <svg width="0" height="0" aria-hidden="true" focusable="false" style="position:absolute"><defs><marker id="graphdiff-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#0550ae"></path></marker></defs></svg>
        <pre id="graphdiff-selfcheck" aria-hidden="true"></pre>
        <script type="application/json" id="graphdiff-data">\(scriptJSON(data))</script>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
        return out
    }

    /// The summary as a table: a row per entity (or top-level member, or
    /// entity of a conflict), a column per kind of change, then the totals.
    static func summaryTable(_ data: JSONValue) -> String {
        let entities = data.objectValue?["entities"]?.objectValue ?? JSONObject()
        let counts = data.objectValue?["counts"]?.objectValue ?? JSONObject()
        var kinds: [String] = []
        for member in entities.members {
            for k in member.value.objectValue?.members ?? [] where !kinds.contains(k.key) { kinds.append(k.key) }
        }
        var out = "<table class=\"summary\">\n<caption>Changes by kind</caption>\n<tr><th scope=\"col\">entity</th>"
        for k in kinds { out += "<th scope=\"col\">\(escapeHTML(k))</th>" }
        out += "</tr>\n"
        for member in entities.members {
            out += "<tr><th scope=\"row\">\(escapeHTML(member.key))</th>"
            for k in kinds {
                let n = member.value.objectValue?[k].map(HumanRenderer.text) ?? ""
                out += "<td>\(escapeHTML(n))</td>"
            }
            out += "</tr>\n"
        }
        out += "</table>\n<p class=\"totals\" id=\"totals\">"
        out += counts.members.map { "\(escapeHTML($0.key)): \(escapeHTML(HumanRenderer.text($0.value)))" }.joined(separator: " · ")
        return out + "</p>\n"
    }
}
