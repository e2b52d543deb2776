import Foundation
import Testing

@testable import Lifeline

struct InputFormatTests {
    @Test(arguments: [
        ("-[A viewDidLoad]\n", InputFormat.console),
        ("[A viewDidLoad]\n", .console),
        ("[FirstVC] viewDidLoad\n", .console),
        ("{\"seq\":1,\"object\":\"A#1\",\"event\":\"viewDidLoad\"}\n", .jsonl),
        ("{\"eventMessage\":\"A: viewDidLoad\",\"timestamp\":\"2021-02-20 16:48:20.967536+0800\"}\n", .oslogNDJSON),
        ("[\n  {\"eventMessage\":\"A: viewDidLoad\"}\n]\n", .oslogJSON),
        ("[]", .oslogJSON),
        ("\u{FEFF}A: viewDidLoad\n", .console),
        ("", .console),
    ])
    func detects(_ text: String, _ expected: InputFormat) {
        #expect(InputFormat.detect(ArraySlice(Array(text.utf8))) == expected)
    }

    @Test func nativeLinesKeepEveryField() throws {
        let line =
            #"{"seq":1,"object":"A#1","event":"viewWillAppear","class":"M.A","address":"0x1","time":0.25,"thread":"7","args":{"animated":true,"n":2,"p":null,"s":"t","x":1.5},"state":{"selectedViewController":"B#1"},"note":"hi","source":{"file":"a.log","line":3}}"#
        let trace = try Fixture.trace(line + "\n")
        let e = try #require(trace.events.first)
        #expect(e.className == "M.A" && e.address == "0x1" && e.time == 0.25 && e.thread == "7" && e.note == "hi")
        #expect(e.args == ["animated": .bool(true), "n": .int(2), "x": .double(1.5), "p": .null, "s": .string("t")])
        #expect(e.state == ["selectedViewController": .string("B#1")])
        #expect(e.source == Lifeline.TraceLocation(file: "a.log", line: 3))
        #expect(JSONLinesFormatter.line(e) == line + "\n")
    }

    @Test func nativeLinesWithErrorsAreWarnings() throws {
        let text = """
            {"seq":1,"object":"A#1","event":"viewWillAppear"}
            {"seq":2,"object":"A#1"}
            {"seq":3,"object":"A#1","event":"viewDidAppear"
            [1,2]
            {"seq":4,"object":"A#1","event":"viewDidAppear"}
            """
        let trace = try Fixture.trace(text)
        #expect(trace.events.map(\.event) == ["viewWillAppear", "viewDidAppear"])
        #expect(trace.diagnostics.map { $0.location!.line } == [2, 3, 4])
    }

    @Test func unifiedLogArrayGivesLineNumbersAndTimes() throws {
        let text = """
            [
              {
                "eventMessage" : "<M.A: 0x1> viewWillAppear(_:)",
                "timestamp" : "2021-02-20 16:48:20.500000+0800",
                "threadID" : 4471823
              },
              {
                "eventMessage" : "<M.A: 0x1> viewDidAppear(_:)",
                "timestamp" : "2021-02-20 16:48:21.000000+0800",
                "threadID" : 4471823
              }
            ]
            """
        let trace = try Fixture.trace(text)
        #expect(trace.events.map(\.event) == ["viewWillAppear", "viewDidAppear"])
        #expect(trace.events.map { $0.source!.line } == [2, 7])
        #expect(trace.events[1].time == 0.5)
        #expect(trace.events[0].thread == "4471823")
    }

    @Test func truncatedUnifiedLogArrayKeepsWhatItRead() throws {
        let text = "[{\"eventMessage\":\"A: viewWillAppear\"},\n{\"eventMessage\":\"A: viewDidAp"
        let trace = try Fixture.trace(text)
        #expect(trace.events.count == 1)
        #expect(trace.diagnostics.count == 1)
    }

    @Test func patternReaderUsesNamedGroups() throws {
        let options = ReadOptions(pattern: #"^(?<time>[0-9.]+) \| (?<thread>\w+) \| (?<object>\S+) \| (?<event>\S+)$"#)
        let trace = try Fixture.trace(
            "0.5 | main | Home | viewWillAppear\n0.75 | main | Home | viewDidAppear\nnoise\n", options: options)
        #expect(trace.events.map(\.event) == ["viewWillAppear", "viewDidAppear"])
        #expect(trace.events.map(\.object) == ["Home#1", "Home#1"])
        #expect(trace.events[1].time == 0.25)
        #expect(trace.events[0].thread == "main")
        #expect(trace.diagnostics.map { $0.location!.line } == [3])
    }

    @Test func patternWithoutGroupsIsAnError() {
        #expect(throws: TraceReadError.self) {
            _ = try Fixture.trace("x\n", options: ReadOptions(pattern: "(.*)"))
        }
    }

    @Test func forcedFormatWins() throws {
        let trace = try Fixture.trace("[A viewDidLoad]\n", options: ReadOptions(format: .console))
        #expect(trace.events.count == 1)
        #expect(throws: TraceReadError.self) {
            _ = try Fixture.trace("A: viewDidLoad\n", options: ReadOptions(format: .jsonl))
        }
    }
}
