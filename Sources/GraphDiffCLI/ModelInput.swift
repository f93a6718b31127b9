import Foundation
import GraphDiff

/// A model named on the command line, loaded as a checked schema: a
/// `graphdiff-schema/1` file, a Core Data `.xcdatamodeld` folder (its
/// current version, or `version`), a `.xcdatamodel` folder, or a `contents`
/// file. The commands that take models (`schema import`, `schema diff`,
/// `migrate`) call ``load(_:version:identities:io:)``; the library does the
/// reading (``CoreDataImport``, ``CoreDataModelVersions``), this lists folders
/// and reads files.
struct ModelInput {
    /// The path as given.
    var path: String
    /// The file read: `path` itself, or the `contents` inside it.
    var file: String
    /// The checked schema.
    var schema: Schema
    /// The schema document (for a Core Data model, the imported one).
    var document: JSONValue
    /// What the import did not keep (empty for a schema file).
    var notes: [CoreDataImportNote]
    /// Whether `path` is a Core Data model rather than a schema file.
    var isCoreData: Bool
    /// The choices of `--identity` (`identity:ENTITY`) and `--ordered-by`
    /// (`ordered-by:ENTITY.RELATIONSHIP`) that this model has (all of them
    /// when ``load(_:version:options:allModels:io:)`` was strict).
    var usedChoices: Set<String> = []

    /// The notes as lines for standard error: `PATH: note: SUBJECT: message`.
    var noteLines: String { notes.map { "\(path): note: \($0)\n" }.joined() }

    /// Loads the model at `path`.
    ///
    /// - Parameters:
    ///   - version: `--version`: the version of a `.xcdatamodeld` to read.
    ///   - options: `--identity`, `--ordered` and `--ordered-by`, for a Core
    ///     Data model.
    ///   - allModels: `true` when `options` are for every model a command
    ///     reads (`schema diff`, `migrate`): a schema file ignores them, and a
    ///     model uses those of its entities and relationships only (the caller
    ///     checks that each is in some model, by ``usedChoices``). `false`
    ///     (`schema import`): a schema file or an entity the model lacks is an error.
    /// - Throws: ``CommandFailure`` (usage) for options that do not apply to
    ///   the kind of model; ``DocumentFailure`` (trouble) naming the file,
    ///   line and column of each problem.
    static func load(_ path: String, version: String? = nil, options: CoreDataImport.Options = CoreDataImport.Options(),
                     allModels: Bool = false, io: CommandIO) throws -> ModelInput {
        var notes: [CoreDataImportNote] = []
        var file = path
        var modelName: String
        if path != "-" && DirectoryListing.isDirectory(path) {
            let url = URL(fileURLWithPath: path)
            if url.pathExtension == "xcdatamodeld" || !FileManager.default.fileExists(atPath: url.appendingPathComponent("contents").path) {
                let versions = (try? FileManager.default.contentsOfDirectory(atPath: path))?
                    .filter { $0.hasSuffix(".xcdatamodel") } ?? []
                let plist = try? FileAccess.read(url.appendingPathComponent(".xccurrentversion").path, io: io)
                do {
                    let chosen = try CoreDataModelVersions.select(from: versions, currentVersionPlist: plist, requested: version)
                    if let note = chosen.note { notes.append(note) }
                    file = url.appendingPathComponent(chosen.version).appendingPathComponent("contents").path
                } catch {
                    throw DocumentFailure(kind: .trouble, lines: Messages.lines(error, file: path))
                }
            } else {
                if version != nil { throw CommandFailure.usage("--version needs a .xcdatamodeld folder; \(path) is one version") }
                file = url.appendingPathComponent("contents").path
            }
            modelName = modelNameOf(file)
        } else {
            if version != nil { throw CommandFailure.usage("--version needs a .xcdatamodeld folder") }
            modelName = path == "-" ? "Model" : modelNameOf(path)
        }
        let bytes = try FileAccess.read(file, io: io)
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            throw DocumentFailure(kind: .trouble, lines: ["\(file): empty file: neither a schema nor a Core Data model"])
        }
        do {
            if first == UInt8(ascii: "<") {
                let parsed = try CoreDataModel.parse(bytes)
                var own = options
                if allModels {
                    let names = Set(parsed.entities.map(\.name))
                    let relationships = Set(parsed.entities.flatMap { e in e.relationships.map { "\(e.name).\($0.name)" } })
                    own.identities = options.identities.filter { names.contains($0.key) }
                    own.orderedBy = options.orderedBy.filter { relationships.contains($0.key) }
                }
                let imported = try CoreDataImport.convert(parsed, name: modelName, options: own)
                return ModelInput(path: path, file: file, schema: try imported.checkedSchema(), document: imported.document,
                                  notes: (notes + imported.notes).sorted(), isCoreData: true,
                                  usedChoices: Set(own.identities.keys.map { "identity:" + $0 } + own.orderedBy.keys.map { "ordered-by:" + $0 }))
            }
            if !allModels, let option = ModelInput.modelOnlyOption(options) {
                throw CommandFailure.usage("\(option) needs a Core Data model; \(path) is a schema file")
            }
            let schema = try Schema.load(bytes)
            return ModelInput(path: path, file: file, schema: schema, document: schema.encoded(), notes: [], isCoreData: false)
        } catch let error as SchemaError {
            throw DocumentFailure(kind: .trouble, lines: Messages.lines(error, file: file))
        } catch let error as JSONError {
            throw DocumentFailure(kind: .trouble, lines: Messages.lines(error, file: file))
        }
    }

    /// The choices of `args` for reading Core Data models: `--identity
    /// ENTITY=ATTRIBUTE`, `--ordered chain|array` and `--ordered-by
    /// ENTITY.RELATIONSHIP=ATTRIBUTE`.
    ///
    /// - Throws: ``CommandFailure`` (usage) for a value without `=` (or,
    ///   for `--ordered-by`, without a `.` before it), an empty side, or one
    ///   entity (relationship) given two attributes.
    static func importOptions(_ args: ParsedArguments) throws -> CoreDataImport.Options {
        func pairs(_ option: String, shape: String, dotted: Bool) throws -> [String: String] {
            var result: [String: String] = [:]
            for pair in args.all(option) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let key = parts.first ?? ""
                let dottedKey = key.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 2, !key.isEmpty, !parts[1].isEmpty, !dotted || (dottedKey.count == 2 && !dottedKey.contains { $0.isEmpty })
                else {
                    throw CommandFailure.usage("\(option) takes \(shape), not '\(pair)'")
                }
                if let earlier = result[key], earlier != parts[1] {
                    throw CommandFailure.usage("\(option) gives \(key) two \(dotted ? "attributes" : "identities"), \(earlier) and \(parts[1])")
                }
                result[key] = parts[1]
            }
            return result
        }
        var options = CoreDataImport.Options()
        options.identities = try pairs("--identity", shape: "ENTITY=ATTRIBUTE", dotted: false)
        options.orderedBy = try pairs("--ordered-by", shape: "ENTITY.RELATIONSHIP=ATTRIBUTE", dotted: true)
        options.orderedAsArrays = try args.choice("--ordered", CommandSpec.orderedValues, default: "chain") == "array"
        return options
    }

    /// The first option of `options` that only a Core Data model takes, if any.
    static func modelOnlyOption(_ options: CoreDataImport.Options) -> String? {
        if !options.identities.isEmpty { return "--identity" }
        if !options.orderedBy.isEmpty { return "--ordered-by" }
        if options.orderedAsArrays { return "--ordered" }
        return nil
    }

    /// Refuses `--identity` entities and `--ordered-by` relationships that
    /// none of the Core Data models a command read has (a typo would
    /// otherwise do nothing), and these options when it read no Core Data
    /// model at all.
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the first such choice.
    static func checkChoices(_ options: CoreDataImport.Options, used: Set<String>, anyModel: Bool) throws {
        guard let option = modelOnlyOption(options) else { return }
        guard anyModel else { throw CommandFailure.usage("\(option) needs a Core Data model; every model given is a schema file") }
        if let missing = options.identities.keys.sorted().first(where: { !used.contains("identity:" + $0) }) {
            throw CommandFailure.usage("--identity: no entity \"\(missing)\" in the models read")
        }
        if let missing = options.orderedBy.keys.sorted().first(where: { !used.contains("ordered-by:" + $0) }) {
            throw CommandFailure.usage("--ordered-by: no relationship \"\(missing)\" in the models read")
        }
    }

    /// Whether `path` names a Core Data model by its form: a `.xcdatamodeld`
    /// or `.xcdatamodel` folder, or a `contents` file inside one. A graph's
    /// `$schema` may name one (as `migrate` writes it).
    static func isCoreDataModel(_ path: String) -> Bool {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix("/contents") { trimmed = trimmed.dropLast("/contents".count) }
        return trimmed.hasSuffix(".xcdatamodeld") || trimmed.hasSuffix(".xcdatamodel")
    }

    /// The schema name for a model file: the `.xcdatamodeld` it is in
    /// (`Tasks` for `Tasks.xcdatamodeld/Tasks 2.xcdatamodel/contents`), else
    /// its `.xcdatamodel` folder, else the file's own name without extension.
    static func modelNameOf(_ file: String) -> String {
        let url = URL(fileURLWithPath: file)
        var components = url.pathComponents
        if components.last == "contents" { components.removeLast() }
        func strip(_ name: String, _ suffix: String) -> String? {
            name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : nil
        }
        if let last = components.last, let version = strip(last, ".xcdatamodel") {
            if components.count >= 2, let bundle = strip(components[components.count - 2], ".xcdatamodeld") { return bundle }
            return version
        }
        var base = url.lastPathComponent
        for suffix in [".contents", ".xcdatamodel", ".xml"] { base = strip(base, suffix) ?? base }
        return base.isEmpty ? "Model" : base
    }
}
