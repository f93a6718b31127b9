import Foundation
import GraphDiff

/// `coder N`: an app's `Codable` model of N tasks in lists of 100 (a
/// chain each), and a second version with 1% of the tasks edited: encoding
/// both versions as graphs, diffing, merging with the untouched base, and
/// reading the merged values back; then 1,000 inserts through the editing
/// API in one `edit` batch, each joining the end of a list's chain (each
/// costs O(N): finding a chain's tail is a pass over the objects).
enum CoderBenchmarks {
    struct TaskList: Codable { var id: String; var title: String; var items: [String] }
    struct Task: Codable { var id: String; var title: String; var done: Bool; var due: Date?; var estimate: Double }
    struct Store: Codable { var owner: String; var lists: [TaskList]; var tasks: [Task] }

    static func run(tasks count: Int) throws -> [BenchRow] {
        let coder = try GraphCoder(name: "Tasks", entities: [
            .init(TaskList.self, identity: "id", references: [
                .ordered("items", to: "Task", storage: .chain(prev: "prev", next: "next"), inverse: "list", deleteRule: .cascade),
            ]),
            .init(Task.self, identity: "id"),
        ])
        var tasks: [Task] = []
        tasks.reserveCapacity(count)
        for i in 0..<count {
            let due: Date? = i % 2 == 0 ? Date(timeIntervalSince1970: 1.7e9 + Double(i)) : nil
            tasks.append(Task(id: "t\(i)", title: "Task \(i)", done: i % 3 == 0, due: due, estimate: Double(i % 17) / 4))
        }
        let lists = stride(from: 0, to: count, by: 100).map { start in
            TaskList(id: "l\(start / 100)", title: "List \(start / 100)", items: (start..<min(count, start + 100)).map { "t\($0)" })
        }
        let base = Store(owner: "bench", lists: lists, tasks: tasks)
        var edited = base
        for i in stride(from: 0, to: count, by: 100) { edited.tasks[i].title += " (edited)" }
        var rows: [BenchRow] = []
        let versions: [Store] = [base, edited]
        let (encode, graphs): (Double, [Graph]) = try measure(repeats: 1) { try coder.graphs(of: versions) }
        rows.append(BenchRow(stage: "coder-encode", objects: 2 * (count + lists.count), bytes: 0, seconds: encode))
        let (diff, _) = try measure(repeats: 1) { try ChangeSet.diff(from: graphs[0], to: graphs[1]) }
        rows.append(BenchRow(stage: "coder-diff", objects: count + lists.count, bytes: 0, seconds: diff))
        let (merge, merged) = try measure(repeats: 1) { try Graph.merge(base: graphs[0], mine: graphs[0], theirs: graphs[1]) }
        rows.append(BenchRow(stage: "coder-merge", objects: count + lists.count, bytes: 0, seconds: merge))
        let (decode, store) = try measure(repeats: 1) { try coder.value(Store.self, in: merged.graph) }
        guard store.tasks.count == count else { throw OutputFailure(subject: "coder", reason: "read back \(store.tasks.count) tasks, not \(count)") }
        rows.append(BenchRow(stage: "coder-decode", objects: count + lists.count, bytes: 0, seconds: decode))
        var graph = graphs[0]
        let (insert, _) = try measure(repeats: 1) {
            try graph.edit { g in
                for i in 0..<1000 {
                    try g.insert(entity: "Task", identity: "n\(i)") { $0.title = "New"; $0.done = false; $0.estimate = 1; $0.list = JSONValue.string(lists[i % lists.count].id) }
                }
            }
        }
        rows.append(BenchRow(stage: "edit-insert", objects: 1000, bytes: 0, seconds: insert))
        return rows
    }
}
