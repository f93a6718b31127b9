import XCTest
@testable import GraphDiff
import GraphDiffGenerator

final class LineAlignmentPresenceTests: XCTestCase {
    /// The constant-time runs answer what the walk of up to 100 lines each
    /// way answers, for every line of seeded random presence patterns
    /// (short and long runs, windows cut at both ends of the range).
    func test_presenceRuns_dropsMany_agreesWithTheWalk_seeded() {
        var generator = SplitMix64(seed: 0x16_03)
        func random(_ bound: Int) -> Int { generator.below(bound) }
        let kinds: [_LineFile.Presence] = [.absent, .some, .many]
        var checked = 0, dropped = 0
        for round in 0..<200 {
            let count = 1 + random(400)
            // Mostly one kind per pattern, so long runs occur.
            let common = kinds[random(3)], rare = random(2) == 0 ? 8 : 40
            let presence = (0..<count).map { _ in random(rare) == 0 ? kinds[random(3)] : random(3) == 0 ? .absent : common }
            let start = random(max(1, count / 4)), end = count - random(max(1, count / 4))
            guard start < end else { continue }
            let runs = _PresenceRuns(presence, start, end)
            for i in start..<end where presence[i] == .many {
                let expected = _LineFile.dropsMany(presence, i, start, end - 1)
                XCTAssertEqual(runs.dropsMany(i), expected, "round \(round), line \(i) of \(start)..<\(end)")
                checked += 1
                if expected { dropped += 1 }
            }
        }
        XCTAssertGreaterThan(dropped, 100, "the patterns reach lines that are dropped")
        XCTAssertGreaterThan(checked - dropped, 100, "and lines that are kept")
    }
}
