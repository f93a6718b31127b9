import GraphDiffJSON

/// The mixed-input policy of a diff or a merge: how inputs read on their
/// own are read together.
///
/// When any input is a graph, the first graph's schema applies to all: a
/// plain JSON input beside it (a file with no `$schema`, or standard input)
/// is read as a graph of that schema, and a graph of another schema is
/// refused, unless `force`. When none is a graph, all stay plain JSON.
///
///     let inputs: [MixedInputs.Input] = [.graph(v1), .json(try JSONReader.parse(text), source: JSONSourceText(Array(text.utf8)))]
///     let together = try MixedInputs.readTogether(inputs, force: false)   // two graphs of v1's schema
public enum MixedInputs {
    /// One input as read on its own.
    public enum Input: Sendable {
        /// A graph (a schema applied to it).
        case graph(Graph)
        /// Plain JSON, with its text for positions.
        case json(JSONValue, source: JSONSourceText?)

        /// The graph, when the input is one.
        public var graph: Graph? {
            if case .graph(let g) = self { return g }
            return nil
        }
    }

    /// The position of the input whose schema applies to all: the first
    /// graph; `nil` when no input is a graph.
    public static func schemaSource(_ inputs: [Input]) -> Int? {
        inputs.firstIndex { $0.graph != nil }
    }

    /// The inputs read together, by the policy above.
    ///
    /// - Parameter force: read a graph of another schema (or a JSON input
    ///   whose metadata names another fingerprint) all the same.
    /// - Returns: every input as a graph when any is one; else `inputs`.
    /// - Throws: ``GraphError`` whose ``GraphError/input`` is the position
    ///   of the input at fault: the problems of a JSON input that is no
    ///   valid graph of the schema, or a ``GraphProblem/Kind/schemaMismatch``
    ///   for a graph of another schema.
    /// - Complexity: O(*n*) in the size of the JSON inputs read as graphs.
    public static func readTogether(_ inputs: [Input], force: Bool) throws(GraphError) -> [Input] {
        guard let first = schemaSource(inputs), let schema = inputs[first].graph?.schema else { return inputs }
        var result = inputs
        for (i, input) in inputs.enumerated() {
            switch input {
            case .graph(let other):
                if other.schema.fingerprint != schema.fingerprint && !force {
                    throw GraphError(problems: [GraphProblem(
                        .schemaMismatch, "graphs of different schemas (\(schema.namedAgainst(other.schema)))")], input: i)
                }
            case .json(let document, let source):
                do {
                    result[i] = .graph(try Graph.load(document, schema: schema, source: source, options: .init(ignoreFingerprint: force)))
                } catch let error as GraphError {
                    throw GraphError(problems: error.problems, input: i)
                } catch {
                    throw GraphError(problems: [GraphProblem(.notAGraph, "\(error)")], input: i)
                }
            }
        }
        return result
    }
}
