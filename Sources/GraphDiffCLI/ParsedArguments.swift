/// The arguments of one subcommand, split into options and operands.
///
/// Options are declared up front: flags (`--quiet`) and options with a value
/// (`--schema FILE`, `--schema=FILE`, `-o FILE`). `--` ends the options; `-` is
/// an operand (standard input). Anything else that starts with `-` is a usage
/// error naming it.
struct ParsedArguments {
    var flags: Set<String> = []
    /// Every value given for each option, in order.
    var values: [String: [String]] = [:]
    var operands: [String] = []

    /// - Parameters:
    ///   - flags: names of options without a value, with their dashes.
    ///   - valued: names of options that take a value.
    ///   - aliases: short names and their long equivalent (`-o` → `--output`).
    init(_ arguments: [String], flags: Set<String>, valued: Set<String>, aliases: [String: String] = [:]) throws {
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
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            name = aliases[name] ?? name
            if flags.contains(name) {
                if inlineValue != nil { throw CommandFailure.usage("option '\(name)' takes no value") }
                self.flags.insert(name)
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

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// The last value given for `name` (a later option wins, as in git).
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `name`, which must be one of `allowed`.
    func choice(_ name: String, _ allowed: [String], default d: String) throws -> String {
        guard let v = value(name) else { return d }
        guard allowed.contains(v) else {
            throw CommandFailure.usage("option '\(name)' must be one of \(allowed.joined(separator: ", ")); got '\(v)'")
        }
        return v
    }
}
