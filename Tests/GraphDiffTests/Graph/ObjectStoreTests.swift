import XCTest
@testable import GraphDiff

/// ``ObjectStore`` behaves as a dictionary from identity to object, whatever
/// the sequence of edits: checked against `Dictionary` as the oracle.
final class ObjectStoreTests: XCTestCase {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func object(_ n: Int) -> GraphObject {
        GraphObject(entityIndex: n % 3, values: [.string("v\(n)")], sourceOffset: n)
    }

    func id(_ n: Int) -> ObjectID {
        // Two roots share identities: equality must compare the root too.
        ObjectID(entity: n % 2 == 0 ? "A" : "B", identity: "id\(n / 2)")
    }

    func assertSame(_ store: ObjectStore, _ oracle: [ObjectID: GraphObject], seed: UInt64, step: Int) {
        XCTAssertEqual(store.count, oracle.count, "seed \(seed) step \(step)")
        XCTAssertEqual(store.isEmpty, oracle.isEmpty)
        var seen = 0
        for (key, value) in store {
            seen += 1
            XCTAssertEqual(oracle[key], value, "seed \(seed) step \(step) \(key)")
        }
        XCTAssertEqual(seen, oracle.count)
        XCTAssertEqual(Set(store.keys), Set(oracle.keys))
        XCTAssertEqual(store.values.count, oracle.count)
    }

    func testRandomEditsAgreeWithDictionary() {
        for seed in UInt64(1)...300 {
            var g = Generator(state: seed)
            var store = ObjectStore()
            var oracle: [ObjectID: GraphObject] = [:]
            let universe = 1 + g.next(200)
            let steps = g.next(400)
            for step in 0..<steps {
                let n = g.next(universe)
                let key = id(n)
                switch g.next(6) {
                case 0:
                    store[key] = object(step)
                    oracle[key] = object(step)
                case 1:
                    store[key] = nil
                    oracle[key] = nil
                case 2:
                    XCTAssertEqual(store.removeValue(forKey: key), oracle.removeValue(forKey: key))
                case 3:
                    XCTAssertEqual(store.updateValue(object(step), forKey: key), oracle.updateValue(object(step), forKey: key))
                case 4:
                    store[key]?.values[0] = .number(JSONNumber(String(step)))
                    oracle[key]?.values[0] = .number(JSONNumber(String(step)))
                case 5 where step % 7 == 0:
                    // Any entity position is an object's own business: the
                    // store's liveness is not a field of the object.
                    let odd = GraphObject(entityIndex: -1 - step, values: [.null])
                    store[key] = odd
                    oracle[key] = odd
                default:
                    XCTAssertEqual(store[key], oracle[key])
                    XCTAssertEqual(store.row(of: key).map(store.id(atRow:)), oracle[key] == nil ? nil : key)
                }
            }
            store._checkInvariants()
            assertSame(store, oracle, seed: seed, step: steps)
            // Equality ignores the order rows were added in.
            var rebuilt = ObjectStore()
            for key in oracle.keys.sorted().reversed() { rebuilt[key] = oracle[key] }
            XCTAssertEqual(rebuilt, store, "seed \(seed)")
            if let any = oracle.keys.first {
                rebuilt[any]?.entityIndex += 7
                XCTAssertNotEqual(rebuilt, store, "seed \(seed)")
            }
        }
    }

    func testRowNearFindsTheSameRowAsTheIndex() {
        var a = ObjectStore(), b = ObjectStore()
        for n in 0..<1000 { a[id(n)] = object(n) }
        for n in 0..<1000 where n % 7 != 0 { b[id(n)] = object(n) }
        for n in 1000..<1100 { b[id(n)] = object(n) }
        var near = 0, hits = 0
        for (key, _) in a {
            let row = b.row(of: key, near: near)
            XCTAssertEqual(row, b.row(of: key))
            if let row { hits += 1; near = row + 1 }
        }
        XCTAssertEqual(hits, 1000 - 143)
        XCTAssertNil(b.row(of: id(0), near: -5))
        XCTAssertNil(b.row(of: id(0), near: 1 << 20))
    }

    func testAppendingWithAnotherStoresHashFindsTheObject() {
        var source = ObjectStore()
        for n in 0..<500 { source[id(n)] = object(n) }
        source[id(3)] = nil
        var copy = ObjectStore()
        for row in 0..<source.rowCount {
            guard let o = source.object(atRow: row) else { continue }
            copy.appendUnindexed(o, id: source.id(atRow: row), hash: source.hash(atRow: row))
        }
        XCTAssertNil(copy.buildIndex())
        XCTAssertEqual(copy, source)
        XCTAssertEqual(copy.count, 499)
        XCTAssertNil(copy[id(3)])
        XCTAssertEqual(copy[id(499)], object(499))
    }

    func testBuildingTheIndexInBulkFindsEveryRowAndReportsADuplicate() {
        for n in [0, 1, 7, 8, 9, 1000, 5000] {
            var store = ObjectStore()
            for k in 0..<n { store.appendUnindexed(object(k), id: id(k)) }
            XCTAssertNil(store.buildIndex())
            XCTAssertEqual(store.count, n)
            for k in 0..<n { XCTAssertEqual(store[id(k)], object(k)) }
            XCTAssertNil(store[id(n)])
            // The store goes on growing as usual.
            store[id(n)] = object(n)
            XCTAssertEqual(store[id(n)], object(n))
        }
        var twice = ObjectStore()
        for k in [1, 2, 3, 2] { twice.appendUnindexed(object(k), id: id(k)) }
        XCTAssertEqual(twice.buildIndex(), id(2))
    }

    /// Law: the table built on two cores (each filling half of the words,
    /// the rows whose probe crosses out of a half inserted afterwards)
    /// finds every row on its probe path and nothing else, as the table
    /// built on one core does, and reports a key held twice as the one-core
    /// build does (the same row). Over 1,000 seeded sets of hashes, from
    /// thresholds of a few rows: spread, crowded into a few home slots (long
    /// probe runs across the middle and off the end), and with duplicates.
    func test_law_tableBuiltOnTwoCores_findsWhatTheOneCoreTableFinds() {
        for seed in UInt64(1)...1_000 {
            var g = Generator(state: seed)
            let n = 1 + g.next(600)
            let crowding = g.next(4)
            let keys: [Int] = (0..<n).map { k in g.next(5) == 0 && seed % 3 == 0 ? g.next(n) : k }
            let size = UInt64(IdentityHashTable.size(forCapacity: n)), mask = size - 1
            let hashes: [UInt64] = keys.map { key in
                var h = UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 29
                // The same key, the same hash; its home slot as `crowding` says.
                var k = UInt64(truncatingIfNeeded: key) &* 0x2545_F491_4F6C_DD1D
                func next(_ bound: UInt64) -> UInt64 {
                    k = k &* 6364136223846793005 &+ 1442695040888963407
                    return (k >> 33) % bound
                }
                switch crowding {
                case 0: return h
                // A few home slots just below the middle of the table and its end.
                case 1: return (h & ~mask) | ((next(2) == 0 ? size / 2 : size) - 1 - next(4))
                case 2: return (h & ~mask) | (size - 1 - next(8))
                default: return h & ~(mask >> 3)
                }
            }
            let sameKey: (Int, Int) -> Bool = { keys[$0] == keys[$1] }
            let oneCore = IdentityHashTable.build(hashes: hashes, sameKey: sameKey)
            let twoCores = TwoCores.lowered(1 + g.next(8)) { IdentityHashTable.build(hashes: hashes, sameKey: sameKey) }
            switch (oneCore, twoCores) {
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a.row, b.row, "seed \(seed)")
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a.words.count, b.words.count, "seed \(seed)")
                XCTAssertEqual(b.rows.sorted(), Array(0..<n), "seed \(seed)")
                for row in 0..<n {
                    XCTAssertTrue(b.reaches(row: row, hash: hashes[row]), "seed \(seed) row \(row)")
                    XCTAssertEqual(b.row(hash: hashes[row]) { keys[$0] == keys[row] }, row, "seed \(seed) row \(row)")
                }
                XCTAssertNil(b.row(hash: hashes[0] ^ 0x5555) { _ in false })
            default:
                XCTFail("seed \(seed): one core \(oneCore), two cores \(twoCores)")
            }
        }
    }

    func testRemovingMostRowsCompactsAndKeepsOrder() {
        var store = ObjectStore()
        for n in 0..<1000 { store[id(n)] = object(n) }
        for n in 0..<1000 where n % 10 != 0 { store[id(n)] = nil }
        XCTAssertEqual(store.count, 100)
        XCTAssertLessThan(store.rowCount, 1000)
        XCTAssertEqual(store.keys, (0..<1000).filter { $0 % 10 == 0 }.map(id))
        store[id(5)] = object(5)
        XCTAssertEqual(store.keys.last, id(5))
        XCTAssertEqual(store[id(5)], object(5))
    }
}
