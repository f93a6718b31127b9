import GraphDiffJSON

/// The changed subgraph of two versions of a graph, as a picture to draw:
/// every changed object, the objects one reference away from them, and the
/// references between all of these.
///
/// A node is an object (or, above ``nodeLimit``, a group of the objects of
/// one entity and one kind, see ``isGrouped``). Its ``Kind`` says how it
/// changed: inserted (`added`), deleted (`removed`), with changed properties
/// or a changed order of members it owns (`changed`), moved within an
/// ordered relationship (`moved`), or not changed but referenced by or
/// referring to a changed object (`context`). An object with several kinds
/// takes the first of that list (an updated member that also moved is
/// `changed`).
///
/// An edge is a stored reference between two nodes, labelled with the
/// relationship's name: `added` when only the new graph has it, `removed`
/// when only the old one does, `unchanged` otherwise. Of a relationship and
/// its inverse, one is drawn: the to-one side of a one-to-many, else the
/// side whose `Entity.relationship` sorts first. The prev/next links of a
/// chain are no edges: they store an order, which the `moved` kind shows.
///
/// Nodes are sorted by entity then identity, edges by their ends and name,
/// all in byte order of UTF-8: the same inputs give the same diagram.
///
///     let changes = try ChangeSet.diff(from: old, to: new)
///     let diagram = ChangeDiagram(changes: changes, old: old, new: new)
///     let text = diagram.mermaid()   // or .dot(), .svg()
public struct ChangeDiagram: Sendable, Equatable {
    /// How a node changed.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case added, removed, changed, moved, context

        /// The symbol drawn with the node, so that the kind reads without
        /// colour: `+`, `−` (U+2212), `~`, `↕`, and none for context.
        public var symbol: String {
            switch self {
            case .added: "+"
            case .removed: "\u{2212}"
            case .changed: "~"
            case .moved: "\u{2195}"
            case .context: ""
            }
        }
    }

    /// Whether a reference is new, gone, or in both graphs.
    public enum EdgeStatus: String, Sendable, Equatable, CaseIterable {
        case added, removed, unchanged

        /// The symbol drawn with the edge's label: `+`, `−`, or none.
        public var symbol: String {
            switch self {
            case .added: "+"
            case .removed: "\u{2212}"
            case .unchanged: ""
            }
        }
    }

    /// One object, or one group of objects of an entity and a kind.
    public struct Node: Sendable, Equatable {
        /// The object's concrete entity.
        public var entity: String
        /// The object's identity; `nil` for a group.
        public var identity: String?
        /// How the object (or every object of the group) changed.
        public var kind: Kind
        /// The number of objects: 1 for an object.
        public var count: Int

        /// `Entity:identity` for an object, `Entity:kind` for a group, with
        /// every `%` and `:` of the entity's name written `%25` and `%3A`
        /// (so the first `:` ends the entity): unique in a diagram, whose
        /// nodes are all objects or all groups.
        public var key: String {
            var name = ""
            for scalar in entity.unicodeScalars {
                switch scalar {
                case "%": name += "%25"
                case ":": name += "%3A"
                default: name.unicodeScalars.append(scalar)
                }
            }
            return name + ":" + (identity ?? kind.rawValue)
        }

        /// What the node is, in words, with names as written: `Task t6:
        /// added`, or `Task: 312 added` for a group (the SVG's title, the
        /// DOT's tooltip).
        public var title: String {
            identity.map { "\(entity) \($0): \(kind.rawValue)" } ?? "\(entity): \(count) \(kind.rawValue)"
        }

        /// The node's text, symbol first: `+ t6`, or `+ 312 objects` for a group.
        public var label: String {
            let text = identity ?? (count == 1 ? "1 object" : "\(count) objects")
            return kind.symbol.isEmpty ? text : kind.symbol + " " + text
        }
    }

    /// A reference from one node to another (or, grouped, `count` of them).
    public struct Edge: Sendable, Equatable {
        /// The index in ``ChangeDiagram/nodes`` of the referring node.
        public var from: Int
        /// The index in ``ChangeDiagram/nodes`` of the referenced node.
        public var to: Int
        /// The relationship's name (on the referring entity).
        public var relationship: String
        /// Whether the reference is new, gone, or in both graphs.
        public var status: EdgeStatus
        /// The number of references: 1 between objects.
        public var count: Int

        /// The edge's text: `list`, `+ list`, `− list`, with `×3` for a group of three.
        public var label: String {
            let text = count == 1 ? relationship : "\(relationship) ×\(count)"
            return status.symbol.isEmpty ? text : status.symbol + " " + text
        }
    }

    /// The number of nodes above which objects are grouped by entity and kind.
    public static let defaultNodeLimit = 200

    /// The number of edges above which objects are grouped by entity and
    /// kind, whatever their number: a few hundred objects can hold ten
    /// thousand references, and Mermaid draws at most 500 edges by default.
    public static let edgeLimit = 400

    /// The nodes, by entity then identity (groups: by entity then kind).
    public package(set) var nodes: [Node]
    /// The edges, by referring node, referenced node, relationship, status.
    public package(set) var edges: [Edge]
    /// Whether the objects were more than ``nodeLimit`` (or their
    /// references more than ``edgeLimit``) and the nodes are groups, one
    /// per entity and kind, with counts.
    public var isGrouped: Bool
    /// The number of objects in the diagram (changed and context), grouped or not.
    public var objectCount: Int
    /// The number of edges between objects, grouped or not.
    public var referenceCount: Int = 0
    /// The limit this diagram was made with.
    public var nodeLimit: Int

    /// The entities of the nodes, in byte order: one column each when drawn.
    public var entities: [String] {
        var seen = Set<String>()
        return nodes.map(\.entity).filter { seen.insert($0).inserted }
    }
}
