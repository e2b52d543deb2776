#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one console message turned out to be.
enum MessageKind {
    case call(RawCall)
    /// UIKit's own complaint, such as "Unbalanced calls to begin/end appearance transitions".
    case uikitWarning(String)
    /// Blank lines, separators such as `--------PUSH--------`, comments.
    case ignorable
    case unparsed
}

/// Reads the message shapes of free-form lifecycle logs (see README, "Log shapes"):
/// `-[X sel:]`, `[X sel]`, `X.sel(_:)`, `X sel(_:)`, `<X: 0x1> sel`, `A: sel`, `[Tag] sel`,
/// `vc1 – sel`, `sel(_:)` alone, bulleted and numbered lists, and delegate logs with arguments.
enum MessageParser {
    static func parse(_ b: Bytes, from start: Int, to end: Int) -> MessageKind {
        var i = b.skipSpaces(from: start, to: end)
        let end = b.trimTrailingSpaces(from: i, to: end)
        guard i < end else { return .ignorable }
        if isSeparator(b, from: i, to: end) { return .ignorable }
        if let warning = uikitWarning(b, from: i, to: end) { return .uikitWarning(warning) }
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
                    let object = ObjectRef(name: b.string(nameStart..<nameEnd))
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
        let nameEnd = b.identifierEnd(from: nameStart, to: end, dots: true)
        guard nameEnd > nameStart, nameEnd + 2 < end, b[nameEnd] == ASCII.colon, b[nameEnd + 1] == ASCII.space,
            b.hasPrefix("0x", at: nameEnd + 2, end: end)
        else { return nil }
        var j = nameEnd + 4
        let addressStart = nameEnd + 2
        while j < end, ASCII.isHex(b[j]) { j += 1 }
        let addressEnd = j
        while j < end, b[j] != ASCII.greater { j += 1 }
        guard j < end else { return nil }
        let ref = ObjectRef(name: b.string(nameStart..<nameEnd), address: normalisedAddress(b, addressStart..<addressEnd))
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
        if let dot = name.lastIndex(of: "."), !nameIsMethod,
            CanonicalEvent(method: String(name[name.index(after: dot)...])) != nil
        {
            // `HomeViewController.viewDidLoad`, `MainTabBarController.selectedIndex = 1`
            let methodStart = i + name.utf8.distance(from: name.startIndex, to: dot) + 1
            return methodAndArgs(b, from: methodStart, to: end, object: ObjectRef(name: String(name[..<dot])), strictRest: false)
        }
        if nameEnd < end, b[nameEnd] == ASCII.lparen || (b[nameEnd] == ASCII.colon && nameIsMethod && !followedByMethod(b, nameEnd + 1, end)) {
            // `viewWillAppear(_:)`, `Class.viewWillAppear(_:)` or `viewWillAppear: YES`.
            if let dot = name.lastIndex(of: "."), b[nameEnd] == ASCII.lparen {
                let objectName = String(name[..<dot])
                let methodStart = i + name.utf8.distance(from: name.startIndex, to: dot) + 1
                return methodAndArgs(b, from: methodStart, to: end, object: ObjectRef(name: objectName), strictRest: false)
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
    private static func methodAndArgs(_ b: Bytes, from i: Int, to end: Int, object: ObjectRef?, strictRest: Bool) -> RawCall? {
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
