/// Makes any text safe in PlantUML labels. The one escaper for PlantUML.
///
/// `"`, `\` and `@` become `<U+0022>`, `<U+005C>` and `<U+0040>` (so no string ends early,
/// no `\n` escape fires, and no `@enduml` ends the diagram); creole markup (`--`, `__`, `//`,
/// `**`, `""`, `~~`, `==`, `<`, `[[`) is neutralised with PlantUML's `~` escape; line breaks
/// become PlantUML's `\n`.
public enum PlantUMLEscaper {
    public static func text(_ input: String) -> String {
        var out = ""
        out.reserveCapacity(input.utf8.count)
        var previous: Unicode.Scalar? = nil
        for s in input.unicodeScalars {
            defer { previous = s }
            switch s {
            case "\"": out += "<U+0022>"
            case "\\": out += "<U+005C>"
            case "@": out += "<U+0040>"
            case "<": out += "<U+003C>"
            case ">": out += "<U+003E>"
            case "~": out += "<U+007E>"
            case "|": out += "<U+007C>"
            case "'": out += "<U+0027>"
            case "^": out += "<U+005E>"
            case "-", "_", "/", "*", "=", "[", "]", "#":
                // Creole and link markers are two of a kind; escape each one.
                out += "~"
                out.unicodeScalars.append(s)
            case "\r": out += "\\n"
            case "\n": if previous != "\r" { out += "\\n" }
            case "\t": out += " "
            default:
                if s.value < 0x20 || s.value == 0x7F {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out.isEmpty ? " " : out
    }
}
