/// Makes any text safe as SVG/XML character data or attribute values: `&`, `<`, `>`, `"`
/// and `'` become entities, and characters XML 1.0 forbids become U+FFFD. The one escaper for
/// SVG and HTML outputs.
package enum SVGEscaper {
    /// Bytes that mean the text needs escaping.
    static let special = ByteSet {
        $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0x7F || $0 == 0xEF
    }

    /// With `keepLineBreaks`, `\n` stays (for `<pre>` blocks); otherwise it becomes a space.
    package static func text(_ input: String, keepLineBreaks: Bool = false) -> String {
        if !SVGEscaper.special.any(in: input) {
            return input
        }
        var out = ""
        out.reserveCapacity(input.utf8.count)
        for s in input.unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += keepLineBreaks ? "\n" : " "
            case "\r", "\t": out += " "
            default:
                if s.value < 0x20 || s.value == 0x7F || s.value == 0xFFFE || s.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
    }
}
