#!/usr/bin/env bash
# Builds the GraphDiff library's DocC documentation with the toolchain's
# docc (no package plugin): the public symbol graphs, then the catalog
# Sources/GraphDiff/GraphDiff.docc, into OUTPUT (default .build/docs). The
# catalog's own pages must have no warning (a broken link, an ambiguous
# symbol); the doc comments' warnings are counted and listed with --verbose.
# Run from anywhere:
#
#   Tests/scripts/build-docs.sh [OUTPUT] [--verbose]
set -euo pipefail
cd "$(dirname "$0")/../.."
output=${1:-.build/docs}
command -v docc >/dev/null || { echo "build-docs: docc is not installed (it comes with Swift 5.6 and later toolchains); skipped"; exit 0; }
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$graphs" "$log"' EXIT
cp .build/*/symbolgraph/GraphDiff.symbols.json .build/*/symbolgraph/GraphDiff@*.symbols.json "$graphs/" 2>/dev/null || true
[ -s "$graphs/GraphDiff.symbols.json" ] || { echo "build-docs: no symbol graph for GraphDiff" >&2; exit 1; }
docc convert Sources/GraphDiff/GraphDiff.docc --additional-symbol-graph-dir "$graphs" --output-path "$output" \
  --fallback-display-name GraphDiff --fallback-bundle-identifier graphdiff.GraphDiff >"$log" 2>&1 \
  || { cat "$log" >&2; echo "build-docs: docc failed" >&2; exit 1; }
catalog=$(grep -A1 '^warning' "$log" | grep -c 'GraphDiff.docc\|^ *--> [A-Za-z]*\.md' || true)
total=$(grep -c '^warning' "$log" || true)
[ "${2:-}" = --verbose ] && cat "$log"
if [ "$catalog" -gt 0 ]; then
  grep -B1 -A6 'GraphDiff.docc\|--> [A-Za-z]*\.md' "$log" >&2
  echo "build-docs: the catalog's pages have warnings" >&2
  exit 1
fi
echo "build-docs: $output written ($total warnings from doc comments, none from the catalog's pages)"
