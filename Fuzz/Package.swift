// swift-tools-version: 6.2
// PredicateLangFuzz: libFuzzer harnesses for PredicateLang and FormEngine (reliability.md §8.3, recipe B).
// A nested package so the root manifest stays dependency-free; build with `./run.sh` (see README.md).
import PackageDescription

let package = Package(
    name: "PredicateLangFuzz",
    dependencies: [.package(name: "PredicateLang", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzTypedJSON",
            dependencies: [.product(name: "PredicateLang", package: "PredicateLang")]),
        .executableTarget(
            name: "FuzzPredicate",
            dependencies: [.product(name: "PredicateLang", package: "PredicateLang")]),
        .executableTarget(
            name: "FuzzForm",
            dependencies: [
                .product(name: "FormEngine", package: "PredicateLang"),
                .product(name: "PredicateLang", package: "PredicateLang"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
