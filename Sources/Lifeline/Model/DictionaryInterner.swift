/// Each distinct argument or state dictionary once, named by a dense id in order of first sight;
/// id 0 is the empty dictionary. A dictionary is looked up by a byte encoding of its entries in
/// key order (each key and value with its length, each value with its kind), in a
/// `SymbolTable`: hashing those few bytes costs much less than hashing a `Dictionary`, which a
/// long session whose every screen is a new instance does for nearly every call.
struct DictionaryInterner: Sendable {
    private(set) var values: [[String: ArgValue]] = [[:]]
    private var encodings = SymbolTable(keepingStrings: false)
    private var scratch: [UInt8] = []

    subscript(id: UInt32) -> [String: ArgValue] { values[Int(id)] }

    mutating func id(_ value: [String: ArgValue]) -> UInt32 {
        guard !value.isEmpty else { return 0 }
        scratch.removeAll(keepingCapacity: true)
        if value.count == 1 {
            let (key, v) = value.first!
            DictionaryInterner.encode(key, v, into: &scratch)
        } else {
            for key in value.keys.sorted() { DictionaryInterner.encode(key, value[key]!, into: &scratch) }
        }
        // The table's ids start at 1, in order, as the values after the empty one do.
        let id = scratch.withUnsafeBytes { encodings.id($0) }
        if Int(id) == values.count { values.append(value) }
        return id
    }

    /// Appends the bytes of one entry: its key and value, each with its length, the value
    /// with its kind.
    static func encode(_ key: String, _ value: ArgValue, into out: inout [UInt8]) {
        text(key, into: &out)
        switch value {
        case .string(let s):
            out.append(1)
            text(s, into: &out)
        case .int(let i):
            out.append(2)
            word(UInt64(bitPattern: Int64(i)), into: &out)
        case .double(let d):
            out.append(3)
            word(d.bitPattern, into: &out)
        case .bool(let b): out.append(b ? 4 : 5)
        case .null: out.append(6)
        }
    }

    private static func text(_ s: String, into out: inout [UInt8]) {
        word(UInt64(s.utf8.count), into: &out)
        out.append(contentsOf: s.utf8)
    }

    private static func word(_ w: UInt64, into out: inout [UInt8]) {
        withUnsafeBytes(of: w.littleEndian) { out.append(contentsOf: $0) }
    }
}
