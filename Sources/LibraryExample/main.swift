import GraphDiff

// Load a schema and graphs (a URL or Data will do too, with
// `import Foundation`); a graph file's
// "$schema" is resolved next to it.
let schema = try Schema.load(contentsOfFile: "Samples/tasks/tasks.schema.json")
let base = try Graph.load(contentsOfFile: "Samples/tasks/base.graph.json")
let mine = try Graph.load(contentsOfFile: "Samples/tasks/mine.graph.json")
let theirs = try Graph.load(contentsOfFile: "Samples/tasks/theirs.graph.json", schema: schema)

// Diff, and print the human report.
let changes = try ChangeSet.diff(from: base, to: theirs)
print(HumanRenderer.render(changes, context: RenderContext(oldName: "base", newName: "theirs")), terminator: "")

// Encode the patch (graphdiff-patch/1), read it back, apply it, invert it.
let patchText = JSONWriter.string(PatchDocument.encode(changes))
guard case .graph(let patch) = try PatchDocument.decode(patchText, schema: schema) else {
    throw PatchError(.malformed("not a patch of a graph"))
}
let patched = try patch.apply(to: base)
print("applied \(patched.applied) changes; equal to theirs:", try ChangeSet.diff(from: patched.graph, to: theirs).isEmpty)
let restored = try patch.inverted().apply(to: patched.graph)
print("inverted; equal to base:", try ChangeSet.diff(from: restored.graph, to: base).isEmpty)
print("again on theirs, already applied:", try patch.apply(to: theirs).wasAlreadyApplied)
var brown = base
try brown.update(base.id(entity: "Task", identity: "t3")) { $0.title = "Brown eggs" }  // checked against the schema
do {
    _ = try patch.apply(to: brown)  // every old value is checked first
} catch {
    for m in error.mismatches { print("rejected:", m.entity ?? "metadata", m.identity ?? "", m.property ?? "", "-", m.reason) }
}

// Three-way merge: the laptop's and the phone's edits merge cleanly.
let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
print("merged: \(merged.conflicts.count) conflicts, \(merged.graph.count) objects")

// Both sides rename the milk: a conflict, as data.
let milk = base.id(entity: "Task", identity: "t1")
var oat = mine, soy = theirs
try oat.update(milk) { $0.title = "Oat milk" }
try soy.update(milk) { $0.title = "Soy milk" }
for conflict in try Graph.merge(base: base, mine: oat, theirs: soy).conflicts {
    print(conflict.kind, conflict.entity ?? "", conflict.identity ?? "", conflict.property ?? "",
          JSONWriter.string(conflict.mine ?? .null), "vs", JSONWriter.string(conflict.theirs ?? .null))
}
