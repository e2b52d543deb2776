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
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
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
        "{" + values.keys.sorted().map { quoted($0) + ":" + literal(values[$0]!) }.joined(separator: ",") + "}"
    }
}
