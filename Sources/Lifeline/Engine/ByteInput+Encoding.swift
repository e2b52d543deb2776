/// The text encodings a log may arrive in besides plain UTF-8.
package enum TextEncodingMark: Sendable {
    /// UTF-8 that starts with a byte-order mark (EF BB BF), as some editors save it.
    case utf8WithMark
    /// UTF-16, little or big endian, as Windows tools and some exports write logs.
    case utf16(bigEndian: Bool)
}

extension ByteInput {
    /// Makes every reader see UTF-8 lines: skips a UTF-8 byte-order mark, and turns UTF-16
    /// input into UTF-8. UTF-16 is recognised by its byte-order mark (FF FE or FE FF), or,
    /// without one, by a zero byte in every other position of its first line, as ASCII text
    /// in UTF-16 has. UTF-16 input is read whole before it is turned into UTF-8.
    /// Returns what was found, or nil for plain UTF-8 (or anything else), which is left alone.
    @discardableResult
    package func normalizeEncoding() throws -> TextEncodingMark? {
        let first = try peek(256)
        if first.starts(with: [0xEF, 0xBB, 0xBF]) {
            skipHead(3)
            return .utf8WithMark
        }
        let bigEndian: Bool
        var markLength = 2
        if first.starts(with: [0xFF, 0xFE]) {
            bigEndian = false
        } else if first.starts(with: [0xFE, 0xFF]) {
            bigEndian = true
        } else if let guess = Self.unmarkedUTF16(first) {
            bigEndian = guess
            markLength = 0
        } else {
            return nil
        }
        let all = try readAll()
        var units: [UInt16] = []
        units.reserveCapacity(all.count / 2)
        var i = markLength
        while i + 1 < all.count {
            let (a, b) = (UInt16(all[i]), UInt16(all[i + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        replaceHead(with: Array(String(decoding: units, as: UTF16.self).utf8))
        return .utf16(bigEndian: bigEndian)
    }

    /// Whether `bytes` look like UTF-16 text without a mark: at least 16 bytes, and every
    /// byte in one of the two positions zero while the other position holds text. Returns
    /// true for big endian (zeros first), false for little endian.
    static func unmarkedUTF16(_ bytes: ArraySlice<UInt8>) -> Bool? {
        let usable = bytes.count & ~1
        guard usable >= 16 else { return nil }
        var zeros = (0, 0)
        var base = bytes.startIndex
        while base < bytes.startIndex + usable {
            if bytes[base] == 0 { zeros.0 += 1 }
            if bytes[base + 1] == 0 { zeros.1 += 1 }
            base += 2
        }
        let pairs = usable / 2
        if zeros.0 == pairs && zeros.1 == 0 { return true }
        if zeros.1 == pairs && zeros.0 == 0 { return false }
        return nil
    }
}
