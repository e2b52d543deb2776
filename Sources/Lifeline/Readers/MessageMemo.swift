/// Remembers what each distinct console message parsed to, and what its call resolved to, so a
/// message seen before (most of a long log) costs a hash and a compare instead of a parse.
/// A message's parse depends only on its bytes; its resolution is reused while the builder's
/// identities are unchanged (see `TraceBuilder.CallMemo`).
struct MessageMemo {
    private struct Entry {
        var kind: MessageKind
        /// The message's call template and values, when its shape has one: `kind` is then
        /// that call with the first message's values (the same for `RepeatedRecords`).
        var template: CallTemplate? = nil
        var values: [String] = []
        /// What `scan` found in the message's bytes.
        var scan: ByteScan
        var call: TraceBuilder.CallMemo?
    }

    /// Per entry whose call was logged with a source line, where from (most logs have none).
    private var locations: [Int: RepeatedRecords.Located] = [:]

    /// Per entry, apart from the entries so the hot path reads a byte and copies no entry:
    /// bit 0 when it holds a lifecycle call, bit 1 when that call has a source line, bit 2
    /// when it is a breakpoint's name for a call on a UIKit class and bit 3 when it is a
    /// controller alone (see `held`).
    private var flags: [UInt8] = [0]

    /// Whether Chinese and Japanese words for events are read (`ReadOptions.readsLocalizedWords`).
    var localized = false
    /// Whether a call logged on a UIKit class itself waits for the next line, which may name
    /// its receiver (see `held`); a console reader that calls `finish(into:)` sets it.
    var readsReceiverLines = false
    /// A symbolic breakpoint's name, `-[UIViewController viewDidAppear:]`, a call on a UIKit
    /// class itself, held until the next line. A breakpoint that logs its name and then runs
    /// `po $arg1` prints the receiver alone on the line after:
    ///
    /// ```
    /// -[UIViewController viewDidAppear:]
    /// <TimelineViewController: 0x7fc2a884c650>
    /// ```
    ///
    /// That line makes the call the receiver's, implemented in the UIKit class, as one line
    /// `-[UIViewController viewDidAppear:] <TimelineViewController: 0x…>` is read, when the
    /// receiver is a controller's (its class ends in `Controller`, `VC`, `Ctrl`, `Screen` or
    /// `Page`) and, when both lines name a thread, on the same thread. Any other line lets the
    /// call stand as logged. A log that prints a receiver before any such call (the
    /// breakpoint's actions the other way round) holds no call.
    private var held: (call: RawCall, number: Int)? = nil
    /// Whether a receiver came alone before any held call: then no call is held.
    private var receiversComeFirst = false
    /// Whether a call is held, tested on every line without touching the call.
    private var holds = false
    private var keys = RepeatedKeys()
    private var metOnce = MetOnce()
    /// The template and values of the message `entry` read last without keeping it.
    private var unkept: (CallTemplate, [String])? = nil
    private var shapes = AddressShapes()
    private var repeated = RepeatedRecords()
    private var entries: [Entry] = [Entry(kind: .ignorable, scan: ByteScan())]
    /// Past this many distinct messages (a log whose messages never repeat), start afresh.
    private let limit = 1 << 16
    /// Changes whenever the table starts afresh, so ids taken before are no longer good.
    private(set) var generation = 0

    /// Reads one line into `builder`: its message starts at `start`; `thread` is the thread
    /// id's text from the prefix. The line's bytes are screened here (`screenBytes`): the
    /// prefix on each line, the message once per distinct message.
    mutating func readScreening(
        _ b: Bytes, from start: Int, to end: Int, time: Double?, thread: UnsafeRawBufferPointer?, number: Int,
        into builder: inout TraceBuilder
    ) {
        let key = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[start..<end])
        let localized = self.localized
        let id = entry(key) { $0.read(key) { MessageParser.parse(b, from: start, to: end, localized: localized) } }
        let prefix = Lifeline.scan(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[0..<start]))
        let scanned = id < 0 ? Lifeline.scan(key) : entries[id].scan
        guard screenBytes(b, scanned: prefix.and(scanned), number: number, builder: &builder) else { return }
        guard id >= 0 else { return applyUnkept(time: time, thread: thread, number: number, into: &builder) }
        apply(
            id, time: time, thread: thread, number: number, into: &builder, text: b.excerpt(from: start, to: end)
        )
    }

    /// Reads one message into `builder`, its bytes already screened.
    mutating func read(
        _ b: Bytes, from start: Int, to end: Int, time: Double?, thread: UnsafeRawBufferPointer?, number: Int,
        into builder: inout TraceBuilder
    ) {
        let key = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[start..<end])
        let localized = self.localized
        let id = entry(key) { $0.read(key) { MessageParser.parse(b, from: start, to: end, localized: localized) } }
        guard id >= 0 else { return applyUnkept(time: time, thread: thread, number: number, into: &builder) }
        apply(
            id, time: time, thread: thread, number: number, into: &builder, text: b.excerpt(from: start, to: end)
        )
    }

    /// Adds the call of the message `entry` read from its template without keeping it.
    private mutating func applyUnkept(
        time: Double?, thread: UnsafeRawBufferPointer?, number: Int, into builder: inout TraceBuilder
    ) {
        guard let (template, values) = unkept else { return }
        unkept = nil
        var call: TraceBuilder.CallMemo? = nil
        apply(template, values: values[...], time: time, thread: thread, number: number, into: &builder, call: &call)
    }

    /// The entry of the message with these bytes; `read` gives its reading when it is new.
    /// A message met for the first time whose reading is a call template gets no entry: in a
    /// long session most such messages are never met again (their addresses are new), and
    /// keeping each would cost more than reading it from its template. The id is then -1 and
    /// `unkept` holds the template and the message's values. A message met again gets its
    /// entry, so a log whose messages repeat reads each from the table.
    mutating func entry(_ key: UnsafeRawBufferPointer, _ read: (inout AddressShapes) -> ShapedReading) -> Int {
        var hash: UInt64 = 0
        if let known = keys.existing(key, hash: &hash) { return Int(known) }
        var reading: ShapedReading? = nil
        if !metOnce.check(hash: hash) {
            let first = read(&shapes)
            if case .template(let template, let values) = first {
                unkept = (template, values)
                return -1
            }
            reading = first
        }
        var id = Int(keys.id(key))
        if id == entries.count {
            var entry = Entry(kind: .ignorable, scan: Lifeline.scan(key))
            if reading == nil { reading = read(&shapes) }
            switch reading! {
            case .kind(let kind): entry.kind = kind
            case .template(let template, let values):
                (entry.kind, entry.template, entry.values) = (.call(template.call), template, values)
            }
            let kind = entry.kind
            let located = RepeatedRecords.located(kind)
            entries.append(entry)
            if let located { locations[id] = located }
            flags.append(
                (RepeatedRecords.isCall(kind) ? 1 : 0) | (located != nil ? 2 : 0)
                    | (Self.isBreakpointName(kind, key) ? 4 : 0) | (Self.receiver(kind, key) != nil ? 8 : 0))
        }
        if entries.count > limit {
            let (entry, located, flag) = (entries[id], locations[id], flags[id])
            keys = RepeatedKeys()
            entries = [Entry(kind: .ignorable, scan: ByteScan())]
            flags = [0]
            locations = [:]
            generation += 1
            id = Int(keys.id(key))
            if let located { locations[id] = located }
            entries.append(
                Entry(kind: entry.kind, template: entry.template, values: entry.values, scan: entry.scan))
            flags.append(flag)
        }
        return id
    }

    /// Adds the message of entry `id` to `builder`; `text` is its first 80 bytes, for the
    /// warning when it is not a call.
    mutating func apply(
        _ id: Int, time: Double?, thread: UnsafeRawBufferPointer?, number: Int, into builder: inout TraceBuilder,
        text: @autoclosure () -> String
    ) {
        let flag = flags[id]
        if holds, takeHeld(receiver: flag & 8 != 0 ? id : nil, thread: thread, into: &builder) { return }
        if flag & 12 != 0, readsReceiverLines {
            if flag & 8 != 0 { receiversComeFirst = true }
            if flag & 4 != 0, !receiversComeFirst, var call = call(of: id) {
                call.time = time
                call.thread = thread.map { String(decoding: $0, as: UTF8.self) }
                held = (call, number)
                holds = true
                return
            }
        }
        // Only logs whose logger prints source lines pay for this.
        if flag & 1 != 0, flag & 2 != 0 || repeated.isActive, repeated.continues(isCall: true, located: locations[id]) {
            return
        }
        if builder.isInsideOpenCall(call(of: id), line: number) { return }
        // Only logs with an object that has no address pay for this, and only on load calls.
        if builder.resolver.hasUnaddressed, isLoadCall(id), let call = call(of: id), call.phase != .end {
            builder.renewIfLoadedAgain(call.canonical, of: call.object)
        }
        // A message read before whose call still resolves the same way: no parse, no copy.
        if builder.reuse(&entries[id].call, time: time, thread: thread, line: number) { return }
        add(id, time: time, thread: thread, number: number, into: &builder, text: text())
    }

    /// Adds the held call: as the call of the receiver that entry `receiver` (the next line's
    /// message, a controller alone) names, when the lines' threads agree; returns whether it
    /// did, the line then read.
    private mutating func takeHeld(receiver: Int?, thread: UnsafeRawBufferPointer?, into builder: inout TraceBuilder)
        -> Bool
    {
        guard let (logged, number) = held else { return false }
        held = nil
        holds = false
        var call = logged
        var named = false
        let sameThread = thread == nil || call.thread == nil || call.thread == String(decoding: thread!, as: UTF8.self)
        if let receiver, sameThread, let ref = Self.receiver(entries[receiver].kind, keys[SymbolTable.ID(receiver)]) {
            if let base = call.object { call.note = "implemented in \(base.name)" }
            call.object = ref
            named = true
        }
        builder.add(call, line: number)
        return named
    }

    /// Adds the held call as logged, at the end of the input.
    mutating func finish(into builder: inout TraceBuilder) {
        _ = takeHeld(receiver: nil, thread: nil, into: &builder)
    }

    /// Whether `message`, read as `kind`, is a symbolic breakpoint's name for a lifecycle
    /// method of a UIKit class, `-[UIViewController viewDidAppear:]` (also after a library's
    /// name: ``UIKitCore`-[UIViewController viewDidAppear:]``), and nothing else.
    static func isBreakpointName(_ kind: MessageKind, _ message: UnsafeRawBufferPointer) -> Bool {
        guard case .call(let call) = kind, call.canonical != nil, let o = call.object, o.address == nil,
            uikitClasses.contains(o.name)
        else { return false }
        let b = message.bindMemory(to: UInt8.self)
        if let plain = CopiedText.plain(b, from: 0, to: b.count) {
            return plain.withUnsafeBufferPointer { isBreakpointName($0) }
        }
        return isBreakpointName(b)
    }

    /// Whether the message as printed is a breakpoint's name alone (see above).
    private static func isBreakpointName(_ b: Bytes) -> Bool {
        let end = b.trimTrailingSpaces(from: 0, to: b.count)
        var i = b.skipSpaces(from: 0, to: end)
        while i < end, ASCII.isIdentifier(b[i]) { i += 1 }
        if i < end, b[i] == 0x60 { i += 1 } else { i = b.skipSpaces(from: 0, to: end) }  // `
        // A category's method (`-[UIViewController(Tracking) tr_viewDidAppear:]`) is an app's
        // own logger, not a breakpoint on UIKit's method.
        return end - i > 3 && b[i] == ASCII.dash && b[i + 1] == ASCII.lbracket && b[end - 1] == ASCII.rbracket
            && !b[i..<end].contains(ASCII.lparen)
    }

    /// The view controller `message` names alone (`<Feed.TimelineViewController: 0x…>`),
    /// when it is read as no call: its class ends in `Controller`, `VC`, `Ctrl`, `Screen` or
    /// `Page`, so a view, a manager or a session printed alone names no receiver.
    static func receiver(_ kind: MessageKind, _ message: UnsafeRawBufferPointer) -> ObjectRef? {
        guard case .unparsed = kind else { return nil }
        let b = message.bindMemory(to: UInt8.self)
        let alone =
            if let plain = CopiedText.plain(b, from: 0, to: b.count) {
                plain.withUnsafeBufferPointer { LineTokenizer.instanceAlone($0, from: 0, to: $0.count) }
            } else {
                LineTokenizer.instanceAlone(b, from: 0, to: b.count)
            }
        guard let ref = alone else { return nil }
        let short = ref.shortName.lowercased()
        guard NameWords.hasControllerSuffix(short) || short.hasSuffix("screen") || short.hasSuffix("page") else {
            return nil
        }
        return ref
    }

    static func receiver(_ kind: MessageKind, _ message: String) -> ObjectRef? {
        var message = message
        return message.withUTF8 { receiver(kind, UnsafeRawBufferPointer($0)) }
    }

    private static let uikitClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController",
    ]

    /// Whether entry `id` is a single `init`, `loadView` or `viewDidLoad` call, told without
    /// making the call.
    private func isLoadCall(_ id: Int) -> Bool {
        let event: CanonicalEvent?
        if let template = entries[id].template {
            event = template.call.canonical
        } else if case .call(let call) = entries[id].kind {
            event = call.canonical
        } else {
            return false
        }
        return TraceBuilder.isLoad(event)
    }

    /// The single call of entry `id`, with its own message's values.
    private func call(of id: Int) -> RawCall? {
        if let template = entries[id].template { return template.call(with: entries[id].values) }
        if case .call(let call) = entries[id].kind { return call }
        return nil
    }

    /// Adds the call of `template` with its message's values to `builder`; `call` keeps
    /// its resolution for the next message that is the same.
    mutating func apply(
        _ template: CallTemplate, values: ArraySlice<String>, time: Double?, thread: UnsafeRawBufferPointer?,
        number: Int,
        into builder: inout TraceBuilder, call: inout TraceBuilder.CallMemo?
    ) {
        if holds { _ = takeHeld(receiver: nil, thread: nil, into: &builder) }
        let located = template.located
        if template.call.canonical != nil, located != nil || repeated.isActive,
            repeated.continues(isCall: true, located: located)
        {
            return
        }
        if builder.isInsideOpenCall(template.call(with: Array(values)), line: number) { return }
        builder.add(template, values: values, time: time, thread: thread, line: number, memo: &call)
    }

    /// The rest of `apply`, kept out of line so the hot path above stays small.
    @inline(never)
    private mutating func add(
        _ id: Int, time: Double?, thread: UnsafeRawBufferPointer?, number: Int, into builder: inout TraceBuilder,
        text: @autoclosure () -> String
    ) {
        if let template = entries[id].template {
            builder.add(
                template, values: entries[id].values[...], time: time, thread: thread, line: number,
                memo: &entries[id].call)
            return
        }
        switch entries[id].kind {
        case .call(let call):
            builder.add(call, time: time, thread: thread, line: number, memo: &entries[id].call)
        case .calls(let calls):
            for call in calls { MessageMemo.add(call, time: time, thread: thread, number: number, into: &builder) }
        case .uikitWarning(let text):
            builder.uikitWarning(text, line: number)
        case .warnedCall(let text, let call):
            builder.uikitWarning(text, line: number)
            MessageMemo.add(call, time: time, thread: thread, number: number, into: &builder)
        case .notCall(let reason):
            builder.warn("not-a-call", "\(reason), not a lifecycle call: \(text().debugQuoted)", line: number)
        case .ignorable:
            break
        case .unparsed:
            builder.warn("unparsed-line", "not a lifecycle call: \(text().debugQuoted)", line: number)
        }
    }

    /// Adds a call with the line's time and thread, without the memo: a line of several calls
    /// (rare) resolves each afresh.
    private static func add(
        _ call: RawCall, time: Double?, thread: UnsafeRawBufferPointer?, number: Int, into builder: inout TraceBuilder
    ) {
        var call = call
        call.time = time
        call.thread = thread.map { String(decoding: $0, as: UTF8.self) }
        builder.add(call, line: number)
    }
}
