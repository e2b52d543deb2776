/// A parsed JSON value. Object members keep their order.
enum JSONValue: Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): return x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}

struct JSONError: Error, CustomStringConvertible {
    var offset: Int
    var message: String
    var description: String { "\(message) at byte \(offset + 1)" }
}

/// A small strict JSON parser over UTF-8 bytes (RFC 8259), with a depth limit so hostile
/// input cannot exhaust the stack.
struct JSONParser {
    let b: Bytes
    var i: Int
    let end: Int
    static let maxDepth = 64

    static func parse(_ b: Bytes) throws -> JSONValue {
        var parser = JSONParser(b: b, i: 0, end: b.count)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.i == parser.end else {
            throw JSONError(offset: parser.i, message: "unexpected text after the value")
        }
        return value
    }

    mutating func skipWhitespace() {
        while i < end, b[i] == ASCII.space || b[i] == ASCII.tab || b[i] == ASCII.cr || b[i] == ASCII.lf { i += 1 }
    }

    private func fail(_ message: String) -> JSONError { JSONError(offset: i, message: message) }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw fail("nesting deeper than \(JSONParser.maxDepth)") }
        guard i < end else { throw fail("unexpected end of JSON") }
        switch b[i] {
        case 0x7B: return try object(depth: depth)
        case ASCII.lbracket: return try array(depth: depth)
        case ASCII.quote: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        guard b.hasPrefix(word, at: i, end: end) else { throw fail("invalid literal") }
        i += word.utf8CodeUnitCount
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        i += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if i < end, b[i] == 0x7D { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < end, b[i] == ASCII.quote else { throw fail("expected a key") }
            let key = try string()
            skipWhitespace()
            guard i < end, b[i] == ASCII.colon else { throw fail("expected ':'") }
            i += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard i < end else { throw fail("unterminated object") }
            if b[i] == ASCII.comma { i += 1; continue }
            if b[i] == 0x7D { i += 1; return .object(members) }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if i < end, b[i] == ASCII.rbracket { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard i < end else { throw fail("unterminated array") }
            if b[i] == ASCII.comma { i += 1; continue }
            if b[i] == ASCII.rbracket { i += 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func string() throws -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < end, b[i] != ASCII.quote, b[i] != 0x5C, b[i] >= 0x20 { i += 1 }
        if i < end, b[i] == ASCII.quote {
            defer { i += 1 }
            return try decoded(start..<i)
        }
        var bytes = Array(UnsafeBufferPointer(rebasing: b[start..<i]))
        while i < end {
            let c = b[i]
            if c == ASCII.quote {
                i += 1
                return try bytes.withUnsafeBufferPointer { try JSONParser.validated($0, at: start) }
            }
            if c < 0x20 { throw fail("control character in string") }
            if c != 0x5C { bytes.append(c); i += 1; continue }
            i += 1
            guard i < end else { break }
            let e = b[i]
            i += 1
            switch e {
            case ASCII.quote, 0x5C, 0x2F: bytes.append(e)
            case 0x62: bytes.append(0x08)
            case 0x66: bytes.append(0x0C)
            case 0x6E: bytes.append(ASCII.lf)
            case 0x72: bytes.append(ASCII.cr)
            case 0x74: bytes.append(ASCII.tab)
            case 0x75:
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), b.hasPrefix("\\u", at: i, end: end) {
                    i += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        bytes.append(contentsOf: Array("\u{FFFD}".utf8))
                        scalar = low
                    }
                }
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                bytes.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw fail("invalid escape")
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= end else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            guard ASCII.isHex(c) else { throw fail("invalid \\u escape") }
            v = v * 16 + UInt32(ASCII.isDigit(c) ? c - 0x30 : (c | 0x20) - 0x61 + 10)
            i += 1
        }
        return v
    }

    private func decoded(_ range: Range<Int>) throws -> String {
        try JSONParser.validated(UnsafeBufferPointer(rebasing: b[range]), at: range.lowerBound)
    }

    static func validated(_ bytes: Bytes, at offset: Int) throws -> String {
        guard let s = String(validating: bytes, as: UTF8.self) else {
            throw JSONError(offset: offset, message: "invalid UTF-8 in string")
        }
        return s
    }

    private mutating func number() throws -> JSONValue {
        let start = i
        var isInteger = true
        if i < end, b[i] == ASCII.dash { i += 1 }
        let digitsStart = i
        while i < end, ASCII.isDigit(b[i]) { i += 1 }
        guard i > digitsStart else { throw fail("invalid value") }
        if i < end, b[i] == ASCII.dot {
            isInteger = false
            i += 1
            let f = i
            while i < end, ASCII.isDigit(b[i]) { i += 1 }
            guard i > f else { throw fail("invalid number") }
        }
        if i < end, b[i] | 0x20 == 0x65 {
            isInteger = false
            i += 1
            if i < end, b[i] == ASCII.plus || b[i] == ASCII.dash { i += 1 }
            let e = i
            while i < end, ASCII.isDigit(b[i]) { i += 1 }
            guard i > e else { throw fail("invalid exponent") }
        }
        let text = b.string(start..<i)
        if isInteger, let v = Int(text) { return .int(v) }
        guard let d = Double(text) else { throw fail("invalid number") }
        return .double(d)
    }
}
