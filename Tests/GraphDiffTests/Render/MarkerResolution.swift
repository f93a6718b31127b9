import GraphDiffGenerator
@testable import GraphDiff

/// Resolves a file with conflict markers as a person would: in each block,
/// keep mine's lines, theirs', or the base's (`nil`); `choose` gets the
/// block's number.
func resolveMarkers(_ text: [UInt8], size: Int = 7, choose: (Int) -> MergeSide?) -> [UInt8] {
    enum Part { case outside, mine, base, theirs }
    var out: [UInt8] = []
    var part = Part.outside
    var block = -1
    var keep: MergeSide? = .mine
    func starts(_ line: ArraySlice<UInt8>, _ c: Character) -> Bool {
        guard line.count >= size, line.prefix(size).allSatisfy({ $0 == c.asciiValue }) else { return false }
        let after = line.dropFirst(size).first
        return after == nil || after == 0x20 || after == 0x0A
    }
    var start = 0
    while start < text.count {
        var end = start
        while end < text.count && text[end] != 0x0A { end += 1 }
        if end < text.count { end += 1 }
        let line = text[start..<end]
        start = end
        if starts(line, "<") && part == .outside {
            block += 1
            keep = choose(block)
            part = .mine
        } else if starts(line, "|") && part == .mine {
            part = .base
        } else if starts(line, "=") && (part == .mine || part == .base) {
            part = .theirs
        } else if starts(line, ">") && part == .theirs {
            part = .outside
        } else if part == .outside || (part == .mine && keep == .mine) || (part == .theirs && keep == .theirs) || (part == .base && keep == nil) {
            out += line
        }
    }
    return out
}

/// Checks the marker law for a merge with open conflicts: keeping mine's
/// lines everywhere gives `forMine`, theirs' gives `forTheirs`, the base's
/// everywhere is valid JSON, and so is any mix. `nil` when it holds.
func markerLawProblem(_ text: [UInt8], forMine: [UInt8], forTheirs: [UInt8], seed: UInt64) -> String? {
    if resolveMarkers(text, choose: { _ in .mine }) != forMine { return "keeping mine's blocks is not the --prefer mine result" }
    if resolveMarkers(text, choose: { _ in .theirs }) != forTheirs { return "keeping theirs' blocks is not the --prefer theirs result" }
    let based = resolveMarkers(text, choose: { _ in nil })
    if (try? JSONReader.parse(based)) == nil { return "keeping the base's blocks is not valid JSON:\n" + String(decoding: based, as: UTF8.self) }
    var random = SplitMix64(seed: seed)
    for _ in 0..<4 {
        let mixed = resolveMarkers(text, choose: { _ in random.below(2) == 0 ? .mine : .theirs })
        if (try? JSONReader.parse(mixed)) == nil { return "a mix of blocks is not valid JSON:\n" + String(decoding: mixed, as: UTF8.self) }
    }
    return nil
}
