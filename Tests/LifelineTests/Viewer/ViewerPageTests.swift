import Foundation
import Testing

@testable import Lifeline

/// The viewer page is one file that loads nothing, and embeds data a JSON parser reads. (What
/// the page shows in a browser is checked by scripts/viewer-checks.)
@Suite struct ViewerPageTests {
    static func embedded(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"trace-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = Data(page[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test func embedsTheTraceAndLoadsNothing() throws {
        let trace = try Fixture.loadSample("Samples/tab-switch-navigation/trace.log")
        let page = ViewerPage().format(trace)
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains(" src="))
        let data = try Self.embedded(page)
        #expect((data["steps"] as? [Any])?.count == trace.events.count)
        #expect((data["transitions"] as? [Any])?.count == 2)
        #expect((data["edges"] as? [Any])?.isEmpty == false)
    }

    @Test func aHostileNameCannotEndTheScript() throws {
        let line = "{\"seq\":1,\"object\":\"</script><script>alert(1)</script>\",\"event\":\"viewDidLoad\"}\n"
        let trace = try TraceLoader.load(ByteInput(bytes: Array(line.utf8), name: "t.jsonl"))
        let page = ViewerPage().format(trace)
        #expect(page.components(separatedBy: "</script>").count == 3)  // the data's and the script's
        let data = try Self.embedded(page)
        #expect((data["objects"] as? [String])?.contains("</script><script>alert(1)</script>") == true)
    }

    @Test func comparesTwoTracesAsDiffAlignsThem() throws {
        let a = try Fixture.loadSample("Samples/tab-order-compared/trace-1-old-tab-first.log")
        let b = try Fixture.loadSample("Samples/tab-order-compared/trace-2-new-tab-first.log")
        let data = try Self.embedded(ViewerPage().format(a, compare: b, options: TraceDiff.Options(match: .role)))
        let align = try #require(data["align"] as? [[Any]])
        #expect(align.count == TraceDiff(a, b, options: TraceDiff.Options(match: .role)).rows.count)
        #expect(data["other"] is [String: Any])
    }
}
