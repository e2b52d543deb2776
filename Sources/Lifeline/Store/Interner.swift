/// Each distinct value once, named by a dense integer id in order of first sight. Id 0 is the
/// value given at creation (an empty or "none" value).
struct Interner<Value: Hashable & Sendable>: Sendable {
    private(set) var values: [Value]
    private var ids: [Value: UInt32]

    init(zero: Value) {
        values = [zero]
        ids = [zero: 0]
    }

    subscript(id: UInt32) -> Value { values[Int(id)] }

    mutating func id(_ value: Value) -> UInt32 {
        if let known = ids[value] { return known }
        let id = UInt32(values.count)
        values.append(value)
        ids[value] = id
        return id
    }
}

/// An append-only array kept in fixed-size chunks: growing never copies what is stored, so
/// memory stays at what the elements take (no doubling).
struct ChunkedArray<Element: Sendable>: Sendable {
    private static var shift: Int { 16 }
    private static var chunkSize: Int { 1 << shift }
    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    @inline(__always) subscript(index: Int) -> Element {
        get { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] }
        set { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] = newValue }
    }

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    mutating func removeAll() {
        chunks = []
        count = 0
    }

    /// Hands each element to `body` in order, freeing each chunk once it is done, and leaves
    /// the array empty: copying one big array into another never holds both whole.
    mutating func drain(_ body: (Element) -> Void) {
        var chunks: [[Element]] = []
        swap(&chunks, &self.chunks)
        count = 0
        chunks.reverse()
        while let chunk = chunks.popLast() {
            for element in chunk { body(element) }
        }
    }
}
