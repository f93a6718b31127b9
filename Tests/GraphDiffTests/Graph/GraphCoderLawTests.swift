import Foundation
import GraphDiffGenerator
import XCTest

@testable import GraphDiff

/// An app's model in every shape the coder supports: identities of every
/// type (String, Int, UUID), attributes of every Swift type it maps, nested
/// values, optionals, and references in every storage (an ordered chain, an
/// index, an array on the owner, a many-to-many kept on both sides, a
/// one-way to-one).
enum CoderModel {
    struct Extra: Codable, Equatable { var count: Int; var words: [String]?; var flag: Bool }
    enum Mood: String, Codable, Equatable { case calm, busy }
    struct Shelf: Codable, Equatable { var id: String; var name: String; var books: [Int]; var note: String? }
    struct Book: Codable, Equatable {
        var id: Int; var title: String; var published: Date?; var rating: Double; var score: Float
        var price: Decimal; var cover: Data; var isbn: UUID; var site: URL?; var pages: Int16; var big: UInt64
        var extra: Extra?; var tags: [String]; var mood: Mood; var labels: Set<UUID>
    }
    struct Label: Codable, Equatable { var id: UUID; var name: String; var books: Set<Int> }
    struct Board: Codable, Equatable { var id: String; var cards: [String] }
    struct Card: Codable, Equatable { var id: String; var text: String; var done: Bool }
    struct Playlist: Codable, Equatable { var id: String; var songs: [String] }
    struct Song: Codable, Equatable { var id: String; var title: String; var album: String? }
    struct Album: Codable, Equatable { var id: String; var year: Int }
    struct Folder: Codable, Equatable { var id: UUID; var files: [Int] }
    struct File: Codable, Equatable { var id: Int; var size: UInt64 }

    static func coder() throws -> GraphCoder {
        try GraphCoder(name: "Library", entities: [
            .init(Shelf.self, identity: "id", references: [
                .ordered("books", to: "Book", storage: .chain(prev: "prev", next: "next"), inverse: "shelf", deleteRule: .cascade),
            ]),
            .init(Book.self, identity: "id", references: [.toMany("labels", to: "Label", inverse: "books")]),
            .init(Label.self, identity: "id", references: [.toMany("books", to: "Book", inverse: "labels")]),
            .init(Board.self, identity: "id", references: [.ordered("cards", to: "Card", storage: .index("position"), inverse: "board")]),
            .init(Card.self, identity: "id"),
            .init(Playlist.self, identity: "id", references: [.ordered("songs", to: "Song")]),
            .init(Song.self, identity: "id", references: [.toOne("album", to: "Album")]),
            .init(Album.self, identity: "id"),
            .init(Folder.self, identity: "id", references: [.ordered("files", to: "File", storage: .array, inverse: "folder")]),
            .init(File.self, identity: "id"),
        ])
    }

    /// One version of the model's values.
    struct Values: Equatable {
        var shelves: [Shelf] = [], books: [Book] = [], labels: [Label] = [], boards: [Board] = [], cards: [Card] = []
        var playlists: [Playlist] = [], songs: [Song] = [], albums: [Album] = [], folders: [Folder] = [], files: [File] = []

        var all: [any Encodable] { shelves + books + labels + boards + cards + playlists + songs + albums + folders + files as [any Encodable] }

        /// The values `coder` reads from `graph`, sorted as these are.
        static func read(_ graph: Graph, _ coder: GraphCoder) throws -> Values {
            var v = Values()
            v.shelves = try coder.values(Shelf.self, in: graph)
            v.books = try coder.values(Book.self, in: graph)
            v.labels = try coder.values(Label.self, in: graph)
            v.boards = try coder.values(Board.self, in: graph)
            v.cards = try coder.values(Card.self, in: graph)
            v.playlists = try coder.values(Playlist.self, in: graph)
            v.songs = try coder.values(Song.self, in: graph)
            v.albums = try coder.values(Album.self, in: graph)
            v.folders = try coder.values(Folder.self, in: graph)
            v.files = try coder.values(File.self, in: graph)
            return v.sorted()
        }

        func sorted() -> Values {
            var v = self
            v.shelves.sort { $0.id < $1.id }; v.books.sort { $0.id < $1.id }; v.labels.sort { $0.id.uuidString < $1.id.uuidString }
            v.boards.sort { $0.id < $1.id }; v.cards.sort { $0.id < $1.id }; v.playlists.sort { $0.id < $1.id }
            v.songs.sort { $0.id < $1.id }; v.albums.sort { $0.id < $1.id }
            v.folders.sort { $0.id.uuidString < $1.id.uuidString }; v.files.sort { $0.id < $1.id }
            return v
        }

        /// The first difference from `other`, in words.
        func difference(from other: Values) -> String? {
            func first<T: Equatable>(_ name: String, _ a: [T], _ b: [T]) -> String? {
                guard a != b else { return nil }
                if a.count != b.count { return "\(name): \(a.count) values, expected \(b.count)" }
                for (x, y) in zip(a, b) where x != y { return "\(name): \(x)\n  expected \(y)" }
                return nil
            }
            return first("shelves", shelves, other.shelves) ?? first("books", books, other.books) ?? first("labels", labels, other.labels)
                ?? first("boards", boards, other.boards) ?? first("cards", cards, other.cards)
                ?? first("playlists", playlists, other.playlists) ?? first("songs", songs, other.songs) ?? first("albums", albums, other.albums)
                ?? first("folders", folders, other.folders) ?? first("files", files, other.files)
        }
    }

    /// Seeded values: every member listed by at most one owner, both sides
    /// of the many-to-many agreeing.
    static func values(_ random: inout SplitMix64) -> Values {
        var v = Values()
        func text() -> String {
            let pieces = ["", "a", "Tea", "caf\u{E9}", "cafe\u{301}", "\u{1F600}", "\"q\"", "back\\slash", "line\nbreak", "\u{0}", "x y"]
            return (0..<random.below(3)).map { _ in pieces[random.below(pieces.count)] }.joined()
        }
        func date() -> Date? {
            switch random.below(4) {
            case 0: return nil
            case 1: return Date(timeIntervalSinceReferenceDate: Double(random.below(2_000_000_000)) - 1_000_000_000)
            case 2: return Date(timeIntervalSinceReferenceDate: Double(bitPattern: random.next() >> 12 | 0x41C0_0000_0000_0000) * (random.below(2) == 0 ? 1 : -1))
            default: return Date(timeIntervalSinceReferenceDate: Double(random.below(1_000_000)) / 1_000 + Double(random.below(1000)) * 1e-9)
            }
        }
        func double() -> Double {
            while true {
                let d = Double(bitPattern: random.next())
                if d.isFinite { return random.below(3) == 0 ? Double(random.below(100)) / 4 : d }
            }
        }
        let albumCount = random.below(3), songCount = random.below(6), cardCount = random.below(7), bookCount = random.below(8)
        v.albums = (0..<albumCount).map { Album(id: "al\($0)", year: random.below(3000) - 500) }
        v.songs = (0..<songCount).map { i in
            Song(id: "s\(i)", title: text(), album: albumCount > 0 && random.below(2) == 0 ? "al\(random.below(albumCount))" : nil)
        }
        v.playlists = (0..<random.below(3)).map { p in
            Playlist(id: "p\(p)", songs: (0..<songCount).filter { _ in random.below(2) == 0 }.map { "s\($0)" }.shuffled(&random))
        }
        v.cards = (0..<cardCount).map { Card(id: "c\($0)", text: text(), done: random.below(2) == 0) }
        var unlistedCards = Array(0..<cardCount).shuffled(&random)
        v.boards = (0..<random.below(3)).map { b in
            let take = random.below(unlistedCards.count + 1)
            defer { unlistedCards.removeFirst(take) }
            return Board(id: "b\(b)", cards: unlistedCards.prefix(take).map { "c\($0)" })
        }
        let labelIDs = (0..<random.below(4)).map { _ in UUID(uuid: uuidBytes(&random)) }
        var labelBooks = [Set<Int>](repeating: [], count: labelIDs.count)
        let bookIDs = (0..<bookCount).map { $0 * 7 - 10 }
        v.books = bookIDs.map { id in
            var labels: Set<UUID> = []
            for (l, label) in labelIDs.enumerated() where random.below(2) == 0 {
                labels.insert(label)
                labelBooks[l].insert(id)
            }
            let price = Decimal(string: "\(random.below(2) == 0 ? "-" : "")\(random.below(100_000)).\(random.below(1000))") ?? 0
            return Book(
                id: id, title: text(), published: date(), rating: double(), score: Float(random.below(1000)) / 8,
                price: price, cover: Data((0..<random.below(6)).map { _ in UInt8(random.below(256)) }),
                isbn: UUID(uuid: uuidBytes(&random)), site: random.below(2) == 0 ? URL(string: "https://example.com/b/\(id)?q=1") : nil,
                pages: Int16(random.below(60_000) - 30_000), big: random.next(),
                extra: random.below(2) == 0 ? Extra(count: random.below(9), words: random.below(2) == 0 ? [text(), text()] : nil, flag: true) : nil,
                tags: (0..<random.below(3)).map { _ in text() }, mood: random.below(2) == 0 ? .calm : .busy, labels: labels)
        }
        v.labels = labelIDs.enumerated().map { Label(id: $1, name: text(), books: labelBooks[$0]) }
        var unshelved = bookIDs.shuffled(&random)
        v.shelves = (0..<random.below(3)).map { s in
            let take = random.below(unshelved.count + 1)
            defer { unshelved.removeFirst(take) }
            return Shelf(id: "sh\(s)", name: text(), books: Array(unshelved.prefix(take)), note: random.below(2) == 0 ? text() : nil)
        }
        let fileIDs = (0..<random.below(6)).map { $0 * 3 }
        v.files = fileIDs.map { File(id: $0, size: random.next()) }
        var unfiled = fileIDs.shuffled(&random)
        v.folders = (0..<random.below(3)).map { _ in
            let take = random.below(unfiled.count + 1)
            defer { unfiled.removeFirst(take) }
            return Folder(id: UUID(uuid: uuidBytes(&random)), files: Array(unfiled.prefix(take)))
        }
        return v.sorted()
    }

    static func uuidBytes(_ random: inout SplitMix64) -> uuid_t {
        let a = random.next(), b = random.next()
        func byte(_ x: UInt64, _ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: x >> (8 * i)) }
        return (byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
                byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7))
    }
}

extension Array {
    fileprivate func shuffled(_ random: inout SplitMix64) -> [Element] {
        var a = self
        for i in a.indices.reversed() where i > 0 { a.swapAt(i, random.below(i + 1)) }
        return a
    }
}

/// The coder's laws, over seeded values of ``CoderModel``:
/// - `values(graph(x)) == x` for every type (the round trip);
/// - the graph is valid: its canonical text loads back to an equal graph;
/// - two versions encoded together diff, and the diff's patch turns the
///   first graph into one whose values are the second version's;
/// - merging the second with the untouched first gives the second's values.
///
/// 300 cases by default; `GRAPHDIFF_CODER_CASES=N` sets the number and
/// `GRAPHDIFF_CODER_SEED=S` reruns one.
final class GraphCoderLawTests: XCTestCase {
    func test_roundTrip_diff_andPatch_overSeededValues() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_CODER_CASES"].flatMap(Int.init) ?? 300
        let seeds: [UInt64] = environment["GRAPHDIFF_CODER_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(cases)).map { $0 }
        let coder = try CoderModel.coder()
        let failures = SeedRunner.failures(of: seeds) { seed in
            do { return try Self.check(seed: seed, coder) } catch { return "\(error)" }
        }
        for (seed, why) in failures { XCTFail("seed \(seed): \(why) (rerun with GRAPHDIFF_CODER_SEED=\(seed))") }
    }

    static func check(seed: UInt64, _ coder: GraphCoder) throws -> String? {
        var random = SplitMix64(seed: seed)
        let old = CoderModel.values(&random), new = CoderModel.values(&random)
        let graphs = try coder.graphs([old.all, new.all])
        for (graph, values) in zip(graphs, [old, new]) {
            if let why = try CoderModel.Values.read(graph, coder).difference(from: values) { return "round trip: \(why)" }
            let reloaded = try Graph.load(graph.canonicalText(), schema: graph.schema)
            if reloaded != graph { return "the canonical text loads as another graph" }
        }
        let changes = try ChangeSet.diff(from: graphs[0], to: graphs[1])
        let patched = try changes.apply(to: graphs[0])
        if let why = try CoderModel.Values.read(patched.graph, coder).difference(from: new) { return "patched: \(why)" }
        let merged = try Graph.merge(base: graphs[0], mine: graphs[0], theirs: graphs[1])
        if !merged.conflicts.isEmpty { return "merging with the untouched base: \(merged.conflicts.count) conflicts" }
        if let why = try CoderModel.Values.read(merged.graph, coder).difference(from: new) { return "merged: \(why)" }
        return nil
    }
}
