extension String {
    /// The text in double quotes with Swift's escapes, as `debugDescription` writes it. Printable
    /// ASCII, nearly every log line, is quoted on its bytes: `debugDescription` looks up each
    /// character's Unicode properties, which cost more than reading the line did.
    package var debugQuoted: String {
        var text = self
        let quoted = text.withUTF8 { bytes -> String? in
            var escapes = 0
            for byte in bytes {
                guard byte >= ASCII.space, byte < 0x7F else { return nil }
                if Self.isEscaped(byte) { escapes += 1 }
            }
            return String(unsafeUninitializedCapacity: bytes.count + escapes + 2) { out in
                var k = 0
                out[k] = ASCII.quote
                k += 1
                for byte in bytes {
                    if Self.isEscaped(byte) {
                        out[k] = ASCII.backslash
                        k += 1
                    }
                    out[k] = byte
                    k += 1
                }
                out[k] = ASCII.quote
                return k + 1
            }
        }
        return quoted ?? debugDescription
    }

    /// The printable ASCII bytes Swift writes after a backslash.
    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == ASCII.quote || byte == ASCII.apostrophe || byte == ASCII.backslash
    }
}
