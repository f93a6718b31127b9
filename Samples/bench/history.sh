#!/bin/sh
# Times graphdiff blame and graphdiff log on a generated history: COMMITS
# commits (default 1000) of a graph file of OBJECTS objects (default 10000),
# each commit editing 5 objects, written by 'GraphDiffBenchmarks history'
# through git fast-import into a temporary repository.
#
#   swift build -c release --product graphdiff --product GraphDiffBenchmarks
#   Samples/bench/history.sh [OBJECTS [COMMITS]]
set -eu
objects=${1:-10000}
commits=${2:-1000}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/.build/release
for tool in graphdiff GraphDiffBenchmarks; do
    [ -x "$bin/$tool" ] || { echo "history.sh: build $bin/$tool first (swift build -c release)" >&2; exit 2; }
done
repo=$(mktemp -d "${TMPDIR:-/tmp}/graphdiff-history.XXXXXX")
trap 'rm -rf "$repo"' EXIT
cd "$repo"
git init -q -b main
start=$(date +%s.%N)
"$bin/GraphDiffBenchmarks" history "$objects" "$commits" | git fast-import --quiet
git checkout -q main
echo "history: $commits commits of a $objects-object graph, imported in $(echo "$(date +%s.%N) - $start" | bc) s ($(wc -c < data.graph.json) bytes a version)"
run() {
    label=$1; shift
    start=$(date +%s.%N)
    "$@" > out.txt
    echo "$label: $(echo "$(date +%s.%N) - $start" | bc) s, $(wc -l < out.txt) lines"
}
run "blame (every property and place)" "$bin/graphdiff" blame data.graph.json
object=$(sed -n 's/^[^)]*) \([^ ."]*\) \([^ ."]*\)\..*/\1:\2/p' out.txt | sed -n 2000p)
run "blame one object ($object)" "$bin/graphdiff" blame data.graph.json "$object"
run "log --stat (every commit)" "$bin/graphdiff" log --stat data.graph.json
run "log --object $object" "$bin/graphdiff" log --object "$object" data.graph.json
