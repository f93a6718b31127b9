import Foundation
import GraphDiffGenerator
import XCTest

@testable import GraphDiff

/// RFC 7386 generation's law, over seeded pairs of JSON values (objects,
/// arrays, scalars and nulls at every depth, the second often an edit of
/// the first): `MergePatch.diff(a, b)` either says no merge patch can
/// express the change, or gives a patch whose application to `a` is `b`.
/// 20,000 pairs (`GRAPHDIFF_MERGEPATCH_CASES=N` sets the number);
/// `GRAPHDIFF_MERGEPATCH_SEED=S` reruns one.
final class MergePatchLawTests: XCTestCase {
    func test_diffThenApply_givesTheTarget_orSaysItCannot() {
        let environment = ProcessInfo.processInfo.environment
        let cases = max(1, environment["GRAPHDIFF_MERGEPATCH_CASES"].flatMap(UInt64.init) ?? 20_000)
        let seeds: [UInt64] = environment["GRAPHDIFF_MERGEPATCH_SEED"].flatMap(UInt64.init).map { [$0] } ?? Array(1...cases)
        var expressed = 0
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let a = Self.value(&random, depth: 0)
            let b = random.below(3) == 0 ? Self.value(&random, depth: 0) : Self.edit(a, &random)
            do {
                let patch = try MergePatch.diff(from: a, to: b)
                expressed += 1
                let applied = MergePatch.apply(patch, to: a)
                if applied != b {
                    XCTFail("seed \(seed): \(a) with \(patch) gives \(applied), not \(b)")
                    return
                }
            } catch {
                guard case .unrepresentableInMergePatch = error else { XCTFail("seed \(seed): \(error)"); return }
            }
        }
        if seeds.count > 100 { XCTAssertGreaterThan(expressed, seeds.count / 2) }
    }

    static func value(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        switch random.below(depth > 2 ? 4 : 7) {
        case 0: return .null
        case 1: return .bool(random.below(2) == 0)
        case 2: return .number(JSONNumber(random.below(5)))
        case 3: return .string(["a", "b", ""][random.below(3)])
        case 4: return .array((0..<random.below(3)).map { _ in value(&random, depth: depth + 1) })
        default:
            var members: [JSONObject.Member] = []
            for key in ["k", "l", "m"] where random.below(2) == 0 { members.append(.init(key: key, value: value(&random, depth: depth + 1))) }
            return .object(JSONObject(members))
        }
    }

    /// `v` with a few members changed, added or removed.
    static func edit(_ v: JSONValue, _ random: inout SplitMix64) -> JSONValue {
        guard case .object(var o) = v, random.below(5) != 0 else { return value(&random, depth: 1) }
        for key in ["k", "l", "m", "n"] where random.below(3) == 0 {
            switch random.below(3) {
            case 0: o[key] = nil
            case 1: o[key] = o[key].map { edit($0, &random) } ?? value(&random, depth: 1)
            default: o[key] = value(&random, depth: 1)
            }
        }
        return .object(o)
    }
}
