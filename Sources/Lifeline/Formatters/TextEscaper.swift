/// Makes names safe in plain-text charts: one line each, no control characters, and no
/// terminal escape sequences. The one escaper for text outputs.
public enum TextEscaper {
    public static func line(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += " "
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// A set of bytes as a 256-entry table, for escapers' "does this text need escaping" checks.
struct ByteSet: Sendable {
    private let member: [Bool]

    init(_ predicate: (UInt8) -> Bool) {
        member = (0...255).map { predicate(UInt8($0)) }
    }

    /// Whether any byte of `text` is in the set.
    func any(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            member.withUnsafeBufferPointer { table in bytes.contains { table[Int($0)] } }
        }
    }
}
