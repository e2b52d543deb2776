extension TraceDiff {
    /// The rows of a comparison, kept in 8 bytes each (the few changed and moved rows keep
    /// their texts aside), so comparing two long traces holds little beyond the traces.
    package struct Rows: RandomAccessCollection, Sendable {
        /// The row's kind in the top three bits of `kindAndA`, A's index + 1 below them.
        private struct Packed: Sendable {
            var kindAndA: UInt32
            var b: Int32

            init(kind: UInt8, a: Int32, b: Int32) {
                kindAndA = UInt32(kind) << 29 | UInt32(a + 1)
                self.b = b
            }

            var kind: UInt8 { UInt8(kindAndA >> 29) }
            var a: Int32 { Int32(kindAndA & 0x1FFF_FFFF) - 1 }
        }

        private var packed: [Packed] = []
        private var texts: [Int: [String]] = [:]

        init() {}

        package var startIndex: Int { 0 }
        package var endIndex: Int { packed.count }

        package subscript(index: Int) -> Row {
            let p = packed[index]
            let a = Int(p.a), b = Int(p.b)
            switch p.kind {
            case 0: return .same(a: a, b: b)
            case 1: return .changed(a: a, b: b, differences: texts[index] ?? [])
            case 2: return .missing(a: a)
            case 3: return .extra(b: b)
            case 4: return .movedFrom(a: a, b: b)
            default: return .movedTo(a: a, b: b, anchor: texts[index]?.first ?? "moved")
            }
        }

        /// A's and B's index of an unchanged row; nil for other rows.
        @inline(__always) func same(_ index: Int) -> (a: Int, b: Int)? {
            let p = packed[index]
            return p.kind == 0 ? (Int(p.a), Int(p.b)) : nil
        }

        /// Turns the rows round, last first.
        mutating func reverse() {
            packed.reverse()
            let last = packed.count - 1
            texts = Dictionary(uniqueKeysWithValues: texts.map { (last - $0.key, $0.value) })
        }

        /// B's index of a row that stayed in place (same or changed), nil for other rows.
        func stayedB(_ index: Int) -> Int? {
            let p = packed[index]
            return p.kind <= 1 ? Int(p.b) : nil
        }

        /// Puts `row` in place of the row at `index`.
        mutating func replace(_ index: Int, with row: Row) {
            var one = Rows()
            one.append(row)
            packed[index] = one.packed[0]
            texts[index] = one.texts[0]
        }

        mutating func append(_ row: Row) {
            switch row {
            case .same(let a, let b): packed.append(Packed(kind: 0, a: Int32(a), b: Int32(b)))
            case .changed(let a, let b, let differences):
                texts[packed.count] = differences
                packed.append(Packed(kind: 1, a: Int32(a), b: Int32(b)))
            case .missing(let a): packed.append(Packed(kind: 2, a: Int32(a), b: -1))
            case .extra(let b): packed.append(Packed(kind: 3, a: -1, b: Int32(b)))
            case .movedFrom(let a, let b): packed.append(Packed(kind: 4, a: Int32(a), b: Int32(b)))
            case .movedTo(let a, let b, let anchor):
                texts[packed.count] = [anchor]
                packed.append(Packed(kind: 5, a: Int32(a), b: Int32(b)))
            }
        }
    }
}

extension TraceDiff {
    /// Event indexes kept in 4 bytes each, or in none when every event is kept.
    package struct Indexes: RandomAccessCollection, Sendable {
        private var storage: [Int32]?
        private let total: Int

        init(_ indexes: some Sequence<Int>, of count: Int) {
            let list = indexes.map { Int32($0) }
            storage = list.count == count ? nil : list
            total = list.count
        }

        /// Indexes already listed.
        init(_ list: [Int32], of count: Int) {
            storage = list.count == count ? nil : list
            total = list.count
        }

        package var startIndex: Int { 0 }
        package var endIndex: Int { total }
        package subscript(position: Int) -> Int {
            guard let storage else { return position }
            return Int(storage[position])
        }
    }
}
