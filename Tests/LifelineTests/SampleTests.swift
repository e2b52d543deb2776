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
        let jsonl = JSONLinesFormatter.format(try Fixture.loadSample(input))
        try Fixture.assertSnapshot(jsonl, named: SampleTests.snapshotName(input, "jsonl"))
    }

    @Test(arguments: inputs)
    func convertRoundTripIsByteIdentical(_ input: String) throws {
        let first = JSONLinesFormatter.format(try Fixture.loadSample(input))
        let again = JSONLinesFormatter.format(try Fixture.trace(first, name: "converted.jsonl"))
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
        let column = table.split(separator: "\n")[0].components(separatedBy: " | ").firstIndex(of: "selectedViewController")!
        // shouldSelect and the four appearance calls see A; didSelect sees B.
        #expect(rows.map { $0[column] } == [
            "**AViewController**", "AViewController", "AViewController", "AViewController", "AViewController",
            "**BViewController**",
        ])
        #expect(trace.events.map(\.event) == [
            "shouldSelect", "viewWillDisappear", "viewWillAppear", "viewDidDisappear", "viewDidAppear", "didSelect",
        ])
    }

    @Test func sampleReadmesShowTheCurrentTable() throws {
        for input in SampleTests.inputs {
            let dir = Fixture.packageRoot.appendingPathComponent(String(input.split(separator: "/")[0...1].joined(separator: "/")))
            let readme = try String(contentsOf: dir.appendingPathComponent("README.md"), encoding: .utf8)
            let table = MarkdownTableFormatter().format(try Fixture.loadSample(input))
            #expect(readme.contains(table), "\(dir.lastPathComponent)/README.md is stale: run scripts/regen-samples")
        }
    }
}
