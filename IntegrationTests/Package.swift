// swift-tools-version: 6.2
// The differential suite: predicates translated to SQL by PredicateLang run in real SQLite and PostgreSQL
// databases, and every answer is compared with the VM's. A package of its own, so the root package's
// products keep no dependencies; it links the system's libsqlite3 and libpq (Debian: libsqlite3-dev,
// libpq-dev). Run it beside a throwaway server: scripts/with-postgres.sh swift test --package-path IntegrationTests
import Foundation
import PackageDescription

// The root package's identity is the name of the folder it is cloned into.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "PredicateLangIntegrationTests",
    dependencies: [.package(path: "..")],
    targets: [
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
        .target(
            name: "Differential",
            dependencies: [.product(name: "PredicateLang", package: rootIdentity), "CSQLite", "CLibPQ"]),
        .executableTarget(
            name: "differential",
            dependencies: ["Differential", .product(name: "PredicateLang", package: rootIdentity)]),
        .testTarget(
            name: "DifferentialTests",
            dependencies: ["Differential", .product(name: "PredicateLang", package: rootIdentity)]),
    ],
    swiftLanguageModes: [.v6]
)
