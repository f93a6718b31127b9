import Foundation
import XCTest
@testable import GraphDiffCLI

/// `graphdiff completion`: the scripts are made from ``CommandSpec``, which
/// must list exactly the options each `--help` lists; the scripts are
/// checked by the shells themselves where they are installed.
final class CompletionCommandTests: XCTestCase {
    /// The help text of each command the spec describes.
    func helpText(_ name: String) -> String? {
        name == "help" ? Help.help : GraphDiffTool.commands.first { $0.name == name }?.help
    }

    /// The option lines of a help text's `Options:` section: each line's
    /// option names (`-f, --format FORMAT` gives `-f`, `--format`) and the
    /// words of a `a|b|c` value, if it has one.
    func helpOptions(_ help: String) -> [(names: [String], words: [String]?)] {
        guard let start = help.range(of: "\nOptions:\n") else { return [] }
        var result: [(names: [String], words: [String]?)] = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            guard line.hasPrefix("  -") else { continue }
            var names: [String] = [], words: [String]?
            for token in line.split(separator: " ") {
                if token.hasPrefix("-"), let optional = token.range(of: "[=") {
                    // --color[=auto|always|never]: a value that is optional.
                    names.append(String(token[..<optional.lowerBound]))
                    words = token[optional.upperBound...].dropLast().split(separator: "|").map(String.init)
                    break
                } else if token.hasPrefix("-") {
                    names.append(String(token.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
                } else {
                    if token.contains("|") { words = token.split(separator: "|").map(String.init) }
                    break
                }
            }
            result.append((names, words))
        }
        return result
    }

    func test_spec_listsExactlyTheOptionsOfEveryHelpText_withTheirWords() throws {
        XCTAssertEqual(Set(CommandSpec.all.map(\.name)), Set(GraphDiffTool.commands.map { $0.name } + ["help"]))
        for command in CommandSpec.all {
            let help = try XCTUnwrap(helpText(command.name), command.name)
            let documented = helpOptions(help)
            XCTAssertFalse(documented.isEmpty, command.name)
            XCTAssertEqual(Set(documented.flatMap(\.names)), Set(CompletionScript.names(command.options)), command.name)
            for (names, words) in documented {
                guard let words, let option = command.option(names[0]) else { continue }
                XCTAssertEqual(option.value, .choice(words), "\(command.name) \(names)")
            }
        }
        XCTAssertEqual(CommandSpec.diff.option("--format")?.value, .choice(DiffCommand.formats))
        // 'help' and 'completion' take the words the spec knows.
        XCTAssertEqual(CommandSpec.help.firstOperand, .choice(CommandSpec.all.map(\.name)))
        XCTAssertEqual(CommandSpec.completion.firstOperand, .choice(["bash", "zsh", "fish"]))
    }

    func test_rootHelp_listsTheSpecsCommands_inOrder() throws {
        let section = try XCTUnwrap(Help.root.components(separatedBy: "Commands:\n").last?.components(separatedBy: "\n\n").first)
        let names = section.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(names, CommandSpec.all.map(\.name))
        XCTAssertEqual(Set(CompletionScript.names(CommandSpec.rootOptions)), Set(helpOptions(Help.root).flatMap(\.names)))
    }

    /// The option names each shell's script offers for each command, read back from the script.
    func scriptOptions(_ shell: CompletionScript.Shell) -> [String: Set<String>] {
        let script = CompletionScript.script(for: shell)
        var result: [String: Set<String>] = [:]
        switch shell {
        case .bash:
            // `        diff)` then `            options='-f --format …'`.
            var command: String?
            for line in script.split(separator: "\n") {
                if line.hasPrefix("        "), !line.hasPrefix("         "), line.hasSuffix(")"), !line.contains(" *)") {
                    command = String(line.dropFirst(8).dropLast())
                } else if let c = command, line.hasPrefix("            options='") {
                    result[c] = Set(line.dropFirst(21).dropLast().split(separator: " ").map(String.init))
                } else if let c = command, let added = line.range(of: " options+='") {
                    // A form's own options: `import) options+=' --output -o' ;;`.
                    let names = line[added.upperBound...].prefix { $0 != "'" }
                    result[c, default: []].formUnion(names.split(separator: " ").map(String.init))
                }
            }
        case .zsh:
            // Between `        diff)` and `            ;;`: `'--stat[…]'`, `'(-f --format)'{-f,--format}'[…]…'`, `'*--include[…]…'`.
            var command: String?
            for line in script.split(separator: "\n") {
                let text = line.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("        "), !line.hasPrefix("         "), text.hasSuffix(")"), !text.hasPrefix("(") {
                    command = String(text.dropLast())
                    result[command!] = []
                } else if text == ";;" {
                    command = nil
                } else if let c = command {
                    // A long name that takes a value ends in '=' (`--format=`), an
                    // optional value in '=-' (`--color=-`), a short name's in '+' (`-f+`).
                    func name(_ s: Substring) -> String {
                        for suffix in ["=-", "=", "+"] where s.hasSuffix(suffix) { return String(s.dropLast(suffix.count)) }
                        return String(s)
                    }
                    if let open = text.firstIndex(of: "{"), let close = text.firstIndex(of: "}") {
                        text[text.index(after: open)..<close].split(separator: ",").forEach { result[c]?.insert(name($0)) }
                    } else if text.hasPrefix("'-") || text.hasPrefix("'*-"), let bracket = text.firstIndex(of: "[") {
                        result[c]?.insert(name(text[text.index(text.startIndex, offsetBy: text.hasPrefix("'*") ? 2 : 1)..<bracket]))
                    }
                }
            }
        case .fish:
            // `complete -c graphdiff -n '__graphdiff_using diff' -o f -l format …`.
            for line in script.split(separator: "\n") where line.hasPrefix("complete -c graphdiff -n '__graphdiff_using ") {
                let words = line.split(separator: " ").map(String.init)
                // `-n '__graphdiff_using schema; and __graphdiff_form diff'` for a form's own.
                guard words.count > 6, words[5].hasSuffix("'") || words[5].hasSuffix(";") else { continue }
                let command = String(words[5].dropLast())
                var names = result[command] ?? []
                for (i, w) in words.enumerated() where i + 1 < words.count {
                    if w == "-s" || w == "-o" { names.insert("-" + words[i + 1]) }
                    if w == "-l" { names.insert("--" + words[i + 1]) }
                }
                result[command] = names
            }
        }
        return result
    }

    func test_everyScript_offersExactlyTheHelpOptions_ofEveryCommand() throws {
        for shell in CompletionScript.Shell.allCases {
            let offered = scriptOptions(shell)
            XCTAssertEqual(Set(offered.keys), Set(CommandSpec.all.map(\.name)), "\(shell)")
            for command in CommandSpec.all {
                let help = try XCTUnwrap(helpText(command.name))
                XCTAssertEqual(offered[command.name], Set(helpOptions(help).flatMap(\.names)), "\(shell) \(command.name)")
            }
        }
    }

    func test_completion_printsTheScript_exit0() {
        for shell in CompletionScript.Shell.allCases {
            let r = graphdiff(["completion", shell.rawValue])
            XCTAssertEqual(r.stdout, CompletionScript.script(for: shell), "\(shell)")
            XCTAssertEqual(r.stderr, "")
            XCTAssertEqual(r.status, 0)
        }
        XCTAssertTrue(CompletionScript.script(for: .bash).hasSuffix("complete -F _graphdiff graphdiff\n"))
        XCTAssertTrue(CompletionScript.script(for: .zsh).hasPrefix("#compdef graphdiff\n"))
    }

    func test_completion_withoutAShell_orAnUnknownOne_isAUsageError() {
        let none = graphdiff(["completion"])
        XCTAssertEqual(none.stderr, """
            graphdiff completion: name a shell: bash, zsh or fish
            Usage: graphdiff completion bash|zsh|fish
            See 'graphdiff help completion'.

            """)
        XCTAssertEqual(none.status, 2)
        let tcsh = graphdiff(["completion", "tcsh"])
        XCTAssertEqual(tcsh.stderr, """
            graphdiff completion: no completion for 'tcsh'; the shells are bash, zsh and fish
            Usage: graphdiff completion bash|zsh|fish
            See 'graphdiff help completion'.

            """)
        XCTAssertEqual(tcsh.stdout, "")
        XCTAssertEqual(tcsh.status, 2)
        XCTAssertEqual(graphdiff(["completion", "bash", "zsh"]).status, 2)
        XCTAssertEqual(graphdiff(["help", "completion"]).stdout, Help.completion)
    }

    /// Every option the spec gives words must refuse other words, naming exactly those.
    func test_parser_refusesWordsTheSpecDoesNotList() {
        let cases: [(CommandSpec, [String])] = [
            (.diff, ["a.json", "b.json"]), (.patch, ["a.json", "b.json"]), (.merge, ["a.json", "b.json", "c.json"]),
        ]
        for (spec, operands) in cases {
            for option in spec.options {
                guard case .choice(let words)? = option.value else { continue }
                // An optional value comes after '=' only (--color=bogus).
                let given = option.bareValue == nil ? [option.canonical, "bogus"] : [option.canonical + "=bogus"]
                let r = graphdiff([spec.name] + given + operands)
                XCTAssertEqual(r.status, 2, "\(spec.name) \(option.canonical)")
                XCTAssertTrue(r.stderr.hasPrefix("graphdiff \(spec.name): option '\(option.canonical)' must be one of \(words.joined(separator: ", ")); got 'bogus'\n"),
                              "\(spec.name) \(option.canonical): \(r.stderr)")
            }
        }
    }

    // MARK: - The shells

    /// Runs `script` with `shell` (found on PATH) and returns its output; skips when the shell is absent.
    func runShell(_ shell: String, _ arguments: [String]) throws -> RunResult {
        guard let path = ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].map({ "\($0)/\(shell)" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("\(shell) is not installed: its completion script was not checked")
        }
        return try RedirectedRun(arguments: arguments, directory: packageRoot).run(URL(fileURLWithPath: path))
    }

    func scriptFile(_ shell: CompletionScript.Shell) throws -> String {
        let file = try temporaryDirectory(self).appendingPathComponent("graphdiff.\(shell)")
        try Data(CompletionScript.script(for: shell).utf8).write(to: file)
        return file.path
    }

    func test_bashScript_parses() throws {
        let r = try runShell("bash", ["-n", scriptFile(.bash)])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
    }

    func test_zshScript_parses() throws {
        let r = try runShell("zsh", ["-n", scriptFile(.zsh)])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
    }

    func test_fishScript_parses() throws {
        let r = try runShell("fish", ["--no-execute", scriptFile(.fish)])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
    }

    /// What bash offers for the words `line` (the last one being completed), one per line, sorted.
    func bashCompletes(_ words: [String], script: String) throws -> String {
        let array = words.map { CompletionScript.quoted($0) }.joined(separator: " ")
        let program = """
            source \(CompletionScript.quoted(script))
            COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
            _graphdiff
            printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort
            """
        let r = try runShell("bash", ["-c", program])
        XCTAssertEqual(r.stderr, "", "\(words)")
        return r.stdout
    }

    func test_bashScript_completesCommands_options_words_andFiles() throws {
        let script = try scriptFile(.bash)
        XCTAssertEqual(try bashCompletes(["graphdiff", ""], script: script),
                       CommandSpec.all.map(\.name).sorted().joined(separator: "\n") + "\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "g"], script: script), "git\ngit-diff\ngit-merge\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "--v"], script: script), "--version\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "diff", "--format", ""], script: script), "dot\nhtml\nhuman\njson\njson-patch\nmerge-patch\nmermaid\ntree\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "diff", "-f", "j"], script: script), "json\njson-patch\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "merge", "--prefer", ""], script: script), "base\nmine\ntheirs\nunion\n")
        // --option=value, which bash splits at the '='.
        XCTAssertEqual(try bashCompletes(["graphdiff", "merge", "--prefer", "="], script: script), "base\nmine\ntheirs\nunion\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "diff", "--format", "=", "json-"], script: script), "json-patch\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "merge", "--conflicts", "r"], script: script), "report\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "patch", "-f", ""], script: script), "graphdiff\njson-patch\nmerge-patch\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "fmt", "--ch"], script: script), "--check\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "validate", "-"], script: script), "--force\n--help\n--no-schema\n--quiet\n--schema\n--stdin-path\n-h\n-q\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "git", ""], script: script), "install\nuninstall\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "git", "install", "--g"], script: script), "--global\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "git", "install", ""], script: script), "\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "completion", "z"], script: script), "zsh\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "help", "comp"], script: script), "completion\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "diff", "--root", ""], script: script), "\n")
        // Each form of schema its own options (found by testing: schema diff offered --output).
        XCTAssertEqual(try bashCompletes(["graphdiff", "schema", "diff", "--o"], script: script), "--ordered\n--ordered-by\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "schema", "import", "--o"], script: script), "--ordered\n--ordered-by\n--output\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "schema", "diff", "--f"], script: script), "--format\n--from\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "schema", "--"], script: script), "--help\n--identity\n--ordered\n--ordered-by\n")
        // An optional value (--color) after '=' only; in the next word, a file.
        XCTAssertEqual(try bashCompletes(["graphdiff", "diff", "--color", "=", "n"], script: script), "never\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "diff", "--color", "Samples/tasks/bas"], script: script), "Samples/tasks/base.graph.json\n")
        // Files where a file is expected (run from the package root).
        XCTAssertEqual(try bashCompletes(["graphdiff", "diff", "Samples/tasks/b"], script: script),
                       "Samples/tasks/bad.graph.json\nSamples/tasks/base.graph.json\n")
        XCTAssertEqual(try bashCompletes(["graphdiff", "merge", "--report", "Samples/people/v"], script: script),
                       "Samples/people/v1.graph.json\nSamples/people/v2.graph.json\nSamples/people/v3.graph.json\n")
    }

    func test_fishScript_completesWords_andOptions() throws {
        _ = try runShell("fish", ["--version"])
        let script = try scriptFile(.fish)
        func completes(_ line: String) throws -> String {
            let r = try runShell("fish", ["--no-config", "-c", "source \(CompletionScript.quoted(script)); complete -C \(CompletionScript.quoted(line))"])
            XCTAssertEqual(r.stderr, "", line)
            // Candidates without their descriptions, sorted.
            return r.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted().joined(separator: "\n")
        }
        XCTAssertEqual(try completes("graphdiff diff --format "), "dot\nhtml\nhuman\njson\njson-patch\nmerge-patch\nmermaid\ntree")
        XCTAssertEqual(try completes("graphdiff merge --prefer "), "base\nmine\ntheirs\nunion")
        XCTAssertEqual(try completes("graphdiff git "), "install\nuninstall")
        XCTAssertEqual(try completes("graphdiff fmt --ch"), "--check")
        XCTAssertEqual(try completes("graphdiff diff Samples/tasks/b"), "Samples/tasks/bad.graph.json\nSamples/tasks/base.graph.json")
        // The forms the parser takes: a short name's value glued to it
        // (-fjson), short flags bundled (-qf), the value after the name or
        // after a long name and '='; an optional value only after '='
        // (--color=never): in the next word, files, as for an operand.
        XCTAssertEqual(try completes("graphdiff diff -f"), "-fdot\n-fhtml\n-fhuman\n-fjson\n-fjson-patch\n-fmerge-patch\n-fmermaid\n-ftree")
        XCTAssertEqual(try completes("graphdiff diff -qf"), "-qfdot\n-qfhtml\n-qfhuman\n-qfjson\n-qfjson-patch\n-qfmerge-patch\n-qfmermaid\n-qftree")
        XCTAssertEqual(try completes("graphdiff diff -f "), "dot\nhtml\nhuman\njson\njson-patch\nmerge-patch\nmermaid\ntree")
        XCTAssertEqual(try completes("graphdiff diff --format="),
                       "--format=dot\n--format=html\n--format=human\n--format=json\n--format=json-patch\n--format=merge-patch\n--format=mermaid\n--format=tree")
        XCTAssertEqual(try completes("graphdiff merge --prefer=t"), "--prefer=theirs")
        XCTAssertEqual(try completes("graphdiff diff --color=n"), "--color=never")
        XCTAssertEqual(try completes("graphdiff diff --color Samples/tasks/b"), "Samples/tasks/bad.graph.json\nSamples/tasks/base.graph.json")
        // After '=' an option's values only, never file names (found by testing).
        XCTAssertEqual(try completes("graphdiff diff --color="), "--color=always\n--color=auto\n--color=never")
        for command in CommandSpec.all {
            // An optional value's option is offered bare and with '=' (--color=).
            let offered = try completes("graphdiff \(command.name) -").split(separator: "\n").map(String.init).filter { !$0.hasSuffix("=") }
            XCTAssertEqual(Set(offered), Set(CompletionScript.names(command.sharedOptions)), command.name)
            // A form's own options once its word is given (schema diff: no --output).
            for form in command.forms {
                let offered = try completes("graphdiff \(command.name) \(form.operand) -").split(separator: "\n").map(String.init).filter { !$0.hasSuffix("=") }
                XCTAssertEqual(Set(offered), Set(CompletionScript.names(command.sharedOptions + form.options)), "\(command.name) \(form.operand)")
            }
        }
        XCTAssertEqual(try completes("graphdiff schema diff --o"), "--ordered\n--ordered-by")
        XCTAssertEqual(try completes("graphdiff schema import --o"), "--ordered\n--ordered-by\n--output")
    }

    /// What zsh's completion system offers for `line` (Tab at its end), one
    /// a line, sorted; with the script autoloaded from a folder on `fpath`,
    /// or sourced after `compinit`.
    func zshCompletes(_ line: String, sourced: Bool = false) throws -> String {
        let script = try scriptFile(.zsh)
        let folder = (script as NSString).deletingLastPathComponent
        let setup: String
        if sourced {
            setup = "autoload -U compinit; compinit -u -D; source \(CompletionScript.quoted(script))"
        } else {
            try FileManager.default.copyItem(atPath: script, toPath: folder + "/_graphdiff")
            setup = "fpath=(\(CompletionScript.quoted(folder)) $fpath); autoload -U compinit; compinit -u -D"
        }
        let r = try runShell("zsh", ["-f", packageRoot.appendingPathComponent("Tests/scripts/zsh-completes.zsh").path, setup, line])
        XCTAssertEqual(r.status, 0, line)
        return r.stdout
    }

    func test_zshScript_completesWords_alsoAfterEquals_autoloadedOrSourced() throws {
        _ = try runShell("zsh", ["-f", "-c", "true"]) // skips (before any assertion) where zsh is absent
        XCTAssertEqual(try zshCompletes("graphdiff diff --format="),
                       "--format=dot\n--format=html\n--format=human\n--format=json\n--format=json-patch\n--format=merge-patch\n--format=mermaid\n--format=tree\n")
        XCTAssertEqual(try zshCompletes("graphdiff merge --prefer="), "--prefer=base\n--prefer=mine\n--prefer=theirs\n--prefer=union\n")
        XCTAssertEqual(try zshCompletes("graphdiff diff --format=json-"), "--format=json-patch\n")
        XCTAssertEqual(try zshCompletes("graphdiff diff -f "), "dot\nhtml\nhuman\njson\njson-patch\nmerge-patch\nmermaid\ntree\n")
        XCTAssertEqual(try zshCompletes("graphdiff merge --prefer "), "base\nmine\ntheirs\nunion\n")
        XCTAssertEqual(try zshCompletes("graphdiff git "), "install\nuninstall\n")
        // A short name's value glued to it; an optional value after '=' only.
        XCTAssertEqual(try zshCompletes("graphdiff diff -fjson-"), "-fjson-patch\n")
        XCTAssertEqual(try zshCompletes("graphdiff diff --color=n"), "--color=never\n")
        XCTAssertEqual(try zshCompletes("graphdiff diff --color Samples/tasks/bas"), "Samples/tasks/base.graph.json\n")
        XCTAssertEqual(try zshCompletes("graphdiff schema diff --o"), "--ordered\n--ordered-by\n")
        XCTAssertEqual(try zshCompletes("graphdiff schema import --o"), "--ordered\n--ordered-by\n--output\n")
        XCTAssertEqual(try zshCompletes("graphdiff schema diff --format "), "human\njson\n")
        // Sourced (source <(graphdiff completion zsh)) the script registers itself.
        XCTAssertEqual(try zshCompletes("graphdiff merge --prefer=", sourced: true), "--prefer=base\n--prefer=mine\n--prefer=theirs\n--prefer=union\n")
        XCTAssertEqual(try zshCompletes("graphdiff completion ", sourced: true), "bash\nfish\nzsh\n")
        XCTAssertTrue(CompletionScript.script(for: .zsh).hasSuffix("""
            if [[ $funcstack[1] == _graphdiff ]]; then
                _graphdiff "$@"
            else
                compdef _graphdiff graphdiff
            fi

            """))
    }

    /// The man pages format without a groff warning (skipped without groff).
    func test_manPages_formatWithoutWarnings() throws {
        for page in ["man/graphdiff.1", "man/graphdiff.5"] {
            let r = try runShell("groff", ["-man", "-ww", "-z", page])
            XCTAssertEqual(r.stderr, "", page)
            XCTAssertEqual(r.status, 0, page)
        }
    }
}
