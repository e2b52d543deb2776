/// The events of a trace, held compactly: every string is interned once and each event is a
/// 32-byte row of ids (see `EventRow`). Reading an element builds a `TraceEvent` from the
/// tables, so code that works on `TraceEvent`s reads it like an array. Fast paths read the ids.
public struct EventList: Sendable, RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    package private(set) var symbols = SymbolTable()
    private var details = Interner(zero: EventDetail())
    private var extras = Interner(zero: EventExtras())
    private var dictionaries = DictionaryInterner()
    /// The canonical event of each symbol used as an event name; `unknownCanonical` otherwise.
    private var canonicalBySymbol: [UInt8] = []
    private var rows = ChunkedArray<EventRow>()
    /// Per state addition (an extras id and the values added, encoded as bytes): the extras id
    /// it gave.
    private var stateAdditions = SymbolTable(keepingStrings: false)
    private var stateAdditionResults: [UInt32] = [0]

    static let customEvent: UInt8 = 0xFE
    private static let unknownCanonical: UInt8 = 0xFF

    /// An empty list.
    public init() {}

    /// A list of these calls, in this order.
    public init(_ events: some Sequence<TraceEvent>) {
        for event in events { append(event) }
    }

    /// A list of these calls, in this order.
    public init(arrayLiteral events: TraceEvent...) { self.init(events) }

    /// The first call's index: 0.
    public var startIndex: Int { 0 }
    /// One past the last call's index: the number of calls.
    public var endIndex: Int { rows.count }

    /// The call at `index` (0-based; its `seq` is usually `index + 1`).
    public subscript(index: Int) -> TraceEvent {
        get { event(rows[index]) }
        set { rows[index] = row(for: newValue) }
    }

    /// Adds a call at the end.
    public mutating func append(_ event: TraceEvent) {
        rows.append(row(for: event))
    }

    // MARK: Ids, for fast paths

    /// The object id's symbol of the event at `index`.
    package func objectSymbol(at index: Int) -> SymbolTable.ID { rows[index].object }
    /// The event name's symbol of the event at `index`.
    package func eventSymbol(at index: Int) -> SymbolTable.ID { rows[index].event }
    package func seq(at index: Int) -> Int { Int(rows[index].seq) }
    package func time(at index: Int) -> Double? {
        let t = rows[index].time
        return t.isNaN ? nil : t
    }
    package func note(at index: Int) -> String? {
        let note = extras[rows[index].extras].note
        return note == 0 ? nil : symbols[note]
    }
    /// The arguments of the event at `index`, without building the whole event.
    package func args(at index: Int) -> [String: ArgValue] { dictionaries[extras[rows[index].extras].args] }
    /// An id shared by every event with the same arguments.
    package func argsID(at index: Int) -> UInt32 { extras[rows[index].extras].args }
    /// The state values of the event at `index`.
    package func state(at index: Int) -> [String: ArgValue] { dictionaries[extras[rows[index].extras].state] }

    /// Replaces the state values of the event at `index`, leaving the rest of it as it is.
    package mutating func setState(_ state: [String: ArgValue], at index: Int) {
        var extra = extras[rows[index].extras]
        extra.state = dictionaryID(state)
        rows[index].extras = extrasID(extra)
    }

    /// Adds state values to the event at `index`; the same additions to the same event text
    /// are worked out once.
    mutating func addState(_ added: [(String, ArgValue)], at index: Int, remembering: Bool = true) {
        if remembering {
            var key: [UInt8] = []
            withUnsafeBytes(of: rows[index].extras.littleEndian) { key.append(contentsOf: $0) }
            for (k, v) in added { DictionaryInterner.encode(k, v, into: &key) }
            let addition = Int(key.withUnsafeBytes { stateAdditions.id($0) })
            if addition < stateAdditionResults.count {
                rows[index].extras = stateAdditionResults[addition]
                return
            }
        }
        var state = self.state(at: index)
        for (k, v) in added { state[k] = v }
        setState(state, at: index)
        if remembering { stateAdditionResults.append(rows[index].extras) }
    }

    /// An id shared by every event with the same state values; 0 for none.
    package func stateID(at index: Int) -> UInt32 { extras[rows[index].extras].state }
    /// Whether the event at `index` carries state values.
    package func hasState(at index: Int) -> Bool { stateID(at: index) != 0 }
    package func canonical(at index: Int) -> CanonicalEvent? { canonical(ofSymbol: rows[index].event) }

    func canonical(ofSymbol symbol: SymbolTable.ID) -> CanonicalEvent? {
        let code = canonicalBySymbol[Int(symbol)]
        // A canonical event is stored as its case's position (`CanonicalEvent.ordinal`).
        return code < EventList.customEvent ? unsafeBitCast(code, to: CanonicalEvent.self) : nil
    }

    // MARK: Tables, for writers that reuse text per distinct value

    func detailID(at index: Int) -> UInt32 { rows[index].detail }
    func detail(_ id: UInt32) -> EventDetail { details[id] }
    func extrasID(at index: Int) -> UInt32 { rows[index].extras }
    /// Gives the event at `index` the arguments, state and note of another extras id.
    mutating func setExtrasID(_ id: UInt32, at index: Int) { rows[index].extras = id }
    func extras(_ id: UInt32) -> EventExtras { extras[id] }
    func dictionary(_ id: UInt32) -> [String: ArgValue] { dictionaries[id] }
    func line(at index: Int) -> Int { Int(rows[index].line) }
    func row(at index: Int) -> EventRow { rows[index] }
    var dictionaryCount: Range<Int> { 0..<dictionaries.values.count }
    var detailCount: Range<Int> { 0..<details.values.count }
    var extrasCount: Range<Int> { 0..<extras.values.count }

    // MARK: Building rows

    mutating func symbol(_ text: String?) -> SymbolTable.ID {
        guard let text else { return 0 }
        return symbols.id(text)
    }

    mutating func symbol(bytes: UnsafeRawBufferPointer) -> SymbolTable.ID { symbols.id(bytes) }

    mutating func eventSymbol(_ name: String) -> SymbolTable.ID {
        let id = symbols.id(name)
        noteEventName(id)
        return id
    }

    mutating func eventSymbol(bytes: UnsafeRawBufferPointer) -> SymbolTable.ID {
        let id = symbols.id(bytes)
        noteEventName(id)
        return id
    }

    private mutating func noteEventName(_ id: SymbolTable.ID) {
        let i = Int(id)
        if i >= canonicalBySymbol.count {
            canonicalBySymbol.append(
                contentsOf: repeatElement(EventList.unknownCanonical, count: i + 1 - canonicalBySymbol.count))
        }
        if canonicalBySymbol[i] == EventList.unknownCanonical {
            let canonical = CanonicalEvent(rawValue: symbols[id])
            canonicalBySymbol[i] = canonical.map { UInt8($0.ordinal) } ?? EventList.customEvent
        }
    }

    mutating func detailID(_ detail: EventDetail) -> UInt32 { details.id(detail) }
    mutating func extrasID(_ value: EventExtras) -> UInt32 { extras.id(value) }
    mutating func dictionaryID(_ value: [String: ArgValue]) -> UInt32 { value.isEmpty ? 0 : dictionaries.id(value) }

    mutating func append(row: EventRow) { rows.append(row) }

    /// Hands every row to `body` in order, freeing them as it goes.
    mutating func drainRows(_ body: (EventRow) -> Void) { rows.drain(body) }

    /// Drops the events and keeps the tables, for readers that stream.
    mutating func removeAllRows() { rows.removeAll() }

    /// The same tables with only the events `range`: a batch cut from a longer store.
    func batch(_ range: Range<Int>) -> EventList {
        var batch = self
        batch.rows.removeAll()
        for i in range { batch.rows.append(rows[i]) }
        return batch
    }

    private mutating func row(for e: TraceEvent) -> EventRow {
        let detail = EventDetail(
            className: symbol(e.className), address: symbol(e.address), thread: symbol(e.thread),
            file: symbol(e.source?.file))
        let extra = EventExtras(args: dictionaryID(e.args), state: dictionaryID(e.state), note: symbol(e.note))
        return EventRow(
            time: e.time ?? .nan, seq: UInt32(clamping: e.seq), object: symbols.id(e.object),
            event: eventSymbol(e.event),
            detail: detail == EventDetail() ? 0 : details.id(detail),
            extras: extra == EventExtras() ? 0 : extras.id(extra),
            line: UInt32(clamping: e.source?.line ?? 0))
    }

    private func event(_ row: EventRow) -> TraceEvent {
        let detail = details[row.detail]
        let extra = extras[row.extras]
        return TraceEvent(
            seq: Int(row.seq), object: symbols[row.object], event: symbols[row.event],
            canonical: canonical(ofSymbol: row.event),
            className: text(detail.className), address: text(detail.address),
            time: row.time.isNaN ? nil : row.time, thread: text(detail.thread),
            args: dictionaries[extra.args], state: dictionaries[extra.state], note: text(extra.note),
            source: detail.file == 0 && row.line == 0
                ? nil : TraceLocation(file: symbols[detail.file], line: Int(row.line)))
    }

    @inline(__always) private func text(_ id: SymbolTable.ID) -> String? { id == 0 ? nil : symbols[id] }
}
