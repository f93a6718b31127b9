#!/usr/bin/env bash
# Times graphdiff on plain JSON (no schema) against `git merge-file` on the
# same files: an object of N members and an array of N elements, each with
# a few edits on two sides, pretty-printed. Every diff format, patch and
# three-way merge, each as a ratio to git merge-file of the same triple.
#
#   Samples/bench/plain-json.sh [N]      (default 1000000: about 50 MB a file)
#
# GRAPHDIFF_BIN=path uses that binary instead of building one.
set -euo pipefail
n=${1:-1000000}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${GRAPHDIFF_BIN:-}" ]; then
  bin=$GRAPHDIFF_BIN
else
  echo "building graphdiff (release)…" >&2
  swift build -c release --package-path "$root" --product graphdiff >/dev/null
  bin="$root/.build/release/graphdiff"
fi

echo "generating $n members and $n elements…" >&2
python3 - "$n" "$work" <<'PY'
import json, random, sys, os
n, work = int(sys.argv[1]), sys.argv[2]
random.seed(7)
base = {f"k{i}": {"v": i, "s": f"x{i}"} for i in range(n)}
mine, theirs = dict(base), dict(base)
for i in random.sample(range(n), 5): mine[f"k{i}"] = {"v": -i, "s": "mine"}
for i in random.sample(range(n), 5): theirs[f"k{i}"] = {"v": -i - 1, "s": "theirs"}
del mine["k17"]; theirs["new"] = {"v": 0}
arr = [{"v": i, "s": f"x{i}"} for i in range(n)]
am, at = list(arr), list(arr)
for i in random.sample(range(n), 5): am[i] = {"v": -i, "s": "mine"}
for i in random.sample(range(n), 5): at[i] = {"v": -i, "s": "theirs"}
am.insert(500, {"v": "ins"}); del at[n * 9 // 10]
for name, d in [("ob", base), ("om", mine), ("ot", theirs), ("ab", arr), ("am", am), ("at", at)]:
    with open(os.path.join(work, name + ".json"), "w") as f: json.dump(d, f, indent=2)
PY

cd "$work"
# Wall-clock seconds of a command: bash 5's EPOCHREALTIME, else python3's clock
# (date +%s.%N is GNU only; macOS has bash 3.2).
now() { if [ -n "${EPOCHREALTIME:-}" ]; then echo "${EPOCHREALTIME/,/.}"; else python3 -c 'import time; print(f"{time.time():.6f}")'; fi; }
seconds() { local t0 t1; t0=$(now); "$@" >/dev/null 2>&1 || true; t1=$(now); echo "$t1 - $t0" | bc; }
for kind in o a; do
  name=$([ $kind = o ] && echo "object of $n members" || echo "array of $n elements")
  git_s=$(seconds git merge-file -p ${kind}m.json ${kind}b.json ${kind}t.json)
  echo "$name: git merge-file ${git_s}s"
  for f in human json json-patch merge-patch; do
    s=$(seconds "$bin" diff -f $f ${kind}b.json ${kind}m.json)
    printf '  %-28s %6.2fs  %4.1f× git merge-file\n' "diff -f $f" "$s" "$(echo "$s / $git_s" | bc -l)"
  done
  "$bin" diff -f json-patch ${kind}b.json ${kind}m.json > p.json || true
  s=$(seconds "$bin" patch ${kind}b.json p.json -o patched.json)
  printf '  %-28s %6.2fs  %4.1f× git merge-file\n' "patch (json-patch)" "$s" "$(echo "$s / $git_s" | bc -l)"
  cmp -s <("$bin" fmt patched.json) <("$bin" fmt ${kind}m.json) && echo "  (patch round trip checked)"
  s=$(seconds "$bin" merge ${kind}b.json ${kind}m.json ${kind}t.json -o merged.json)
  printf '  %-28s %6.2fs  %4.1f× git merge-file\n' "merge" "$s" "$(echo "$s / $git_s" | bc -l)"
done
