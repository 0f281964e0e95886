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
            stdin: .standardInput(), environment: environment(ColorMode.environmentVariables))
        let status = CommandTable.run(Array(CommandLine.arguments.dropFirst()), in: context)
        context.flush()
        exit(status.rawValue)
    }

    /// The environment variables `names` (those predc reads: ``ColorMode/environmentVariables``), looked up
    /// one by one: `ProcessInfo.environment` copies every variable into a dictionary first, which cost each run
    /// 450,000 instructions (5% of a `predc eval` of the README's example).
    static func environment(_ names: [String]) -> [String: String] {
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
