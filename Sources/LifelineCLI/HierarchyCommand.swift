import ArgumentParser
import Lifeline
import LifelineGraphviz

struct HierarchyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Draw which container held which child: the union over the trace, or the tree at one step.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline hierarchy Samples/tab-switch-navigation/trace.log --format svg -o hierarchy.svg
              lifeline hierarchy Samples/child-add-remove/trace.log --at 10 --format dot

            Edges are labelled with their relation (child, tab, stack, presents) and the steps at
            which the child was added (+N) and removed (−N). Nodes show the class, the instance
            and the appearance state at the end (or at --at).
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Show the tree after this step instead of the union over the whole trace.")
    var at: Int?

    @Option(help: "dot, svg, png or pdf (rendered in-process by libgraphviz).")
    var format: GraphvizFormat = .dot

    @Option(
        help:
            "Largest graph that Graphviz lays out (nodes); bigger ones are refused, since dot's layout time grows faster than the graph. Trees, which Lifeline places itself, may have four times as many."
    )
    var maxNodes: Int = 1500

    func run() throws {
        let trace = try input.load()
        if let at, !(1...trace.events.count).contains(at) {
            throw ValidationError("--at must be a step between 1 and \(trace.events.count)")
        }
        let formatter = HierarchyDOTFormatter(step: at)
        if format == .dot {
            try GraphOutput.emit(dot: formatter.format(trace), format: format, output: output, inputs: [input.path])
            return
        }
        let nodes = formatter.nodeCount(trace)
        // A tree is placed by Lifeline in linear time; only the drawing is left to Graphviz.
        let limit = maxNodes * HierarchyDOTFormatter.placedForestFactor
        if nodes > limit {
            refuse(nodes, limit)
        }
        let graph = formatter.formatForRendering(trace)
        if graph.engine == "dot", nodes > maxNodes {
            refuse(nodes, maxNodes)
        }
        try GraphOutput.emit(dot: graph.dot, format: format, engine: graph.engine, output: output, inputs: [input.path])
    }

    private func refuse(_ nodes: Int, _ limit: Int) -> Never {
        Console.error(
            "the hierarchy\(at.map { " after step \($0)" } ?? "") has \(nodes) objects, over the \(limit) that Graphviz draws in seconds; "
                + "use --at STEP for one moment, --format dot to lay it out elsewhere, or raise --max-nodes")
        HierarchyCommand.exit(withError: ExitCode(2))
    }
}
