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

    private var last: Located?

    /// Where a message's one call was logged from, if its logger printed a source line.
    static func located(_ kind: MessageKind) -> Located? {
        guard case .call(let call) = kind, let line = call.sourceLine, let event = call.canonical else { return nil }
        return Located(object: call.object?.name, event: event, line: line)
    }

    /// Whether a message of this kind, logged from `located`, continues the call before it.
    mutating func continues(_ kind: MessageKind, located: Located?) -> Bool {
        switch kind {
        case .call, .calls, .warnedCall: break
        default: return false
        }
        defer { last = located }
        guard let located, let last else { return false }
        return last.object == located.object && last.event == located.event && located.line > last.line
    }
}
