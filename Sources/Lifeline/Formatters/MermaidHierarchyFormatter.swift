/// The hierarchy as a Mermaid flowchart, the fallback GitHub renders when an image is not
/// wanted. Edges carry the relation and the steps, as in the DOT graph.
public struct MermaidHierarchyFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String {
        let hierarchy = Hierarchy(trace)
        let machine = AppearanceStateMachine(trace, keepingSteps: false)
        let names = DisplayNames(trace)
        var ids: [String: String] = [:]
        for (i, node) in hierarchy.nodes.enumerated() { ids[node] = "n\(i + 1)" }
        var out = "flowchart TD\n"
        for node in hierarchy.nodes {
            let state = machine.finalState[node]?.rawValue ?? "no appearance calls"
            out += "    \(ids[node]!)[\"\(MermaidEscaper.text(names[node])) · \(MermaidEscaper.text(state))\"]\n"
        }
        for edge in hierarchy.edges {
            var parts = [edge.relation.rawValue]
            parts += edge.added.map { "+\($0)" } + edge.removed.map { "−\($0)" }
            let arrow = edge.relation == .presents ? "-.->" : "-->"
            out += "    \(ids[edge.parent]!) \(arrow)|\"\(MermaidEscaper.text(parts.joined(separator: " ")))\"| \(ids[edge.child]!)\n"
        }
        return out
    }
}
