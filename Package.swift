// swift-tools-version:5.10
import PackageDescription

// graphdiff has no dependencies: Foundation and the toolchain only.
let package = Package(
    name: "graphdiff",
    products: [
        .library(name: "GraphDiff", targets: ["GraphDiff", "GraphJSON"]),
        .executable(name: "graphdiff", targets: ["GraphDiffCLI"]),
    ],
    targets: [
        // The JSON layer: value, byte-level reader, writer, errors with positions.
        // It knows nothing of schemas and graphs.
        .target(name: "GraphJSON"),
        // Every rule and algorithm, as pure functions from values to values.
        .target(name: "GraphDiff", dependencies: ["GraphJSON"]),
        // Deterministic generators of schema-conformant graphs and edit scripts,
        // shared by the property tests and the benchmark.
        .target(name: "GraphDiffGenerator", dependencies: ["GraphDiff", "GraphJSON"]),
        // Arguments, files and exit codes; no logic of its own.
        .executableTarget(name: "GraphDiffCLI", dependencies: ["GraphDiff", "GraphJSON"]),
        .executableTarget(
            name: "GraphDiffBenchmarks",
            dependencies: ["GraphDiff", "GraphJSON", "GraphDiffGenerator"]),
        .testTarget(name: "GraphJSONTests", dependencies: ["GraphJSON"]),
        .testTarget(
            name: "GraphDiffTests",
            dependencies: ["GraphDiff", "GraphJSON", "GraphDiffGenerator"]),
        .testTarget(
            name: "GraphDiffCLITests",
            dependencies: ["GraphDiffCLI", "GraphDiff", "GraphJSON", "GraphDiffGenerator"]),
    ]
)
