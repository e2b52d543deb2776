/// Makes any text safe in a Mermaid sequence diagram label. The one escaper for Mermaid.
///
/// Mermaid reads `#`, `;`, quotes, `<`/`>`, brackets and parentheses (links, HTML, shapes) and
/// the word `end` (which closes blocks); all become entity codes (`#35;`, `#59;`,
/// `#101;nd`...), which Mermaid renders as the characters themselves. `%` and `:` are
/// encoded too so `%%` and extra colons cannot start comments or split messages. Line breaks
/// become ` ↵ `.
public enum MermaidEscaper {
    public static func text(_ input: String) -> String {
        var out: [UInt8] = []
        append(input, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text(input)` as UTF-8, appended to `out`.
    static func append(_ input: String, to out: inout [UInt8]) {
        guard !input.isEmpty else { return out.append("#32;") }
        appendEscaped(input, to: &out)
    }

    /// Like `append`, but an empty input gives nothing: for a part of a longer label that
    /// starts and ends next to a space (no `end`, no CR LF spans the join).
    static func appendEscaped(_ input: String, to out: inout [UInt8]) {
        var input = input
        input.withUTF8 { bytes in
            // Every character Mermaid reads is ASCII, so the UTF-8 is walked byte by byte; the
            // bytes of other scalars are copied as they are.
            for (i, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: "#"), UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
                    UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"),
                    UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "%"), UInt8(ascii: ":"), UInt8(ascii: "&"),
                    UInt8(ascii: "\\"), UInt8(ascii: "`"):
                    appendCode(byte, to: &out)
                case 0x0A, 0x0D:
                    if !(byte == 0x0A && i > 0 && bytes[i - 1] == 0x0D) { out.append(" ↵ ") }
                case 0x09:
                    out.append(0x20)
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    // `end` anywhere a keyword could be read.
                    if i + 2 < bytes.count && bytes[i + 1] | 0x20 == UInt8(ascii: "n") && bytes[i + 2] | 0x20 == UInt8(ascii: "d") {
                        appendCode(byte, to: &out)
                    } else {
                        out.append(byte)
                    }
                default:
                    if byte < 0x20 || byte == 0x7F { out.append("\u{FFFD}") } else { out.append(byte) }
                }
            }
        }
    }

    /// `#code;`, for an ASCII character.
    private static func appendCode(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "#"))
        if byte >= 100 { out.append(0x30 + byte / 100) }
        out.append(0x30 + byte / 10 % 10)
        out.append(0x30 + byte % 10)
        out.append(UInt8(ascii: ";"))
    }
}
