// Tests of the top level: help texts (golden files), the exit-status table, unknown commands and
// options, `help <command>`, `--color`.

import Testing

@testable import predc

@Suite("Usage")
struct UsageTests {
    @Test func topLevelHelpIsGolden() {
        let result = predc("--help")
        #expect(result.status == .success)
        Golden.check(result.stdout, "help/predc.txt")
    }

    @Test func topLevelHelpListsEveryExitStatus() {
        let help = predc("--help").stdout
        for status in ExitCode.allCases {
            #expect(help.contains("  \(status.rawValue) ") && help.contains(status.summary))
        }
    }

    @Test func exitStatusNumbersAreSysexits() {
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 64, 65, 66, 70])
    }

    @Test(arguments: CommandTable.commands.map { $0.name })
    func commandHelpIsGolden(_ name: String) {
        let result = predc(name.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.status == .success)
        Golden.check(result.stdout, "help/\(name.replacingOccurrences(of: " ", with: "-")).txt")
        #expect(predc(["help"] + name.split(separator: " ").map(String.init)).stdout == result.stdout)
    }

    @Test func formGroupHelpIsGolden() {
        let result = predc("form", "--help")
        #expect(result.status == .success)
        Golden.check(result.stdout, "help/form.txt")
        #expect(predc("form").stderr == result.stdout)
    }

    @Test func noArgumentsPrintsUsageAndFails() {
        let result = predc([])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("USAGE: predc <command>"))
    }

    @Test func unknownCommandSuggests() {
        let result = predc("evl", "x")
        #expect(result.status == .usage)
        #expect(result.stderr.contains("predc: error: unknown command 'evl'; did you mean 'eval'?"))
    }

    @Test func unknownOptionSuggestsAndPointsToHelp() {
        let result = predc("eval", "a == 1", "--objct", "{}")
        #expect(result.status == .usage)
        #expect(result.stderr.contains("predc eval: error: unknown option '--objct'; did you mean '--object'?"))
        #expect(result.stderr.contains("Run 'predc eval --help'"))
    }

    @Test func versionAndColorOptions() {
        #expect(predc("--version").stdout == "predc \(CommandTable.version)\n")
        #expect(predc("--color", "sometimes", "--version").status == .usage)
        #expect(predc("--no-color", "--version").status == .success)
    }

    @Test func colorOnlyOnTerminalsAndNeverWithNoColor() {
        let memory = OutputChannel(capturing: ())
        #expect(!ColorMode.auto.useColor(on: memory, environment: [:]))
        #expect(ColorMode.always.useColor(on: memory, environment: [:]))
        #expect(!ColorMode.never.useColor(on: memory, environment: [:]))
    }
}
