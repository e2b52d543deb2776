import ArgumentParser
import Lifeline

struct TimelineCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg
        case chromeJSON = "chrome-json"
        case plantuml
    }

    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract:
            "Show each controller's appearance states over time: SVG swimlanes, Perfetto JSON, or a PlantUML timing diagram.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline timeline Samples/interactive-pop-cancelled/trace.jsonl --format svg -o timeline.svg
              lifeline timeline app.log --format chrome-json -o trace.json

            A Chrome trace (chrome-json) opens in ui.perfetto.dev or chrome://tracing.
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var slice: SliceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "svg, chrome-json or plantuml.")
    var format: Format = .svg

    func run() throws {
        let trace = try TraceSlice.apply(input.load(), range: slice.range, transition: slice.transition)
        try output.emit(inputs: [input.path]) { out in
            switch format {
            case .svg: return SVGTimelineFormatter().text(trace, into: out)
            case .chromeJSON: return ChromeTraceFormatter().text(trace, into: out)
            case .plantuml: return out + PlantUMLTimingFormatter().format(trace)
            }
        }
    }
}
