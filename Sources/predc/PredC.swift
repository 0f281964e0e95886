// predc: the command-line front end of PredicateLang. This file is the entry point only: it builds
// the process Context and hands argv to CommandTable; the commands live in Commands/.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct PredC {
    static func main() {
        let context = Context(
            stdout: OutputChannel(fileDescriptor: 1), stderr: OutputChannel(fileDescriptor: 2, flushThreshold: 1),
            stdin: .standardInput(), environment: ProcessInfo.processInfo.environment)
        let status = CommandTable.run(Array(CommandLine.arguments.dropFirst()), in: context)
        context.flush()
        exit(status.rawValue)
    }
}
