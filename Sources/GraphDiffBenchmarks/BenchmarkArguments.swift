/// What the benchmark's command line asks for.
enum BenchmarkRequest: Equatable {
    /// `-h`, `--help`: print ``usage``.
    case help
    /// Time every stage at `sizes` objects; the chain case with 1,000,000
    /// members when `longChain`, else 100,000.
    case run(sizes: [Int], longChain: Bool)
    /// Write a schema and three graphs of `objects` objects into `directory`.
    case generate(objects: Int, directory: String)
    /// Time the diff and merge of one ordered relationship of `members`
    /// members in each storage.
    case orders(members: Int)
    /// Write a git fast-import stream of `commits` commits of one graph of `objects` objects.
    case history(objects: Int, commits: Int)
    /// Time the coder and the editing API on an app's model of `tasks` tasks.
    case coder(tasks: Int)

    static let defaultSizes = [10_000, 100_000]

    static let usage = """
        Usage: GraphDiffBenchmarks [--long-chain] [SIZES...]
               GraphDiffBenchmarks generate OBJECTS DIR
               GraphDiffBenchmarks orders [MEMBERS]
               GraphDiffBenchmarks history OBJECTS COMMITS | git fast-import
               GraphDiffBenchmarks coder [TASKS]
               GraphDiffBenchmarks -h | --help

        Times parsing, loading, checking, diffing, patching, merging and
        writing generated graphs of SIZES objects (default: 10000 100000;
        1_000_000 reads as 1000000), then the diff of one long chain and of
        a 100,000-element array; prints a table and one 'BENCH stage=...
        objects=... bytes=... seconds=... mbps=...' line per case. Run it in
        release mode: swift run -c release GraphDiffBenchmarks.

        generate writes DIR/bench.schema.json, DIR/a.graph.json (the base),
        DIR/b.graph.json (mine) and DIR/c.graph.json (theirs): b and c are two
        independent edits of a, each to about 1% of the objects, so
        'graphdiff merge a.graph.json b.graph.json c.graph.json' merges them.
        It lists the files it wrote, saying which is which.

        orders times the diff and the merge of one owner's ordered
        relationship of MEMBERS members (default 1000000) in each storage
        (chain, array, index dense and with gaps), each side making 1,000
        random moves.

        history writes, for 'git fast-import', a branch main of COMMITS
        commits of data.graph.json (a generated graph of OBJECTS objects, each
        commit editing 5 of them) and bench.schema.json; Samples/bench/history.sh
        times 'graphdiff blame' and 'graphdiff log' on it.

        coder times GraphCoder on an app's Codable model of TASKS tasks
        (default 100000) in lists of 100 kept as chains, and a version with
        1% of them edited: encoding both as graphs, the diff, the merge with
        the untouched base, reading the merged values back; then 1,000
        inserts through the editing API in one batch.

        Options:
          --long-chain    The chain case with 1,000,000 members (default 100,000).
          -h, --help      Show this help.

        Exit status: 0 done, 2 usage error or a file that cannot be written.

        """

    /// A command line the benchmark does not understand.
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// The request `arguments` (without the program name) make.
    ///
    /// - Throws: ``UsageError`` naming the argument it does not understand.
    static func parse(_ arguments: [String]) throws -> BenchmarkRequest {
        if arguments.contains("-h") || arguments.contains("--help") { return .help }
        if arguments.first == "orders" {
            guard arguments.count <= 2, let members = arguments.count == 2 ? count(arguments[1]) : 1_000_000 else {
                throw UsageError(message: "orders takes MEMBERS (a positive number)")
            }
            return .orders(members: members)
        }
        if arguments.first == "coder" {
            guard arguments.count <= 2, let tasks = arguments.count == 2 ? count(arguments[1]) : 100_000 else {
                throw UsageError(message: "coder takes TASKS (a positive number)")
            }
            return .coder(tasks: tasks)
        }
        if arguments.first == "history" {
            guard arguments.count == 3, let objects = count(arguments[1]), let commits = count(arguments[2]) else {
                throw UsageError(message: "history takes OBJECTS and COMMITS (positive numbers)")
            }
            return .history(objects: objects, commits: commits)
        }
        if arguments.first == "generate" {
            guard arguments.count == 3, let objects = count(arguments[1]) else {
                throw UsageError(message: "generate takes OBJECTS (a positive number) and DIR")
            }
            return .generate(objects: objects, directory: arguments[2])
        }
        var sizes: [Int] = []
        var longChain = false
        for argument in arguments {
            if argument == "--long-chain" {
                longChain = true
            } else if let size = count(argument) {
                sizes.append(size)
            } else if argument.hasPrefix("-") {
                throw UsageError(message: "unknown option '\(argument)'")
            } else {
                throw UsageError(message: "a size is a positive number of objects, got '\(argument)'")
            }
        }
        return .run(sizes: sizes.isEmpty ? defaultSizes : sizes, longChain: longChain)
    }

    /// A positive count, digits with optional `_` between them (`1_000_000`).
    static func count(_ text: String) -> Int? {
        guard let n = Int(text.replacingOccurrences(of: "_", with: "")), n > 0 else { return nil }
        return n
    }
}
