import Foundation
import Testing

@testable import Lifeline

/// Logs arrive as UTF-8 with a byte-order mark (saved by some editors) and as UTF-16 (written
/// by Windows tools); every reader gets the same calls as from plain UTF-8.
@Suite struct EncodingTests {
    static let console =
        "2013-06-18 21:30:00.451 TabDemo[4312:707] -[AViewController viewWillDisappear:]\n"
        + "2013-06-18 21:30:00.452 TabDemo[4312:707] -[BViewController viewWillAppear:]\n"
    static let native =
        #"{"seq":1,"object":"A#1","event":"viewDidLoad"}"# + "\n"
        + #"{"seq":2,"object":"A#1","event":"viewWillAppear"}"# + "\n"

    static func calls(_ bytes: [UInt8]) throws -> [String] {
        let trace = try TraceLoader.load(ByteInput(bytes: bytes, name: "t"))
        #expect(trace.diagnostics.isEmpty)
        return trace.events.map { "\($0.object) \($0.event)" }
    }

    static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    @Test(arguments: [console, native])
    func aUTF8MarkIsSkipped(_ text: String) throws {
        #expect(try Self.calls([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == Self.calls(Array(text.utf8)))
    }

    @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
    func utf16IsReadAsUTF8(bigEndian: Bool, mark: Bool) throws {
        for text in [Self.console, Self.native] {
            #expect(try Self.calls(Self.utf16(text, bigEndian: bigEndian, mark: mark)) == Self.calls(Array(text.utf8)))
        }
    }

    /// Text that merely holds NUL bytes is not taken for UTF-16.
    @Test func binaryIsNotTakenForUTF16() {
        #expect(
            ByteInput.unmarkedUTF16(ArraySlice([0x41, 0x00, 0x42, 0x43] + Array(repeating: 0x41, count: 20))) == nil)
        #expect(ByteInput.unmarkedUTF16(ArraySlice(Array("short".utf8))) == nil)
    }
}

/// Native traces whose `seq` does not count up, and times that are not numbers.
@Suite struct NativeNumberTests {
    @Test func aSeqThatDoesNotFollowIsSaidOnce() throws {
        let text = [5, 5, -3, 2].enumerated().map { #"{"seq":\#($1),"object":"A#1","event":"e\#($0)"}"# }.joined(
            separator: "\n")
        let trace = try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: "t.jsonl"))
        #expect(trace.events.map(\.seq) == [1, 2, 3, 4])
        #expect(trace.diagnostics.map(\.rule) == ["seq-order"])
        #expect(trace.diagnostics.first?.location?.line == 2)
    }

    @Test func anInfiniteTimeIsDroppedWithAWarning() throws {
        let text = #"{"seq":1,"time":1e999,"object":"A#1","event":"viewDidLoad"}"#
        let trace = try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: "t.jsonl"))
        #expect(trace.events.first?.time == nil)
        #expect(trace.diagnostics.map(\.rule) == ["invalid-time"])
    }
}

/// `--pattern` matching has a time budget per line, so a pattern that backtracks without
/// end costs a warning, not a hang.
@Suite struct PatternBudgetTests {
    @Test func aCatastrophicPatternIsStoppedPerLine() throws {
        let line = String(repeating: "a", count: 40) + "c"
        let text = ([line, line] + ["x viewDidLoad"]).joined(separator: "\n")
        let pattern = #"^(?<object>x) (?<event>\w+)$|^((a+)+)b$"#
        let trace = try TraceLoader.load(
            ByteInput(bytes: Array(text.utf8), name: "slow.log"), options: ReadOptions(pattern: pattern))
        #expect(trace.events.count == 1)
        #expect(trace.diagnostics.map(\.rule) == ["slow-pattern", "slow-pattern"])
    }
}
