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
/// memory stays at what the elements take (no doubling). The chunks are allocated by hand, so
/// reading an element is two pointer loads with no reference counting; a copy that is changed
/// copies the chunks first (copy on write).
struct ChunkedArray<Element: BitwiseCopyable>: Sendable {
    private var storage = ChunkStorage<Element>()

    init() {}

    var count: Int { storage.count }

    @inline(__always) subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < storage.count, "index out of range")
            return storage.table[index >> ChunkStorage<Element>.shift][index & ChunkStorage<Element>.mask]
        }
        set {
            precondition(index >= 0 && index < storage.count, "index out of range")
            makeUnique()
            storage.table[index >> ChunkStorage<Element>.shift][index & ChunkStorage<Element>.mask] = newValue
        }
    }

    @inline(__always) mutating func append(_ element: Element) {
        makeUnique()
        storage.append(element)
    }

    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    mutating func removeAll() { storage = ChunkStorage() }

    /// Hands each element to `body` in order, freeing each chunk once it is done, and leaves
    /// the array empty: copying one big array into another never holds both whole.
    mutating func drain(_ body: (Element) -> Void) {
        var taken = ChunkStorage<Element>()
        swap(&taken, &storage)
        let unique = isKnownUniquelyReferenced(&taken)
        taken.forEachChunk(freeing: unique) { chunk in
            for element in chunk { body(element) }
        }
    }
}

/// The chunks of a `ChunkedArray`.
final class ChunkStorage<Element: BitwiseCopyable>: @unchecked Sendable {
    static var shift: Int { 16 }
    static var mask: Int { (1 << shift) - 1 }
    /// One pointer per chunk; every chunk holds `1 << shift` elements.
    private(set) var table: UnsafeMutablePointer<UnsafeMutablePointer<Element>>
    private var tableCapacity = 4
    private var chunkCount = 0
    private(set) var count = 0

    init() { table = .allocate(capacity: tableCapacity) }

    deinit {
        for k in 0..<chunkCount { table[k].deallocate() }
        table.deallocate()
    }

    @inline(__always) func append(_ element: Element) {
        if count >> Self.shift == chunkCount { addChunk() }
        (table[count >> Self.shift] + (count & Self.mask)).initialize(to: element)
        count += 1
    }

    private func addChunk() {
        if chunkCount == tableCapacity {
            let bigger = UnsafeMutablePointer<UnsafeMutablePointer<Element>>.allocate(capacity: tableCapacity * 2)
            bigger.moveInitialize(from: table, count: chunkCount)
            table.deallocate()
            table = bigger
            tableCapacity *= 2
        }
        (table + chunkCount).initialize(to: .allocate(capacity: 1 << Self.shift))
        chunkCount += 1
    }

    func copy() -> ChunkStorage {
        let copy = ChunkStorage()
        forEachChunk(freeing: false) { chunk in
            for element in chunk { copy.append(element) }
        }
        return copy
    }

    /// Hands each chunk's elements to `body` in order; with `freeing`, frees each chunk after
    /// it and leaves the storage empty.
    func forEachChunk(freeing: Bool, _ body: (UnsafeBufferPointer<Element>) -> Void) {
        for k in 0..<chunkCount {
            let size = min(1 << Self.shift, count - (k << Self.shift))
            body(UnsafeBufferPointer(start: table[k], count: size))
            if freeing { table[k].deallocate() }
        }
        if freeing {
            chunkCount = 0
            count = 0
        }
    }
}
