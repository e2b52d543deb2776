import ArgumentParser
import LifelineGraphviz

/// Text, or one of the Graphviz outputs.
enum ChartFormat: String, ExpressibleByArgument, CaseIterable {
    case text, dot, svg, png, pdf

    var graphviz: GraphvizFormat? { GraphvizFormat(rawValue: rawValue) }
}

/// `--range` and `--transition`, for charts of part of a trace.
struct SliceOptions: ParsableArguments {
    @Option(help: "Only steps A-B, e.g. 1-20.")
    var range: String?

    @Option(help: "Only the Nth transition (see lifeline stats).")
    var transition: Int?
}
