import GraphDiffJSON

// What the library's results print as: what a person wants to read (the
// human report, a summary), as `graphdiff` prints it. `debugPrint` and
// `dump` keep the fields.

extension ChangeSet: CustomStringConvertible {
    /// The human report of the changes, as `graphdiff diff` prints it
    /// (without file positions): `(no changes)` for none.
    ///
    ///     print(try ChangeSet.diff(from: base, to: theirs))
    ///     // ~ Task "t3"
    ///     //     title: "Eggs" → "Free-range eggs"
    ///     // …
    public var description: String {
        isEmpty ? "(no changes)\n" : HumanRenderer.render(self, context: RenderContext())
    }
}

extension MergeResult: CustomStringConvertible {
    /// A line with the merged graph's size and the number of conflicts,
    /// then each conflict on a line of its own.
    ///
    ///     print(try Graph.merge(base: base, mine: oat, theirs: soy))
    ///     // merged 10 objects, 1 conflict
    ///     // Task "t1".title: both changed: base "Milk", mine "Oat milk", theirs "Soy milk"
    public var description: String {
        let count = conflicts.count
        let head = "merged \(graph.count) object\(graph.count == 1 ? "" : "s"), \(count == 0 ? "no" : String(count)) conflict\(count == 1 ? "" : "s")"
        return ([head] + conflicts.map(\.description)).joined(separator: "\n")
    }
}

extension PatchOutcome: CustomStringConvertible {
    /// How many changes were applied, already there, and skipped.
    ///
    ///     print(try patch.apply(to: base))   // applied 6 changes
    public var description: String {
        var parts = ["applied \(applied) change\(applied == 1 ? "" : "s")"]
        if alreadyPresent > 0 { parts.append("\(alreadyPresent) already present") }
        if !skipped.isEmpty { parts.append("\(skipped.count) skipped") }
        return parts.joined(separator: ", ")
    }
}

extension Graph: CustomStringConvertible {
    /// The schema's name and the number of objects of each entity.
    ///
    ///     print(graph)   // Graph of "Tasks": 8 Task, 2 TaskList
    public var description: String {
        var counts: [String: Int] = [:]
        for object in objects.values { counts[schema.entities.indices.contains(object.entityIndex) ? schema.entities[object.entityIndex].name : "?", default: 0] += 1 }
        let listed = counts.keys.sorted(by: utf8Less).map { "\(counts[$0] ?? 0) \($0)" }
        return "Graph of \(JSONWriter.string(.string(schema.name))): " + (listed.isEmpty ? "no objects" : listed.joined(separator: ", "))
    }
}
