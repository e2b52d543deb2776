/// The readers' memo: a call met again (the same message, or a message of a known shape) is
/// added from the ids it resolved to the first time, without being resolved again.
extension TraceBuilder {
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
        guard var known = memo, known.generation == resolver.generation else { return false }
        var recent = recentThread
        let threadID = thread.map { bytes in recent.id(bytes) { trace.events.symbol(bytes: $0) } } ?? 0
        recentThread = recent
        let detail: UInt32
        if let kept = known.detail, known.thread == threadID {
            detail = kept
        } else {
            if fileSymbol == 0 { fileSymbol = trace.events.symbol(trace.source) }
            detail = trace.events.detailID(
                EventDetail(className: known.className, address: known.address, thread: threadID, file: fileSymbol))
            known.thread = threadID
            known.detail = detail
            memo = known
        }
        eventCount += 1
        appendRow(
            EventRow(
                time: relative(time) ?? .nan, seq: UInt32(clamping: eventCount), object: known.object, event: known.event,
                detail: detail, extras: known.extras, line: UInt32(clamping: line)))
        return true
    }

}
