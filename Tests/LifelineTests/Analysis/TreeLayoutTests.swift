import Testing

@testable import Lifeline

@Suite struct TreeLayoutTests {
    @Test func rowsDoNotOverlapAndParentsSitOverTheirChildren() throws {
        var rng = SystemRandomNumberGenerator()
        let count = 400
        let nodes = (0..<count).map { "N\($0)" }
        let edges = (1..<count).map { (parent: "N\(Int.random(in: 0..<$0, using: &rng))", child: "N\($0)") }
        let widths = Dictionary(uniqueKeysWithValues: nodes.map { ($0, Double.random(in: 40...200, using: &rng)) })
        let placed = try #require(
            TreeLayout.positions(nodes: nodes, edges: edges) { TreeLayout.Size(width: widths[$0]!, height: 30) })
        let rows = Dictionary(grouping: nodes) { placed[$0]!.y }
        for row in rows.values {
            let sorted = row.sorted { placed[$0]!.x < placed[$1]!.x }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                #expect(placed[b]!.x - placed[a]!.x >= (widths[a]! + widths[b]!) / 2 - 1, "\(a) and \(b) overlap")
            }
        }
        for edge in edges { #expect(placed[edge.child]!.y < placed[edge.parent]!.y) }
    }

    @Test func deepChainsAndNonForests() {
        let chain = (1..<6000).map { (parent: "N\($0 - 1)", child: "N\($0)") }
        let placed = TreeLayout.positions(nodes: (0..<6000).map { "N\($0)" }, edges: chain) { _ in
            .init(width: 50, height: 20)
        }
        #expect(placed?.count == 6000)
        let twoParents = [(parent: "A", child: "C"), (parent: "B", child: "C")]
        #expect(
            TreeLayout.positions(nodes: ["A", "B", "C"], edges: twoParents) { _ in .init(width: 50, height: 20) } == nil
        )
        let cycle = [(parent: "A", child: "B"), (parent: "B", child: "A")]
        #expect(TreeLayout.positions(nodes: ["A", "B"], edges: cycle) { _ in .init(width: 50, height: 20) } == nil)
    }
}
