/// Which end of a call a line logs, when it says: apps that log a method's entry and its exit
/// print two lines for one call.
///
/// ```
/// [ListViewController] loadView - before super    start
/// [ListViewController] loadView - after super     end: the same loadView, not a second
/// Home viewDidLoad start / Home viewDidLoad end
/// Enter viewDidAppear / Exit viewDidAppear
/// ```
enum CallPhase: Sendable, Hashable {
    case start, end

    /// Words right after the event that mark its line as the call's start or end, lower case.
    /// A marker only joins an end to a start: a line marked as an end with no start open is
    /// a call of its own (an app may log only the end).
    static let startWords = [
        "before super", "start", "started", "starts", "begin", "begins", "began", "enter", "entered", "entering",
        "开始", "開始", "进入", "進入", "시작",
    ]
    static let endWords = [
        "after super", "end", "ended", "ends", "finish", "finished", "done", "exit", "exited", "complete",
        "completed", "结束", "完成", "完毕", "退出", "終了", "完了", "끝",
    ]
    /// Words right before the event (`Enter viewDidAppear`, `Exit viewDidAppear`).
    static let startWordsBefore: Set<String> = ["enter", "entering", "entered", "begin"]
    static let endWordsBefore: Set<String> = ["exit", "exiting", "leave", "leaving", "end"]

    /// The phase the text after an event marks: it starts (after separators such as `-`, `:`,
    /// `(`) with one of the words, and the word ends there.
    static func after(_ text: Substring) -> CallPhase? {
        let rest = text.drop { " \t-–—:|([>*=.,".contains($0) }.lowercased()
        func starts(with words: [String]) -> Bool {
            words.contains { word in
                guard rest.hasPrefix(word) else { return false }
                guard let next = rest.dropFirst(word.count).first else { return true }
                return !(next.isASCII && (next.isLetter || next.isNumber))
            }
        }
        if starts(with: endWords) { return .end }
        if starts(with: startWords) { return .start }
        return nil
    }

    /// The phase a word right before an event marks.
    static func before(_ word: String) -> CallPhase? {
        let word = word.lowercased()
        if startWordsBefore.contains(word) { return .start }
        if endWordsBefore.contains(word) { return .end }
        return nil
    }
}

/// Pairs the line that logs a call's end with the line that logged its start, per object and
/// event, so the two read as one call. A line of the same object and event between them, with
/// no start or end word, is a record printed from inside that call:
///
///     NaviController loadView() Start
///     NaviController loadView()  view = Optional(<UILayoutContainerView: 0x7ff793804ee0 …>)
///     NaviController loadView() End
struct OpenCalls {
    private var open: [String: [Int]] = [:]

    /// How many lines after a start a record can be from inside that call: a start whose end
    /// was never logged does not swallow the same call logged plainly much later.
    static let recordReach = 200

    /// Whether no call is open: most logs mark no starts, and their lines skip the lookup.
    var isEmpty: Bool { open.isEmpty }

    /// For a call read from `line`: the line its start was logged on when the line logs the end
    /// of a call already read (it then adds no call), else nil.
    /// For a line with neither word, the start line of the open call it is a record of.
    mutating func note(_ call: RawCall, line: Int) -> Int? {
        guard call.phase != nil || !open.isEmpty else { return nil }
        let ref = call.object ?? TraceBuilder.implicitObject(for: call.canonical)
        let key = (ref.map { "\($0.shortName) \($0.address ?? "")" } ?? "?") + "\u{1}" + call.method
        guard let phase = call.phase else {
            guard let start = open[key]?.last, line - start <= OpenCalls.recordReach else { return nil }
            return start
        }
        switch phase {
        case .start:
            open[key, default: []].append(line)
            return nil
        case .end:
            guard var lines = open[key], let start = lines.popLast() else { return nil }
            open[key] = lines.isEmpty ? nil : lines
            return start
        }
    }
}

/// The last eight load calls logged plainly, for a line that logs the end of one of them with no
/// start word before (`OpenCalls` pairs only marked starts). A controller loads once, so the
/// same object's same load call marked as an end, within `OpenCalls.recordReach` lines, is
/// the end of the call read before, not a second one:
///
///     🔄 [MainViewController] viewDidLoad called        the call
///     🔄 [MainViewController] Setting up WebView
///     ✅ [MainViewController] viewDidLoad completed     its end
///
/// An app that logs only ends (`viewDidLoad completed` alone) keeps a call per line.
struct RecentLoads<Key> {
    private var entries: [(key: Key, line: Int)] = []
    private var next = 0
    /// How many are kept: the end of a load comes before the next few loads are logged.
    static var capacity: Int { 8 }

    /// Notes a load call logged plainly on `line`.
    mutating func note(_ key: Key, line: Int) {
        if entries.count < Self.capacity {
            entries.append((key, line))
        } else {
            entries[next] = (key, line)
            next = (next + 1) % Self.capacity
        }
    }

    /// For an end logged on `line`: the line of the latest load call `matches` takes, which it
    /// then forgets; nil when none is near enough.
    mutating func end(line: Int, where matches: (Key) -> Bool) -> Int? {
        var best = -1
        var start = Int.min
        for (i, entry) in entries.enumerated()
        where line - entry.line <= OpenCalls.recordReach && entry.line > start && matches(entry.key) {
            (best, start) = (i, entry.line)
        }
        guard best >= 0 else { return nil }
        entries[best].line = Int.min / 2  // out of reach from now on
        return start
    }

    var isEmpty: Bool { entries.isEmpty }

    mutating func removeAll() {
        entries = []
        next = 0
    }
}
