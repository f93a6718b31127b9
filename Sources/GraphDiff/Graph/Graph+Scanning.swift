import Foundation
import GraphDiffJSON

extension Graph {
    /// Reads a valid graph file straight from its bytes, or returns `nil`
    /// at its first problem of any kind (see ``load(_:schema:options:)-([UInt8],_,_)``,
    /// which then reads the file the slow way to say what is wrong).
    ///
    /// The schema says what comes where, so the document is pulled member
    /// by member (``GraphScanner``): `objects` → entity → identity → the
    /// object's members, each value checked by the rule of its property and
    /// stored as it is read. Only attribute values (and `metadata`) become
    /// ``JSONValue``s; objects of the flat form, whose members name their
    /// entity in any order, are read one at a time as values. The checks of
    /// a whole graph (``consistencyProblems()``, derived to-many members
    /// given in the file, the schema fingerprint) run as in the tree path.
    ///
    ///     let graph = Graph.scan(bytes, schema: schema) ?? (try Graph.load(JSONReader.parse(bytes), …))
    ///
    /// - Returns: the graph, `==` to the one the tree path gives, with the
    ///   same source offsets; `nil` when the file is not JSON or not a valid graph.
    /// - Complexity: O(*n*) expected in the size of the file; one pass over
    ///   the bytes, no tree.
    ///
    /// - Parameter parallelAbove: the size of `objects` in bytes from which
    ///   a canonical file is read on two cores (tests make it small).
    static func scan(_ bytes: [UInt8], schema: Schema, options: LoadOptions = LoadOptions(),
                     parallelAbove: Int = TwoCores.minimumBytes, progressStep: Int = SourceBytes.releaseStep) -> Graph? {
        bytes.withUnsafeBufferPointer {
            scan($0, schema: schema, options: options, parallelAbove: parallelAbove, progressStep: progressStep)
        }
    }

    /// ``scan(_:schema:options:parallelAbove:progressStep:)`` over bytes held elsewhere.
    ///
    /// - Parameter progressStep: bytes read between two calls of
    ///   ``LoadOptions/progress`` (tests make it small).
    ///
    /// - Parameter sourceTag: the ``SourceBytes/tag`` of the input the
    ///   buffer holds: each object whose text is the canonical writer's
    ///   records where (``GraphObject/canonicalSource``); 0 records none.
    ///
    /// - Parameter sharing: the objects of a graph read before whose
    ///   values an object of the same text shares (``SharedValues``).
    static func scan(_ buffer: UnsafeBufferPointer<UInt8>, schema: Schema, options: LoadOptions = LoadOptions(),
                     parallelAbove: Int = TwoCores.minimumBytes, progressStep: Int = SourceBytes.releaseStep,
                     sourceTag: UInt32 = 0, sharing: SharedValues? = nil) -> Graph? {
        if case .graph(let graph, _) = scanVerdict(buffer, schema: schema, options: options, parallelAbove: parallelAbove, progressStep: progressStep,
                                                sourceTag: sourceTag, sharing: sharing) {
            return graph
        }
        return nil
    }

    /// What the scanner made of a file.
    enum ScanVerdict {
        /// The graph, checked whole, and the table of line starts of its
        /// file when ``Graph/LoadOptions/recordsLines`` asked for it.
        case graph(Graph, lines: LineTable?)
        /// Read whole, but breaking a rule between objects (a link without
        /// its inverse, a chain out of step, a reference to no object): the
        /// tree path finds the same problems, so the file is no graph.
        case inconsistent
        /// A problem met on the way, or a layout the scanner does not read:
        /// the tree path decides.
        case gaveUp
    }

    /// ``scan(_:schema:options:parallelAbove:progressStep:sourceTag:sharing:)``,
    /// saying why it gave no graph.
    static func scanVerdict(_ buffer: UnsafeBufferPointer<UInt8>, schema: Schema, options: LoadOptions = LoadOptions(),
                            parallelAbove: Int = TwoCores.minimumBytes, progressStep: Int = SourceBytes.releaseStep,
                            sourceTag: UInt32 = 0, sharing: SharedValues? = nil) -> ScanVerdict {
        func verdict(parallelAbove: Int) throws -> ScanVerdict {
            var scanner = GraphScanner(schema: schema, buffer: buffer, parallelAbove: parallelAbove,
                                       progress: options.progress, progressStep: progressStep, sourceTag: sourceTag, sharing: sharing,
                                       recordsLines: options.recordsLines)
            do {
                let graph = try scanner.scanDocument(options: options)
                return .graph(graph, lines: scanner.lines?.table)
            } catch is GraphScanner.Inconsistent {
                return .inconsistent
            }
        }
        do {
            return try verdict(parallelAbove: parallelAbove)
        } catch is GraphScanner.SplitMissed {
            // The halves did not meet where the layout said: once more, on one core.
            return (try? verdict(parallelAbove: .max)) ?? .gaveUp
        } catch {
            return .gaveUp
        }
    }
}

/// The schema-directed pull decoder behind ``Graph/scan(_:schema:options:)``.
///
/// It walks the document with ``JSONReader``'s pull calls and keeps only
/// what the graph stores:
///
///     { "$schema": "s.json",                 → Graph.schemaReference
///       "metadata": { … },                   → Graph.metadata (one value)
///       "objects": {                         ← walked
///         "Person": {                        ← walked: entity, once
///           "p1": {                          ← walked: identity → sourceOffset
///             "name": "Ann", …               → values[slot] (one value each)
///
/// Repeated member names in the walked objects are caught here (a property
/// seen twice in one object by a stamp per property, an entity twice by a
/// flag, an identity twice by the graph's own keys); everything below them
/// is read by ``JSONReader/pullValue()``, which checks it as `parse` does,
/// at the same depth. The rules, defaults and whole-graph checks are
/// ``GraphDecoder``'s own: any problem it reports ends the scan.
struct GraphScanner {
    /// A problem met: the tree path says which.
    struct GiveUp: Error {}
    /// The whole graph read, and a rule between its objects broken: the
    /// tree path finds the same problems.
    struct Inconsistent: Error {}

    var reader: JSONReader
    /// The size of the file, from which the object count is guessed.
    let sizeHint: Int
    var decoder: GraphDecoder
    /// Per property position: the number of the object that last gave it.
    var stamps: [Int]
    /// The number of the object being read.
    var stamp = 0
    /// The buffer the values of the objects read are kept in, one run
    /// each (``ValueRow``): a new one when it is full. A copy of the
    /// scanner that scans on another core starts one of its own (it is
    /// made before either scans, when the buffer is still empty).
    var slab = ValueSlab.make(capacity: 0)
    /// The size of `objects` in bytes from which a canonical file is read
    /// on two cores (``scanCanonicalInParallel(into:split:)``).
    let parallelAbove: Int
    /// Told of the bytes read (``Graph/LoadOptions/progress``), every
    /// `progressStep` bytes and at the end.
    let progress: (@Sendable (Range<Int>) -> Void)?
    let progressStep: Int
    /// The start of the bytes read and not yet told to `progress`.
    var reported = 0
    /// The ``SourceBytes/tag`` of the input, for the spans of objects whose
    /// text is canonical (``SourceSpan``); 0: none are recorded.
    let sourceTag: UInt32
    /// The objects read before whose values an object of the same text
    /// shares; `nil`: every object is read.
    let sharing: SharedValues?
    /// The row of `sharing`'s objects to look at first (the files list
    /// their objects in the same order).
    var sharedCursor = 0
    /// Gives back the pages of `sharing`'s input behind the objects shared.
    var sharedPages: CopiedPages
    /// The lines of the bytes read so far, when the table of line starts
    /// is made as the file is read (``Graph/LoadOptions/recordsLines``):
    /// the bytes between objects and of objects in another layout are
    /// counted, an object in the canonical layout skipped by its member count.
    var lines: LineTableBuilder?

    init(schema: Schema, buffer: UnsafeBufferPointer<UInt8>, parallelAbove: Int = TwoCores.minimumBytes,
         progress: (@Sendable (Range<Int>) -> Void)? = nil, progressStep: Int = SourceBytes.releaseStep, sourceTag: UInt32 = 0,
         sharing: SharedValues? = nil, recordsLines: Bool = false) {
        if recordsLines { lines = LineTableBuilder() }
        self.sourceTag = sourceTag
        self.sharing = sharing
        sharedPages = CopiedPages(sharing.map { [$0.source] } ?? [])
        self.parallelAbove = parallelAbove
        self.progress = progress
        self.progressStep = max(1, progressStep)
        reader = JSONReader(pulling: buffer)
        sizeHint = buffer.count
        decoder = GraphDecoder(schema: schema, source: nil)
        stamps = Array(repeating: -1, count: decoder.layouts.map(\.names.count).max() ?? 0)
    }

    var schema: Schema { decoder.schema }

    /// Reads the whole document into a graph.
    ///
    /// - Throws: ``GiveUp`` or a ``JSONError`` at the first problem;
    ///   ``Inconsistent`` when the whole graph was read and a rule between
    ///   its objects is broken.
    mutating func scanDocument(options: Graph.LoadOptions) throws -> Graph {
        var graph = Graph(schema: schema)
        // About 160 bytes an object in canonical form: room for most files'
        // objects without growing the columns again and again (the index
        // is built once they are all read).
        graph.objects.reserveUnindexedCapacity(sizeHint / 160)
        try reader.pullDocumentStart()
        guard reader.pullPeek() == UInt8(ascii: "{"), try reader.pullObjectStart() else { throw GiveUp() }
        var sawSchema = false, sawMetadata = false, sawObjects = false
        repeat {
            let (name, nameOffset) = try reader.pullMemberName()
            if utf8Equal(name, "$schema") {
                guard !sawSchema else { throw GiveUp() }
                sawSchema = true
                graph.schemaReference = try reader.pullValue().stringValue
            } else if utf8Equal(name, "metadata") {
                guard !sawMetadata, case .object(let metadata) = try reader.pullValue() else { throw GiveUp() }
                sawMetadata = true
                graph.metadata = metadata
                decoder.checkFingerprint(metadata, options: options)
            } else if utf8Equal(name, "objects") {
                guard !sawObjects else { throw GiveUp() }
                sawObjects = true
                switch reader.pullPeek() {
                case UInt8(ascii: "{"):
                    if reader.buffer.count - reader.offset >= parallelAbove, let split = splitPoint() {
                        try scanCanonicalInParallel(into: &graph, split: split)
                    } else {
                        try scanCanonical(into: &graph)
                    }
                    // Objects were added unindexed; an identity found twice
                    // is left to the tree path to report.
                    if graph.objects.buildIndex() != nil { throw GiveUp() }
                case UInt8(ascii: "["): try scanFlat(into: &graph, objectsOffset: nameOffset)
                default: throw GiveUp()
                }
            } else {
                throw GiveUp()
            }
            try checkNoProblems()
        } while try reader.pullNextMember()
        try reader.pullDocumentEnd()
        lines?.count(upTo: reader.buffer.count, in: reader.buffer)
        report(upTo: reader.buffer.count, step: 1)
        // A file read sharing the values of a graph it edits is checked
        // where it differs from that graph (the same verdict).
        guard sawObjects else { throw GiveUp() }
        let problems = options.sharingValuesWith.map { graph.consistencyProblems(editedFrom: $0) } ?? graph.consistencyProblems()
        guard problems.isEmpty else { throw Inconsistent() }
        decoder.checkDerivedClaims(against: graph)
        try checkNoProblems()
        graph.isKnownConsistent = true
        return graph
    }

    func checkNoProblems() throws {
        if !decoder.problems.isEmpty { throw GiveUp() }
    }

    /// Tells `progress` of the bytes read since it was last told, once
    /// they are `step` bytes or more (`progressStep` unless given).
    @inline(__always)
    mutating func report(upTo end: Int, step: Int? = nil) {
        guard let progress, end - reported >= (step ?? progressStep) else { return }
        progress(reported..<end)
        reported = end
    }

    /// `"objects": { ENTITY: { IDENTITY: { members }, … }, … }`.
    mutating func scanCanonical(into graph: inout Graph) throws {
        guard try reader.pullObjectStart() else { return }
        var sawEntity = [Bool](repeating: false, count: schema.entities.count)
        _ = try scanGroups(inside: nil, sawEntity: &sawEntity, stop: nil, into: &graph)
    }

    /// The entity groups of `objects` from the cursor to the end of
    /// `objects`: from the start of a group's name when `entity` is `nil`,
    /// else from inside the group of `entity` (before one of its identities
    /// or its closing brace).
    ///
    /// - Parameter stop: an offset where a reader started by
    ///   ``scanCanonicalInParallel(into:split:)`` takes over: the scan ends
    ///   when the cursor is there, before an identity.
    /// - Returns: the entity whose group the scan stopped in at `stop`;
    ///   `nil` when it read to the end of `objects`.
    /// - Throws: ``GiveUp`` at a problem, ``SplitMissed`` when the scan went
    ///   past `stop` without stopping there.
    mutating func scanGroups(inside entity: Entity?, sawEntity: inout [Bool], stop: Int?, into graph: inout Graph) throws -> Entity? {
        var current = entity
        while true {
            if let entity = current {
                let layout = decoder.layouts[entity.index]
                repeat {
                    if let stop {
                        _ = reader.pullPeek()
                        if reader.offset == stop { return entity }
                        if reader.offset > stop { throw SplitMissed() }
                    }
                    let (spelling, offset) = try reader.pullMemberName()
                    guard case .success(let identity) = layout.canonicalIdentity(spelling), reader.pullPeek() == UInt8(ascii: "{")
                    else { throw GiveUp() }
                    try scanObject(entity, layout, identity: identity, spelling: spelling, offset: offset, into: &graph)
                    report(upTo: reader.index)
                } while try reader.pullNextMember()
                // The group is closed: the next one, or the end of `objects`.
                guard try reader.pullNextMember() else { return nil }
            }
            let (entityName, _) = try reader.pullMemberName()
            guard let next = schema.entity(named: entityName), !next.isAbstract, !sawEntity[next.index],
                reader.pullPeek() == UInt8(ascii: "{")
            else { throw GiveUp() }
            sawEntity[next.index] = true
            if try reader.pullObjectStart() {
                current = next
            } else {
                // An empty group: on to the next one, or the end of `objects`.
                current = nil
                guard try reader.pullNextMember() else { return nil }
            }
        }
    }

    /// One object of the canonical form, its members read and checked one by one.
    ///
    /// With a ``sourceTag``, it also checks, member by member, whether the
    /// object's text is exactly what the canonical writer gives it, and if
    /// so records where (``SourceSpan``): a comparison of offsets and a few
    /// bytes per member, no second pass.
    ///
    /// - Complexity: O(*k*) expected in its size: one byte compare per
    ///   member name in canonical order, one rule check per value.
    mutating func scanObject(
        _ entity: Entity, _ layout: EntityLayout, identity: String, spelling: String, offset: Int, into graph: inout Graph
    ) throws {
        lines?.count(upTo: reader.index, in: reader.buffer)
        if sharing != nil, scanShared(entity, layout, identity: identity, offset: offset, into: &graph) { return }
        stamp += 1
        let slotCount = layout.storedProperties.count
        if slab.room < slotCount { slab = ValueSlab.make(capacity: max(slotCount, ValueSlab.scannerCapacity)) }
        let start = slab.claim(nulls: slotCount)
        // The slots just claimed: this scanner's alone until the object is made.
        var values = slab.slots(from: start, count: slotCount)
        var derived: [JSONObject.Member] = []
        var sawIdentity = false
        var guess = 0
        // The canonical text so far: the offset of the `{` (the caller
        // peeked it), the members seen, the end of the last value.
        let open = reader.index
        var canonical = sourceTag != 0
        var members = 0, valueEnd = -1, first = true
        if try reader.pullObjectStart() {
            repeat {
                // The comma right after the value before; the line break
                // after it (or after the brace, which the reader skipped).
                if canonical && !first { canonical = reader.index == valueEnd + 1 }
                let lineStart = first ? open + 1 : reader.index
                first = false
                let (name, keyOffset) = try reader.pullRawMemberName()
                if let identityKey = layout.identityAttributeBytes, reader.name(name, is: identityKey) {
                    // It repeats the key, by value.
                    guard !sawIdentity else { throw GiveUp() }
                    sawIdentity = true
                    canonical = false
                    let value = try reader.pullValue()
                    guard case .success(let given) = decoder.flatIdentity(value, layout, strict: false), utf8Equal(given, identity)
                    else { throw GiveUp() }
                    continue
                }
                guard let k = layout.position(of: name, in: reader, guess: guess), k < stamps.count, stamps[k] != stamp else { throw GiveUp() }
                stamps[k] = stamp
                // In name order, each on its own line, `"name": ` then the value.
                if canonical { canonical = k >= guess && isCanonicalMemberStart(lineStart, keyOffset, name) }
                guess = k + 1
                let valueStart = reader.index + 1
                let value = try reader.pullValue()
                valueEnd = reader.index
                let slot = layout.slots[k]
                guard slot >= 0 else {
                    // A derived to-many given in the file: checked against the members later.
                    canonical = false
                    derived.append(JSONObject.Member(key: reader.string(name), value: value, keyOffset: keyOffset))
                    continue
                }
                decoder.given[slot] = true
                switch layout.check(value, at: k) {
                case .stored(let stored):
                    values[slot] = stored
                    if canonical {
                        members += 1
                        canonical = isCanonicalValue(stored, as: value, from: valueStart, to: valueEnd)
                    }
                case .derived: canonical = false
                case .invalid: throw GiveUp()
                }
            } while try reader.pullNextMember()
            // Every stored property, and the closing brace on a line of its own.
            if canonical { canonical = members == values.count && isCanonicalClose(after: valueEnd) }
        } else if canonical {
            canonical = values.isEmpty && reader.index == open + 2
        }
        if canonical {
            lines?.skip(upTo: reader.index, lineBreaks: SourceSpan.lineBreaks(inObjectWith: slotCount), lastLineStart: reader.index - SourceSpan.closingLineLength)
        } else {
            lines?.count(upTo: reader.index, in: reader.buffer)
        }
        decoder.fillAbsent(&values, layout: layout, spelling: spelling, offset: offset)
        try checkNoProblems()
        let id = ObjectID(entity: layout.root, identity: identity)
        var object = GraphObject(entityIndex: entity.index, row: ValueRow(slab: slab, start: start, count: slotCount), sourceOffset: offset)
        if canonical, let length = UInt32(exactly: reader.index - open) {
            object.canonicalSource = SourceSpan(start: open, length: length, source: sourceTag)
        }
        graph.objects.appendUnindexed(consume object, id: consume id)
        if !derived.isEmpty {
            decoder.checkDerived(entity, identity: identity, fields: JSONObject(derived))
            try checkNoProblems()
        }
    }

    /// The object at the cursor (its `{`) as one read before, when its
    /// text is that object's, byte for byte (``SharedValues``): its
    /// values are shared, the cursor moves past its `}`, and nothing is
    /// decoded or checked again.
    ///
    /// - Returns: whether the object was read so.
    /// - Complexity: O(*k*) in its size: a lookup and a comparison of bytes.
    mutating func scanShared(_ entity: Entity, _ layout: EntityLayout, identity: String, offset: Int, into graph: inout Graph) -> Bool {
        let open = reader.index
        let id = ObjectID(entity: layout.root, identity: identity)
        guard let sharing, open < reader.buffer.count,
            let before = sharing.object(id, entityIndex: entity.index, text: UnsafeBufferPointer(rebasing: reader.buffer[open...]), cursor: &sharedCursor)
        else { return false }
        let length = Int(before.canonicalSource.length)
        // A whole object, so the reader's depth is as it was.
        reader.index = open + length
        lines?.skip(upTo: reader.index, lineBreaks: SourceSpan.lineBreaks(inObjectWith: before.slotCount), lastLineStart: reader.index - SourceSpan.closingLineLength)
        sharedPages.copied(before)
        var object = GraphObject(entityIndex: entity.index, row: before.row, sourceOffset: offset)
        if sourceTag != 0 {
            object.canonicalSource = SourceSpan(start: open, length: before.canonicalSource.length, source: sourceTag)
        }
        graph.objects.appendUnindexed(consume object, id: consume id)
        return true
    }

    // MARK: Canonical text

    /// Whether `count` bytes from `start` are a line break and then spaces only.
    @inline(__always) func isLineBreak(at start: Int, indent: Int) -> Bool {
        let bytes = reader.buffer
        guard start >= 0, start + indent < bytes.count, bytes[start] == UInt8(ascii: "\n") else { return false }
        for i in (start + 1)...(start + indent) where bytes[i] != UInt8(ascii: " ") { return false }
        return true
    }

    /// Whether a member starts as the canonical writer starts it: from
    /// `lineStart` (after `{` or `,`) a line break and the member
    /// indentation (``SourceSpan/memberIndent``), then
    /// the name without escapes, a colon and one space before the value.
    @inline(__always) func isCanonicalMemberStart(_ lineStart: Int, _ keyOffset: Int, _ name: JSONReader.MemberName) -> Bool {
        guard keyOffset == lineStart + 1 + SourceSpan.memberIndent, isLineBreak(at: lineStart, indent: SourceSpan.memberIndent),
            case .bytes(let range) = name
        else { return false }
        let bytes = reader.buffer, colon = range.upperBound + 1
        guard reader.index == colon + 1, colon + 2 < bytes.count, bytes[colon] == UInt8(ascii: ":"), bytes[colon + 1] == UInt8(ascii: " ") else {
            return false
        }
        let next = bytes[colon + 2]
        return next != UInt8(ascii: " ") && next != UInt8(ascii: "\n") && next != UInt8(ascii: "\t") && next != UInt8(ascii: "\r")
    }

    /// Whether the text `start..<end` of a value is what the writer gives
    /// `stored`, the value the rule kept of `read` (the value the text
    /// holds): a literal as read; a number as read; a string as read and
    /// without escapes; an empty array or object as `[]` or `{}`; nothing
    /// else (the writer spreads a non-empty array or object over lines).
    @inline(__always) func isCanonicalValue(_ stored: JSONValue, as read: JSONValue, from start: Int, to end: Int) -> Bool {
        switch stored {
        case .null, .bool:
            // The literal's text is the writer's when the rule kept it as read.
            return stored.isIdentical(to: read)
        case .number(let n):
            guard case .number(let m) = read else { return false }
            return end - start == n.text.utf8.count && utf8Equal(n.text, m.text)
        case .string(let s):
            guard case .string(let t) = read, end - start == s.utf8.count + 2, utf8Equal(s, t), let base = reader.buffer.baseAddress else { return false }
            return memchr(base + start + 1, Int32(UInt8(ascii: "\\")), end - start - 2) == nil
        case .array(let elements):
            return elements.isEmpty && end - start == 2
        case .object(let object):
            return object.isEmpty && end - start == 2
        }
    }

    /// Whether the object closed right after the cursor's `}` as the
    /// writer closes it: a line break and six spaces after the last value.
    @inline(__always) func isCanonicalClose(after valueEnd: Int) -> Bool {
        reader.index == valueEnd + 2 + SourceSpan.closeIndent && isLineBreak(at: valueEnd, indent: SourceSpan.closeIndent)
    }

    /// `"objects": [ { "entity": …, IDENTITY-KEY: …, members }, … ]`: each
    /// element is one value (its members name its entity in any order),
    /// decoded by the tree decoder's own code for one element.
    mutating func scanFlat(into graph: inout Graph, objectsOffset: Int) throws {
        guard try reader.pullArrayStart() else { return }
        repeat {
            let element = try reader.pullValue()
            decoder.decodeFlatElement(element, objectsOffset: objectsOffset, into: &graph)
            try checkNoProblems()
            report(upTo: reader.index)
        } while try reader.pullNextElement()
    }
}
