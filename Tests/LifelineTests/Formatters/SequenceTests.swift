import Foundation
import Testing

@testable import Lifeline

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Sequence charts and timelines: goldens for every sample, each checked by its consumer.
struct SequenceTests {
    static let inputs = Fixture.sampleInputs

    static func outputs(_ trace: Trace) -> [(String, String)] {
        [
            ("sequence.mmd", MermaidSequenceFormatter().format(trace)),
            ("sequence.puml", PlantUMLSequenceFormatter().format(trace)),
            ("sequence.svg", SVGSequenceFormatter().format(trace)),
            ("sequence.txt", TextSequenceFormatter(width: 120).format(trace)),
            ("sequence-ascii.txt", TextSequenceFormatter(width: 100, ascii: true).format(trace)),
            ("timeline.svg", SVGTimelineFormatter().format(trace)),
            ("timeline.json", ChromeTraceFormatter().format(trace)),
            ("timeline.puml", PlantUMLTimingFormatter().format(trace)),
        ]
    }

    /// A controller's last state ends where the app was launched again: its process ended.
    @Test func aLaneEndsWhereTheAppLaunchedAgain() throws {
        let trace = try Fixture.trace(
            """
            2019-08-04 13:09:15.000 App[11456:1111730] [Main] viewWillAppear
            2019-08-04 13:09:15.100 App[11456:1111730] [Main] viewDidAppear
            2019-08-04 13:10:40.000 App[11491:1116753] [Main] viewWillAppear
            2019-08-04 13:10:40.100 App[11491:1116753] [Main] viewDidAppear
            """)
        let lanes = AppearanceTimeline(trace).lanes
        try #require(lanes.count == 2)
        #expect(lanes[0].intervals.last?.state == .appeared)
        #expect(lanes[0].intervals.last?.end == 85)
        #expect(lanes[1].intervals.last?.end == nil)
        // An object no run names (`?`) is one lane across runs: it goes on.
        let unnamed = try Fixture.trace(
            """
            2019-08-04 13:09:15.000 App[11456:1111730] viewWillAppear
            2019-08-04 13:10:40.000 App[11491:1116753] [Main] viewWillAppear
            2019-08-04 13:10:40.100 App[11491:1116753] viewDidAppear
            """)
        let lane = try #require(AppearanceTimeline(unnamed).lanes.first { $0.object == "?" })
        #expect(lane.intervals.last?.state == .appeared && lane.intervals.last?.end == nil)
    }

    @Test(arguments: inputs)
    func goldenSequencesAndTimelines(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        for (ext, text) in SequenceTests.outputs(trace) {
            try Fixture.assertSnapshot(text, named: SampleTests.snapshotName(input, ext))
        }
    }

    static func parsesAsXML(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }

    /// Every note box ends inside the chart: a note beside the last column once ran off it.
    @Test(arguments: inputs)
    func notesStayInsideTheSequenceChart(_ input: String) throws {
        let svg = SVGSequenceFormatter().format(try Fixture.loadSample(input))
        let width = try #require(svg.firstMatch(of: /<svg [^>]* width="(\d+)"/).flatMap { Int($0.1) })
        for note in svg.matches(of: /<g class="note"><rect x="(\d+)" y="-?\d+" width="(\d+)"/) {
            #expect(Int(note.1)! + Int(note.2)! <= width, "\(input): a note ends past \(width)")
        }
    }

    @Test(arguments: inputs)
    func svgsParseAndChromeJSONNests(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        #expect(SequenceTests.parsesAsXML(SVGSequenceFormatter().format(trace)))
        #expect(SequenceTests.parsesAsXML(SVGTimelineFormatter().format(trace)))
        let json =
            try JSONSerialization.jsonObject(with: Data(ChromeTraceFormatter().format(trace).utf8)) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        var open: [Int: Int] = [:]
        for e in events {
            let ph = e["ph"] as? String
            if ph == "b" { open[e["id"] as! Int, default: 0] += 1 }
            if ph == "e" { open[e["id"] as! Int, default: 0] -= 1 }
            if ph == "B" || ph == "E" { Issue.record("synchronous begin/end are not used") }
            if ph == "X" { #expect((e["dur"] as? Int ?? -1) >= 0) }
        }
        #expect(open.values.allSatisfy { $0 == 0 }, "every b has its e")
        #expect(events.contains { ($0["ph"] as? String) == "N" })
    }

    /// A controller with thousands of state changes, whose log goes back in time now and then:
    /// its lane is cut into several pieces of output and still comes out whole, each slice
    /// starting where the one before ended, on an axis that never goes back.
    @Test func longLaneComesOutWholeOnAMonotonicAxis() throws {
        let events = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
        var text = ""
        for i in 0..<6000 {
            let second = i % 50 == 49 ? i / 2 : i  // every 50th line is stamped earlier
            text += String(
                format: "2024-01-01 10:%02d:%02d.000 App[1:2] -[AViewController %@:]\n", second / 60 % 60, second % 60,
                events[i % 4])
            if i % 1000 == 0 { text += "2024-01-01 10:00:00.000 App[1:2] -[BViewController viewDidLoad]\n" }
        }
        let trace = try Fixture.trace(text)
        let timeline = AppearanceTimeline(trace)
        let lane = try #require(timeline.lanes.first { $0.object.hasPrefix("AViewController") })
        #expect(lane.intervals.count == 6001)
        for k in lane.intervals.indices.dropLast() {
            #expect(lane.intervals[k].end == lane.intervals[k + 1].start)
            #expect(lane.intervals[k].start <= lane.intervals[k + 1].start)
        }
        #expect(lane.intervals.last?.end == nil)
        let json =
            try JSONSerialization.jsonObject(with: Data(ChromeTraceFormatter().format(trace).utf8)) as? [String: Any]
        let all = try #require(json?["traceEvents"] as? [[String: Any]])
        let tid = try #require(
            all.first {
                ($0["ph"] as? String) == "M" && ($0["args"] as? [String: Any])?["name"] as? String == "AViewController"
            }?["tid"]
                as? Int)
        let slices = all.filter { ($0["ph"] as? String) == "X" && $0["tid"] as? Int == tid }
        #expect(slices.count == 6001)
        for (a, b) in zip(slices, slices.dropFirst()) {
            #expect((a["ts"] as! Int) + (a["dur"] as! Int) == b["ts"] as! Int)
        }
        #expect(all.filter { ($0["ph"] as? String) == "N" }.count == timeline.lanes.count)
        #expect(all.filter { ($0["name"] as? String) == "thread_name" }.count == timeline.lanes.count)
    }

    @Test func plantumlAcceptsEverySample() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-puml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        for (i, input) in SequenceTests.inputs.enumerated() {
            let trace = try Fixture.loadSample(input)
            for (name, text) in [
                ("seq", PlantUMLSequenceFormatter().format(trace)), ("timing", PlantUMLTimingFormatter().format(trace)),
            ] {
                let url = dir.appendingPathComponent("\(i)-\(name).puml")
                try Data(text.utf8).write(to: url)
                files.append(url.path)
            }
        }
        let result = try Fixture.run("plantuml", ["-tsvg", "-failfast2", "-nbthread", "2"] + files, input: "")
        #expect(result.status == 0, "plantuml rejected a diagram: \(result.output)")
        for file in files {
            let svg = try String(contentsOfFile: file.replacingOccurrences(of: ".puml", with: ".svg"), encoding: .utf8)
            #expect(SequenceTests.parsesAsXML(svg))
            #expect(!svg.contains("Syntax Error"))
        }
    }

    static let hostileNames = [
        "A\"quote", "back\\slash", "pi|pe", "<lt>&amp;", "semi;colon#hash", "%%pct", "end", "graph", "@enduml",
        "--dash__under//slash", "[x](y)", "`tick`", "tab\there", "😀 \u{202E}rtl", "~tilde 'q' ^",
    ]

    static func hostileTrace() throws -> Trace {
        var text = ""
        for (i, name) in hostileNames.enumerated() {
            text += "{\"seq\":\(i + 1),\"object\":\(JSONEscaper.quoted(name)),\"event\":\"viewWillAppear\"}\n"
        }
        return try Fixture.trace(text, name: "hostile.jsonl")
    }

    /// The text chart lays out characters, not scalars or bytes: a character of several
    /// scalars takes one column and stays whole, so every lifeline stays in its column; in
    /// ASCII mode each of its scalars is written as `\u{…}`.
    @Test func textChartKeepsCharactersOfSeveralScalarsWhole() throws {
        let names = ["e\u{301}\u{301}x", "👨‍👩‍👧VC", "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", "漢字", "\u{301}lead", "plain"]
        var text = ""
        for (i, name) in names.enumerated() {
            text += "{\"seq\":\(2 * i + 1),\"object\":\(JSONEscaper.quoted(name)),\"event\":\"viewWillAppear\"}\n"
            text +=
                "{\"seq\":\(2 * i + 2),\"object\":\(JSONEscaper.quoted(name)),\"event\":\"addChild\",\"args\":{\"child\":\"plain\"}}\n"
        }
        let trace = try Fixture.trace(text, name: "clusters.jsonl")
        let chart = TextSequenceFormatter(width: 80).format(trace)
        for name in names { #expect(chart.contains(name), "\(name)") }
        let rows = chart.split(separator: "\n").dropFirst()
        // Rows that only carry lifelines and labels (no arrow or title) put their bars in the
        // same character columns.
        let bars = rows.map { row in Set(row.enumerated().filter { $0.element == "│" }.map(\.offset)) }
        let all = bars.reduce(Set<Int>()) { $0.union($1) }
        #expect(bars.contains(all), "some row has every lifeline's bar")
        for (row, columns) in zip(rows, bars) { #expect(columns.isSubset(of: all), "\(row)") }
        let ascii = TextSequenceFormatter(width: 80, ascii: true).format(trace)
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(ascii.contains("e\\u{301}\\u{301}x") && ascii.contains("\\u{1f468}\\u{200d}\\u{1f469}"))
        var streamed = TextBuffer()
        streamed = TextSequenceFormatter(width: 80).text(trace, into: streamed)
        #expect(streamed.string == chart)
    }

    @Test func hostileNamesInMermaidStayInTheirPlace() throws {
        let text = MermaidSequenceFormatter().format(try SequenceTests.hostileTrace())
        let lines = text.split(separator: "\n")
        // One participant line per name plus UIKit, and no line that a name could have added.
        #expect(lines.filter { $0.hasPrefix("    participant ") }.count == SequenceTests.hostileNames.count + 1)
        #expect(lines.filter { $0.trimmingCharacters(in: .whitespaces) == "end" }.count == 1)
        for line in lines.dropFirst() {
            // With the entity codes taken out, nothing Mermaid reads is left in a label.
            let body = (line.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "")
                .replacingOccurrences(of: "#[0-9]+;", with: "", options: .regularExpression)
            #expect(!body.contains { ";%\"<>[]#`".contains($0) }, "\(line)")
            #expect(!line.contains("\"") && !line.contains("[x]") && !line.contains(" end ") && !line.contains("<lt>"))
        }
    }

    @Test func hostileNamesComeBackVerbatimFromPlantUML() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("hostile.puml")
        try Data(PlantUMLSequenceFormatter().format(try SequenceTests.hostileTrace()).utf8).write(to: file)
        let result = try Fixture.run("plantuml", ["-tsvg", file.path], input: "")
        #expect(result.status == 0)
        // One picture per part: hostile.svg, hostile_001.svg...
        let pictures = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".svg") }
            .sorted()
        final class Texts: NSObject, XMLParserDelegate {
            var texts: [String] = []
            var inText = false
            func parser(
                _ p: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                inText = e == "text"
                if inText { texts.append("") }
            }
            func parser(_ p: XMLParser, foundCharacters s: String) { if inText { texts[texts.count - 1] += s } }
            func parser(_ p: XMLParser, didEndElement e: String, namespaceURI: String?, qualifiedName: String?) {
                inText = false
            }
        }
        var all: [String] = []
        for picture in pictures {
            let parser = XMLParser(data: try Data(contentsOf: dir.appendingPathComponent(picture)))
            let texts = Texts()
            parser.delegate = texts
            #expect(parser.parse())
            // Each participant is declared once in a part: UIKit's name appears once (no footbox).
            #expect(texts.texts.filter { $0 == "UIKit" }.count <= 1)
            all += texts.texts
        }
        for name in SequenceTests.hostileNames where !name.contains("\t") {
            #expect(all.contains(name), "\(name) not found in \(all)")
        }
    }

    /// A part of a trace fills the timeline's width: a 6 ms switch after 4 s is drawn from its
    /// start, its ticks counted from there, and the title says where it starts.
    @Test func aTransitionsTimelineStartsAtItsFirstCall() throws {
        let log = """
            2024-01-01 10:00:00.000 App[1:2] -[AViewController viewWillAppear:]
            2024-01-01 10:00:00.010 App[1:2] -[AViewController viewDidAppear:]
            2024-01-01 10:00:04.000 App[1:2] -[AViewController viewWillDisappear:]
            2024-01-01 10:00:04.001 App[1:2] -[BViewController viewWillAppear:]
            2024-01-01 10:00:04.005 App[1:2] -[AViewController viewDidDisappear:]
            2024-01-01 10:00:04.006 App[1:2] -[BViewController viewDidAppear:]

            """
        let part = try TraceSlice.apply(try Fixture.trace(log), range: nil, transition: 2)
        let svg = SVGTimelineFormatter().format(part)
        #expect(svg.contains("Appearance states over time, from 4 s"))
        #expect(svg.contains(">+5 ms</text>"))
        #expect(!svg.contains(">+100 ms</text>"))
        // The whole trace cuts the idle 3.99 s, so the switch gets its own ticks.
        let whole = SVGTimelineFormatter().format(try Fixture.trace(log))
        #expect(whole.contains(">3.99 s cut</text>"))
        #expect(whole.contains(">4.002 s</text>"))
        #expect(SequenceTests.parsesAsXML(whole))
    }

    @Test func longTracesSplitUnderMermaidsLimits() throws {
        var text = ""
        for i in 0..<1500 {
            let a = "Controller\(i % 9)", b = "Controller\((i + 1) % 9)"
            text +=
                "[shouldSelect] from: \(a), to: \(b)\n\(a): viewWillDisappear\n\(b): viewWillAppear\n\(a): viewDidDisappear\n\(b): viewDidAppear\n[didSelect] to: \(b)\n"
        }
        let trace = try Fixture.trace(text)
        let parts = MermaidSequenceFormatter().parts(trace)
        #expect(parts.count > 1)
        for (i, part) in parts.enumerated() {
            #expect(part.utf8.count < 50_000)
            #expect(part.split(separator: "\n").filter { $0.contains("->>") }.count <= 500)
            if i > 0 { #expect(part.contains("continued from part \(i) of \(parts.count)")) }
            if i < parts.count - 1 { #expect(part.contains("continues in part \(i + 2) of \(parts.count)")) }
            // Parts begin at transition boundaries.
            let firstMessage = part.split(separator: "\n").first { $0.contains("->>") }!
            #expect(firstMessage.contains("shouldSelect"))
        }
        let messages = parts.joined().split(separator: "\n").filter { $0.contains("->>") }.count
        #expect(messages == trace.events.count)
        let puml = PlantUMLSequenceFormatter(maxMessages: 60).parts(trace)
        #expect(puml.allSatisfy { $0.split(separator: "\n").filter { $0.contains(" -> ") }.count <= 60 })
        #expect(MermaidSequenceFormatter(maxCharacters: 10_000, maxMessages: 100).parts(trace).count > parts.count)
    }

    @Test func sequenceOrderMatchesSeed000() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch/trace.log")
        let mermaid = MermaidSequenceFormatter().format(trace)
        let order = mermaid.split(separator: "\n").filter { $0.contains("->>") }.map {
            String($0.split(separator: ":")[1].split(separator: " ")[1])
        }
        #expect(
            order == [
                "shouldSelect#40;from#58;", "viewWillDisappear", "viewWillAppear", "viewDidDisappear", "viewDidAppear",
                "didSelect#40;to#58;",
            ])
        #expect(mermaid.contains("activate p4") && mermaid.contains("deactivate p4"))
        #expect(mermaid.contains("Note right of p2: selectedViewController = BViewController"))
    }
}
