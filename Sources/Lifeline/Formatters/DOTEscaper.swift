/// Makes any text safe in Graphviz DOT. The one escaper for DOT outputs.
///
/// Ids and labels are always double-quoted, so keywords (`graph`, `node`, `end`...) and any
/// punctuation are plain text. Inside quotes `"` and `\` are escaped; Graphviz's own escapes
/// (`\N`, `\G`, `\l`...) therefore cannot be triggered by a name. Graphviz decodes HTML
/// entities in labels, so `&` is written `&amp;`. A newline becomes the label line break `\n`. Other control characters become U+FFFD. Non-ASCII text stays UTF-8.
public enum DOTEscaper {
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// A multi-line label: each element is one line.
    public static func label(_ lines: [String]) -> String {
        "\"" + lines.map(escaped).joined(separator: "\\n") + "\""
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
