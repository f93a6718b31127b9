// Numbers: the RFC 8259 §6 grammar, kept as text.

extension JSONReader {
    /// Reads the number at the cursor and keeps its text.
    mutating func parseNumber() throws -> JSONNumber {
        let start = index
        let end = JSONReader.numberLength(in: buffer, at: start)
        if end < 0 {
            let at = -end - 1
            let found = describeByte(at: at)
            throw error(.invalidNumber("unexpected \(found)"), at: at)
        }
        let stop = start + end
        // A number followed directly by a digit can only be a leading zero ("01").
        if stop < buffer.count, buffer[stop] >= ASCII.zero, buffer[stop] <= ASCII.nine {
            throw error(.leadingZero, at: start)
        }
        index = stop
        // ASCII by the grammar just checked: the text is the file's bytes.
        return JSONNumber(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<stop]), as: UTF8.self))
    }

    /// The length of the JSON number that starts at `start`, or, when the text
    /// there is not a number, `-(offset of the offending byte) - 1`.
    ///
    ///     number = [ "-" ] ( "0" / 1-9 *DIGIT ) [ "." 1*DIGIT ] [ ("e"/"E") [ "+"/"-" ] 1*DIGIT ]
    @usableFromInline static func numberLength(in buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var i = start
        let n = buffer.count
        @inline(__always) func isDigit(_ k: Int) -> Bool {
            k < n && buffer[k] >= ASCII.zero && buffer[k] <= ASCII.nine
        }
        if i < n && buffer[i] == ASCII.minus { i += 1 }
        guard isDigit(i) else { return -i - 1 }
        if buffer[i] == ASCII.zero {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < n && buffer[i] == ASCII.period {
            i += 1
            guard isDigit(i) else { return -i - 1 }
            while isDigit(i) { i += 1 }
        }
        if i < n && (buffer[i] == ASCII.e || buffer[i] == ASCII.upperE) {
            i += 1
            if i < n && (buffer[i] == ASCII.plus || buffer[i] == ASCII.minus) { i += 1 }
            guard isDigit(i) else { return -i - 1 }
            while isDigit(i) { i += 1 }
        }
        return i - start
    }
}
