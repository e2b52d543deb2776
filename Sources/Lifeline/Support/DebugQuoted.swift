extension String {
    /// The text in double quotes with Swift's escapes, as `debugDescription` writes it. Printable
    /// ASCII, nearly every log line, is quoted on its bytes: `debugDescription` looks up each
    /// character's Unicode properties, which cost more than reading the line did.
    package var debugQuoted: String {
        var quoted: [UInt8] = [ASCII.quote]
        quoted.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            guard byte >= ASCII.space, byte < 0x7F else { return debugDescription }
            if byte == ASCII.quote || byte == ASCII.apostrophe || byte == ASCII.backslash {
                quoted.append(ASCII.backslash)
            }
            quoted.append(byte)
        }
        quoted.append(ASCII.quote)
        return String(decoding: quoted, as: UTF8.self)
    }
}
