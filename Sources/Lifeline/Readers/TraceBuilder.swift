/// Collects calls from a reader into a `Trace`: assigns `seq`, resolves identities, makes
/// times relative to the first timed event, and keeps the reader's diagnostics.
package struct TraceBuilder {
    package private(set) var trace: Trace
    private var resolver = IdentityResolver()
    private var firstTime: Double?
    /// When set, the events go here in batches, in order, with their derived state: a store
    /// whose rows are the batch and whose tables hold every id so far. The builder keeps only
    /// the tables, so memory stays flat however long the input.
    private var sink: ((EventList) -> Void)?
    /// Whether `sink` is set; checked per event, where unwrapping the closure would retain it.
    private let streaming: Bool
    /// Whether a streamed event's state is derived as it is added.
    private let derivesState: Bool
    /// The events a batch for the sink holds; nil for at least `leastBatch` and at least as
    /// many as the symbol table (tests make batches of a few events).
    private let batchSize: Int?
    private let leastBatch: Int
    private var deriver = StateDeriver()
    package private(set) var eventCount = 0
    private var fileSymbol: SymbolTable.ID = 0
    private var recentThread = RecentKey()

    package init(source: String, sink: ((EventList) -> Void)? = nil, derivingState: Bool = true) {
        self.init(source: source, sink: sink, derivingState: derivingState, batchSize: nil)
    }

    init(source: String, sink: ((EventList) -> Void)?, derivingState: Bool, batchSize: Int?, leastBatch: Int = 4096) {
        trace = Trace(source: source)
        self.leastBatch = leastBatch
        self.sink = sink
        streaming = sink != nil
        derivesState = derivingState
        self.batchSize = batchSize
    }

    private mutating func append(_ event: TraceEvent) {
        eventCount += 1
        trace.events.append(event)
        streamLast()
    }

    /// Derives the newest event's state and, when a batch is full, hands the batch to the
    /// sink, if there is one. A batch is at least as long as the symbol table, so the copies
    /// of the tables that a kept batch may cost stay linear in the input.
    private mutating func streamLast() {
        guard streaming else { return }
        if derivesState { deriver.apply(to: &trace.events, at: trace.events.count - 1) }
        if trace.events.count >= batchLimit(symbols: trace.events.symbols.count) {
            sink?(trace.events)
            trace.events.removeAllRows()
        }
    }

    /// The events a batch holds, with `symbols` ids in the tables.
    private func batchLimit(symbols: Int) -> Int { batchSize ?? max(leastBatch, symbols) }

    /// Hands the events from `start` on, added at once, to the sink in batches, their state
    /// derived first.
    private mutating func streamAppended(from start: Int) {
        if derivesState {
            for i in start..<trace.events.count { deriver.apply(to: &trace.events, at: i) }
        }
        let all = trace.events
        trace.events.removeAllRows()
        let size = batchLimit(symbols: all.symbols.count)
        for first in stride(from: 0, to: all.count, by: size) {
            sink?(all.batch(first..<min(all.count, first + size)))
        }
    }

    package mutating func warn(_ rule: String, _ message: String, line: Int?) {
        trace.diagnostics.append(
            Diagnostic(.warning, rule, message, at: line.map { TraceLocation(file: trace.source, line: $0) }))
    }

    package mutating func uikitWarning(_ text: String, line: Int?) {
        let location = line.map { TraceLocation(file: trace.source, line: $0) }
        trace.findings.append(Diagnostic(.warning, "uikit-warning", text, at: location))
    }

    /// A call's identities and names as resolved for one event.
    private struct ResolvedCall {
        var object: String
        var event: String
        var className: String?
        var address: String?
        var args: [String: ArgValue]
    }

    private mutating func resolve(_ call: RawCall) -> ResolvedCall {
        let canonical = call.canonical
        let ref = call.object ?? TraceBuilder.implicitObject(for: canonical)
        let object = ref.map { resolver.resolve($0) } ?? IdentityResolver.unknownObject
        var args: [String: ArgValue] = [:]
        for (key, value) in call.args {
            switch value {
            case .value(let v): args[key] = v
            case .object(let r): args[key] = .string(resolver.resolve(r))
            }
        }
        return ResolvedCall(
            object: object, event: canonical?.rawValue ?? TraceBuilder.customName(call.method),
            className: ref?.name == IdentityResolver.unknownObject ? nil : ref?.name,
            address: ref?.address ?? resolver.addressById[object], args: args)
    }

    private mutating func relative(_ t: Double?) -> Double? {
        guard let t else { return nil }
        if firstTime == nil { firstTime = t }
        return t - firstTime!
    }

    private mutating func forgetIfGone(_ call: RawCall, object: String) {
        guard call.canonical == .`deinit`, let ref = call.object ?? TraceBuilder.implicitObject(for: call.canonical) else { return }
        resolver.forget(ref, id: object)
    }

    /// Adds a call read from a log. `absoluteTime` is in seconds on any fixed clock.
    package mutating func add(_ call: RawCall, line: Int?) {
        let r = resolve(call)
        let event = TraceEvent(
            seq: eventCount + 1, object: r.object, event: r.event, className: r.className, address: r.address,
            time: relative(call.time), thread: call.thread, args: r.args, note: call.note,
            source: line.map { TraceLocation(file: trace.source, line: $0) })
        append(event)
        forgetIfGone(call, object: r.object)
    }

    /// What a call resolved to, as ids in the trace's store; valid while the identities are
    /// unchanged (`generation`).
    struct CallMemo {
        var generation: Int
        var object: SymbolTable.ID
        var event: SymbolTable.ID
        var className: SymbolTable.ID
        var address: SymbolTable.ID
        var extras: UInt32
        /// The thread last seen with this call, and the detail id it gave.
        var thread: SymbolTable.ID = 0
        var detail: UInt32? = nil
    }

    /// Adds a call the same way as `add(_:line:)`, reusing what `memo` remembers from an earlier
    /// call with the same message. Used by readers that meet the same messages again and again.
    mutating func add(
        _ call: RawCall, time: Double?, thread: UnsafeRawBufferPointer?, line: Int, memo: inout CallMemo?
    ) {
        guard call.canonical != .`deinit` else {
            var call = call
            call.time = time
            call.thread = thread.map { String(decoding: $0, as: UTF8.self) }
            add(call, line: line)
            return
        }
        if memo?.generation != resolver.generation {
            let r = resolve(call)
            memo = callMemo(
                object: r.object, event: r.event, className: r.className, address: r.address,
                argsID: trace.events.dictionaryID(r.args), note: call.note)
        }
        _ = reuse(&memo, time: time, thread: thread, line: line)
    }

    /// Adds the call of `template` with the addresses of its message, the same way as
    /// `add(_:time:thread:line:memo:)` adds that call, without building it.
    mutating func add(
        _ template: CallTemplate, addresses: [String], time: Double?, thread: UnsafeRawBufferPointer?, line: Int,
        memo: inout CallMemo?
    ) {
        if memo?.generation != resolver.generation {
            func resolve(_ o: CallTemplate.Object) -> (id: String, address: String?) {
                let address: String?
                switch o.address {
                case .none: address = nil
                case .fixed(let a): address = a
                case .slot(let k): address = addresses[k]
                }
                return (resolver.resolve(shortName: o.shortName, address: address), address)
            }
            let object = template.object.map(resolve)
            let id = object?.id ?? IdentityResolver.unknownObject
            var args = template.fixedArgs ?? [:]
            if template.fixedArgs == nil {
                for (label, arg) in template.args {
                    switch arg {
                    case .value(let v): args[label] = v
                    case .object(let o): args[label] = .string(resolve(o).id)
                    }
                }
            }
            let name = template.object?.name
            memo = callMemo(
                object: id, event: template.event, className: name == IdentityResolver.unknownObject ? nil : name,
                address: object?.address ?? resolver.addressById[id], argsID: trace.events.dictionaryID(args),
                note: template.call.note)
        }
        _ = reuse(&memo, time: time, thread: thread, line: line)
    }

    /// The memo of a call resolved to these names and ids, interned in the store in this order.
    private mutating func callMemo(
        object: String, event: String, className: String?, address: String?, argsID: UInt32, note: String?
    ) -> CallMemo {
        let extras = EventExtras(args: argsID, state: 0, note: trace.events.symbol(note))
        return CallMemo(
            generation: resolver.generation, object: trace.events.symbol(object), event: trace.events.eventSymbol(event),
            className: trace.events.symbol(className), address: trace.events.symbol(address),
            extras: extras == EventExtras() ? 0 : trace.events.extrasID(extras))
    }

    /// Adds the call `memo` remembers, if its resolution still holds; false otherwise (the
    /// caller then adds the call itself).
    mutating func reuse(_ memo: inout CallMemo?, time: Double?, thread: UnsafeRawBufferPointer?, line: Int) -> Bool {
        guard memo != nil, memo!.generation == resolver.generation else { return false }
        var recent = recentThread
        let threadID = thread.map { bytes in recent.id(bytes) { trace.events.symbol(bytes: $0) } } ?? 0
        recentThread = recent
        if memo!.detail == nil || memo!.thread != threadID {
            if fileSymbol == 0 { fileSymbol = trace.events.symbol(trace.source) }
            memo!.thread = threadID
            memo!.detail = trace.events.detailID(
                EventDetail(className: memo!.className, address: memo!.address, thread: threadID, file: fileSymbol))
        }
        eventCount += 1
        appendRow(
            EventRow(
                time: relative(time) ?? .nan, seq: UInt32(clamping: eventCount), object: memo!.object, event: memo!.event,
                detail: memo!.detail!, extras: memo!.extras, line: UInt32(clamping: line)))
        return true
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

    private mutating func appendRow(_ row: EventRow) {
        trace.events.append(row: row)
        streamLast()
    }

    /// Adds an event that already carries its identity (the native format).
    package mutating func add(resolved event: TraceEvent) {
        var event = event
        event.seq = eventCount + 1
        append(event)
    }

    /// Takes in what `later` read from the lines after this builder's, `lines` lines on: its
    /// events follow these, and its messages point at their lines in the whole file.
    mutating func append(_ later: consuming TraceBuilder, afterLines lines: Int) {
        let start = trace.events.count
        trace.events.append(contentsOf: &later.trace.events, seqOffset: eventCount)
        eventCount += later.eventCount
        if streaming { streamAppended(from: start) }
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
        guard let sink else { return trace }
        var rest = trace
        if !rest.events.isEmpty { sink(rest.events) }
        rest.events.removeAllRows()
        return rest
    }

    /// Calls logged without an object still have one: a tab delegate's calls belong to the tab
    /// bar controller, a navigation delegate's to the navigation controller.
    static func implicitObject(for event: CanonicalEvent?) -> ObjectRef? {
        switch event {
        case .shouldSelect?, .didSelect?, .setSelected?: return ObjectRef(name: "UITabBarController")
        case .push?, .pop?, .willShow?, .didShow?: return ObjectRef(name: "UINavigationController")
        default: return nil
        }
    }

    /// `textFieldDidBeginEditing:` → `textFieldDidBeginEditing`, `refresh(_:)` → `refresh`,
    /// `prepare(for:sender:)` stays as it is.
    static func customName(_ method: String) -> String {
        if method.hasSuffix("(_:)") { return String(method.dropLast(4)) }
        if method.hasSuffix("()") { return String(method.dropLast(2)) }
        if method.hasSuffix(":"), method.dropLast().firstIndex(of: ":") == nil { return String(method.dropLast()) }
        return method
    }
}
