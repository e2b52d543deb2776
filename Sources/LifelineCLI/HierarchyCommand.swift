import ArgumentParser
import Lifeline
import LifelineGraphviz

struct HierarchyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Draw which container held which child: the union over the trace, or the tree at one step.",
        discussion: """
            Example:
              lifeline hierarchy Samples/tab-switch-navigation/trace.log --format svg -o hierarchy.svg
              lifeline hierarchy Samples/child-add-remove/trace.log --at 10 --format dot
            Edges are labelled with their relation (child, tab, stack, presents) and the steps at
            which the child was added (+N) and removed (−N). Nodes show the class, the instance
            and the appearance state at the end (or at --at).
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Show the tree after this step instead of the union over the whole trace.")
    var at: Int?

    @Option(help: "dot, svg, png or pdf (rendered in-process by libgraphviz).")
    var format: GraphvizFormat = .dot

    @Option(help: "Largest graph laid out with Graphviz (nodes); bigger graphs are refused, since layout time grows faster than the graph.")
    var maxNodes: Int = 1500

    func run() throws {
        let trace = try input.load()
        if let at, !(1...trace.events.count).contains(at) {
            throw ValidationError("--at must be a step between 1 and \(trace.events.count)")
        }
        let formatter = HierarchyDOTFormatter(step: at)
        let nodes = Hierarchy(trace).nodes.count
        if format != .dot, nodes > maxNodes {
            Console.error(
                "the hierarchy has \(nodes) objects, over the \(maxNodes) that Graphviz lays out in seconds; "
                    + "use --at STEP for one moment, --format dot to lay it out elsewhere, or raise --max-nodes")
            throw ExitCode(2)
        }
        if format == .dot {
            try GraphOutput.emit(dot: formatter.format(trace), format: format, output: output, inputs: [input.input])
        } else {
            let graph = formatter.formatForRendering(trace)
            try GraphOutput.emit(dot: graph.dot, format: format, engine: graph.engine, output: output, inputs: [input.input])
        }
    }
}
