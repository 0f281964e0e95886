// swift-tools-version: 6.2
// PredicateLang: the NSPredicate format language, compiled to bytecode, on every platform Swift runs on.
// The package has no dependencies; Benchmarks/ is a separate package.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "PredicateLang",
    products: [
        .library(name: "PredicateLang", targets: ["PredicateLang"]),
        .library(name: "FormEngine", targets: ["FormEngine"]),
        .executable(name: "predc", targets: ["predc"]),
    ],
    targets: [
        .target(name: "PredicateLang", swiftSettings: strictSettings),
        .target(name: "FormEngine", dependencies: ["PredicateLang"], swiftSettings: strictSettings),
        .executableTarget(
            name: "predc", dependencies: ["PredicateLang", "FormEngine"], swiftSettings: strictSettings),
        .testTarget(name: "PredicateLangTests", dependencies: ["PredicateLang"]),
        .testTarget(name: "FormEngineTests", dependencies: ["FormEngine", "PredicateLang"]),
        .testTarget(name: "predcTests", dependencies: ["predc"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
