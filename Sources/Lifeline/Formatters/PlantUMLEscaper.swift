/// Makes any text safe in PlantUML labels. The one escaper for PlantUML.
///
/// `"`, `\` and `@` become `<U+0022>`, `<U+005C>` and `<U+0040>` (so no string ends early,
/// no `\n` escape fires, and no `@enduml` ends the diagram); creole markup (`--`, `__`, `//`,
/// `**`, `""`, `~~`, `==`, `<`, `[[`) is neutralised with PlantUML's `~` escape; line breaks
/// become PlantUML's `\n`.
public enum PlantUMLEscaper {
    public static func text(_ input: String) -> String {
        var out: [UInt8] = []
        append(input, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text(input)` as UTF-8, appended to `out`.
    static func append(_ input: String, to out: inout [UInt8]) {
        guard !input.isEmpty else { return out.append(0x20) }
        appendEscaped(input, to: &out)
    }

    /// Like `append`, but an empty input gives nothing: for a part of a longer label that
    /// starts and ends next to a space (no CR LF spans the join).
    static func appendEscaped(_ input: String, to out: inout [UInt8]) {
        var input = input
        input.withUTF8 { bytes in
            // Every character PlantUML reads is ASCII, so the UTF-8 is walked byte by byte;
            // the bytes of other scalars are copied as they are.
            for (i, byte) in bytes.enumerated() {
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
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "="),
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
    }
}
