// Terminal: predc's standard output and error. Output is buffered and written with write(2);
// colour is used only when the stream is a terminal, NO_COLOR is unset or empty, and TERM is not
// "dumb". Tests use capturing channels instead of file descriptors.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered byte sink: a file descriptor, or memory (for tests).
final class OutputChannel {
    private enum Target {
        case fileDescriptor(Int32)
        case memory
    }

    private let target: Target
    private var buffer: [UInt8] = []
    private let flushThreshold: Int
    /// Everything written, for a memory channel.
    private(set) var captured: [UInt8] = []
    /// Whether the channel is an interactive terminal.
    let isTerminal: Bool

    /// A channel writing to `fd`, flushing whenever `flushThreshold` bytes are pending.
    init(fileDescriptor fd: Int32, flushThreshold: Int = 64 * 1024) {
        target = .fileDescriptor(fd)
        self.flushThreshold = flushThreshold
        isTerminal = isatty(fd) == 1
        buffer.reserveCapacity(flushThreshold)
    }

    /// A channel that keeps what is written in ``captured``.
    init(capturing: Void = ()) {
        target = .memory
        flushThreshold = Int.max
        isTerminal = false
    }

    /// The captured bytes as text.
    var capturedText: String { String(decoding: captured, as: UTF8.self) }

    /// Writes `text` (no newline is added).
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Writes `text` followed by a newline.
    func line(_ text: String) {
        write(text)
        write(byte: UInt8(ascii: "\n"))
    }

    /// Writes raw bytes.
    func write(bytes: UnsafeBufferPointer<UInt8>) {
        switch target {
        case .memory:
            captured.append(contentsOf: bytes)
        case .fileDescriptor:
            buffer.append(contentsOf: bytes)
            if buffer.count >= flushThreshold { flush() }
        }
    }

    /// Writes raw bytes.
    func write(bytes: some Collection<UInt8>) {
        switch target {
        case .memory:
            captured.append(contentsOf: bytes)
        case .fileDescriptor:
            buffer.append(contentsOf: bytes)
            if buffer.count >= flushThreshold { flush() }
        }
    }

    /// Writes one byte.
    func write(byte: UInt8) {
        switch target {
        case .memory:
            captured.append(byte)
        case .fileDescriptor:
            buffer.append(byte)
            if buffer.count >= flushThreshold { flush() }
        }
    }

    /// Writes out pending bytes; a failing write (a closed pipe) drops them.
    func flush() {
        guard case .fileDescriptor(let fd) = target, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = systemWrite(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}

/// Decides whether to colour a stream.
enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never

    /// The environment variables ``useColor(on:environment:)`` reads: all of the environment predc reads.
    static let environmentVariables = ["NO_COLOR", "TERM"]

    /// Whether to use colour on `channel` given the environment (`NO_COLOR`, `TERM`).
    func useColor(on channel: OutputChannel, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return channel.isTerminal
        }
    }
}

/// ANSI styles used for predc's own messages (the diagnostic renderer colours diagnostics).
enum ANSIStyle: String {
    case bold = "\u{1B}[1m"
    case red = "\u{1B}[1;31m"
    case green = "\u{1B}[32m"
    case yellow = "\u{1B}[1;33m"
    case cyan = "\u{1B}[1;36m"
    case reset = "\u{1B}[0m"

    /// `text` wrapped in this style when `enabled`.
    func apply(_ text: String, enabled: Bool) -> String {
        enabled ? rawValue + text + ANSIStyle.reset.rawValue : text
    }
}
