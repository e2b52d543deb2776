/// An escaper whose special characters are all ASCII: it walks a text's UTF-8 bytes and
/// copies the bytes of other scalars as they are. Each escaper gives its rule for one byte.
protocol ASCIIEscaper {
    /// What an empty text becomes.
    static var empty: StaticString { get }
    /// Appends byte `i` of `bytes`, escaped (the bytes around it decide some cases).
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, to out: inout [UInt8])
}

extension ASCIIEscaper {
    static func escaped(_ input: String) -> String {
        var out: [UInt8] = []
        append(input, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The escaped text as UTF-8, appended to `out`.
    static func append(_ input: String, to out: inout [UInt8]) {
        guard !input.isEmpty else { return out.append(empty) }
        appendEscaped(input, to: &out)
    }

    /// Like `append`, but an empty input gives nothing: for a part of a longer label whose
    /// joins no escape spans (it starts and ends next to a space).
    static func appendEscaped(_ input: String, to out: inout [UInt8]) {
        var input = input
        input.withUTF8 { bytes in
            for i in bytes.indices { escape(bytes, at: i, to: &out) }
        }
    }
}
