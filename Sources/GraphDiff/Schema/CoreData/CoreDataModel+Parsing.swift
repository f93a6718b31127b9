#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import GraphDiffJSON

extension CoreDataModel {
    /// An XML attribute the importer does not know: kept as a note.
    public struct UnknownXMLAttribute: Sendable, Hashable {
        /// What the element belongs to: `ENTITY`, `ENTITY.PROPERTY` or `model`.
        public var owner: String
        /// The element's name (`attribute`, `relationship`, …).
        public var element: String
        /// The XML attribute's name.
        public var attribute: String
    }

    /// Reads a `contents` file.
    ///
    ///     let model = try CoreDataModel.parse(Array(xml.utf8))
    ///
    /// Known XML attributes with no counterpart in a schema
    /// (`representedClassName`, `syncable`, `codeGenerationType`,
    /// `usesScalarValueType`, …; the full list is in graphdiff(5)) are
    /// skipped; unknown XML attributes are kept in ``unknownXMLAttributes``.
    ///
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the model as declared.
    /// - Throws: ``SchemaError`` with the line and column of an unknown XML
    ///   element, a missing required XML attribute, a YES/NO attribute with
    ///   another value, a `minCount` or `maxCount` that is not a
    ///   non-negative integer or a `minCount` above the `maxCount`, or XML
    ///   that is not well formed. Text inside elements and `userInfo`
    ///   entries without a key are kept in ``skipped``.
    /// - Complexity: O(*n*) in the size of the file.
    public static func parse(_ bytes: [UInt8]) throws -> CoreDataModel {
        let reader = _CoreDataXMLReader(bytes: bytes)
        // Xcode never writes a DTD; refusing one keeps entity expansion
        // (and external entities) out of reach of the input.
        if let offset = reader.text.offset(of: Array("<!DOCTYPE".utf8)) {
            throw SchemaError(problems: [SchemaProblem(
                "a Core Data model has no <!DOCTYPE>", path: [], location: reader.text.location(ofOffset: offset))])
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let ok = parser.parse()
        if let problem = reader.problem { throw SchemaError(problems: [problem]) }
        guard ok, parser.parserError == nil else {
            let location = reader.text.location(line: parser.lineNumber, column: parser.columnNumber)
            let reason = parser.parserError.map { " (libxml2 error \(($0 as NSError).code))" } ?? ""
            throw SchemaError(problems: [SchemaProblem("not well-formed XML\(reason)", path: [], location: location)])
        }
        guard reader.sawModel else {
            throw SchemaError(problems: [SchemaProblem(
                "not a Core Data model: no <model> element", path: [], location: SourceLocation(line: 1, column: 1, offset: 0))])
        }
        return reader.model
    }
}

/// Line starts of a text, to turn XMLParser's positions into ``SourceLocation``s.
struct _XMLText {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The position XMLParser reports (1-based line and column), clamped to the text.
    func location(line: Int, column: Int) -> SourceLocation {
        let l = min(max(line, 1), lineStarts.count)
        let start = lineStarts[l - 1]
        let offset = min(start + max(column - 1, 0), bytes.count)
        return SourceLocation(line: l, column: offset - start + 1, offset: offset)
    }

    /// The first offset where `needle` occurs.
    func offset(of needle: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The line and column of a byte offset.
    func location(ofOffset offset: Int) -> SourceLocation {
        var l = lineStarts.count - 1
        while l > 0 && lineStarts[l] > offset { l -= 1 }
        return SourceLocation(line: l + 1, column: offset - lineStarts[l] + 1, offset: offset)
    }

    /// The start (`<`) of the tag XMLParser has just read, whose end it
    /// reports at `line`:`column`.
    func tagStart(line: Int, column: Int) -> SourceLocation {
        let end = location(line: line, column: column)
        var i = min(end.offset, bytes.count - 1)
        while i > 0 && bytes[i] != UInt8(ascii: "<") { i -= 1 }
        guard i >= 0, i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return end }
        return location(ofOffset: i)
    }
}

/// The XMLParser delegate that builds a ``CoreDataModel``: a stack of open
/// elements, each checked against the elements its parent may hold.
final class _CoreDataXMLReader: NSObject, XMLParserDelegate {
    let text: _XMLText
    var model = CoreDataModel()
    var problem: SchemaProblem?
    var sawModel = false
    private var stack: [String] = []
    private var entity: CoreDataModel.EntityElement?
    /// Which property of ``entity`` a `<userInfo>` belongs to (nil: the entity).
    private var inProperty = false
    private var constraint: [String]?
    /// Text read since the last tag.
    private var pendingText = ""

    /// The YES/NO XML attributes per element: any other value is an error,
    /// as reading it as NO would change the model's meaning.
    static let yesNoAttributes: [String: [String]] = [
        "entity": ["isAbstract"],
        "attribute": ["optional", "transient", "derived"],
        "relationship": ["optional", "toMany", "ordered", "transient"],
    ]

    init(bytes: [UInt8]) { text = _XMLText(bytes) }

    /// Element → the elements it may contain. Elements under `fetchedProperty`,
    /// `fetchRequest`, `configuration`, `elements`, `fetchIndex`,
    /// `compoundIndexes` and `composite` are read only to be noted.
    static let children: [String: Set<String>] = [
        "": ["model"],
        "model": ["entity", "composite", "fetchRequest", "configuration", "elements"],
        "entity": ["attribute", "relationship", "fetchedProperty", "userInfo", "uniquenessConstraints",
                   "fetchIndex", "compoundIndexes"],
        "attribute": ["userInfo"],
        "relationship": ["userInfo"],
        "fetchedProperty": ["fetchRequest", "userInfo"],
        "fetchRequest": ["userInfo"],
        "configuration": ["memberEntity"],
        "memberEntity": [],
        "elements": ["element"],
        "element": [],
        "userInfo": ["entry"],
        "entry": [],
        "uniquenessConstraints": ["uniquenessConstraint"],
        "uniquenessConstraint": ["constraint"],
        "constraint": [],
        "fetchIndex": ["fetchIndexElement"],
        "fetchIndexElement": [],
        "compoundIndexes": ["compoundIndex"],
        "compoundIndex": ["index"],
        "index": [],
        "composite": ["attribute"],
    ]

    /// XML attributes read, and those skipped as having no counterpart in a
    /// schema (documented in graphdiff(5)), per element. Elements not listed
    /// here are only noted, so any attribute goes.
    static let knownAttributes: [String: Set<String>] = [
        "model": ["type", "documentVersion", "lastSavedToolsVersion", "systemVersion", "minimumToolsVersion",
                  "sourceLanguage", "userDefinedModelVersionIdentifier", "iOSVersion", "macOSVersion"],
        "entity": ["name", "parentEntity", "isAbstract", "elementID",
                   "representedClassName", "syncable", "codeGenerationType", "versionHashModifier"],
        "attribute": ["name", "optional", "attributeType", "defaultValueString", "defaultDateTimeInterval",
                      "transient", "composite", "derived", "derivationExpression", "elementID",
                      "customClassName", "usesScalarValueType", "syncable", "indexed", "valueTransformerName",
                      "allowsExternalBinaryDataStorage", "spotlightIndexingEnabled", "storedInTruthFile",
                      "versionHashModifier", "preserveAfterDeletion", "allowsCloudEncryption",
                      "attributeValueClassName", "usesMergeableStorage"],
        "relationship": ["name", "optional", "toMany", "ordered", "deletionRule", "destinationEntity",
                         "inverseName", "minCount", "maxCount", "elementID", "transient",
                         "inverseEntity", "syncable", "indexed", "spotlightIndexingEnabled", "storedInTruthFile",
                         "versionHashModifier", "preserveAfterDeletion"],
        "userInfo": [], "entry": ["key", "value"],
        "uniquenessConstraints": [], "uniquenessConstraint": [], "constraint": ["value"],
        "composite": ["name"],
    ]

    private func fail(_ message: String, _ parser: XMLParser) {
        guard problem == nil else { return }
        problem = SchemaProblem(message, path: [], location: here(parser))
        parser.abortParsing()
    }

    private func here(_ parser: XMLParser) -> SourceLocation {
        text.tagStart(line: parser.lineNumber, column: parser.columnNumber)
    }

    private func required(_ name: String, _ attributes: [String: String], _ element: String, _ parser: XMLParser) -> String? {
        guard let value = attributes[name], !value.isEmpty else {
            fail("<\(element)> has no \(name)", parser)
            return nil
        }
        return value
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        guard problem == nil else { return }
        flushText()
        let parent = stack.last ?? ""
        // Inside the composite declarations, attributes are read only to be noted.
        let inComposite = stack.contains("composite")
        guard let allowed = Self.children[parent], allowed.contains(elementName) else {
            fail("unknown XML element <\(elementName)> in " + (parent.isEmpty ? "the document" : "<\(parent)>"), parser)
            return
        }
        stack.append(elementName)
        if !inComposite, let known = Self.knownAttributes[elementName] {
            let owner = ownerName(of: elementName, attributes)
            for key in attributes.keys.sorted() where !known.contains(key) {
                model.unknownXMLAttributes.append(.init(owner: owner, element: elementName, attribute: key))
            }
        }
        if !inComposite, let keys = Self.yesNoAttributes[elementName] {
            for key in keys {
                if let value = attributes[key], value != "YES", value != "NO" {
                    let owner = ownerName(of: elementName, attributes)
                    fail("<\(elementName)> \"\(owner)\": \(key)=\"\(value)\" is not YES or NO", parser)
                    return
                }
            }
        }
        if elementName == "relationship", !counts(attributes, parser) { return }
        let yes = { (key: String) in attributes[key] == "YES" }
        switch elementName {
        case "model":
            sawModel = true
            model.versionIdentifier = attributes["userDefinedModelVersionIdentifier"] ?? ""
        case "entity":
            guard let name = required("name", attributes, elementName, parser) else { return }
            entity = CoreDataModel.EntityElement(
                name: name, parent: attributes["parentEntity"], isAbstract: yes("isAbstract"),
                elementID: attributes["elementID"], location: here(parser))
        case "attribute" where !inComposite:
            guard let name = required("name", attributes, elementName, parser) else { return }
            // No attributeType: an Undefined attribute (the converter says so).
            let type = attributes["attributeType"] ?? ""
            inProperty = true
            entity?.attributes.append(CoreDataModel.AttributeElement(
                name: name, type: type, isOptional: yes("optional"), isTransient: yes("transient"),
                defaultValueString: attributes["defaultValueString"],
                defaultDateTimeInterval: attributes["defaultDateTimeInterval"],
                composite: attributes["composite"],
                derivationExpression: yes("derived") ? (attributes["derivationExpression"] ?? "") : nil,
                elementID: attributes["elementID"], location: here(parser)))
        case "relationship":
            guard let name = required("name", attributes, elementName, parser) else { return }
            inProperty = true
            entity?.relationships.append(CoreDataModel.RelationshipElement(
                name: name, destination: attributes["destinationEntity"], isToMany: yes("toMany"),
                isOrdered: yes("ordered"), isOptional: yes("optional"), isTransient: yes("transient"),
                inverseName: attributes["inverseName"], deletionRule: attributes["deletionRule"],
                minCount: attributes["minCount"], maxCount: attributes["maxCount"],
                elementID: attributes["elementID"], location: here(parser)))
        case "fetchedProperty":
            inProperty = true
            entity?.fetchedProperties.append(attributes["name"] ?? "")
        case "entry" where attributes["key"]?.isEmpty ?? true:
            model.skipped.append(.init(
                ownerName(of: elementName, attributes),
                "userInfo entry without a key (value \"\(attributes["value"] ?? "")\"): skipped"))
        case "entry" where stack.count == 4 && !inProperty:
            // model > entity > userInfo > entry: the entity's own userInfo.
            entity?.userInfo.append(.init(key: attributes["key"] ?? "", value: attributes["value"] ?? ""))
        case "entry" where stack.count == 5 && inProperty && stack[2] == "relationship":
            // model > entity > relationship > userInfo > entry.
            if let last = entity?.relationships.indices.last {
                entity?.relationships[last].userInfo.append(.init(key: attributes["key"] ?? "", value: attributes["value"] ?? ""))
            }
        case "uniquenessConstraint":
            constraint = []
        case "constraint":
            constraint?.append(attributes["value"] ?? "")
        case "fetchIndex":
            entity?.fetchIndexes.append(attributes["name"] ?? "")
        case "compoundIndex":
            entity?.fetchIndexes.append("(compound index)")
        case "fetchRequest" where parent == "model":
            model.fetchRequests.append(attributes["name"] ?? "")
        case "configuration":
            model.configurations.append(attributes["name"] ?? "")
        case "elements":
            model.hasLayoutBlock = true
        case "composite":
            model.composites.append(attributes["name"] ?? "")
        default:
            break
        }
    }

    /// Checks `minCount` and `maxCount` of a `<relationship>`: each a
    /// non-negative integer, and `minCount` not above a bounded `maxCount`
    /// (0 is no bound). False (and a problem) when they are not.
    private func counts(_ attributes: [String: String], _ parser: XMLParser) -> Bool {
        let owner = ownerName(of: "relationship", attributes)
        var bound: [String: Int] = [:]
        for key in ["minCount", "maxCount"] {
            guard let text = attributes[key] else { continue }
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let n = Int(text) else {
                fail("<relationship> \"\(owner)\": \(key)=\"\(text)\" is not a non-negative integer", parser)
                return false
            }
            bound[key] = n
        }
        if let least = bound["minCount"], let most = bound["maxCount"], most > 0, least > most {
            fail("<relationship> \"\(owner)\": minCount \(least) is greater than maxCount \(most)", parser)
            return false
        }
        return true
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard problem == nil else { return }
        if pendingText.isEmpty && !string.contains(where: { !$0.isWhitespace }) { return }
        pendingText += string
    }

    /// Notes the text read since the last tag, if any.
    private func flushText() {
        defer { pendingText = "" }
        let words = pendingText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { return }
        let shown = words.count > 40 ? String(words.prefix(40)) + "…" : words
        let owner = stack.last == "model" || stack.isEmpty ? "model" : (entity?.name ?? "model")
        model.skipped.append(.init(owner, "text \"\(shown)\" inside <\(stack.last ?? "")>: skipped"))
    }

    private func ownerName(of element: String, _ attributes: [String: String]) -> String {
        switch element {
        case "model": return "model"
        case "entity": return attributes["name"] ?? "entity"
        case "attribute", "relationship":
            return "\(entity?.name ?? "?").\(attributes["name"] ?? "?")"
        default:
            return entity?.name ?? "model"
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard problem == nil else { return }
        problem = SchemaProblem(
            "not well-formed XML (libxml2 error \((parseError as NSError).code))", path: [],
            location: text.location(line: parser.lineNumber, column: parser.columnNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        guard problem == nil else { return }
        flushText()
        guard stack.last == elementName else {
            fail("</\(elementName)> does not close <\(stack.last ?? "")>: not well-formed XML", parser)
            return
        }
        stack.removeLast()
        switch elementName {
        case "entity":
            if let entity { model.entities.append(entity) }
            entity = nil
        case "attribute", "relationship", "fetchedProperty":
            if stack.last == "entity" { inProperty = false }
        case "uniquenessConstraint":
            if let constraint { entity?.uniquenessConstraints.append(constraint) }
            constraint = nil
        default:
            break
        }
    }
}
