/// Makes any text safe inside a GitHub-flavoured Markdown table cell: every ASCII punctuation
/// character that Markdown could read as markup is backslash-escaped (`|` included, so a cell
/// never splits), and line breaks become `<br>`. The one escaper for Markdown outputs.
package enum MarkdownEscaper {
    /// Bytes that mean the text needs escaping.
    static let special = ByteSet { $0 < 0x20 || $0 == 0x7F || "\\|`*_[]<>~&".utf8.contains($0) }

    package static func cell(_ text: String) -> String {
        if !MarkdownEscaper.special.any(in: text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\", "|", "`", "*", "_", "[", "]", "<", ">", "~", "&":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "\r":
                out += "<br>"
            case "\n":
                if !previousWasCR { out += "<br>" }
            case "\t":
                out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out.unicodeScalars.append("\u{FFFD}")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Inline code that cannot be closed early by backticks in the text.
    package static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for c in text { if c == "`" { run += 1; longest = max(longest, run) } else { run = 0 } }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + pad + text + pad + fence
    }
}
