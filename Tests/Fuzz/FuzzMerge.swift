// Three-way merge: the input as "theirs" against the sample base and mine,
// as graphs when it loads as one, and as plain JSON always; the graph result
// must be consistent.
import GraphDiffAll

let base = FuzzFixtures.tasksBase
let mine = FuzzFixtures.tasksMine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    onLargeStack {
        guard let document = try? JSONReader.parse(bytes) else { return }
        _ = JSONMerge.merge(base: base.encoded(), mine: mine.encoded(), theirs: document)
        if let theirs = try? Graph.load(document, schema: base.schema, source: nil, options: .init(ignoreFingerprint: true)) {
            do {
                _ = try MergeText.graphs(base: base, mine: mine, theirs: theirs, prefer: nil, markers: .init())
            } catch {
                fatalError("merge failed on valid inputs: \(error)")
            }
        }
    }
    return 0
}
