import ArgumentParser
import Foundation
import Lifeline

extension TraceDiff.Match: ExpressibleByArgument {}

struct DiffCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, html, svg }

    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two traces: calls missing, extra, moved, or with changed arguments.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline diff Samples/tab-order-compared/trace-1-old-tab-first.log Samples/tab-order-compared/trace-2-new-tab-first.log --match role
              lifeline diff before.log after.log --format html -o diff.html

            Exit codes, as diff(1): 0 same, 1 different, 2 error.
            Calls are matched by object and event, counting repeats; --match instance (Class#n,
            the default) ignores addresses and modules, class merges all instances of a class,
            role also drops spaces, _, - and a ViewController/Controller/VC suffix, so
            AViewController and A ViewController match A.
            Layout calls are ignored unless --layout is given.
            """))

    @Argument(help: "The first trace (A).")
    var first: String

    @Argument(help: "The second trace (B).")
    var second: String

    @Option(help: "instance, class or role.")
    var match: TraceDiff.Match = .instance

    @Option(help: "text, markdown, html or svg.")
    var format: Format = .text

    @Option(name: .long, parsing: .upToNextOption, help: "Events to leave out (canonical names).")
    var ignore: [String] = []

    @Flag(help: "Compare appearance calls only.")
    var appearanceOnly = false

    @Flag(help: "Also compare layout calls (viewWillLayoutSubviews, viewDidLayoutSubviews).")
    var layout = false

    @Option(help: "Unchanged calls shown around each difference in the text output.")
    var context: Int = 3

    @Flag(help: "Show every call in the text output, not only the differences and their context.")
    var full = false

    @Option(help: "Width of the text output.")
    var width: Int = 120

    @Flag(help: "Colour the text output even when not writing to a terminal.")
    var color = false

    @Option(help: "Force the input format of both traces.")
    var from: InputFormat?

    @Flag(help: "Fail (exit 2) when an input has warnings.")
    var strict = false

    @Flag(name: .long, help: "Print no reading warnings on standard error (errors still).")
    var quiet = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        // State the traces do not log is not derived: the comparison leaves out what a call's
        // own arguments imply, and that is all a reader derives (see `StateDeriver`).
        var options = ReadOptions(format: from)
        options.derivesState = false
        let (a, b) = KeptUntilExit.keep(try TraceLoader.loadPair(first, second, options: options))
        if !quiet { Console.report(a.diagnostics + b.diagnostics) }
        if strict && !(a.diagnostics.isEmpty && b.diagnostics.isEmpty) { throw ExitCode(2) }
        let diff = KeptUntilExit.keep(
            TraceDiff(
                a, b,
                options: .init(
                    match: match, ignore: Set(ignore), appearanceOnly: appearanceOnly, ignoreLayout: !layout)))
        let inputs = [first, second]
        switch format {
        case .text:
            let tty = output.output == nil && isatty(STDOUT_FILENO) != 0
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            let formatter = DiffTextFormatter(
                width: width, color: color || (tty && !noColor), context: full ? nil : context)
            try output.emit(inputs: inputs) { formatter.text(diff, into: $0) }
        case .markdown: try output.emit(inputs: inputs) { DiffMarkdownFormatter().text(diff, into: $0) }
        case .html: try output.emit(inputs: inputs) { DiffHTMLFormatter().text(diff, into: $0) }
        case .svg: try output.emit(inputs: inputs) { DiffSVGFormatter().text(diff, into: $0) }
        }
        let summary = diff.summary
        if summary.same + summary.moved + summary.changed == 0, summary.missing > 0, summary.extra > 0, match != .role {
            Console.error(
                "no call of one trace matched a call of the other; when the two logs name their controllers "
                    + "differently (AViewController and A), try --match role")
        }
        if !summary.isIdentical { throw ExitCode(1) }
    }
}
