/// Loggers that print the function a record came from (`-[Feed viewDidLoad] [Line 21]`,
/// `In viewDidLoad() of Feed.swift:32`) print it on every log statement, so one run of
/// `viewDidLoad` with two statements gives two records. Consecutive records of the same object
/// and event whose source lines increase are one call; the same line again is a second call.
///
/// ```
/// -[Feed viewDidLoad] [Line 21] retainCount=8     call
/// -[Feed viewDidLoad] [Line 27] retainCount=10    the same call
/// -[Feed viewDidLoad] [Line 21] retainCount=8     a second call
/// ```
struct RepeatedRecords {
    struct Located: Equatable {
        var object: String?
        var event: CanonicalEvent
        var line: Int
    }

    private var last: Located? {
        didSet { isActive = last != nil }
    }

    /// Whether the call before was logged with a source line (kept as a flag: the hot path of
    /// a log without source lines reads only this).
    private(set) var isActive = false

    /// Where a message's one call was logged from, if its logger printed a source line.
    static func located(_ kind: MessageKind) -> Located? {
        guard case .call(let call) = kind, let line = call.sourceLine, let event = call.canonical else { return nil }
        return Located(object: call.object?.name, event: event, line: line)
    }

    /// Whether a message of this kind holds a lifecycle call. Other calls (a subview's
    /// `init(frame:)` made inside `viewDidLoad`) do not end a function's run.
    static func isCall(_ kind: MessageKind) -> Bool {
        switch kind {
        case .call(let call): return call.canonical != nil
        case .calls(let calls): return calls.contains { $0.canonical != nil }
        case .warnedCall: return true
        default: return false
        }
    }

    /// Whether a message, a call when `isCall`, logged from `located`, continues the call before it.
    mutating func continues(isCall: Bool, located: Located?) -> Bool {
        guard isCall else { return false }
        // The common case: neither this call nor the one before printed a source line.
        if located == nil, last == nil { return false }
        defer { last = located }
        guard let located, let last else { return false }
        return last.object == located.object && last.event == located.event && located.line > last.line
    }
}
