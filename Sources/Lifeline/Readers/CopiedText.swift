/// Undoes what copying a log from a page does to its text, before a message is read:
///
/// - a Unicode space (see `Bytes.unicodeSpaceLength`), a zero-width one too, becomes a plain
///   space, and a byte order mark nothing: `Home\u{A0}viewDidLoad` is `Home viewDidLoad`;
/// - a Markdown backslash escape of punctuation becomes the punctuation, as a log written into
///   a README or an issue without a code block is escaped: `viewWillAppear(\_:)`,
///   `\<Feed.HomeViewController: 0x7f8e0c1a2b30\>`;
/// - an HTML entity for `<`, `>`, `&`, a quote or a no-break space becomes that character, as
///   a page that escapes its code twice shows it: `&lt;HomeViewController: 0x7f8e0c1a2b30&gt;`.
enum CopiedText {
    /// The text of `b[start..<end]` as printed, or nil when copying changed nothing in it.
    static func plain(_ b: Bytes, from start: Int, to end: Int) -> [UInt8]? {
        var i = start
        while i < end, change(b, at: i, end: end) == nil { i += 1 }
        guard i < end else { return nil }
        var plain = Array(b[start..<i])
        plain.reserveCapacity(end - start)
        while i < end {
            if let (length, replacement) = change(b, at: i, end: end) {
                if let replacement { plain.append(replacement) }
                i += length
            } else {
                plain.append(b[i])
                i += 1
            }
        }
        return plain
    }

    /// The length of the copied form at `i` and the byte it stands for (nil for nothing).
    @inline(__always)
    private static func change(_ b: Bytes, at i: Int, end: Int) -> (Int, UInt8?)? {
        let c = b[i]
        if c >= 0xC2 {
            let n = b.unicodeSpaceLength(at: i, end: end)
            guard n > 0 else { return nil }
            return (n, n == 3 && c == 0xEF ? nil : ASCII.space)
        }
        if c == 0x5C, i + 1 < end, escaped.contains(b[i + 1]) { return (2, b[i + 1]) }
        if c == 0x26 { return entity(b, at: i, end: end) }
        return nil
    }

    /// The punctuation Markdown escapes that a log prints: `` _ * [ ] < > ` | ! ``. Not `(` or
    /// `#`, which Swift source escapes in its strings (`"\(self) viewDidAppear"`), so that
    /// pasted code stays code.
    private static let escaped: Set<UInt8> = Set(Array("_*[]<>`|!".utf8))

    private static let entities: [(StaticString, UInt8)] = [
        ("&lt;", 0x3C), ("&gt;", 0x3E), ("&amp;", 0x26), ("&quot;", 0x22), ("&#39;", 0x27), ("&apos;", 0x27),
        ("&nbsp;", ASCII.space), ("&#160;", ASCII.space),
    ]

    private static func entity(_ b: Bytes, at i: Int, end: Int) -> (Int, UInt8?)? {
        for (name, byte) in entities where b.hasPrefix(name, at: i, end: end) {
            return (name.utf8CodeUnitCount, byte)
        }
        return nil
    }
}
