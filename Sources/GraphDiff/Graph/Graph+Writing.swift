import GraphDiffJSON

extension Graph {
    /// The graph as a document in canonical form.
    ///
    /// `$schema` (when set), `metadata` (when not empty) and `objects`: one
    /// member per concrete entity, each an object keyed by identity; the
    /// identity is the key and is not repeated inside. Every stored property is
    /// written, `null` included; derived to-many relationships are not.
    /// ``JSONWriter/canonical(_:)`` then sorts entities, identities and
    /// properties by their UTF-8 bytes, so two equal graphs give equal text and
    /// a change to one object changes only that object's lines.
    ///
    ///     let document = graph.encoded()   // {"$schema": …, "metadata": …, "objects": {…}}
    ///
    /// - Complexity: O(*n*) to build, O(*n* log *n*) to write sorted.
    public func encoded() -> JSONValue {
        encoded(objects)
    }

    /// The canonical document with only the objects in `ids` (those that
    /// exist): what conflict markers quote from each input, without
    /// encoding the whole graph.
    ///
    /// - Complexity: O(*k*) in the number of `ids`.
    public func encoded(only ids: some Sequence<ObjectID>) -> JSONValue {
        var some = ObjectStore()
        for id in ids { some[id] = objects[id] }
        return encoded(some)
    }

    /// Members are built in canonical order (entities, identities and
    /// properties sorted by their UTF-8 bytes), so the writer finds them in
    /// order and sorts nothing again.
    func encoded(_ objects: ObjectStore) -> JSONValue {
        let slotOrder = canonicalSlotOrder
        var groups: [JSONObject.Member] = []
        for (index, rows) in Graph.rowsByEntity(objects, entityCount: schema.entities.count).enumerated() where !rows.isEmpty {
            var members: [JSONObject.Member] = []
            members.reserveCapacity(rows.count)
            for row in rows {
                guard let object = objects.object(atRow: row) else { continue }
                members.append(JSONObject.Member(key: objects.id(atRow: row).identity, value: encoded(object, slotOrder: slotOrder[index])))
            }
            groups.append(JSONObject.Member(key: schema.entities[index].name, value: .object(JSONObject(members))))
        }
        groups.sort { utf8Less($0.key, $1.key) }
        var document = JSONObject()
        if let schemaReference { document["$schema"] = .string(schemaReference) }
        if !metadata.isEmpty { document["metadata"] = .object(metadata) }
        document["objects"] = .object(JSONObject(groups))
        return .object(document)
    }

    /// Per entity (by position): its stored slots in property-name order,
    /// the order of an object's members in canonical form.
    var canonicalSlotOrder: [[Int]] {
        schema.entities.map { entity in
            entity.storedProperties.indices.sorted { utf8Less(entity.storedProperties[$0].name, entity.storedProperties[$1].name) }
        }
    }

    /// Writes `object` as `encoded(object, slotOrder:)` would be written at
    /// `w`'s level, with no document in between (`properties`: its entity's
    /// stored properties).
    ///
    /// An object read from one of `sources` whose text there is the
    /// canonical writer's (``GraphObject/canonicalSource``) is copied from
    /// it when `w` writes the canonical layout at the level of an object in
    /// `objects` (``SourceSpan/copies(into:)``), the level its text was
    /// checked at; in debug builds
    /// the object is encoded too, and the two must be the same bytes.
    ///
    /// - Complexity: O(*k*) in the size of the object's text; a copy of
    ///   its bytes when it has a span.
    static func write(_ object: GraphObject, properties: [Property], slotOrder: [Int], sources: OpenSources = .none, into w: inout JSONWriter) {
        if SourceSpan.copies(into: w), let bytes = sources.bytes(of: object.canonicalSource) {
            #if DEBUG
            var check = JSONWriter(style: w.style)
            check.level = w.level
            encode(object, properties: properties, slotOrder: slotOrder, into: &check)
            assert(check.output.elementsEqual(bytes), "the span of an object is not its canonical text: \(String(decoding: bytes, as: UTF8.self))")
            #endif
            w.output.append(contentsOf: bytes)
            return
        }
        encode(object, properties: properties, slotOrder: slotOrder, into: &w)
    }

    /// Encodes `object` at `w`'s level, value by value (see ``write(_:properties:slotOrder:sources:into:)``).
    private static func encode(_ object: GraphObject, properties: [Property], slotOrder: [Int], into w: inout JSONWriter) {
        if slotOrder.isEmpty {
            w.appendASCII("{}")
            return
        }
        w.output.append(UInt8(ascii: "{"))
        w.level += 1
        for (k, slot) in slotOrder.enumerated() {
            if k > 0 { w.output.append(UInt8(ascii: ",")) }
            w.newline()
            w.writeString(properties[slot].name)
            w.output.append(UInt8(ascii: ":"))
            w.output.append(UInt8(ascii: " "))
            // (A value missing from an object built by hand is written as
            // null: ``shapeProblems()`` reports it.)
            w.write(object.value(at: slot))
        }
        w.level -= 1
        w.newline()
        w.output.append(UInt8(ascii: "}"))
    }

    /// One object as its canonical member table (`slotOrder`: its entity's
    /// ``canonicalSlotOrder``).
    func encoded(_ object: GraphObject, slotOrder: [Int]) -> JSONValue {
        let entity = schema.entities[object.entityIndex]
        var fields: [JSONObject.Member] = []
        fields.reserveCapacity(slotOrder.count)
        for slot in slotOrder {
            fields.append(JSONObject.Member(key: entity.storedProperties[slot].name, value: object.value(at: slot)))
        }
        return .object(JSONObject(fields))
    }

    /// Per concrete entity (by position): the rows of `objects` of that
    /// entity, sorted by identity (UTF-8 byte order), as the canonical form
    /// lists them. Identities are sorted as strings alone, not as members
    /// that carry whole objects along.
    ///
    /// - Complexity: O(*n* log *n*); O(*n*) when the rows are in order already
    ///   (a graph read from a canonical file), O(*n* + *d* log *d*) when *d*
    ///   are out of place (``sortNearlyInOrder(_:by:)``: a patched graph's).
    static func rowsByEntity(_ objects: ObjectStore, entityCount: Int) -> [[Int]] {
        var rows = [[Int]](repeating: [], count: entityCount)
        for row in 0..<objects.rowCount {
            // (An object of no entity of the schema, built by hand, is not
            // written: ``shapeProblems()`` reports it.)
            guard let object = objects.object(atRow: row), rows.indices.contains(object.entityIndex) else { continue }
            rows[object.entityIndex].append(row)
        }
        for index in rows.indices where !rows[index].isEmpty {
            sortNearlyInOrder(&rows[index]) { utf8Less(objects.id(atRow: $0).identity, objects.id(atRow: $1).identity) }
        }
        return rows
    }

    /// ``rowsByEntity(_:entityCount:)`` of `objects` found from `known`,
    /// those of `other`, a store whose rows hold the very same identities
    /// (one array of them: merges made from one merge's rows,
    /// ``Graph/MergeOverlay``): `known`'s rows that `objects` holds, in
    /// their order, with no sort. `nil` when the identities are not the
    /// same array, an object is of another entity there, or `objects` holds
    /// a row `known` does not list.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    static func rowsByEntity(_ objects: ObjectStore, like other: ObjectStore, known: [[Int]]) -> [[Int]]? {
        guard objects.rowCount == other.rowCount, objects.sharesIdentities(with: other) else { return nil }
        var rows = [[Int]](repeating: [], count: known.count)
        var found = 0
        for index in known.indices {
            rows[index].reserveCapacity(known[index].count)
            for row in known[index] where objects.isLive(atRow: row) {
                // (Read in place: a copy of the object would retain its values.)
                guard objects.entityIndex(atRow: row) == index else { return nil }
                rows[index].append(row)
                found += 1
            }
        }
        return found == objects.count ? rows : nil
    }

    /// The canonical text of the graph, ending with a newline: the bytes of
    /// `JSONWriter.canonical(encoded())`, written straight from the objects
    /// with no document tree in between.
    ///
    ///     try Data(graph.canonicalText()).write(to: url)   // what graphdiff fmt writes
    ///
    /// - Complexity: O(*n*) for a graph read from a canonical file, O(*n*
    ///   log *n*) otherwise (identities are sorted).
    public func canonicalText() -> [UInt8] {
        joinedPieces(canonicalTextPieces())
    }

    /// ``canonicalText()`` in pieces, to be written one after another: a
    /// large graph's text is made in two halves, one on each core, and
    /// joining them would copy the second half (and touch as much fresh
    /// memory again). The first piece begins with the graph's first member
    /// (`$schema`, when it has one); every piece but the last ends where an
    /// object's text does.
    ///
    ///     for piece in graph.canonicalTextPieces() { handle.write(Data(piece)) }
    ///
    /// - Complexity: that of ``canonicalText()``, without the joining copy.
    public func canonicalTextPieces() -> [[UInt8]] {
        withDeepStack { _canonicalTextPieces() }
    }

    /// Bytes to reserve for the canonical text of `count` of this graph's
    /// objects: a quarter more than their share of the texts the graph was
    /// read from, and at least 160 bytes each (a graph made in memory).
    /// Generous on purpose: a large buffer's room that is never written is
    /// never touched, so it costs no memory, while a text that outgrows its
    /// buffer is copied whole into a new one twice the size.
    ///
    /// - Complexity: O(*s*) for *s* inputs read.
    func textCapacity(forObjects count: Int) -> Int {
        let read = sources.reduce(0) { $0 + $1.count }
        let share = objects.isEmpty ? 0 : read / objects.count * count
        return max(count * 160, share + share / 4) + 4096
    }

    /// The canonical text up to the value of `"objects"` (in a writer with
    /// room for `capacity` bytes), and the objects' groups: the concrete
    /// entities that have objects, in name order, and each entity's rows.
    private func canonicalHead(capacity: Int) -> (writer: JSONWriter, groups: [Int], rows: [[Int]]) {
        var w = JSONWriter(style: .canonical)
        w.output.reserveCapacity(capacity)
        func member(_ key: String, first: Bool) { w.startMember(key, first: first) }
        w.output.append(UInt8(ascii: "{"))
        w.level = 1
        var firstTop = true
        if let schemaReference {
            member("$schema", first: firstTop)
            w.writeString(schemaReference)
            firstTop = false
        }
        if !metadata.isEmpty {
            member("metadata", first: firstTop)
            w.write(.object(metadata))
            firstTop = false
        }
        member("objects", first: firstTop)
        let rows = Graph.rowsByEntity(objects, entityCount: schema.entities.count)
        let groups = rows.indices.filter { !rows[$0].isEmpty }.sorted { utf8Less(schema.entities[$0].name, schema.entities[$1].name) }
        return (w, groups, rows)
    }

    /// The canonical text (``canonicalText()``) handed to `deliver` a
    /// piece at a time, each as soon as it is made: on a large graph the
    /// text is made a part at a time (16 parts) on both cores, and the
    /// calling thread hands each finished part to `deliver` in order (which
    /// writes it to a file, say), making parts itself while the next is not
    /// ready; so making the text and writing it overlap, and at most a few
    /// parts are held at once. Written one after another, the pieces are
    /// exactly ``canonicalText()``; the first holds everything before the
    /// first object (`$schema` and the metadata). `deliver` returns
    /// whether to go on: after `false` no more pieces are made or
    /// delivered.
    ///
    ///     graph.canonicalText(deliveringPiecesTo: { piece in handle.write(Data(piece)); return true })
    ///
    /// - Complexity: that of ``canonicalText()``; on a large graph the
    ///   text is made on two threads while `deliver` runs on this one.
    public func canonicalText(deliveringPiecesTo deliver: @escaping ([UInt8]) -> Bool) {
        withDeepStack { _canonicalText(deliveringPiecesTo: deliver) }
    }

    private func _canonicalText(deliveringPiecesTo deliver: ([UInt8]) -> Bool) {
        guard objects.count >= TwoCores.minimumObjects else {
            for piece in _canonicalTextPieces() { guard deliver(piece) else { return } }
            return
        }
        var (opening, groups, rows) = canonicalHead(capacity: 1 << 16)
        opening.output.append(UInt8(ascii: "{"))
        let head = opening
        let slotOrder = canonicalSlotOrder
        let total = groups.reduce(0) { $0 + rows[$1].count }
        let size = Swift.max(1, (total + TwoCores.deliveredParts - 1) / TwoCores.deliveredParts)
        let parts = (total + size - 1) / size
        let order = PartsInOrder(count: parts, window: 4)
        let graph = self
        /// Part `k` of the objects' text (the first after the head, the
        /// last with the closing), in the memory of a delivered piece; the
        /// input's pages behind its objects are given back.
        func part(_ k: Int) -> [UInt8] {
            let range = (k * size)..<Swift.min(total, (k + 1) * size)
            var w = k == 0 ? head : JSONWriter(style: .canonical)
            if k > 0 { w.output = order.spare() }
            w.output.reserveCapacity(w.output.count + graph.textCapacity(forObjects: range.count))
            var pages = CopiedPages(graph.sources)
            graph.writeObjects(range, groups: groups, rows: rows, slotOrder: slotOrder, pages: &pages, into: &w)
            if k == parts - 1 { Graph.closeObjects(&w) }
            pages.releaseCopied()
            return w.output
        }
        // Parts made on both cores, delivered in order on this thread.
        _ = inParallel({ order.deliver(making: part, to: deliver) }, {
            while let k = order.claim() { order.finish(k, part(k)) }
        })
    }

    private func _canonicalTextPieces() -> [[UInt8]] {
        // Room for all of it: the text never grows by a copy.
        var (w, groups, rows) = canonicalHead(capacity: textCapacity(forObjects: objects.count))
        if groups.isEmpty {
            w.appendASCII("{}")
        } else {
            w.output.append(UInt8(ascii: "{"))
            // The objects, group by group: each object's text (with its
            // group's opening before the first and closing after the last)
            // depends on nothing else, so a large graph is written in two
            // halves, one on each core, and the halves joined.
            let slotOrder = canonicalSlotOrder
            let total = groups.reduce(0) { $0 + rows[$1].count }
            if total >= TwoCores.minimumObjects {
                let half = total / 2
                let graph = self
                // The second half's writer ends the text: the first's is done.
                var rest = inParallel({ writeObjects(0..<half, groups: groups, rows: rows, slotOrder: slotOrder, into: &w) }, {
                    var rest = JSONWriter(style: .canonical)
                    rest.output.reserveCapacity(graph.textCapacity(forObjects: total - half))
                    graph.writeObjects(half..<total, groups: groups, rows: rows, slotOrder: slotOrder, into: &rest)
                    return rest
                }).1
                Graph.closeObjects(&rest)
                return [w.output, rest.output]
            }
            writeObjects(0..<total, groups: groups, rows: rows, slotOrder: slotOrder, into: &w)
            Graph.closeObjects(&w)
            return [w.output]
        }
        w.level = 0
        w.newline()
        w.output.append(UInt8(ascii: "}"))
        w.output.append(UInt8(ascii: "\n"))
        return [w.output]
    }

    /// Ends the canonical text after the last object's: the `"objects"`
    /// member's closing, then the document's.
    private static func closeObjects(_ w: inout JSONWriter) {
        w.level = 1
        w.newline()
        w.output.append(UInt8(ascii: "}"))
        w.level = 0
        w.newline()
        w.output.append(UInt8(ascii: "}"))
        w.output.append(UInt8(ascii: "\n"))
    }

    /// The canonical text of the objects at positions `range` of the
    /// sequence of every object, group by group (`groups`, in name order)
    /// and by row within a group: exactly the bytes ``canonicalText()``
    /// writes for them, a group's opening before its first object and its
    /// closing after its last.
    func writeObjects(_ range: Range<Int>, groups: [Int], rows: [[Int]], slotOrder: [[Int]], into w: inout JSONWriter) {
        var pages = CopiedPages(sources)
        writeObjects(range, groups: groups, rows: rows, slotOrder: slotOrder, pages: &pages, into: &w)
    }

    /// ``writeObjects(_:groups:rows:slotOrder:into:)`` giving back the
    /// input's pages behind the copied objects through `pages`, which
    /// carries on from one range to the next.
    func writeObjects(_ range: Range<Int>, groups: [Int], rows: [[Int]], slotOrder: [[Int]], pages: inout CopiedPages, into w: inout JSONWriter) {
        OpenSources.with(sources) { open in
            writeObjects(range, groups: groups, rows: rows, slotOrder: slotOrder, sources: open, pages: &pages, into: &w)
        }
    }

    /// ``writeObjects(_:groups:rows:slotOrder:pages:into:)`` copying
    /// objects' text from `sources`, opened.
    private func writeObjects(_ range: Range<Int>, groups: [Int], rows: [[Int]], slotOrder: [[Int]], sources: OpenSources,
                              pages: inout CopiedPages, into w: inout JSONWriter) {
        func member(_ key: String, first: Bool) { w.startMember(key, first: first) }
        var start = 0
        for (g, index) in groups.enumerated() {
            let groupRows = rows[index]
            let lower = max(range.lowerBound - start, 0), upper = min(range.upperBound - start, groupRows.count)
            defer { start += groupRows.count }
            guard lower < upper else { continue }
            let properties = schema.entities[index].storedProperties
            if lower == 0 {
                w.level = 2
                member(schema.entities[index].name, first: g == 0)
                w.output.append(UInt8(ascii: "{"))
            }
            for i in lower..<upper {
                guard let object = objects.object(atRow: groupRows[i]) else { continue }
                w.level = 3
                member(objects.id(atRow: groupRows[i]).identity, first: i == 0)
                Graph.write(object, properties: properties, slotOrder: slotOrder[index], sources: sources, into: &w)
                pages.copied(object)
            }
            if upper == groupRows.count {
                w.level = 2
                w.newline()
                w.output.append(UInt8(ascii: "}"))
            }
        }
    }
}

extension JSONWriter {
    /// Starts member `key` of the object being written in the pretty
    /// style: a comma unless it is the first, a line break at the current
    /// level, the name and `": "`.
    @inline(__always)
    mutating func startMember(_ key: String, first: Bool) {
        if !first { output.append(UInt8(ascii: ",")) }
        newline()
        writeString(key)
        output.append(UInt8(ascii: ":"))
        output.append(UInt8(ascii: " "))
    }
}
