import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What an SVG text holds, read with Foundation's XML parser (so reading
/// it proves it well-formed XML): the `data-id` of each `gd-node` group in
/// order, and how many `gd-edge` groups.
struct SVGShape {
    var nodeIDs: [String] = []
    var edgeCount = 0

    struct NotWellFormed: Error, CustomStringConvertible {
        var description: String
    }

    init(_ svg: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse(), reader.root == "svg" else {
            throw NotWellFormed(description: "not well-formed SVG: \(parser.parserError.map { "\($0)" } ?? "root \(reader.root ?? "none")")")
        }
        nodeIDs = reader.nodeIDs
        edgeCount = reader.edgeCount
    }

    final class Reader: NSObject, XMLParserDelegate {
        var root: String?
        var nodeIDs: [String] = []
        var edgeCount = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root == nil { root = name }
            let classes = (attributes["class"] ?? "").split(separator: " ")
            if name == "g", classes.contains("gd-node") { nodeIDs.append(attributes["data-id"] ?? "") }
            if name == "g", classes.contains("gd-edge") { edgeCount += 1 }
        }
    }
}
