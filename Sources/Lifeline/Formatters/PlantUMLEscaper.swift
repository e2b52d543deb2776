/// Makes any text safe in PlantUML labels. The one escaper for PlantUML.
///
/// `"`, `\` and `@` become `<U+0022>`, `<U+005C>` and `<U+0040>` (so no string ends early,
/// no `\n` escape fires, and no `@enduml` ends the diagram); creole markup (`--`, `__`, `//`,
/// `**`, `""`, `~~`, `<`, `[[`) is neutralised with PlantUML's `~` escape; `=` starts a heading
/// only at the start of a line, where it becomes `<U+003D>` (PlantUML prints `~=` as it is);
/// line breaks become PlantUML's `\n`.
package enum PlantUMLEscaper: ASCIIEscaper {
    package static func text(_ input: String) -> String { escaped(input) }

    static var empty: StaticString { " " }

    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, to out: inout [UInt8]) {
        let byte = bytes[i]
        switch byte {
        case UInt8(ascii: "\""): out.append("<U+0022>")
        case UInt8(ascii: "\\"): out.append("<U+005C>")
        case UInt8(ascii: "@"): out.append("<U+0040>")
        case UInt8(ascii: "<"): out.append("<U+003C>")
        case UInt8(ascii: ">"): out.append("<U+003E>")
        case UInt8(ascii: "~"): out.append("<U+007E>")
        case UInt8(ascii: "|"): out.append("<U+007C>")
        case UInt8(ascii: "'"): out.append("<U+0027>")
        case UInt8(ascii: "^"): out.append("<U+005E>")
        case UInt8(ascii: "="):
            if i == 0 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x0D {
                out.append("<U+003D>")
            } else {
                out.append(byte)
            }
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "*"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "#"):
            // Creole and link markers are two of a kind; escape each one.
            out.append(UInt8(ascii: "~"))
            out.append(byte)
        case 0x0D: out.append("\\n")
        case 0x0A: if !(i > 0 && bytes[i - 1] == 0x0D) { out.append("\\n") }
        case 0x09: out.append(0x20)
        default:
            if byte < 0x20 || byte == 0x7F { out.append("\u{FFFD}") } else { out.append(byte) }
        }
    }
}
