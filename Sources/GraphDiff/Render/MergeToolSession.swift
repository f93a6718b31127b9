import GraphDiffJSON

/// An interactive resolution of a merge's open conflicts (`graphdiff
/// mergetool`), as a value: the conflicts, a choice for each, the one
/// shown, what undo takes back; each key a transition, each state a screen.
/// The terminal around it (raw keys, `$EDITOR`, files) is the command's.
///
///     var session = MergeToolSession(conflicts: merged.open, file: "lists.graph.json")
///     session.press("t")          // theirs for the first conflict, then the next one
///     session.screen(width: 80, height: 24)
public struct MergeToolSession: Sendable {
    /// How one conflict is settled: a side, or a value edited by hand.
    public enum Choice: Sendable, Equatable {
        case side(MergeSide)
        case edited(JSONValue)
    }

    /// What the command must do after a key.
    public enum Request: Sendable, Equatable {
        /// Nothing: draw the screen again.
        case none
        /// Let the person edit this value (the current conflict's mine, as
        /// a start) and give the result to ``edited(_:)``.
        case edit(JSONValue?)
        /// Write the result with the choices made, and finish.
        case write
        /// Finish without writing.
        case quit
    }

    /// The screens the session shows.
    public enum Phase: Sendable, Equatable {
        case choosing
        /// The choices, before writing.
        case summary
    }

    /// The open conflicts, in the merge's order.
    public let conflicts: [MergeConflict]
    /// The merged file's name, for the screen.
    public let file: String
    /// The choice for each conflict (`nil`: open).
    public private(set) var choices: [Choice?]
    /// The conflict shown.
    public private(set) var current = 0
    /// The screen shown: a conflict, or the summary.
    public private(set) var phase = Phase.choosing
    /// A line for the person: what the last key did, or why it did nothing.
    public private(set) var message: String?
    /// What undo restores: a conflict's earlier choice, and the one shown then.
    private var history: [(index: Int, choice: Choice?, shown: Int)] = []

    /// A session over `conflicts` (the open ones) of the merge of `file`;
    /// `remembered` conflicts were settled from earlier decisions (said on
    /// the first screen).
    public init(conflicts: [MergeConflict], file: String, remembered: Int = 0) {
        self.conflicts = conflicts
        self.file = file
        self.choices = Array(repeating: nil, count: conflicts.count)
        if remembered > 0 { message = "\(remembered) settled from earlier decisions" }
    }

    /// How many conflicts have a choice.
    public var settled: Int { choices.filter { $0 != nil }.count }

    /// Whether the conflict's value can be edited by hand: one property's
    /// value (of an object both sides have, or a member of a plain JSON
    /// document reached through members only), where the result holds
    /// exactly it; not a place in an order (`{"member", "after"}`).
    public static func canEdit(_ c: MergeConflict) -> Bool {
        guard c.kind == .property || c.kind == .insertInsert, c.mine != nil, c.theirs != nil else { return false }
        if c.mine?.objectValue?["member"] != nil && c.mine?.objectValue?["after"] != nil { return false }
        if c.entity != nil { return c.property != nil && c.path.tokens.count == 4 }
        guard let location = c.location else { return !c.path.tokens.isEmpty && c.path.tokens.first != "metadata" }
        return !location.segments.isEmpty && location.segments.allSatisfy { if case .member = $0 { return true } else { return false } }
    }

    /// The transition for one key: `m` mine, `t` theirs, `b` base, `u`
    /// union, `e` edit, `n` (space, →, `j`) next, `p` (←, `k`) previous,
    /// `z` undo, `w` write (after a summary: `y` writes, `n` goes back),
    /// `q` quit, `?` help.
    public mutating func press(_ key: Character) -> Request {
        message = nil
        if phase == .summary {
            switch key {
            case "y", "w":
                // git mergetool takes a file with conflicts left for a failed
                // merge and puts the old one back: every choice would be lost.
                guard settled == conflicts.count else {
                    message = "\(conflicts.count - settled) without a choice: n goes back to them"
                    return .none
                }
                return .write
            case "n", "\u{1B}":
                phase = .choosing
                // Back at the first conflict without a choice, if any.
                if let open = choices.firstIndex(where: { $0 == nil }) { current = open }
            case "q": return .quit
            default: message = "y writes, n goes back, q quits without writing"
            }
            return .none
        }
        guard !conflicts.isEmpty else { return key == "q" ? .quit : key == "w" ? .write : .none }
        let c = conflicts[current]
        switch key {
        case "m": choose(.side(.mine))
        case "t": choose(.side(.theirs))
        case "b": choose(.side(.base))
        case "u":
            if !MergeDecisions.unionApplies(to: c) {
                message = "union applies only to arrays"
            } else {
                choose(.side(.union))
            }
        case "e":
            guard Self.canEdit(c) else {
                message = "only a property's value can be edited; choose a side"
                return .none
            }
            if case .edited(let v)? = choices[current] { return .edit(v) }
            return .edit(c.mine ?? c.theirs ?? c.base)
        case "n", " ", "j", "\u{2192}": move(1)
        case "p", "k", "\u{2190}": move(-1)
        case "z": undo()
        case "w": phase = .summary
        case "q": return .quit
        case "?": message = "b: as --conflicts report keeps it; u: arrays; e: $EDITOR"
        default: message = "unknown key: ? lists the keys"
        }
        return .none
    }

    /// Sets the current conflict's value to `value`, edited by hand.
    public mutating func edited(_ value: JSONValue) {
        choose(.edited(value))
    }

    /// Tells the person why an edit was not taken.
    public mutating func say(_ text: String) { message = text }

    mutating func choose(_ choice: Choice) {
        history.append((current, choices[current], current))
        choices[current] = choice
        // On to the next conflict without a choice, if any.
        let n = conflicts.count, from = current, open = choices
        if let next = (1...n).map({ (from + $0) % n }).first(where: { open[$0] == nil }) {
            current = next
        }
    }

    mutating func move(_ step: Int) {
        let n = conflicts.count
        current = ((current + step) % n + n) % n
    }

    mutating func undo() {
        guard let last = history.popLast() else {
            message = "nothing to undo"
            return
        }
        choices[last.index] = last.choice
        current = last.shown
        message = "undone"
    }

    /// The decisions the choices make, added to `decisions`: each side
    /// recorded for its conflict (by its content); an edited conflict is
    /// settled by ``editedValues`` instead.
    public func decisions(adding decisions: MergeDecisions) -> MergeDecisions {
        var result = decisions
        for (c, choice) in zip(conflicts, choices) {
            if case .side(let side)? = choice { result.record(c, side) }
        }
        return result
    }

    /// The conflicts edited by hand, with their values.
    public var editedValues: [(conflict: MergeConflict, value: JSONValue)] {
        zip(conflicts, choices).compactMap { c, choice in
            if case .edited(let v)? = choice { return (c, v) }
            return nil
        }
    }

    // MARK: Screen

    /// The screen: `height` lines of at most `width` characters (Unicode
    /// scalars), the current conflict with base, mine and theirs side by
    /// side (or the summary), the choice, and the keys.
    public func screen(width: Int, height: Int) -> [String] {
        let w = max(width, 40), h = max(height, 10)
        var lines: [String] = []
        func add(_ s: String) { lines.append(Self.fit(s, w)) }
        let rule = String(repeating: "-", count: w)
        if phase == .summary {
            add("summary: \(settled) of \(conflicts.count) settled  \(file)")
            add(rule)
            let room = h - 5
            for (i, c) in conflicts.enumerated().prefix(room) {
                add(" \(i + 1). \(c.subject): \(Self.name(choices[i]))")
            }
            if conflicts.count > room { add(" … \(conflicts.count - room) more") }
            while lines.count < h - 3 { lines.append("") }
            add(message ?? (settled < conflicts.count ? "every conflict needs a choice before writing" : "every conflict has a choice"))
            add(rule)
            add("y write and finish   n back   q quit without writing")
            return lines
        }
        guard !conflicts.isEmpty else {
            add("graphdiff mergetool  \(file)  no conflict left")
            while lines.count < h - 1 { lines.append("") }
            add("w write   q quit")
            return lines
        }
        let c = conflicts[current]
        add("conflict \(current + 1) of \(conflicts.count)  (\(settled) settled)  \(file)")
        add("\(c.subject): \(c.summary)")
        add(rule)
        let column = (w - 6) / 3
        let chosen = choices[current]
        func header(_ name: String, _ side: MergeSide) -> String {
            chosen == .side(side) ? "[\(name)]" : name
        }
        let heads = [header("BASE", .base), header("MINE", .mine), header("THEIRS", .theirs)]
        add(heads.map { Self.pad($0, column) }.joined(separator: " | "))
        let columns = [c.base, c.mine, c.theirs].map { Self.lines(of: $0, width: column) }
        // Word-level lines for long strings, below the columns.
        var words: [String] = []
        let context = RenderContext(color: false, wordDiff: true)
        if let b = c.base {
            for (label, v) in [("mine", c.mine), ("theirs", c.theirs)] {
                if let v, let marked = HumanRenderer.wordDiffLiteral(b, v, context) { words.append("\(label): \(marked)") }
            }
        }
        // The words only where the values keep room of their own.
        if h - lines.count - 4 - (words.count + 1) < 3 { words = [] }
        let footer = 4 + (words.isEmpty ? 0 : words.count + 1)
        let room = max(1, h - lines.count - footer)
        let tall = columns.map(\.count).max() ?? 0
        for row in 0..<min(tall, room) {
            let cells = columns.map { column -> String in
                // The last row says how many lines of that value are left out.
                if row == room - 1 && column.count > room { return "… \(column.count - room + 1) more lines" }
                return row < column.count ? column[row] : ""
            }
            add(cells.map { Self.pad($0, column) }.joined(separator: " | "))
        }
        while lines.count < h - footer { lines.append("") }
        if !words.isEmpty {
            add("words, base to each side:")
            for line in words { add(line) }
        }
        var choice = "choice: \(Self.name(chosen))"
        if case .edited(let v)? = chosen { choice += " " + JSONWriter.string(v) }
        add(choice + (message.map { "   (\($0))" } ?? ""))
        add(rule)
        let keys = "m mine t theirs b base u union e edit n/p next/prev z undo w write q quit"
        if keys.count <= w {
            add(keys)
            add("")
        } else {
            add("m mine t theirs b base u union e edit")
            add("n/p next/prev z undo w write q quit")
        }
        return Array(lines.prefix(h))
    }

    /// A choice in words.
    static func name(_ choice: Choice?) -> String {
        switch choice {
        case .side(let side)?: return side.rawValue
        case .edited?: return "edited"
        case nil: return "(none)"
        }
    }

    /// A value as lines of at most `width`: absent, a string or a number on
    /// one line; a list of names one a line (orders); anything else as
    /// canonical JSON text, cut to the width.
    static func lines(of value: JSONValue?, width: Int) -> [String] {
        guard let value else { return ["(absent)"] }
        var text: [String]
        if case .array(let list) = value, list.allSatisfy({ $0.stringValue != nil }), !list.isEmpty {
            text = list.enumerated().map { "\($0.offset + 1). \($0.element.stringValue ?? "")" }
        } else {
            text = String(decoding: JSONWriter.canonical(value), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if text.last == "" { text.removeLast() }
        }
        // Wrapped, not cut: a long string is read whole.
        return text.flatMap { line -> [String] in
            let scalars = Array(line.unicodeScalars)
            guard scalars.count > width, width > 0 else { return [line] }
            return stride(from: 0, to: scalars.count, by: width).map { start in
                var s = String.UnicodeScalarView()
                s.append(contentsOf: scalars[start..<min(start + width, scalars.count)])
                return String(s)
            }
        }
    }

    static func fit(_ s: String, _ width: Int) -> String {
        let scalars = s.unicodeScalars
        guard scalars.count > width else { return s }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(width - 1))
        return String(cut) + "…"
    }

    static func pad(_ s: String, _ width: Int) -> String {
        let fitted = fit(s, width)
        return fitted + String(repeating: " ", count: max(0, width - fitted.unicodeScalars.count))
    }
}
