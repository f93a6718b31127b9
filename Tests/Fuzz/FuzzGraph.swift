// The graph loader against the tasks schema: any document is a graph or a
// list of problems; a graph writes back canonically and loads back equal,
// and diffs against itself to nothing.
import GraphDiffAll

let schema = FuzzFixtures.tasksSchema

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraph(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    onLargeStack {
        guard let graph = try? Graph.load(bytes, schema: schema, options: .init(ignoreFingerprint: true)) else { return }
        guard let again = try? Graph.load(graph.canonicalText(), schema: schema, options: .init(ignoreFingerprint: true)), again == graph else {
            fatalError("canonical graph round trip failed")
        }
        guard (try? ChangeSet.diff(from: graph, to: again))?.isEmpty == true else { fatalError("self-diff not empty") }
    }
    return 0
}
