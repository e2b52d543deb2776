/// Writes JSON string literals: quotes, backslashes and control characters escaped, every other
/// character kept as UTF-8. The one escaper for JSON outputs.
enum JSONEscaper {
    /// Bytes that mean the text needs escaping.
    static let special = ByteSet { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }

    static func quoted(_ text: String) -> String {
        // Most names need no escape: copy them whole.
        if !JSONEscaper.special.any(in: text) {
            return "\"" + text + "\""
        }
        var out: [UInt8] = [0x22]
        out.reserveCapacity(text.utf8.count + 8)
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0xE2
            where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                // U+2028 and U+2029 end lines in JavaScript.
                out += Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default:
                if c < 0x20 || c == 0x7F {
                    let hex = String(c, radix: 16)
                    out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    out.append(c)
                }
            }
            i += 1
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    static func literal(_ value: ArgValue) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .int(let i): return String(i)
        case .double(let d): return NumberFormat.decimal(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// `{"a":1,"b":"x"}` with keys sorted, so output never depends on dictionary order.
    static func object(_ values: [String: ArgValue]) -> String {
        if values.count == 1, let (key, value) = values.first { return "{" + quoted(key) + ":" + literal(value) + "}" }
        return "{" + values.keys.sorted().map { quoted($0) + ":" + literal(values[$0]!) }.joined(separator: ",") + "}"
    }
}
