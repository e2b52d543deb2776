import ArgumentParser
import Lifeline

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Write an interactive viewer: one HTML file that steps through the trace.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline view Samples/tab-switch-navigation/trace.log -o trace.html
              lifeline view trace-1-old-tab-first.log --compare trace-2-new-tab-first.log --match role -o compare.html

            The page needs no network and works from file://. At each step it shows the step table,
            the containment tree with each controller's appearance state, the selected tab and the
            top of each navigation stack, the controllers' lanes of states, and the transitions and
            findings (click one to go to its step). Keys: ←/→ a call, ⇧←/⇧→ a transition, Home/End.
            The address's #step=N names a step.
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "A second trace to show aligned with the first, as diff aligns them.")
    var compare: String?

    @Option(help: "How --compare matches calls: instance, class or role.")
    var match: TraceDiff.Match = .instance

    func run() throws {
        let trace = try input.load()
        let other = try compare.map { try TraceLoader.load(path: $0, options: input.readOptions) }
        let page = ViewerPage().format(trace, compare: other, options: TraceDiff.Options(match: match))
        try output.emit(page, inputs: [input.path] + (compare.map { [$0] } ?? []))
    }
}
