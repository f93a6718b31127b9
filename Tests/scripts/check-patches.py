#!/usr/bin/env python3
"""Applies graphdiff's patches with independent implementations and checks
that each yields the new document.

Usage: check-patches.py json-patch|merge-patch GRAPHDIFF [PAIRS...]
Each pair is OLD:NEW. The patch (`graphdiff diff --format FORMAT OLD NEW`)
is applied to the canonical form of OLD (`graphdiff fmt`, the form the
patch addresses):
- json-patch (RFC 6902) with Python's jsonpatch; the result must equal NEW's
  canonical form. Skipped when jsonpatch is not installed.
- merge-patch (RFC 7386, section 2, as written below); for graphs the result
  is read back with `graphdiff fmt --schema` (an optional property left out
  reads as null) and must equal NEW's canonical form.
Results are compared as JSON values (Python reads numbers as floats; the
Swift tests compare the bytes).
Prints "N passed, N failed"; exits 1 on any failure, 2 on a usage error.
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


def applied_json_patch(graphdiff, old, new, patch):
    """The patched document, and whether it equals NEW's canonical form."""
    import jsonpatch
    result = jsonpatch.apply_patch(json.loads(run(graphdiff, "fmt", old).stdout), patch)
    return result == json.loads(run(graphdiff, "fmt", new).stdout), ""


def applied_merge_patch(graphdiff, old, new, patch):
    result = merge_patch(json.loads(run(graphdiff, "fmt", old).stdout), patch)
    reference = result.get("$schema") if isinstance(result, dict) else None
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(result, f)
    try:
        schema = ["--schema", os.path.join(os.path.dirname(new), reference)] if reference else []
        again = run(graphdiff, "fmt", *schema, f.name)
    finally:
        os.unlink(f.name)
    ok = again.returncode == 0 and json.loads(again.stdout) == json.loads(run(graphdiff, "fmt", new).stdout)
    return ok, again.stderr.decode()


CHECKS = {
    "json-patch": ("jsonpatch", applied_json_patch),
    "merge-patch": ("merge patch (RFC 7386)", applied_merge_patch),
}


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in CHECKS:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        sys.exit(2)
    label, check = CHECKS[sys.argv[1]]
    if sys.argv[1] == "json-patch":
        try:
            import jsonpatch  # noqa: F401
        except ImportError:
            print("jsonpatch is not installed (pip install jsonpatch); skipped")
            sys.exit(0)
    graphdiff, pairs = sys.argv[2], sys.argv[3:]
    passed = failed = 0
    for pair in pairs:
        old, new = pair.split(":")
        diff = run(graphdiff, "diff", "--format", sys.argv[1], old, new)
        if diff.returncode not in (0, 1):
            print(f"FAIL {pair}: graphdiff exited {diff.returncode}: {diff.stderr.decode()}")
            failed += 1
            continue
        ok, why = check(graphdiff, old, new, json.loads(diff.stdout))
        if ok:
            passed += 1
        else:
            print(f"FAIL {pair}: the patched document differs from the new one {why}".rstrip())
            failed += 1
    print(f"{label}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
