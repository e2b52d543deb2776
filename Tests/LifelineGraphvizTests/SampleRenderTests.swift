import Foundation
import Lifeline
import Testing

@testable import LifelineGraphviz

/// Every sample's hierarchy and flow chart render in-process; the SVG is checked by structure.
struct SampleRenderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var inputs: [String] {
        let fm = FileManager.default
        let samples = root.appendingPathComponent("Samples")
        return ((try? fm.contentsOfDirectory(atPath: samples.path)) ?? []).sorted().flatMap { dir in
            ((try? fm.contentsOfDirectory(atPath: samples.appendingPathComponent(dir).path)) ?? []).sorted()
                .filter { $0.hasPrefix("trace") }.map { "Samples/\(dir)/\($0)" }
        }
    }

    static func load(_ input: String) throws -> Trace {
        try TraceLoader.load(path: root.appendingPathComponent(input).path)
    }

    @Test(arguments: inputs)
    func hierarchySVGHasOneNodePerControllerAndOneEdgePerRelation(_ input: String) throws {
        let trace = try SampleRenderTests.load(input)
        let hierarchy = Hierarchy(trace)
        let svg = try GraphvizRenderer.render(dot: HierarchyDOTFormatter().format(trace), format: .svg)
        let counted = try GraphvizRendererTests.parseSVG(svg)
        #expect(counted.nodes == hierarchy.nodes.count)
        #expect(counted.edges == hierarchy.edges.count)
        let png = try GraphvizRenderer.render(dot: HierarchyDOTFormatter().format(trace), format: .png)
        #expect(png.count > 100)
        // The same graph placed by Lifeline and only drawn by Graphviz.
        let placed = HierarchyDOTFormatter().formatForRendering(trace)
        let drawn = try GraphvizRendererTests.parseSVG(
            try GraphvizRenderer.render(dot: placed.dot, format: .svg, engine: placed.engine))
        #expect(drawn.nodes == hierarchy.nodes.count)
        #expect(drawn.edges == hierarchy.edges.count)
    }

    /// A forest is placed by Lifeline (the `nop2` engine only draws); a child that had two
    /// parents makes a graph that is not a tree, which `dot` lays out.
    @Test func forestsArePlacedAndOtherGraphsLaidOut() throws {
        let tree = try TraceLoader.load(
            ByteInput(bytes: Array("P addChild(_:) C\nP addChild(_:) D\nC addChild(_:) E\n".utf8), name: "t.log"))
        #expect(HierarchyDOTFormatter().formatForRendering(tree).engine == "nop2")
        let moved = try TraceLoader.load(
            ByteInput(bytes: Array("P addChild(_:) C\nC removeFromParent()\nQ addChild(_:) C\n".utf8), name: "m.log"))
        #expect(Hierarchy(moved).edges.count == 2)
        #expect(HierarchyDOTFormatter().formatForRendering(moved).engine == "dot")
        // A wide tree is placed and drawn whole.
        let wide = try TraceLoader.load(
            ByteInput(
                bytes: Array((1..<200).map { "C\(($0 - 1) / 4) addChild(_:) C\($0)\n" }.joined().utf8), name: "w.log"))
        let placed = HierarchyDOTFormatter().formatForRendering(wide)
        #expect(placed.engine == "nop2")
        let svg = String(
            decoding: try GraphvizRenderer.render(dot: placed.dot, format: .svg, engine: placed.engine), as: UTF8.self)
        #expect(svg.components(separatedBy: "class=\"node\"").count - 1 == 200)
    }

    @Test(arguments: inputs)
    func flowSVGHasOneBoxPerPhase(_ input: String) throws {
        let trace = try SampleRenderTests.load(input)
        let svg = try GraphvizRenderer.render(dot: try FlowDOTFormatter().format(trace), format: .svg)
        let counted = try GraphvizRendererTests.parseSVG(svg)
        // One box per phase, and each transition's title beside its first box.
        let titles = FlowPlan(trace).sections.filter { $0.transition != nil }.count
        #expect(counted.nodes == FlowPlan(trace).phaseCount + titles)
        #expect(counted.edges == FlowPlan(trace).phaseCount - 1)
        _ = try GraphvizRenderer.render(dot: try FlowDOTFormatter().format(trace), format: .png)
        _ = try GraphvizRenderer.render(dot: StatesFormatter().dot(trace), format: .svg)
    }

    @Test func hostileClassNameComesBackVerbatimInSVGText() throws {
        let hostile = #"Evil"Name\|<b>&amp;{x}[y] end graph -> ;"#
        let line =
            "{\"seq\":1,\"object\":\(jsonString(hostile)),\"event\":\"addChild\",\"args\":{\"child\":\"Child#1\"}}\n"
        let trace = try TraceLoader.load(ByteInput(bytes: Array(line.utf8), name: "hostile.jsonl"))
        let svg = try GraphvizRenderer.render(dot: HierarchyDOTFormatter().format(trace), format: .svg)
        let counted = try GraphvizRendererTests.parseSVG(svg)
        #expect(counted.texts.contains(hostile), "\(counted.texts)")
        #expect(counted.nodes == 2)
    }

    func jsonString(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
