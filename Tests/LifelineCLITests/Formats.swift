import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

// The shell checks asked Python whether an output parses; these say the same in Swift.

/// `python3 -m json.tool FILE`: UTF-8 text holding exactly one JSON value. Foundation's JSON
/// parsers accept trailing commas, which Python's refuses, so this follows RFC 8259 itself (and
/// so also refuses Python's NaN and Infinity, which no output of ours may hold).
func isJSON(_ data: Data?) -> Bool {
    guard let data, String(validating: data, as: UTF8.self) != nil else { return false }
    var json = StrictJSON(bytes: Array(data))
    return json.document()
}

private struct StrictJSON {
    let bytes: [UInt8]
    var at = 0

    var next: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func document() -> Bool {
        guard value(depth: 0) else { return false }
        skipSpace()
        return at == bytes.count
    }

    mutating func skipSpace() {
        while let byte = next, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { at += 1 }
    }

    mutating func eat(_ character: Unicode.Scalar) -> Bool {
        guard next == UInt8(ascii: character) else { return false }
        at += 1
        return true
    }

    mutating func value(depth: Int) -> Bool {
        guard depth < 1000 else { return false }
        skipSpace()
        switch next {
        case UInt8(ascii: "{"):
            at += 1
            skipSpace()
            if eat("}") { return true }
            repeat {
                skipSpace()
                guard string() else { return false }
                skipSpace()
                guard eat(":"), value(depth: depth + 1) else { return false }
                skipSpace()
            } while eat(",")
            return eat("}")
        case UInt8(ascii: "["):
            at += 1
            skipSpace()
            if eat("]") { return true }
            repeat {
                guard value(depth: depth + 1) else { return false }
                skipSpace()
            } while eat(",")
            return eat("]")
        case UInt8(ascii: "\""):
            return string()
        case UInt8(ascii: "t"):
            return word("true")
        case UInt8(ascii: "f"):
            return word("false")
        case UInt8(ascii: "n"):
            return word("null")
        default:
            return number()
        }
    }

    mutating func word(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { eat($0) }
    }

    mutating func string() -> Bool {
        guard eat("\"") else { return false }
        while let byte = next {
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                return true
            case UInt8(ascii: "\\"):
                guard let escaped = next else { return false }
                at += 1
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard let hex = next,
                            (0x30...0x39).contains(hex) || (0x41...0x46).contains(hex) || (0x61...0x66).contains(hex)
                        else { return false }
                        at += 1
                    }
                } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
                    return false
                }
            case 0..<0x20:
                return false
            default:
                continue
            }
        }
        return false
    }

    mutating func number() -> Bool {
        _ = eat("-")
        if !eat("0") {
            guard let first = next, (0x31...0x39).contains(first) else { return false }
            _ = digits()
        }
        if eat("."), !digits() { return false }
        if eat("e") || eat("E") {
            _ = eat("+") || eat("-")
            if !digits() { return false }
        }
        return true
    }

    mutating func digits() -> Bool {
        let start = at
        while let byte = next, (0x30...0x39).contains(byte) { at += 1 }
        return at > start
    }
}

/// `python3 -c 'xml.dom.minidom.parse(FILE)'`: one well-formed document. Foundation's parser on
/// Linux misses an unclosed root, so the elements are counted too.
func isWellFormedXML(_ data: Data?) -> Bool {
    guard let data else { return false }
    final class Balance: NSObject, XMLParserDelegate {
        var depth = 0
        var roots = 0
        var failed = false
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            if depth == 0 { roots += 1 }
            depth += 1
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }
        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) { failed = true }
    }
    let parser = XMLParser(data: data)
    let balance = Balance()
    parser.delegate = balance
    let parsed = parser.parse()
    return parsed && parser.parserError == nil && !balance.failed && balance.depth == 0 && balance.roots == 1
}

/// The two checks above accept what Python accepts and refuse what it refuses.
@Suite struct FormatCheckTests {
    @Test(
        "isJSON is as strict as python3 -m json.tool",
        arguments: ["{}", "{\"a\":[1,-0.5e3,true,null,\"\\u00e9\"]}\n", "1", "\"\\ud800\""])
    func json(valid: String) { #expect(isJSON(Data(valid.utf8))) }

    @Test(
        "isJSON refuses what python3 -m json.tool refuses",
        arguments: ["", "{} x", "[1,]", "{\"a\":1,}", "{}{}", "[01]", "[.5]", "\"\t\"", "\u{FEFF}{}"])
    func notJSON(invalid: String) { #expect(!isJSON(Data(invalid.utf8))) }

    @Test("isWellFormedXML accepts a Graphviz-like SVG")
    func xml() {
        let svg = """
            <?xml version="1.0"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg><g class="node"><text>&#233;&amp;</text></g></svg>

            """
        #expect(isWellFormedXML(Data(svg.utf8)))
    }

    @Test(
        "isWellFormedXML refuses what minidom refuses",
        arguments: ["", "<a>", "<a><b></a>", "<a></a><b/>", "<a></a>junk", "<a>&bogus;</a>", "<a x='1' x='2'/>"])
    func notXML(invalid: String) { #expect(!isWellFormedXML(Data(invalid.utf8))) }
}
