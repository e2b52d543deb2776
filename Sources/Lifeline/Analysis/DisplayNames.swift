/// Short names for people: `HomeViewController` when the trace has one instance of the class,
/// `HomeViewController#2` when it has several. Ids stay unique either way.
package struct DisplayNames: Sendable {
    private var names: [String: String] = [:]

    package init(_ trace: Trace) {
        var collector = Collector()
        collector.note(trace.events, trace.events.indices)
        self.init(ids: collector.ids)
    }

    /// Names the instance ids `ids`.
    init(ids: Set<String>) {
        let classes = ids.map { ($0, DisplayNames.className(of: $0)) }
        var perClass: [String: Int] = [:]
        perClass.reserveCapacity(classes.count)
        for (_, cls) in classes { perClass[cls, default: 0] += 1 }
        // Only names that differ from their id are kept: an id not here is shown as itself.
        for (id, cls) in classes where perClass[cls] == 1 && cls != id {
            names[id] = cls
        }
    }

    /// The ids that calls name, as objects or in their arguments and state, collected a few
    /// calls at a time (see `CallTally`).
    struct Collector {
        private(set) var ids = Set<String>()
        private var seenObject: [Bool] = []
        /// Argument and state sets share one table of dictionaries, so one flag per id serves.
        private var seenValues: [Bool] = []

        /// Notes the ids named by the calls `range` of `events`.
        mutating func note(_ events: EventList, _ range: Range<Int>) {
            if seenObject.count < events.symbols.count {
                seenObject += repeatElement(false, count: events.symbols.count - seenObject.count)
            }
            if seenValues.count < events.dictionaryCount.count {
                seenValues += repeatElement(false, count: events.dictionaryCount.count - seenValues.count)
            }
            for i in range { note(events, i) }
        }

        /// Notes the ids named by call `i`; `note(_:_:)` sized the tables for it.
        @inline(__always) mutating func note(_ events: EventList, _ i: Int) {
            let object = Int(events.objectSymbol(at: i))
            if !seenObject[object] {
                seenObject[object] = true
                ids.insert(events.symbols[SymbolTable.ID(object)])
            }
            let args = events.argsID(at: i), state = events.stateID(at: i)
            if firstSight(args) { note(events.args(at: i)) }
            if firstSight(state) { note(events.state(at: i)) }
        }

        private mutating func firstSight(_ id: UInt32) -> Bool {
            guard id != 0, !seenValues[Int(id)] else { return false }
            seenValues[Int(id)] = true
            return true
        }

        private mutating func note(_ values: [String: ArgValue]) {
            for value in values.values {
                if case .string(let s) = value, DisplayNames.isInstanceId(s) { ids.insert(s) }
            }
        }
    }

    package subscript(id: String) -> String { names[id] ?? id }

    /// Shows a value, shortening it when it is an instance id.
    package func show(_ value: ArgValue) -> String {
        if case .string(let s) = value { return self[s] }
        return value.description
    }

    /// Whether `s` is an instance id, `Name#digits` (ASCII digits, a non-empty name). Read on
    /// UTF-8 bytes: a walk over a long trace asks this of most arguments.
    static func isInstanceId(_ s: String) -> Bool {
        let bytes = s.utf8
        guard let hash = bytes.lastIndex(of: UInt8(ascii: "#")), hash != bytes.startIndex else { return false }
        let digits = bytes[bytes.index(after: hash)...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    static func className(of id: String) -> String {
        guard isInstanceId(id), let hash = id.lastIndex(of: "#") else { return id }
        return String(id[..<hash])
    }
}
