/// The hierarchy as a Mermaid flowchart, the fallback GitHub renders when an image is not
/// wanted. Edges carry the relation and the steps, as in the DOT graph.
///
/// A child removed by the trace's end is drawn dotted and grey, as in the DOT graph.
///
/// Mermaid refuses a chart of over 500 edges or 50 000 characters: names keep 60 characters
/// (the rest marked `…#hash…`), an edge lists at most 4 steps and counts the rest, and a chart
/// stops at 400 edges or 40 000 characters with a last node that counts what was left out.
public struct MermaidHierarchyFormatter: TraceFormatter {
    static let maxEdges = 400, maxCharacters = 40_000, nameLimit = 60, stepsShown = 4

    /// A formatter for a Mermaid `flowchart`.
    public init() {}

    /// Writes the hierarchy chart to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(rendered(trace))
    }

    /// The hierarchy chart as one string.
    package func rendered(_ trace: Trace) -> String {
        rendered(
            Hierarchy(trace), states: AppearanceStateMachine(trace, keepingSteps: false), names: DisplayNames(trace))
    }

    /// The chart of `hierarchy`, its controllers' final states from `machine`: for a caller that
    /// has worked them out for the same trace already (a report).
    package func rendered(_ hierarchy: Hierarchy, states machine: AppearanceStateMachine, names: DisplayNames) -> String
    {
        var ids: [String: String] = [:]
        var out = "flowchart TD\n"
        // Mermaid styles an edge by its place among the chart's edges.
        var gone: [Int] = [], edgesWritten = 0
        func declare(_ node: String) {
            guard ids[node] == nil else { return }
            let id = "n\(ids.count + 1)"
            ids[node] = id
            let state = machine.finalState[node]?.rawValue ?? "no appearance calls"
            let name = StableHash.fitted(names[node], Self.nameLimit)
            out += "    \(id)[\"\(MermaidEscaper.text(name)) · \(MermaidEscaper.text(state))\"]\n"
        }
        func edgeLine(_ edge: Hierarchy.Edge) -> String {
            var steps = edge.added.map { "+\($0)" } + edge.removed.map { "−\($0)" }
            if steps.count > Self.stepsShown {
                steps = steps.prefix(Self.stepsShown) + ["… \(steps.count - Self.stepsShown) more"]
            }
            let label = ([edge.relation.rawValue] + steps).joined(separator: " ")
            let arrow = edge.relation == .presents ? "-.->" : "-->"
            if edge.isGoneAtEnd { gone.append(edgesWritten) }
            edgesWritten += 1
            return "    \(ids[edge.parent]!) \(arrow)|\"\(MermaidEscaper.text(label))\"| \(ids[edge.child]!)\n"
        }
        // Every controller first, then every edge, when the whole chart fits.
        if hierarchy.edges.count <= Self.maxEdges {
            // Controllers past the budget are not declared: the chart is then drawn edge by edge.
            var fits = true
            for node in hierarchy.nodes {
                declare(node)
                if out.utf8.count > Self.maxCharacters {
                    fits = false
                    break
                }
            }
            if fits {
                for edge in hierarchy.edges { out += edgeLine(edge) }
                out += goneStyle(gone)
            }
            if fits, out.utf8.count <= Self.maxCharacters { return out }
            out = "flowchart TD\n"
            ids = [:]
            (gone, edgesWritten) = ([], 0)
        }
        // Else the edges in order, each with its controllers, while the budget lasts.
        var shown = 0
        for edge in hierarchy.edges {
            // The style line of the gone edges comes after: room is kept for it.
            guard shown < Self.maxEdges, out.utf8.count + goneStyle(gone).utf8.count < Self.maxCharacters else { break }
            declare(edge.parent)
            declare(edge.child)
            out += edgeLine(edge)
            shown += 1
        }
        let left = hierarchy.edges.count - shown, unshown = hierarchy.nodes.count - ids.count
        out += "    more[\"… \(left) more edges and \(unshown) more controllers: see lifeline hierarchy\"]\n"
        return out + goneStyle(gone)
    }

    /// The style of the edges at these places: dotted and grey.
    private func goneStyle(_ places: [Int]) -> String {
        guard !places.isEmpty else { return "" }
        let list = places.map(String.init).joined(separator: ",")
        return "    linkStyle \(list) stroke:#999999,stroke-dasharray:2 4,color:#777777\n"
    }
}
