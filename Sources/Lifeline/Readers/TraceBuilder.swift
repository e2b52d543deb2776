/// Collects calls from a reader into a `Trace`: assigns `seq`, resolves identities, makes
/// times relative to the first timed event, and keeps the reader's diagnostics.
package struct TraceBuilder {
    package internal(set) var trace: Trace
    var resolver = IdentityResolver()
    private var firstTime: Double?
    /// Hands the events to a sink in batches, when the trace is streamed.
    private var batcher: EventBatcher?
    package internal(set) var eventCount = 0
    var fileSymbol: SymbolTable.ID = 0
    var recentThread = RecentKey()
    /// Per call template met, its names as symbols (see `add(_:addresses:…)`).
    /// Per call template, by its object's address, its place in `templateSymbolList`.
    var templateSymbolPlaces = IdMap()
    var templateSymbolList: [TemplateSymbols] = []
    /// The argument shapes of templates with one object argument (`CallTemplate.objectArgShape`).
    var objectArgShapes = SymbolTable(keepingStrings: false)
    /// By argument shape (high half) and the object argument's instance (low half), the
    /// extras of recent calls: a tab bar's `shouldSelect` and `didSelect` of a new instance
    /// name the same arguments a few lines apart, which are then made and interned once.
    var objectArgExtras = RecentIds()
    /// Calls whose start was logged, waiting for the line that logs their end.
    var openCalls = OpenCalls()
    /// By object symbol, whether the object has been on screen (see `renewIfLoadedAgain`), and
    /// by event symbol whether it is an appearance call (0 not known yet, 1 no, 2 yes); kept
    /// only while some object has no address.
    var beenOnScreen: [Bool] = []
    var appearanceOfEvent: [UInt8] = []
    /// The object and event of the last call added, when it was a load call logged plainly
    /// (see `isRecordOfLoad`).
    var plainLoad: (object: SymbolTable.ID, event: SymbolTable.ID)? = nil
    /// The latest load calls logged plainly, by object and event symbol (see `RecentLoads`).
    var recentLoads = RecentLoads<UInt64>()
    /// The process (`App[1105`) of the last line that named one (see `noteProcess`).
    var lastProcess: [UInt8] = []
    /// Whether the next call is the first of the app launched again.
    var launchedAgain = false
    /// For controllers known by name alone (see `sibling(for:event:)`): by instance, its
    /// appearance state's code; by event symbol, the code of the state it moves to (0 none,
    /// 0xFF not told yet); by object symbol, its instance (-1 none, -2 not told yet).
    var siblingStates: [Int32: UInt8] = [:]
    var appearanceTargets: [UInt8] = []
    var instanceOfObject: [Int32] = []

    package init(source: String, sink: ((EventList) -> Void)? = nil, derivingState: Bool = true) {
        self.init(source: source, sink: sink, derivingState: derivingState, batchSize: nil)
    }

    init(source: String, sink: ((EventList) -> Void)?, derivingState: Bool, batchSize: Int?, leastBatch: Int = 4096) {
        trace = Trace(source: source)
        batcher = sink.map {
            EventBatcher(sink: $0, derivesState: derivingState, batchSize: batchSize, leastBatch: leastBatch)
        }
    }

    private mutating func append(_ event: TraceEvent) {
        plainLoad = nil
        eventCount += 1
        var event = event
        if resolver.hasNamedAlone {
            let object = trace.events.symbol(event.object)
            let chosen = sibling(for: object, event: trace.events.eventSymbol(event.event))
            if chosen != object { event.object = trace.events.symbols[chosen] }
        }
        trace.events.append(event)
        if resolver.hasUnaddressed {
            let last = trace.events.count - 1
            noteOnScreen(object: trace.events.objectSymbol(at: last), event: trace.events.eventSymbol(at: last))
        }
        batcher?.added(to: &trace.events)
    }

    package mutating func warn(_ rule: String, _ message: String, line: Int?) {
        trace.diagnostics.append(
            Diagnostic(.warning, rule, message, at: line.map { TraceLocation(file: trace.source, line: $0) }))
    }

    package mutating func uikitWarning(_ text: String, line: Int?) {
        let location = line.map { TraceLocation(file: trace.source, line: $0) }
        trace.findings.append(Diagnostic(.warning, "uikit-warning", text, at: location))
    }

    /// A time as seconds since the first timed call.
    mutating func relative(_ t: Double?) -> Double? {
        guard let t else { return nil }
        let first = firstTime ?? t
        firstTime = first
        return t - first
    }

    /// Adds a call read from a log; its time is in seconds on any fixed clock.
    package mutating func add(_ call: RawCall, line: Int?) {
        // The end of a call whose start was logged is that call, not a second one.
        if call.phase != nil || !openCalls.isEmpty, openCalls.note(call, line: line ?? 0) != nil { return }
        // Before a second load makes a new controller: the end of a load read plainly is that load.
        if endsRecentLoad(call, line: line ?? 0) { return }
        renewIfLoadedAgain(call.canonical, of: call.object)
        let r = resolve(call)
        if call.remarks, plainLoad != nil, let o = trace.events.symbols.existing(r.object),
            let e = trace.events.symbols.existing(r.event), isRecordOfLoad(object: o, event: e)
        {
            return
        }
        let event = TraceEvent(
            seq: eventCount + 1, object: r.object, event: r.event, className: r.className, address: r.address,
            time: relative(call.time), thread: call.thread, args: r.args, note: call.note,
            source: line.map { TraceLocation(file: trace.source, line: $0) })
        append(event)
        // Looked up by name: a streamed batch may have taken the row away already.
        if TraceBuilder.isLoad(call.canonical), !call.remarks, let o = trace.events.symbols.existing(r.object),
            let e = trace.events.symbols.existing(r.event)
        {
            plainLoad = (o, e)
            if call.phase == nil { recentLoads.note(TraceBuilder.loadKey(o, e), line: line ?? 0) }
        }
        forgetIfGone(call, instance: r.instance)
    }

    /// Adds an event that a fast reader builds straight into the store (the native format);
    /// `make` returns nil to decline the line. Returns whether it added one.
    mutating func addRow(_ make: (inout EventList) -> EventRow?) -> Bool {
        guard var row = make(&trace.events) else { return false }
        eventCount += 1
        row.seq = UInt32(clamping: eventCount)
        appendRow(row)
        return true
    }

    @inline(__always) mutating func appendRow(_ row: EventRow) {
        plainLoad = nil
        var row = row
        if launchedAgain { markLaunch(&row) }
        if resolver.hasNamedAlone { row.object = sibling(for: row.object, event: row.event) }
        trace.events.append(row: row)
        if resolver.hasUnaddressed { noteOnScreen(object: row.object, event: row.event) }
        batcher?.added(to: &trace.events)
    }

    /// Adds an event that already carries its identity (the native format).
    package mutating func add(resolved event: TraceEvent) {
        var event = event
        event.seq = eventCount + 1
        append(event)
    }

    /// Whether `call` logs the end of a load call read plainly a little before (see
    /// `RecentLoads`), its object resolved as it is now, before a second load could make it a
    /// new controller.
    mutating func endsRecentLoad(_ call: RawCall, line: Int) -> Bool {
        guard call.phase == .end, TraceBuilder.isLoad(call.canonical), !recentLoads.isEmpty else { return false }
        let r = resolve(call)
        guard let o = trace.events.symbols.existing(r.object), let e = trace.events.symbols.existing(r.event) else {
            return false
        }
        return recentLoads.end(line: line, where: { $0 == TraceBuilder.loadKey(o, e) }) != nil
    }

    /// A load call's key in `recentLoads`: its object's and its event's symbols.
    static func loadKey(_ object: SymbolTable.ID, _ event: SymbolTable.ID) -> UInt64 {
        UInt64(object) << 32 | UInt64(event)
    }

    /// Takes in what `later` read from the lines after this builder's, `lines` lines on: its
    /// events follow these, and its messages point at their lines in the whole file.
    mutating func append(_ later: consuming TraceBuilder, afterLines lines: Int) {
        plainLoad = nil
        recentLoads.removeAll()
        let start = trace.events.count
        trace.events.append(contentsOf: &later.trace.events, seqOffset: eventCount)
        eventCount += later.eventCount
        batcher?.appended(to: &trace.events, from: start)
        func shifted(_ d: Diagnostic) -> Diagnostic {
            var d = d
            if let line = d.location?.line { d.location = TraceLocation(file: trace.source, line: line + lines) }
            return d
        }
        trace.diagnostics += later.trace.diagnostics.map(shifted)
        trace.findings += later.trace.findings.map(shifted)
    }

    /// Adds a reading warning met `lines` lines further on in the file.
    mutating func append(_ warning: Diagnostic, afterLines lines: Int) {
        var d = warning
        if let line = d.location?.line { d.location = TraceLocation(file: trace.source, line: line + lines) }
        trace.diagnostics.append(d)
    }

    /// The trace; when streaming, the last batch goes to the sink first, and the trace keeps
    /// no events.
    package func finish() -> Trace {
        guard let batcher else { return trace }
        var rest = trace
        batcher.finish(&rest.events)
        return rest
    }
}
