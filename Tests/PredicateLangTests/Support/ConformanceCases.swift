// Reads the public NSPredicate conformance vectors from Tests/Conformance/Cases, so the printer and parser
// tests use the cases where they are kept.

import Foundation
import Testing

@testable import PredicateLang

struct ConformanceCase: CustomTestStringConvertible, Sendable {
    let id: String
    let format: String
    let arguments: [Value]
    let template: [String: Value]?
    let expected: String?
    let expectedFormat: String?
    var testDescription: String { "\(id): \(format)" }

    /// Every case in `nspredicate-public.jsonl`, or none when the file cannot be found.
    static let all: [ConformanceCase] = load()

    static var formatCases: [ConformanceCase] { all.filter { $0.expectedFormat != nil } }
    static var parseErrorCases: [ConformanceCase] { all.filter { $0.expected == "parse-error" } }
    static var parsingCases: [ConformanceCase] { all.filter { $0.expected != nil && $0.expected != "parse-error" } }

    static func locateFile() -> URL? {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = packageRoot.appendingPathComponent("Tests/Conformance/Cases/nspredicate-public.jsonl")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    private static func load() -> [ConformanceCase] {
        guard let url = locateFile(), let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let data = line.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let id = object["id"] as? String, let format = object["format"] as? String
            else { return nil }
            let types = object["types"] as? [String: Any] ?? [:]
            let arguments = (object["args"] as? [Any] ?? []).enumerated().map { index, element in
                value(element, type: types["args[\(index)]"] as? String)
            }
            let template = (object["template"] as? [String: Any]).map { dictionary in
                dictionary.mapValues { value($0, type: nil) }
            }
            return ConformanceCase(
                id: id, format: format, arguments: arguments, template: template,
                expected: (object["expected"] as? String) ?? (object["expected"] as? Bool).map { "\($0)" },
                expectedFormat: object["expected_format"] as? String)
        }
    }

    /// JSON → Value: booleans, integers (no fraction), doubles, strings, arrays, dictionaries.
    static func value(_ json: Any, type: String?) -> Value {
        switch json {
        case let string as String:
            if type == "date", let date = ISO8601DateFormatter().date(from: string) { return .date(date) }
            return .string(string)
        case let number as NSNumber:
            if String(describing: Swift.type(of: number)).contains("Boolean") { return .bool(number.boolValue) }
            if type == "double" { return .double(number.doubleValue) }
            let double = number.doubleValue
            if type == "int" || (double.rounded() == double && !"\(number)".contains(".")) {
                return .int(number.int64Value)
            }
            return .double(double)
        case let array as [Any]:
            return .array(array.map { value($0, type: nil) })
        case let dictionary as [String: Any]:
            return .dictionary(dictionary.mapValues { value($0, type: nil) })
        default:
            return .null
        }
    }
}
