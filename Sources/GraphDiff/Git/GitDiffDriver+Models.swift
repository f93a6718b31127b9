/// The git diff driver for Core Data model files (`*.xcdatamodel/contents`):
/// the schema diff of the two versions instead of their XML.
extension GitDiffDriver {
    /// Whether `path` is a Core Data model file: a `contents` file in a
    /// `.xcdatamodel` folder.
    ///
    ///     GitDiffDriver.isModelFile("Tasks.xcdatamodeld/Tasks 2.xcdatamodel/contents")   // true
    public static func isModelFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[parts.count - 1] == "contents" else { return false }
        return parts[parts.count - 2].hasSuffix(".xcdatamodel")
    }

    /// The schema diff of two versions of a model file (``SchemaDiff``, in
    /// the human form of `graphdiff schema diff`), or why a version is not a
    /// model that imports. A version that does not exist is a model with no
    /// entities. What Xcode rewrites without changing the model (tool
    /// versions, the order of elements) is no change.
    ///
    /// - Complexity: O(*n* + *m* + *p* log *p*), where *n* and *m* are the
    ///   sizes of the files and *p* the number of properties.
    static func describeModels(header: String, old: [UInt8]?, new: [UInt8]?, color: Bool) -> Result<Report, ModelFailure> {
        var schemas: [Schema] = []
        for (label, bytes) in [("old", old), ("new", new)] {
            guard let bytes else {
                schemas.append(Schema.empty())
                continue
            }
            do {
                schemas.append(try CoreDataImport.load(bytes, name: "Model").schema)
            } catch {
                return .failure(ModelFailure(reason: "\(label) is not a Core Data model that imports: \(GitInputs.firstLine(error))"))
            }
        }
        let changes = SchemaDiff.changes(from: schemas[0], to: schemas[1])
        let text = changes.isEmpty ? "" : header + HumanRenderer.render(changes, context: RenderContext(color: color))
        return .success(Report(text: Array(text.utf8), different: !changes.isEmpty, note: nil))
    }

    /// Why a model file was diffed by lines.
    struct ModelFailure: Error {
        var reason: String
    }
}
