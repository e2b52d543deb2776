import Foundation
import Lifeline
import Testing

@testable import LifelineGraphviz

/// Every sample's hierarchy and flow chart render in-process; the SVG is checked by structure.
struct SampleRenderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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
    }

    @Test(arguments: inputs)
    func flowSVGHasOneBoxPerPhase(_ input: String) throws {
        let trace = try SampleRenderTests.load(input)
        let svg = try GraphvizRenderer.render(dot: try FlowDOTFormatter().format(trace), format: .svg)
        let counted = try GraphvizRendererTests.parseSVG(svg)
        #expect(counted.nodes == FlowPlan(trace).phaseCount)
        #expect(counted.edges == FlowPlan(trace).phaseCount - 1)
        _ = try GraphvizRenderer.render(dot: try FlowDOTFormatter().format(trace), format: .png)
        _ = try GraphvizRenderer.render(dot: StatesFormatter().dot(trace), format: .svg)
    }

    @Test func hostileClassNameComesBackVerbatimInSVGText() throws {
        let hostile = #"Evil"Name\|<b>&amp;{x}[y] end graph -> ;"#
        let line = "{\"seq\":1,\"object\":\(jsonString(hostile)),\"event\":\"addChild\",\"args\":{\"child\":\"Child#1\"}}\n"
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
