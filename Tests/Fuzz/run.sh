#!/usr/bin/env bash
# Builds graphdiff's fuzz targets with libFuzzer and AddressSanitizer and runs
# each for SECONDS (default 60). A crash, a hang (over 10 s on one input) or a
# leak fails the run; the crashing input is kept under .build-fuzz/ and
# belongs in a regression test.
#
#   Tests/Fuzz/run.sh [SECONDS] [TARGET...]     targets: json schema graph patch merge
set -euo pipefail
seconds=${1:-60}
shift || true
targets=${*:-json schema graph patch merge}
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build-fuzz"
mkdir -p "$out"
# GRAPHDIFF_FUZZ_OPT=-Onone builds in about a third of the time (CI: the harness
# must build and run; long runs want -O, the default).
flags=(-sanitize=fuzzer,address -parse-as-library "${GRAPHDIFF_FUZZ_OPT:--O}" -g -package-name graphdiff)

# The library's sources (both targets, the JSON layer's imports left out),
# compiled as one module with the fuzz entry points.
src="$out/src"
rm -rf "$src" && mkdir -p "$src"
for f in $(find "$root/Sources/GraphDiffJSON" "$root/Sources/GraphDiff" -name '*.swift'); do
  grep -v -E '^(@_exported )?import GraphDiffJSON$' "$f" > "$src/$(basename "$(dirname "$f")")_$(basename "$f")" || true
done
python3 - "$root" "$src" <<'PY'
import sys, pathlib
root, src = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
text = (root / "Tests/Fuzz/FuzzFixtures.swift.in").read_text()
for key, path in (("@SCHEMA@", "Samples/tasks/tasks.schema.json"), ("@BASE@", "Samples/tasks/base.graph.json"), ("@MINE@", "Samples/tasks/mine.graph.json")):
    text = text.replace(key, (root / path).read_text().rstrip("\n"))
(src / "FuzzFixtures.swift").write_text(text)
PY
echo "building the instrumented library…" >&2
(cd "$out" && swiftc "${flags[@]}" -module-name GraphDiffAll -emit-module -emit-library -static -o libGraphDiffAll.a "$src"/*.swift)

status=0
for t in $targets; do
  name="Fuzz$(echo "${t:0:1}" | tr a-z A-Z)${t:1}"
  name=${name/Fuzzjson/FuzzJSON}; name=${name/FuzzJson/FuzzJSON}
  echo "building $name…" >&2
  swiftc "${flags[@]}" -I "$out" -L "$out" -lGraphDiffAll "$root/Tests/Fuzz/$name.swift" -o "$out/$name"
  corpus="$out/corpus-$t"
  mkdir -p "$corpus"
  cp "$root"/Samples/*/*.json "$corpus/" 2>/dev/null || true
  if [ -d "$root/../shared/conformance" ]; then
    cp "$root"/../shared/conformance/JSONTestSuite/test_parsing/y_*.json "$corpus/" 2>/dev/null || true
  fi
  echo "running $name for $seconds s…" >&2
  if (cd "$out" && "./$name" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 > "$out/$name.log" 2>&1); then
    execs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$out/$name.log" | grep -Eo '[0-9]+$' || echo '?')
    echo "$name: $execs executions in $seconds s, no crash"
  else
    echo "$name: FAILED, see $out/$name.log"
    status=1
  fi
done
exit $status
