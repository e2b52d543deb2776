import ArgumentParser
import Lifeline

struct SequenceCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case mermaid, plantuml, svg, text }

    static let configuration = CommandConfiguration(
        commandName: "sequence",
        abstract: "Draw a sequence chart: Mermaid, PlantUML, a native SVG of any length, or text for the terminal.",
        discussion: """
            Example:
              lifeline sequence Samples/tab-switch/trace.log --format mermaid
              lifeline sequence big.log --format svg -o big.svg
              lifeline sequence Samples/nav-push-pop/trace.log --format text --width 100
            Mermaid and PlantUML charts split at transition boundaries into numbered parts that
            stay under each renderer's limits (--max-messages, --max-characters).
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var slice: SliceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "mermaid, plantuml, svg or text.")
    var format: Format = .mermaid

    @Option(help: "Messages per Mermaid (default 450) or PlantUML (default 100) part.")
    var maxMessages: Int?

    @Option(help: "Characters per Mermaid part (Mermaid's default maxTextSize is 50000).")
    var maxCharacters: Int = 45_000

    @Flag(help: "Wrap Mermaid parts in ```mermaid fences for Markdown.")
    var markdown = false

    @Option(help: "Width of the text chart in columns.")
    var width: Int = 120

    @Flag(help: "Plain ASCII for the text chart.")
    var ascii = false

    func run() throws {
        let trace = try TraceSlice.apply(input.load(), range: slice.range, transition: slice.transition)
        try output.emit(inputs: [input.path]) { out in
            switch format {
            case .mermaid:
                let mermaid = MermaidSequenceFormatter(maxCharacters: maxCharacters, maxMessages: maxMessages ?? 450)
                return mermaid.text(trace, fenced: markdown, into: out)
            case .plantuml:
                return PlantUMLSequenceFormatter(maxMessages: maxMessages ?? 100).text(trace, into: out)
            case .svg:
                return SVGSequenceFormatter().text(trace, into: out)
            case .text:
                return try TextSequenceFormatter(width: width, ascii: ascii).checkedText(trace, into: out)
            }
        }
    }
}
