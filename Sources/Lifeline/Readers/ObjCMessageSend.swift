/// Reads an Objective-C message send logged with its arguments between the selector's pieces,
/// as `NSLog(@"%@", …)` of a call or a swizzled method's description prints it:
///
///     -[Container transitionFromViewController:<A: 0x7b61a2d0> toViewController:<B: 0x7b61a8f0> duration:0.3 options:0 animations:(null) completion:(null)]
///     [<UINavigationController: 0x7b600000> pushViewController:<C: 0x7b61b000> animated:YES]
///     presentViewController:<D: 0x7b61c000> animated:YES completion:(null)
///
/// The pieces make the selector (`transitionFromViewController:toViewController:…`), which
/// must be a lifecycle or container call; each argument is named for its piece (`from`, `to`,
/// `animated`, `duration`). Source code sends look alike (`[nav pushViewController:vc
/// animated:YES];`), so every controller argument must be a logged instance (`<X: 0x…>`): a
/// variable name is code, not a call. Empty values (`(null)`, `nil`) and blocks are left out.
enum ObjCMessageSend {
    static func call(_ b: Bytes, from start: Int, to end: Int) -> RawCall? {
        var i = start
        var end = end
        var object: ObjectRef? = nil
        // `-[Class sel…]`, `[receiver sel…]` or the pieces alone.
        if i + 1 < end, b[i] == ASCII.dash || b[i] == ASCII.plus, b[i + 1] == ASCII.lbracket { i += 1 }
        if b[i] == ASCII.lbracket {
            guard b[end - 1] == ASCII.rbracket else { return nil }
            end -= 1
            i += 1
            if let (ref, after) = MessageParser.objectLiteral(b, at: i, end: end) {
                object = ref
                i = after
            } else {
                let nameEnd = b.identifierEnd(from: i, to: end, dots: true)
                guard nameEnd > i, nameEnd < end, b[nameEnd] == ASCII.space else { return nil }
                let name = b.string(i..<nameEnd)
                if name != "self" && name != "super" { object = ObjectRef(name: name) }
                i = nameEnd
            }
            i = b.skipSpaces(from: i, to: end)
        }
        guard let pieces = pieces(b, from: i, to: end), pieces.count >= 2 else { return nil }
        var call = RawCall(object: object, method: pieces.map { $0.name + ":" }.joined())
        guard let event = call.canonical, event.takesController else { return nil }
        for (n, piece) in pieces.enumerated() {
            let label = argumentLabel(piece.name, first: n == 0, event: event)
            guard let value = value(b, piece.value) else { continue }
            if label.hasSuffix("ViewController") || ["from", "to", "child", "parent"].contains(label) {
                guard case .object(let ref) = value, ref.address != nil else { return nil }
            }
            call.args.append((label, value))
        }
        guard call.args.contains(where: { if case .object = $0.1 { return true } else { return false } }) else {
            return nil
        }
        return call
    }

    /// `name:value` pieces from `i` to `end`: a value runs to the next ` name:` outside
    /// brackets. Nil unless the whole range is pieces.
    private static func pieces(_ b: Bytes, from start: Int, to end: Int) -> [(name: String, value: Range<Int>)]? {
        var result: [(name: String, value: Range<Int>)] = []
        var i = start
        while i < end {
            let nameEnd = b.identifierEnd(from: i, to: end, dots: false)
            guard nameEnd > i, nameEnd < end, b[nameEnd] == ASCII.colon, ASCII.isLower(b[i]) || !result.isEmpty else {
                return nil
            }
            let name = b.string(i..<nameEnd)
            var j = nameEnd + 1
            var depth = 0
            var valueEnd = end
            while j < end {
                let c = b[j]
                if c == ASCII.less || c == ASCII.lparen || c == ASCII.lbrace || c == ASCII.lbracket { depth += 1 }
                if c == ASCII.greater || c == ASCII.rparen || c == ASCII.rbrace || c == ASCII.rbracket { depth -= 1 }
                if depth == 0, c == ASCII.space {
                    let k = b.skipSpaces(from: j, to: end)
                    let next = b.identifierEnd(from: k, to: end, dots: false)
                    if next > k, next < end, b[next] == ASCII.colon {
                        valueEnd = j
                        j = k
                        break
                    }
                }
                j += 1
            }
            if j >= end { valueEnd = end }
            guard valueEnd > nameEnd + 1 else { return nil }
            result.append((name, (nameEnd + 1)..<b.trimTrailingSpaces(from: nameEnd + 1, to: valueEnd)))
            i = valueEnd == end ? end : j
        }
        return result
    }

    /// The argument's name, from its piece: `toViewController` → `to`,
    /// `transitionFromViewController` → `from`, `animated` → `animated`; the first piece of
    /// `pushViewController:` names the event's controller (`to`, `child`, `parent`).
    static func argumentLabel(_ piece: String, first: Bool, event: CanonicalEvent) -> String {
        let words = camelWords(piece)
        if let k = words.firstIndex(where: { ["from", "to"].contains($0.lowercased()) }) {
            let rest = words[(k + 1)...].filter { $0 != "View" && $0 != "Controller" }.joined()
            let label = words[k].lowercased() + rest
            return NameWords.argumentName(label)
        }
        if first {
            if words.last == "Animated" { return "animated" }
            if words.last == "Index" { return "index" }
            switch event {
            case .addChild: return "child"
            case .willMoveToParent, .didMoveToParent: return "parent"
            case .setSelected: return "selectedViewController"
            default: return "to"
            }
        }
        return piece
    }

    private static func camelWords(_ s: String) -> [String] {
        var words: [String] = []
        var current = ""
        for c in s {
            if c.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A logged value: an instance, a flag, a number or a word; nil for an empty value or a block.
    private static func value(_ b: Bytes, _ r: Range<Int>) -> RawArg? {
        guard !r.isEmpty else { return nil }
        if let (ref, after) = MessageParser.objectLiteral(b, at: r.lowerBound, end: r.upperBound),
            after >= r.upperBound - 1
        {
            if ref.name.contains("Block") { return nil }
            return .object(ref)
        }
        let text = b.string(r)
        // C's and Objective-C's empty values, besides the words every reader takes as none.
        if text == "NULL" || text == "(nil)" { return nil }
        let value = ArgValue.parse(logWord: text)
        if case .null = value { return nil }
        return .value(value)
    }
}
