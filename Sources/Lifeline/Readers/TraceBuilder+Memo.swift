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
        /// The object's instance index, -1 when the memo does not keep one.
        var instance: Int32 = -1
        /// Whether the call is a load call, and whether its line remarks on it (see
        /// `isRecordOfLoad`).
        var isLoad = false
        var remarks = false
    }

    /// Adds a call the same way as `add(_:line:)`, reusing what `memo` remembers from an earlier
    /// call with the same message. Used by readers that meet the same messages again and again.
    mutating func add(
        _ call: RawCall, time: Double?, thread: UnsafeRawBufferPointer?, line: Int, memo: inout CallMemo?
    ) {
        // A deinit ends an identity, and a call's start or end pairs with another line: both
        // are added afresh each time.
        guard call.canonical != .`deinit`, call.phase == nil else {
            var call = call
            call.time = time
            call.thread = thread.map { String(decoding: $0, as: UTF8.self) }
            add(call, line: line)
            return
        }
        renewIfLoadedAgain(call.canonical, of: call.object)
        if memo?.generation != resolver.generation {
            let r = resolve(call)
            memo = callMemo(
                object: r.object, event: r.event, className: r.className, address: r.address,
                argsID: trace.events.dictionaryID(r.args), note: call.note)
            memo?.isLoad = TraceBuilder.isLoad(call.canonical)
            memo?.remarks = call.remarks
        }
        _ = reuse(&memo, time: time, thread: thread, line: line)
    }

    /// Adds the call of `template` with the values of its message, the same way as
    /// `add(_:time:thread:line:memo:)` adds that call, without building it.
    mutating func add(
        _ template: CallTemplate, values: ArraySlice<String>, time: Double?, thread: UnsafeRawBufferPointer?, line: Int,
        memo: inout CallMemo?
    ) {
        if resolver.hasUnaddressed, template.call.canonical?.kind == .load, let o = template.object, o.address == .none
        {
            renewIfLoadedAgain(template.call.canonical, of: ObjectRef(name: String(o.shortName(values))))
        }
        if memo?.generation != resolver.generation {
            memo = callMemo(template, values: values)
            memo?.isLoad = TraceBuilder.isLoad(template.call.canonical)
            memo?.remarks = template.call.remarks
        }
        _ = reuse(&memo, time: time, thread: thread, line: line)
    }

    /// Whether a call read without a start or end word is a record from inside a call whose
    /// start was logged (`OpenCalls`); `call` is made only when a call is open, which most
    /// logs never have.
    mutating func isInsideOpenCall(_ call: @autoclosure () -> RawCall?, line: Int) -> Bool {
        guard !openCalls.isEmpty, let call = call(), call.phase == nil else { return false }
        return openCalls.note(call, line: line) != nil
    }

    /// What the call of `template` with these values resolves to. A long session names a
    /// new instance on nearly every screen, so this runs for most of its calls: the template's
    /// names are interned once per template, and an instance's once per instance.
    private mutating func callMemo(_ template: CallTemplate, values: ArraySlice<String>) -> CallMemo {
        let instance = template.object.map {
            resolver.index(shortName: $0.shortName(values), address: $0.address(values))
        }
        var argsID: UInt32? = nil
        // The extras kept for these arguments, or where to keep them once made.
        var keptExtras: UInt32? = nil
        var extrasKey: UInt64? = nil
        if template.fixedArgs == nil {
            var argInstance: Int? = nil
            if let shape = template.objectArgShape, case .object(let o) = template.args[shape.place].1 {
                let index = resolver.index(shortName: o.shortName(values), address: o.address(values))
                let key = shape.bytes.withUnsafeBytes { UInt64(objectArgShapes.id($0)) << 32 | UInt64(index) }
                if let known = objectArgExtras[key] { keptExtras = known } else { extrasKey = key }
                argInstance = index
            }
            if keptExtras == nil {
                var args = [String: ArgValue](minimumCapacity: template.args.count)
                for (label, arg) in template.args {
                    switch arg {
                    case .value(let v): args[label] = v
                    case .object(let o):
                        let index =
                            argInstance ?? resolver.index(shortName: o.shortName(values), address: o.address(values))
                        args[label] = .string(resolver.instances[index].id)
                    }
                }
                argsID = trace.events.dictionaryID(args)
            }
        }
        // Interned in the order `callMemo(object:…)` interns them: object, event, class, address.
        let object: SymbolTable.ID
        if let instance {
            object = objectSymbol(instance)
        } else {
            object = trace.events.symbol(IdentityResolver.unknownObject)
        }
        let names = symbols(of: template)
        let className: SymbolTable.ID
        if let o = template.object, case .slot(let k) = o.name {
            let name = values[values.startIndex + k]
            if let instance, resolver.instances[instance].classSymbol != 0,
                resolver.instances[instance].className == name
            {
                className = resolver.instances[instance].classSymbol
            } else if let instance {
                className = resolver.classSymbol(named: name, forClassOf: instance) ?? trace.events.symbol(name)
                resolver.keep(className: name, symbol: className, for: instance)
            } else {
                className = trace.events.symbol(name)
            }
        } else {
            className = names.className
        }
        let address = instance.map { addressSymbol($0) } ?? 0
        let extras: UInt32
        if let keptExtras {
            extras = keptExtras
        } else if let argsID {
            let value = EventExtras(args: argsID, state: 0, note: names.note)
            extras = value == EventExtras() ? 0 : trace.events.extrasID(value)
            if let extrasKey { objectArgExtras.keep(extras, for: extrasKey) }
        } else {
            extras = names.fixedExtras
        }
        return CallMemo(
            generation: resolver.generation, object: object, event: names.event, className: className,
            address: address,
            extras: extras, instance: Int32(instance ?? -1))
    }

    /// A template's names as symbols in the store, and its extras when its arguments are fixed.
    struct TemplateSymbols {
        /// Held so that its identity is not reused while it is a key.
        let template: CallTemplate
        let event: SymbolTable.ID
        /// The object's class, when it is the same in every message of the template.
        let className: SymbolTable.ID
        let note: SymbolTable.ID
        let fixedExtras: UInt32
    }

    private mutating func symbols(of template: CallTemplate) -> TemplateSymbols {
        let key = template.identityKey
        if let known = templateSymbolPlaces[key] { return templateSymbolList[Int(known)] }
        let event = trace.events.eventSymbol(template.event)
        var className: SymbolTable.ID = 0
        if let o = template.object, case .fixed(let name, _) = o.name {
            className = trace.events.symbol(name == IdentityResolver.unknownObject ? nil : name)
        }
        let note = trace.events.symbol(template.call.note)
        var fixedExtras: UInt32 = 0
        if let fixed = template.fixedArgs {
            let value = EventExtras(args: trace.events.dictionaryID(fixed), state: 0, note: note)
            fixedExtras = value == EventExtras() ? 0 : trace.events.extrasID(value)
        }
        let symbols = TemplateSymbols(
            template: template, event: event, className: className, note: note, fixedExtras: fixedExtras)
        // Bounded: a log whose shapes never repeat starts the table afresh.
        if templateSymbolList.count >= 4096 {
            templateSymbolPlaces = IdMap()
            templateSymbolList.removeAll(keepingCapacity: true)
        }
        templateSymbolPlaces.insert(key, Int32(templateSymbolList.count))
        templateSymbolList.append(symbols)
        return symbols
    }

    /// The symbol of instance `index`'s id, interned once per instance.
    mutating func objectSymbol(_ index: Int) -> SymbolTable.ID {
        let kept = resolver.instances[index].objectSymbol
        if kept != 0 { return kept }
        let symbol = trace.events.symbol(resolver.instances[index].id)
        resolver.keep(objectSymbol: symbol, for: index)
        return symbol
    }

    /// The symbol of the address instance `index` was last seen at, interned once per address.
    private mutating func addressSymbol(_ index: Int) -> SymbolTable.ID {
        let kept = resolver.instances[index].addressSymbol
        if kept != 0 { return kept }
        let symbol = trace.events.symbol(resolver.instances[index].address)
        resolver.keep(addressSymbol: symbol, for: index)
        return symbol
    }

    /// The memo of a call resolved to these names and ids, interned in the store in this order.
    private mutating func callMemo(
        object: String, event: String, className: String?, address: String?, argsID: UInt32, note: String?
    ) -> CallMemo {
        let extras = EventExtras(args: argsID, state: 0, note: trace.events.symbol(note))
        return CallMemo(
            generation: resolver.generation, object: trace.events.symbol(object),
            event: trace.events.eventSymbol(event),
            className: trace.events.symbol(className), address: trace.events.symbol(address),
            extras: extras == EventExtras() ? 0 : trace.events.extrasID(extras))
    }

    /// Adds the call `memo` remembers, if its resolution still holds; false otherwise (the
    /// caller then adds the call itself).
    mutating func reuse(_ memo: inout CallMemo?, time: Double?, thread: UnsafeRawBufferPointer?, line: Int) -> Bool {
        guard var known = memo, known.generation == resolver.generation else { return false }
        if known.remarks, isRecordOfLoad(object: known.object, event: known.event) { return true }
        var recent = recentThread
        let threadID = thread.map { bytes in recent.id(bytes) { trace.events.symbol(bytes: $0) } } ?? 0
        recentThread = recent
        let detail: UInt32
        if let kept = known.detail, known.thread == threadID {
            detail = kept
        } else if known.instance >= 0, let kept = cachedDetail(known, thread: threadID) {
            detail = kept
            known.thread = threadID
            known.detail = detail
            memo = known
        } else {
            if fileSymbol == 0 { fileSymbol = trace.events.symbol(trace.source) }
            detail = trace.events.detailID(
                EventDetail(className: known.className, address: known.address, thread: threadID, file: fileSymbol))
            if known.instance >= 0 {
                resolver.keep(.init(className: known.className, thread: threadID, id: detail), for: Int(known.instance))
            }
            known.thread = threadID
            known.detail = detail
            memo = known
        }
        eventCount += 1
        appendRow(
            EventRow(
                time: relative(time) ?? .nan, seq: UInt32(clamping: eventCount), object: known.object,
                event: known.event,
                detail: detail, extras: known.extras, line: UInt32(clamping: line)))
        if known.isLoad, !known.remarks {
            plainLoad = (known.object, known.event)
            recentLoads.note(TraceBuilder.loadKey(known.object, known.event), line: line)
        }
        return true
    }

    /// A controller loads once, so a line that logs the same object's same load call (`init`,
    /// `loadView`, `viewDidLoad`) straight after a plain line of it, and remarks on it, is a
    /// record printed from inside that call, not a second call:
    ///
    /// ```
    /// viewDidLoad                             the call
    /// viewDidLoad reports (320.0, 568.0)      a record from inside it
    /// viewDidLoad reports compact regular     a record from inside it
    /// will appear (320.0, 568.0)
    /// ```
    ///
    /// Two plain lines are two calls (two controllers logged alike), and so are two lines that
    /// both remark (`Page viewDidLoad index: 0`, `Page viewDidLoad index: 1`).
    func isRecordOfLoad(object: SymbolTable.ID, event: SymbolTable.ID) -> Bool {
        guard let last = plainLoad else { return false }
        return last.object == object && last.event == event
    }

    /// Whether an event is a load call, which a controller makes once (`deinit` aside).
    static func isLoad(_ event: CanonicalEvent?) -> Bool {
        guard let event else { return false }
        return event.kind == .load && event != .`deinit`
    }

    /// The detail kept for the memo's instance, when it was made for the same class name,
    /// thread and address.
    private func cachedDetail(_ memo: CallMemo, thread: SymbolTable.ID) -> UInt32? {
        let instance = resolver.instances[Int(memo.instance)]
        guard let id = instance.detail.id, instance.detail.className == memo.className,
            instance.detail.thread == thread,
            instance.addressSymbol == memo.address
        else { return nil }
        return id
    }
}
