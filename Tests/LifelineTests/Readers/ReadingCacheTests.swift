import Foundation
import Testing

@testable import Lifeline

/// The shortcuts of the fast paths must give exactly what the plain code gives: the prefix
/// cache, the per-message screening and the hand-held chunks of rows.
@Suite struct ReadingCacheTests {
    private static let lines = [
        "2021-02-20 16:48:20.969101+0800 App[81234:4471823] <App.A: 0x1> viewWillAppear(_:) true",
        "2021-02-20 16:48:20.970000+0800 App[81234:4471823] <App.A: 0x1> viewDidAppear(_:) true",
        "2021-02-20 16:48:21.5+0800 App[81234:4471823] x",
        "2021-02-20 16:49:01.123-02:30 App[81234:4471824]: y",
        "2021-02-20 16:49:01.123Z App[81234:4471824] y",
        "2021-02-20 16:49:01 Other[1:0x1a] z",
        "2021-02-20 16:49:01 Other[1:0x1a]",
        "2021-02-20 16:49:01 Other[1:0x1a]q",
        "2021-02-20T16:49:01.000001 App[81234:4471823] w",
        "2013-06-18 21:30:00.447 TabDemo[4312:707] -[A viewWillDisappear:]",
        "App[81234:4471823] no date",
        "2021-02-20 16:48 not a time",
        "2021-02-20 16:48:2",
        "",
    ]

    @Test func cachedPrefixesMatchPlainParsing() {
        var cache = LogPrefix.PrefixCache()
        // Twice through, so every line also meets the cache filled by a different line.
        for text in Self.lines + Self.lines.reversed() {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { b in
                let plain = LogPrefix.parse(b, from: 0, to: b.count)
                let cached = LogPrefix.parse(b, from: 0, to: b.count, cache: &cache)
                #expect(plain.time == cached.time, "\(text)")
                #expect(plain.threadRange == cached.threadRange, "\(text)")
                #expect(plain.messageStart == cached.messageStart, "\(text)")
            }
        }
    }

    /// The seconds layout learnt from one line is tried on the next: every line here differs
    /// from the one before it in one byte of the seconds, fraction or zone, or just after.
    @Test func secondsLayoutGivesWhatParsingGives() {
        let bases = [
            "2021-02-20 16:48:20.969101+0800 App[81234:4471823] m",
            "2021-02-20 16:48:20.969+08:00 App[81234:4471823] m",
            "2021-02-20 16:48:20.9691Z App[81234:4471823] m",
            "2021-02-20 16:48:20 App[81234:4471823] m",
            "2021-02-20 16:48:20,5-0330 App[81234:4471823] m",
        ]
        let replacements = Array("0795.,+-:Z a".utf8)
        for readsTimes in [true, false] {
            for base in bases {
                let baseBytes = Array(base.utf8)
                for position in 16..<min(34, baseBytes.count) {
                    for replacement in replacements {
                        var bytes = baseBytes
                        bytes[position] = replacement
                        var cache = LogPrefix.PrefixCache(readsTimes: readsTimes)
                        for line in [baseBytes, bytes] {
                            line.withUnsafeBufferPointer { b in
                                let plain = LogPrefix.parse(b, from: 0, to: b.count)
                                let cached = LogPrefix.parse(b, from: 0, to: b.count, cache: &cache)
                                let text = String(decoding: line, as: UTF8.self)
                                if readsTimes { #expect(plain.time == cached.time, "\(text)") }
                                #expect(plain.threadRange == cached.threadRange, "\(text)")
                                #expect(plain.messageStart == cached.messageStart, "\(text)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// A console log part's records take what rows take, so their chunks can become rows'.
    @Test func recordsAreAsBigAsRows() {
        #expect(MemoryLayout<ConsoleLogPart.Record>.stride == MemoryLayout<EventRow>.stride)
    }

    @Test func prefixesReadWithoutTimesEndWhereTimedOnesDo() {
        var timed = LogPrefix.PrefixCache()
        var untimed = LogPrefix.PrefixCache(readsTimes: false)
        for text in Self.lines + Self.lines.reversed() {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { b in
                let full = LogPrefix.parse(b, from: 0, to: b.count, cache: &timed)
                let quick = LogPrefix.parse(b, from: 0, to: b.count, cache: &untimed)
                #expect(quick.time == nil, "\(text)")
                #expect(full.threadRange == quick.threadRange, "\(text)")
                #expect(full.messageStart == quick.messageStart, "\(text)")
            }
        }
    }

    @Test func consoleLogReadWithoutTimesHasTheSameCalls() throws {
        let text = Self.lines.joined(separator: "\n") + "\n"
        var options = ReadOptions(format: .console)
        let timed = try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: "t.log"), options: options)
        options.readsTimes = false
        let untimed = try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: "t.log"), options: options)
        #expect(timed.events.map(\.time).contains { $0 != nil })
        #expect(untimed.events.allSatisfy { $0.time == nil })
        #expect(untimed.events.map(\.object) == timed.events.map(\.object))
        #expect(untimed.events.map(\.event) == timed.events.map(\.event))
        #expect(untimed.events.map(\.thread) == timed.events.map(\.thread))
    }

    @Test func repeatedKeysGiveTheTableIds() {
        // Keys of every length up to past the fold's steps, each also with one byte changed at
        // every position: looked up twice, in turns, they get the ids a plain table gives.
        var keys: [[UInt8]] = []
        for count in 0...70 {
            let key = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ count) }
            keys.append(key)
            for position in stride(from: 0, to: count, by: 3) {
                var changed = key
                changed[position] ^= 0x40
                keys.append(changed)
            }
        }
        var table = SymbolTable(), repeated = RepeatedKeys()
        for _ in 0..<2 {
            for key in keys {
                let expected = key.withUnsafeBytes { table.id($0) }
                #expect(key.withUnsafeBytes { repeated.id($0) } == expected)
            }
        }
        #expect(repeated.count == table.count)
        #expect(repeated[SymbolTable.ID(repeated.count - 1)] == table[SymbolTable.ID(table.count - 1)])
    }

    @Test func recentKeyTellsShortKeysApart() {
        // Keys of up to nine bytes, each also with one byte changed at every position, looked
        // up in turns and twice in a row: the ids a dictionary gives.
        var keys: [[UInt8]] = []
        for count in 0...9 {
            let key = (0..<count).map { UInt8(0x30 + $0) }
            keys.append(key)
            for position in 0..<count {
                var changed = key
                changed[position] ^= 0x01
                keys.append(changed)
            }
        }
        var recent = RecentKey()
        var ids: [[UInt8]: UInt32] = [:]
        for key in keys + keys.reversed() {
            for _ in 0..<2 {
                let id = key.withUnsafeBytes { bytes in
                    recent.id(bytes) { looked in
                        let k = Array(looked)
                        if let known = ids[k] { return known }
                        ids[k] = UInt32(ids.count + 1)
                        return UInt32(ids.count)
                    }
                }
                #expect(id == ids[key])
            }
        }
        #expect(ids.count == keys.count)
    }

    @Test func sameBytesFindsADifferenceAnywhere() {
        for count in 0...100 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(
                a.withUnsafeBytes { x in
                    Array(a).withUnsafeBytes { y in
                        sameBytes(
                            x.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                            y.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count)
                    }
                })
            for position in 0..<count {
                var b = a
                b[position] ^= 0x01
                #expect(
                    !a.withUnsafeBytes { x in
                        b.withUnsafeBytes { y in sameBytes(x.baseAddress!, y.baseAddress!, count) }
                    },
                    "\(count) \(position)")
            }
        }
    }

    @Test func scanFindsNULAndHighBytesAnywhere() {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 40, 63, 64, 65, 100] {
            let clean = [UInt8](repeating: 0x61, count: length)
            clean.withUnsafeBytes { #expect(scan($0).ascii && !scan($0).hasNUL) }
            for at in 0..<length {
                for (byte, nul, ascii) in [
                    (UInt8(0), true, true), (0x80, false, false), (0xFF, false, false), (0x7F, false, true),
                    (0x01, false, true),
                ] {
                    var bytes = clean
                    bytes[at] = byte
                    let found = bytes.withUnsafeBytes { scan($0) }
                    #expect(found.hasNUL == nul && found.ascii == ascii, "\(length) \(at) \(byte)")
                }
            }
        }
    }

    @Test func screeningOnceAMessageWarnsPerLine() throws {
        // The same message after a clean prefix, one with invalid UTF-8 and one with a NUL.
        let date = Array("2021-02-20 16:48:20.969101+0800 ".utf8)
        let rest = Array("[1:2] <A: 0x1> viewWillAppear(_:) true\n".utf8)
        var bytes = date + Array("App".utf8) + rest
        bytes += date + [0x41, 0xFF] + rest
        bytes += date + [0x41, 0x00] + rest
        let trace = try TraceLoader.load(ByteInput(bytes: bytes, name: "t.log"), options: ReadOptions(format: .console))
        #expect(trace.events.count == 2)
        #expect(trace.diagnostics.map(\.rule) == ["invalid-utf8", "binary-data"])
        #expect(trace.diagnostics.map { $0.location?.line } == [2, 3])
    }

    @Test func chunkedRowsCopyOnWrite() {
        var a = ChunkedArray<Int>()
        for i in 0..<150_000 { a.append(i) }
        var b = a
        b[70_000] = -1
        b.append(7)
        #expect(a[70_000] == 70_000)
        #expect(a.count == 150_000 && b.count == 150_001)
        #expect(b[150_000] == 7 && b[70_000] == -1)
        // A copy shares its chunks until one side writes; then only that chunk is copied.
        var c = b
        c.append(8)
        c[0] = -5
        b[149_999] = -9
        #expect(b.count == 150_001 && b[0] == 0 && b[149_999] == -9)
        #expect(c.count == 150_002 && c[150_001] == 8 && c[0] == -5 && c[149_999] == 149_999)
        var drained: [Int] = []
        a.drain { drained.append($0) }
        #expect(drained == Array(0..<150_000))
        #expect(a.count == 0 && b.count == 150_001)
    }
}
