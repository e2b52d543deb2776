/// Who contained whom, over time. Built from containment calls, navigation stacks,
/// tab roots, presentations and `args.parent`.
package struct Hierarchy: Sendable {
    package enum Relation: String, Sendable {
        /// `addChild` / `didMove(toParent:)` / `transition(from:to:)`.
        case child
        /// A tab's root controller: the tab bar delegate's argument.
        case tab
        /// A navigation stack entry (`push`, `willShow`).
        case stack
        /// A modal presentation.
        case presents
    }

    package struct Edge: Sendable, Hashable {
        package var parent: String
        package var child: String
        package var relation: Relation
        /// Steps (`seq`) at which the child was added to, and removed from, the parent.
        package var added: [Int]
        package var removed: [Int]

        /// Whether the edge exists after step `seq`.
        package func isAlive(at seq: Int) -> Bool {
            let lastAdd = added.last { $0 <= seq } ?? 0
            let lastRemove = removed.last { $0 <= seq } ?? 0
            return lastAdd > 0 && lastAdd > lastRemove
        }

        /// Whether the child was removed by the trace's end and not added again: over the
        /// whole trace such an edge is drawn dotted and grey.
        package var isGoneAtEnd: Bool { !removed.isEmpty && removed.count >= added.count }
    }

    /// Edges in order of first appearance.
    package private(set) var edges: [Edge] = []
    /// Every object the hierarchy mentions, in order of first appearance.
    package private(set) var nodes: [String] = []

    package init(_ trace: Trace) {
        var walk = HierarchyWalk(trace.events)
        walk.run()
        let names = walk.names
        edges = walk.edges.map {
            Edge(
                parent: names[Int($0.parent)], child: names[Int($0.child)], relation: $0.relation, added: $0.added,
                removed: $0.removed)
        }
        nodes = walk.nodes.map { names[Int($0)] }
    }

    /// The edges alive after step `seq`.
    package func edges(at seq: Int) -> [Edge] { edges.filter { $0.isAlive(at: seq) } }

    /// Nodes with no parent edge: the roots of the union graph.
    package var roots: [String] {
        let children = Set(edges.map(\.child))
        return nodes.filter { !children.contains($0) }
    }
}
