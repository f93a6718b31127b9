import GraphDiffJSON

/// Which conflict blocks of a marked graph text may depend on one another:
/// the selection (``ConflictMarkerReader/blocks(of:size:schema:selectedBy:sparing:)``)
/// tries in pairs only those of the blocks that do not load alone.
///
/// A graph that does not load with one block's other side alone breaks a
/// rule between objects: a link and its inverse, a chain's prev and next,
/// one identity held twice. Another block can mend it only by changing one
/// of those objects, so two blocks may depend on one another only when one
/// touches an object that the other touches or refers to, in either
/// resolution (mine's side kept in every block, or theirs'):
///
///     Item "a": { "next": "b" → "c" }   block 3 touches a, refers to b and c
///     Item "c": { "prev": "b" → "a" }   block 4 touches c: a pair
///     Person "p9": { "age": 1 → 2 }     block 5 touches p9 only: no pair
extension ConflictMarkerReader {
    /// Where each block's lines stand in the three texts of a marked text:
    /// the one that keeps mine's lines in every block, the base's, and
    /// theirs'.
    struct BlockSpans: Equatable {
        /// Each block's byte range in the text that keeps mine's lines.
        var mine: [Range<Int>] = []
        /// Each block's byte range in the text that keeps the base's lines
        /// (empty ranges for blocks without a base part).
        var base: [Range<Int>] = []
        /// Each block's byte range in the text that keeps theirs' lines.
        var theirs: [Range<Int>] = []
    }

    /// The spans of the blocks of `text`, in order.
    ///
    /// - Throws: ``MarkerError`` as ``sides(of:size:)`` does.
    /// - Complexity: O(*n*) in the length of the text.
    static func blockSpans(of text: [UInt8], size: Int) throws(MarkerError) -> BlockSpans {
        var spans = BlockSpans()
        var mineAt = 0, baseAt = 0, theirsAt = 0
        _ = try walk(text, size: size) { slice, part, _, marker, _ in
            switch marker {
            case UInt8(ascii: "<")?:
                spans.mine.append(mineAt..<mineAt)
                spans.base.append(baseAt..<baseAt)
                spans.theirs.append(theirsAt..<theirsAt)
            case UInt8(ascii: ">")?:
                if let last = spans.mine.indices.last, last < spans.base.count, last < spans.theirs.count {
                    spans.mine[last] = spans.mine[last].lowerBound..<mineAt
                    spans.base[last] = spans.base[last].lowerBound..<baseAt
                    spans.theirs[last] = spans.theirs[last].lowerBound..<theirsAt
                }
            case nil:
                switch part {
                case .outside:
                    mineAt += slice.count
                    baseAt += slice.count
                    theirsAt += slice.count
                case .mine: mineAt += slice.count
                case .base: baseAt += slice.count
                case .theirs: theirsAt += slice.count
                }
            default:
                break
            }
        }
        return spans
    }

    /// The pairs (*i*, *j*), *i* < *j*, of `blocks` (indices of blocks)
    /// whose lines may depend on one another: one touches an object the
    /// other touches or refers to, in one of `texts` (the graphs loaded
    /// from the texts that keep one part in every block, each with its
    /// blocks' spans). A block that touches no object (the metadata, the
    /// text around the objects) pairs with every other.
    ///
    /// An object's text runs from its identity's key to the next object's;
    /// a block touches the objects its lines overlap, and those on either
    /// side of an empty side. Every identity in an object's values (any
    /// string) counts as a reference: more pairs than needed, never fewer.
    ///
    /// - Complexity: O(*n* log *n* + *v* + *p*) for *n* objects, *v* values
    ///   of the objects touched and *p* pairs found.
    static func pairsThatMayDepend(_ blocks: [Int], in texts: [(graph: Graph, spans: [Range<Int>])]) -> [(Int, Int)] {
        var touched = [Set<[UInt8]>](repeating: [], count: blocks.count)
        var referred = [Set<[UInt8]>](repeating: [], count: blocks.count)
        var outside = [Bool](repeating: false, count: blocks.count)
        for (graph, ranges) in texts {
            var starts: [(offset: Int, object: GraphObject, identity: [UInt8])] = []
            starts.reserveCapacity(graph.count)
            for (id, object) in graph.objects where object.sourceOffset >= 0 {
                starts.append((object.sourceOffset, object, Array(id.identity.utf8)))
            }
            starts.sort { $0.offset < $1.offset }
            /// The index of the last object starting at or before `offset`; -1 before the first.
            func objectIndex(at offset: Int) -> Int {
                var low = 0, high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle].offset <= offset { low = middle + 1 } else { high = middle }
                }
                return low - 1
            }
            for (k, block) in blocks.enumerated() where ranges.indices.contains(block) {
                let range = ranges[block]
                let first = objectIndex(at: range.lowerBound - 1), last = objectIndex(at: max(range.upperBound - 1, range.lowerBound))
                if first < 0 { outside[k] = true }
                guard last >= 0 else { continue }
                for i in max(first, 0)...last {
                    touched[k].insert(starts[i].identity)
                    let object = starts[i].object
                    for slot in 0..<object.slotCount {
                        switch object.value(at: slot) {
                        case .string(let s): referred[k].insert(Array(s.utf8))
                        case .array(let elements):
                            for case .string(let s) in elements { referred[k].insert(Array(s.utf8)) }
                        default: break
                        }
                    }
                }
            }
        }
        var touchers: [[UInt8]: [Int]] = [:]
        for k in blocks.indices {
            for identity in touched[k] { touchers[identity, default: []].append(k) }
        }
        var pairs = Set<Int>()  // i · count + j
        let count = blocks.count
        for k in blocks.indices {
            if outside[k] {
                for j in blocks.indices where j != k { pairs.insert(min(j, k) * count + max(j, k)) }
                continue
            }
            for identity in touched[k].union(referred[k]) {
                for j in touchers[identity] ?? [] where j != k { pairs.insert(min(j, k) * count + max(j, k)) }
            }
        }
        return pairs.sorted().map { (blocks[$0 / count], blocks[$0 % count]) }
    }

    /// The groups of `blocks` that `pairs` link, directly or through other
    /// blocks (the connected components), each in order, ordered by their
    /// first block.
    ///
    /// - Complexity: O((*b* + *p*) α(*b*)) for *b* blocks and *p* pairs.
    static func linkedGroups(of blocks: [Int], by pairs: [(Int, Int)]) -> [[Int]] {
        var position: [Int: Int] = [:]
        for (i, k) in blocks.enumerated() { position[k] = i }
        var parent = Array(blocks.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        for (k, j) in pairs {
            guard let a = position[k], let b = position[j] else { continue }
            let (x, y) = (root(a), root(b))
            if x != y { parent[max(x, y)] = min(x, y) }
        }
        var members: [Int: [Int]] = [:]
        var roots: [Int] = []
        for i in blocks.indices {
            let r = root(i)
            if members[r] == nil { roots.append(r) }
            members[r, default: []].append(blocks[i])
        }
        return roots.map { (members[$0] ?? []).sorted() }
    }
}
