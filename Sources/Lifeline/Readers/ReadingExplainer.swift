/// Says, for each line of a console log, what was read and by which rule, or why the line
/// was skipped (`lifeline convert --explain`).
///
/// ```
/// trace.log:4: A_ViewController.viewWillDisappear  [event: words; object: instance description]
/// trace.log:9: skipped: source code
/// ```
package enum ReadingExplainer {
    /// One line's explanation for every line of `input`, read as a console log. Unless a
    /// format was asked for (`forced`), an input detected as a console log that as a whole looks
    /// like source code or documentation is said to be read as no call first:
    ///
    /// ```
    /// post.md: as a whole, this looks like source code (16 of its first 26 lines are code, …), not a log: no call is read from it unless --from console; each line below says how --from console reads it
    /// ```
    package static func explain(
        _ input: ByteInput, maxLineBytes: Int = 1 << 20, forced: Bool = false, line emit: (String) -> Void
    ) throws {
        let name = input.name
        try input.normalizeEncoding()
        var cache = LogPrefix.PrefixCache()
        var repeated = RepeatedRecords()
        var openCalls = OpenCalls()
        var plainLoad: (object: ObjectRef?, event: CanonicalEvent)? = nil
        var recentLoads = RecentLoads<(object: ObjectRef?, event: CanonicalEvent)>()
        let head = try input.peek(64 * 1024)
        let judgement = LogJudgement.judge(head)
        let localized = judgement.readsLocalizedWords
        if !forced, InputFormat.detect(head) == .console, let verdict = judgement.verdict {
            emit(
                "\(name): as a whole, this looks like \(verdict) (\(judgement.summary)), not a log: no call is read from it"
                    + " unless --from console; each line below says how --from console reads it")
        }
        // A symbolic breakpoint's call on a UIKit class on the line before, with its thread,
        // and whether a receiver came first (see `MessageMemo`).
        var held: (base: ObjectRef, thread: String?)? = nil
        var receiversComeFirst = false
        try input.forEachLine(maxLineBytes: maxLineBytes) { line, number, length in
            let at = "\(name):\(number): "
            guard length <= maxLineBytes else {
                emit(at + "skipped: longer than \(maxLineBytes) bytes")
                return
            }
            let start = LogPrefix.lineStart(line, to: line.count)
            let prefix = LogPrefix.parse(line, from: start, to: line.count, cache: &cache)
            let reading = MessageParser.read(line, from: prefix.messageStart, to: line.count, localized: localized)
            let message = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(line)[prefix.messageStart...])
            let thread = prefix.threadRange.map { line.string($0) }
            let before = held
            held = nil
            if let ref = MessageMemo.receiver(reading.kind, message) {
                if let before, before.thread == nil || thread == nil || before.thread == thread {
                    emit(
                        at
                            + "the receiver of the call on the line before, which is \(ref.name)'s, implemented in \(before.base.name)"
                    )
                    return
                }
                receiversComeFirst = true
            }
            if !receiversComeFirst, MessageMemo.isBreakpointName(reading.kind, message),
                case .call(let call) = reading.kind,
                let base = call.object
            {
                held = (base, thread)
            }
            if repeated.continues(
                isCall: RepeatedRecords.isCall(reading.kind), located: RepeatedRecords.located(reading.kind))
            {
                emit(at + "the call of the line before, logged again from a later line of the same function")
                return
            }
            if case .call(let call) = reading.kind, let start = openCalls.note(call, line: number) {
                let part = call.phase == nil ? "a record from inside" : "the end of"
                emit(at + "\(part) the call whose start line \(start) logged, not a second call")
                return
            }
            // As `TraceBuilder.isRecordOfLoad` reads it, the objects compared by class and, when
            // both lines print one, address (a name alone is its class's latest instance).
            func same(_ a: ObjectRef?, _ b: ObjectRef?) -> Bool {
                guard let a, let b else { return a == nil && b == nil }
                return a.shortName == b.shortName && (a.address == nil || b.address == nil || a.address == b.address)
            }
            func after(_ call: RawCall) -> (object: ObjectRef?, event: CanonicalEvent)? {
                TraceBuilder.isLoad(call.canonical) && !call.remarks ? (call.object, call.canonical!) : nil
            }
            /// As `TraceBuilder.endsRecentLoad` reads it.
            func endedLoad(_ call: RawCall) -> Int? {
                guard call.phase == .end, TraceBuilder.isLoad(call.canonical) else { return nil }
                return recentLoads.end(
                    line: number, where: { same($0.object, call.object) && $0.event == call.canonical })
            }
            var ended: [Int] = []
            func noteLoad(_ call: RawCall) {
                if call.phase == nil, let load = after(call) { recentLoads.note(load, line: number) }
            }
            switch reading.kind {
            case .call(let call):
                if call.remarks, let last = plainLoad, same(last.object, call.object), last.event == call.canonical {
                    emit(at + "a record from inside the load call above, not a second call")
                    return
                }
                if let start = endedLoad(call) {
                    emit(at + "the end of the load call line \(start) logged, not a second call")
                    return
                }
                plainLoad = after(call)
                noteLoad(call)
            case .calls(let calls):
                ended = calls.compactMap(endedLoad)
                plainLoad = calls.last.flatMap(after)
                calls.forEach(noteLoad)
            case .warnedCall(_, let call):
                ended = endedLoad(call).map { [$0] } ?? []
                plainLoad = after(call)
                noteLoad(call)
            default: break
            }
            let ends = ended.map { "; a call there is the end of the load call line \($0) logged, not a second call" }
            emit(at + describe(reading) + ends.joined())
        }
    }

    /// The explanation of one message.
    package static func explain(message: String) -> String {
        var text = message
        return text.withUTF8 { describe(MessageParser.read($0, from: 0, to: $0.count)) }
    }

    static func describe(_ reading: MessageReading) -> String {
        switch reading.kind {
        case .call, .calls:
            if reading.found.isEmpty, case .call(let call) = reading.kind {
                return "\(label(call))  [\(reading.reason.isEmpty ? "custom call, by its shape" : reading.reason)]"
            }
            return reading.found.map { found in
                var rules = "event: \(found.eventRule.rawValue); object: \(found.objectRule.rawValue)"
                if found.eventRule == .corrected { rules += "; spelling corrected from \"\(found.call.method)\"" }
                if [.nearest, .after, .file].contains(found.objectRule) { rules += " (guessed)" }
                if let note = found.call.note { rules += "; \(note)" }
                if let phase = found.call.phase {
                    rules += phase == .start ? "; logs the call's start" : "; logs the call's end"
                }
                return "\(label(found.call))  [\(rules)]"
            }.joined(separator: "  ;  ")
        case .uikitWarning(let text):
            return "UIKit warning, kept as a finding: \(text)"
        case .warnedCall(_, let call):
            return "\(label(call))  [named by UIKit's warning, which is kept as a finding]"
        case .ignorable:
            return "skipped: \(reading.reason)"
        case .notCall(let reason):
            return "skipped: \(reason), not a call"
        case .unparsed:
            return "not read: \(reading.reason)"
        }
    }

    private static func label(_ call: RawCall) -> String {
        let object = call.object.map { $0.name + ($0.address.map { " \($0)" } ?? "") } ?? "?"
        let event = call.canonical?.rawValue ?? TraceBuilder.customName(call.method)
        var args = ""
        if !call.args.isEmpty {
            args =
                "("
                + call.args.map { key, value in
                    switch value {
                    case .value(let v): return "\(key): \(v)"
                    case .object(let r): return "\(key): \(r.name)"
                    }
                }.joined(separator: ", ") + ")"
        }
        return "\(object) \(event)\(args)"
    }
}
