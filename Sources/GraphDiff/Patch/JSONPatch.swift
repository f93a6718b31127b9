import GraphDiffJSON

/// An RFC 6902 JSON Patch: operations applied in order, atomically.
///
///     let patch = try JSONPatch(parsing: try JSONReader.parse(#"[{"op": "add", "path": "/a", "value": 1}]"#))
///     let result = try patch.apply(to: try JSONReader.parse("{}"))   // {"a": 1}
public struct JSONPatch: Hashable, Sendable {
    /// One operation.
    public struct Operation: Hashable, Sendable {
        /// The six operations of RFC 6902.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case add, remove, replace, move, copy, test
        }

        /// What the operation does.
        public var kind: Kind
        /// The location the operation acts on.
        public var path: JSONPointer
        /// For `move` and `copy`.
        public var from: JSONPointer?
        /// For `add`, `replace` and `test`.
        public var value: JSONValue?

        /// An operation of `kind` at `path`.
        public init(_ kind: Kind, path: JSONPointer, from: JSONPointer? = nil, value: JSONValue? = nil) {
            self.kind = kind
            self.path = path
            self.from = from
            self.value = value
        }
    }

    /// The operations, applied in order.
    public var operations: [Operation]

    /// A patch of `operations`.
    public init(_ operations: [Operation]) { self.operations = operations }

    /// The patch that performs `edits` (from ``JSONDiff``), in order.
    public init(edits: [JSONEdit]) {
        operations = edits.map { edit in
            switch edit {
            case .add(let path, let value): return Operation(.add, path: path, value: value)
            case .remove(let path, _): return Operation(.remove, path: path)
            case .replace(let path, _, let new): return Operation(.replace, path: path, value: new)
            case .move(let from, let path): return Operation(.move, path: path, from: from)
            }
        }
    }

    /// Reads a patch document: an array of operation objects.
    ///
    ///     let patch = try JSONPatch(parsing: try JSONReader.parse(#"[{"op": "remove", "path": "/a"}]"#))
    ///
    /// - Parameter source: the document's text, when it was read from one:
    ///   an error then carries the line and column of the operation at fault.
    /// - Throws: ``PatchError`` (``PatchError/Reason/malformed(_:)``) naming
    ///   the operation (by position) and what is wrong.
    /// - Complexity: O(*k*) in the number of operations.
    public init(parsing document: JSONValue, source: JSONSourceText? = nil) throws(PatchError) {
        guard let list = document.arrayValue else {
            throw PatchError(.malformed("a JSON Patch is an array of operations, found \(document.kindName)"),
                             location: source.map { _ in SourceLocation(line: 1, column: 1, offset: 0) })
        }
        var operations: [Operation] = []
        operations.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            func fail(_ why: String) -> PatchError {
                PatchError(.malformed("operation \(index)\(why)"), change: index, location: PatchError.location(of: element, in: source))
            }
            guard let object = element.objectValue else { throw fail(": expected an object, found \(element.kindName)") }
            guard let opName = object["op"]?.stringValue, let kind = Operation.Kind(rawValue: opName) else {
                throw fail(": missing or unknown \"op\"")
            }
            func pointer(_ name: String) throws(PatchError) -> JSONPointer {
                guard let text = object[name]?.stringValue else { throw fail(" (\(opName)): missing \"\(name)\"") }
                do { return try JSONPointer(parsing: text) } catch { throw fail(" (\(opName)): \(error.message)") }
            }
            let path = try pointer("path")
            switch kind {
            case .add, .replace, .test:
                guard let value = object["value"] else { throw fail(" (\(opName)): missing \"value\"") }
                operations.append(Operation(kind, path: path, value: value))
            case .move, .copy:
                operations.append(Operation(kind, path: path, from: try pointer("from")))
            case .remove:
                operations.append(Operation(kind, path: path))
            }
        }
        self.operations = operations
    }

    /// The patch as an RFC 6902 document.
    public func encoded() -> JSONValue {
        .array(operations.map { op in
            var o = JSONObject()
            o["op"] = .string(op.kind.rawValue)
            if let from = op.from { o["from"] = .string(from.description) }
            o["path"] = .string(op.path.description)
            if let value = op.value { o["value"] = value }
            return .object(o)
        })
    }
}
