import Foundation

/// Which version of a `.xcdatamodeld` folder to read: the pure part of
/// resolving a model folder (the caller lists the folder and reads
/// `.xccurrentversion`).
public enum CoreDataModelVersions {
    /// Picks a version of a `.xcdatamodeld`.
    ///
    /// `requested` (`--version`) wins; else the version the
    /// `.xccurrentversion` plist names (`_XCCurrentVersionName`); else the
    /// newest by natural sort of the names (`Model 10` after `Model 2`).
    ///
    ///     try CoreDataModelVersions.select(from: ["Tasks.xcdatamodel", "Tasks 2.xcdatamodel"],
    ///                                      currentVersionPlist: nil, requested: nil)
    ///     // "Tasks 2.xcdatamodel"
    ///
    /// - Parameters:
    ///   - versions: the folder's `.xcdatamodel` entries (with or without the extension).
    ///   - currentVersionPlist: the bytes of `.xccurrentversion`, if the folder has one.
    ///   - requested: a version name, with or without `.xcdatamodel`.
    /// - Returns: the chosen entry of `versions`, and a note when the plist
    ///   names a version the folder lacks or cannot be read.
    /// - Throws: ``SchemaError`` when there is no version, or `requested`
    ///   is not one (the message lists the versions).
    public static func select(from versions: [String], currentVersionPlist: [UInt8]?, requested: String?)
        throws -> (version: String, note: CoreDataImportNote?)
    {
        let ordered = versions.sorted(by: naturallyPrecedes)
        guard let newest = ordered.last else {
            throw SchemaError(problems: [SchemaProblem("no .xcdatamodel version in the folder", path: ["versions"])])
        }
        if let requested {
            if let found = ordered.first(where: { baseName($0) == baseName(requested) }) { return (found, nil) }
            let list = ordered.map { "\"\(baseName($0))\"" }.joined(separator: ", ")
            throw SchemaError(problems: [SchemaProblem("no version \"\(baseName(requested))\" in the model; its versions: \(list)", path: ["--version"])])
        }
        guard let plist = currentVersionPlist else { return (newest, nil) }
        guard let current = currentVersionName(plist) else {
            return (newest, CoreDataImportNote(".xccurrentversion", "names no current version: using the newest, \"\(baseName(newest))\""))
        }
        if let found = ordered.first(where: { baseName($0) == baseName(current) }) { return (found, nil) }
        return (newest, CoreDataImportNote(".xccurrentversion",
                                           "names \"\(baseName(current))\", which is not in the model: using the newest, \"\(baseName(newest))\""))
    }

    /// `_XCCurrentVersionName` of a `.xccurrentversion` plist, if it has one.
    public static func currentVersionName(_ plist: [UInt8]) -> String? {
        guard let value = try? PropertyListSerialization.propertyList(from: Data(plist), options: [], format: nil),
              let dictionary = value as? [String: Any],
              let name = dictionary["_XCCurrentVersionName"] as? String, !name.isEmpty else { return nil }
        return name
    }

    /// The name without a trailing `.xcdatamodel`.
    public static func baseName(_ name: String) -> String {
        name.hasSuffix(".xcdatamodel") ? String(name.dropLast(".xcdatamodel".count)) : name
    }

    /// Natural order: runs of digits compare as numbers (`Model 2` < `Model 10`),
    /// other characters by Unicode scalar; ties by the whole text.
    public static func naturallyPrecedes(_ a: String, _ b: String) -> Bool {
        let x = Array(baseName(a).unicodeScalars), y = Array(baseName(b).unicodeScalars)
        var i = 0, j = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var ei = i, ej = j
                while ei < x.count && isDigit(x[ei]) { ei += 1 }
                while ej < y.count && isDigit(y[ej]) { ej += 1 }
                let dx = String(String.UnicodeScalarView(x[i..<ei])), dy = String(String.UnicodeScalarView(y[j..<ej]))
                let nx = dx.drop { $0 == "0" }, ny = dy.drop { $0 == "0" }
                if nx.count != ny.count { return nx.count < ny.count }
                if nx != ny { return nx < ny }
                i = ei
                j = ej
            } else {
                if x[i] != y[j] { return x[i].value < y[j].value }
                i += 1
                j += 1
            }
        }
        if (x.count - i) != (y.count - j) { return (x.count - i) < (y.count - j) }
        return a < b
    }
}
