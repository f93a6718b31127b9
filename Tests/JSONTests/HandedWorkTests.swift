import XCTest
@testable import GraphDiffJSON

/// Once ``inParallel(_:_:)``, ``onLargeStack(stackSize:_:)`` or
/// ``onLargeStackThread(_:)`` returns, the
/// other thread holds nothing of the work: neither what its body captured
/// nor the outcome. (A thread lets go of its block only as it ends; were
/// the work held there, the caller's next change to a value it shares with
/// it would copy the value whole, or not, depending on timing.)
final class HandedWorkTests: XCTestCase {
    private final class Token {}

    /// Many rounds, as the thread's end races the caller's resumption: with
    /// the work held by the thread's block, some round finds it shared.
    private let rounds = 300

    func testInParallelLetsGoOfWhatTheOtherThreadCaptured() {
        for round in 0..<rounds {
            var captured = Token()
            let seen = captured
            let (a, b) = inParallel({ round }, { [seen] in ObjectIdentifier(seen) })
            XCTAssertEqual(a, round)
            XCTAssertEqual(b, ObjectIdentifier(captured))
            _ = consume seen
            XCTAssertTrue(isKnownUniquelyReferenced(&captured), "round \(round): the other thread still holds its body")
            if !isKnownUniquelyReferenced(&captured) { return }
        }
    }

    func testInParallelHandsTheOutcomeOverWhole() {
        for round in 0..<rounds {
            var (_, made) = inParallel({ round }, { Token() })
            XCTAssertTrue(isKnownUniquelyReferenced(&made), "round \(round): the other thread still holds its outcome")
            if !isKnownUniquelyReferenced(&made) { return }
        }
    }

    func testOnLargeStackLetsGoOfBodyAndOutcome() {
        for round in 0..<rounds {
            var captured = Token()
            let seen = captured
            var made = onLargeStack { [seen] in (ObjectIdentifier(seen), Token()) }.1
            _ = consume seen
            XCTAssertTrue(isKnownUniquelyReferenced(&captured), "round \(round): the thread still holds its body")
            XCTAssertTrue(isKnownUniquelyReferenced(&made), "round \(round): the thread still holds its outcome")
            if !isKnownUniquelyReferenced(&captured) || !isKnownUniquelyReferenced(&made) { return }
        }
    }

    func testOnLargeStackThreadLetsGoOfBodyAndOutcome() async throws {
        for round in 0..<rounds {
            var captured = Token()
            let seen = ObjectIdentifier(captured)
            // The body captures the token through a box it alone holds.
            final class Box: @unchecked Sendable { let token: Token; init(_ t: Token) { token = t } }
            let box = Box(captured)
            var made = try await onLargeStackThread { [box] in (ObjectIdentifier(box.token), Box(Token())) }
            XCTAssertEqual(made.0, seen)
            XCTAssertTrue(isKnownUniquelyReferenced(&made.1), "round \(round): the thread still holds its outcome")
            _ = consume box
            XCTAssertTrue(isKnownUniquelyReferenced(&captured), "round \(round): the thread still holds its body")
            if !isKnownUniquelyReferenced(&captured) || !isKnownUniquelyReferenced(&made.1) { return }
        }
    }

    func testErrorsStillReachTheCaller() async {
        struct Failure: Error, Equatable {}
        XCTAssertThrowsError(try onLargeStack { () throws(Failure) -> Int in throw Failure() }) { error in
            XCTAssertEqual(error as? Failure, Failure())
        }
        do {
            _ = try await onLargeStackThread { () throws -> Int in throw Failure() }
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error as? Failure, Failure())
        }
    }
}
