import ArgumentParser
import Lifeline

struct StatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "states",
        abstract: "Show the appearance states each controller passed through; illegal moves in red.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline states Samples/child-addsubview-first/trace.log
              lifeline states Samples/interactive-pop-cancelled/trace.jsonl --format svg -o states.svg
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var slice: SliceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "text, dot, svg, png or pdf.")
    var format: ChartFormat = .text

    @Flag(help: "Plain ASCII (text only).")
    var ascii = false

    func run() throws {
        let trace = try TraceSlice.apply(input.load(), range: slice.range, transition: slice.transition)
        guard let graphviz = format.graphviz else {
            try output.emit(StatesFormatter().text(trace, ascii: ascii), inputs: [input.path])
            return
        }
        try GraphOutput.emit(dot: StatesFormatter().dot(trace), format: graphviz, output: output, inputs: [input.path])
    }
}
