/// Makes names safe in plain-text charts: one line each, no control characters, and no
/// terminal escape sequences. The one escaper for text outputs.
package enum TextEscaper {
    /// Bytes that mean the text needs escaping: controls, DEL, and the lead byte of C1 controls.
    static let special = ByteSet { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
    static let nonASCII = ByteSet { $0 >= 0x80 }

    package static func line(_ text: String) -> String {
        if !special.any(in: text) { return text }
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

    /// A non-ASCII scalar as ASCII text charts write it: `\u{2192}`.
    static func asciiCode(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }
}

/// How many columns a text takes: its characters, counted quickly when it is ASCII.
func columns(_ text: String) -> Int {
    TextEscaper.nonASCII.any(in: text) ? text.count : text.utf8.count
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
