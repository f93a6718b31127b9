#!/usr/bin/env python3
"""Applies graphdiff's RFC 7386 output with an independent implementation
(RFC 7386 section 2, as Python's json-merge-patch writes it) and checks that
it yields the new document.

Usage: check-merge-patch.py GRAPHDIFF [PAIRS...]
Each pair is OLD:NEW. The patch is applied to the canonical form of OLD
(`graphdiff fmt`); for graphs the result is read back with `graphdiff fmt
--schema` (an optional property left out reads as null) and must equal NEW's
canonical form (as JSON values: Python reads numbers as floats; the Swift
tests compare the bytes).
Prints "N passed, N failed"; exits 1 on any failure.
"""
import json
import os
import subprocess
import sys
import tempfile


def merge_patch(target, patch):
    """RFC 7386, section 2."""
    if not isinstance(patch, dict):
        return patch
    if not isinstance(target, dict):
        target = {}
    for key, value in patch.items():
        if value is None:
            target.pop(key, None)
        else:
            target[key] = merge_patch(target.get(key), value)
    return target


def run(*args):
    return subprocess.run(args, capture_output=True, check=False)


def main():
    graphdiff, pairs = sys.argv[1], sys.argv[2:]
    passed = failed = 0
    for pair in pairs:
        old, new = pair.split(":")
        diff = run(graphdiff, "diff", "--format", "merge-patch", old, new)
        if diff.returncode not in (0, 1):
            print(f"FAIL {pair}: graphdiff exited {diff.returncode}: {diff.stderr.decode()}")
            failed += 1
            continue
        canonical_old = json.loads(run(graphdiff, "fmt", old).stdout)
        canonical_new = run(graphdiff, "fmt", new).stdout
        result = merge_patch(canonical_old, json.loads(diff.stdout))
        reference = result.get("$schema") if isinstance(result, dict) else None
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(result, f)
        try:
            schema = ["--schema", os.path.join(os.path.dirname(new), reference)] if reference else []
            again = run(graphdiff, "fmt", *schema, f.name)
        finally:
            os.unlink(f.name)
        if again.returncode == 0 and json.loads(again.stdout) == json.loads(canonical_new):
            passed += 1
        else:
            print(f"FAIL {pair}: the patched document differs from the new one {again.stderr.decode()}")
            failed += 1
    print(f"merge patch (RFC 7386): {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
