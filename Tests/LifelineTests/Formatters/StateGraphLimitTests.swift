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

@Suite struct MermaidHierarchyTests {
    /// A child removed and not added again is styled dotted and grey by its place among the
    /// edges; one still held is not.
    @Test func aChildGoneByTheEndIsDottedAndGrey() throws {
        let log = """
            Parent addChild(_:) Kept
            Parent addChild(_:) Gone
            Gone removeFromParent()

            """
        let chart = MermaidHierarchyFormatter().rendered(try Fixture.trace(log))
        let edges = chart.split(separator: "\n").filter { $0.contains("-->") }
        #expect(edges.count == 2)
        let gone = try #require(edges.firstIndex { $0.contains("−") })
        #expect(chart.hasSuffix("    linkStyle \(gone) stroke:#999999,stroke-dasharray:2 4,color:#777777\n"))
    }
}

@Suite struct ReportFindingsLimitTests {
    /// 300 children added without didMove(toParent:): one finding each.
    let log = (1...300).map { "Parent addChild(_:) Child\($0)\n" }.joined()

    @Test func aLongListIsCountedByRuleAndCut() throws {
        let md = ReportBuilder(title: "T", command: "lifeline report x").build(try Fixture.trace(log)).markdown
        let findings = md.components(separatedBy: "## Findings")[1]
        #expect(findings.contains("reports 300 findings"))
        #expect(findings.contains("| `addchild-without-didmove` | 300 |"))
        #expect(findings.contains("The first 200 are below"))
        #expect(findings.components(separatedBy: "[addchild-without-didmove]").count - 1 == 200)
        let html = try Fixture.run("cmark-gfm", ["-e", "table"], input: md)
        #expect(html.status == 0)
        #expect(html.output.contains("<td><code>addchild-without-didmove</code></td>"))
    }

    @Test func aShortListIsWhole() throws {
        let short = (1...3).map { "Parent addChild(_:) Child\($0)\n" }.joined()
        let md = ReportBuilder(title: "T", command: "lifeline report x").build(try Fixture.trace(short)).markdown
        #expect(!md.contains("Findings by rule"))
        #expect(md.components(separatedBy: "[addchild-without-didmove]").count - 1 == 3)
    }

    @Test func theHTMLPageCutsTheSameWay() throws {
        let builder = ReportBuilder(title: "T", command: "lifeline report x")
        let html = ReportHTMLFormatter(builder: builder).format(try Fixture.trace(log), pictures: [:])
        #expect(html.contains("<td><code>addchild-without-didmove</code></td><td>300</td>"))
        #expect(html.components(separatedBy: "[addchild-without-didmove]").count - 1 == 200)
    }
}
