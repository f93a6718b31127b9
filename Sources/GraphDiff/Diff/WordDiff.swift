/// The changed words between two long strings, with the unchanged text
/// around them (long unchanged stretches left out), for the human and tree
/// reports of a changed string value (`git diff --word-diff` style).
///
///     let words = WordDiff.diff(from: old, to: new)
///     // [.elided(212), .unchanged("see the "), .removed("old"), .added("new"), .unchanged(" guide for"), .elided(8034)]
///
/// The rules, which graphdiff(1) states:
/// - Only a string "longer than a line" is split into words: one of the two
///   has more than ``lineLength`` (80) Unicode scalars or a line break
///   (`\n` or `\r`). Shorter strings are shown whole, `old → new`.
/// - Words are those of ``ByteLines/init(words:)`` (git's word regex), and
///   they are aligned as lines are (``LineAlignment``: Myers 1986, linear
///   space, common ends set aside first), so equal words compare by bytes.
///   Two changes with only whitespace between them are one change (as in
///   git, where whitespace does not make words): `[-a b-]{+c d+}`, not
///   `[-a-]{+c+} [-b-]{+d+}`.
/// - When the words the strings share (whitespace not counted) make up less
///   than half of the longer string's words (counted in bytes, whitespace
///   not counted), the strings are shown whole: `nil`.
/// - When the marked text (``Segment/unchanged(_:)``, removed text in
///   `[-…-]`, added text in `{+…+}`, `…` for a left-out stretch; UTF-8
///   bytes before escaping) would be longer than both strings shown whole,
///   `"old" → "new"`, the strings are shown whole: `nil` (rewritten data,
///   such as regenerated CSV rows, shares its punctuation but reads better
///   whole).
/// - Around each change, unchanged text is kept on each side up to the
///   ``contextWords``-th (5th) run of letters and digits, or the
///   ``contextLimit``-th (15th) such run or other character (punctuation
///   and the like; whitespace not counted), whichever comes first; the
///   rest of a stretch of unchanged text, if it holds more than
///   whitespace, is replaced by one ``Segment/elided(_:)``.
///
/// - Note: The alignment is not always minimal: past a cost of
///   ``searchCostBound`` (256) edits, the search of a stretch stops at its
///   furthest-reaching point (see ``LineAlignment``).
package struct WordDiff: Hashable, Sendable {
    /// One stretch of the report, in the order of the text.
    package enum Segment: Hashable, Sendable {
        /// Text both strings have, shown.
        case unchanged(String)
        /// Text both strings have, left out: this many Unicode scalars.
        case elided(Int)
        /// Text of the old string only (always right before its replacement,
        /// if any).
        case removed(String)
        /// Text of the new string only.
        case added(String)
    }

    /// The stretches, in order; never two unchanged or elided in a row.
    package var segments: [Segment]

    /// The longest string, in Unicode scalars, shown whole without a line
    /// break.
    package static let lineLength = 80
    /// The cost past which the alignment of one stretch of words stops at
    /// its furthest-reaching point (see ``LineAlignment``): fixed, rather
    /// than growing with √(*n* + *m*) as for lines.
    package static let searchCostBound = 256
    /// How many words (runs of letters and digits) of unchanged text are
    /// kept on each side of a change...
    package static let contextWords = 5
    /// ...unless this many words and other characters (punctuation and
    /// the like; whitespace not counted) come first.
    package static let contextLimit = 15

    /// The word diff of `old` and `new`, or `nil` when they are to be shown
    /// whole: both fit on a line, they are equal, or they share too little.
    ///
    /// - Complexity: O((*n* + *m*) · min(*d*, √(*n* + *m*)) + *n* + *m*)
    ///   time and O(*n* + *m*) memory, where *n* and *m* are the word
    ///   counts and *d* the number of words added and removed.
    package static func diff(from old: String, to new: String) -> WordDiff? {
        let a = Array(old.utf8), b = Array(new.utf8)
        guard a != b, _isLong(a) || _isLong(b) else { return nil }
        let ta = ByteLines(words: a), tb = ByteLines(words: b)
        let changes = LineAlignment.changes(from: ta, to: tb, costBound: searchCostBound)

        // Too little in common: show both whole.
        func textBytes(_ words: ByteLines, _ range: Range<Int>) -> Int {
            var n = 0
            for i in range where !words.isWhitespaceWord(i) { n += words.bounds[i + 1] - words.bounds[i] }
            return n
        }
        var removedText = 0
        for c in changes { removedText += textBytes(ta, c.oldStart..<c.oldEnd) }
        let oldText = textBytes(ta, 0..<ta.count), newText = textBytes(tb, 0..<tb.count)
        guard (oldText - removedText) * 2 >= max(oldText, newText) else { return nil }

        // Changes apart by whitespace only read as one.
        var merged: [LineChange] = []
        for c in changes {
            if let last = merged.last, (last.oldEnd..<c.oldStart).allSatisfy(ta.isWhitespaceWord) {
                merged[merged.count - 1] = LineChange(oldStart: last.oldStart, oldCount: c.oldEnd - last.oldStart,
                                                      newStart: last.newStart, newCount: c.newEnd - last.newStart)
            } else {
                merged.append(c)
            }
        }
        var segments: [Segment] = []
        var next = 0
        for (n, c) in merged.enumerated() {
            _appendUnchanged(ta, next..<c.oldStart, first: n == 0, last: false, to: &segments)
            if c.oldCount > 0 { segments.append(.removed(String(decoding: ta[c.oldStart..<c.oldEnd], as: UTF8.self))) }
            if c.newCount > 0 { segments.append(.added(String(decoding: tb[c.newStart..<c.newEnd], as: UTF8.self))) }
            next = c.oldEnd
        }
        _appendUnchanged(ta, next..<ta.count, first: merged.isEmpty, last: true, to: &segments)
        // Longer than both strings whole: show them whole.
        guard _markedLength(segments) <= a.count + b.count + _wholeOverhead else { return nil }
        return WordDiff(segments: segments)
    }

    /// The bytes a report spends on two strings shown whole besides their
    /// text, `"` `" → "` `"`, less the two quotes of a marked literal.
    static let _wholeOverhead = 7

    /// The UTF-8 length of the marked text of `segments` before escaping:
    /// `[-…-]` and `{+…+}` around changes, `…` (3 bytes) for a left-out
    /// stretch.
    static func _markedLength(_ segments: [Segment]) -> Int {
        var n = 0
        for segment in segments {
            switch segment {
            case .unchanged(let t): n += t.utf8.count
            case .elided: n += 3
            case .removed(let t), .added(let t): n += t.utf8.count + 4
            }
        }
        return n
    }

    /// Whether UTF-8 text is longer than a line: a line break, or more than
    /// ``lineLength`` scalars.
    static func _isLong(_ bytes: [UInt8]) -> Bool {
        var scalars = 0
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D { return true }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        return scalars > lineLength
    }

    /// Appends the unchanged words `range`, keeping context next to a
    /// change on each side (`first`: no change before; `last`: no change
    /// after) and eliding the rest.
    static func _appendUnchanged(_ words: ByteLines, _ range: Range<Int>, first: Bool, last: Bool, to segments: inout [Segment]) {
        guard !range.isEmpty else { return }
        func text(_ r: Range<Int>) -> String { String(decoding: words[r], as: UTF8.self) }
        /// Whether the context is full after counting word `i`.
        func full(_ i: Int, _ letters: inout Int, _ others: inout Int) -> Bool {
            guard !words.isWhitespaceWord(i) else { return false }
            others += 1
            if words.isLetterWord(i) { letters += 1 }
            return letters == contextWords || others == contextLimit
        }
        // The head ends just after its last word of context.
        var headEnd = range.lowerBound
        if !first {
            var letters = 0, others = 0
            while headEnd < range.upperBound {
                headEnd += 1
                if full(headEnd - 1, &letters, &others) { break }
            }
        }
        // The tail starts at its first word of context.
        var tailStart = range.upperBound
        if !last {
            var letters = 0, others = 0
            while tailStart > headEnd {
                tailStart -= 1
                if full(tailStart, &letters, &others) { break }
            }
        }
        var elidesText = false
        for i in headEnd..<tailStart where !words.isWhitespaceWord(i) {
            elidesText = true
            break
        }
        guard elidesText else {
            segments.append(.unchanged(text(range)))
            return
        }
        if headEnd > range.lowerBound { segments.append(.unchanged(text(range.lowerBound..<headEnd))) }
        var scalars = 0
        for byte in words[headEnd..<tailStart] where byte & 0xC0 != 0x80 { scalars += 1 }
        segments.append(.elided(scalars))
        if tailStart < range.upperBound { segments.append(.unchanged(text(tailStart..<range.upperBound))) }
    }
}
