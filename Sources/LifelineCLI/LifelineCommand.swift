import ArgumentParser
import Foundation
import Lifeline

@main
struct LifelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifeline",
        abstract: "Turn UIKit view-controller lifecycle logs into tables, diagrams and comparisons.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline table Samples/tab-switch/trace.log
              lifeline convert Samples/tab-switch/trace.log -o trace.jsonl

            Exit codes: 0 success, 1 findings or differences, 2 error.
            """),
        version: LifelineVersion.current,
        subcommands: [
            ConvertCommand.self, StatsCommand.self, TableCommand.self, FlowCommand.self, HierarchyCommand.self,
            StatesCommand.self,
            SequenceCommand.self, TimelineCommand.self, CheckCommand.self, DiffCommand.self, ReportCommand.self,
            ViewCommand.self,
        ])

    static func main() {
        TemporaryFiles.removeOnSignals()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code.rawValue == 64 || error is CleanExit {
                // Help, version and usage errors: let ArgumentParser print them; usage errors exit 2.
                let message = fullMessage(for: error)
                if code == .success {
                    Console.out(message + "\n")
                    Foundation.exit(0)
                }
                Console.raw(toError: message + "\n")
                Foundation.exit(2)
            }
            if let failure = error as? TraceReadError { Console.report(failure.warnings) }
            Console.error("\(error)")
            Foundation.exit(2)
        }
    }
}
