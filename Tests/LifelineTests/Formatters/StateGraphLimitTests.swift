import Testing

@testable import Lifeline

@Suite struct StateGraphLimitTests {
    @Test func drawsAtMostItsLanesAndSaysHowManyMore() throws {
        let log = (0..<5).map { "V\($0) viewWillAppear\nV\($0) viewDidAppear\n" }.joined()
        let dot = StatesFormatter(maxLanes: 3).dot(try Fixture.trace(log))
        #expect(dot.components(separatedBy: "subgraph").count - 1 == 3)
        #expect(dot.contains("The first 3 of 5 controllers"))
        #expect(try Fixture.run("dot", ["-Tsvg"], input: dot).status == 0)
    }
}

@Suite struct ReportHierarchyLimitTests {
    @Test func aHierarchyTooBigToDrawIsNamedNotDrawn() throws {
        let log = (1...20_000).map { "C0 addChild(_:) C\($0)\n" }.joined()
        let report = ReportBuilder(title: "T", command: "lifeline report x").build(try Fixture.trace(log))
        #expect(report.markdown.contains("The hierarchy has 20001 objects, too many to draw on a page"))
        #expect(!report.markdown.contains("```mermaid\nflowchart"))
        #expect(!report.files.contains { $0.name == "hierarchy.svg" })
    }
}
