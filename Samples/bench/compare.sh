#!/usr/bin/env bash
# Times graphdiff against a SIMD JSON parser and Python diff peers on one
# generated pair of graph files, in one run, and prints the ratios.
#
#   Samples/bench/compare.sh [OBJECTS]      (default 200000: about 34 MB a file)
#
# The peers (pysimdjson, dictdiffer, jsonpatch) go into a throwaway virtual
# environment; they are benchmark tools only, never dependencies of graphdiff.
#
# GRAPHDIFF_BIN=path uses that graphdiff binary instead of building one (the
# GraphDiffBenchmarks next to it generates the pair); PAIR_DIR=dir times the
# a.graph.json and b.graph.json already there instead (left untouched);
# PEERS_VENV=dir uses a virtual environment that has the peers already.
set -euo pipefail
objects=${1:-200000}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${GRAPHDIFF_BIN:-}" ]; then
  graphdiff=$GRAPHDIFF_BIN
  generator=$(dirname "$GRAPHDIFF_BIN")/GraphDiffBenchmarks
else
  echo "building graphdiff (release)…" >&2
  swift build -c release --package-path "$root" >/dev/null
  graphdiff="$root/.build/release/graphdiff"
  generator="$root/.build/release/GraphDiffBenchmarks"
fi
if [ -n "${PAIR_DIR:-}" ]; then
  pair=$PAIR_DIR
else
  echo "generating a pair of $objects objects…" >&2
  "$generator" generate "$objects" "$work" >&2
  pair=$work
fi

if [ -n "${PEERS_VENV:-}" ]; then
  venv=$PEERS_VENV
else
  echo "installing the peers into a virtual environment…" >&2
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install --quiet pysimdjson dictdiffer jsonpatch
  venv=$work/venv
fi

"$venv/bin/python" - "$graphdiff" "$work" "$pair" <<'PY'
import json, os, subprocess, sys, time

graphdiff, work, pair = sys.argv[1], sys.argv[2], sys.argv[3]
a, b = os.path.join(pair, "a.graph.json"), os.path.join(pair, "b.graph.json")
size = os.path.getsize(a) + os.path.getsize(b)

def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
    return min(times)

def graphdiff_diff():
    r = subprocess.run([graphdiff, "diff", "--format", "json", "-o", os.path.join(work, "patch.json"), a, b])
    assert r.returncode == 1, r.returncode

import simdjson
def simd_parse():
    p = simdjson.Parser()
    for path in (a, b):
        with open(path, "rb") as f:
            p.parse(f.read())  # parse only (lazy document), as the target states

def load(path):
    with open(path) as f:
        return json.load(f)

import dictdiffer, jsonpatch
def dictdiffer_diff():
    list(dictdiffer.diff(load(a), load(b)))

def jsonpatch_diff():
    jsonpatch.make_patch(load(a), load(b))

t_graphdiff = best(graphdiff_diff)
t_simd = best(simd_parse)
t_dictdiffer = best(dictdiffer_diff, 1)
t_jsonpatch = best(jsonpatch_diff, 1)

# The patch graphdiff wrote round-trips through graphdiff patch.
patched = os.path.join(work, "patched.graph.json")
subprocess.run([graphdiff, "patch", a, os.path.join(work, "patch.json"), "-o", patched], check=True)
same = subprocess.run([graphdiff, "diff", "-q", patched, b]).returncode == 0

fastest_peer = min(t_dictdiffer, t_jsonpatch)
print(f"pair: {size / 1e6:.1f} MB in two files")
print(f"graphdiff diff --format json   {t_graphdiff:8.3f} s")
print(f"pysimdjson parse of both       {t_simd:8.3f} s")
print(f"dictdiffer.diff (json.load)    {t_dictdiffer:8.3f} s")
print(f"jsonpatch.make_patch           {t_jsonpatch:8.3f} s")
print(f"ratio graphdiff / simdjson parse: {t_graphdiff / t_simd:.2f} (target at most 1.5)")
print(f"ratio fastest peer / graphdiff:   {fastest_peer / t_graphdiff:.2f} (target at least 10)")
print(f"patch round trip: {'ok' if same else 'FAILED'}")
sys.exit(0 if same else 1)
PY
