import Foundation

/// Writes one native event (JSON Lines v1) the way `lifeline convert` writes it: keys in the
/// format's order, `args` and `state` keys sorted, strings escaped as Lifeline escapes them and
/// numbers with at most six decimals, so Lifeline reads the line and writes the same bytes.
struct JSONLine {
    private(set) var text = "{"

    init(seq: Int, object: String, event: String) {
        text += "\"seq\":\(seq),\"object\":" + Self.quoted(object) + ",\"event\":" + Self.quoted(event)
    }

    mutating func add(_ key: String, string: String?) {
        guard let string else { return }
        text += ",\"\(key)\":" + Self.quoted(string)
    }

    mutating func add(_ key: String, number: Double?) {
        guard let number else { return }
        text += ",\"\(key)\":" + Self.decimal(number)
    }

    mutating func add(_ key: String, scalars: [String: RecordedScalar]) {
        guard !scalars.isEmpty else { return }
        let members = scalars.keys.sorted().map { Self.quoted($0) + ":" + Self.literal(scalars[$0]!) }
        text += ",\"\(key)\":{" + members.joined(separator: ",") + "}"
    }

    /// The finished line, without its newline.
    var line: String { text + "}" }

    static func literal(_ value: RecordedScalar) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .int(let i): return String(i)
        case .double(let d): return decimal(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A JSON string: `"` and `\` escaped, `\n`, `\r` and `\t` by letter, other control
    /// characters and DEL as `\u00XX`, U+2028 and U+2029 as `\u2028` and `\u2029`; every other
    /// character kept as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
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
        return out + "\""
    }

    /// Fixed, locale-free: at most six decimals, no trailing zeros; not-finite values as 0.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let micro = (value * 1_000_000).rounded()
        guard Swift.abs(micro) < 9.0e18 else { return String(format: "%.0f", value) }
        let units = Int64(Swift.abs(micro))
        var text = (micro < 0 && units != 0 ? "-" : "") + String(units / 1_000_000)
        var fraction = units % 1_000_000
        if fraction != 0 {
            var digits = 6
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }
}
