/// The shell completion scripts `graphdiff completion SHELL` prints, made
/// from ``CommandSpec/all``: commands, options, the words an option or
/// operand takes (`--format` values, `--prefer mine|theirs`,
/// `git install|uninstall`) and file names where a file is expected.
enum CompletionScript {
    /// The shells there is a script for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The script for `shell`, deterministic (the order of ``CommandSpec/all``).
    static func script(for shell: Shell, commands: [CommandSpec] = CommandSpec.all) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// `text` quoted for a POSIX shell (single quotes).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The option names of `options`, long and short, in order.
    static func names(_ options: [CommandSpec.Option]) -> [String] {
        options.flatMap(\.names)
    }
}
