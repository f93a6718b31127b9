import GraphDiffJSON

extension ConflictMarkerWriter {
    /// The text of a graph merge whose conflicts are resolved as `mine` in
    /// one way and as `theirs` in the other, and kept open as `base` (the
    /// `--conflicts report` result, whose lines each block quotes, so that
    /// keeping the base's lines everywhere gives it): the same bytes as
    /// ``write(mine:theirs:base:baseIsResult:style:markers:)`` given the
    /// three graphs' canonical documents (``Graph/encoded()``) and
    /// `baseIsResult`, without building them.
    ///
    /// The objects are joined by entity and identity in canonical order; an
    /// object that is alike in both resolutions is written as it is, and
    /// only the objects that differ become small documents for the
    /// emitter. So the text costs about as much as writing one graph.
    ///
    /// - Complexity: O(*n*) for graphs read from canonical files, O(*n* log
    ///   *n*) otherwise, where *n* is the number of objects.
    public static func write(mine: Graph, theirs: Graph, base: Graph, markers: Markers = Markers()) -> [UInt8] {
        joinedPieces(textPieces(mine: mine, theirs: theirs, base: base, markers: markers))
    }

    /// The text of ``write(mine:theirs:base:markers:)`` in pieces, to be
    /// written one after another (those ``deliverText(mine:theirs:base:markers:to:)``
    /// hands over).
    ///
    /// - Complexity: that of ``write(mine:theirs:base:markers:)``, without
    ///   the joining copy.
    public static func textPieces(mine: Graph, theirs: Graph, base: Graph, markers: Markers = Markers()) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        deliverText(mine: mine, theirs: theirs, base: base, markers: markers) { piece in
            pieces.append(piece)
            return true
        }
        return pieces
    }

    /// Hands the text of ``write(mine:theirs:base:markers:)`` to `deliver`
    /// a piece at a time, in order, until it returns `false`. A large group
    /// of objects is made in parts on both cores and each part handed over
    /// as soon as those before it are, so the text is written while it is
    /// still being made and never held whole; a piece's memory is filled
    /// again with a later part once `deliver` has returned (and the caller
    /// let go of it).
    ///
    /// - Complexity: that of ``write(mine:theirs:base:markers:)``.
    public static func deliverText(mine: Graph, theirs: Graph, base: Graph, markers: Markers = Markers(),
                                   to deliver: @escaping ([UInt8]) -> Bool) {
        // The rare shapes (a side without objects) take the general path.
        guard !mine.objects.isEmpty, !theirs.objects.isEmpty,
            mine.schema.fingerprint == theirs.schema.fingerprint, base.schema.fingerprint == mine.schema.fingerprint
        else {
            _ = deliver(write(mine: mine.encoded(), theirs: theirs.encoded(), base: base.encoded(), baseIsResult: true, markers: markers))
            return
        }
        var emitter = Emitter(markers: markers, style: .canonical, baseIsResult: true)
        emitter.deliver = deliver
        // Room for the text up to the first large group (made in parts of
        // their own), all of it for a small graph: it seldom grows by a
        // copy. Room reserved and not written is never touched.
        emitter.out.reserveCapacity(mine.textCapacity(forObjects: min(mine.objects.count, TwoCores.minimumObjects)))
        emitter.common([UInt8(ascii: "{"), UInt8(ascii: "\n")])
        // The members before "objects", which sorts last and is in both.
        func head(_ g: Graph) -> [String: JSONValue] {
            var members: [String: JSONValue] = [:]
            if let reference = g.schemaReference { members["$schema"] = .string(reference) }
            if !g.metadata.isEmpty { members["metadata"] = .object(g.metadata) }
            return members
        }
        let (m, t, b) = (head(mine), head(theirs), head(base))
        for key in ["$schema", "metadata"] where m[key] != nil || t[key] != nil {
            emitter.entry(key: key, m[key], t[key], b[key], commaMine: true, commaTheirs: true, level: 1)
        }
        emitter.common(emitter.indentation(1) + Array(#""objects": {"#.utf8) + [UInt8(ascii: "\n")])
        emitter.objectGroups(mine: mine, theirs: theirs, base: base)
        emitter.common(emitter.indentation(1) + [UInt8(ascii: "}"), UInt8(ascii: "\n")])
        emitter.common([UInt8(ascii: "}"), UInt8(ascii: "\n")])
        emitter.flush()
        emitter.handOver()
    }
}

extension ConflictMarkerWriter.Emitter {
    /// The members of `"objects"`: one per concrete entity, in name order.
    mutating func objectGroups(mine: Graph, theirs: Graph, base: Graph) {
        let schema = mine.schema
        let count = schema.entities.count
        // Each side's rows by entity: mine's on one core, theirs' and the
        // base's on the other; or, when both sides hold the base's very
        // rows (made from its merge), the base's sorted and each side's
        // taken from them, no sort.
        func byEntity(_ g: Graph) -> [[Int]] { g.objects.isEmpty ? [] : Graph.rowsByEntity(g.objects, entityCount: count) }
        let large = mine.objects.count >= TwoCores.minimumObjects
        let mineRows: [[Int]], theirsRows: [[Int]], baseRows: [[Int]]
        // Whether each side's rows are the base's rows it holds (the same
        // row, the same identity): the three are then joined by row.
        var rowsOfBase = false
        if !base.objects.isEmpty && mine.objects.sharesIdentities(with: base.objects) && theirs.objects.sharesIdentities(with: base.objects) {
            baseRows = byEntity(base)
            func like(_ g: Graph) -> ([[Int]], Bool) {
                let taken = Graph.rowsByEntity(g.objects, like: base.objects, known: baseRows)
                let rows = taken ?? byEntity(g)
                assert(rows == byEntity(g), "a side's rows taken from the base's are not its own, sorted")
                return (rows, taken != nil)
            }
            let (m, t) = large ? inParallel({ like(mine) }, { like(theirs) }) : (like(mine), like(theirs))
            (mineRows, theirsRows) = (m.0, t.0)
            rowsOfBase = m.1 && t.1
        } else {
            (mineRows, (theirsRows, baseRows)) = large
                ? inParallel({ byEntity(mine) }, { (byEntity(theirs), byEntity(base)) })
                : (byEntity(mine), (byEntity(theirs), byEntity(base)))
        }
        let rows = (mineRows, theirsRows)
        func inBase(_ index: Int) -> Bool { index < baseRows.count && !baseRows[index].isEmpty }
        let entities = schema.entities.indices
            .filter { !rows.0[$0].isEmpty || !rows.1[$0].isEmpty || inBase($0) }
            .sorted { utf8Less(schema.entities[$0].name, schema.entities[$1].name) }
        // Whether a later group is in mine's text, in theirs', and in the
        // text that keeps the base in every block (the result's groups).
        var laterMine = [Bool](repeating: false, count: entities.count), laterTheirs = laterMine, laterBase = laterMine
        var seenMine = false, seenTheirs = false, seenBase = false
        for i in entities.indices.reversed() {
            (laterMine[i], laterTheirs[i], laterBase[i]) = (seenMine, seenTheirs, seenBase)
            let (m, t) = (!rows.0[entities[i]].isEmpty, !rows.1[entities[i]].isEmpty)
            seenMine = seenMine || m
            seenTheirs = seenTheirs || t
            seenBase = seenBase || inBase(entities[i])
        }
        let slotOrder = mine.canonicalSlotOrder
        for (i, index) in entities.enumerated() where !stopped {
            let name = schema.entities[index].name
            let (commaMine, commaTheirs, commaBase) = (laterMine[i], laterTheirs[i], laterBase[i])
            guard !rows.0[index].isEmpty, !rows.1[index].isEmpty else {
                // In one resolution only: the whole group is one block.
                func group(_ g: Graph, _ rows: [Int]) -> JSONValue? {
                    rows.isEmpty ? .none : .object(JSONObject(rows.compactMap { row in
                        g.objects.object(atRow: row).map { JSONObject.Member(key: g.objects.id(atRow: row).identity, value: g.encoded($0, slotOrder: slotOrder[index])) }
                    }))
                }
                entry(key: name, group(mine, rows.0[index]), group(theirs, rows.1[index]), group(base, inBase(index) ? baseRows[index] : []),
                      commaMine: commaMine, commaTheirs: commaTheirs, commaBase: commaBase, level: 2)
                continue
            }
            var w = JSONWriter(style: style)
            w.writeString(name)
            common(indentation(2) + w.output + Array(": {".utf8) + [UInt8(ascii: "\n")])
            objects(of: index, mine: (mine, rows.0[index]), theirs: (theirs, rows.1[index]), base: (base, inBase(index) ? baseRows[index] : []),
                    slotOrder: slotOrder[index], rowsOfBase: rowsOfBase)
            let close = indentation(2) + [UInt8(ascii: "}")]
            func closing(_ comma: Bool) -> [UInt8] { close + (comma ? [UInt8(ascii: ","), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]) }
            if commaMine == commaTheirs && commaBase == commaMine {
                common(closing(commaMine))
            } else {
                block(mine: closing(commaMine), base: closing(commaBase), theirs: closing(commaTheirs))
            }
        }
    }

    /// The objects of one concrete entity (`rows` sorted by identity in each
    /// resolution and in the base, the result that keeps conflicts open),
    /// joined by identity; by row when `rowsOfBase` (each side's rows are
    /// those of the base's that it holds: one row, one identity).
    mutating func objects(of entityIndex: Int, mine: (graph: Graph, rows: [Int]), theirs: (graph: Graph, rows: [Int]),
                          base: (graph: Graph, rows: [Int]), slotOrder: [Int], rowsOfBase: Bool = false) {
        let (ms, ts, bs) = (mine.graph.objects, theirs.graph.objects, base.graph.objects)
        // The joined entries: a row of mine's, theirs' or the base's, or of several.
        var entries: [Entry3] = []
        entries.reserveCapacity(max(mine.rows.count, theirs.rows.count, base.rows.count))
        var i = 0, j = 0, l = 0
        if rowsOfBase {
            // The base's rows in order, each with the sides that hold it
            // (their lists are in the same order): no identity compared.
            for row in base.rows {
                var e = Entry3(baseRow: row)
                if i < mine.rows.count && mine.rows[i] == row { e.mineRow = row; i += 1 }
                if j < theirs.rows.count && theirs.rows[j] == row { e.theirsRow = row; j += 1 }
                entries.append(e)
            }
            if i == mine.rows.count && j == theirs.rows.count {
                l = base.rows.count
            } else {
                // (Not so: joined by identity after all.)
                assertionFailure("a side holds a row the base does not list")
                entries.removeAll(keepingCapacity: true)
                (i, j) = (0, 0)
            }
        }
        // Mostly the same identity heads all three (no allocation per entry:
        // this loop meets every object).
        while i < mine.rows.count || j < theirs.rows.count || l < base.rows.count {
            let m = i < mine.rows.count ? ms.id(atRow: mine.rows[i]).identity : nil
            let t = j < theirs.rows.count ? ts.id(atRow: theirs.rows[j]).identity : nil
            let b = l < base.rows.count ? bs.id(atRow: base.rows[l]).identity : nil
            var least: String
            if let m { least = m } else if let t { least = t } else if let b { least = b } else { break }
            if let t, utf8Less(t, least) { least = t }
            if let b, utf8Less(b, least) { least = b }
            var e = Entry3()
            if let m, utf8Equal(m, least) { e.mineRow = mine.rows[i]; i += 1 }
            if let t, utf8Equal(t, least) { e.theirsRow = theirs.rows[j]; j += 1 }
            if let b, utf8Equal(b, least) { e.baseRow = base.rows[l]; l += 1 }
            entries.append(e)
        }
        // Whether a later object is in mine's text, theirs', and the text
        // that keeps the base in every block (the result's).
        var laterMine = [Bool](repeating: false, count: entries.count), laterTheirs = laterMine, laterBase = laterMine
        var seenMine = false, seenTheirs = false, seenBase = false
        for k in entries.indices.reversed() {
            (laterMine[k], laterTheirs[k], laterBase[k]) = (seenMine, seenTheirs, seenBase)
            seenMine = seenMine || entries[k].mine.map(ms.isLive(atRow:)) == true
            seenTheirs = seenTheirs || entries[k].theirs.map(ts.isLive(atRow:)) == true
            seenBase = seenBase || entries[k].base.map(bs.isLive(atRow:)) == true
        }
        func alike(_ k: Int) -> Bool { Self.isAlike(entries[k], at: k, later: (laterMine, laterTheirs, laterBase), ms, ts, bs) }
        let emit = { (emitter: inout ConflictMarkerWriter.Emitter, range: Range<Int>) in
            emitter.objects(range, of: entityIndex, entries: entries, later: (laterMine, laterTheirs, laterBase),
                            mine: mine.graph, theirs: theirs.graph, base: base.graph, slotOrder: slotOrder)
        }
        // A large group in parts, made on both cores and handed over in
        // order: each part but the first begins at an entry alike in both,
        // where one emitter would flush its block anyway, so each part but
        // the last ends flushed as one emitter's text would be there; the
        // last part's pending block, if any, is carried on.
        guard entries.count >= TwoCores.minimumObjects, deliver != nil else {
            emit(&self, 0..<entries.count)
            return
        }
        var starts = [0]
        let size = max(1, entries.count / max(1, TwoCores.deliveredParts))
        for k in 1..<max(1, TwoCores.deliveredParts) {
            var cut = max(k * size, (starts.last ?? 0) + 1)
            while cut < entries.count && !alike(cut) { cut += 1 }
            if cut < entries.count { starts.append(cut) }
        }
        let parts = starts.count
        guard parts > 1 else {
            emit(&self, 0..<entries.count)
            return
        }
        // The text so far goes first.
        handOver()
        guard !stopped else { return }
        let (markers, style) = (self.markers, self.style)
        let order = PartsInOrder(count: parts, window: 4)
        let last = CarriedBlock()
        let room = mine.graph.textCapacity(forObjects: size) + theirs.graph.textCapacity(forObjects: size) / 8
        /// Part `k`, in the memory of a delivered piece.
        func part(_ k: Int) -> [UInt8] {
            var emitter = ConflictMarkerWriter.Emitter(markers: markers, style: style, baseIsResult: true)
            emitter.out = order.spare()
            emitter.out.reserveCapacity(room)
            emit(&emitter, starts[k]..<(k + 1 < parts ? starts[k + 1] : entries.count))
            if k + 1 < parts {
                emitter.flush()
            } else {
                last.take(from: emitter)
            }
            return emitter.out
        }
        var delivered = true
        let deliver = self.deliver
        _ = inParallel({ order.deliver(making: part, to: { piece in
            delivered = deliver?(piece) ?? true
            return delivered
        }) }, {
            while let k = order.claim() { order.finish(k, part(k)) }
        })
        stopped = !delivered
        out = order.spare()
        last.give(to: &self)
    }

    /// Entries `range` of one concrete entity's joined rows (see
    /// ``objects(of:mine:theirs:base:slotOrder:)``).
    mutating func objects(_ range: Range<Int>, of entityIndex: Int, entries: [Entry3],
                          later: (mine: [Bool], theirs: [Bool], base: [Bool]),
                          mine: Graph, theirs: Graph, base: Graph, slotOrder: [Int]) {
        let (laterMine, laterTheirs, laterBase) = later
        let (ms, ts, bs) = (mine.objects, theirs.objects, base.objects)
        let properties = mine.schema.entities[entityIndex].storedProperties
        let indent = indentation(3)
        var pages = CopiedPages(mine.sources)
        OpenSources.with(mine.sources) { sources in
            for k in range {
                let e = entries[k]
                if Self.isAlike(e, at: k, later: later, ms, ts, bs), let r = e.mine {
                    // The lines of `lines(identity, encoded(m), level: 3, comma:)`,
                    // written directly at the end of the text.
                    flush()
                    var w = JSONWriter(style: style)
                    swap(&w.output, &out)
                    w.output += indent
                    w.level = 3
                    w.writeString(ms.ids[r].identity)
                    w.output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                    Graph.write(ms.rows[r], properties: properties, slotOrder: slotOrder, sources: sources, into: &w)
                    pages.copied(ms.rows[r].canonicalSource)
                    if laterMine[k] { w.output.append(UInt8(ascii: ",")) }
                    w.output.append(UInt8(ascii: "\n"))
                    swap(&w.output, &out)
                    continue
                }
                let m = e.mine.flatMap(ms.object(atRow:)), t = e.theirs.flatMap(ts.object(atRow:))
                let id = e.mine.map(ms.id(atRow:)) ?? e.theirs.map(ts.id(atRow:)) ?? e.base.map(bs.id(atRow:))
                guard let id else { continue }
                let b = e.base.flatMap(bs.object(atRow:))
                let (mv, tv) = (m.map { mine.encoded($0, slotOrder: slotOrder) }, t.map { theirs.encoded($0, slotOrder: slotOrder) })
                entry(key: id.identity, mv, tv, b.map { base.encoded($0, slotOrder: slotOrder) }, commaMine: laterMine[k], commaTheirs: laterTheirs[k],
                      commaBase: laterBase[k], level: 3)
            }
        }
        // A part's input pages are given back however few (the next part
        // copies from elsewhere in the inputs).
        pages.releaseCopied()
    }
}

extension ConflictMarkerWriter.Emitter {
    /// Whether entry `e` (the `k`th of its group) is alike in both
    /// resolutions and the base, and followed alike in all three (its
    /// comma): written as common text. Compared in place: this meets every
    /// object, and a copy of each would retain its values.
    static func isAlike(_ e: Entry3, at k: Int, later: (mine: [Bool], theirs: [Bool], base: [Bool]),
                        _ ms: ObjectStore, _ ts: ObjectStore, _ bs: ObjectStore) -> Bool {
        guard let r = e.mine, let q = e.theirs, let p = e.base, later.mine[k] == later.theirs[k], later.base[k] == later.mine[k] else { return false }
        return ms.hasIdenticalValues(atRow: r, as: ts, atRow: q) && ms.hasIdenticalValues(atRow: r, as: bs, atRow: p)
    }

    /// One object's rows in mine's resolution, theirs' and the base (the
    /// result that keeps conflicts open), where it has one: three words
    /// (-1 for none), where three optionals take six (one per object of a
    /// group, a million for a large one).
    struct Entry3 {
        var mineRow = -1, theirsRow = -1, baseRow = -1
        var mine: Int? { mineRow < 0 ? nil : mineRow }
        var theirs: Int? { theirsRow < 0 ? nil : theirsRow }
        var base: Int? { baseRow < 0 ? nil : baseRow }
    }

    /// The block the last part of a group leaves pending, carried from the
    /// thread that made the part to the emitter that goes on (read after
    /// both threads are done).
    final class CarriedBlock: @unchecked Sendable {
        var mine: [UInt8] = [], base: [UInt8] = [], theirs: [UInt8] = []
        var pending = false

        func take(from emitter: ConflictMarkerWriter.Emitter) {
            (mine, base, theirs, pending) = (emitter.pendingMine, emitter.pendingBase, emitter.pendingTheirs, emitter.pending)
        }

        func give(to emitter: inout ConflictMarkerWriter.Emitter) {
            (emitter.pendingMine, emitter.pendingBase, emitter.pendingTheirs, emitter.pending) = (mine, base, theirs, pending)
        }
    }

    /// Hands the text written so far (its pending block flushed) to
    /// ``deliver``, and goes on in an empty buffer; nothing once a delivery
    /// said stop (and then no more groups are written).
    mutating func handOver() {
        guard !stopped, let deliver else { return }
        flush()
        if !deliver(out) { stopped = true }
        out = []
    }
}
