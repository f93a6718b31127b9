#!/usr/bin/env bash
# Golden outputs: runs one graphdiff build over fixed inputs and prints one
# `sha256  name` line per output (standard output, standard error and exit
# status of each command, files written with -o or --report, and each input),
# so that a later build can be checked to reproduce them byte for byte.
#
#   Samples/bench/golden.sh [--check FILE] [--keep DIR] GRAPHDIFF [BENCHMARKS]
#
# GRAPHDIFF is the graphdiff binary to check; BENCHMARKS the GraphDiffBenchmarks
# binary used for `generate N DIR` (default: the one next to GRAPHDIFF).
# Inputs: the bundled samples (people, tasks, jobs; copied and run from their
# own folder, so file names in messages are bare), three small plain JSON
# documents, generated graphs of 10,000 and 200,000 objects (a; b and c two
# edits of it), and generated graphs of 2 to 400 objects, one digest per size
# (the generator takes no seed: each size is its own random case).
# Commands: every diff format (plus --stat, -q, --color=always, and the
# json-patch and merge-patch outputs applied, on the small inputs), merge
# (markers, --prefer mine, --prefer theirs, --conflicts report --report),
# patch of the json diff (forward on the old file, -R on the new one), fmt,
# fmt --check and validate of every input.
# With --check FILE it compares with a recorded list (Samples/bench/golden.sha256
# is the list of commit 3197cfb, recorded again when the samples were rewritten
# in canonical form: only their inputs and the outputs that give positions in
# them changed), prints each name that differs, is missing or
# is new, and exits 1 if any does. --keep DIR keeps the outputs for inspection.
# Inputs are hashed too (`…/input.*`, `prop/*`): a difference there means the
# generator changed, not graphdiff. About 2.5 minutes in release on 2 cores,
# under 1 GB of memory, about 1 GB in a temporary folder.
#
#   Samples/bench/golden.sh .build/release/graphdiff > today.sha256
#   Samples/bench/golden.sh --check Samples/bench/golden.sha256 .build/release/graphdiff
set -euo pipefail
export LC_ALL=C NO_COLOR=

check= keepdir=
while [ $# -gt 0 ]; do
  case $1 in
    --check) check=$2; shift 2 ;;
    --keep) keepdir=$2; shift 2 ;;
    -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "golden.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: golden.sh [--check FILE] [--keep DIR] GRAPHDIFF [BENCHMARKS]" >&2; exit 2; }
abs() { (cd "$(dirname "$1")" && echo "$PWD/$(basename "$1")"); }
gd=$(abs "$1")
bench=$(abs "${2:-$(dirname "$1")/GraphDiffBenchmarks}")
[ -x "$gd" ] && [ -x "$bench" ] || { echo "golden.sh: $gd or $bench is not an executable" >&2; exit 2; }
[ -z "$check" ] || check=$(abs "$check")
[ -z "$keepdir" ] || { mkdir -p "$keepdir" && keepdir=$(cd "$keepdir" && pwd); }
root=$(cd "$(dirname "$0")/../.." && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$work/out
mkdir -p "$out"

# run NAME CMD...: stdout to NAME.out, stderr to NAME.err, exit status to NAME.rc
run() {
  local name=$1 rc=0; shift
  mkdir -p "$(dirname "$out/$name")"
  "$@" </dev/null >"$out/$name.out" 2>"$out/$name.err" || rc=$?
  echo "$rc" >"$out/$name.rc"
}
# keep FILE NAME: moves a file a command wrote into the outputs (or records its absence)
keep() {
  mkdir -p "$(dirname "$out/$2")"
  if [ -e "$1" ]; then mv "$1" "$out/$2"; else echo "(not written)" >"$out/$2"; fi
}

formats="human json tree json-patch merge-patch"

# diffs DIR-NAME OLD NEW LABEL [extra]: every format, patch forward and reverse
diffs() {
  local n=$1 old=$2 new=$3 label=$4 extra=${5:-} f
  for f in $formats; do run "$n/diff.$label.$f" "$gd" diff -f "$f" "$old" "$new"; done
  if [ -n "$extra" ]; then
    run "$n/diff.$label.stat" "$gd" diff --stat "$old" "$new"
    run "$n/diff.$label.color" "$gd" diff --color=always "$old" "$new"
    run "$n/diff.$label.quiet" "$gd" diff -q "$old" "$new"
  fi
  cp "$out/$n/diff.$label.json.out" patch.json
  run "$n/patch.$label.forward" "$gd" patch "$old" patch.json -o patched.graph.json
  keep patched.graph.json "$n/patch.$label.forward.file"
  run "$n/patch.$label.reverse" "$gd" patch -R "$new" patch.json -o patched.graph.json
  keep patched.graph.json "$n/patch.$label.reverse.file"
  if [ -n "$extra" ]; then
    # the RFC 6902 and RFC 7386 outputs applied to the old file
    for f in json-patch merge-patch; do
      cp "$out/$n/diff.$label.$f.out" patch.json
      run "$n/patch.$label.$f" "$gd" patch "$old" patch.json -o patched.graph.json
      keep patched.graph.json "$n/patch.$label.$f.file"
    done
    cp "$out/$n/diff.$label.json.out" patch.json
    # already applied (exit 0), and reversing on the old file (rejected)
    run "$n/patch.$label.again" "$gd" patch "$new" patch.json -o patched.graph.json
    keep patched.graph.json "$n/patch.$label.again.file"
    run "$n/patch.$label.reverse-on-old" "$gd" patch -R "$old" patch.json -o patched.graph.json
    keep patched.graph.json "$n/patch.$label.reverse-on-old.file"
  fi
  rm -f patch.json
}

# merges DIR-NAME BASE MINE THEIRS
merges() {
  local n=$1 base=$2 mine=$3 theirs=$4
  run "$n/merge.markers" "$gd" merge "$base" "$mine" "$theirs"
  run "$n/merge.prefer-mine" "$gd" merge --prefer mine "$base" "$mine" "$theirs"
  run "$n/merge.prefer-theirs" "$gd" merge --prefer theirs "$base" "$mine" "$theirs"
  run "$n/merge.report" "$gd" merge --conflicts report --report report.json "$base" "$mine" "$theirs"
  keep report.json "$n/merge.report.file"
}

# files DIR-NAME FILE...: fmt and validate of each, and the input itself
files() {
  local n=$1 f; shift
  for f in "$@"; do
    cp "$f" "$out/$n/input.$f"
    run "$n/fmt.$f" "$gd" fmt "$f"
    run "$n/fmt-check.$f" "$gd" fmt "$f" --check
    run "$n/validate.$f" "$gd" validate "$f"
  done
}

# The bundled samples, copied so that nobody's edits reach them mid-run.
cp -R "$root/Samples" "$work/samples"
echo "samples…" >&2
cd "$work/samples/people"
mkdir -p "$out/people"
files people people.schema.json v1.graph.json v2.graph.json v3.graph.json
diffs people v1.graph.json v2.graph.json v1-v2 extra
diffs people v2.graph.json v3.graph.json v2-v3 extra
diffs people v1.graph.json v3.graph.json v1-v3 extra
run people/diff.v1-v2.root "$gd" diff --root Person:p1 -f json v1.graph.json v2.graph.json
merges people/v1-v2-v3 v1.graph.json v2.graph.json v3.graph.json
cd "$work/samples/tasks"
mkdir -p "$out/tasks"
files tasks tasks.schema.json base.graph.json mine.graph.json theirs.graph.json
diffs tasks base.graph.json mine.graph.json base-mine extra
diffs tasks base.graph.json theirs.graph.json base-theirs extra
diffs tasks mine.graph.json theirs.graph.json mine-theirs extra
merges tasks/base-mine-theirs base.graph.json mine.graph.json theirs.graph.json
merges tasks/base-theirs-mine base.graph.json theirs.graph.json mine.graph.json
cd "$work/samples/jobs"
mkdir -p "$out/jobs"
files jobs jobs.schema.json v1.graph.json v2.graph.json
diffs jobs v1.graph.json v2.graph.json v1-v2 extra
diffs jobs v2.graph.json v1.graph.json v2-v1 extra
merges jobs/v1-v2-v1 v1.graph.json v2.graph.json v1.graph.json

# Plain JSON (no schema): the structural diff, patch and merge.
echo "plain JSON…" >&2
mkdir -p "$work/plain" "$out/plain"
cd "$work/plain"
cat >base.json <<'EOF'
{"name": "lists", "version": 1.0, "big": 12345678901234567890, "tags": ["a", "b", "c", "d"],
 "items": [{"id": 1, "t": "milk"}, {"id": 2, "t": "bread"}, {"id": 3, "t": "eggs"}, {"id": 4, "t": "tea"}],
 "nested": {"x": {"y": [1, 2, 3]}, "gone": true, "u": "caf\u00e9"}, "n": null}
EOF
cat >mine.json <<'EOF'
{"name": "lists", "version": 1, "big": 12345678901234567891, "tags": ["a", "c", "d", "e"],
 "items": [{"id": 4, "t": "tea"}, {"id": 1, "t": "oat milk"}, {"id": 2, "t": "bread"}, {"id": 3, "t": "eggs"}],
 "nested": {"x": {"y": [1, 2, 3, 4]}, "u": "café"}, "n": null, "added": [null, 1e400]}
EOF
cat >theirs.json <<'EOF'
{"name": "my lists", "version": 2, "big": 12345678901234567890, "tags": ["b", "a", "c", "d"],
 "items": [{"id": 1, "t": "soy milk"}, {"id": 2, "t": "bread"}, {"id": 3, "t": "eggs"}, {"id": 4, "t": "tea"}, {"id": 5, "t": "jam"}],
 "nested": {"x": {"y": [0, 1, 2, 3]}, "gone": true, "u": "caf\u00e9"}, "n": {"now": "set"}}
EOF
files plain base.json mine.json theirs.json
diffs plain base.json mine.json base-mine extra
diffs plain base.json theirs.json base-theirs extra
run plain/diff.base-mine.numbers-text "$gd" diff --numbers text base.json mine.json
run plain/diff.base-mine.array-key "$gd" diff --array-key id base.json mine.json
run plain/diff.base-mine.array-key-json "$gd" diff --array-key id -f json base.json mine.json
merges plain/base-mine-theirs base.json mine.json theirs.json
run plain/base-mine-theirs/merge.array-key "$gd" merge --array-key id base.json mine.json theirs.json

# Generated pairs: a is the base, b and c two independent edits of about 1%.
for size in 10000 200000; do
  echo "generating $size objects and running every command…" >&2
  n=gen/$size
  mkdir -p "$work/$n" "$out/$n"
  cd "$work/$n"
  "$bench" generate "$size" . >/dev/null
  files "$n" bench.schema.json a.graph.json b.graph.json c.graph.json
  diffs "$n" a.graph.json b.graph.json a-b
  diffs "$n" a.graph.json c.graph.json a-c
  merges "$n/a-b-c" a.graph.json b.graph.json c.graph.json
  rm -f a.graph.json b.graph.json c.graph.json
done

# Small random cases, one digest each: the inputs, diff -f json a→b and its
# patch, and the four merges of a b c.
echo "small random cases…" >&2
mkdir -p "$work/prop" "$out/prop"
cd "$work/prop"
for size in $(seq 2 60) 80 100 150 200 300 400; do
  rm -rf case && "$bench" generate "$size" case >/dev/null && cd case
  {
    cat a.graph.json b.graph.json c.graph.json
    for args in "diff -f json a.graph.json b.graph.json" "diff a.graph.json c.graph.json" \
        "merge a.graph.json b.graph.json c.graph.json" \
        "merge --prefer mine a.graph.json b.graph.json c.graph.json" \
        "merge --prefer theirs a.graph.json b.graph.json c.graph.json" \
        "merge --conflicts report --report r.json a.graph.json b.graph.json c.graph.json"; do
      echo "== $args"; rc=0; "$gd" $args 2>&1 || rc=$?; echo "== exit $rc"
    done
    cat r.json 2>/dev/null || true
    "$gd" diff -f json a.graph.json b.graph.json >p.json 2>/dev/null || true
    rc=0; "$gd" patch a.graph.json p.json 2>&1 || rc=$?; echo "== patch exit $rc"
    rc=0; "$gd" patch -R b.graph.json p.json 2>&1 || rc=$?; echo "== patch -R exit $rc"
  } >"$out/prop/size-$(printf %03d "$size")"
  cd ..
done

cd "$out"
list=$work/list
# sha256sum (GNU) or shasum -a 256 (macOS): the same `sum  name` lines.
if command -v sha256sum >/dev/null; then sha=(sha256sum); else sha=(shasum -a 256); fi
find . -type f | sed 's|^\./||' | sort | tr '\n' '\0' | xargs -0 "${sha[@]}" >"$list"
[ -z "$keepdir" ] || cp -R "$out/." "$keepdir/"
if [ -z "$check" ]; then
  cat "$list"
  exit 0
fi
# Names whose sums differ, and names in only one list.
differ=$(join -j 2 -a 1 -a 2 -e MISSING -o 0,1.1,2.1 <(sort -k 2 "$check") <(sort -k 2 "$list") |
  awk '$2 != $3 { print $1 (($2 == "MISSING") ? " (new)" : ($3 == "MISSING") ? " (missing)" : "") }')
if [ -n "$differ" ]; then
  echo "$differ"
  echo "golden.sh: $(echo "$differ" | wc -l) of $(wc -l <"$check") outputs differ from $check" >&2
  exit 1
fi
echo "golden.sh: all $(wc -l <"$check") outputs match $check" >&2
