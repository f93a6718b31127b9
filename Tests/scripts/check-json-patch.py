#!/usr/bin/env python3
"""Applies graphdiff's RFC 6902 output with an independent implementation
(Python's jsonpatch) and checks that it yields the new document.

Usage: check-json-patch.py GRAPHDIFF [PAIRS...]
Each pair is OLD:NEW. Graph files are compared in canonical form (the form
the json-patch output addresses): `graphdiff fmt` of each side.
Prints "N passed, N failed"; exits 1 on any failure.
"""
import json
import subprocess
import sys

try:
    import jsonpatch
except ImportError:
    print("jsonpatch is not installed (pip install jsonpatch); skipped")
    sys.exit(0)


def run(*args):
    return subprocess.run(args, capture_output=True, check=False)


def main():
    graphdiff, pairs = sys.argv[1], sys.argv[2:]
    passed = failed = 0
    for pair in pairs:
        old, new = pair.split(":")
        diff = run(graphdiff, "diff", "--format", "json-patch", old, new)
        if diff.returncode not in (0, 1):
            print(f"FAIL {pair}: graphdiff exited {diff.returncode}: {diff.stderr.decode()}")
            failed += 1
            continue
        canonical_old = json.loads(run(graphdiff, "fmt", old).stdout)
        canonical_new = json.loads(run(graphdiff, "fmt", new).stdout)
        result = jsonpatch.apply_patch(canonical_old, json.loads(diff.stdout))
        if result == canonical_new:
            passed += 1
        else:
            print(f"FAIL {pair}: the patched document differs from the new one")
            failed += 1
    print(f"jsonpatch: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
