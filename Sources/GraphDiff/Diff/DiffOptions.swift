import GraphDiffJSON

/// What a graph diff covers.
public struct DiffOptions: Sendable {
    /// Limit the diff to the objects this object owns (see
    /// ``Graph/ownedObjects(from:include:exclude:)``); metadata is then left out.
    public var root: ObjectID?
    /// Entity name → relationships to follow besides cascade ones (added to
    /// the schema's `diff.include`).
    public var include: [String: [String]]
    /// Entity name → relationships never to follow (added to `diff.exclude`).
    public var exclude: [String: [String]]
    /// Attributes whose differences are left out, besides the schema's
    /// `diff.ignore`: an updated object whose only changes are there is
    /// not reported. Inserted and deleted objects are reported whole.
    public var ignored: IgnoredProperties
    /// What the diff is limited to (`--only`); `nil`: everything.
    public var only: SelectedProperties?
    /// Whether an object deleted and one inserted with the same values are
    /// reported as one re-key (``ChangeSet/rekeys``) rather than a delete, an insert and the changed
    /// references to it (`--no-rekeys` turns it off).
    public var detectsRekeys: Bool

    /// Options that limit the diff to what `root` owns (`nil`: everything), also following `include` and never `exclude`,
    /// and leave out differences of `ignored` properties; with `only`, keep only what it selects;
    /// with `detectsRekeys`, report re-keyed objects as such.
    public init(root: ObjectID? = nil, include: [String: [String]] = [:], exclude: [String: [String]] = [:],
                ignored: IgnoredProperties = IgnoredProperties(), only: SelectedProperties? = nil, detectsRekeys: Bool = true) {
        self.root = root
        self.include = include
        self.exclude = exclude
        self.ignored = ignored
        self.only = only
        self.detectsRekeys = detectsRekeys
    }
}

/// Why a diff cannot be made: the one error type of the diff stage.
public enum DiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The graphs are of different schemas (their fingerprints differ).
    case schemaMismatch(old: String, new: String)
    /// The `--root` object exists in neither graph.
    case unknownRoot(ObjectID)
    /// A merge patch (RFC 7386) cannot say that the member at this path
    /// becomes `null` (``MergePatch/diff(from:to:)``): `null` means remove.
    case unrepresentableInMergePatch(JSONPointer)
    /// A merge patch of graphs (``MergePatch/diff(from:to:)-(Graph,Graph)``)
    /// cannot say this change to a property of the object `entity`
    /// `identity`, or (both nil) to the metadata member `property`;
    /// `reason` says what it would set and why it cannot.
    case unrepresentableInGraphMergePatch(entity: String?, identity: String?, property: String, reason: String)

    public var description: String {
        switch self {
        case .schemaMismatch(let old, let new):
            return "the two graphs have different schemas (\(old) and \(new))"
        case .unknownRoot(let id):
            return "no object \(id) in either graph"
        case .unrepresentableInMergePatch(let path):
            return "a merge patch cannot set \(path.tokens.isEmpty ? "the document" : path.description) to null (null means remove)"
        case .unrepresentableInGraphMergePatch(let entity?, let identity?, let property, let reason):
            return "a merge patch cannot set \(entity) \(JSONWriter.string(.string(identity))) \(property) \(reason)"
        case .unrepresentableInGraphMergePatch(_, _, let property, let reason):
            return "a merge patch cannot set metadata \(JSONWriter.string(.string(property))) \(reason)"
        }
    }
}
