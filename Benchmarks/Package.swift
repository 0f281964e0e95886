// swift-tools-version: 6.1
// PredicateLangBenchmarks: the performance suites for PredicateLang and FormEngine (ordo-one/package-benchmark).
// A separate package so that the root package stays dependency-free; see README.md for how to run it.
import PackageDescription

let package = Package(
    name: "PredicateLangBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "PredicateLang", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "PredicateLang", package: "PredicateLang"),
                .product(name: "FormEngine", package: "PredicateLang"),
            ],
            path: "Sources/BenchmarkSupport"
        ),
        .executableTarget(
            name: "EvaluateProbe",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PredicateLang", package: "PredicateLang"),
                .product(name: "FormEngine", package: "PredicateLang"),
            ],
            path: "Sources/EvaluateProbe"
        ),
        .executableTarget(
            name: "HostileProbe",
            dependencies: [.product(name: "PredicateLang", package: "PredicateLang")],
            path: "Sources/HostileProbe"
        ),
        .executableTarget(
            name: "Evaluate",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PredicateLang", package: "PredicateLang"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Evaluate",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Compile",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PredicateLang", package: "PredicateLang"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Compile",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Objects",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PredicateLang", package: "PredicateLang"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Objects",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Forms",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FormEngine", package: "PredicateLang"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Forms",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
