import GraphDiffJSON

/// Reading the objects of a large canonical file on two cores.
///
/// In the canonical layout every identity of `objects` starts a line with
/// six spaces and a quote, and every entity group a line with four spaces
/// and a quote; a JSON string holds no raw line break, so such a line can
/// start nowhere else in a file of that layout. A second reader starts at
/// the first identity line after the middle of `objects`, in the group
/// its object's shape names (the one entity whose names its members are,
/// in order) or else the nearest group line before it, and reads to the
/// end of `objects`, while this one reads from the start and stops there.
/// The guess is checked, not trusted: this reader must arrive exactly at that
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
    /// entity of the group it is in, told by the object's shape
    /// (``entityByShape(at:)``) or else by the nearest group line before it;
    /// `nil` when the layout shows none (within a megabyte) or the group's
    /// name has an escape or names no concrete entity.
    ///
    /// - Complexity: O(*m*) in the object's length when its shape tells its
    ///   entity, else O(*k*) in the distance to those lines.
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
        if let entity = entityByShape(at: split) { return (split, entity) }
        // The group: the nearest line of four spaces and a quote before it
        // (a group of half a million objects starts tens of megabytes back).
        guard let j = GraphScanner.lastGroupKeyLine(in: bytes, from: start + 1, before: split - 6) else { return nil }
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

    /// The one concrete entity whose names the members of the object at
    /// `split` (the quote of its identity line) are, in the canonical order
    /// of that entity's names, if exactly one is; `nil` when none or
    /// several are, or the object is not laid out canonically within 64 KiB
    /// (its member names on lines of eight spaces and a quote, it closing
    /// on a line of six spaces and a brace). A guess the first reader then
    /// checks: the group a canonical file's objects are in is the entity
    /// whose members they hold, with no search back through the group.
    ///
    /// - Complexity: O(*m* + *e* × *p*) for an object of *m* bytes and *e*
    ///   entities of *p* names.
    func entityByShape(at split: Int) -> Entity? {
        let bytes = reader.buffer, count = bytes.count
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        func spaces(_ from: Int, _ n: Int) -> Bool {
            guard from + n <= count else { return false }
            for k in from..<(from + n) where bytes[k] != space { return false }
            return true
        }
        let limit = Swift.min(count, split + (1 << 16))
        var names: [Range<Int>] = []
        var i = split
        while i < limit && bytes[i] != newline { i += 1 }
        // An object with members opens its braces at the end of its line.
        guard i < limit, bytes[i - 1] == UInt8(ascii: "{") else { return nil }
        var closed = false
        while i < limit {
            // `i` is a line break.
            if spaces(i + 1, 6) && i + 7 < count {
                if bytes[i + 7] == UInt8(ascii: "}") {
                    closed = true
                    break
                }
                if bytes[i + 7] != space { return nil }
            }
            if spaces(i + 1, 8) && i + 9 < count && bytes[i + 9] == quote {
                var end = i + 10
                while end < limit && bytes[end] != quote {
                    if bytes[end] == backslash { return nil }
                    end += 1
                }
                guard end < limit else { return nil }
                names.append((i + 10)..<end)
                i = end
            }
            i += 1
            while i < limit && bytes[i] != newline { i += 1 }
        }
        guard closed else { return nil }
        var found: Entity?
        for (index, layout) in decoder.layouts.enumerated() where index < schema.entities.count && !schema.entities[index].isAbstract {
            // Each member name at a later position among the entity's names.
            var k = 0
            let fits = names.allSatisfy { name in
                while k < layout.nameBytes.count {
                    defer { k += 1 }
                    if layout.nameBytes[k].elementsEqual(UnsafeBufferPointer(rebasing: bytes[name])) { return true }
                }
                return false
            }
            guard fits else { continue }
            guard found == nil else { return nil }
            found = schema.entities[index]
        }
        return found
    }

    /// The offset of the last line break in `bytes[from..<before]` that
    /// starts a line of four spaces and a quote (a group's key in
    /// canonical text), if any: eight bytes a step, each step testing at
    /// once whether any of its bytes is a line break with a quote five
    /// bytes on; only such a step is looked at byte by byte.
    ///
    /// - Complexity: O(*k*) in the distance to it, an eighth of the
    ///   steps of a byte-by-byte search and none per line.
    static func lastGroupKeyLine(in bytes: UnsafeBufferPointer<UInt8>, from lower: Int, before upper: Int) -> Int? {
        guard let base = bytes.baseAddress, lower >= 0, upper <= bytes.count else { return nil }
        let count = bytes.count
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), quote = UInt8(ascii: "\"")
        func isKeyLine(_ i: Int) -> Bool {
            i + 5 < count && base[i] == newline && base[i + 1] == space && base[i + 2] == space && base[i + 3] == space
                && base[i + 4] == space && base[i + 5] == quote
        }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let newlines = ones &* UInt64(newline), quotes = ones &* UInt64(quote)
        var i = upper
        while i > lower {
            // The word at i - 8 and the one five bytes on: a byte of their
            // XORs with line breaks and quotes is zero in both exactly
            // where a line break has a quote five bytes on.
            while i - 8 >= lower && i + 5 <= count {
                let breaks = UnsafeRawPointer(base + (i - 8)).loadUnaligned(as: UInt64.self) ^ newlines
                let quoted = UnsafeRawPointer(base + (i - 3)).loadUnaligned(as: UInt64.self) ^ quotes
                let both = breaks | quoted
                if (both &- ones) & ~both & highs != 0 { break }
                i -= 8
            }
            let stop = Swift.max(lower, i - 8)
            while i > stop {
                i -= 1
                if isKeyLine(i) { return i }
            }
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
                                  sourceTag: sourceTag, sharing: sharing?.forAnotherCore())
        second.reader.index = split.offset
        // Each half tells `progress` of its own bytes only.
        second.reported = split.offset
        second.reader.depth = depth + 1
        // Each half counts its own lines, the second from the line it starts on.
        if lines != nil { second.lines = LineTableBuilder(partFrom: split.offset, in: reader.buffer) }
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
                objects.objects.reserveUnindexedCapacity(sizeHint / 160)
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
        lines?.count(upTo: split.offset, in: reader.buffer)
        lines = finished.lines.flatMap { lines?.joined(with: $0) }
        graph.objects.appendUnindexed(rowsOf: objects.objects)
        decoder.derivedClaims += finished.decoder.derivedClaims
        reader.index = finished.reader.index
        reader.depth = finished.reader.depth
    }
}
