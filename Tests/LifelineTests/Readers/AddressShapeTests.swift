import Foundation
import Testing

@testable import Lifeline

/// A message read from the reading of an earlier message of its shape (the same text with
/// other addresses) must read exactly as a parse of it would.
@Suite struct AddressShapeTests {
    static func parse(_ text: String) -> String {
        var text = text
        return text.withUTF8 { "\(MessageParser.parse($0, from: 0, to: $0.count))" }
    }

    static func throughShapes(_ first: String, _ second: String) -> String {
        var shapes = AddressShapes()
        for message in [first, second].dropLast() {
            var m = message
            m.withUTF8 { b in
                _ = shapes.kind(UnsafeRawBufferPointer(b)) { MessageParser.parse(b, from: 0, to: b.count) }
            }
        }
        var m = second
        return m.withUTF8 { b in
            "\(shapes.kind(UnsafeRawBufferPointer(b)) { MessageParser.parse(b, from: 0, to: b.count) })"
        }
    }

    /// Each address replaced by another of the same length; with `swapped`, the first two
    /// distinct addresses trade places (an old address becomes another's new one).
    static func moved(_ line: String, swapped: Bool) -> String {
        let regex = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_])0[xX][0-9a-fA-F]{6,}(?![A-Za-z0-9_])")
        let ns = line as NSString
        let matches = regex.matches(in: line, range: NSRange(location: 0, length: ns.length))
        let distinct = Array(NSOrderedSet(array: matches.map { ns.substring(with: $0.range) })) as! [String]
        var map: [String: String] = [:]
        for (i, address) in distinct.enumerated() {
            if swapped, distinct.count >= 2, i < 2, distinct[0].count == distinct[1].count {
                map[address] = distinct[1 - i]
            } else {
                let digits = address.dropFirst(2).map { c -> Character in
                    let value = Int(String(c), radix: 16)!
                    return Character(String((value + 7 + i) % 16, radix: 16))
                }
                map[address] = "0x" + String(digits)
            }
        }
        var out = line
        for match in matches.reversed() {
            let range = Range(match.range, in: out)!
            out.replaceSubrange(range, with: map[String(out[range])]!)
        }
        return out
    }

    /// The line with the class of each instance description `<Class: 0x…>` renamed: each to
    /// a new class of its own, all to one class, or all to a view class.
    static func renamed(_ line: String, style: Int) -> String {
        let regex = try! NSRegularExpression(pattern: "<([A-Za-z][A-Za-z0-9_.]*): 0x")
        let ns = line as NSString
        var out = line
        for match in regex.matches(in: line, range: NSRange(location: 0, length: ns.length)).reversed() {
            let name = ns.substring(with: match.range(at: 1))
            let renamed: String
            switch style {
            case 0: renamed = "Other." + name.split(separator: ".").last! + "2"
            case 1: renamed = "App.SameViewController"
            default: renamed = "App.HeaderView"
            }
            out.replaceSubrange(Range(match.range(at: 1), in: out)!, with: renamed)
        }
        return out
    }

    /// Every line of the real corpus that holds an address.
    @Test func corpusLinesReadAlikeWithOtherAddresses() throws {
        let folder = CorpusTests.corpus.appendingPathComponent("logs")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".log") {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            for line in text.split(separator: "\n").map(String.init)
            where line.range(of: "0x", options: .caseInsensitive) != nil {
                for swapped in [false, true] {
                    let other = Self.moved(line, swapped: swapped)
                    guard other != line else { continue }
                    #expect(Self.throughShapes(line, other) == Self.parse(other), "\(name): \(line)")
                    checked += 1
                }
                for style in 0..<3 {
                    let other = Self.moved(Self.renamed(line, style: style), swapped: false)
                    guard other != line else { continue }
                    #expect(Self.throughShapes(line, other) == Self.parse(other), "\(name): \(line) as \(other)")
                }
            }
        }
        #expect(checked > 100)
    }

    /// Repeats among a message's addresses are part of its shape.
    @Test func aRepeatedAddressIsAnotherShape() {
        let a = "<App.AViewController: 0x7f8e0c001a30> addChild(_:) <App.BViewController: 0x7f8e0c001a30>"
        let b = "<App.AViewController: 0x7f8e0c001a30> addChild(_:) <App.BViewController: 0x7f8e0c00ffff>"
        #expect(Self.throughShapes(a, b) == Self.parse(b))
        #expect(Self.throughShapes(b, a) == Self.parse(a))
    }

    /// The events of `lines` read by the console reader, which reads a message of a shape seen
    /// before through its call template.
    static func throughTemplates(_ lines: [String]) throws -> [String] {
        var builder = TraceBuilder(source: "t")
        try ConsoleLogReader(options: ReadOptions()).read(
            ByteInput(bytes: Array(lines.joined(separator: "\n").utf8) + [0x0A], name: "t"), into: &builder)
        return builder.finish().events.map(describe)
    }

    /// The events of `lines`, each message parsed on its own and its calls added whole.
    static func throughParses(_ lines: [String]) -> [String] {
        var builder = TraceBuilder(source: "t")
        for (n, line) in lines.enumerated() {
            var line = line
            line.withUTF8 { b in
                let prefix = LogPrefix.parse(b, from: 0, to: b.count)
                var calls: [RawCall] = []
                switch MessageParser.parse(b, from: prefix.messageStart, to: b.count) {
                case .call(let call), .warnedCall(_, let call): calls = [call]
                case .calls(let all): calls = all
                default: break
                }
                for var call in calls {
                    call.time = prefix.time
                    call.thread = prefix.threadRange.map {
                        String(decoding: UnsafeRawBufferPointer(b)[$0], as: UTF8.self)
                    }
                    builder.add(call, line: n + 1)
                }
            }
        }
        return builder.finish().events.map(describe)
    }

    static func describe(_ e: TraceEvent) -> String {
        "\(e.seq) \(e.object) \(e.event) \(e.className ?? "-") \(e.address ?? "-") \(e.args.sorted { $0.key < $1.key }) \(e.note ?? "-")"
    }

    /// The line with its last address replaced by a new one of the same length.
    static func lastMoved(_ line: String) -> String {
        guard let range = line.range(of: "0x", options: [.backwards, .caseInsensitive]) else { return line }
        let digits = line[range.upperBound...].prefix { $0.isHexDigit }
        let fresh = String(repeating: "e", count: digits.count)
        return line.replacingCharacters(in: range.upperBound..<digits.endIndex, with: fresh)
    }

    /// Calls on two objects, in the shapes of a long session's console log.
    static let twoObjects = [
        "2021-02-20 16:00:00.000731+0800 App[81234:4471823] <UITabBarController: 0x7f8e0b800000> tabBarController(_:shouldSelect:) <App.InboxViewController: 0x7f8e0c120bc0>",
        "<App.ListViewController: 0x7f0000000010> addChild(_:) <App.CellViewController: 0x600000000040>",
        "<App.CellViewController: 0x600000000040> didMove(toParent:) <App.ListViewController: 0x7f0000000010>",
        "<App.FeedViewController: 0x600000000080> viewWillLayoutSubviews()",
        "<App.FeedViewController: 0x600000000080> loadView()",
        "<App.ListViewController: 0x7f0000000010> addChild(_:) <App.ListViewController: 0x600000000040>",
    ]

    /// Every corpus line with an address, followed by itself with other addresses and with two
    /// addresses swapped, and then again: the events must be those of parsing each line alone.
    @Test func templatedCallsAddWhatTheirParsesAdd() throws {
        let folder = CorpusTests.corpus.appendingPathComponent("logs")
        var checked = 0, templated = 0, classTemplated = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".log") {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            let logged = text.split(separator: "\n").map(String.init)
            for line in logged + Self.twoObjects where line.range(of: "0x", options: .caseInsensitive) != nil {
                let lines = [
                    line, Self.moved(line, swapped: false), Self.moved(line, swapped: true), line, Self.lastMoved(line),
                    Self.renamed(line, style: 0), Self.moved(Self.renamed(line, style: 0), swapped: false),
                    Self.renamed(line, style: 1), Self.renamed(Self.moved(line, swapped: true), style: 1),
                    Self.renamed(line, style: 2), Self.moved(Self.renamed(line, style: 2), swapped: false),
                ]
                #expect(try Self.throughTemplates(lines) == Self.throughParses(lines), "\(name): \(line)")
                checked += 1
                var shapes = AddressShapes()
                var message = line
                let reading = message.withUTF8 { b in
                    shapes.read(UnsafeRawBufferPointer(b)) { MessageParser.parse(b, from: 0, to: b.count) }
                }
                if case .template(let template, _) = reading {
                    templated += 1
                    if template.takesNames { classTemplated += 1 }
                }
            }
        }
        #expect(checked > 80)
        #expect(templated > 40)
        #expect(classTemplated > 300, "\(classTemplated) of \(templated) read through class shapes")
    }
}
