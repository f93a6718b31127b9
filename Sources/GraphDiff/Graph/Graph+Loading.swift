import GraphDiffJSON

extension Graph {
    /// How strictly to load.
    public struct LoadOptions: Sendable {
        /// Load even when `metadata.schemaFingerprint` names another schema.
        public var ignoreFingerprint: Bool
        /// Called as a graph is read straight from its bytes, with each
        /// range of bytes read since the last call (about every
        /// ``SourceBytes/releaseStep`` bytes, and the rest at the end). A
        /// file read in two halves at once reports each half's ranges, from
        /// two threads; the ranges of one reading never overlap and cover
        /// the file. The graph keeps no reference into bytes reported.
        /// When the fast reader gives way (the file has a problem, or its
        /// halves did not meet), the ranges end early or start again from
        /// 0, and the reading that reports the problem reports no progress.
        ///
        ///     var options = Graph.LoadOptions()
        ///     options.progress = { range in print("read up to", range.upperBound) }
        public var progress: (@Sendable (Range<Int>) -> Void)?
        /// A graph read before from a file of the same schema, such as the
        /// older side of a diff or the base of a merge: an object whose
        /// text in the file being read is, byte for byte, the text that
        /// graph's object of the same identity was read from (in the
        /// canonical form) shares that object's values instead of having
        /// them read again. The graph loaded is the same (`==`) with or
        /// without it; files that mostly agree load in less time and
        /// memory. The file is then checked where it differs from that
        /// graph, when that graph was loaded (and so checked) and not
        /// changed since: the same verdict as a check of the whole. It is
        /// ignored when its schema is another one (by fingerprint) or its
        /// objects were not read from one file.
        ///
        ///     let old = try Graph.load(oldBytes, schema: schema)
        ///     let new = try Graph.load(newBytes, schema: schema, options: .init(sharingValuesWith: old))
        public var sharingValuesWith: Graph?
        /// Whether to make the table of line starts of a file read from
        /// ``SourceBytes`` as it is read, while its bytes are in memory, and
        /// keep it with those bytes: a ``JSONSourceText`` of them then
        /// gives positions (what a report of changes with their lines
        /// asks) without a second pass over the file, which would read
        /// again the pages the reader gave back. The table is made when
        /// the fast reader reads the file; otherwise the first position
        /// asked makes it, as without this option. Off by default: it
        /// costs a little, for positions that may never be asked.
        ///
        ///     let graph = try Graph.load(source, schema: schema, options: .init(recordsLines: true))
        ///     JSONSourceText(source).location(ofOffset: offset)   // no pass over the file
        public var recordsLines: Bool

        /// Options that accept a graph whose fingerprint names another schema when `ignoreFingerprint` is set.
        ///
        /// - Parameters:
        ///   - ignoreFingerprint: load even when the fingerprint names another schema.
        ///   - progress: told of the bytes read (``progress``).
        ///   - sharingValuesWith: a graph whose values the objects of
        ///     the same text share (``sharingValuesWith``).
        ///   - recordsLines: make the table of line starts as the file is
        ///     read (``recordsLines``).
        public init(ignoreFingerprint: Bool = false, progress: (@Sendable (Range<Int>) -> Void)? = nil, sharingValuesWith: Graph? = nil,
                    recordsLines: Bool = false) {
            self.ignoreFingerprint = ignoreFingerprint
            self.progress = progress
            self.sharingValuesWith = sharingValuesWith
            self.recordsLines = recordsLines
        }
    }

    /// Reads a graph file (canonical or flat form) against `schema`.
    ///
    ///     let graph = try Graph.load(Array(text.utf8), schema: schema)
    ///
    /// - Returns: the graph, checked whole.
    /// Integer and UUID identities, in keys and in references, are stored in
    /// their canonical spelling (``AttributeType/canonicalIdentity(_:)``):
    /// `007` and `7` name one object.
    ///
    /// - Throws: ``JSONError`` when the text is not JSON; ``GraphError`` listing
    ///   every problem (unknown entity or property, wrong type, an identity or
    ///   reference that is no identity of its type, missing required
    ///   attribute, duplicate identity, two spellings of one identity
    ///   included, dangling reference, inverse disagreement, broken chain,
    ///   schema mismatch), each with the object, property and line and column.
    /// - Complexity: O(*n*) expected in the size of the file.
    ///
    /// The bytes are read straight into the graph by a pull decoder that
    /// follows the schema: no ``JSONValue``
    /// tree of the document is built, only the attribute values become
    /// ``JSONValue``s. When that decoder meets any problem at all (a JSON
    /// error or a graph problem) it gives up, and the file is read again
    /// the way ``load(_:schema:source:options:)`` reads a parsed document:
    /// that path alone writes the errors, so they and their order are the
    /// same whichever way a file is read. A valid file gives the same graph
    /// both ways, with the same ``GraphObject/sourceOffset``s.
    public static func load(_ bytes: [UInt8], schema: Schema, options: LoadOptions = LoadOptions()) throws -> Graph {
        try load(SourceBytes(bytes), schema: schema, options: options)
    }

    /// Reads a graph file held as ``SourceBytes`` (a file the caller mapped,
    /// say) against `schema`, as ``load(_:schema:options:)-([UInt8],_,_)``
    /// does, without copying the bytes; the scanner releases them behind it
    /// (``SourceBytes/release(_:)``) besides telling ``LoadOptions/progress``.
    ///
    ///     let graph = try Graph.load(SourceBytes(Array(text.utf8)), schema: schema)
    ///
    /// - Returns: the graph, checked whole. It keeps `source`:
    ///   the objects whose text there is canonical are copied from it when
    ///   the graph, or a merge or patch of it, is written, so the bytes stay
    ///   in memory as long as the graph or a copy of it does.
    /// - Throws: ``JSONError`` or ``GraphError``, as the other loads.
    /// - Complexity: O(*n*) expected in the size of the file.
    public static func load(_ source: SourceBytes, schema: Schema, options: LoadOptions = LoadOptions()) throws -> Graph {
        try withDeepStack { try _load(source, schema: schema, options: options) }
    }

    private static func _load(_ source: SourceBytes, schema: Schema, options: LoadOptions) throws -> Graph {
        var scanning = options
        scanning.progress = { range in
            options.progress?(range)
            source.release(range)
        }
        let verdict = SharedValues.withValues(of: options.sharingValuesWith, schema: schema) { shared in
            source.withUnsafeBufferPointer { scanVerdict($0, schema: schema, options: scanning, sourceTag: source.tag, sharing: shared) }
        }
        if case .graph(var graph, let lines) = verdict {
            // The objects whose text is canonical are copied from it when written.
            graph.sources = [source]
            if let lines {
                assert(source.withUnsafeBufferPointer { lines.pointsAreExact(in: $0) }, "the line table made while reading is wrong")
                source.lineTable = lines
            }
            return graph
        }
        let document = try source.withUnsafeBufferPointer { try JSONReader.parse($0) }
        return try load(document, schema: schema, source: JSONSourceText(source), options: options)
    }

    /// `bytes` read as a graph of `schema`, or `nil` when they are none: as
    /// `try? load(bytes, schema: schema)`, but a file the scanner reads
    /// whole and finds breaking a rule between objects is refused at once,
    /// without the tree path that would locate its problems (about eight
    /// times the scan, for a verdict nobody reads).
    ///
    /// - Complexity: O(*n*) expected in the size of the file; with
    ///   ``LoadOptions/sharingValuesWith``, the objects of the same text are
    ///   checked where they differ only.
    package static func loadIfValid(_ bytes: [UInt8], schema: Schema, options: LoadOptions = LoadOptions()) -> Graph? {
        let source = SourceBytes(bytes)
        let verdict = withDeepStack {
            SharedValues.withValues(of: options.sharingValuesWith, schema: schema) { shared in
                source.withUnsafeBufferPointer { scanVerdict($0, schema: schema, options: options, sourceTag: source.tag, sharing: shared) }
            }
        }
        switch verdict {
        case .graph(var graph, _):
            graph.sources = [source]
            return graph
        case .inconsistent:
            return nil
        case .gaveUp:
            return try? load(source, schema: schema, options: options)
        }
    }

    /// Reads a graph from a parsed document; `source` gives positions to problems.
    ///
    ///     let graph = try Graph.load(try JSONReader.parse(bytes), schema: schema, source: JSONSourceText(bytes))
    public static func load(
        _ document: JSONValue, schema: Schema, source: JSONSourceText?, options: LoadOptions = LoadOptions()
    ) throws -> Graph {
        try withDeepStack { try _load(document, schema: schema, source: source, options: options) }
    }

    private static func _load(_ document: JSONValue, schema: Schema, source: JSONSourceText?, options: LoadOptions) throws -> Graph {
        var decoder = GraphDecoder(schema: schema, source: source)
        var graph = decoder.decode(document, options: options)
        let decodeProblems = decoder.problems.count
        // A reference to an object the decoder left out (its entity is
        // unknown or abstract) dangles only because of that problem, which
        // is reported instead.
        let consistency = graph.consistencyProblems().filter { problem in
            !(problem.kind == .danglingReference && problem.reference.map(decoder.leftOut.contains) ?? false)
        }
        if !consistency.isEmpty {
            decoder.indexMembers(of: document)
            decoder.problems += consistency.map { decoder.located($0, in: graph) }
        }
        if decoder.problems.count == decodeProblems {
            decoder.checkDerivedClaims(against: graph)
        }
        if !decoder.problems.isEmpty {
            // Unknown and abstract entities first: they explain what else
            // goes wrong. Then by position in the file; problems without
            // one keep their order at the end.
            func isCause(_ p: GraphProblem) -> Bool { p.kind == .unknownEntity || p.kind == .abstractEntity }
            let ordered = decoder.problems.enumerated().sorted { a, b in
                if isCause(a.element) != isCause(b.element) { return isCause(a.element) }
                let x = a.element.location?.offset ?? Int.max, y = b.element.location?.offset ?? Int.max
                return x != y ? x < y : a.offset < b.offset
            }.map(\.element)
            throw GraphError(problems: ordered)
        }
        graph.schemaReference = document["$schema"]?.stringValue
        graph.isKnownConsistent = true
        return graph
    }
}
