/// A tidy layered layout for forests, in linear time: each subtree takes the width of its
/// children side by side (or of its root, if wider), parents sit centred over their children,
/// and each depth is one row. Graphviz's `dot` solves the general case with network simplex,
/// which grows faster than the graph; a container hierarchy is almost always a forest, so
/// Lifeline places it itself and lets Graphviz only draw.
package enum TreeLayout {
    package struct Size: Sendable {
        package var width: Double, height: Double
        package init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Centres of the nodes in points, y growing upwards (as Graphviz's `pos`); nil when the
    /// edges are not a forest (a node with two parents, or a cycle).
    package static func positions(
        nodes: [String], edges: [(parent: String, child: String)], size: (String) -> Size,
        gap: Double = 24, rankGap: Double = 60
    ) -> [String: (x: Double, y: Double)]? {
        var index: [String: Int] = [:]
        for (i, node) in nodes.enumerated() where index[node] == nil { index[node] = i }
        var children = [[Int]](repeating: [], count: nodes.count)
        var hasParent = [Bool](repeating: false, count: nodes.count)
        for edge in edges {
            guard let p = index[edge.parent], let c = index[edge.child] else { return nil }
            guard !hasParent[c] else { return nil }
            hasParent[c] = true
            children[p].append(c)
        }
        let sizes = nodes.map(size)
        let rowHeight = (sizes.map(\.height).max() ?? 0) + rankGap
        // Post-order, without recursion (a chain may be thousands deep): subtree widths.
        var order: [Int] = []
        var stack = nodes.indices.filter { !hasParent[$0] }.reversed().map { $0 }
        var depth = [Int](repeating: 0, count: nodes.count)
        var visited = [Bool](repeating: false, count: nodes.count)
        while let v = stack.popLast() {
            guard !visited[v] else { return nil }
            visited[v] = true
            order.append(v)
            for c in children[v].reversed() {
                depth[c] = depth[v] + 1
                stack.append(c)
            }
        }
        guard order.count == nodes.count else { return nil }  // a cycle, unreachable from a root
        var span = [Double](repeating: 0, count: nodes.count)
        for v in order.reversed() {
            let kids = children[v].reduce(0) { $0 + span[$1] } + gap * Double(max(0, children[v].count - 1))
            span[v] = max(sizes[v].width, kids)
        }
        // Pre-order: each subtree's left edge, then its children's.
        var left = [Double](repeating: 0, count: nodes.count)
        var cursor = 0.0
        for v in nodes.indices where !hasParent[v] {
            left[v] = cursor
            cursor += span[v] + gap * 2
        }
        var result: [String: (x: Double, y: Double)] = [:]
        for v in order {
            let kids = children[v].reduce(0) { $0 + span[$1] } + gap * Double(max(0, children[v].count - 1))
            var x = left[v] + (span[v] - kids) / 2
            for c in children[v] {
                left[c] = x
                x += span[c] + gap
            }
            result[nodes[v]] = ((left[v] + span[v] / 2).rounded(), (-Double(depth[v]) * rowHeight).rounded())
        }
        return result
    }
}
