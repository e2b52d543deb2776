import ArgumentParser
import Lifeline

struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Print the Markdown step table, with a column per state value.",
        discussion: """
            Example:
              lifeline table Samples/tab-switch/trace.log
            State columns (such as selectedViewController) carry the last value forward; the step
            where a value changes shows it in bold.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let trace = try input.load()
        try output.emit(inputs: [input.input]) { MarkdownTableFormatter().text(trace, into: $0) }
    }
}
