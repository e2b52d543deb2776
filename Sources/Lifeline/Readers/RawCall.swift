/// An object as a log names it: a class or role name, possibly module-qualified, and an
/// address when the log printed one.
package struct ObjectRef: Sendable, Hashable {
    package var name: String
    package var address: String?

    package init(name: String, address: String? = nil) {
        self.name = name
        self.address = address
    }

    /// The class without its module: `MyApp.HomeViewController` becomes `HomeViewController`.
    package var shortName: String {
        let short = Self.shortName(of: name)
        return short.utf8.count == name.utf8.count && short == name[...] ? name : String(short)
    }

    /// The class in `name` without its module, as a slice of it.
    static func shortName(of name: String) -> Substring {
        let utf8 = name.utf8
        // The module is dropped before a generic's arguments, not inside them:
        // `App.ListViewController<App.Item>`.
        let dot =
            utf8.withContiguousStorageIfAvailable { b in Self.lastModuleDot(b) }
            ?? Self.lastModuleDot(Array(utf8))
        var short = Substring(name)
        if let dot, dot + 1 < utf8.count { short = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: dot + 1)...]) }
        // `App.ListViewController<App.Item>` is `ListViewController<Item>`.
        guard let open = short.utf8.firstIndex(of: 0x3C), short[open...].utf8.contains(0x2E) else { return short }
        return Substring(withoutModules(short))
    }

    /// Each type named in a generic's arguments without its module.
    private static func withoutModules(_ name: Substring) -> String {
        var out = ""
        var start = name.startIndex
        for k in name.indices where "<>, ".contains(name[k]) {
            out += lastPart(name[start..<k])
            out.append(name[k])
            start = name.index(after: k)
        }
        return out + lastPart(name[start...])
    }

    private static func lastPart(_ word: Substring) -> Substring { word.split(separator: ".").last ?? "" }

    private static func lastModuleDot(_ b: some RandomAccessCollection<UInt8>) -> Int? {
        var last: Int? = nil
        for (k, c) in b.enumerated() {
            if c == 0x3C { break }  // <
            if c == 0x2E { last = k }
        }
        return last
    }
}

/// An argument before identities are resolved: a scalar or a reference to an object.
package enum RawArg: Sendable, Hashable {
    case value(ArgValue)
    case object(ObjectRef)
}

/// One call as read from a line, before identities and sequence numbers are assigned.
package struct RawCall: Sendable, Hashable {
    package var object: ObjectRef?
    /// The method as logged, e.g. `viewWillAppear:` or `prepare(for:sender:)`.
    package var method: String {
        didSet { canonical = CanonicalEvent(method: method) }
    }
    /// The canonical event the method maps to, nil for a custom one; kept in step with `method`.
    package private(set) var canonical: CanonicalEvent?
    package var args: [(String, RawArg)]
    package var time: Double?
    package var thread: String?
    package var note: String?
    /// The source line a logger printed with the call (`Feed.swift:88`), which tells the
    /// records of one function's run apart from a second run.
    var sourceLine: Int?
    /// Whether the line logs the call's start or its end, when it says (see `CallPhase`).
    var phase: CallPhase?
    /// Whether a word that is not a start or end word comes right after the event
    /// (`viewDidLoad reports (320.0, 568.0)`, `viewDidLoad time: …`): what a record printed from
    /// inside a call says (see `TraceBuilder.isRecordOfLoad`).
    var remarks = false

    package init(
        object: ObjectRef?, method: String, args: [(String, RawArg)] = [], time: Double? = nil,
        thread: String? = nil, note: String? = nil
    ) {
        self.object = object
        self.method = method
        self.canonical = CanonicalEvent(method: method)
        self.args = args
        self.time = time
        self.thread = thread
        self.note = note
    }

    /// Keeps the method as a custom event even though its name is a lifecycle event's (a
    /// view's `init`).
    mutating func markCustom() { canonical = nil }

    /// Sets the event a spelling the canonical table does not hold was read as: a corrected
    /// misspelling (`viewWillDissapear`), a signature with other labels (`init(presenter:)`).
    mutating func setEvent(_ event: CanonicalEvent) { canonical = event }

    package static func == (a: RawCall, b: RawCall) -> Bool {
        a.object == b.object && a.method == b.method && a.time == b.time && a.thread == b.thread
            && a.note == b.note && a.args.map(\.0) == b.args.map(\.0) && a.args.map(\.1) == b.args.map(\.1)
            && a.phase == b.phase && a.remarks == b.remarks
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(object)
        hasher.combine(method)
    }
}
