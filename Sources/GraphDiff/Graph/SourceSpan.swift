import GraphDiffJSON

/// Where an object's canonical text lies in the input it was read from:
/// the bytes of its member table, from `{` to `}`, exactly as
/// ``Graph/canonicalText()`` writes that object (at the depth of an
/// object in `objects`).
///
///     "objects": {
///       "Task": {
///         "t1": {                      ← start
///           "done": false,
///           "title": "Milk"
///         }                            ← start + length - 1
///
/// The scanner records one when it has checked, member by member, that
/// the text is the writer's (``GraphScanner``): every stored property
/// once, in name order, nothing else, the writer's line breaks and
/// indentation, strings without escapes, numbers as stored, no array or
/// object but an empty one. `source` is the ``SourceBytes/tag`` of the
/// input, so a span is used only with the bytes it came from: an object
/// moved into another graph keeps its span, and the writer copies it only
/// when that graph holds that input (``Graph/sources``).
///
/// - Note: A change to the object's entity or values drops the span
///   (``GraphObject``'s setters); in debug builds the writer also encodes
///   every object it copies and checks that the bytes are the same.
package struct SourceSpan: Sendable, Equatable {
    /// The offset of the `{`.
    package var start: Int
    /// The number of bytes, through the `}`; 0 for none.
    package var length: UInt32
    /// The ``SourceBytes/tag`` of the input; 0 for none.
    package var source: UInt32

    /// No span: the object is encoded when written.
    package static let none = SourceSpan(start: 0, length: 0, source: 0)

    /// Whether there is a span.
    @inline(__always) package var exists: Bool { length != 0 && source != 0 }

    // MARK: The layout a span holds

    /// The writer's level of an object in `objects` (the document, the
    /// `objects` table, the entity's table, the object): the only level a
    /// span is checked at, and so copied at.
    static let objectLevel = 3

    /// The canonical style's indentation of one level, in bytes.
    static let indentWidth = JSONWriter.Style.canonical.indent.count

    /// The indentation of an object's members (one level in) and of its
    /// closing brace (the object's level) in the canonical layout.
    static let memberIndent = (objectLevel + 1) * indentWidth, closeIndent = objectLevel * indentWidth

    /// The line breaks in a span of an object with `slotCount` stored
    /// properties: one before each member and one before the closing brace;
    /// none in `{}`. (How the scanner counts lines past a span without
    /// reading it: ``LineTableBuilder/skip(upTo:lineBreaks:lastLineStart:)``.)
    @inline(__always) static func lineBreaks(inObjectWith slotCount: Int) -> Int {
        slotCount == 0 ? 0 : slotCount + 1
    }

    /// The bytes of a span's last line: the closing brace's indentation and the brace.
    static let closingLineLength = closeIndent + 1

    /// Whether `w` writes what a span holds: the canonical layout (pretty,
    /// sorted, the canonical indentation) at ``objectLevel``.
    static func copies(into w: JSONWriter) -> Bool {
        w.level == objectLevel && w.style.pretty && w.style.sortKeys && w.style.indent == JSONWriter.Style.canonical.indent
    }
}

/// The inputs a writer copies objects' text from, opened once for a run
/// of objects: each input's tag and bytes, so that finding and copying an
/// object's span touches no input object. (Reading an input object out of
/// an array retains and releases it, for every object written; when a
/// text is made on two cores, both change that one reference count and
/// take turns on its cache line.)
struct OpenSources {
    /// Per input: its ``SourceBytes/tag``.
    let tags: [UInt32]
    /// Per input: its bytes, valid while ``with(_:_:)`` runs its body.
    let buffers: [UnsafeBufferPointer<UInt8>]

    /// No input: every object is encoded.
    static let none = OpenSources(tags: [], buffers: [])

    /// Calls `body` with `sources` opened; their buffers must not escape it.
    static func with<R>(_ sources: [SourceBytes], _ body: (OpenSources) -> R) -> R {
        var buffers: [UnsafeBufferPointer<UInt8>] = []
        buffers.reserveCapacity(sources.count)
        func open(_ k: Int) -> R {
            guard k < sources.count else { return body(OpenSources(tags: sources.map(\.tag), buffers: buffers)) }
            return sources[k].withUnsafeBufferPointer { bytes in
                buffers.append(bytes)
                return open(k + 1)
            }
        }
        return open(0)
    }

    /// The position of the input `span` was read from (the one whose tag
    /// it names), or `nil` when these inputs do not hold it.
    ///
    /// - Complexity: O(*s*) for *s* inputs (three at most).
    @inline(__always) func index(holding span: SourceSpan) -> Int? {
        guard span.exists else { return nil }
        for k in tags.indices where tags[k] == span.source { return k }
        return nil
    }

    /// The bytes of `span` in the input that holds it, or `nil` when none
    /// does or they lie outside it.
    @inline(__always) func bytes(of span: SourceSpan) -> UnsafeBufferPointer<UInt8>? {
        guard let k = index(holding: span) else { return nil }
        let end = span.start + Int(span.length)
        guard span.start >= 0, end <= buffers[k].count else { return nil }
        return UnsafeBufferPointer(rebasing: buffers[k][span.start..<end])
    }
}

/// Gives back the pages of the inputs a writer copies objects from, behind
/// it (``SourceBytes/release(_:)``), as the scanner does behind it: copies
/// read each input front to back, so a written graph does not keep its
/// inputs resident as a whole.
struct CopiedPages {
    let sources: [SourceBytes]
    /// Per input: its ``SourceBytes/tag`` (read once: see ``OpenSources``).
    let tags: [UInt32]
    /// Per input: where the bytes not yet given back start (-1: none copied yet).
    var released: [Int]
    /// Per input: the end of the last object copied.
    var copiedEnd: [Int]

    init(_ sources: [SourceBytes]) {
        self.sources = sources
        tags = sources.map(\.tag)
        released = [Int](repeating: -1, count: sources.count)
        copiedEnd = released
    }

    /// Gives back what lies behind the objects copied since the last
    /// release, however little: for a writer that moves on to objects
    /// elsewhere in the inputs (the next part of a text made on two cores).
    ///
    /// - Complexity: O(*s*) for *s* inputs.
    mutating func releaseCopied() {
        for k in sources.indices where released[k] >= 0 && copiedEnd[k] > released[k] {
            sources[k].release(released[k]..<copiedEnd[k])
        }
        released = [Int](repeating: -1, count: sources.count)
    }

    /// After `object` was written: gives back what lies behind its text
    /// when that is ``SourceBytes/releaseStep`` bytes or more.
    ///
    /// - Complexity: O(*s*) for *s* inputs (three at most).
    @inline(__always) mutating func copied(_ object: GraphObject) {
        copied(object.canonicalSource)
    }

    /// ``copied(_:)-(GraphObject)`` given the object's span, read where
    /// the object is (no copy of the object).
    mutating func copied(_ span: SourceSpan) {
        guard span.exists, let k = tags.firstIndex(of: span.source) else { return }
        let end = span.start + Int(span.length)
        if released[k] < 0 { released[k] = span.start }
        copiedEnd[k] = end
        if end - released[k] >= SourceBytes.releaseStep {
            sources[k].release(released[k]..<end)
            released[k] = end
        }
    }
}
