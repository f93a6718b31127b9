import Foundation
import GraphDiffJSON

// The merges that give the two sides of conflict markers, made as an
// overlay of the report's merge: the objects are merged once, and each side
// merges again only the objects whose merge met a conflict.
extension Graph {
    /// A merge stopped after its objects were merged (``GraphMerger/mergeObjects()``),
    /// kept to finish the same merge again with the open conflicts settled
    /// for one side (``resolved(as:alike:)``), and the orders its own finish read.
    struct MergeOverlay {
        /// The merger as its objects left it, once for each side.
        private let mergers: SideMergers
        /// The orders of the three versions the report's merge read, and
        /// those it merged without a conflict.
        let orders: GraphMerger.SharedOrders

        /// `copied`: the same merger with rows of its own, for the other
        /// side (``SideMergers``), when one was made beforehand.
        init(merger: GraphMerger, copied: GraphMerger? = nil, orders: GraphMerger.SharedOrders) {
            mergers = SideMergers(merger, copied: copied)
            self.orders = orders
        }

        /// The merge with every open conflict settled for `side`, as
        /// ``Graph/merge(base:mine:theirs:decisions:ignored:detectsRekeys:)``
        /// with `decisions.writingOpen(as: side)` gives it, but made from
        /// this one: the objects no conflict touched are the report's rows,
        /// only the conflicted objects are merged again, the orders are the
        /// ones already read, and an owner whose order merged without a
        /// conflict, its members kept alike, takes that merged order. `alike`: the report's result, against which
        /// this one is checked (``GraphMerger/alike``). `nil` when the
        /// overlay cannot tell (a conflicted object's conflicts change in
        /// number, an object it drops comes back, the result fails its
        /// check), and for a side asked for again: the caller then merges in
        /// full, whose result or error is the one to give.
        ///
        /// Each side takes the merger from the overlay, which then holds it
        /// for the other side only: the side that takes it first copies its
        /// rows, and the other changes the ones left in place (one copy of a
        /// million rows, not two at once on two cores, each retaining what
        /// the other retains).
        ///
        /// - Complexity: O(*c* + *d*) expected for *c* conflicted objects and
        ///   *d* changed ones, plus a copy of the result's rows for the
        ///   first side, the inverses derived and the changed orders merged.
        func resolved(as side: MergeSide, alike: Graph) -> MergeResult? {
            guard var merger = mergers.take(side) else { return nil }
            guard let dropped = merger.resolvingOpenConflicts(as: side) else { return nil }
            merger.alike = alike
            guard let finished = try? merger.finish(sharing: orders).result,
                dropped.allSatisfy({ finished.graph.objects[$0] == nil })
            else { return nil }
            return finished
        }
    }

    /// The merger of a ``MergeOverlay``, held once for each side until the
    /// side takes it (from either core).
    final class SideMergers: @unchecked Sendable {
        private var left: [MergeSide: GraphMerger]
        private let lock = NSLock()

        /// `copied`: `merger` with rows of its own already (copied on the
        /// other core while the report's merge finished), for one side.
        init(_ merger: GraphMerger, copied: GraphMerger? = nil) { left = [.mine: merger, .theirs: copied ?? merger] }

        /// The merger for `side`, which the overlay no longer holds for it;
        /// `nil` when it was taken before (or `side` is the base). The
        /// first side to take it gets the result's rows copied when they
        /// are shared still, before the other can take the ones left, which
        /// it then holds alone: one copy, where two sides changing them at
        /// once would both copy (none here when one side's rows were
        /// copied beforehand).
        func take(_ side: MergeSide) -> GraphMerger? {
            lock.withLock {
                guard var merger = left.removeValue(forKey: side) else { return nil }
                if !left.isEmpty { merger.result.objects.ownRows() }
                return merger
            }
        }
    }

    /// ``merge(base:mine:theirs:decisions:ignored:detectsRekeys:detected:alike:)``
    /// that also returns the merge as its objects left it, to make the two
    /// sides of conflict markers from (``MergeOverlay``); `nil` when the
    /// sides' re-keys conflict (their alignment then depends on how those
    /// conflicts are settled).
    static func mergeKeepingOverlay(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions, ignored: IgnoredProperties,
                                    detectsRekeys: Bool, detected: inout DetectedRekeys?) throws -> (MergeResult, MergeOverlay?) {
        var found = detected
        defer { detected = found }
        return try withDeepStack {
            var (merger, rekeyConflicts) = try preparedMerger(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored,
                                                              detectsRekeys: detectsRekeys, detected: &found)
            merger.mergeObjects()
            let objectsMerged = rekeyConflicts.isEmpty ? merger : nil
            merger.recordsCleanOrders = true
            // For a large merge, one side's rows are copied on the other
            // core while this one finishes the report's merge (whose first
            // steps use one core), not later while both sides wait.
            let finished: Result<(result: MergeResult, shared: GraphMerger.SharedOrders), Error>
            var copied: GraphMerger?
            if let objectsMerged, merger.result.objects.rowCount >= TwoCores.minimumObjects {
                (finished, copied) = inParallel({ Result { try merger.finish(sharing: nil) } }, {
                    var copy = objectsMerged
                    copy.result.objects.ownRows()
                    return copy
                })
            } else {
                finished = Result { try merger.finish(sharing: nil) }
            }
            var (result, orders) = try finished.get()
            result.conflicts = rekeyConflicts + result.conflicts
            return (result, objectsMerged.map { MergeOverlay(merger: $0, copied: copied, orders: orders) })
        }
    }
}

extension GraphMerger {
    /// Settles the open conflicts of the merged objects for `side`: each
    /// object whose merge met a conflict (``conflictedObjects``) is merged
    /// again with `decisions.writingOpen(as: side)`, and its row, its
    /// conflicts (the same ones, settled anew) and what its merge recorded
    /// are replaced. No other object's merge depends on the decisions.
    /// Returns the objects the new decisions drop (the report kept them:
    /// an open conflict keeps the base's version), or `nil` when an
    /// object's conflicts are not the same in number, or the report has no
    /// row for it, which the overlay cannot place.
    ///
    /// - Complexity: O(*c*) expected for *c* conflicted objects (the
    ///   result's rows are changed in place: ``Graph/SideMergers`` hands
    ///   them over copied, or to the side that holds them alone).
    mutating func resolvingOpenConflicts(as side: MergeSide) -> [ObjectID]? {
        decisions = decisions.writingOpen(as: side)
        // Each object merged again by a merger whose records start empty;
        // what it records replaces this one's for that object.
        var again = self
        // (Merging an object reads no result: `again` holds none, so the
        // rows changed below are changed in place, not copied again.)
        again.result = Graph(schema: schema)
        again.conflicts = []
        again.keptByConflict = []
        again.objectSides = [:]
        again.referenceSides = [:]
        var dropped: [ObjectID] = []
        for object in conflictedObjects {
            let id = object.id
            let (m, original) = (mine.objects[id], base.objects[id])
            let (b, t) = withoutIgnoredDifferences(original, m, theirs.objects[id])
            let before = again.conflicts.count
            let merged = again.mergeObject(id, b, m, t)
            guard again.conflicts.count - before == object.conflicts.count else { return nil }
            conflicts.replaceSubrange(object.conflicts, with: again.conflicts[before...])
            keptByConflict.remove(id)
            // An open conflict keeps an object (the base's or mine's
            // version): a settled one keeps it or drops it.
            guard result.objects[id] != nil else { return nil }
            if var merged {
                merged.sourceOffset = -1
                result.objects.update(id) { $0 = merged }
            } else {
                result.objects.removeValue(forKey: id)
                missing.insert(id)
                dropped.append(id)
            }
        }
        keptByConflict.formUnion(again.keptByConflict)
        objectSides.merge(again.objectSides) { _, settled in settled }
        referenceSides.merge(again.referenceSides) { _, settled in settled }
        if !dropped.isEmpty {
            let gone = Set(dropped)
            keptDeleted.removeAll(where: gone.contains)
        }
        return dropped
    }
}
