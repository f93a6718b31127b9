import Foundation
import GraphDiffJSON

// `async` forms of the long operations, for an app: each runs on a thread
// of its own (with a stack deep enough for any document the reader
// accepts), so awaiting one from the main actor never blocks it, and the
// work uses both cores where it splits (reading, checking, matching), as
// the command line's does. Every value crossing is `Sendable`.

extension Graph {
    /// Loads a graph file without blocking the caller: ``load(contentsOf:schema:options:)``,
    /// awaited.
    ///
    ///     let graph = try await Graph.load(contentsOf: url)
    public static func load(contentsOf url: URL, schema: Schema? = nil, options: LoadOptions = LoadOptions()) async throws -> Graph {
        try await onLargeStackThread { try load(contentsOf: url, schema: schema, options: options) }
    }

    /// Loads graph bytes without blocking the caller: ``load(_:schema:options:)-([UInt8],_,_)``,
    /// awaited.
    public static func load(_ data: Data, schema: Schema, options: LoadOptions = LoadOptions()) async throws -> Graph {
        try await onLargeStackThread { try load(data, schema: schema, options: options) }
    }
}

extension GraphCoder {
    /// ``graphs(_:)`` without blocking the caller (the values are encoded
    /// on the coder's thread, so they must be `Sendable`).
    public func graphs(_ versions: [[any Encodable & Sendable]]) async throws -> [Graph] {
        try await onLargeStackThread { try graphs(versions.map { $0.map { $0 as any Encodable } }) }
    }
}
