// The schema loader: any document is a schema or a list of problems.
import GraphDiffAll

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    onLargeStack {
        if let schema = try? Schema.load(bytes) {
            _ = try? Schema.load(JSONWriter.canonical(schema.encoded()))
        }
    }
    return 0
}
