import Foundation
import GraphDiffGenerator

/// Seeded three-way cases of text that is hard for a line merge: CRLF and
/// mixed line ends, a missing final newline, NUL bytes, Latin-1 and other
/// invalid UTF-8, NFC and NFD spellings of one word, blank and repeated
/// lines (which make many alignments equally short).
///
/// The byte 0x01 never occurs, so a tool that refuses NUL bytes can be fed
/// the same files with 0x00 written as 0x01 (see ``LineToolRun``).
struct LineTextGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The contents lines are made of (without line ends).
    static let contents: [[UInt8]] = [
        Array("a".utf8), Array("b".utf8), Array("c".utf8), Array("d".utf8), Array("}".utf8), [],
        Array("    return x".utf8), Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8),  // NFC, NFD
        [0x63, 0x61, 0x66, 0xE9],  // Latin-1 "café"
        [0xFF, 0xFE, 0x41, 0x00],  // UTF-16 LE BOM and "A": invalid UTF-8 with a NUL
        [0x00], [0x78, 0x00, 0x79], [0xC3], [0xED, 0xA0, 0x80],  // NUL, cut sequence, surrogate
        Array("x\ry".utf8), Array("\r".utf8), Array("<<<<<<< mine".utf8), Array("line with words".utf8),
    ]

    enum Ends: CaseIterable { case lf, crlf, mixed }

    mutating func pick<T>(_ items: [T]) -> T { items[random.below(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }

    /// How many of ``contents`` the lines of the current case are made of:
    /// few make long runs of repeated lines, where many alignments are
    /// equally short and the choice between them shows.
    var alphabet = contents.count

    /// One line's bytes with its end, in a file whose line ends are `ends`.
    mutating func line(_ ends: Ends) -> [UInt8] {
        var bytes = Self.contents[random.below(alphabet)]
        if alphabet > 4 && chance(25) { bytes += Array("\(random.below(6))".utf8) }
        switch ends {
        case .lf: bytes.append(0x0A)
        case .crlf: bytes += [0x0D, 0x0A]
        case .mixed: bytes += chance(50) ? [0x0D, 0x0A] : [0x0A]
        }
        return bytes
    }

    /// A base and two edits of it.
    mutating func next() -> (base: [UInt8], mine: [UInt8], theirs: [UInt8]) {
        let ends = pick(Ends.allCases)
        alphabet = chance(30) ? 2 + random.below(3) : Self.contents.count
        let size = chance(25) ? 120 : 24
        var base: [[UInt8]] = (0..<random.below(size)).map { _ in line(ends) }
        if !base.isEmpty && chance(25) { base[base.count - 1].removeLast(base[base.count - 1].last == 0x0A ? 1 : 0) }
        let mine = edit(base, ends)
        var theirs = edit(base, ends)
        if chance(10) { theirs = base }
        if chance(5) { theirs = mine }
        return (base.joined().map { $0 }, mine.joined().map { $0 }, theirs.joined().map { $0 })
    }

    /// `lines` after a few random edits: ranges deleted, inserted or
    /// replaced, a line's end switched between LF and CRLF, a line respelt
    /// NFC↔NFD, the final newline dropped or added.
    mutating func edit(_ lines: [[UInt8]], _ ends: Ends) -> [[UInt8]] {
        var lines = lines
        for _ in 0..<random.below(lines.count > 30 ? 12 : 5) {
            let at = random.below(lines.count + 1)
            switch random.below(7) {
            case 0, 1:
                let n = min(1 + random.below(3), lines.count - at)
                lines.removeSubrange(at..<at + n)
            case 2, 3:
                lines.insert(contentsOf: (0..<1 + random.below(3)).map { _ in line(ends) }, at: at)
            case 4:
                let n = min(1 + random.below(3), lines.count - at)
                lines.replaceSubrange(at..<at + n, with: (0..<random.below(4)).map { _ in line(ends) })
            case 5 where at < lines.count:
                lines[at] = switchEnd(lines[at])
            default:
                if let last = lines.indices.last {
                    if lines[last].last == 0x0A { lines[last].removeLast() } else { lines[last].append(0x0A) }
                }
            }
        }
        // Only the last line may lack its newline.
        for i in lines.indices.dropLast() where lines[i].last != 0x0A { lines[i].append(0x0A) }
        return lines
    }

    /// The line with LF for CRLF or CRLF for LF, or NFC and NFD swapped.
    func switchEnd(_ line: [UInt8]) -> [UInt8] {
        let nfc = Array("caf\u{E9}".utf8), nfd = Array("cafe\u{301}".utf8)
        if line.starts(with: nfc) { return nfd + line.dropFirst(nfc.count) }
        if line.starts(with: nfd) { return nfc + line.dropFirst(nfd.count) }
        if line.suffix(2) == [0x0D, 0x0A] { return line.dropLast(2) + [0x0A] }
        if line.last == 0x0A { return line.dropLast() + [0x0D, 0x0A] }
        return line
    }
}

/// Shows bytes as a Swift-like string literal, for failure messages.
func escaped(_ bytes: [UInt8]) -> String {
    var s = "\""
    for b in bytes {
        switch b {
        case 0x0A: s += "\\n"
        case 0x0D: s += "\\r"
        case 0x22: s += "\\\""
        case 0x5C: s += "\\\\"
        case 0x20..<0x7F: s += String(UnicodeScalar(b))
        default: s += String(format: "\\x%02X", b)
        }
    }
    return s + "\""
}
