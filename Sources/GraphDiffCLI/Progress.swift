import Foundation

/// Progress on standard error for long work: shown only when standard error
/// is a terminal and the inputs are large enough to take about a second or
/// more (8 MB here); cleared when done. Nothing is printed otherwise, so
/// scripts and git see no difference.
final class Progress {
    private let io: CommandIO
    private let enabled: Bool
    private var shown = false

    /// Bytes above which progress is worth showing.
    static let threshold = 8_000_000

    init(io: CommandIO, inputs: [String]) {
        self.io = io
        let total = inputs.reduce(0) { sum, path in
            sum + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
        enabled = io.stderrIsTerminal && total > Progress.threshold && io.environment["TERM"] != "dumb"
        if enabled { stage("loading \(inputs.count) file\(inputs.count == 1 ? "" : "s") (\(total / 1_000_000) MB)") }
    }

    /// Replaces the progress line with `text`.
    func stage(_ text: String) {
        guard enabled else { return }
        io.err("\r\u{1B}[Kgraphdiff: \(text)…")
        shown = true
    }

    /// Clears the progress line.
    func done() {
        guard shown else { return }
        io.err("\r\u{1B}[K")
        shown = false
    }
}
