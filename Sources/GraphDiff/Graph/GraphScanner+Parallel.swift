import GraphDiffJSON

/// Reading the objects of a large canonical file on two cores.
///
/// In the canonical layout every identity of `objects` starts a line with
/// six spaces and a quote, and every entity group a line with four spaces
/// and a quote; a JSON string holds no raw line break, so such a line can
/// start nowhere else in a file of that layout. A second reader starts at
/// the first identity line after the middle of `objects`, in the group
/// named by the nearest group line before it, and reads to the end of
/// `objects`, while this one reads from the start and stops there. The
/// guess is checked, not trusted: this reader must arrive exactly at that
/// offset, before an identity, inside that group and at that depth;
/// otherwise (a file of another layout that happens to have such lines)
/// the scan says ``SplitMissed`` and the file is read again on one core.
/// The two halves' objects are joined in file order, so the graph is the
/// one a single reader builds.
extension GraphScanner {
    /// The halves did not meet where the layout said they would.
    struct SplitMissed: Error {}

    /// Where a second reader can start: the offset of the quote of the first
    /// identity line after the middle of what is left of the file, and the
    /// entity of the group it is in; `nil` when the layout shows none
    /// (within a megabyte) or the group's name has an escape or names no
    /// concrete entity.
    ///
    /// - Complexity: O(*k*) in the distance to those lines.
    func splitPoint() -> (offset: Int, entity: Entity)? {
        let bytes = reader.buffer
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let start = reader.offset, count = bytes.count
        /// Whether a line starting at `i` (after its line break) has exactly
        /// `indent` spaces and then a quote.
        func keyLine(at i: Int, indent: Int) -> Bool {
            guard i + indent < count, bytes[i + indent] == quote else { return false }
            for k in 0..<indent where bytes[i + k] != space { return false }
            return true
        }
        var i = start + (count - start) / 2
        let limit = min(count, i + (1 << 20))
        var split: Int?
        while i < limit {
            if bytes[i] == newline && keyLine(at: i + 1, indent: 6) {
                split = i + 7
                break
            }
            i += 1
        }
        guard let split else { return nil }
        // The group: the nearest line of four spaces and a quote before it,
        // found line break by line break (a group of half a million objects
        // starts tens of megabytes back).
        var j = split - 7
        while j > start {
            j = GraphScanner.lastNewline(in: bytes, from: start, before: j + 1) ?? start
            if j > start && keyLine(at: j + 1, indent: 4) {
                var end = j + 6
                while end < split && bytes[end] != quote {
                    if bytes[end] == backslash { return nil }
                    end += 1
                }
                guard end < split else { return nil }
                // The name's bytes against each entity's, byte for byte (no
                // String is made of bytes not checked yet).
                let name = UnsafeBufferPointer(rebasing: bytes[(j + 6)..<end])
                guard let index = schema.entities.firstIndex(where: { $0.name.utf8.elementsEqual(name) }),
                    !schema.entities[index].isAbstract
                else { return nil }
                return (split, schema.entities[index])
            }
            j -= 1
        }
        return nil
    }

    /// The offset of the last line break in `bytes[from..<before]`, if any:
    /// eight bytes a step, then the byte within the word that has it.
    ///
    /// - Complexity: O(*k*) in the distance to it, an eighth of the
    ///   steps of a byte-by-byte search.
    static func lastNewline(in bytes: UnsafeBufferPointer<UInt8>, from lower: Int, before upper: Int) -> Int? {
        guard let base = bytes.baseAddress, lower >= 0, upper <= bytes.count else { return nil }
        var i = upper
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let newlines = ones &* UInt64(UInt8(ascii: "\n"))
        while i - 8 >= lower {
            // A byte of the word is a line break when the word XOR newlines has a zero byte.
            let word = UnsafeRawPointer(base + (i - 8)).loadUnaligned(as: UInt64.self) ^ newlines
            if (word &- ones) & ~word & highs != 0 { break }
            i -= 8
        }
        while i > lower {
            i -= 1
            if base[i] == UInt8(ascii: "\n") { return i }
        }
        return nil
    }

    /// `objects` (the cursor at its opening brace) read in two halves, one
    /// on each core, split at `split` (``splitPoint()``).
    ///
    /// - Throws: ``GiveUp`` at a problem in either half, ``SplitMissed``
    ///   when the halves do not meet at `split`.
    mutating func scanCanonicalInParallel(into graph: inout Graph, split: (offset: Int, entity: Entity)) throws {
        guard try reader.pullObjectStart() else { return }
        let depth = reader.depth
        var second = GraphScanner(schema: schema, buffer: reader.buffer, parallelAbove: .max, progress: progress, progressStep: progressStep,
                                  sourceTag: sourceTag, sharing: sharing)
        second.reader.index = split.offset
        // Each half tells `progress` of its own bytes only.
        second.reported = split.offset
        second.reader.depth = depth + 1
        let sizeHint = reader.buffer.count - split.offset
        let (first, rest) = inParallel({ () -> Result<(Entity?, [Bool]), Error> in
            Result {
                var sawEntity = [Bool](repeating: false, count: schema.entities.count)
                let stoppedIn = try scanGroups(inside: nil, sawEntity: &sawEntity, stop: split.offset, into: &graph)
                return (stoppedIn, sawEntity)
            }
        }, { () -> Result<(GraphScanner, Graph, [Bool]), Error> in
            Result {
                var scanner = second
                var objects = Graph(schema: scanner.schema)
                objects.objects.reserveCapacity(sizeHint / 160)
                var sawEntity = [Bool](repeating: false, count: scanner.schema.entities.count)
                sawEntity[split.entity.index] = true
                _ = try scanner.scanGroups(inside: split.entity, sawEntity: &sawEntity, stop: nil, into: &objects)
                return (scanner, objects, sawEntity)
            }
        })
        let (stoppedIn, sawFirst) = try first.get()
        // This half must have stopped exactly at the split, before an
        // identity of that group, one level inside `objects`.
        guard let stoppedIn, stoppedIn.index == split.entity.index, reader.depth == depth + 1 else { throw SplitMissed() }
        let (finished, objects, sawSecond) = try rest.get()
        // A group named in both halves is a group given twice (but the one split).
        for e in sawFirst.indices where e != split.entity.index && sawFirst[e] && sawSecond[e] { throw GiveUp() }
        try finished.checkNoProblems()
        report(upTo: split.offset, step: 1)
        reported = finished.reported
        graph.objects.appendUnindexed(rowsOf: objects.objects)
        decoder.derivedClaims += finished.decoder.derivedClaims
        reader.index = finished.reader.index
        reader.depth = finished.reader.depth
    }
}
