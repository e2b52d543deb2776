import Foundation
import Testing

@testable import Lifeline

/// Bad input never crashes a reader: it becomes `file:line` warnings, and the rest is used.
struct BadInputTests {
    @Test func emptyInputIsAClearError() {
        #expect(throws: TraceReadError.self) { _ = try Fixture.trace("") }
        #expect(throws: TraceReadError.self) { _ = try Fixture.trace("\n\n--------\n") }
    }

    @Test func binaryJunkIsReportedNotFatal() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = Array("A: viewWillAppear\n".utf8)
        bytes += (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes += Array("\nA: viewDidAppear\n".utf8)
        let trace = try Fixture.trace(bytes: bytes)
        #expect(trace.events.first?.event == "viewWillAppear")
        #expect(trace.events.last?.event == "viewDidAppear")
        #expect(!trace.diagnostics.isEmpty)
    }

    @Test func invalidUTF8IsRepairedAndReported() throws {
        var bytes = Array("<M.A".utf8) + [0xFF, 0xFE] + Array(": 0x1> viewWillAppear\nA: viewDidAppear\n".utf8)
        bytes += []
        let trace = try Fixture.trace(bytes: bytes)
        #expect(trace.events.count == 2)
        #expect(trace.diagnostics.contains { $0.rule == "invalid-utf8" && $0.location?.line == 1 })
        #expect(trace.events[0].object.contains("\u{FFFD}"))
    }

    @Test func nulBytesSkipTheLine() throws {
        let bytes = Array("A: viewWillAppear\n".utf8) + [0x41, 0x00, 0x3A] + Array("\nA: viewDidAppear\n".utf8)
        let trace = try Fixture.trace(bytes: bytes)
        #expect(trace.events.count == 2)
        #expect(trace.diagnostics.map(\.rule) == ["binary-data"])
        #expect(trace.diagnostics[0].location?.line == 2)
    }

    @Test func aThreeMegabyteLineIsSkippedWithItsLength() throws {
        let long = String(repeating: "x", count: 3 * 1024 * 1024)
        let trace = try Fixture.trace("A: viewWillAppear\n\(long)\nA: viewDidAppear\n")
        #expect(trace.events.map(\.event) == ["viewWillAppear", "viewDidAppear"])
        #expect(trace.diagnostics.map(\.rule) == ["line-too-long"])
        #expect(trace.diagnostics[0].message.contains("\(3 * 1024 * 1024) bytes"))
        #expect(trace.events[1].source?.line == 3)
    }

    @Test func aLongLineAcrossReadChunksFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lifeline-long-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: url) }
        let long = String(repeating: "y", count: 3 * 1024 * 1024 + 17)
        try Data("A: viewWillAppear\n\(long)\nA: viewDidAppear".utf8).write(to: url)
        let trace = try TraceLoader.load(path: url.path)
        #expect(trace.events.map(\.event) == ["viewWillAppear", "viewDidAppear"])
        #expect(trace.events.map { $0.source!.line } == [1, 3])
        #expect(trace.diagnostics.first?.message.contains("\(3 * 1024 * 1024 + 17) bytes") == true)
    }

    @Test func crlfAndNoFinalNewline() throws {
        let trace = try Fixture.trace("A: viewWillAppear\r\nA: viewDidAppear")
        #expect(trace.events.map(\.event) == ["viewWillAppear", "viewDidAppear"])
        #expect(trace.diagnostics.isEmpty)
    }

    @Test func hostileNamesSurviveTheNativeRoundTrip() throws {
        let names = [
            "A\"B", "back\\slash", "pipe|name", "<lt>", "end", "new\nline", "tab\there", "emoji😀", "\u{202E}rtl",
        ]
        var text = ""
        for (i, name) in names.enumerated() {
            text += JSONLinesFormatter.line(TraceEvent(seq: i + 1, object: name, event: "viewDidLoad", note: name))
        }
        let trace = try Fixture.trace(text)
        #expect(trace.events.map(\.object) == names)
        #expect(JSONLinesFormatter().format(trace) == text)
    }

    @Test func everyLineOfJunkStillEndsInATraceOrAClearError() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try Fixture.trace(bytes: bytes)
            } catch is TraceReadError {
            }
        }
    }
}

/// Regressions found by the fuzzers (scripts/fuzz).
struct FuzzRegressionTests {
    /// A clock that goes backwards gave a negative time, and the table's seconds column asked
    /// for a negative count of padding zeros.
    @Test func backwardsClockInTheTable() throws {
        let trace = try Fixture.trace(
            "2021-02-20 16:48:21.000000+0800 App[1:2] A: viewWillAppear\n2021-02-20 16:48:19.765400+0800 App[1:2] A: viewDidAppear\n"
        )
        #expect(trace.events[1].time! < 0)
        let table = MarkdownTableFormatter().format(trace)
        #expect(table.contains("| -1.235 |"))
        #expect(MarkdownTableFormatter.seconds(-0.004) == "-0.004")
        #expect(MarkdownTableFormatter.seconds(.infinity) == "?")
    }
}

extension FuzzRegressionTests {
    /// A unified-log entry whose threadID is a huge number trapped in the Int conversion
    /// (found by the oslog-json fuzzer).
    @Test func hugeThreadIDInUnifiedLog() throws {
        let trace = try Fixture.trace("[{\"eventMessage\":\"A: viewDidLoad\",\"threadID\":1e300}]")
        #expect(trace.events.count == 1)
        #expect(trace.events[0].thread != nil)
    }

    /// Huge or tiny times from a native trace must not trap in the time-based outputs.
    @Test func hugeTimesInTimelines() throws {
        let text =
            "{\"seq\":1,\"object\":\"A#1\",\"event\":\"viewWillAppear\",\"time\":1e300}\n{\"seq\":2,\"object\":\"A#1\",\"event\":\"viewDidAppear\",\"time\":-1e300}\n"
        let trace = try Fixture.trace(text)
        _ = ChromeTraceFormatter().format(trace)
        _ = PlantUMLTimingFormatter().format(trace)
        _ = SVGTimelineFormatter().format(trace)
        _ = MarkdownTableFormatter().format(trace)
        _ = JSONLinesFormatter().format(trace)
    }
}

struct StreamingTests {
    /// `convert` streams; its output must equal what the whole-trace path writes.
    @Test(arguments: Fixture.sampleInputs)
    func streamingConvertEqualsLoadedConvert(_ input: String) throws {
        _ = FileManager.default.changeCurrentDirectoryPath(Fixture.packageRoot.path)
        var streamed = ""
        let trace = try TraceLoader.stream(path: input) { events in
            for index in events.indices { streamed += JSONLinesFormatter.line(events[index]) }
        }
        #expect(trace.events.isEmpty)
        #expect(streamed == JSONLinesFormatter().format(try TraceLoader.load(path: input)))
    }
}
