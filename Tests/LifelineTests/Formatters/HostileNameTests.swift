import Foundation
import Testing

@testable import Lifeline

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One corpus of hostile class and role names through every text format, each checked by its
/// real consumer: the name must not change the output's structure.
struct HostileNameTests {
    static let names: [String] = [
        "Quote\"Name", "Apostrophe'Name", "Back\\slash", "Pipe|Name", "<Less", "Greater>", "Amp&amp;", "Semi;colon",
        "Hash#tag",
        "%%comment", "end", "graph", "@enduml", "--dashes", "__under__", "//slashes//", "[x](y)", "`tick`",
        "New\nLine", "Tab\tName", "\u{200F}RTL\u{202E}mark", "Emoji😀Name", String(repeating: "L", count: 10_000),
    ]

    static func trace() throws -> Trace {
        var text = ""
        var seq = 0
        for (i, name) in names.enumerated() {
            for event in ["viewWillAppear", "viewDidAppear"] {
                seq += 1
                text +=
                    "{\"seq\":\(seq),\"object\":\(JSONEscaper.quoted(name)),\"event\":\"\(event)\",\"args\":{\"parent\":\"Root#1\"},\"state\":{\"selectedViewController\":\(JSONEscaper.quoted(name))},\"note\":\(JSONEscaper.quoted(name + " \(i)"))}\n"
            }
        }
        return try Fixture.trace(text, name: "hostile|name.jsonl")
    }

    @Test func invalidUTF8NamesAreRepairedNotFatal() throws {
        let bytes = Array("<M.Bad".utf8) + [0xC3, 0xFF, 0xFE] + Array(": 0x1> viewWillAppear\n".utf8)
        let trace = try Fixture.trace(bytes: bytes)
        #expect(trace.events.count == 1)
        #expect(trace.diagnostics.map(\.rule) == ["invalid-utf8"])
        #expect(XMLParser(data: Data(SVGSequenceFormatter().format(trace).utf8)).parse())
    }

    @Test func markdownTableKeepsOneRowPerCall() throws {
        let trace = try HostileNameTests.trace()
        let html = try Fixture.run("cmark-gfm", ["-e", "table"], input: MarkdownTableFormatter().format(trace))
        #expect(html.output.components(separatedBy: "<tr>").count - 1 == trace.events.count + 1)
        #expect(
            !html.output.contains("<script") && !html.output.contains("<a href") && !html.output.contains("<em>")
                && !html.output.contains("<code>"))
    }

    @Test func jsonOutputsParse() throws {
        let trace = try HostileNameTests.trace()
        let jsonl = JSONLinesFormatter().format(trace)
        for line in jsonl.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["object"] is String)
        }
        let back = try Fixture.trace(jsonl)
        #expect(back.events.map(\.object) == trace.events.map(\.object))
        #expect(
            try JSONSerialization.jsonObject(with: Data(ChromeTraceFormatter().format(trace).utf8)) is [String: Any])
        let findings = Linter().run(
            try Fixture.trace(
                "A: viewWillAppear\nA: viewDidAppear\nA: viewDidAppear\n", name: HostileNameTests.names.joined()))
        #expect(try JSONSerialization.jsonObject(with: Data(FindingsFormatter.json(findings).utf8)) is [Any])
        #expect(
            try JSONSerialization.jsonObject(with: Data(FindingsFormatter.sarif(findings, rules: Linter.allRules).utf8))
                is [String: Any])
    }

    @Test func svgAndHTMLOutputsParseAsXML() throws {
        let trace = try HostileNameTests.trace()
        let diff = TraceDiff(trace, try Fixture.loadSample("Samples/tab-switch/trace.log"))
        let builder = ReportBuilder(title: HostileNameTests.names.joined(separator: " "), command: "lifeline report x")
        var pictures: [String: String] = [:]
        for file in builder.build(trace).files { if let c = file.content { pictures[file.name] = c } }
        let documents = [
            SVGSequenceFormatter().format(trace), SVGTimelineFormatter().format(trace), DiffSVGFormatter().format(diff),
            DiffHTMLFormatter().format(diff), ReportHTMLFormatter(builder: builder).format(trace, pictures: pictures),
        ]
        for doc in documents {
            let xml = doc.replacingOccurrences(of: "<!DOCTYPE html>\n", with: "").replacingOccurrences(
                of: "&nbsp;", with: "&#160;")
            #expect(XMLParser(data: Data(xml.utf8)).parse())
            #expect(!doc.contains("<script") && !doc.contains("<Less") && !doc.contains("<b>"))
        }
    }

    @Test func dotKeepsOneNodePerObject() throws {
        let trace = try HostileNameTests.trace()
        let svg = try Fixture.run("dot", ["-Tsvg"], input: HierarchyDOTFormatter().format(trace))
        #expect(svg.status == 0)
        #expect(svg.output.components(separatedBy: "class=\"node\"").count - 1 == HostileNameTests.names.count + 1)
        let flow = try Fixture.run("dot", ["-Tsvg"], input: try FlowDOTFormatter().format(trace))
        #expect(flow.status == 0)
        let states = try Fixture.run("dot", ["-Tsvg"], input: StatesFormatter().dot(trace))
        #expect(states.status == 0)
    }

    /// Graphviz refuses a quoted string over 16 384 bytes; two 40 000-character names that
    /// differ only in the middle stay two nodes, each with its one edge.
    @Test func dotTakesNamesOfAnyLength() throws {
        let left = "App." + String(repeating: "X", count: 20_000) + "A" + String(repeating: "X", count: 20_000)
        let right = "App." + String(repeating: "X", count: 20_000) + "B" + String(repeating: "X", count: 20_000)
        let log = [left, right].enumerated().map { k, name in
            "<\(name): 0x7f00000001\(k)0> addChild(_:) <App.Child\(k): 0x7f00000002\(k)0>\n"
                + "<\(name): 0x7f00000001\(k)0> viewDidLoad()\n"
        }.joined()
        let trace = try Fixture.trace(log)
        let svg = try Fixture.run("dot", ["-Tsvg"], input: HierarchyDOTFormatter().format(trace))
        #expect(svg.status == 0)
        #expect(svg.output.components(separatedBy: "class=\"node\"").count - 1 == 4)
        #expect(svg.output.components(separatedBy: "class=\"edge\"").count - 1 == 2)
        #expect(try Fixture.run("dot", ["-Tsvg"], input: try FlowDOTFormatter().format(trace)).status == 0)
    }

    @Test func mermaidAndPlantUMLKeepTheirParticipants() throws {
        let trace = try HostileNameTests.trace()
        // The 10 000-character name makes Mermaid split the chart; across the parts there is
        // still exactly one participant per name, plus UIKit.
        let parts = MermaidSequenceFormatter().parts(trace)
        var participants = Set<Substring>()
        for part in parts {
            let lines = part.split(separator: "\n").filter { $0.hasPrefix("    participant ") }
            #expect(Set(lines).count == lines.count)
            participants.formUnion(lines)
        }
        #expect(participants.count == HostileNameTests.names.count + 1)
        // PlantUML parts hold at most 12 participants each; across them, one per name.
        let puml = PlantUMLSequenceFormatter().format(trace)
        #expect(
            Set(puml.split(separator: "\n").filter { $0.hasPrefix("participant ") }).count == HostileNameTests.names
                .count + 1)
        #expect(
            puml.split(separator: "\n").filter { $0 == "@enduml" }.count
                == puml.split(separator: "\n").filter { $0 == "@startuml" }.count)
    }

    /// The HTML report's summary quotes names as they are: a backslash, backticks and `<br>`
    /// stay, and each name is isolated so a right-to-left mark cannot reverse the sentence.
    @Test func htmlSummaryQuotesNamesWhole() throws {
        let trace = try HostileNameTests.trace()
        let page = ReportHTMLFormatter(builder: ReportBuilder(title: "T", command: "lifeline report x")).format(
            trace, pictures: [:])
        let summary = String(
            page[page.range(of: "<h2>Summary</h2>")!.upperBound..<page.range(of: "<h2>Hierarchy</h2>")!.lowerBound])
        #expect(summary.contains("<bdi>Back\\slash</bdi>"))
        #expect(summary.contains("<bdi>`tick`</bdi>"))
        #expect(summary.contains("<bdi>&lt;Less</bdi>"))
        #expect(summary.contains("<bdi>\u{200F}RTL\u{202E}mark</bdi>"))
        #expect(!summary.contains("<br>"))
    }

    @Test func textChartsStayOnTheirLines() throws {
        let trace = try HostileNameTests.trace()
        for text in [
            FlowTextFormatter().format(trace), TextSequenceFormatter(width: 100).format(trace),
            StatesFormatter().text(trace),
        ] {
            #expect(!text.contains("\t") && !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
        let flowLines = FlowTextFormatter().format(trace).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(flowLines.filter { $0.first?.isNumber == true }.count == trace.events.count)
    }
}

/// The HTML report's step table has the Markdown table's columns.
@Suite struct ReportHTMLStepTableTests {
    @Test func theStepTableHasTimeAndNoteColumns() throws {
        let trace = try Fixture.trace(
            """
            2019-08-04 13:09:15.940 App[11456:1111730] [Main] viewWillAppear
            2019-08-04 13:10:41.097 App[11491:1116753] [Main] viewWillAppear
            """)
        let page = ReportHTMLFormatter(builder: ReportBuilder(title: "T", command: "lifeline report x")).format(
            trace, pictures: [:])
        #expect(page.contains("<th>Step</th><th>Time (s)</th><th>Object</th><th>Event</th><th>Note</th>"))
        #expect(page.contains("<td>85.157</td><td>Main#2</td><td>viewWillAppear</td><td>app launched again</td>"))
        #expect(ReportHTMLFormatter.seconds(-1.5) == "-1.500" && ReportHTMLFormatter.seconds(0.0456) == "0.046")
    }
}

/// The tree at a step shows a controller the log shows on screen before its first call (a
/// stack's root that a push covers) in the state its first call follows.
@Suite struct HierarchyAtStepTests {
    @Test func aRootOnScreenBeforeItsFirstCallIsAppeared() throws {
        let trace = try Fixture.loadSample("Samples/nav-push-pop/trace.log")
        let dot = HierarchyDOTFormatter(step: 2).format(trace)
        #expect(dot.contains(##""A#1" [label="A\n#1 · Appeared", fillcolor="#d4edda"]"##))
        #expect(dot.contains(##""B#1" [label="B\n#1 · no appearance calls""##))
        #expect(dot.contains(##""UINavigationController#1" -> "A#1" [xlabel="stack +1""##))
    }

    /// UIKit loads a pushed controller and may start its appearance before the navigation
    /// delegate's `willShow`: it joins the stack there, above the root, not under it.
    @Test func aControllerLoadedBeforeWillShowIsPushed() throws {
        let trace = try Fixture.trace(
            """
            <First: 0x1> viewDidLoad
            <First: 0x1> viewWillAppear
            <UINavigationController: 0x9> willShowViewController <First: 0x1>
            <First: 0x1> viewDidAppear
            <Second: 0x2> viewDidLoad
            <First: 0x1> viewWillDisappear
            <Second: 0x2> viewWillAppear
            <UINavigationController: 0x9> willShowViewController <Second: 0x2>
            <First: 0x1> viewDidDisappear
            <Second: 0x2> viewDidAppear
            """)
        let early = HierarchyDOTFormatter(step: 4).format(trace)
        #expect(!early.contains(##"-> "Second#1""##))
        let late = HierarchyDOTFormatter(step: 10).format(trace)
        // Each from its first call: UIKit put it on the stack before loading it.
        #expect(late.contains(##""UINavigationController#1" -> "First#1" [xlabel="stack +1""##))
        #expect(late.contains(##""UINavigationController#1" -> "Second#1" [xlabel="stack +5""##))
    }
}
