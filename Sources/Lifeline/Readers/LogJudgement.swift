/// Decides, from the first lines of a console input, whether it is a log at all. Source code,
/// crash reports and documentation mention lifecycle methods on many lines, some of which read
/// like `print(#function)` output (`viewDidLoad()` alone); taken line by line they would make a
/// wrong trace. A log has few lines of code, stack frames, headings or sentences; such a file has
/// many.
///
/// ```
/// override func viewDidLoad() {          code
///     super.viewDidLoad()                code
///     print("viewDidLoad")               code
/// }                                      code        → not a log: 4 of 4 lines are code
/// ```
struct LogJudgement {
    var calls = 0
    /// Lines read as calls by method names, and by Chinese or Japanese words alone.
    var methodNameCalls = 0
    var localizedCalls = 0

    /// Whether localized words for events are the calls of this log: it prints no method names.
    var readsLocalizedWords: Bool { methodNameCalls == 0 && localizedCalls > 0 }
    var code = 0
    var frames = 0
    var documentation = 0
    var sentences = 0
    /// Sentences in a script written with spaces other than English (`NonCallLines.isSpacedSentence`).
    var spacedSentences = 0
    var lines = 0
    /// Lines that go on a stamped record (`NonCallLines` shapes after it, before a blank line):
    /// a description or an error a logger printed over several lines. They are the log's own.
    var continuations = 0
    /// Whether the line before was a stamped record or went on one.
    private var inRecord = false
    /// The readings of the messages met so far: a log repeats its messages, and reading one
    /// costs far more than finding it again.
    private var readings: [ArraySlice<UInt8>: Reading] = [:]
    /// The readings of calls by their messages' shape, each address and each described class
    /// left out: a long session logs the same calls of ever new instances, and a message that
    /// differs from a call read before only there reads as that call does (as `AddressShapes`
    /// reads it).
    private var callShapes: [[UInt8]: Reading] = [:]
    private var addressRanges: [Range<Int>] = []
    private var classRanges: [(range: Range<Int>, address: Int)] = []

    /// What `readCalls` takes from a message's reading.
    private struct Reading {
        let kind: MessageKind
        let byMethodName: Bool
        let byLocalizedWordsAlone: Bool
        let isNamedCall: Bool

        var isCall: Bool {
            switch kind {
            case .call, .calls, .warnedCall: return true
            default: return false
            }
        }
    }

    /// Lines read as calls that each name a class or a role (`ViewController: loadView 호출`).
    var namedCalls = 0

    var nonLogLines: Int { code + frames + documentation + sentences + spacedSentences }

    /// Lines that tell a log from a document. Headings, fences and table rows count unless most calls name
    /// their objects, and more lines do than are headings: documentation lists methods, and a
    /// log an author split into groups with headings names who was called.
    ///
    /// ```
    /// # 메모리에 저장                          a heading
    /// ViewController: loadView 호출          a call that names its object
    /// ViewController: viewDidLoad 호출       a call that names its object   → a log
    /// ```
    ///
    /// A sentence in Korean or Russian counts only when most calls name no object: a document
    /// explains methods one by one, while an author who remarks on a log in their own language
    /// logged who was called.
    ///
    /// ```
    /// 1. loadView                                      ? loadView
    /// viewController 의 View를 만드는 역할             a sentence         → documentation
    /// ```
    var evidenceAgainstLog: Int {
        let namesMost = namedCalls * 2 > calls
        let headingsExcused = namesMost && namedCalls > documentation
        return code + frames + sentences + (headingsExcused ? 0 : documentation) + (namesMost ? 0 : spacedSentences)
    }

    /// What the input looks like when it is not a log ("source code", "a crash report",
    /// "documentation"), or nil for a log. A log may hold a few such lines (an author's
    /// headings, a pasted line of code), so it takes at least four of them and as many as
    /// half the lines read as calls.
    var verdict: String? {
        let against = evidenceAgainstLog
        guard against >= 4, against * 2 >= calls else { return nil }
        let kinds = [
            (code, "source code"), (frames, "a crash report"),
            (documentation + sentences + spacedSentences, "documentation or prose"),
        ]
        return kinds.max { $0.0 < $1.0 }!.1
    }

    var summary: String {
        "\(nonLogLines) of its first \(lines) lines are code, stack frames, headings or sentences, against \(calls) that read as calls"
    }

    /// Judges the lines of `head` (the first bytes of the input; a last partial line is left out).
    static func judge(_ head: ArraySlice<UInt8>) -> LogJudgement {
        var judgement = LogJudgement()
        var bytes = Array(head)
        if let lastLF = bytes.lastIndex(of: ASCII.lf), bytes.count == 64 * 1024 {
            bytes.removeSubrange((lastLF + 1)...)
        }
        bytes.withUnsafeBufferPointer { b in
            var start = 0
            while start < b.count {
                var end = start
                while end < b.count, b[end] != ASCII.lf { end += 1 }
                judgement.add(b, from: start, to: end)
                start = end + 1
            }
        }
        return judgement
    }

    /// Judges a line as it was printed, as its message is read (see `CopiedText`).
    private mutating func add(_ b: Bytes, from start: Int, to end: Int) {
        if let plain = CopiedText.plain(b, from: start, to: end) {
            plain.withUnsafeBufferPointer { addAsPrinted($0, from: 0, to: $0.count) }
        } else {
            addAsPrinted(b, from: start, to: end)
        }
    }

    private mutating func addAsPrinted(_ b: Bytes, from start: Int, to end: Int) {
        let i = LogPrefix.lineStart(b, from: start, to: end)
        let end = b.trimTrailingSpaces(from: i, to: end)
        guard i < end else {
            inRecord = false
            return
        }
        lines += 1
        let prefix = LogPrefix.parse(b, from: i, to: end)
        let m = LineFurniture.skip(b, from: prefix.messageStart, to: end).start
        let rawText = NonCallLines.Line(b: b, start: i, end: end)
        // A line a logger stamped with a time and a process or thread is a record, whatever
        // it says: `2015-06-18 22:14:00.086 App[10783:607] self.view.frame: {{0, 0}, {320, 568}}`.
        let isRecord = prefix.time != nil && prefix.threadRange != nil
        if isRecord {
            _ = readCalls(b, from: prefix.messageStart, to: end)
            inRecord = true
            return
        }
        // The lines a stamped record goes on over, up to a blank line or a heading, are the
        // record's, however much they look like code:
        //
        // ```
        // 2016-03-06 16:12:35:870 App[1105:60b] Error Occured:Error Domain=… "Expected content type {(
        //     "text/javascript",
        //     "application/json"
        // )}, got text/plain" UserInfo=0x14d0c430 {…
        // } }}
        // ```
        // A line that mentions a method without calling it (`super.viewDidLoad()`) is judged
        // as any other.
        var reading: MessageKind? = nil
        if inRecord, !NonCallLines.isDocumentation(rawText) {
            reading = readCalls(b, from: prefix.messageStart, to: end)
            switch reading {
            case .call, .calls, .warnedCall: return
            case .notCall: break
            default:
                continuations += 1
                return
            }
        }
        inRecord = false
        if NonCallLines.isCode(rawText)
            || (m < end && NonCallLines.isCode(NonCallLines.Line(b: b, start: m, end: end)))
        {
            code += 1
        } else if NonCallLines.isStackFrame(rawText) {
            frames += 1
        } else if NonCallLines.isDocumentation(rawText) {
            documentation += 1
        } else if NonCallLines.isWideSentence(rawText) {
            sentences += 1
        } else {
            switch reading ?? readCalls(b, from: prefix.messageStart, to: end) {
            case .call, .calls, .warnedCall: break
            case .notCall: sentences += 1
            default:
                if m < end, NonCallLines.isProse(b, from: m, to: end) {
                    sentences += 1
                } else if m < end, NonCallLines.isSpacedSentence(b, from: m, to: end) {
                    spacedSentences += 1
                }
            }
        }
    }

    /// Reads the message from `start`, counting it when it is a call; returns its reading.
    private mutating func readCalls(_ b: Bytes, from start: Int, to end: Int) -> MessageKind {
        let message = ArraySlice(b[start..<end])
        let reading: Reading
        if let known = readings[message] {
            reading = known
        } else {
            let shape = addressShape(b, from: start, to: end)
            reading = shape.flatMap { callShapes[$0] } ?? Self.reading(b, from: start, to: end)
            if let shape, callShapes.count < 4096, reading.isCall { callShapes[shape] = reading }
        }
        if readings.count < 4096 { readings[message] = reading }
        if reading.byMethodName { methodNameCalls += 1 }
        if reading.byLocalizedWordsAlone { localizedCalls += 1 }
        switch reading.kind {
        case .call, .calls, .warnedCall:
            calls += 1
            if reading.isNamedCall { namedCalls += 1 }
        default: break
        }
        return reading.kind
    }

    /// The message's bytes with each address cut to its `0x` and, when it is named nowhere
    /// else, each described class (`<App.Cell4ViewController: 0x…>`) that starts with a capital
    /// and reads as a class name put as a mark and whether it is a view's; nil when the message
    /// has no address.
    private mutating func addressShape(_ b: Bytes, from start: Int, to end: Int) -> [UInt8]? {
        let message = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[start..<end])
        AddressShapes.addresses(in: message, into: &addressRanges)
        guard !addressRanges.isEmpty else { return nil }
        AddressShapes.classes(in: message, addresses: addressRanges, into: &classRanges)
        // Only a class that names the object as every such class does (a capital first, no
        // filler word such as `Page`) is left out; whether it is a view's is kept.
        classRanges.removeAll {
            !ASCII.isUpper(message[$0.range.lowerBound])
                || !NameWords.isTypeLike(
                    String(ObjectRef.shortName(of: String(decoding: message[$0.range], as: UTF8.self))))
        }
        let shape = Self.shape(message, addresses: addressRanges, classes: classRanges)
        if classRanges.contains(where: { AddressShapes.namedElsewhere(message, $0.range, in: shape) }) {
            return Self.shape(message, addresses: addressRanges, classes: [])
        }
        return shape
    }

    private static func shape(
        _ message: UnsafeRawBufferPointer, addresses: [Range<Int>], classes: [(range: Range<Int>, address: Int)]
    ) -> [UInt8] {
        var shape: [UInt8] = []
        shape.reserveCapacity(message.count)
        var from = 0
        var next = 0  // the next class
        for range in addresses {
            if next < classes.count, classes[next].range.upperBound <= range.lowerBound {
                let name = classes[next].range
                shape.append(contentsOf: message[from..<name.lowerBound])
                let short = String(decoding: message[name], as: UTF8.self)
                shape.append(contentsOf: [0x01, NameWords.isViewClass(ObjectRef.shortName(of: short)) ? 1 : 0])
                from = name.upperBound
                next += 1
            }
            shape.append(contentsOf: message[from..<(range.lowerBound + 2)])
            from = range.upperBound
        }
        shape.append(contentsOf: message[from...])
        return shape
    }

    private static func reading(_ b: Bytes, from start: Int, to end: Int) -> Reading {
        let reading = MessageParser.read(b, from: start, to: end, localized: true)
        let named = reading.found.allSatisfy {
            [.instance, .methodClass, .bound].contains($0.objectRule)
                && $0.call.object.map { NameWords.isTypeLike($0.shortName) } == true
        }
        return Reading(
            kind: reading.kind,
            byMethodName: reading.found.contains { $0.eventRule != .localized },
            byLocalizedWordsAlone: !reading.found.isEmpty && reading.found.allSatisfy { $0.eventRule == .localized },
            isNamedCall: named)
    }
}
