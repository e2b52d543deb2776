import Foundation
import Testing

@testable import Lifeline

/// The quick native reader must read every line exactly as the full JSON parser does, and hand
/// the lines it does not expect to that parser.
@Suite struct NativeScannerTests {
    /// Reads `text` through the native reader (quick path first) and through the full parser
    /// alone, and returns both event lists.
    private func bothWays(_ text: String) throws -> (quick: [TraceEvent], full: [TraceEvent]) {
        let quick = try Fixture.trace(text, name: "t.jsonl", options: ReadOptions(format: .jsonl))
        var full: [TraceEvent] = []
        for (n, line) in text.split(separator: "\n").enumerated() {
            var bytes = Array(line.utf8)
            let value = try bytes.withUnsafeMutableBufferPointer { try JSONParser.parse(UnsafeBufferPointer($0)) }
            var event = try NativeJSONLinesReader.event(from: value)
            event.seq = n + 1
            full.append(event)
        }
        var derived = Trace(events: EventList(full))
        StateDeriver.apply(to: &derived)
        return (Array(quick.events), Array(derived.events))
    }

    @Test(
        arguments: try FileManager.default.subpathsOfDirectory(atPath: Fixture.snapshots.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted())
    func everyGoldenTraceReadsTheSameBothWays(_ path: String) throws {
        let text = try String(contentsOf: Fixture.snapshots.appendingPathComponent(path), encoding: .utf8)
        let (quick, full) = try bothWays(text)
        #expect(quick == full)
    }

    @Test func unusualLinesReadTheSameBothWays() throws {
        let lines = [
            #"{"seq":1,"object":"A#1","event":"viewWillAppear"}"#,
            #"{ "event" : "viewDidAppear" , "seq" : 7, "object": "A#1", "extra": [1, {"x": "}"}] }"#,
            #"{"seq":2,"object":"Quote\"d#1","event":"custom \\ event","note":"line\nbreak"}"#,
            #"{"seq":3,"object":"A#1","event":"didSelect","args":{"to":"B#1","index":1},"time":1e-3}"#,
            #"{"seq":4,"object":"A#1","event":"x","time":-0.25,"thread":42,"class":null}"#,
            #"{"seq":5,"object":"A#1","event":"x","time":12345678901234567890.5}"#,
            #"{"seq":6,"object":"A#1","event":"x","state":{"selectedViewController":"A#1"},"source":{"file":"a.log","line":9}}"#,
            #"{"seq":7,"object":"A#1","event":"x","source":{"line":9,"file":"b.log","more":true},"args":{}}"#,
            #"{"seq":8,"object":"Ünïcödé#1","event":"viewDidLoad","time":0.000001,"address":"0x1"}"#,
        ]
        let (quick, full) = try bothWays(lines.joined(separator: "\n") + "\n")
        #expect(quick.count == lines.count)
        #expect(quick == full)
    }

    @Test func randomNamesReadTheSameBothWays() throws {
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "a", "B", "#", " ", "\\\"", "\\\\", "\\n", "\\t", "é", "→", "\\u0001", "0x1f", "ViewController", ":", "{",
            "}", ",",
        ]
        var lines: [String] = []
        for n in 1...500 {
            let name = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                .joined()
            lines.append(
                #"{"seq":\#(n),"object":"\#(name)#1","event":"e\#(name.count % 3)","class":"\#(name)","time":0.\#(n)}"#)
        }
        let (quick, full) = try bothWays(lines.joined(separator: "\n") + "\n")
        #expect(quick.count == lines.count)
        #expect(quick == full)
    }

    @Test func linesThatDifferOnlyInNumbersReuseNothingElse() throws {
        var lines: [String] = []
        for n in 1...40 {
            let k = n % 4
            lines.append(
                #"{"seq":\#(n),"object":"A#1","event":"viewDidAppear","time":\#(n).25,"source":{"file":"a.log","line":\#(n * 3)}}"#
            )
            lines.append(#"{"seq":\#(n),"object":"B#1","event":"x","args":{"time":\#(k),"line":\#(k)}}"#)
            lines.append(
                #"{"seq":\#(n),"object":"C#1","event":"x","args":{"n":\#(k)},"source":{"file":"d{\#(k)}.log","line":\#(n)}}"#
            )
            lines.append(#"{"seq":\#(n),"object":"D#\#(k)","event":"y","time":0.\#(n),"thread":"main"}"#)
            lines.append(
                #"{"seq":\#(n),"object":"E#1","event":"z","args":{"t":"\#(k)"},"time":\#(n),"source":{"file":"e.log","line":\#(n)}}"#
            )
            lines.append(
                #"{"seq":\#(n),"object":"F#1","event":"z","time":1e-\#(k + 1),"source":{"file":"f.log","line":0}}"#)
        }
        let (quick, full) = try bothWays(lines.joined(separator: "\n") + "\n")
        #expect(quick.count == lines.count)
        #expect(quick == full)
    }

    @Test func repeatedLinesWithBackslashesReadTheSameBothWays() throws {
        // Strings that hold what looks like the numbers' keys, behind backslashes: each shape
        // comes three times, with other numbers, so the second and third meet a kept key.
        var lines: [String] = []
        for n in 1...3 {
            let t = "\(n).5"
            lines.append(#"{"seq":\#(n),"object":"A\"q#1","event":"x","time":\#(t),"note":"x\\\",\\\"time\\\":5"}"#)
            lines.append(
                #"{"seq":\#(n),"object":"B#1","event":"x","note":"\"line\":7}}","source":{"file":"b.log","line":\#(n)}}"#
            )
            lines.append(#"{"seq":\#(n),"object":"C#1","event":"x","args":{"s":"a\\","time":\#(t)},"time":\#(t)}"#)
            lines.append(
                #"{"seq":\#(n),"object":"D#1","event":"x","time":\#(t),"source":{"file":"d\\e.log","line":\#(n + 9)}}"#)
        }
        let (quick, full) = try bothWays(lines.joined(separator: "\n") + "\n")
        #expect(quick.count == lines.count)
        #expect(quick == full)
    }

    @Test func repeatedKeysAndBadValuesGoToTheFullParser() throws {
        let text = [
            #"{"seq":1,"object":"A#1","object":"B#1","event":"x"}"#,
            #"{"seq":2,"object":"A#1","event":"x","args":{"nested":{"no":1}}}"#,
            #"{"seq":"3","object":"A#1","event":"x"}"#,
        ].joined(separator: "\n")
        let trace = try Fixture.trace(text + "\n", name: "t.jsonl", options: ReadOptions(format: .jsonl))
        #expect(trace.events.count == 1)
        #expect(trace.diagnostics.map(\.location?.line) == [2, 3])
    }
}

/// The streaming writer must give the formatter's bytes exactly.
@Suite struct JSONLinesWriterTests {
    @Test(arguments: Fixture.sampleInputs)
    func writerMatchesTheFormatter(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        var writer = JSONLinesWriter()
        var bytes: [UInt8] = []
        for index in trace.events.indices { writer.append(trace.events, at: index, to: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == JSONLinesFormatter().format(trace))
    }

    @Test func writerMatchesTheFormatterForExtremeNumbers() {
        var trace = Trace(source: "x.log")
        let times: [Double?] = [nil, 0, 1e300, -1e300, -0.0000004, 123456789.123456, .infinity, 9.2e12]
        for (k, time) in times.enumerated() {
            var e = TraceEvent(seq: k + 1, object: "A#1", event: "viewDidAppear")
            e.time = time
            e.args = ["animated": .bool(true), "n": .double(-1e300), "i": .int(-7)]
            e.source = TraceLocation(file: String(repeating: "long/", count: 40) + "x.log", line: k * 1_000_000_007)
            trace.events.append(e)
        }
        var writer = JSONLinesWriter()
        var bytes: [UInt8] = []
        for index in trace.events.indices { writer.append(trace.events, at: index, to: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == JSONLinesFormatter().format(trace))
    }

    @Test func numbersMatchTheirTextForms() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 1e-7, -1e-7, 0.0000005, 123456.000001, 9e17, 1e19, -1e19, .nan, .infinity, 0.1, 0.01,
            0.000001, 0.000010, 10.000100, 99.99, 100.5, 8_999_999_999_999.999, -8_999_999_999_999.999,
        ]
        for _ in 0..<2000 { values.append(Double.random(in: -1e6...1e6, using: &rng)) }
        for _ in 0..<2000 { values.append(Double(Int.random(in: 0...10_000_000, using: &rng)) / 1_000_000) }
        for value in values {
            var bytes: [UInt8] = []
            NumberFormat.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == NumberFormat.decimal(value), "\(value)")
        }
        var integers: [Int64] = [0, 7, 1_234_567_890_123, Int64.max, Int64.min, -1, -10, -99]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            integers += [power - 1, power, power + 1, -power]
        }
        for value in integers {
            var bytes: [UInt8] = []
            NumberFormat.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }
}

/// The last progress a reader reported, from any thread.
final class ProgressSeen: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var last = 0, total = 0
    func note(_ read: Int, _ total: Int) {
        lock.lock()
        last = max(last, read)
        self.total = total
        lock.unlock()
    }
}

/// A big native file is read in two halves at once; the result must be the one-pass result.
@Suite struct ParallelReadTests {
    @Test func halvesJoinIntoTheSameTrace() throws {
        let sample = try Fixture.loadSample("Samples/tab-switch-navigation/trace.log")
        var lines: [String] = []
        var seq = 0
        while lines.count < 60_000 {
            for event in sample.events {
                seq += 1
                var e = event
                e.seq = seq
                e.object = "\(event.object.split(separator: "#")[0])#\(seq % 7 + 1)"
                lines.append(String(JSONLinesFormatter.line(e).dropLast()))
            }
        }
        lines[45_000] = "not json at all"
        lines[10] = #"{"seq":11,"object":"Odd\"Name#1","event":"viewDidLoad"}"#
        let text = lines.joined(separator: "\n") + "\n"
        #expect(text.utf8.count >= TraceLoader.parallelThreshold)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-parallel-\(getpid()).jsonl")
            .path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let seen = ProgressSeen()
        var options = ReadOptions()
        options.progress = { read, total in seen.note(read, total) }
        let parallel = try TraceLoader.load(path: path, options: options)
        let single = try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: path))
        // Progress counts both halves, up to the whole file.
        #expect(seen.last == text.utf8.count && seen.total == text.utf8.count)
        #expect(parallel.events.count == single.events.count)
        #expect(Array(parallel.events) == Array(single.events))
        #expect(parallel.diagnostics == single.diagnostics)
        #expect(parallel.diagnostics.first?.location?.line == 45_001)
        // Streamed, the first half goes out in batches as it is read and the second after it:
        // the same native lines (with their derived state) as the whole trace, in order.
        var writer = JSONLinesWriter()
        var streamed: [UInt8] = []
        var batches: [Int] = []
        let rest = try TraceLoader.stream(path: path) { events in
            batches.append(events.count)
            for index in events.indices { writer.append(events, at: index, to: &streamed) }
        }
        #expect(String(decoding: streamed, as: UTF8.self) == JSONLinesFormatter().format(single))
        #expect(rest.diagnostics == single.diagnostics)
        #expect(batches.count > 2 && batches.max()! <= 4096)
        // And walked and counted batch by batch, as `stats` does: the whole trace's summary.
        let steps = TransitionSteps(), counts = CallTally()
        let tables = try TraceLoader.stream(path: path) { batch in
            steps.advance(batch: batch, final: false)
            counts.add(batch: batch)
        }
        steps.advance(batch: tables.events, final: true)
        #expect(
            StatsFormatter().text(tables, walked: steps, counted: counts, into: TextBuffer()).string
                == StatsFormatter().format(single))
    }
}

/// A big console log is read as a first half plus a pre-read second half; the trace must be the
/// one-pass trace: identities, times, warnings and UIKit's own warnings all in place.
@Suite struct ParallelConsoleReadTests {
    @Test func halvesGiveTheOnePassTrace() throws {
        var lines: [String] = []
        var n = 0
        while lines.count < 110_000 {
            n += 1
            let address = String(0x7f00 + n % 13, radix: 16)
            let second = String(format: "%02d", n % 60)
            let prefix = "2021-02-20 16:48:\(second).\(100_000 + n % 900_000)+0800 App[81234:\(4_471_823 + n % 3)] "
            lines.append(prefix + "<App.HomeViewController: 0x\(address)> viewWillAppear(_:) true")
            lines.append(prefix + "<App.HomeViewController: 0x\(address)> viewDidAppear(_:) true")
            lines.append("[shouldSelect] from: <A: 0x1>, to: <B: 0x\(n % 5)>")
            if n % 7 == 0 { lines.append(prefix + "<App.HomeViewController: 0x\(address)> deinit") }
            if n % 11 == 0 { lines.append("this line is no lifecycle call \(n)") }
            if n % 13 == 0 { lines.append("Unbalanced calls to begin/end appearance transitions for <X: 0x\(n)>.") }
            if n % 17 == 0 { lines.append("-[DetailViewController viewDidLoad]") }
            // A call on a UIKit class and its receiver on the next line, which may fall in the
            // other part.
            if n % 19 == 0 {
                lines.append("-[UIViewController viewWillAppear:]")
                lines.append("<App.DetailViewController: 0x\(address)0>")
            }
        }
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        #expect(bytes.count >= TraceLoader.parallelThreshold)
        // Invalid UTF-8 and a NUL byte, in the second half.
        let late = bytes.count * 3 / 4
        let nl = bytes[late...].firstIndex(of: 0x0A)! + 1
        bytes.insert(
            contentsOf: Array("A: viewDidLoad \u{00}\n".utf8) + [
                0x42, 0xFF, 0x3A, 0x20, 0x76, 0x69, 0x65, 0x77, 0x44, 0x69, 0x64, 0x4C, 0x6F, 0x61, 0x64, 0x0A,
            ], at: nl)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-console-\(getpid()).log")
            .path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parallel = try TraceLoader.load(path: path)
        let single = try TraceLoader.load(ByteInput(bytes: bytes, name: path))
        #expect(parallel.events.count == single.events.count)
        #expect(Array(parallel.events) == Array(single.events))
        #expect(parallel.diagnostics == single.diagnostics)
        #expect(parallel.findings == single.findings)
        #expect(parallel.diagnostics.contains { $0.rule == "binary-data" })
        #expect(parallel.diagnostics.contains { $0.rule == "invalid-utf8" })
        // Walked and counted batch by batch as the calls are streamed, as `stats` does: the same
        // summary as from the whole trace.
        let steps = TransitionSteps(), counts = CallTally()
        var untimed = ReadOptions()
        untimed.readsTimes = false
        untimed.derivesState = false
        let rest = try TraceLoader.stream(path: path, options: untimed) { batch in
            steps.advance(batch: batch, final: false)
            counts.add(batch: batch)
        }
        steps.advance(batch: rest.events, final: true)
        #expect(steps.found.count > 0)
        #expect(rest.events.isEmpty)
        #expect(
            StatsFormatter().text(rest, walked: steps, counted: counts, into: TextBuffer()).string
                == StatsFormatter().format(single))
        // Streamed (as `convert` reads), it gives the same native lines.
        var writer = JSONLinesWriter()
        var streamed: [UInt8] = []
        let convertRest = try TraceLoader.stream(path: path) { events in
            for index in events.indices { writer.append(events, at: index, to: &streamed) }
        }
        #expect(String(decoding: streamed, as: UTF8.self) == JSONLinesFormatter().format(single))
        #expect(convertRest.diagnostics == single.diagnostics)
        // Through the queue `convert` uses, many batches later, the same lines in order.
        let queue = JSONLinesQueue(TextBuffer())
        _ = try TraceLoader.stream(path: path) { queue.add($0) }
        #expect(try queue.finish().string == JSONLinesFormatter().format(single))
    }
}

/// A big file is cut into pieces at line ends, which two readers take from both ends.
@Suite struct FilePiecesTests {
    @Test func piecesCoverTheFileAtLineEndsAndMeetOnce() throws {
        let lines = [
            "a", "", "a line longer than a piece is kept whole", "bc", "d", "efghij", "k", "lm", "nop", "q", "rs",
            "tuvwx",
            "no newline at the end",
        ]
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-pieces-\(getpid()).log").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pieces = try FilePieces(path: path, size: bytes.count, pieceSize: 5)
        var front: [Range<Int>] = [], back: [Range<Int>] = []
        // The front reader is slower here: it takes one piece for the back reader's two.
        while true {
            guard let f = pieces.takeFront() else { break }
            front.append(f)
            for _ in 0..<2 { if let b = pieces.takeBack() { back.append(b) } }
        }
        #expect(pieces.takeBack() == nil)
        let all = front + back.reversed()
        #expect(all.first?.lowerBound == 0 && all.last?.upperBound == bytes.count)
        for (a, b) in zip(all, all.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        for piece in all.dropLast() { #expect(bytes[piece.upperBound - 1] == 0x0A) }
        #expect(all.allSatisfy { !$0.isEmpty })
        #expect(back.count > front.count)
    }
}
