// Golden: whole-output golden files under Tests/predcTests/Golden/<command>/<name>.<ext>.
// `PREDC_UPDATE_GOLDEN=1 swift test --filter predcTests` rewrites them from the current output.

import Foundation
import Testing

/// Compares text with golden files.
enum Golden {
    /// `Tests/predcTests/Golden`.
    static let directory = TestPaths.testsDirectory.appendingPathComponent("Golden")

    /// Whether golden files are being regenerated.
    static var updating: Bool { ProcessInfo.processInfo.environment["PREDC_UPDATE_GOLDEN"] == "1" }

    /// Expects `actual` to equal the file `Golden/<path>`, or rewrites it when updating.
    static func check(_ actual: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(path)
        if updating {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("cannot write golden file \(path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(path); run PREDC_UPDATE_GOLDEN=1 swift test --filter predcTests",
                sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "golden file \(path) differs", sourceLocation: sourceLocation)
    }

    /// The names (without extension) of the files with `ext` in `Golden/<folder>`, sorted.
    static func names(in folder: String, ext: String) -> [String] {
        let url = directory.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return files.filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }.sorted()
    }

    /// The contents of `Golden/<path>`.
    static func read(_ path: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }
}
