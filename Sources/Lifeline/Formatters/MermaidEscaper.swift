/// Makes any text safe in a Mermaid sequence diagram label. The one escaper for Mermaid.
///
/// Mermaid reads `#`, `;`, quotes, `<`/`>`, brackets and parentheses (links, HTML, shapes) and
/// the word `end` (which closes blocks); all become entity codes (`#35;`, `#59;`,
/// `#101;nd`...), which Mermaid renders as the characters themselves. `%` and `:` are
/// encoded too so `%%` and extra colons cannot start comments or split messages. Line breaks
/// become ` ↵ `.
package enum MermaidEscaper: ASCIIEscaper {
    package static func text(_ input: String) -> String { escaped(input) }

    static var empty: StaticString { "#32;" }

    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, to out: inout [UInt8]) {
        let byte = bytes[i]
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
            if i + 2 < bytes.count && bytes[i + 1] | 0x20 == UInt8(ascii: "n")
                && bytes[i + 2] | 0x20 == UInt8(ascii: "d")
            {
                appendCode(byte, to: &out)
            } else {
                out.append(byte)
            }
        default:
            if byte < 0x20 || byte == 0x7F { out.append("\u{FFFD}") } else { out.append(byte) }
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
