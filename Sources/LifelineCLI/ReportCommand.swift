import ArgumentParser
import Foundation
import Lifeline
import LifelineGraphviz

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Write a documentation page for a trace: summary, hierarchy, step table, flow, sequence, timeline, findings.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline report Samples/tab-switch/trace.log -o docs/tab-switch --title "Tab switch"
              lifeline report before.log --compare after.log -o review --html

            Writes DIR/README.md and its pictures (or DIR/index.html, one self-contained page,
            with --html). The page has no dates, paths other than the ones given, or tool
            versions, so regenerating it changes nothing unless the trace changed.
            """))

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "The directory to write (created when missing).")
    var output: String

    @Option(help: "The page title (default: the input's file name).")
    var title: String?

    @Option(help: "A Markdown file whose text goes under the title; a first line `# Title` gives the title.")
    var about: String?

    @Option(help: "Another trace to compare with.")
    var compare: String?

    @Option(help: "How --compare matches calls: instance, class or role.")
    var match: TraceDiff.Match = .instance

    @Flag(help: "Write one self-contained HTML page instead of Markdown.")
    var html = false

    @Option(help: "Calls shown on the page (summary, step table, flow, Mermaid sequence); the pictures show all.")
    var maxCalls: Int = 2000

    func run() throws {
        let trace = try input.load()
        let other = try compare.map { try TraceLoader.load(path: $0, options: input.readOptions) }
        var aboutText: String? = nil
        var inputs = [input.path] + (compare.map { [$0] } ?? [])
        var aboutTitle: String? = nil
        if let about {
            let aboutInput = try ByteInput(path: about)
            try aboutInput.normalizeEncoding()
            (aboutTitle, aboutText) = ReportBuilder.splitAbout(
                String(decoding: try aboutInput.readAll(), as: UTF8.self))
            inputs.append(about)
        }
        let command = ReportBuilder.command(input: input.path, compare: compare, match: match)
        let builder = ReportBuilder(
            title: title ?? aboutTitle ?? (input.path as NSString).lastPathComponent, about: aboutText,
            command: command, compare: other,
            match: match,
            maxCalls: maxCalls)
        defer { Console.status(nil) }
        Console.status("planning the report of \(trace.events.count) calls")
        let report = builder.build(trace)
        // Graphviz first, so that its failure leaves no file written.
        var graphviz: [String: [UInt8]] = [:]
        for case .graphviz(let name, let dot, let engine) in report.files {
            Console.status("rendering \(name) with Graphviz")
            do {
                graphviz[name] = try GraphvizRenderer.render(dot: dot, format: .svg, engine: engine)
            } catch {
                Console.error("\(name): \(error.description)")
                throw ExitCode(2)
            }
        }
        let folder = try ReportFolder(output)
        defer { folder.discard() }
        if html {
            var pictures: [String: String] = [:]
            for file in report.files {
                pictures[file.name] = file.content ?? String(decoding: graphviz[file.name]!, as: UTF8.self)
            }
            let page = ReportHTMLFormatter(builder: builder).format(trace, pictures: pictures)
            try folder.write("index.html") { try OutputFile.write(page, to: $0, inputs: inputs) }
        } else {
            // Each picture goes to its file as it is made.
            for file in report.files.sorted(by: { $0.name < $1.name }) {
                switch file {
                case .text(let name, let write):
                    Console.status("writing \(name)")
                    try folder.write(name) { try OutputOptions.write(to: $0, inputs: inputs, write) }
                case .graphviz(let name, _, _):
                    try folder.write(name) { try OutputFile.write(graphviz[name]!, to: $0, inputs: inputs) }
                }
            }
            try folder.write("README.md") { try OutputFile.write(report.markdown, to: $0, inputs: inputs) }
        }
        try folder.commit()
    }
}
