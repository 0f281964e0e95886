// InputSource: where predc reads bytes from — a file, standard input, or memory (tests). Opening a
// path reports errno as an InputError, which commands map to exit status 66.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an input could not be read.
struct InputError: Error, Equatable {
    /// The message, such as `cannot open 'x.json': No such file or directory`.
    var message: String
    /// Whether the problem is the input's content (too large) rather than access to it.
    var isContentProblem = false
}

/// A readable stream of bytes.
final class InputSource {
    private enum Storage {
        case fileDescriptor(Int32, owned: Bool)
        case memory([UInt8], position: Int)
    }

    private var storage: Storage
    /// The name diagnostics use: the path, or `<stdin>`.
    let name: String
    /// Whether the source is an interactive terminal (then predc prints usage instead of waiting).
    let isTerminal: Bool

    private init(storage: Storage, name: String, isTerminal: Bool) {
        self.storage = storage
        self.name = name
        self.isTerminal = isTerminal
    }

    /// Standard input.
    static func standardInput() -> InputSource {
        InputSource(storage: .fileDescriptor(0, owned: false), name: "<stdin>", isTerminal: isatty(0) == 1)
    }

    /// Bytes in memory, named `name` (standard input in tests).
    static func memory(_ text: String, name: String = "<stdin>") -> InputSource {
        InputSource(storage: .memory(Array(text.utf8), position: 0), name: name, isTerminal: false)
    }

    /// Opens the file at `path` for reading.
    static func file(_ path: String) throws(InputError) -> InputSource {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw InputError(message: "cannot open '\(path)': \(errorText(errno))")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw InputError(message: "cannot read '\(path)': Is a directory")
        }
        return InputSource(storage: .fileDescriptor(fd, owned: true), name: path, isTerminal: false)
    }

    /// Reads up to `buffer.count` bytes; returns 0 at the end, -1 on an error.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch storage {
        case .fileDescriptor(let fd, _):
            while true {
                let count = systemRead(fd, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                return count
            }
        case .memory(let bytes, let position):
            let count = min(buffer.count, bytes.count - position)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<(position + count)]))
            }
            storage = .memory(bytes, position: position + count)
            return count
        }
    }

    /// Reads everything that is left, failing past `limit` bytes.
    func readAll(limit: Int = 16 << 20) throws(InputError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(into: $0) }
            if count < 0 { throw InputError(message: "cannot read '\(name)': \(InputSource.errorText(errno))") }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
            if result.count > limit {
                throw InputError(message: "'\(name)' is larger than \(limit) bytes", isContentProblem: true)
            }
        }
        return result
    }

    /// Reads everything that is left as UTF-8 text (invalid sequences become U+FFFD).
    func readText(limit: Int = 16 << 20) throws(InputError) -> String {
        String(decoding: try readAll(limit: limit), as: UTF8.self)
    }

    deinit {
        if case .fileDescriptor(let fd, owned: true) = storage { close(fd) }
    }

    private static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

private func systemRead(_ fd: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, pointer, count)
}
