import Testing

@testable import Lifeline

/// A unified-log entry whose message is a native event (as LifelineRecorder logs it) is read
/// as that event, field for field, not re-parsed as console text.
@Suite struct UnifiedLogNativeTests {
    static let events = [
        #"{"seq":1,"object":"AViewController#1","event":"viewWillAppear","class":"Demo.AViewController","address":"0x1","time":0.5,"thread":"1","args":{"animated":true}}"#,
        #"{"seq":2,"object":"UITabBarController#1","event":"shouldSelect","class":"UITabBarController","address":"0x2","time":0.6,"thread":"1","args":{"from":"AViewController#1","to":"BViewController#1"},"state":{"selectedViewController":"AViewController#1"}}"#,
    ]

    static func entry(_ message: String, second: Int) -> String {
        let quoted = JSONEscaper.quoted(message)
        return #"{"eventMessage":\#(quoted),"subsystem":"lifeline","category":"trace","#
            + #""timestamp":"2026-11-24 16:00:0\#(second).000000+0000","threadID":77}"#
    }

    @Test func ndjsonEntriesAreNativeEvents() throws {
        let header = #"Filtering the log data using "subsystem == \"lifeline\"""#
        let text =
            ([header] + Self.events.enumerated().map { Self.entry($1, second: $0) }).joined(separator: "\n") + "\n"
        let trace = try Fixture.trace(text, name: "stream.ndjson")
        #expect(trace.diagnostics.isEmpty)
        #expect(JSONLinesFormatter().format(trace) == Self.events.map { $0 + "\n" }.joined())
    }

    @Test func jsonArrayEntriesAreNativeEvents() throws {
        let text =
            "[\n" + Self.events.enumerated().map { Self.entry($1, second: $0) }.joined(separator: ",\n") + "\n]\n"
        let trace = try Fixture.trace(text, name: "show.json")
        #expect(JSONLinesFormatter().format(trace) == Self.events.map { $0 + "\n" }.joined())
    }

    @Test func textMessagesAreStillReadAsConsoleText() throws {
        let text = Self.entry("-[AViewController viewWillAppear:]", second: 1) + "\n"
        let trace = try Fixture.trace(text, name: "stream.ndjson")
        #expect(trace.events.count == 1)
        #expect(trace.events[0].event == "viewWillAppear")
        #expect(trace.events[0].thread == "77")
    }
}
