/// The arguments of one subcommand, split into options and operands.
///
/// Options are declared up front: flags (`--quiet`), options with a value and
/// options whose value is optional. Every getopt form is taken: a long
/// option's value in the next argument or after `=` (`--format json`,
/// `--format=json`), a short option's in the next argument or glued to it
/// (`-f json`, `-fjson`), and short flags bundled (`-qR`, `-qfjson`). An
/// option whose value is optional (`--color`) takes one only after `=`
/// (`--color=never`); alone it means its bare value (`always`), and the next
/// argument is never its value, so a file named `never` stays a file. `--`
/// ends the options; `-` is an operand (standard input). Anything else that
/// starts with `-` is a usage error naming it.
struct ParsedArguments {
    var flags: Set<String> = []
    /// Every value given for each option, in order.
    var values: [String: [String]] = [:]
    var operands: [String] = []

    /// - Parameters:
    ///   - flags: names of options without a value, with their dashes.
    ///   - valued: names of options that take a value.
    ///   - optional: names of options whose value is optional, with the
    ///     value the option alone stands for (`--color` → `always`).
    ///   - aliases: short names and their long equivalent (`-o` → `--output`).
    init(_ arguments: [String], flags: Set<String>, valued: Set<String>, optional: [String: String] = [:],
         aliases: [String: String] = [:]) throws {
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if !argument.hasPrefix("--") {
                i = try shortOptions(argument, at: i, in: arguments, flags: flags, valued: valued, optional: optional, aliases: aliases)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            name = aliases[name] ?? name
            if flags.contains(name) {
                if inlineValue != nil { throw CommandFailure.usage("option '\(name)' takes no value") }
                self.flags.insert(name)
            } else if let bare = optional[name] {
                values[name, default: []].append(inlineValue ?? bare)
            } else if valued.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard i < arguments.count else { throw CommandFailure.usage("option '\(argument)' needs a value") }
                    values[name, default: []].append(arguments[i])
                    i += 1
                }
            } else {
                throw CommandFailure.usage("unknown option '\(argument)'")
            }
        }
    }

    /// Reads a word of short options (`-q`, `-qR`, `-fjson`, `-qf json`)
    /// whose next argument is at `next`; returns the index after what it used.
    mutating func shortOptions(_ word: String, at next: Int, in arguments: [String], flags: Set<String>, valued: Set<String>,
                               optional: [String: String], aliases: [String: String]) throws -> Int {
        var rest = word.dropFirst()
        while let letter = rest.first {
            rest = rest.dropFirst()
            let short = "-" + String(letter)
            let name = aliases[short] ?? short
            let within = word.count > 2 ? " in '\(word)'" : ""
            if flags.contains(name) {
                self.flags.insert(name)
            } else if let bare = optional[name] {
                values[name, default: []].append(bare)
            } else if valued.contains(name) {
                if !rest.isEmpty {
                    values[name, default: []].append(String(rest))
                    return next
                }
                guard next < arguments.count else { throw CommandFailure.usage("option '\(short)' needs a value") }
                values[name, default: []].append(arguments[next])
                return next + 1
            } else {
                throw CommandFailure.usage("unknown option '\(short)'\(within)")
            }
        }
        return next
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// The last value given for `name` (a later option wins, as in git).
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the option `name` was given at all, as a flag or with a value.
    func given(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// The value of `name`, which must be one of `allowed`.
    func choice(_ name: String, _ allowed: [String], default d: String) throws -> String {
        guard let v = value(name) else { return d }
        guard allowed.contains(v) else {
            throw CommandFailure.usage("option '\(name)' must be one of \(allowed.joined(separator: ", ")); got '\(v)'")
        }
        return v
    }
}
