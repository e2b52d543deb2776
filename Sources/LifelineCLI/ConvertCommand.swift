import ArgumentParser
import Lifeline

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write a trace in the native format (JSON Lines v1).",
        discussion: """
            Example:
              lifeline convert Samples/tab-switch/trace.log -o tab-switch.jsonl
            Reading the output again and converting it gives the same bytes.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let trace = try input.load()
        try output.emit(JSONLinesFormatter.format(trace), inputs: [input.input])
    }
}
