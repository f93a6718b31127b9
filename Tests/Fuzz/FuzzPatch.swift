// Patch application: any document read as a graphdiff patch, an RFC 6902
// patch or a merge patch is applied to a sample graph or rejected.
import GraphDiffAll

let base = FuzzFixtures.tasksBase

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    onLargeStack {
        guard let document = try? JSONReader.parse(bytes) else { return }
        if case .graph(let changes)? = try? PatchDocument.decode(document, schema: base.schema) {
            _ = try? changes.apply(to: base, force: true)
            _ = try? changes.inverted().apply(to: base)
        }
        if case .json(let edits)? = try? PatchDocument.decode(document) { _ = try? JSONEdits.apply(edits, to: base.encoded()) }
        if let patch = try? JSONPatch(parsing: document) { _ = try? patch.apply(to: base.encoded()) }
        _ = MergePatch.apply(document, to: base.encoded())
    }
    return 0
}
