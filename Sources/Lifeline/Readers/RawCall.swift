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
        let dots =
            utf8.withContiguousStorageIfAvailable { b in Self.dots(b) }
            ?? Self.dots(Array(utf8))
        var short = Substring(name)
        if let dot = dots.module, dot + 1 < utf8.count {
            short = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: dot + 1)...])
        }
        // `App.ListViewController<App.Item>` is `ListViewController<Item>`.
        guard dots.inGeneric else { return short }
        return Substring(withoutModules(short))
    }

    /// Each type named in a generic's arguments without its module.
    private static func withoutModules(_ name: Substring) -> String {
        var out = ""
        var start = name.startIndex
        var afterArguments = false
        for k in name.indices where "<>, ".contains(name[k]) {
            out += lastPart(name[start..<k], afterArguments: afterArguments)
            out.append(name[k])
            afterArguments = name[k] == ">"
            start = name.index(after: k)
        }
        return out + lastPart(name[start...], afterArguments: afterArguments)
    }

    /// A type's name without its module; a nested type right after a generic's arguments
    /// (`.Sub` in `Cell<Int>.Sub`) keeps its dots.
    private static func lastPart(_ word: Substring, afterArguments: Bool) -> Substring {
        if afterArguments, word.first == "." { return word }
        return word.split(separator: ".").last ?? ""
    }

    /// In one pass over a name's bytes: its last dot before a generic's arguments (the end of
    /// its module), and whether a dot follows the first `<` (a module inside the arguments).
    private static func dots(_ b: UnsafeBufferPointer<UInt8>) -> (module: Int?, inGeneric: Bool) {
        var last: Int? = nil
        var k = 0
        while k < b.count {
            let c = b[k]
            if c == 0x3C {  // <
                while k < b.count, b[k] != 0x2E { k += 1 }
                return (last, k < b.count)
            }
            if c == 0x2E { last = k }
            k += 1
        }
        return (last, false)
    }

    private static func dots(_ b: [UInt8]) -> (module: Int?, inGeneric: Bool) {
        b.withUnsafeBufferPointer { dots($0) }
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
