import GraphDiffJSON

extension JSONPatch {
    /// Applies the operations in order to `document`; all or nothing.
    ///
    /// Follows RFC 6902: `add` to an existing member replaces it, `-` appends
    /// to an array, `move` may not move a value into itself, `test` compares
    /// as JSON values (numbers by decimal value).
    ///
    /// - Returns: the patched document.
    /// - Throws: ``PatchError`` (``PatchError/Reason/operationFailed(_:)``)
    ///   at the first operation that does not apply; `document` is unchanged.
    /// - Complexity: O(*k* · *s*), where *k* is the number of operations and
    ///   *s* the size of the containers along each path.
    public func apply(to document: JSONValue) throws(PatchError) -> JSONValue {
        var result = document
        for (index, op) in operations.enumerated() {
            do {
                try JSONPatch.apply(op, to: &result)
            } catch {
                throw PatchError(.operationFailed("operation \(index): \(op.kind.rawValue) \(op.path): \(error.text)"), change: index)
            }
        }
        return result
    }

    /// Why one operation does not apply.
    package struct Reason: Error { var text: String }

    static func apply(_ op: Operation, to document: inout JSONValue) throws(Reason) {
        switch op.kind {
        case .add:
            try add(op.value ?? .null, at: op.path.tokens[...], in: &document)
        case .remove:
            _ = try remove(at: op.path.tokens[...], in: &document)
        case .replace:
            guard !op.path.tokens.isEmpty else { document = op.value ?? .null; return }
            _ = try remove(at: op.path.tokens[...], in: &document)
            try add(op.value ?? .null, at: op.path.tokens[...], in: &document)
        case .move:
            guard let from = op.from else { throw Reason(text: "missing from") }
            if from == op.path { _ = try value(at: from.tokens[...], in: document); return }
            if op.path.hasPrefix(from) { throw Reason(text: "cannot move \(from) into itself") }
            let moved = try remove(at: from.tokens[...], in: &document)
            try add(moved, at: op.path.tokens[...], in: &document)
        case .copy:
            guard let from = op.from else { throw Reason(text: "missing from") }
            try add(try value(at: from.tokens[...], in: document), at: op.path.tokens[...], in: &document)
        case .test:
            let actual = try value(at: op.path.tokens[...], in: document)
            if actual != (op.value ?? .null) {
                throw Reason(text: "test failed: found \(JSONWriter.string(actual)), expected \(JSONWriter.string(op.value ?? .null))")
            }
        }
    }

    /// The value at `tokens` in `document`.
    package static func value(at tokens: ArraySlice<String>, in document: JSONValue) throws(Reason) -> JSONValue {
        var current = document
        for token in tokens {
            switch current {
            case .object(let o):
                guard let next = o[token] else { throw Reason(text: "no member \"\(token)\"") }
                current = next
            case .array(let a):
                guard let i = JSONPointer.index(token), i < a.count else { throw Reason(text: "no element \(token) in an array of \(a.count)") }
                current = a[i]
            default:
                throw Reason(text: "cannot step into a \(current.kindName) with \"\(token)\"")
            }
        }
        return current
    }

    static func add(_ value: JSONValue, at tokens: ArraySlice<String>, in document: inout JSONValue) throws(Reason) {
        guard let first = tokens.first else { document = value; return }
        let rest = tokens.dropFirst()
        switch document {
        case .object(var o):
            document = .null  // keep `o` uniquely referenced while it changes
            defer { document = .object(o) }
            if rest.isEmpty {
                o[first] = value
            } else {
                guard let i = o.index(forKey: first) else { throw Reason(text: "no member \"\(first)\"") }
                try add(value, at: rest, in: &o.members[i].value)
            }
        case .array(var a):
            document = .null
            defer { document = .array(a) }
            if rest.isEmpty {
                if first == "-" { a.append(value); return }
                guard let i = JSONPointer.index(first), i <= a.count else {
                    throw Reason(text: "index \(first) is out of bounds for an array of \(a.count)")
                }
                a.insert(value, at: i)
            } else {
                guard let i = JSONPointer.index(first), i < a.count else {
                    throw Reason(text: "no element \(first) in an array of \(a.count)")
                }
                try add(value, at: rest, in: &a[i])
            }
        default:
            throw Reason(text: "cannot add into a \(document.kindName)")
        }
    }

    static func remove(at tokens: ArraySlice<String>, in document: inout JSONValue) throws(Reason) -> JSONValue {
        guard let first = tokens.first else { throw Reason(text: "cannot remove the whole document") }
        let rest = tokens.dropFirst()
        switch document {
        case .object(var o):
            guard let i = o.index(forKey: first) else { throw Reason(text: "no member \"\(first)\"") }
            document = .null
            defer { document = .object(o) }
            if rest.isEmpty { return o.members.remove(at: i).value }
            return try remove(at: rest, in: &o.members[i].value)
        case .array(var a):
            guard let i = JSONPointer.index(first), i < a.count else {
                throw Reason(text: "no element \(first) in an array of \(a.count)")
            }
            document = .null
            defer { document = .array(a) }
            if rest.isEmpty { return a.remove(at: i) }
            return try remove(at: rest, in: &a[i])
        default:
            throw Reason(text: "cannot remove from a \(document.kindName)")
        }
    }
}
