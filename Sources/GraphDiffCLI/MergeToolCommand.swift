import Foundation
import GraphDiff

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `graphdiff mergetool BASE LOCAL REMOTE MERGED`: git's mergetool
/// (`git mergetool --tool=graphdiff`), a terminal session over the open
/// conflicts of the merge (``MergeToolSession``). This file holds the
/// terminal: raw keys, the screen, `$EDITOR`, the files.
enum MergeToolCommand: Subcommand {
    static let name = "mergetool"
    static let usage = "graphdiff mergetool [--no-remember] [--array-key NAME] BASE LOCAL REMOTE MERGED"
    static let help = Help.mergetool

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .mergetool)
        guard args.operands.count == 4 else { throw CommandFailure.usage("four files are needed: BASE LOCAL REMOTE MERGED (git's $BASE $LOCAL $REMOTE $MERGED)") }
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw CommandFailure.trouble("mergetool needs a terminal (standard input and output); without one, list and settle the conflicts with "
                                         + "graphdiff resolve \(args.operands[3]) --list, --mine, --theirs, --base or --union")
        }
        let (basePath, localPath, remotePath, merged) = (args.operands[0], args.operands[1], args.operands[2], args.operands[3])
        let loader = DocumentLoader(io: io, schemaOverride: nil, force: true)
        /// One version, read as the merged file would be (its `$schema` beside it).
        func document(_ label: String, _ path: String) throws -> LoadedDocument? {
            // Only the base may be missing or empty (added on both sides).
            let bytes: [UInt8]
            if label == "base" {
                bytes = (try? FileAccess.read(path, io: io)) ?? []
                if bytes.isEmpty { return nil }
            } else {
                do {
                    bytes = try FileAccess.read(path, io: io)
                } catch let failure as CommandFailure {
                    throw CommandFailure.trouble(failure.message)
                }
            }
            do {
                return try loader.document("\(merged) (\(label))", bytes: SourceBytes(bytes))
            } catch let failure as DocumentFailure {
                throw CommandFailure.trouble(failure.lines.joined(separator: "\n"))
            }
        }
        guard let mine = try document("local", localPath), let theirs = try document("remote", remotePath) else {
            throw CommandFailure.trouble("\(merged): local or remote version missing")
        }
        let base = try document("base", basePath)
        let arrayKey = args.value("--array-key")
        let folder = merged.lastIndex(of: "/").map { String(merged[..<$0]) }.map { $0.isEmpty ? "/" : $0 }
        let remembered = args.has("--no-remember") ? nil : DecisionsFile.rememberedFolder(near: folder)
        var known = MergeDecisions()
        if let remembered { DecisionsFile.readRemembered(remembered, into: &known, io: io) }
        let first = try ResolveCommand.mergedAgain(base, mine, theirs, decisions: known, arrayKey: arrayKey, path: merged)
        var session = MergeToolSession(conflicts: first.open, file: merged, remembered: first.conflicts.filter(\.remembered).count)

        /// The merge with the session's choices (an edited value is mine's,
        /// edited, and chosen), or why it cannot be written.
        func outcome() throws -> Result<MergeText, CommandFailure> {
            var decisions = session.decisions(adding: known)
            var editedMine = mine
            for (c, value) in session.editedValues {
                do {
                    try setEdited(value, at: c, in: &editedMine)
                } catch let failure as CommandFailure {
                    return .failure(.trouble("\(c.subject): \(failure.message)"))
                }
                if let entity = c.entity, let identity = c.identity {
                    decisions.select(MergeDecisions.Selector(entity: entity, identity: identity, property: c.property), .mine)
                } else {
                    decisions.select(MergeDecisions.Selector(path: c.path), .mine)
                }
            }
            let markers = ConflictMarkerWriter.Markers(mine: "ours", base: "base", theirs: "theirs")
            let result = try ResolveCommand.mergedAgain(base, editedMine, theirs, decisions: decisions, arrayKey: arrayKey, path: merged, markers: markers)
            if !result.open.isEmpty { return .failure(.trouble("\(result.open.count) conflict\(result.open.count == 1 ? "" : "s") stay open with these choices")) }
            // Checked as validate would check it.
            do {
                _ = try loader.document(merged, bytes: SourceBytes(result.text))
            } catch let failure as DocumentFailure {
                return .failure(.trouble("the choices give an invalid file: " + (failure.lines.first ?? "")))
            }
            return .success(result)
        }
        /// The choices a rule overrides: a conflict that follows another is
        /// settled as that one is.
        func overridden(_ result: MergeText) -> [(MergeConflict, MergeSide?)] {
            var settled: [String: MergeSide?] = [:]
            for c in result.conflicts { settled[MergeDecisions.key(of: c)] = c.resolvedBy }
            return zip(session.conflicts, session.choices).compactMap { c, choice in
                guard case .side(let side)? = choice, let actual = settled[MergeDecisions.key(of: c)], actual != side else { return nil }
                return (c, actual)
            }
        }

        // The session, in the terminal's alternate screen with raw keys;
        // drawn again after each key, and when the terminal is resized.
        let terminal = Terminal()
        terminal.enter()
        var finish = MergeToolSession.Request.none
        var drawn: (Int, Int)?
        var written: MergeText?
        var warned = false
        while finish == .none {
            let size = terminal.size()
            if drawn.map({ $0 != size }) ?? true {
                terminal.draw(session.screen(width: size.0, height: size.1))
                drawn = size
            }
            let key: Character
            switch terminal.readKey(waiting: 250) {
            case .idle: continue
            case .end:
                finish = .quit
                continue
            case .key(let k): key = k
            }
            drawn = nil
            switch session.press(key) {
            case .none: break
            case .write:
                // Written only as a whole, and after saying which choices a rule overrides.
                switch try outcome() {
                case .failure(let why):
                    session.say("not written: \(why.message)")
                case .success(let result):
                    let ruled = overridden(result)
                    if !ruled.isEmpty && !warned {
                        warned = true
                        let first = ruled[0]
                        session.say("\(first.0.subject) follows another conflict: \(first.1?.rawValue ?? "open")"
                                    + (ruled.count > 1 ? " (and \(ruled.count - 1) more)" : "") + "; y writes")
                    } else {
                        written = result
                        finish = .write
                    }
                }
            case .quit: finish = .quit
            case .edit(let start):
                terminal.leave()
                let edited = editValue(start)
                terminal.enter()
                switch edited {
                case .success(let value):
                    // A graph's value is checked as the loader checks every value.
                    let c = session.conflicts[session.current]
                    if let graph = mine.graph, let entity = c.entity, let identity = c.identity, let property = c.property,
                        let problem = graph.valueProblem(value, of: graph.id(entity: entity, identity: identity), property) {
                        session.say("not taken: \(problem)")
                    } else {
                        session.edited(value)
                    }
                case .failure(let why): session.say(why.message)
                }
            }
        }
        terminal.leave()
        guard finish == .write, let result = written else {
            io.err("graphdiff mergetool: \(merged): nothing written (\(session.settled) of \(session.conflicts.count) choices dropped)\n")
            return .failure
        }
        try FileAccess.writeAtomically(result.text, to: merged)
        // Remembered: each side as the result settled it.
        if let remembered {
            let wasOpen = Set(first.open.map(MergeDecisions.key(of:)))
            let ruled = Set(overridden(result).map { MergeDecisions.key(of: $0.0) })
            for (c, choice) in zip(session.conflicts, session.choices) where wasOpen.contains(MergeDecisions.key(of: c)) && !ruled.contains(MergeDecisions.key(of: c)) {
                if case .side(let side)? = choice { try DecisionsFile.remember(c, side, in: remembered) }
            }
        }
        for (c, actual) in overridden(result) {
            io.err("graphdiff mergetool: \(merged): \(c.subject): settled as the conflict it follows (\(actual?.rawValue ?? "open"))\n")
        }
        io.err("graphdiff mergetool: \(merged): \(session.settled) settled\n")
        return .success
    }

    /// Runs `$VISUAL` or `$EDITOR` (else `vi`) on `start` as JSON text and
    /// reads the value back.
    static func editValue(_ start: JSONValue?) -> Result<JSONValue, CommandFailure> {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-value-\(ProcessInfo.processInfo.processIdentifier).json")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Data(JSONWriter.canonical(start ?? .null)).write(to: file)
        } catch {
            return .failure(.trouble("cannot write \(file.path)"))
        }
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "sh", file.path]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return .failure(.trouble("cannot run the editor '\(editor)'"))
        }
        guard process.terminationStatus == 0 else { return .failure(.trouble("the editor '\(editor)' failed (status \(process.terminationStatus)); value unchanged")) }
        guard let data = try? Data(contentsOf: file) else { return .failure(.trouble("the edited value cannot be read back")) }
        do {
            return .success(try JSONReader.parse([UInt8](data)))
        } catch {
            return .failure(.trouble("not JSON, value unchanged: \(Messages.lines(error, file: nil).joined(separator: " "))"))
        }
    }

    /// Sets the conflict's place in mine's version (and, for a plain JSON
    /// member, nowhere else) to `value`, so that mine's side, chosen, is it.
    static func setEdited(_ value: JSONValue, at c: MergeConflict, in mine: inout LoadedDocument) throws {
        if var graph = mine.graph, let entity = c.entity, let identity = c.identity, let property = c.property {
            guard graph.setValue(value, of: graph.id(entity: entity, identity: identity), property) else {
                throw CommandFailure.trouble("mine has no such object or property to edit")
            }
            mine = LoadedDocument(path: mine.path, home: mine.home, bytes: mine.bytes, json: nil, content: .graph(graph), schemaPath: mine.schemaPath)
            return
        }
        func set(_ v: JSONValue, _ tokens: ArraySlice<String>) -> JSONValue {
            guard let first = tokens.first else { return value }
            var o = v.objectValue ?? JSONObject()
            o[first] = set(o[first] ?? .object(JSONObject()), tokens.dropFirst())
            return .object(o)
        }
        mine = LoadedDocument(path: mine.path, home: mine.home, bytes: mine.bytes, json: set(mine.json, c.path.tokens[...]), content: .json,
                              schemaPath: nil)
    }
}

/// The terminal in raw mode: keys one at a time, without echo; the
/// alternate screen; its size. Restored by ``leave()``.
final class Terminal {
    private var saved = termios()
    private var raw = false

    func enter() {
        guard !raw, tcgetattr(0, &saved) == 0 else { return }
        var t = saved
        t.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        t.c_iflag &= ~tcflag_t(IXON | ICRNL)
        _ = tcsetattr(0, TCSAFLUSH, &t)
        raw = true
        emit("\u{1B}[?1049h\u{1B}[?25l")
    }

    func leave() {
        guard raw else { return }
        emit("\u{1B}[?25h\u{1B}[?1049l")
        _ = tcsetattr(0, TCSAFLUSH, &saved)
        raw = false
    }

    deinit { leave() }

    /// Columns and rows (80 × 24 when the terminal does not say).
    func size() -> (Int, Int) {
        var w = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 { return (Int(w.ws_col), Int(w.ws_row)) }
        return (80, 24)
    }

    func draw(_ lines: [String]) {
        emit("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    }

    /// What reading a key gave.
    enum KeyEvent {
        case key(Character)
        /// No key within the time given.
        case idle
        /// The end of input.
        case end
    }

    /// One key, waiting at most `milliseconds`: a character, ← and → for
    /// the arrow keys, ESC alone. Ctrl-C and Ctrl-D quit.
    func readKey(waiting milliseconds: Int32) -> KeyEvent {
        var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return .idle }
        return readKey().map(KeyEvent.key) ?? .end
    }

    /// One key, waiting for it; `nil` at the end of input.
    func readKey() -> Character? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x03, 0x04: return "q"
        case 0x1B:
            guard let next = readByte(timeout: 50) else { return "\u{1B}" }
            guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O"), let code = readByte(timeout: 50) else { return "\u{1B}" }
            switch code {
            case UInt8(ascii: "C"): return "\u{2192}"
            case UInt8(ascii: "D"): return "\u{2190}"
            case UInt8(ascii: "A"): return "p"
            case UInt8(ascii: "B"): return "n"
            default: return "\u{1B}"
            }
        case 0x0D, 0x0A: return "n"
        default: return Character(Unicode.Scalar(byte))
        }
    }

    private func readByte(timeout: Int32? = nil) -> UInt8? {
        if let timeout {
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeout) > 0 else { return nil }
        }
        var byte: UInt8 = 0
        return read(0, &byte, 1) == 1 ? byte : nil
    }

    private func emit(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { p in
            var done = 0
            while done < p.count {
                let n = write(1, p.baseAddress.map { $0 + done }, p.count - done)
                if n <= 0 { break }
                done += n
            }
        }
    }
}
