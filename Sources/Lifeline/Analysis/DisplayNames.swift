/// Short names for people: `HomeViewController` when the trace has one instance of the class,
/// `HomeViewController#2` when it has several. Ids stay unique either way.
package struct DisplayNames: Sendable {
    /// The ids whose name differs from the id, and each one's name. An id not here is shown as
    /// itself. A table, not a dictionary: a long session has an id per screen, and every one is
    /// looked up.
    private var shortened = SymbolTable()
    private var names: [String] = [""]

    package init(_ trace: Trace) {
        var collector = Collector()
        collector.note(trace.events, trace.events.indices)
        self.init(ids: collector.ids)
    }

    /// Names the instance ids `ids`.
    init(ids: some Sequence<String>) {
        let ids = Array(ids)
        for (id, name) in zip(ids, DisplayNames.shown(ids)) where name != id {
            if Int(shortened.id(id)) == names.count { names.append(name) }
        }
    }

    /// The ids that calls name, as objects or in their arguments and state, collected a few
    /// calls at a time (see `CallTally`).
    struct Collector {
        /// The ids, each once, in the order first noted.
        private(set) var ids: [String] = []
        /// Per symbol of the store, its text's place in `ids`, -1 when not noted: most ids
        /// are objects, whose symbols are at hand, so they are told apart without hashing
        /// their text.
        private var placeOfSymbol: [Int32] = []
        /// The ids noted that the store had no symbol for when they were noted, and each
        /// one's place in `ids`.
        private var seenText = SymbolTable(keepingStrings: false)
        private var placeOfText: [Int32] = [-1]
        /// Argument and state sets share one table of dictionaries, so one flag per id serves.
        private var seenValues: [Bool] = []

        /// Notes the ids named by the calls `range` of `events`.
        mutating func note(_ events: EventList, _ range: Range<Int>) {
            if placeOfSymbol.count < events.symbols.count {
                placeOfSymbol += repeatElement(-1, count: events.symbols.count - placeOfSymbol.count)
            }
            if seenValues.count < events.dictionaryCount.count {
                seenValues += repeatElement(false, count: events.dictionaryCount.count - seenValues.count)
            }
            for i in range { note(events, i) }
        }

        /// Notes the ids named by call `i`; `note(_:_:)` sized the tables for it.
        @inline(__always) mutating func note(_ events: EventList, _ i: Int) {
            insert(symbol: events.objectSymbol(at: i), events)
            let args = events.argsID(at: i), state = events.stateID(at: i)
            if firstSight(args) { note(events.args(at: i), events) }
            if firstSight(state) { note(events.state(at: i), events) }
        }

        /// Notes the text of `symbol`, unless it was noted, by its symbol or as text.
        private mutating func insert(symbol: SymbolTable.ID, _ events: EventList) {
            guard placeOfSymbol[Int(symbol)] < 0 else { return }
            let id = events.symbols[symbol]
            if seenText.count > 1, let text = seenText.existing(id) {
                placeOfSymbol[Int(symbol)] = placeOfText[Int(text)]
                return
            }
            placeOfSymbol[Int(symbol)] = Int32(ids.count)
            ids.append(id)
        }

        private mutating func insert(_ id: String, _ events: EventList) {
            if let symbol = events.symbols.existing(id) {
                insert(symbol: symbol, events)
            } else {
                let known = seenText.count
                if Int(seenText.id(id)) == known {
                    placeOfText.append(Int32(ids.count))
                    ids.append(id)
                }
            }
        }

        private mutating func firstSight(_ id: UInt32) -> Bool {
            guard id != 0, !seenValues[Int(id)] else { return false }
            seenValues[Int(id)] = true
            return true
        }

        private mutating func note(_ values: [String: ArgValue], _ events: EventList) {
            for value in values.values {
                if case .string(let s) = value, DisplayNames.isInstanceId(s) { insert(s, events) }
            }
        }

        /// The display name of every id noted, as `DisplayNames` shows it, found by symbol.
        func shownNames() -> ShownNames {
            ShownNames(
                placeOfSymbol: placeOfSymbol, seenText: seenText, placeOfText: placeOfText,
                names: DisplayNames.shown(ids))
        }
    }

    /// Each of `ids` as `DisplayNames(ids:)` shows it (which is built from this): an instance id as its class alone when
    /// it is its class's only id, else as itself: for summaries that show them all, with no
    /// table to look each one up in.
    static func shown(_ ids: [String]) -> [String] {
        var classes = SymbolTable(keepingStrings: false)
        var counts: [Int] = [0]
        var classOf = [Int32](repeating: 0, count: ids.count)
        var hashOf = [Int32](repeating: -1, count: ids.count)
        for (i, id) in ids.enumerated() {
            // An id that is not an instance id counts as its own class, so `Home#1` is not
            // shortened to the `Home` another id already is.
            var id = id
            let k = id.withUTF8 { b in
                let hash = instanceHash(bytes: b)
                hashOf[i] = Int32(hash ?? -1)
                return classes.id(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[..<(hash ?? b.count)]))
            }
            if Int(k) == counts.count { counts.append(0) }
            counts[Int(k)] += 1
            classOf[i] = Int32(k)
        }
        return ids.indices.map { i in
            counts[Int(classOf[i])] == 1 && hashOf[i] >= 0 ? className(of: ids[i], hash: Int(hashOf[i])) : ids[i]
        }
    }

    package subscript(id: String) -> String {
        guard names.count > 1 else { return id }
        return shortened.existing(id).map { names[Int($0)] } ?? id
    }

    /// Names that show each id as itself.
    package static let unshortened = DisplayNames(ids: [])

    /// Shows a value, shortening it when it is an instance id.
    package func show(_ value: ArgValue) -> String {
        if case .string(let s) = value { return self[s] }
        return value.description
    }

    /// Whether `s` is an instance id, `Name#digits` (ASCII digits, a non-empty name). Read on
    /// UTF-8 bytes: a walk over a long trace asks this of most arguments.
    static func isInstanceId(_ s: String) -> Bool { instanceHash(s) != nil }

    /// The UTF-8 offset of the `#` of an instance id, nil when `s` is not one.
    static func instanceHash(_ s: String) -> Int? {
        s.utf8.withContiguousStorageIfAvailable(instanceHash(bytes:)) ?? instanceHash(bytes: Array(s.utf8))
    }

    /// The offset of the `#` before the digits that end `b`, when there are digits and a name.
    private static func instanceHash(bytes b: UnsafeBufferPointer<UInt8>) -> Int? {
        var k = b.count
        while k > 0, b[k - 1] >= UInt8(ascii: "0"), b[k - 1] <= UInt8(ascii: "9") { k -= 1 }
        guard k < b.count, k >= 2, b[k - 1] == UInt8(ascii: "#") else { return nil }
        return k - 1
    }

    private static func instanceHash(bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer(instanceHash(bytes:)) }

    static func className(of id: String) -> String {
        guard let hash = instanceHash(id) else { return id }
        return className(of: id, hash: hash)
    }

    /// The class of instance id `id`, whose `#` is at UTF-8 offset `hash`.
    private static func className(of id: String, hash: Int) -> String {
        String(decoding: id.utf8.prefix(hash), as: UTF8.self)
    }
}

/// The display names of the ids a tally noted, by their symbols in the store (see
/// `DisplayNames.Collector`): a long session's summary names every object once, and each
/// transition's controllers again. A class, so that the threads and closures that write a
/// summary's lines share it with one reference count instead of one per table.
package final class ShownNames: Sendable {
    let placeOfSymbol: [Int32]
    let seenText: SymbolTable
    let placeOfText: [Int32]
    let names: [String]

    init(placeOfSymbol: [Int32], seenText: SymbolTable, placeOfText: [Int32], names: [String]) {
        self.placeOfSymbol = placeOfSymbol
        self.seenText = seenText
        self.placeOfText = placeOfText
        self.names = names
    }

    /// How the id with this symbol of `symbols` is shown.
    package func name(of symbol: SymbolTable.ID, in symbols: SymbolTable) -> String {
        if Int(symbol) < placeOfSymbol.count, case let place = placeOfSymbol[Int(symbol)], place >= 0 {
            return names[Int(place)]
        }
        let id = symbols[symbol]
        if seenText.count > 1, let text = seenText.existing(id) { return names[Int(placeOfText[Int(text)])] }
        return id
    }
}
