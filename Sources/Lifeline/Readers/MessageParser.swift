#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one console message turned out to be.
enum MessageKind {
    case call(RawCall)
    /// Several calls on one line (`(Home)viewWillDisappear -> (Detail)viewDidLoad`), in order.
    case calls([RawCall])
    /// UIKit's own complaint, such as "Unbalanced calls to begin/end appearance transitions".
    case uikitWarning(String)
    /// UIKit's complaint about a call it saw, kept as a finding and as that call: "Calling
    /// -viewWillAppear: directly on a view controller is not supported … View controller: <X: 0x1>".
    case warnedCall(String, RawCall)
    /// Blank lines, separators such as `--------PUSH--------`, comments.
    case ignorable
    case unparsed
    /// A line that mentions a lifecycle method but is not a call: source code, a stack frame,
    /// documentation or prose.
    case notCall(String)
}

/// How a message was read, with the rules that read it (shown by `--explain`).
struct MessageReading {
    var kind: MessageKind
    /// Each call with the rules that found its event and its object.
    var found: [CallFinder.Found] = []
    /// For a message that is not read as calls, why; for a call read by its shape, which shape.
    var reason: String = ""
}

/// Reads console messages. Lifecycle events are found first, anywhere in the line, and then
/// their objects from the evidence around them (`CallFinder`); line furniture (times, levels,
/// tags, locations, bullets) is passed over first (`LineFurniture`), and source code, stack
/// frames and prose are never calls (`NonCallLines`). A line with no lifecycle event is read by
/// the shapes of custom calls: `-[X sel:]`, `[X sel]`, `X.sel(_:)`, `X sel(_:)`, `<X: 0x1> sel`,
/// `A: sel`, `[Tag] sel`, `vc1 – sel`, `sel(_:)` alone.
enum MessageParser {
    static func parse(_ b: Bytes, from start: Int, to end: Int, localized: Bool = false) -> MessageKind {
        read(b, from: start, to: end, localized: localized).kind
    }

    /// Reads a message; with `localized`, Chinese and Japanese words for events are read too.
    static func read(_ b: Bytes, from start: Int, to end: Int, localized: Bool = false) -> MessageReading {
        // A log copied from a page may space its words with `&nbsp;` or ideographic spaces,
        // or keep the page's escapes: undone once (`&amp;lt;` is the `&lt;` a log printed).
        if let plain = CopiedText.plain(b, from: start, to: end) {
            return plain.withUnsafeBufferPointer { readAsPrinted($0, from: 0, to: $0.count, localized: localized) }
        }
        return readAsPrinted(b, from: start, to: end, localized: localized)
    }

    /// Reads a message as the app printed it.
    private static func readAsPrinted(_ b: Bytes, from start: Int, to end: Int, localized: Bool) -> MessageReading {
        let i = b.skipSpaces(from: start, to: end)
        let end = b.trimTrailingSpaces(from: i, to: end)
        guard i < end else { return MessageReading(kind: .ignorable, reason: "blank") }
        if let warning = uikitWarning(b, from: i, to: end) {
            if let call = misusedCall(b, from: i, to: end) {
                return MessageReading(kind: .warnedCall(warning, call), reason: "UIKit warning")
            }
            return MessageReading(kind: .uikitWarning(warning), reason: "UIKit warning")
        }
        if LineFurniture.isToolHeader(b, from: i, to: end) {
            return MessageReading(kind: .ignorable, reason: "a log tool's header")
        }
        let furniture = LineFurniture.skip(b, from: i, to: end)
        let m = furniture.start
        guard m < end else { return MessageReading(kind: .ignorable, reason: "no message after the line's prefix") }
        if let reason = NonCallLines.reason(b, from: m, to: end) {
            return MessageReading(kind: hasEvent(b, from: m, to: end) ? .notCall(reason) : .ignorable, reason: reason)
        }
        if let call = ObjCMessageSend.call(b, from: m, to: end) {
            return MessageReading(kind: .call(call), reason: "an Objective-C message send with its arguments")
        }
        let finder = CallFinder(b, from: m, to: end, file: furniture.file.map { b.string($0) }, localized: localized)
        let found = finder.find()
        if found.isEmpty, finder.namesNegatedCall() {
            let reason = "a remark that the method is not called"
            return MessageReading(kind: .notCall(reason), reason: reason)
        }
        if !found.isEmpty {
            let strong = found.contains { [.instance, .methodClass, .bound].contains($0.objectRule) }
            // An author's note after ` // ` is about the call, not the line's words.
            let noted = NonCallLines.noteStart(b, from: m, to: end) ?? end
            if !strong, NonCallLines.isProse(b, from: m, to: noted) || NonCallLines.isWideRemark(b, from: m, to: end) {
                return MessageReading(kind: .notCall("prose"), reason: "prose")
            }
            // In a comment, only a call that names its object is log output pasted into code.
            if !strong, furniture.comment { return MessageReading(kind: .notCall("a comment"), reason: "a comment") }
            let kind: MessageKind = found.count == 1 ? .call(found[0].call) : .calls(found.map(\.call))
            return MessageReading(kind: kind, found: found)
        }
        if isSeparator(b, from: i, to: end) || isSeparator(b, from: m, to: end) {
            return MessageReading(kind: .ignorable, reason: "a separator")
        }
        if furniture.comment { return MessageReading(kind: .ignorable, reason: "a comment") }
        let shape = customCall(b, from: m, to: end)
        if case .call(let call) = shape {
            if call.canonical != nil || namesEventWithArgument(call.method) || !looksLikeMethod(call.method)
                || NonCallLines.isProse(b, from: m, to: end)
            {
                return MessageReading(kind: .unparsed, reason: "no lifecycle event")
            }
            return MessageReading(kind: shape, reason: "custom call, by its shape")
        }
        return MessageReading(kind: shape, reason: "no lifecycle event")
    }

    /// The call UIKit's appearance-callback misuse warning names:
    /// `Calling -viewWillAppear: directly … View controller: <SoundBar.Player: 0x11e07cc00>`.
    private static func misusedCall(_ b: Bytes, from start: Int, to end: Int) -> RawCall? {
        guard let calling = b.find("Calling -", from: start, end: end),
            let label = b.find("View controller: <", from: start, end: end)
        else { return nil }
        let selStart = calling + 9
        var j = selStart
        while j < end, ASCII.isIdentifier(b[j]) && b[j] < 0x80 || b[j] == ASCII.colon { j += 1 }
        guard j > selStart, let (ref, _) = objectLiteral(b, at: label + 17, end: end) else { return nil }
        let call = RawCall(object: ref, method: b.string(selStart..<j))
        return call.canonical == nil ? nil : call
    }

    /// A custom method is written as one: `prepare(for:sender:)`, `tabBar:didSelectItem:`,
    /// `textFieldDidBeginEditing`; a plain word (`else`, `done`) is not.
    static func looksLikeMethod(_ method: String) -> Bool {
        let utf8 = method.utf8
        // No identifier holds a full-width or ideographic punctuation mark: `当从A push到B的时候，
        // 方法执行顺序是:` ("when A pushes B, the order is:") is a sentence.
        if method.unicodeScalars.contains(where: isWidePunctuation) { return false }
        return utf8.contains(ASCII.lparen) || utf8.contains(ASCII.colon) || utf8.contains(ASCII.underscore)
            || utf8.dropFirst().contains { ASCII.isUpper($0) }
    }

    /// CJK symbols and punctuation (`、` `。` `「`), and the full-width forms of ASCII
    /// punctuation (`，` `：` `（`); not full-width letters and digits.
    private static func isWidePunctuation(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x3000...0x303F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: return true
        default: return false
        }
    }

    /// `viewWillAppear:YES`: a lifecycle selector with its argument written in, as in a message
    /// send (`[LoginVC viewWillAppear:YES]`), which is code, not a custom method.
    private static func namesEventWithArgument(_ method: String) -> Bool {
        guard let colon = method.firstIndex(of: ":"), method.index(after: colon) != method.endIndex else {
            return false
        }
        return RawCall(object: nil, method: String(method[...colon])).canonical != nil
    }

    /// Whether any word of the message names a lifecycle event.
    private static func hasEvent(_ b: Bytes, from start: Int, to end: Int) -> Bool {
        LineTokenizer.tokens(b, from: start, to: end).contains { t in
            switch t.kind {
            case .name: return EventLexicon.lookup(CanonicalEvent.squash(b.string(t.range))) != nil
            case .objcMethod: return EventLexicon.lookup(CanonicalEvent.squash(b.string(t.second))) != nil
            default: return false
            }
        }
    }

    /// The shapes of a custom call (a method that is not a lifecycle event).
    private static func customCall(_ b: Bytes, from start: Int, to end: Int) -> MessageKind {
        var i = start
        i = skipListMarker(b, from: i, to: end)
        guard i < end else { return .ignorable }

        if let call = objcCall(b, from: i, to: end) { return .call(call) }
        let c = b[i]
        if c == ASCII.lbracket, let call = taggedCall(b, from: i, to: end) { return .call(call) }
        if c == ASCII.less, let (ref, next) = objectLiteral(b, at: i, end: end) {
            var j = skipSeparator(b, from: next, to: end)
            if j < end, b[j] == ASCII.dot { j += 1 }
            if let call = methodAndArgs(b, from: j, to: end, object: ref, strictRest: false) { return .call(call) }
            return .unparsed
        }
        if ASCII.isIdentifierStart(c), let call = namedCall(b, from: i, to: end) { return .call(call) }
        return .unparsed
    }

    // MARK: - Line furniture

    private static func isSeparator(_ b: Bytes, from i: Int, to end: Int) -> Bool {
        if b.hasPrefix("//", at: i, end: end) { return true }
        guard end - i >= 3 else { return false }
        let c = b[i]
        guard c == ASCII.dash || c == ASCII.equals || c == 0x2A || c == 0x23 || c == 0x7E else { return false }
        return b[i + 1] == c && b[i + 2] == c
    }

    private static func skipListMarker(_ b: Bytes, from i: Int, to end: Int) -> Int {
        var j = i
        while j < end, ASCII.isDigit(b[j]) { j += 1 }
        if j > i, j + 1 < end, b[j] == ASCII.colon || b[j] == ASCII.dot || b[j] == ASCII.rparen,
            b[j + 1] == ASCII.space
        {
            return b.skipSpaces(from: j + 1, to: end)
        }
        if i + 1 < end, b[i] == ASCII.dash || b[i] == 0x2A, b[i + 1] == ASCII.space {
            return b.skipSpaces(from: i + 2, to: end)
        }
        if b.hasPrefix("• ", at: i, end: end) { return b.skipSpaces(from: i + 4, to: end) }
        if b.hasPrefix("– ", at: i, end: end) { return b.skipSpaces(from: i + 4, to: end) }
        return i
    }

    /// Skips ` - `, ` – `, ` — `, `: `, ` -> ` and spaces between an object and its method.
    private static func skipSeparator(_ b: Bytes, from i: Int, to end: Int) -> Int {
        var j = b.skipSpaces(from: i, to: end)
        if b.hasPrefix("->", at: j, end: end) {
            j += 2
        } else if b.hasPrefix("–", at: j, end: end) || b.hasPrefix("—", at: j, end: end) {
            j += 3
        } else if j < end, b[j] == ASCII.dash || b[j] == ASCII.colon {
            j += 1
        }
        return b.skipSpaces(from: j, to: end)
    }

    private static let uikitPhrases: [StaticString] = [
        "Unbalanced calls to begin/end appearance transitions",
        "is not in the window hierarchy",
        "Attempt to present",
        "Attempt to dismiss",
        "should have parent view controller",
        "Child view controller",
        "directly on a view controller is not supported",
    ]

    private static func uikitWarning(_ b: Bytes, from i: Int, to end: Int) -> String? {
        guard let base = b.baseAddress, end - i >= 18 else { return nil }
        for phrase in uikitPhrases {
            let first = Int32(phrase.utf8Start[0])
            var k = i
            while k < end, let hit = memchr(base + k, first, end - k) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if b.hasPrefix(phrase, at: at, end: end) { return b.string(i..<end) }
                k = at + 1
            }
        }
        return nil
    }

    // MARK: - Shapes

    /// `-[Class selector:]`, `+[Class sel]`, `[Class sel]`, anywhere in the line, as in
    /// `(-[X sel]) - Called for object <X: 0x1>, animated = YES` or `方法:-[X sel]`.
    private static func objcCall(_ b: Bytes, from start: Int, to end: Int) -> RawCall? {
        var i = start
        while i < end {
            guard b[i] == ASCII.lbracket else { i += 1; continue }
            let nameStart = i + 1
            let nameEnd = b.identifierEnd(from: nameStart, to: end, dots: true)
            if nameEnd > nameStart, ASCII.isIdentifierStart(b[nameStart]), nameEnd < end, b[nameEnd] == ASCII.space {
                let selStart = nameEnd + 1
                var j = selStart
                while j < end, ASCII.isIdentifier(b[j]) || b[j] == ASCII.colon { j += 1 }
                if j > selStart, j < end, b[j] == ASCII.rbracket, ASCII.isIdentifierStart(b[selStart]) {
                    let object = ObjectRef(name: NameWords.demangled(b.string(nameStart..<nameEnd)))
                    var call = RawCall(object: object, method: b.string(selStart..<j))
                    var restStart = j + 1
                    if restStart < end, b[restStart] == ASCII.rparen { restStart += 1 }
                    restStart = skipSeparator(b, from: restStart, to: end)
                    ArgumentParser.parse(b, from: restStart, to: end, into: &call)
                    return call
                }
            }
            i += 1
        }
        return nil
    }

    /// `[Tag] method args`: a role name (`[FirstVC] viewDidLoad`) or an event
    /// (`[shouldSelect] from: X, to: Y`).
    private static func taggedCall(_ b: Bytes, from i: Int, to end: Int) -> RawCall? {
        let nameStart = i + 1
        let nameEnd = b.identifierEnd(from: nameStart, to: end, dots: true)
        guard nameEnd > nameStart, nameEnd < end, b[nameEnd] == ASCII.rbracket else { return nil }
        let tag = b.string(nameStart..<nameEnd)
        let rest = skipSeparator(b, from: nameEnd + 1, to: end)
        let tagged = RawCall(object: nil, method: tag)
        if tagged.canonical != nil {
            var call = tagged
            ArgumentParser.parse(b, from: rest, to: end, into: &call)
            return call
        }
        return methodAndArgs(b, from: rest, to: end, object: ObjectRef(name: tag), strictRest: false)
    }

    /// `<MyApp.Class: 0x7f..>` and `<Class: 0x1; frame = ...>`.
    static func objectLiteral(_ b: Bytes, at i: Int, end: Int) -> (ObjectRef, Int)? {
        guard i < end, b[i] == ASCII.less else { return nil }
        let nameStart = i + 1
        var nameEnd = b.identifierEnd(from: nameStart, to: end, dots: true)
        // A private type's runtime name holds a `$`: `_TtGC7SwiftUIP10$1a281c6242…`.
        if b.hasPrefix("_Tt", at: nameStart, end: end) {
            while nameEnd < end, b[nameEnd] == 0x24 || ASCII.isIdentifier(b[nameEnd]) && b[nameEnd] < 0x80 {
                nameEnd += 1
            }
        }
        guard nameEnd > nameStart, nameEnd + 2 < end, b[nameEnd] == ASCII.colon, b[nameEnd + 1] == ASCII.space,
            b.hasPrefix("0x", at: nameEnd + 2, end: end)
        else { return nil }
        var j = nameEnd + 4
        let addressStart = nameEnd + 2
        while j < end, ASCII.isHex(b[j]) { j += 1 }
        let addressEnd = j
        // A view's description goes on after its address (`; frame = (0 0; 375 667); …>`), never
        // for pages: a line of many `<` with no `>` is not read over again from each.
        let limit = min(end, j + 1024)
        while j < limit, b[j] != ASCII.greater { j += 1 }
        guard j < limit else { return nil }
        let ref = ObjectRef(
            name: NameWords.demangled(b.string(nameStart..<nameEnd)),
            address: normalisedAddress(b, addressStart..<addressEnd))
        return (ref, j + 1)
    }

    /// `0x00007f8e0c40a2b0` and `0x7f8e0c40a2b0` name the same object.
    static func normalisedAddress(_ b: Bytes, _ range: Range<Int>) -> String {
        var k = range.lowerBound + 2
        while k < range.upperBound - 1, b[k] == 0x30 { k += 1 }
        return "0x" + b.string(k..<range.upperBound).lowercased()
    }

    /// `Name: method`, `Name method(_:)`, `Name.method(_:)`, `Name – method`, or a method alone.
    private static func namedCall(_ b: Bytes, from i: Int, to end: Int) -> RawCall? {
        let nameEnd = b.identifierEnd(from: i, to: end, dots: true)
        let name = b.string(i..<nameEnd)
        let nameIsMethod = CanonicalEvent(method: name) != nil
        // Looked for among the characters only when a byte is a dot: most names hold none.
        let lastDot = (i..<nameEnd).contains { b[$0] == ASCII.dot } ? name.lastIndex(of: ".") : nil
        if let dot = lastDot, !nameIsMethod,
            CanonicalEvent(method: String(name[name.index(after: dot)...])) != nil
        {
            // `HomeViewController.viewDidLoad`, `MainTabBarController.selectedIndex = 1`
            let methodStart = i + name.utf8.distance(from: name.startIndex, to: dot) + 1
            return methodAndArgs(
                b, from: methodStart, to: end, object: ObjectRef(name: String(name[..<dot])), strictRest: false)
        }
        if nameEnd < end,
            b[nameEnd] == ASCII.lparen
                || (b[nameEnd] == ASCII.colon && nameIsMethod && !followedByMethod(b, nameEnd + 1, end))
        {
            // `viewWillAppear(_:)`, `Class.viewWillAppear(_:)` or `viewWillAppear: YES`.
            if let dot = lastDot, b[nameEnd] == ASCII.lparen {
                let objectName = String(name[..<dot])
                let methodStart = i + name.utf8.distance(from: name.startIndex, to: dot) + 1
                return methodAndArgs(
                    b, from: methodStart, to: end, object: ObjectRef(name: objectName), strictRest: false)
            }
            return methodAndArgs(b, from: i, to: end, object: nil, strictRest: false)
        }
        if nameEnd == end || (nameIsMethod && !followedByMethod(b, skipSeparator(b, from: nameEnd, to: end), end)) {
            return nameIsMethod ? methodAndArgs(b, from: i, to: end, object: nil, strictRest: false) : nil
        }
        let methodStart = skipSeparator(b, from: nameEnd, to: end)
        guard methodStart > nameEnd else { return nil }
        return methodAndArgs(b, from: methodStart, to: end, object: ObjectRef(name: name), strictRest: true)
    }

    private static func followedByMethod(_ b: Bytes, _ i: Int, _ end: Int) -> Bool {
        let j = b.skipSpaces(from: i, to: end)
        guard j < end, ASCII.isLower(b[j]) || b[j] == ASCII.underscore else { return false }
        let k = b.identifierEnd(from: j, to: end, dots: false)
        return CanonicalEvent(method: b.string(j..<k)) != nil || k == end || b[k] == ASCII.lparen
    }

    /// A method token (`viewWillAppear`, `viewWillAppear:`, `willMove(toParent:)`,
    /// `tabBarController:shouldSelectViewController:`) and the arguments after it. With
    /// `strictRest`, an unknown method must be followed by nothing or by argument-like text,
    /// so that ordinary sentences are not taken for calls.
    private static func methodAndArgs(_ b: Bytes, from i: Int, to end: Int, object: ObjectRef?, strictRest: Bool)
        -> RawCall?
    {
        guard i < end, ASCII.isLower(b[i]) || b[i] == ASCII.underscore else { return nil }
        var j = b.identifierEnd(from: i, to: end, dots: false)
        var parenContent: Range<Int>? = nil
        if j < end, b[j] == ASCII.lparen, let close = b.matching(open: j, end: end) {
            if isLabelSignature(b, (j + 1)..<close) {
                j = close + 1
            } else {
                parenContent = (j + 1)..<close
            }
        } else {
            // ObjC selector pieces: `sel:`, `a:b:`.
            while j < end, b[j] == ASCII.colon {
                j += 1
                let k = b.identifierEnd(from: j, to: end, dots: false)
                if k < end, b[k] == ASCII.colon { j = k } else { break }
            }
        }
        let method: String
        if let content = parenContent {
            method = b.string(i..<(content.lowerBound - 1))
        } else {
            method = b.string(i..<j)
        }
        var call = RawCall(object: object, method: method)
        let known = call.canonical != nil
        if let content = parenContent {
            ArgumentParser.parse(b, from: content.lowerBound, to: content.upperBound, into: &call)
            j = content.upperBound + 1
        }
        var rest = skipSeparator(b, from: j, to: end)
        if rest < end, b[rest] == ASCII.equals { rest = b.skipSpaces(from: rest + 1, to: end) }  // `selectedIndex = 1`
        let quality = ArgumentParser.parse(b, from: rest, to: end, into: &call)
        if strictRest && !known && quality != .clean { return nil }
        return call
    }

    /// `_:`, `toParent:`, `for:sender:` or nothing: a Swift signature, not argument values.
    private static func isLabelSignature(_ b: Bytes, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            let k = b.identifierEnd(from: i, to: range.upperBound, dots: false)
            guard k > i, k < range.upperBound, b[k] == ASCII.colon else { return false }
            i = k + 1
        }
        return true
    }
}
