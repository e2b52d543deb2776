import Foundation
import Testing

@testable import Lifeline

/// Every sample: its golden step table (checked by cmark-gfm to be a real table), its golden
/// native trace (the expected event order), and a byte-identical convert round trip.
struct SampleTests {
    static let inputs = Fixture.sampleInputs

    static func snapshotName(_ input: String, _ ext: String) -> String {
        let parts = input.split(separator: "/")
        let file = parts[2].split(separator: ".")[0]
        return "\(parts[1])/\(file).\(ext)"
    }

    @Test func thereAreAtLeastTwelveScenarios() {
        let scenarios = Set(SampleTests.inputs.map { $0.split(separator: "/")[1] })
        #expect(scenarios.count >= 12)
    }

    @Test(arguments: inputs)
    func sampleReadsCleanly(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        #expect(trace.diagnostics.isEmpty, "\(trace.diagnostics)")
        #expect(trace.events.count >= 4)
    }

    @Test(arguments: inputs)
    func goldenTable(_ input: String) throws {
        let table = MarkdownTableFormatter().format(try Fixture.loadSample(input))
        try Fixture.assertSnapshot(table, named: SampleTests.snapshotName(input, "table.md"))
    }

    @Test(arguments: inputs)
    func goldenNativeTrace(_ input: String) throws {
        let jsonl = JSONLinesFormatter().format(try Fixture.loadSample(input))
        try Fixture.assertSnapshot(jsonl, named: SampleTests.snapshotName(input, "jsonl"))
    }

    @Test(arguments: inputs)
    func convertRoundTripIsByteIdentical(_ input: String) throws {
        let first = JSONLinesFormatter().format(try Fixture.loadSample(input))
        let again = JSONLinesFormatter().format(try Fixture.trace(first, name: "converted.jsonl"))
        #expect(first == again)
    }

    @Test(arguments: inputs)
    func tableIsARealGFMTable(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        let markdown = MarkdownTableFormatter().format(trace)
        let html = try Fixture.run("cmark-gfm", ["-e", "table"], input: markdown)
        #expect(html.status == 0)
        #expect(html.output.components(separatedBy: "<table>").count == 2)
        // One row for the header and one per event, each with the header's cell count.
        let rows = html.output.components(separatedBy: "<tr>").count - 1
        #expect(rows == trace.events.count + 1)
        let headerCells = markdown.split(separator: "\n")[0].components(separatedBy: " | ").count
        let cells = html.output.components(separatedBy: "<td").count - 1
        #expect(cells == headerCells * trace.events.count)
    }

    @Test func tabSwitchStateChangesWhereSeed000SaysItDoes() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch/trace.log")
        let table = MarkdownTableFormatter().format(trace)
        let rows = table.split(separator: "\n").dropFirst(2).map { $0.components(separatedBy: " | ") }
        let column = table.split(separator: "\n")[0].components(separatedBy: " | ").firstIndex(
            of: "selectedViewController")!
        // shouldSelect and the four appearance calls see A; didSelect sees B.
        #expect(
            rows.map { $0[column] } == [
                "**AViewController**", "AViewController", "AViewController", "AViewController", "AViewController",
                "**BViewController**",
            ])
        #expect(
            trace.events.map(\.event) == [
                "shouldSelect", "viewWillDisappear", "viewWillAppear", "viewDidDisappear", "viewDidAppear", "didSelect",
            ])
    }

    /// Every sample page is its report: regenerating it gives the same bytes.
    @Test func samplePagesAreTheirReports() throws {
        let fm = FileManager.default
        let dirs = try fm.contentsOfDirectory(atPath: Fixture.samples.path).sorted().filter {
            fm.fileExists(atPath: Fixture.samples.appendingPathComponent($0).appendingPathComponent("about.md").path)
        }
        #expect(dirs.count >= 12)
        for dir in dirs {
            let folder = Fixture.samples.appendingPathComponent(dir)
            let traces = try fm.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("trace") }.sorted()
            let input = "Samples/\(dir)/\(traces[0])"
            let compare = traces.count > 1 ? "Samples/\(dir)/\(traces[1])" : nil
            var match = TraceDiff.Match.instance
            if let options = try? String(contentsOf: folder.appendingPathComponent("report-options"), encoding: .utf8) {
                let words = options.split(whereSeparator: \.isWhitespace)
                if let i = words.firstIndex(of: "--match"), i + 1 < words.count {
                    match = TraceDiff.Match(rawValue: String(words[i + 1]))!
                }
            }
            let (title, about) = ReportBuilder.splitAbout(
                try String(contentsOf: folder.appendingPathComponent("about.md"), encoding: .utf8))
            let builder = ReportBuilder(
                title: title ?? traces[0], about: about,
                command: ReportBuilder.command(input: input, compare: compare, match: match),
                compare: try compare.map { try Fixture.loadSample($0) }, match: match)
            let report = builder.build(try Fixture.loadSample(input))
            let page = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
            #expect(report.markdown == page, "Samples/\(dir)/README.md is stale: run scripts/regen-samples")
            #expect(builder.build(try Fixture.loadSample(input)).markdown == report.markdown)
            for file in report.files {
                #expect(fm.fileExists(atPath: folder.appendingPathComponent(file.name).path))
            }
            // No absolute paths, dates or tool versions.
            #expect(!page.contains("/work/") && !page.contains("/tmp/") && !page.contains("graphviz version"))
            #expect(
                page.range(of: "20[0-9][0-9]-[01][0-9]-[0-3][0-9]", options: .regularExpression) == nil
                    || page.contains(".log"))
            let html = try Fixture.run("cmark-gfm", ["-e", "table"], input: page)
            #expect(html.output.contains("<table>"))
        }
    }
}
