// JSONLProtocol: the batch protocol of `predc eval --jsonl` and `predc format --jsonl`, which the
// conformance runners speak (described in `predc eval --help`). One request per input line, exactly one
// response line per request, in order; a bad line gets an `error` response with a phase and never stops the stream.

import PredicateLang

/// One request line: `{"id", "format", "args"?, "variables"?, "object"?}`.
struct JSONLRequest {
    /// The id to echo back, as JSON (`null` when the request had none).
    var idJSON: String
    /// The predicate format string.
    var format: String
    /// Format arguments (`%@`, `%K`, ...), in order.
    var arguments: [Value]
    /// Variable bindings (`$name`).
    var variables: [String: Value]
    /// The evaluated object; absent means nil.
    var object: Value
}

/// An error response: `{"phase", "message", "line", "column"}`.
struct JSONLError: Error {
    enum Phase: String { case input, parse, eval }
    var phase: Phase
    var message: String
    var line: Int
    var column: Int

    /// The error for the first error diagnostic of a failed parse or compilation.
    static func parse(_ diagnostics: [Diagnostic], source: SourceText) -> JSONLError {
        guard let first = diagnostics.first(where: { $0.severity == .error }) else {
            return JSONLError(phase: .parse, message: "invalid predicate", line: 1, column: 1)
        }
        let location = source.location(of: first.range.lowerBound)
        return JSONLError(phase: .parse, message: first.text, line: location.line, column: location.column)
    }

    /// The error for a failed evaluation.
    static func eval(_ error: EvaluationError, source: SourceText) -> JSONLError {
        let location = source.location(of: error.range.lowerBound)
        return JSONLError(phase: .eval, message: error.message, line: location.line, column: location.column)
    }
}

/// A request line that could not be read, with the id to echo (`null` when unknown).
struct JSONLInputFailure: Error {
    var idJSON: String
    var error: JSONLError
}

/// Reading requests and writing responses.
enum JSONLProtocol {
    /// Parses one request line. A line that is not a JSON object with a string `format` is an
    /// `input` error; the id is still echoed when the line is an object with one.
    static func request(_ line: String) -> Result<JSONLRequest, JSONLInputFailure> {
        let value: Value
        do throws(JSONError) {
            value = try TypedJSON.parse(line)
        } catch {
            return .failure(
                JSONLInputFailure(
                    idJSON: "null",
                    error: JSONLError(phase: .input, message: error.message, line: error.line, column: error.column)))
        }
        guard case .dictionary(let members) = value else {
            return .failure(JSONLInputFailure(idJSON: "null", error: inputError("a request must be a JSON object")))
        }
        let idJSON = members["id"].map(TypedJSON.serialize) ?? "null"
        guard case .string(let format)? = members["format"] else {
            return .failure(JSONLInputFailure(idJSON: idJSON, error: inputError("a request needs a string 'format'")))
        }
        var arguments: [Value] = []
        switch members["args"] {
        case nil, .null?: break
        case .array(let values)?: arguments = values
        default: return .failure(JSONLInputFailure(idJSON: idJSON, error: inputError("'args' must be an array")))
        }
        var variables: [String: Value] = [:]
        switch members["variables"] {
        case nil, .null?: break
        case .dictionary(let bindings)?: variables = bindings.dictionary
        default: return .failure(JSONLInputFailure(idJSON: idJSON, error: inputError("'variables' must be an object")))
        }
        let request = JSONLRequest(
            idJSON: idJSON, format: format, arguments: arguments, variables: variables,
            object: members["object"] ?? .null)
        return .success(request)
    }

    private static func inputError(_ message: String) -> JSONLError {
        JSONLError(phase: .input, message: message, line: 1, column: 1)
    }

    /// `{"id": ..., "<key>": <json>}`.
    static func response(id: String, _ key: String, _ json: String) -> String {
        var object = JSONObjectWriter()
        object.raw("id", id)
        object.raw(key, json)
        return object.result
    }

    /// `{"id": ..., "error": {"phase", "message", "line", "column"}}`.
    static func response(id: String, error: JSONLError) -> String {
        var detail = JSONObjectWriter()
        detail.string("phase", error.phase.rawValue)
        detail.string("message", error.message)
        detail.int("line", error.line)
        detail.int("column", error.column)
        return response(id: id, "error", detail.result)
    }

    /// Runs `handle` on every request line of `source`, writing one response per line. Blank lines
    /// are skipped; an over-long or unreadable line gets an `input` error. Returns whether every
    /// request succeeded.
    static func run(
        _ source: InputSource, to output: OutputChannel, _ handle: (JSONLRequest) -> Result<String, JSONLError>
    ) -> Bool {
        var reader = LineReader(source)
        var allSucceeded = true
        while let next = reader.next() {
            let responseLine: String
            switch next {
            case .line(let bytes, _):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                switch request(String(decoding: bytes, as: UTF8.self)) {
                case .success(let request):
                    switch handle(request) {
                    case .success(let json): responseLine = json
                    case .failure(let error):
                        allSucceeded = false
                        responseLine = response(id: request.idJSON, error: error)
                    }
                case .failure(let failure):
                    allSucceeded = false
                    responseLine = response(id: failure.idJSON, error: failure.error)
                }
            case .tooLong:
                allSucceeded = false
                responseLine = response(id: "null", error: inputError("line longer than \(reader.maxLineBytes) bytes"))
            case .readError:
                allSucceeded = false
                responseLine = response(id: "null", error: inputError("cannot read the input"))
            }
            // Each answer goes out before the next request is read, so a client can hold a conversation.
            output.line(responseLine)
            output.flush()
        }
        return allSucceeded
    }
}
