/// Reads the argument text that follows a method in a log line:
/// `animated = YES`, `animated:1`, `from: <A: 0x1>, to: <B: 0x2>`, `<B: 0x2>`, `nil`,
/// `Optional(<C: 0x3>)`, and `- Called for object <X: 0x1>` (which gives the caller's address).
enum ArgumentParser {
    enum Quality: Comparable { case clean, bareWords, junk }

    /// Adds what it finds to `call.args` (and `call.object`'s address). Says whether the text
    /// was all arguments, held bare words (`B`), or held words that are not arguments.
    @discardableResult
    static func parse(_ b: Bytes, from start: Int, to end: Int, into call: inout RawCall) -> Quality {
        // A thread printed beside the call (`---<NSThread: 0x…>{number = 1, name = main}`) is
        // none of its arguments.
        if let (threadStart, threadEnd) = thread(b, from: start, to: end) {
            let before = parse(b, from: start, to: threadStart, into: &call)
            return max(before, parse(b, from: threadEnd, to: end, into: &call))
        }
        var quality = Quality.clean
        var positional = 0
        var i = start
        while i < end {
            i = b.skipSpaces(from: i, to: end)
            guard i < end else { break }
            let pieceEnd = topLevelComma(b, from: i, to: end) ?? end
            let pieceStop = b.trimTrailingSpaces(from: i, to: pieceEnd)
            quality = max(quality, piece(b, from: i, to: pieceStop, into: &call, positional: &positional))
            i = pieceEnd + 1
        }
        return quality
    }

    private static func topLevelComma(_ b: Bytes, from i: Int, to end: Int) -> Int? {
        var depth = 0
        var j = i
        while j < end {
            switch b[j] {
            case ASCII.less, ASCII.lparen, ASCII.lbracket: depth += 1
            case ASCII.greater, ASCII.rparen, ASCII.rbracket: depth = max(0, depth - 1)
            case ASCII.comma where depth == 0: return j
            default: break
            }
            j += 1
        }
        return nil
    }

    private static func piece(_ b: Bytes, from start: Int, to end: Int, into call: inout RawCall, positional: inout Int)
        -> Quality
    {
        guard start < end else { return .clean }
        // `key = value`, `key: value`, `key=value`
        let keyEnd = b.identifierEnd(from: start, to: end, dots: false)
        if keyEnd > start, ASCII.isIdentifierStart(b[start]) {
            var j = b.skipSpaces(from: keyEnd, to: end)
            if j < end, b[j] == ASCII.equals || b[j] == ASCII.colon {
                j = b.skipSpaces(from: j + 1, to: end)
                if j < end {
                    let key = b.string(start..<keyEnd)
                    call.args.append((key, value(b, from: j, to: end, objectKey: objectKeys.contains(key))))
                    return .clean
                }
            }
        }
        // An object anywhere in the piece: `<B: 0x2>` or `Called for object <X: 0x1>`; several
        // in a row are several arguments (`transition(from:to:…) <A: 0x1> <B: 0x2>`).
        if let open = firstLess(b, from: start, to: end),
            let (ref, next) = MessageParser.objectLiteral(b, at: open, end: end)
        {
            if let caller = call.object, caller.address == nil, caller.shortName == ref.shortName, open > start {
                call.object?.address = ref.address
                return .clean
            }
            addPositional(.object(ref), to: &call, index: &positional)
            var k = b.skipSpaces(from: next, to: end)
            while k < end, let (more, after) = MessageParser.objectLiteral(b, at: k, end: end) {
                addPositional(.object(more), to: &call, index: &positional)
                k = b.skipSpaces(from: after, to: end)
            }
            return .clean
        }
        // A single word: `YES`, `1`, `nil`, `B`.
        var j = start
        while j < end, !ASCII.isSpace(b[j]) { j += 1 }
        if j == end {
            let word = stripOptional(b.string(start..<end))
            let parsed = ArgValue.parse(logWord: word)
            if case .string(let text) = parsed {
                if isName(text) {
                    // `push B`, `willMove(toParent:) container`: a lifecycle call's argument is
                    // an object. An app's own call's is one when it reads as a class or a
                    // role: `loadURL called` ends in a word, not a controller.
                    let object = call.canonical != nil || NameWords.isTypeLike(text)
                    let arg: RawArg = object ? .object(ObjectRef(name: text)) : .value(parsed)
                    addPositional(arg, to: &call, index: &positional)
                    return .bareWords
                }
                return .junk
            }
            addPositional(.value(parsed), to: &call, index: &positional)
            return .clean
        }
        return .junk
    }

    /// Where the first thread description between `i` and `end` starts and ends.
    private static func thread(_ b: Bytes, from i: Int, to end: Int) -> (Int, Int)? {
        var j = i
        while let open = firstLess(b, from: j, to: end) {
            if let threadEnd = LineTokenizer.threadDescriptionEnd(b, at: open, end: end) { return (open, threadEnd) }
            j = open + 1
        }
        return nil
    }

    private static func firstLess(_ b: Bytes, from i: Int, to end: Int) -> Int? {
        var j = i
        while j < end {
            if b[j] == ASCII.less { return j }
            j += 1
        }
        return nil
    }

    /// Argument names whose plain-word values name controllers: `from: A, to: B`.
    static let objectKeys: Set<String> = [
        "from", "to", "parent", "toParent", "child", "view", "viewController", "selectedViewController", "presented",
        "presenting",
    ]

    private static func value(_ b: Bytes, from start: Int, to end: Int, objectKey: Bool) -> RawArg {
        if let open = firstLess(b, from: start, to: end),
            let (ref, _) = MessageParser.objectLiteral(b, at: open, end: end)
        {
            return .object(ref)
        }
        let text = stripOptional(b.string(start..<end))
        let parsed = ArgValue.parse(logWord: text)
        if objectKey, case .string(let word) = parsed, isName(word) { return .object(ObjectRef(name: word)) }
        return .value(parsed)
    }

    static func isName(_ word: String) -> Bool {
        guard let first = word.utf8.first, ASCII.isIdentifierStart(first) else { return false }
        return word.utf8.allSatisfy { ASCII.isIdentifier($0) || $0 == ASCII.dot }
    }

    private static func stripOptional(_ text: String) -> String {
        if text.hasPrefix("Optional("), text.hasSuffix(")") {
            return String(text.dropFirst(9).dropLast())
        }
        return text
    }

    /// The first lone value takes the event's natural argument name (`parent`, `to`, ...).
    private static func addPositional(_ arg: RawArg, to call: inout RawCall, index: inout Int) {
        defer { index += 1 }
        let event = call.canonical
        let name: String
        var isBool = false
        if case .value(.bool) = arg { isBool = true }
        switch (event, index) {
        // `popViewController(animated:) true`: a flag is never a controller.
        case (let e?, _)
        where isBool && [.push, .pop, .present, .dismiss, .willShow, .didShow, .setViewControllers].contains(e)
            && !call.args.contains(where: { $0.0 == "animated" }):
            name = "animated"
        // The controller popped back to.
        case (.pop?, 0) where call.method.hasPrefix("popToViewController"): name = "to"
        case (.transition?, 0): name = "from"
        case (.transition?, 1): name = "to"
        case (.setSelected?, 0) where call.method.utf8.contains(0x49) || call.method.contains("index"): name = "index"
        case (let e?, 0) where e.kind == .appearance: name = "animated"
        case (let e?, 0): name = e.primaryArgument ?? "value"
        case (_, 0): name = "value"
        default: name = "value\(index + 1)"
        }
        call.args.append((name, arg))
    }
}
