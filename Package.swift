// swift-tools-version:6.0
import PackageDescription

// graphdiff has no dependencies: Foundation and the toolchain only.
// Swift 6.0 or later (typed throws); Linux needs no platform entry.
let package = Package(
    name: "graphdiff",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "GraphDiff", targets: ["GraphDiff"]),
        .executable(name: "graphdiff", targets: ["GraphDiffCLI"]),
    ],
    targets: [
        // Every rule and algorithm, as pure functions from values to values, in
        // folders by stage: JSON (value, byte-level reader, writer, errors with
        // positions; it knows nothing of schemas and graphs), Schema, Graph,
        // Diff, Patch, Merge, Render, Git.
        .target(name: "GraphDiff"),
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
        .testTarget(name: "JSONTests", dependencies: ["GraphDiff"]),
        .testTarget(
            name: "GraphDiffTests",
            dependencies: ["GraphDiff", "GraphDiffGenerator"]),
        .testTarget(
            name: "GraphDiffCLITests",
            dependencies: ["GraphDiffCLI", "GraphDiff", "GraphDiffGenerator", "LibraryExample"]),
    ],
    // The sources are checked in the Swift 5 language mode: the Swift 6 mode
    // rejects onLargeStack and inParallel (Sources/GraphDiff/JSON/LargeStack.swift),
    // which hand closures that are not Sendable to a Thread.
    swiftLanguageModes: [.v5]
)
