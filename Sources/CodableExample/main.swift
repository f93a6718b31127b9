import Foundation
import GraphDiff

// An app's model: Codable values that refer to each other by identity.
struct TaskList: Codable { var id: String; var title: String; var items: [String] }
struct Task: Codable { var id: String; var title: String; var done = false; var due: Date? = nil }
struct TaskStore: Codable { var owner: String; var lists: [TaskList]; var tasks: [Task] }

// Declare each type's identity and references; every other property is an
// attribute of the Swift type's kind. The list's order is kept in the graph
// as a chain on the tasks: edits stay local and merge well.
let coder = try GraphCoder(name: "Tasks", entities: [
    .init(TaskList.self, identity: "id", references: [
        .ordered("items", to: "Task", storage: .chain(prev: "prev", next: "next"), inverse: "list", deleteRule: .cascade),
    ]),
    .init(Task.self, identity: "id"),
])

let base = TaskStore(owner: "sam", lists: [TaskList(id: "groceries", title: "Groceries", items: ["t1", "t2", "t3"])],
                     tasks: [Task(id: "t1", title: "Milk"), Task(id: "t2", title: "Eggs"), Task(id: "t3", title: "Bread")])

// The laptop ticks the milk off and adds tea; the phone renames the eggs,
// moves them to the top and gives the milk a due date. Both rename the bread.
var laptop = base
laptop.tasks[0].done = true
laptop.tasks[2].title = "Rye bread"
laptop.tasks.append(Task(id: "t4", title: "Tea"))
laptop.lists[0].items.append("t4")
var phone = base
phone.tasks[1].title = "Free-range eggs"
phone.tasks[0].due = Date(timeIntervalSince1970: 1_795_000_000)
phone.lists[0].items = ["t2", "t1", "t3"]
phone.tasks[2].title = "Sourdough"

// One graph per version (one schema), then diff and merge as graphs.
let graphs = try coder.graphs(of: [base, laptop, phone])
print(try ChangeSet.diff(from: graphs[0], to: graphs[2]))
let merged = try Graph.merge(base: graphs[0], mine: graphs[1], theirs: graphs[2])
print(merged)

// Back to the app's values: both edits are there; the bread keeps its base
// title until the conflict is settled (`prefer: .mine` or `.theirs`).
let store = try coder.value(TaskStore.self, in: merged.graph)
for task in store.tasks { print(task.id, task.title, task.done ? "done" : "open", task.due.map { "due \($0)" } ?? "-") }
print("order:", store.lists[0].items)
