// The JSON reader and writer: any bytes are read or rejected, never a crash;
// what is read writes back canonically and reads back identical.
import GraphDiffAll

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    onLargeStack {
        guard let value = try? JSONReader.parse(bytes) else { return }
        let text = JSONWriter.canonical(value)
        guard let again = try? JSONReader.parse(text), again.isIdentical(to: value), JSONWriter.canonical(again) == text else {
            fatalError("canonical round trip failed")  // a finding for the fuzzer, not reachable in graphdiff
        }
        _ = JSONDiff.diff(from: value, to: again)
    }
    return 0
}
