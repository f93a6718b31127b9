import GraphDiffJSON

/// Every problem found in a graph, each naming the object and property.
public struct GraphError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in the order of the file (or by subject when they have no position).
    public var problems: [GraphProblem]
    /// Which of several inputs read together the problems are in
    /// (``MixedInputs/readTogether(_:force:)``), by position.
    public var input: Int?

    /// An error listing `problems` (of the input at `input`, when several
    /// are read together).
    public init(problems: [GraphProblem], input: Int? = nil) {
        self.problems = problems
        self.input = input
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// One problem in a graph.
public struct GraphProblem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem, for callers that react to some of them.
    public enum Kind: String, Sendable, Hashable {
        case notAGraph, unknownEntity, abstractEntity, unknownProperty, wrongType, missingRequired
        case duplicateIdentity, danglingReference, wrongDestination, inverseDisagreement, brokenChain
        case schemaMismatch, conflictMarkers
        /// Not a problem but a note (``Graph/orderNotes()``): members of an
        /// index ordering that share a value, or have none.
        case sharedPosition
    }

    /// What kind of problem.
    public var kind: Kind
    /// The problem in words, without its subject or position.
    public var message: String
    /// The object's entity name (as written), when the problem is about an object.
    public var entity: String?
    /// The object's identity, when the problem is about an object.
    public var identity: String?
    /// The property, when the problem is about one.
    public var property: String?
    /// Where the problem is in the file, when it was read from text.
    public var location: SourceLocation?
    /// For a dangling reference: the identity it names.
    var reference: String?

    /// A problem of `kind`, about the object and property given.
    public init(
        _ kind: Kind, _ message: String, entity: String? = nil, identity: String? = nil, property: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.kind = kind
        self.message = message
        self.entity = entity
        self.identity = identity
        self.property = property
        self.location = location
    }

    /// The order problems are listed in when they have no position: by
    /// entity, identity, property, then message, each by UTF-8 bytes.
    public static func subjectOrder(_ a: GraphProblem, _ b: GraphProblem) -> Bool {
        let x = (a.entity ?? "", a.identity ?? "", a.property ?? "", a.message)
        let y = (b.entity ?? "", b.identity ?? "", b.property ?? "", b.message)
        if !utf8Equal(x.0, y.0) { return utf8Less(x.0, y.0) }
        if !utf8Equal(x.1, y.1) { return utf8Less(x.1, y.1) }
        if !utf8Equal(x.2, y.2) { return utf8Less(x.2, y.2) }
        return utf8Less(x.3, y.3)
    }

    /// `LINE:COL: Entity identity.property: message` (parts present as known).
    public var description: String {
        var subject = ""
        if let entity {
            subject = entity
            if let identity { subject += " \"\(identity)\"" }
            if let property { subject += "." + property }
            subject += ": "
        }
        let position = location.map { "\($0): " } ?? ""
        return position + subject + message
    }
}
