/// Makes any text safe in Graphviz DOT. The one escaper for DOT outputs.
///
/// Ids and labels are always double-quoted, so keywords (`graph`, `node`, `end`...) and any
/// punctuation are plain text. Inside quotes `"` and `\` are escaped; Graphviz's own escapes
/// (`\N`, `\G`, `\l`...) therefore cannot be triggered by a name. Graphviz decodes HTML
/// entities in labels, so `&` is written `&amp;`. A newline becomes the label line break `\n`. Other control characters become U+FFFD. Non-ASCII text stays UTF-8.
///
/// Graphviz refuses a quoted string over 16 384 bytes, so a longer text is shortened: its start
/// and end are kept around `…#hash…`, a hash of the whole text, so two long names that differ
/// only in the middle stay two nodes. A text is kept whole up to `maxScalars` characters (an
/// escaped character takes at most 5 bytes); a multi-line label shares them among its lines.
package enum DOTEscaper {
    static let maxScalars = 3000

    package static func quoted(_ text: String) -> String {
        "\"" + escaped(StableHash.fitted(text, maxScalars)) + "\""
    }

    /// A multi-line label: each element is one line, centred, or with `leftAligned` each
    /// line ended by Graphviz's left-justified break `\l`.
    package static func label(_ lines: [String], leftAligned: Bool = false) -> String {
        let room = max(24, maxScalars / max(1, lines.count))
        let fitted = lines.map { escaped(StableHash.fitted($0, room)) }
        if leftAligned { return "\"" + fitted.map { $0 + "\\l" }.joined() + "\"" }
        return "\"" + fitted.joined(separator: "\\n") + "\""
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "&": out += "&amp;"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            case "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
