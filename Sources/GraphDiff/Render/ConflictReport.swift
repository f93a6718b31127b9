import GraphDiffJSON

/// The conflict report of a merge (`graphdiff merge --report FILE`): every
/// conflict with its three values and, for graphs, where its object is in
/// each input. The format is specified in graphdiff(5).
///
///     let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
///     let report = ConflictReport.document(merged.conflicts, inputs: [
///         .init(name: "base.graph.json", graph: base, source: JSONSourceText(baseBytes)), …])
///     // {"conflicts": [{"kind": "property", "entity": "Task", "id": "t1", …}]}
public enum ConflictReport {
    /// One input of the merge as the report names it: its file name, its
    /// graph (`nil` for plain JSON) and its text, for positions.
    public struct Input: Sendable {
        /// The input's file name, as the report names it.
        public var name: String
        /// The input as a graph; `nil` for plain JSON (no positions).
        public var graph: Graph?
        /// The input's text, for the objects' lines and columns.
        public var source: JSONSourceText?

        /// An input named `name`.
        public init(name: String, graph: Graph?, source: JSONSourceText?) {
            self.name = name
            self.graph = graph
            self.source = source
        }
    }

    /// The report of `conflicts` of a merge of `inputs` (base, mine and
    /// theirs, in that order).
    ///
    /// - Complexity: O(*c* log *n*) for *c* conflicts and inputs of *n*
    ///   lines, plus one pass over each input's text to index its lines.
    public static func document(_ conflicts: [MergeConflict], inputs: [Input]) -> JSONValue {
        .object(["conflicts": .array(conflicts.map { c in
            var o = JSONObject()
            o["kind"] = .string(c.kind.rawValue)
            if let e = c.entity { o["entity"] = .string(e) }
            if let i = c.identity { o["id"] = .string(i) }
            if let p = c.property { o["property"] = .string(p) }
            o["path"] = .string(c.path.description)
            if let location = c.location, location.hasKey { o["keyPath"] = .string(location.description) }
            if let place = c.basePath, place != c.path, c.kind == .arrayChunk || !(c.location?.hasKey ?? false) { o["basePath"] = .string(place.description) }
            o["base"] = c.base ?? .null
            o["mine"] = c.mine ?? .null
            o["theirs"] = c.theirs ?? .null
            o["present"] = ["base": .bool(c.base != nil), "mine": .bool(c.mine != nil), "theirs": .bool(c.theirs != nil)]
            if let r = c.resolvedBy { o["resolvedBy"] = .string(r.rawValue) }
            if let entity = c.entity, let identity = c.identity {
                var positions = JSONObject()
                for (side, input) in zip(["base", "mine", "theirs"], inputs) {
                    guard let g = input.graph, let source = input.source, let object = g.objects[g.id(entity: entity, identity: identity)],
                        object.sourceOffset >= 0
                    else { continue }
                    let l = source.location(ofOffset: object.sourceOffset)
                    positions[side] = ["file": .string(input.name), "line": .number(JSONNumber(l.line)), "column": .number(JSONNumber(l.column))]
                }
                if !positions.isEmpty { o["positions"] = .object(positions) }
            }
            return .object(o)
        })])
    }
}
