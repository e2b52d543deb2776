/// Makes any text safe in a Mermaid sequence diagram label. The one escaper for Mermaid.
///
/// Mermaid reads `#`, `;`, quotes, `<`/`>`, brackets and parentheses (links, HTML, shapes) and
/// the word `end` (which closes blocks); all become entity codes (`#35;`, `#59;`,
/// `#101;nd`...), which Mermaid renders as the characters themselves. `%` and `:` are
/// encoded too so `%%` and extra colons cannot start comments or split messages. Line breaks
/// become ` ↵ `.
public enum MermaidEscaper {
    public static func text(_ input: String) -> String {
        var out = ""
        out.reserveCapacity(input.utf8.count)
        let scalars = Array(input.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            switch s {
            case "#", ";", "\"", "'", "<", ">", "[", "]", "(", ")", "{", "}", "%", ":", "&", "\\", "`":
                out += "#\(s.value);"
            case "\n", "\r":
                if !(s == "\n" && i > 0 && scalars[i - 1] == "\r") { out += " ↵ " }
            case "\t":
                out += " "
            case "e", "E":
                // `end` anywhere a keyword could be read.
                if i + 2 < scalars.count, String(String.UnicodeScalarView(scalars[(i + 1)...(i + 2)])).lowercased() == "nd" {
                    out += "#\(s.value);"
                } else {
                    out.unicodeScalars.append(s)
                }
            default:
                if s.value < 0x20 || s.value == 0x7F {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
            i += 1
        }
        return out.isEmpty ? "#32;" : out
    }
}
