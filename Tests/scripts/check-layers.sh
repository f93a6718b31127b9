#!/usr/bin/env bash
# Dependencies point down the pipeline only: no file of the library uses a
# symbol declared in a stage above its own. Reads the sources, builds
# nothing (CI runs it first).
#
#   Tests/scripts/check-layers.sh [--root DIR]   check the package at DIR (default: this one)
#   Tests/scripts/check-layers.sh --self-test    run the check on small fixtures:
#                                                one with violations must fail, naming
#                                                exactly them; a clean one must pass
#
# The stages, lower first (a file may use its own stage and those below):
#
#   JSON       Sources/GraphDiffJSON (a target of its own: the compiler keeps
#              it below everything; it is read here for the names it declares)
#   Support    Sources/GraphDiff/Support: byte rules several stages share
#              (a file directly in Sources/GraphDiff counts as Support)
#   Schema < Graph < Versions < Diff < Patch < Merge < Render < Git
#              Sources/GraphDiff/<stage>
#
# and one narrower rule: Merge uses only what Patch makes public (applying
# a change set, as an app would), never Patch's internals; what both need
# belongs below them.
#
# How a use is found. Comments and the text of string literals are removed
# (the code of an interpolation \(...) is kept). The names a stage declares
# are its top-level types (struct, enum, class, actor, protocol, typealias),
# functions and globals, not private or fileprivate ones. In every file an
# identifier is a use of such a name unless it is a member (after one `.`),
# the name being declared (after func, var, let, case, struct, ...), or a
# type the file declares itself, at any depth (it shadows the other); an
# extension of a type is a use of it. A lowercase name (a function or
# global) is a use only where the file declares no local, parameter or
# label of that spelling. A member that an extension in a higher stage adds
# to a lower type is not seen.
#
# Exit status: 0 clean; 1 violations, each listed as
# FILE:LINE: uses NAME, declared in FILE: why; 2 trouble.
set -euo pipefail
exec python3 - "$0" "$@" <<'PY'
import bisect, io, os, re, sys, tempfile

STAGES = ["JSON", "Support", "Schema", "Graph", "Versions", "Diff", "Patch", "Merge", "Render", "Git"]
RANK = {stage: rank for rank, stage in enumerate(STAGES)}
# (user, used): the user may take only the used stage's public names.
PUBLIC_ONLY = {("Merge", "Patch")}
ORDER = " < ".join(STAGES) + "; Merge uses only Patch's public API"

def strip(src):
    """The source with comments and string text blanked (newlines kept),
    interpolated code kept."""
    out = []
    n = len(src)
    i = 0
    # A stack of open contexts: ("code", parens) inside an interpolation,
    # ("string", hashes, multiline) inside a literal.
    stack = [("code", 0)]
    def blank(s):
        return "".join("\n" if c == "\n" else " " for c in s)
    while i < n:
        top = stack[-1]
        c = src[i]
        if top[0] == "code":
            if src.startswith("//", i):
                j = src.find("\n", i)
                j = n if j < 0 else j
                out.append(blank(src[i:j])); i = j
            elif src.startswith("/*", i):
                depth, j = 0, i
                while j < n:
                    if src.startswith("/*", j): depth += 1; j += 2
                    elif src.startswith("*/", j):
                        depth -= 1; j += 2
                        if depth == 0: break
                    else: j += 1
                out.append(blank(src[i:j])); i = j
            elif c == "#" or c == '"':
                m = re.compile(r'(#*)("""|")').match(src, i)
                if m and (c == '"' or m.group(1)):
                    out.append(" " * (m.end() - i))
                    stack.append(("string", len(m.group(1)), m.group(2) == '"""'))
                    i = m.end()
                else:
                    out.append(c); i += 1
            elif c == "(":
                if len(stack) > 1: stack[-1] = ("code", top[1] + 1)
                out.append(c); i += 1
            elif c == ")" and len(stack) > 1 and top[1] == 0:
                stack.pop(); out.append(" "); i += 1
            else:
                if c == ")" and len(stack) > 1: stack[-1] = ("code", top[1] - 1)
                out.append(c); i += 1
        else:
            _, hashes, multi = top
            close = ('"""' if multi else '"') + "#" * hashes
            escape = "\\" + "#" * hashes
            if src.startswith(close, i):
                stack.pop(); out.append(" " * len(close)); i += len(close)
            elif src.startswith(escape + "(", i):
                stack.append(("code", 0))
                out.append(" " * (len(escape) + 1)); i += len(escape) + 1
            elif src.startswith(escape, i) and i + len(escape) < n:
                k = len(escape) + 1
                out.append(blank(src[i:i + k])); i += k
            else:
                out.append("\n" if c == "\n" else " "); i += 1
    return "".join(out)

IDENT = re.compile(r"`?([A-Za-z_][A-Za-z0-9_]*)`?")
DECL = re.compile(r"\b(struct|enum|class|actor|protocol|typealias|func|let|var)\s+`?([A-Za-z_][A-Za-z0-9_]*)")
TYPE_DECL = re.compile(r"\b(?:struct|enum|class|actor|protocol|typealias|associatedtype)\s+`?([A-Za-z_][A-Za-z0-9_]*)")
DECLARING = {"struct", "enum", "class", "actor", "protocol", "typealias", "associatedtype",
             "func", "let", "var", "case", "import"}
KEYWORDS = DECLARING | {"private", "fileprivate", "internal", "package", "public", "open", "static",
                        "final", "mutating", "nonmutating", "override", "indirect", "lazy", "weak", "unowned", "inout"}

def top_level_declarations(code):
    """(name, kind, line, access) of the declarations at brace depth 0;
    access is "private" (other files cannot see it), "public" or "internal"
    (internal or package: the module's other files see it)."""
    found, depth, line = [], 0, 1
    starts = []
    pos = 0
    for m in re.finditer(r"[{}\n]", code):
        segment = code[pos:m.start()]
        if depth == 0:
            starts.append((segment, line))
        pos = m.end()
        if m.group() == "{": depth += 1
        elif m.group() == "}": depth -= 1
        else: line += 1
    if depth == 0:
        starts.append((code[pos:], line))
    for segment, ln in starts:
        for d in DECL.finditer(segment):
            before = segment[:d.start()]
            if d.group(1) in ("let", "var") and re.search(r"\b(if|guard|while|for|case)\b", before):
                continue
            access = ("private" if re.search(r"\b(private|fileprivate)\b", before) else
                      "public" if re.search(r"\b(public|open)\b", before) else "internal")
            found.append((d.group(2), d.group(1), ln, access))
    return found

def local_spellings(code):
    """Lowercase names the file declares itself, in any scope: locals,
    parameters, argument labels, closure parameters."""
    names = set()
    for m in re.finditer(r"\b(?:let|var|func|case)\s+(?:\.)?`?([a-z_][A-Za-z0-9_]*)", code):
        names.add(m.group(1))
    for m in re.finditer(r"[(,]\s*(?:_\s+)?`?([a-z_][A-Za-z0-9_]*)`?\s*(?:[a-z_][A-Za-z0-9_]*\s*)?:", code):
        names.add(m.group(1))
    for m in re.finditer(r"\b([a-z_][A-Za-z0-9_]*)\s+in\b", code):
        names.add(m.group(1))
    for m in re.finditer(r"\bfor\s+(?:case\s+)?(?:let\s+)?\(?([^)]*?)\)?\s+in\b", code):
        names.update(re.findall(r"[a-z_][A-Za-z0-9_]*", m.group(1)))
    return names

def uses(code):
    """(name, line, label) of every identifier in code that is neither a
    member nor the name being declared; label: followed by one `:` (an
    argument label or a parameter's name, when lowercase)."""
    result = []
    line_starts = [0] + [m.end() for m in re.finditer("\n", code)]
    for m in IDENT.finditer(code):
        name = m.group(1)
        s = m.start()
        j = s - 1
        while j >= 0 and code[j] in " \t": j -= 1
        member = j >= 0 and code[j] == "." and not (j >= 1 and code[j - 1] == ".")
        # The previous word, to tell a declaration's own name.
        k = j
        while k >= 0 and (code[k].isalnum() or code[k] == "_"): k -= 1
        word = code[k + 1:j + 1] if j >= 0 and (code[j].isalnum() or code[j] == "_") else None
        if not member and word not in DECLARING and name not in KEYWORDS:
            after = code[m.end():m.end() + 2]
            label = after[:1] == ":" and after != "::"
            result.append((name, bisect.bisect_right(line_starts, s), label))
    return result

def stage_of(root, path):
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[:2] == ["Sources", "GraphDiffJSON"]:
        return "JSON"
    if rel[:2] == ["Sources", "GraphDiff"]:
        if len(rel) == 3:
            return "Support"
        if rel[2] in RANK:
            return rel[2]
        return None
    return None

def check(root, out=sys.stdout, err=sys.stderr):
    files = []
    for base in ("Sources/GraphDiffJSON", "Sources/GraphDiff"):
        for folder, _, names in os.walk(os.path.join(root, base)):
            files += [os.path.join(folder, name) for name in names if name.endswith(".swift")]
    files.sort()
    if not files:
        print(f"check-layers: no Swift sources under {root}/Sources/GraphDiff", file=err)
        return 2
    unknown = [f for f in files if stage_of(root, f) is None]
    if unknown:
        for f in unknown:
            print(f"check-layers: {os.path.relpath(f, root)} is in no stage folder ({', '.join(STAGES[1:])})", file=err)
        return 2
    code = {f: strip(open(f, encoding="utf-8").read()) for f in files}
    declared = {}      # name -> (stage, file, access)
    clashes = []
    for f in files:
        for name, kind, _, access in top_level_declarations(code[f]):
            if access == "private":
                continue
            home = (stage_of(root, f), os.path.relpath(f, root), access)
            if name in declared and declared[name][0] != home[0]:
                clashes.append(f"{name}: {declared[name][1]} and {home[1]}")
            declared.setdefault(name, home)
    violations = []
    for f in files:
        stage = stage_of(root, f)
        own = {d[0] for d in top_level_declarations(code[f])} | set(TYPE_DECL.findall(code[f]))
        locals_ = local_spellings(code[f])
        seen = set()
        for name, line, label in uses(code[f]):
            if name not in declared or name in own or name in seen:
                continue
            if name[0].islower() and (label or name in locals_):
                continue
            home_stage, home_file, access = declared[name]
            if RANK[home_stage] > RANK[stage]:
                why = f"{home_stage} is above {stage}"
            elif (stage, home_stage) in PUBLIC_ONLY and access != "public":
                why = f"{stage} uses only what {home_stage} makes public"
            else:
                continue
            seen.add(name)
            violations.append(f"{os.path.relpath(f, root)}:{line}: uses {name}, declared in {home_file}: {why}")
    for c in clashes:
        print(f"check-layers: one name declared in two stages: {c}", file=err)
    for v in violations:
        print(v, file=out)
    if violations or clashes:
        print(f"check-layers: {len(violations)} use(s) against the pipeline's order ({ORDER})", file=err)
        return 1
    return 0

# Each violating file of the fixture says why in its name; the clean
# fixture is the same without them.
FIXTURE = {
    "Sources/GraphDiffJSON/Value.swift": 'public enum Value { case null }\n',
    "Sources/GraphDiff/Exports.swift": '@_exported import GraphDiffJSON\n',
    "Sources/GraphDiff/Graph/Model.swift": (
        'import GraphDiffJSON\n'
        'struct Model { var value: Value; var report: Int { 0 }; var bytes: Data }\n'
        '/* Report: a comment /* nested, Report */ names it */\n'
        'let banner = "Report \\(Model.self) Merger" + #"Report "\\#(1)" "# + """\n'
        '    Report\n    """\n'
        'func helper(render: Int) -> Int { render }  // render( Report\n'
        'extension Model { func use(_ m: Model) -> Int { m.report + m.Report } }\n'),
    "Sources/GraphDiff/Graph/Outline.swift": 'enum Outline { struct Report {}; static let r: Report? = nil }\n',
    "Sources/GraphDiff/Graph/UsesRender.swift": (
        'struct Bad { let r: Report\n'
        '  func f() -> String { "\\(render(1))" } }\n'),
    "Sources/GraphDiff/Schema/ExtendsMerge.swift": 'extension Merger {}\n',
    "Sources/GraphDiff/Patch/UsesMerge.swift": 'func diffIt() -> Merger? { nil }\n',
    "Sources/GraphDiff/Patch/Plan.swift": 'struct Plan {}\npublic struct Outcome {}\n',
    "Sources/GraphDiff/Merge/Merger.swift": 'struct Merger { let m: Model; let o: Outcome }\nprivate struct Bad {}\n',
    "Sources/GraphDiff/Merge/UsesPatchInternals.swift": 'extension Merger { var p: Plan? { nil } }\n',
    "Sources/GraphDiff/Render/Report.swift": (
        'import Foundation\n'
        'private struct Data {}  // Foundation.Data, as other files see it\n'
        'struct Report { let m: Merger; let o: Outcome }\n'
        'func render(_ x: Int) -> Int { x }\n'),
}
EXPECTED = [
    "Sources/GraphDiff/Graph/UsesRender.swift:1: uses Report, declared in Sources/GraphDiff/Render/Report.swift: Render is above Graph",
    "Sources/GraphDiff/Graph/UsesRender.swift:2: uses render, declared in Sources/GraphDiff/Render/Report.swift: Render is above Graph",
    "Sources/GraphDiff/Merge/UsesPatchInternals.swift:1: uses Plan, declared in Sources/GraphDiff/Patch/Plan.swift: Merge uses only what Patch makes public",
    "Sources/GraphDiff/Patch/UsesMerge.swift:1: uses Merger, declared in Sources/GraphDiff/Merge/Merger.swift: Merge is above Patch",
    "Sources/GraphDiff/Schema/ExtendsMerge.swift:1: uses Merger, declared in Sources/GraphDiff/Merge/Merger.swift: Merge is above Schema",
]

def self_test():
    with tempfile.TemporaryDirectory() as root:
        for rel, text in FIXTURE.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        listed = io.StringIO()
        status = check(root, listed, io.StringIO())
        got = listed.getvalue().splitlines()
        if status != 1 or got != EXPECTED:
            print(f"check-layers --self-test: the fixture with violations gave status {status} and", file=sys.stderr)
            print("\n".join(got) or "(nothing)", file=sys.stderr)
            print("instead of status 1 and", file=sys.stderr)
            print("\n".join(EXPECTED), file=sys.stderr)
            return 1
        for rel in FIXTURE:
            if os.path.basename(rel).startswith(("Uses", "Extends")):
                os.remove(os.path.join(root, rel))
        listed = io.StringIO()
        status = check(root, listed, io.StringIO())
        if status != 0:
            print(f"check-layers --self-test: the clean fixture gave status {status}:\n{listed.getvalue()}", file=sys.stderr)
            return 1
    print("check-layers --self-test: a fixture's violations found, a clean fixture passes")
    return 0

def main(argv):
    script, args = argv[1], argv[2:]
    root = os.path.normpath(os.path.join(os.path.dirname(script), "..", ".."))
    if args == ["--self-test"]:
        return self_test()
    if len(args) == 2 and args[0] == "--root":
        root = args[1]
    elif args:
        print("usage: check-layers.sh [--root DIR] | --self-test", file=sys.stderr)
        return 2
    return check(root)

sys.exit(main(sys.argv))
PY
