#!/usr/bin/env bash
# Opens the HTML reports of the samples in headless Chromium and checks what
# the page's script rendered against the JSON reports of the same inputs.
#
#   Tests/scripts/check-html-in-browser.sh     (after swift build)
#
# For each pair of samples (graphs), a plain JSON pair with --array-key and a
# merge with a conflict: `graphdiff diff --format html` (or merge
# --report-format html) writes the page; Chromium runs its script
# (--virtual-time-budget) and dumps the DOM; the self-check the page writes
# into <pre id="graphdiff-selfcheck"> must show no uncaught error, the counts
# of `--format json` (or of merge --report), a card for every change, and an
# arrow for every move. Any console error fails the check. One screenshot per
# page is written to /tmp (its path printed), never committed.
#
# Environment: GRAPHDIFF (default .build/debug/graphdiff), CHROMIUM (default
# chromium on the PATH). Exit status: 0 every page passed; 1 a check failed;
# 2 trouble (no binary, no browser).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${GRAPHDIFF:-.build/debug/graphdiff}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -x "$BIN" ] || { echo "check-html-in-browser: no $BIN; run swift build" >&2; exit 2; }
[ -n "$CHROMIUM" ] || { echo "check-html-in-browser: no chromium on the PATH" >&2; exit 2; }
OUT=$(mktemp -d /tmp/graphdiff-html.XXXXXX)
SHOTS=/tmp/graphdiff-html-screenshots
mkdir -p "$SHOTS"
failed=0

# Runs graphdiff; status 0 or 1 is success (same / different).
run() { "$BIN" "$@" || [ $? -eq 1 ]; }

browse() { # PAGE NAME: the DOM after the script ran, the console log, a screenshot
    local page=$1 name=$2 profile
    profile=$(mktemp -d "$OUT/profile.XXXXXX")
    "$CHROMIUM" --headless --disable-gpu --no-sandbox --user-data-dir="$profile" --virtual-time-budget=5000 \
        --enable-logging=stderr --v=0 --dump-dom "file://$page" >"$OUT/$name.dom" 2>"$OUT/$name.log" || true
    "$CHROMIUM" --headless --disable-gpu --no-sandbox --user-data-dir="$profile" --virtual-time-budget=5000 \
        --hide-scrollbars --window-size=1280,2000 --screenshot="$SHOTS/$name.png" "file://$page" >/dev/null 2>&1 || true
    rm -rf "$profile"
}

check() { # MODE NAME EXPECTED-JSON
    python3 - "$1" "$OUT/$2.dom" "$OUT/$2.log" "$3" "$2" "$SHOTS/$2.png" <<'PY'
import html, json, re, sys, os
mode, dom_path, log_path, expected_path, name, shot = sys.argv[1:]
problems = []
dom = open(dom_path, encoding="utf-8", errors="replace").read()
log = open(log_path, encoding="utf-8", errors="replace").read()
for line in log.splitlines():
    if "CONSOLE" in line and re.search(r"error|uncaught", line, re.I):
        problems.append("console: " + line.strip())
m = re.search(r'<pre id="graphdiff-selfcheck"[^>]*>(.*?)</pre>', dom, re.S)
if not m or not m.group(1).strip():
    problems.append("no self-check: the script did not run")
    check = {}
else:
    check = json.loads(html.unescape(m.group(1)))
if check:
    if check.get("errors"):
        problems.append("uncaught errors: %r" % check["errors"])
    expected = json.load(open(expected_path, encoding="utf-8"))
    counts = check.get("counts", {})
    objects = {tuple(o) for o in check.get("objects", [])}
    if mode == "graph":
        changes = expected.get("changes", [])
        def ops(op): return sum(1 for c in changes if c.get("op") == op)
        want = {"inserted": ops("insert"), "deleted": ops("delete"), "updated": ops("update"),
                "orders": ops("order"), "metadata": ops("metadata"),
                "moved": sum(len(c.get("move", [])) for c in changes if c.get("op") == "order")}
        for k, v in want.items():
            if counts.get(k) != v:
                problems.append("count %s: page %r, json %r" % (k, counts.get(k), v))
        for c in changes:
            if c.get("op") in ("insert", "delete", "update", "order") and (c["entity"], c["id"]) not in objects:
                problems.append("no card for %s %r (%s)" % (c["entity"], c["id"], c["op"]))
        if ops("metadata") and "card-metadata" not in check.get("rendered", []):
            problems.append("no card for the metadata")
        if check.get("movesDrawn") != want["moved"] or check.get("moves") != want["moved"]:
            problems.append("moves drawn %r of %r (json: %r)" % (check.get("movesDrawn"), check.get("moves"), want["moved"]))
        # The diagram as the browser has it: one node per object of the
        # changed subgraph (as many as the Mermaid picture of the same diff
        # has), each changed object among them.
        svg_ids = re.findall(r'<g class="gd-node[^"]*" data-id="([^"]*)"', dom)
        mermaid_nodes = [l for l in open(dom_path[:-4] + ".mmd", encoding="utf-8").read().splitlines() if re.match(r"\s+n\d+\[", l)]
        if len(svg_ids) != len(mermaid_nodes) or len(set(svg_ids)) != len(svg_ids):
            problems.append("diagram: %d nodes (%d distinct), the Mermaid picture %d" % (len(svg_ids), len(set(svg_ids)), len(mermaid_nodes)))
        for c in changes:
            if c.get("op") in ("insert", "delete", "update") and not any(i.endswith(":" + c["id"]) for i in svg_ids):
                problems.append("diagram: no node for %s %r" % (c["entity"], c["id"]))
        summary = "%d cards, %d moves drawn, %d diagram nodes, counts %s" % (len(check.get("rendered", [])), check.get("movesDrawn", 0),
                  len(svg_ids), ", ".join("%s %d" % (k, v) for k, v in sorted(want.items()) if v))
    elif mode == "json":
        changes = expected.get("changes", [])
        kinds = {"add": "added", "remove": "removed", "replace": "changed", "move": "moved"}
        want = {v: sum(1 for c in changes if c.get("op") == k) for k, v in kinds.items()}
        if counts != want:
            problems.append("counts: page %r, json %r" % (counts, want))
        ids = ["card-e%d" % i for i in range(len(changes))]
        missing = [i for i in ids if i not in check.get("rendered", [])]
        if missing:
            problems.append("no card for %r" % missing)
        summary = "%d cards, counts %s" % (len(check.get("rendered", [])), ", ".join("%s %d" % kv for kv in sorted(want.items()) if kv[1]))
    else:
        conflicts = expected.get("conflicts", [])
        if counts.get("conflicts") != len(conflicts):
            problems.append("conflicts: page %r, report %r" % (counts.get("conflicts"), len(conflicts)))
        if len(check.get("rendered", [])) != len(conflicts):
            problems.append("cards: %d of %d" % (len(check.get("rendered", [])), len(conflicts)))
        for side in ("base", "mine", "theirs"):
            if 'aria-label="%s"' % side not in dom:
                problems.append("no %s column" % side)
        summary = "%d conflict cards with base, mine and theirs" % len(check.get("rendered", []))
if problems:
    print("FAIL %s" % name)
    for p in problems:
        print("  " + p)
    sys.exit(1)
print("ok   %s: %s; screenshot %s%s" % (name, summary, shot, "" if os.path.exists(shot) else " (not written)"))
PY
}

pairs=(
    "people-v1-v2 Samples/people/v1.graph.json Samples/people/v2.graph.json"
    "people-v2-v3 Samples/people/v2.graph.json Samples/people/v3.graph.json"
    "tasks-base-mine Samples/tasks/base.graph.json Samples/tasks/mine.graph.json"
    "tasks-base-theirs Samples/tasks/base.graph.json Samples/tasks/theirs.graph.json"
    "board-base-mine Samples/board/base.graph.json Samples/board/mine.graph.json"
    "board-base-theirs Samples/board/base.graph.json Samples/board/theirs.graph.json"
    "playlist-base-mine Samples/playlist/base.graph.json Samples/playlist/mine.graph.json"
    "playlist-base-theirs Samples/playlist/base.graph.json Samples/playlist/theirs.graph.json"
    "jobs-v1-v2 Samples/jobs/v1.graph.json Samples/jobs/v2.graph.json"
)
for pair in "${pairs[@]}"; do
    read -r name old new <<<"$pair"
    run diff --format html -o "$OUT/$name.html" "$old" "$new"
    run diff --format json "$old" "$new" >"$OUT/$name.json"
    run diff --format mermaid "$old" "$new" >"$OUT/$name.mmd"
    browse "$OUT/$name.html" "$name"
    check graph "$name" "$OUT/$name.json" || failed=1
done

# The search finds what a card shows: members of orders and references
# added to a to-many (page.html#q=TEXT searches on load).
search() { # NAME QUERY CARD...: the cards the search renders, exactly
    local name=$1 query=$2; shift 2
    browse "$OUT/$name.html#q=$query" "$name-search"
    python3 - "$OUT/$name-search.dom" "$query" "$@" <<'PY' || failed=1
import html, json, re, sys
dom, query, want = open(sys.argv[1], encoding="utf-8").read(), sys.argv[2], sys.argv[3:]
m = re.search(r'<pre id="graphdiff-selfcheck"[^>]*>(.*?)</pre>', dom, re.S)
rendered = json.loads(html.unescape(m.group(1))).get("rendered", []) if m else []
ok = sorted(rendered) == sorted(want)
print(("ok   search %r: %s" if ok else "FAIL search %r: rendered %s, expected " + ", ".join(want)) % (query, ", ".join(rendered)))
sys.exit(0 if ok else 1)
PY
}
search tasks-base-theirs t4 card-TaskList.groceries
search playlist-base-mine road-trip card-Playlist.road-trip card-Track.t6

# Plain JSON, keyed by --array-key, with text that must not end the script early.
printf '%s\n' '{"items": [{"id": 1, "name": "</script><!-- one"}, {"id": 2, "name": "two"}, {"id": 3, "name": "three"}], "note": "a <b> & \"c\""}' >"$OUT/a.json"
printf '%s\n' '{"items": [{"id": 3, "name": "three"}, {"id": 1, "name": "</script><!-- uno"}, {"id": 2, "name": "two"}, {"id": 4, "name": "four"}], "note": "a <i> & \"c\""}' >"$OUT/b.json"
run diff --format html --array-key id -o "$OUT/plain.html" "$OUT/a.json" "$OUT/b.json"
run diff --format json --array-key id "$OUT/a.json" "$OUT/b.json" >"$OUT/plain.json"
browse "$OUT/plain.html" plain
check json plain "$OUT/plain.json" || failed=1

# A merge with a conflict: the HTML report beside the JSON one.
sed 's/"Milk"/"Oat milk"/' Samples/tasks/base.graph.json >"$OUT/mine.graph.json"
sed 's/"Milk"/"Soy milk"/' Samples/tasks/base.graph.json >"$OUT/theirs.graph.json"
cp Samples/tasks/base.graph.json Samples/tasks/tasks.schema.json "$OUT/"
run merge --report "$OUT/merge.html" --report-format html -o "$OUT/merged.json" "$OUT/base.graph.json" "$OUT/mine.graph.json" "$OUT/theirs.graph.json" 2>/dev/null
run merge --report "$OUT/merge-report.json" -o "$OUT/merged.json" "$OUT/base.graph.json" "$OUT/mine.graph.json" "$OUT/theirs.graph.json" 2>/dev/null
browse "$OUT/merge.html" merge
check merge merge "$OUT/merge-report.json" || failed=1

if [ "$failed" -ne 0 ]; then echo "check-html-in-browser: FAILED (pages and logs in $OUT)"; exit 1; fi
echo "check-html-in-browser: every page passed (pages in $OUT, screenshots in $SHOTS)"
