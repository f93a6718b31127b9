// swift-tools-version:6.0
import PackageDescription

// graphdiff has no dependencies: Foundation and the toolchain only.
// Swift 6.0 or later (typed throws); Linux needs no platform entry.
let package = Package(
    name: "graphdiff",
    platforms: [.macOS(.v13)],
    products: [
        // Both library targets; an app imports GraphDiff, which re-exports the JSON layer.
        .library(name: "GraphDiff", targets: ["GraphDiff", "GraphDiffJSON"]),
        // Assertions for an app's tests: linked into test targets only.
        .library(name: "GraphDiffTesting", targets: ["GraphDiffTesting"]),
        .executable(name: "graphdiff", targets: ["GraphDiffCLI"]),
    ],
    targets: [
        // The JSON layer: value, byte-level reader, writer, errors with
        // positions, JSON Pointers and ignored paths. A target of its own, so
        // the compiler keeps it free of any knowledge of schemas and graphs,
        // and it is tested and benchmarked alone.
        .target(name: "GraphDiffJSON"),
        // Every rule and algorithm, as pure functions from values to values, in
        // folders by stage, lower first: Support (byte rules several stages
        // share), Schema, Graph, Versions, Diff, Patch, Merge, Render, Git.
        // Dependencies point down that order only (Tests/scripts/check-layers.sh,
        // run by CI and by PipelineLayerTests). What crosses into it from
        // GraphDiffJSON without being API is `package`.
        .target(name: "GraphDiff", dependencies: ["GraphDiffJSON"]),
        // Test assertions that fail with the human report: XCTest's and
        // Swift Testing's, for graphs, an app's Codable values, and JSON.
        .target(name: "GraphDiffTesting", dependencies: ["GraphDiff"]),
        // Deterministic generators of schema-conformant graphs and edit scripts,
        // shared by the property tests and the benchmark.
        .target(name: "GraphDiffGenerator", dependencies: ["GraphDiff"]),
        // Arguments, files and exit codes; no logic of its own.
        .executableTarget(name: "GraphDiffCLI", dependencies: ["GraphDiff"]),
        .executableTarget(
            name: "GraphDiffBenchmarks",
            dependencies: ["GraphDiff", "GraphDiffGenerator"]),
        // The README's "Library" example, compiled as written with the one
        // import an app needs; a CLI test checks that it is the README's text
        // and runs it on the samples.
        .executableTarget(name: "LibraryExample", dependencies: ["GraphDiff"]),
        // The README's second example: an app's Codable values diffed and
        // merged (checked the same way).
        .executableTarget(name: "CodableExample", dependencies: ["GraphDiff"]),
        // The JSON layer's tests need nothing above it.
        .testTarget(name: "JSONTests", dependencies: ["GraphDiffJSON"]),
        .testTarget(
            name: "GraphDiffTests",
            dependencies: ["GraphDiff", "GraphDiffGenerator", "GraphDiffTesting"]),
        .testTarget(
            name: "GraphDiffCLITests",
            dependencies: ["GraphDiffCLI", "GraphDiff", "GraphDiffGenerator", "LibraryExample", "CodableExample"]),
    ],
    // The sources are checked in the Swift 5 language mode: the Swift 6 mode
    // rejects onLargeStack and inParallel (Sources/GraphDiffJSON/LargeStack.swift),
    // which hand closures that are not Sendable to a Thread.
    swiftLanguageModes: [.v5]
)
