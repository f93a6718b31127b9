#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import GraphDiffJSON

/// A Core Data model as its `contents` file (the XML Xcode writes inside
/// `NAME.xcdatamodel/`) declares it: what the importer reads, before any
/// mapping to a schema.
///
/// Read one with ``parse(_:)``; turn it into a schema document with
/// ``CoreDataImport/convert(_:name:identities:)``.
///
///     let model = try CoreDataModel.parse(Array(contents.utf8))
///     model.entities.map(\.name)   // ["Task", "TaskList"]
public struct CoreDataModel: Sendable, Hashable {
    /// The model's `userDefinedModelVersionIdentifier` (empty when none).
    public var versionIdentifier: String = ""
    /// The entities, in the order of the file.
    public var entities: [EntityElement] = []
    /// Model-level `<composite name=…>` declarations, by name.
    public var composites: [String] = []
    /// Names of the model-level fetch requests (`<fetchRequest>`).
    public var fetchRequests: [String] = []
    /// Names of the configurations (`<configuration>`).
    public var configurations: [String] = []
    /// Whether the file holds the old diagram-layout `<elements>` block.
    public var hasLayoutBlock = false
    /// XML attributes the importer does not know, as `<element> name`
    /// (kept in the notes, never silently dropped).
    public var unknownXMLAttributes: [UnknownXMLAttribute] = []
    /// What the file holds that the reader skipped (text inside elements,
    /// `userInfo` entries without a key), as notes in the order of the file.
    public var skipped: [CoreDataImportNote] = []

    /// An `<entity>` element.
    public struct EntityElement: Sendable, Hashable {
        /// The entity's name.
        public var name: String
        /// `parentEntity`: the entity it inherits from.
        public var parent: String?
        /// `isAbstract="YES"`.
        public var isAbstract = false
        /// `elementID`: the renaming identifier (its name in an earlier version).
        public var elementID: String?
        /// Its `<attribute>` elements, in order.
        public var attributes: [AttributeElement] = []
        /// Its `<relationship>` elements, in order.
        public var relationships: [RelationshipElement] = []
        /// `<userInfo>` entries, in order.
        public var userInfo: [UserInfoEntry] = []
        /// Each `<uniquenessConstraint>`: the property names it lists.
        public var uniquenessConstraints: [[String]] = []
        /// Names of `<fetchedProperty>` elements.
        public var fetchedProperties: [String] = []
        /// Names of `<fetchIndex>` elements (and old `<compoundIndex>` ones as `(compound index)`).
        public var fetchIndexes: [String] = []
        /// Where the element starts in the file.
        public var location: SourceLocation
    }

    /// An `<attribute>` element of an entity.
    public struct AttributeElement: Sendable, Hashable {
        /// The attribute's name.
        public var name: String
        /// `attributeType` as written (`Integer 16`, `String`, …); empty when
        /// the element has none (an Undefined transient attribute).
        public var type: String
        /// `optional="YES"`.
        public var isOptional = false
        /// `transient="YES"`.
        public var isTransient = false
        /// `defaultValueString` as written.
        public var defaultValueString: String?
        /// `defaultDateTimeInterval` (a Date's default: seconds since 2001-01-01) as written.
        public var defaultDateTimeInterval: String?
        /// `composite` (for `attributeType="Composite"`).
        public var composite: String?
        /// For a derived attribute (`derived="YES"`), its `derivationExpression` (empty when none).
        public var derivationExpression: String?
        /// `elementID`: the renaming identifier.
        public var elementID: String?
        /// Where the element starts in the file.
        public var location: SourceLocation
    }

    /// A `<relationship>` element of an entity.
    public struct RelationshipElement: Sendable, Hashable {
        /// The relationship's name.
        public var name: String
        /// `destinationEntity`.
        public var destination: String?
        /// `toMany="YES"`.
        public var isToMany = false
        /// `ordered="YES"`.
        public var isOrdered = false
        /// `optional="YES"`.
        public var isOptional = false
        /// `transient="YES"`.
        public var isTransient = false
        /// `inverseName` (`nil`: a one-way relationship).
        public var inverseName: String?
        /// `deletionRule` as written (`Nullify`, `Cascade`, `Deny`, `No Action`).
        public var deletionRule: String?
        /// `minCount` as written.
        public var minCount: String?
        /// `maxCount` as written.
        public var maxCount: String?
        /// `elementID`: the renaming identifier.
        public var elementID: String?
        /// Where the element starts in the file.
        public var location: SourceLocation
        /// `<userInfo>` entries, in order.
        public var userInfo: [UserInfoEntry] = []
    }

    /// One `<entry key=… value=…/>` of a `<userInfo>`.
    public struct UserInfoEntry: Sendable, Hashable {
        /// The entry's key.
        public var key: String
        /// The entry's value.
        public var value: String
    }
}
