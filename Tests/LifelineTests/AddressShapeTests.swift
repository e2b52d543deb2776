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
            m.withUTF8 { b in _ = shapes.kind(UnsafeRawBufferPointer(b)) { MessageParser.parse(b, from: 0, to: b.count) } }
        }
        var m = second
        return m.withUTF8 { b in "\(shapes.kind(UnsafeRawBufferPointer(b)) { MessageParser.parse(b, from: 0, to: b.count) })" }
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

    /// Every line of the real corpus that holds an address.
    @Test func corpusLinesReadAlikeWithOtherAddresses() throws {
        let folder = CorpusTests.corpus.appendingPathComponent("logs")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".log") {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            for line in text.split(separator: "\n").map(String.init) where line.range(of: "0x", options: .caseInsensitive) != nil {
                for swapped in [false, true] {
                    let other = Self.moved(line, swapped: swapped)
                    guard other != line else { continue }
                    #expect(Self.throughShapes(line, other) == Self.parse(other), "\(name): \(line)")
                    checked += 1
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
}
