import Foundation
import Testing

@testable import Lifeline

/// The table written while a trace is followed: one row per call as it is read, its state
/// carried from step to step, and a table cmark-gfm reads.
@Suite struct FollowedTableTests {
    @Test func rowsReadAsOneGFMTableWithStateCarried() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch/trace.log")
        var rows = FollowedTableFormatter()
        var table = FollowedTableFormatter.header
        for i in trace.events.indices { table += rows.row(trace.events[i]) }
        let html = try Fixture.run("cmark-gfm", ["-e", "table"], input: table)
        #expect(html.output.components(separatedBy: "<tr>").count - 1 == trace.events.count + 1)
        let lines = table.split(separator: "\n")
        // Set at the first step (bold), carried at the next, set again at didSelect.
        #expect(lines[2].contains("**selectedViewController = AViewController#1**"))
        #expect(lines[3].contains("| selectedViewController = AViewController#1 |"))
        #expect(lines.last!.contains("**selectedViewController = BViewController#1**"))
    }

    @Test func streamedOneCallAtATimeWhenFollowing() throws {
        var options = ReadOptions()
        options.follows = true
        var batches: [Int] = []
        // A followed file is waited on at its end until a stop is asked for: asked at once here.
        FollowStop.requested = 1
        defer { FollowStop.requested = 0 }
        _ = try TraceLoader.stream(path: "Samples/tab-switch/trace.log", options: options) { batches.append($0.count) }
        #expect(batches == Array(repeating: 1, count: 6))
    }
}
