/// Finds lifecycle calls in a log message: first the events (`EventLexicon`), then for each
/// event the object, from the evidence around it, strongest first (see README, "How a line is
/// read"):
///
/// 1. an instance description anywhere near the event: `<Notes.EditorViewController: 0x7fe3…>`
///    (it beats the class in `-[Base sel]`, which is kept as the implementing class);
/// 2. a class in the method: `-[X sel]`, `X.sel()`;
/// 3. a name bound to the event by punctuation or space: `A: sel`, `A - sel`, `A(sel)`,
///    `(A)sel`, `[A : sel]`, `[A] sel`, `[A 0x7f…] sel`, `Home sel`;
/// 4. after an event-first call: `deinit Checkout.CartViewController`, `viewDidAppear 5F1A…`;
/// 5. the file of a logger's `File.swift:88` location;
/// 6. else none (`?`).
struct CallFinder {
    /// One call found, with the rules that read it.
    struct Found {
        var call: RawCall
        var eventRule: EventSpelling
        var objectRule: ObjectRule
    }

    enum ObjectRule: String {
        case instance = "instance description"
        case methodClass = "class in the method"
        case bound = "name bound to the event"
        case nearest = "nearest name before the event"
        case after = "name after the event"
        case file = "file of the log location"
        case none = "no object named"
        case implicit = "the container of a delegate call"
    }

    private let b: Bytes
    private let tokens: [LineToken]
    private let file: String?

    init(_ b: Bytes, from start: Int, to end: Int, file: String?) {
        self.b = b
        self.tokens = LineTokenizer.tokens(b, from: start, to: end)
        self.file = file
    }

    /// An event found at a token, before its object is known.
    private struct Anchor {
        var token: Int
        var match: EventLexicon.Match
        var method: String
        /// A class named in the method itself (`-[X sel]`, `X.sel`).
        var methodClass: ObjectRef?
        /// The last token of the method (a phrase spans several; a signature's `)` ends it).
        var last: Int
    }

    func find() -> [Found] {
        let anchors = findAnchors()
        guard !anchors.isEmpty else { return [] }
        var found: [Found] = []
        var claimed = Array(repeating: false, count: tokens.count)
        // Each anchor's object before it, from right to left, so a name right before an event
        // is that event's and not the previous event's argument.
        var before: [(ObjectRef, ObjectRule, Int)?] = Array(repeating: nil, count: anchors.count)
        for (k, anchor) in anchors.enumerated() {
            let floor = k == 0 ? 0 : anchors[k - 1].last + 1
            before[k] = choose(self.before(anchor, floor: floor), anchor: anchor)
            if let (_, _, at) = before[k] { for t in at..<anchor.token { claimed[t] = true } }
        }
        for (k, anchor) in anchors.enumerated() {
            var ceiling = k + 1 < anchors.count ? anchors[k + 1].token : tokens.count
            if k + 1 < anchors.count, let (_, _, at) = before[k + 1] { ceiling = min(ceiling, at) }
            if let arrow = (anchor.last + 1..<ceiling).first(where: { tokens[$0].kind == .arrow }) { ceiling = arrow }
            var call = RawCall(object: nil, method: anchor.method)
            call.setEvent(anchor.match.event)
            var rule = ObjectRule.none
            var argsFrom = anchor.last + 1
            let takesController = anchor.match.event.takesController
            // An instance description after the event is its receiver unless the event takes a
            // controller argument (`didMove(toParent:) <Container: 0x1>`).
            let instanceAfter = (argsFrom..<ceiling).first { tokens[$0].kind == .instance }
            if let (ref, r, _) = before[k] {
                call.object = ref
                rule = r
                if let m = anchor.methodClass, m.shortName != ref.shortName { call.note = "implemented in \(m.name)" }
            }
            if let at = instanceAfter, !takesController, rule != .instance, let ref = tokens[at].ref {
                if let m = call.object, m.shortName != ref.shortName { call.note = "implemented in \(m.name)" }
                call.object = ref
                rule = .instance
            }
            if call.object == nil, !takesController, let (ref, next) = objectAfter(from: argsFrom, to: ceiling) {
                call.object = ref
                rule = .after
                argsFrom = next
            }
            if call.object == nil, let file = file ?? fileAnywhere() {
                call.object = ObjectRef(name: file)
                rule = .file
            }
            if call.object == nil, TraceBuilder.implicitObject(for: anchor.match.event) != nil { rule = .implicit }
            arguments(from: argsFrom, to: ceiling, into: &call)
            // A view's (or cell's) own init, deinit and layout are not a controller's lifecycle:
            // `-[ThirdView initWithCoder:]` stays a custom call.
            if let object = call.object, NameWords.isViewClass(object.shortName),
                let kind = call.canonical?.kind, kind == .load || kind == .layout
            {
                call.markCustom()
            }
            // A logger's function name and its message naming the same event are one call.
            // Its arguments join the first's: `selectedIndex = 1, selectedViewController = <B: 0x2>`.
            // The object is whichever of the two names one.
            if let last = found.last, last.call.canonical == call.canonical,
                call.object == nil || last.call.object == nil || last.call.object == call.object
            {
                if last.call.object == nil, call.object != nil {
                    found[found.count - 1].call.object = call.object
                    found[found.count - 1].objectRule = rule
                }
                for arg in call.args where !last.call.args.contains(where: { $0.0 == arg.0 }) {
                    found[found.count - 1].call.args.append(arg)
                }
                continue
            }
            call.sourceLine = sourceLine
            found.append(Found(call: call, eventRule: anchor.match.spelling, objectRule: rule))
        }
        _ = claimed
        return found
    }

    /// The strongest evidence before an anchor: an instance description; a class-like name
    /// logged before a method of another class (base-class logging: `OneViewController -->
    /// -[MainViewController viewWillAppear:]`); the class in the method; a bound or nearest name;
    /// a source file's name.
    private func choose(_ found: Before, anchor: Anchor) -> (ObjectRef, ObjectRule, Int)? {
        if let (ref, at) = found.instance { return (ref, .instance, at) }
        if let m = anchor.methodClass {
            if let (ref, rule, at) = found.name, rule == .bound, NameWords.isClassLike(ref.name), ref.shortName != m.shortName {
                return (ref, rule, at)
            }
            return (m, .methodClass, anchor.token)
        }
        if let (ref, at) = found.file, found.name == nil || found.name!.1 == .nearest && found.name!.2 < at {
            return (ref, .file, at)
        }
        if let name = found.name { return name }
        return nil
    }

    /// The name of a source file named anywhere in the line (`of ViewController.swift:32`).
    private func fileAnywhere() -> String? {
        tokens.first { $0.kind == .file }.map { b.string($0.inner) }
    }

    /// The source line a logger printed with the record: `Feed.swift:88`, `Feed.swift 88`,
    /// `[Line 21]`, `viewDidLoad():42`.
    private var sourceLine: Int? {
        for (k, t) in tokens.enumerated() where k + 1 < tokens.count {
            var n = k + 1
            switch t.kind {
            case .file: break
            case .name where b.string(t.range).lowercased() == "line": break
            case .punctuation where t.firstByte == ASCII.rparen && !tokens[n].spaced: break
            case .punctuation where t.firstByte == ASCII.rbracket && tokens[n].firstByte == ASCII.lparen && !tokens[n].spaced:
                n += 1
                if n + 1 < tokens.count, tokens[n].kind == .number, tokens[n + 1].firstByte == ASCII.rparen, let line = Int(b.string(tokens[n].range)) {
                    return line
                }
                continue
            default: continue
            }
            if tokens[n].kind == .punctuation, tokens[n].firstByte == ASCII.colon, !tokens[n].spaced, n + 1 < tokens.count { n += 1 }
            if tokens[n].kind == .number, let line = Int(b.string(tokens[n].range)), t.kind != .punctuation || n == k + 2 {
                return line
            }
        }
        return nil
    }

    // MARK: - Events

    private func findAnchors() -> [Anchor] {
        var anchors: [Anchor] = []
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            switch t.kind {
            case .objcMethod:
                let selector = b.string(t.second)
                // A weak word as an ObjC selector counts bare (`-[X init]`) or in UIKit's full
                // spelling, not as an app's own action (`-[X present:]`).
                if let match = EventLexicon.lookup(CanonicalEvent.squash(selector)),
                    !match.weak || !selector.contains(":") || selector.filter({ $0 == ":" }).count > 1
                {
                    let cls = ObjectRef(name: b.string(t.inner))
                    anchors.append(Anchor(token: k, match: match, method: selector, methodClass: cls, last: k))
                }
            case .name:
                if let anchor = nameAnchor(at: k) {
                    anchors.append(anchor)
                    k = anchor.last
                }
            default: break
            }
            k += 1
        }
        return anchors
    }

    /// An event named by the name token at `k`: `viewDidLoad`, `Orders.viewDidAppear`,
    /// `tabBarController(_:didSelect:)`, `navigationController:willShowViewController:animated:`,
    /// `view will appear`.
    private func nameAnchor(at k: Int) -> Anchor? {
        let t = tokens[k]
        let text = b.string(t.range)
        // Argument labels are not events: `(isAppearing: true`, `, animated:`.
        if k > 0, tokens[k - 1].kind == .punctuation, tokens[k - 1].firstByte == ASCII.lparen || tokens[k - 1].firstByte == ASCII.comma,
            k + 1 < tokens.count, tokens[k + 1].firstByte == ASCII.colon, !tokens[k + 1].spaced,
            k >= 2, tokens[k - 2].kind == .name
        {
            return nil
        }
        var methodClass: ObjectRef? = nil
        var name = text
        if let dot = text.lastIndex(of: ".") {
            let tail = String(text[text.index(after: dot)...])
            guard EventLexicon.lookup(CanonicalEvent.squash(tail)) != nil else { return nil }
            let head = String(text[..<dot])
            if !["self", "super", "vc", "controller"].contains(head.lowercased()) { methodClass = ObjectRef(name: head) }
            if head == "super" { return nil }  // `super.viewDidLoad()` is code
            name = tail
        }
        var last = k
        var spelled = name
        // A Swift signature or an ObjC selector with more parts.
        if let (signature, end) = signature(after: k) {
            if let match = EventLexicon.lookup(CanonicalEvent.squash(name + signature)), match.event != EventLexicon.lookup(CanonicalEvent.squash(name))?.event || true {
                if CanonicalEvent(method: name + signature) != nil || EventLexicon.lookup(CanonicalEvent.squash(name)) == nil {
                    return accept(Anchor(token: k, match: match, method: name + signature, methodClass: methodClass, last: end))
                }
            }
            if let match = EventLexicon.lookup(CanonicalEvent.squash(name)) {
                return accept(Anchor(token: k, match: match, method: name + (signature.hasPrefix("(") ? signature : ""), methodClass: methodClass, last: end))
            }
            return nil
        }
        // Words: `view will appear`, `View Did Load`, `will move to parent`.
        if methodClass == nil, EventLexicon.phraseStarts.contains(name.lowercased()) {
            var squashed = CanonicalEvent.squash(name)
            var best: (Int, EventLexicon.Match)? = nil
            var j = k + 1
            while j < tokens.count, j - k <= 6 {
                // `de-init`, `view-did-load`: words joined by hyphens.
                if tokens[j].kind == .punctuation, tokens[j].firstByte == ASCII.dash, !tokens[j].spaced, j + 1 < tokens.count,
                    tokens[j + 1].kind == .name, !tokens[j + 1].spaced
                {
                    j += 1
                    continue
                }
                guard tokens[j].kind == .name, tokens[j].spaced || tokens[j - 1].firstByte == ASCII.dash,
                    !b.string(tokens[j].range).contains(".")
                else { break }
                squashed += CanonicalEvent.squash(b.string(tokens[j].range))
                if let match = EventLexicon.lookup(squashed), match.spelling != .corrected { best = (j, match) }
                j += 1
            }
            if let (end, match) = best {
                spelled = (k...end).map { b.string(tokens[$0].range) }.joined(separator: " ")
                var m = match
                m.spelling = .words
                m.weak = false
                return Anchor(token: k, match: m, method: m.event.rawValue, methodClass: nil, last: end)
            }
        }
        guard let match = EventLexicon.lookup(CanonicalEvent.squash(name)) else { return nil }
        _ = spelled
        return accept(Anchor(token: k, match: match, method: name, methodClass: methodClass, last: last))
    }

    /// A weak event word (`init`, `push`, `present`) counts only with call syntax around it:
    /// `(`, `:` or `]` after it, `.`, `[` or `(` before it, or nothing but a name before it and
    /// nothing after.
    private func accept(_ anchor: Anchor) -> Anchor? {
        guard anchor.match.weak else { return anchor }
        // `--------PUSH--------` is a banner, not a call.
        if tokens.count >= 3, tokens[0].kind == .punctuation, [ASCII.dash, ASCII.equals, 0x2A, 0x23, 0x7E].contains(tokens[0].firstByte),
            tokens[1].firstByte == tokens[0].firstByte, tokens[2].firstByte == tokens[0].firstByte
        {
            return nil
        }
        if anchor.methodClass != nil || anchor.last > anchor.token { return anchor }
        let k = anchor.token
        // `Push:`, `Pop Cancelled:`: a heading.
        if let last = tokens.last, last.kind == .punctuation, last.firstByte == ASCII.colon,
            !tokens.contains(where: { $0.kind == .instance || $0.kind == .objcMethod || $0.firstByte == ASCII.lparen })
        {
            return nil
        }
        if k + 1 < tokens.count, !tokens[k + 1].spaced, [ASCII.lparen, ASCII.colon, ASCII.rbracket, ASCII.rparen].contains(tokens[k + 1].firstByte),
            tokens[k + 1].kind == .punctuation
        {
            return anchor
        }
        if k > 0, !tokens[k].spaced, tokens[k - 1].kind == .punctuation,
            [ASCII.dot, ASCII.lbracket, ASCII.lparen, ASCII.rparen].contains(tokens[k - 1].firstByte)
        {
            return anchor
        }
        // `Configurator init`: a name, a space, the word, and nothing after.
        let last = tokens[(k + 1)...].allSatisfy { $0.kind == .punctuation }
        let names = tokens.filter { $0.kind == .name || $0.kind == .other }.count
        // `[Presenter] init`, `Presenter: init`.
        let named = k > 0 && (tokens[k - 1].kind == .name || [ASCII.rbracket, ASCII.rparen, ASCII.colon].contains(tokens[k - 1].firstByte))
        if last, names <= 2, k == 0 || named && tokens[k].spaced { return anchor }
        if k == 0, names <= 2, anchor.match.event != .`init` { return anchor }
        return nil
    }

    /// `(_:)`, `(toParent:)`, `()`, or `:shouldSelectViewController:` right after the name token
    /// at `k`, with the token that ends it.
    private func signature(after k: Int) -> (String, Int)? {
        guard k + 1 < tokens.count, !tokens[k + 1].spaced, tokens[k + 1].kind == .punctuation else { return nil }
        let open = tokens[k + 1].firstByte
        if open == ASCII.lparen {
            var j = k + 2
            var text = "("
            while j < tokens.count, !tokens[j].spaced || tokens[j].firstByte == ASCII.rparen {
                let t = tokens[j]
                if t.kind == .punctuation, t.firstByte == ASCII.rparen { return (text + ")", j) }
                guard t.kind == .name || (t.kind == .punctuation && t.firstByte == ASCII.colon) else { return nil }
                text += b.string(t.range)
                j += 1
            }
            return nil
        }
        if open == ASCII.colon, k + 2 < tokens.count, tokens[k + 2].kind == .name, !tokens[k + 2].spaced,
            k + 3 < tokens.count, tokens[k + 3].firstByte == ASCII.colon, !tokens[k + 3].spaced
        {
            var j = k + 1
            var text = ""
            while j + 1 < tokens.count, tokens[j].firstByte == ASCII.colon, tokens[j].kind == .punctuation, !tokens[j].spaced {
                text += ":"
                guard tokens[j + 1].kind == .name, !tokens[j + 1].spaced, j + 2 < tokens.count, tokens[j + 2].firstByte == ASCII.colon,
                    !tokens[j + 2].spaced
                else { return (text, j) }
                text += b.string(tokens[j + 1].range)
                j += 2
            }
            return (text + (j < tokens.count && tokens[j].firstByte == ASCII.colon ? ":" : ""), j)
        }
        return nil
    }

    // MARK: - Objects

    /// What names an object before an anchor, down to token `floor`.
    private struct Before {
        /// The nearest instance description, with its token.
        var instance: (ObjectRef, Int)?
        /// The nearest name, bound to the event or the nearest class-like one, with its token.
        var name: (ObjectRef, ObjectRule, Int)?
        /// The nearest source file name (`Feed.swift`).
        var file: (ObjectRef, Int)?
    }

    /// Looks back from an anchor to token `floor`. An arrow right before the event binds a
    /// name to it (`Home --> -[Base viewDidLoad]`); further back, an arrow ends the search, as
    /// it separates the calls of a chain.
    private func before(_ anchor: Anchor, floor: Int) -> Before {
        var found = Before()
        var k = anchor.token - 1
        var address: String? = nil
        var adjacent = true
        var passed = false
        while k >= floor {
            let t = tokens[k]
            switch t.kind {
            case .arrow:
                if passed { return found }
                k -= 1
                continue
            case .punctuation where t.firstByte == ASCII.dash:
                k -= 1
                continue
            case .instance:
                if found.instance == nil, let ref = t.ref { found.instance = (ref, k) }
                adjacent = false
            case .file:
                if found.file == nil { found.file = (ObjectRef(name: b.string(t.inner)), k) }
                adjacent = false
            case .address:
                address = MessageParser.normalisedAddress(b, t.range)
            case .uuid:
                if adjacent, found.name == nil { found.name = (ObjectRef(name: b.string(t.range)), .bound, k) }
                adjacent = false
            case .name where k + 1 < tokens.count && tokens[k + 1].firstByte == 0x2F && !tokens[k + 1].spaced:
                adjacent = false  // a folder of a path: `/Users/me/App/Feed.swift`
            case .name:
                var name = b.string(t.range)
                // `Table view controller viewDidLoad`, `inner content controller will disappear`:
                // a class named in words.
                if found.name == nil, adjacent, name.lowercased() == "controller" {
                    var words: [String] = []
                    var j = k - 1
                    while j >= floor, words.count < 3, tokens[j].kind == .name, tokens[j + 1].spaced {
                        let word = b.string(tokens[j].range)
                        guard word.utf8.allSatisfy({ ASCII.isLower($0) || ASCII.isUpper($0) }), !["the", "a", "an", "this"].contains(word.lowercased())
                        else { break }
                        words.insert(word, at: 0)
                        j -= 1
                    }
                    if !words.isEmpty {
                        name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Controller"
                        found.name = (ObjectRef(name: name), .bound, j + 1)
                        adjacent = false
                        k = j
                        passed = true
                        continue
                    }
                }
                if found.name != nil || NameWords.isFiller(name) || EventLexicon.lookup(CanonicalEvent.squash(name)) != nil {
                    adjacent = false
                } else if adjacent || NameWords.isTypeLike(name) {
                    found.name = (ObjectRef(name: name, address: address), adjacent ? .bound : .nearest, k)
                    adjacent = false
                } else {
                    adjacent = false
                }
            case .number, .objcMethod:
                adjacent = false
            case .punctuation where t.firstByte == ASCII.comma || t.firstByte == ASCII.quote:
                adjacent = false
            case .other where t.isWideLetter:
                adjacent = false
            default:
                break
            }
            passed = true
            k -= 1
        }
        return found
    }

    /// An event-first call's object: a type, identifier or UUID right after the event, past
    /// `:`, `-`, `=` and words such as `called` or `in`.
    private func objectAfter(from start: Int, to end: Int) -> (ObjectRef, Int)? {
        var k = start
        while k < end {
            let t = tokens[k]
            switch t.kind {
            case .uuid:
                return (ObjectRef(name: b.string(t.range)), k + 1)
            case .instance:
                return t.ref.map { ($0, k + 1) }
            case .name:
                let name = b.string(t.range)
                if NameWords.isFiller(name) { break }
                guard NameWords.isTypeLike(name) else { return nil }
                // `viewWillAppear animated: YES`: a key, not an object.
                if k + 1 < end, tokens[k + 1].firstByte == ASCII.colon || tokens[k + 1].firstByte == ASCII.equals { return nil }
                // `View Dealloc Retain Count 1`: words of a sentence, not a name.
                if let next = (k + 1..<end).first(where: { tokens[$0].kind == .name }), tokens[next].spaced,
                    !NameWords.isFiller(b.string(tokens[next].range)), tokens[k + 1].kind == .name
                {
                    return nil
                }
                var ref = ObjectRef(name: name)
                if k + 1 < end, tokens[k + 1].kind == .address {
                    ref.address = MessageParser.normalisedAddress(b, tokens[k + 1].range)
                    return (ref, k + 2)
                }
                return (ref, k + 1)
            case .punctuation:
                guard [ASCII.colon, ASCII.dash, ASCII.equals, ASCII.lparen, ASCII.rparen, ASCII.rbracket, ASCII.lbracket].contains(t.firstByte)
                else { return nil }
            case .other:
                break
            default:
                return nil
            }
            k += 1
        }
        return nil
    }

    // MARK: - Arguments

    private func arguments(from start: Int, to end: Int, into call: inout RawCall) {
        guard start < end else { return }
        var from = tokens[start].range.lowerBound
        let to = tokens[end - 1].range.upperBound
        // `HomeVC.viewDidLoad():42`: a line number, not an argument.
        var k = start
        var assigned = false
        while k < end, tokens[k].kind == .punctuation,
            [ASCII.colon, ASCII.rparen, ASCII.rbracket, ASCII.dash, ASCII.equals, ASCII.greater].contains(tokens[k].firstByte)
        {
            if tokens[k].firstByte == ASCII.colon, k + 1 < end, tokens[k + 1].kind == .number, !tokens[k + 1].spaced,
                k + 2 == end || tokens[k + 2].spaced
            {
                k += 1
            }
            if tokens[k].firstByte == ASCII.equals { assigned = true }
            // `[Feed viewDidLoad()](20)`: a source line.
            if tokens[k].firstByte == ASCII.rbracket, k + 3 < end, tokens[k + 1].firstByte == ASCII.lparen, !tokens[k + 1].spaced,
                tokens[k + 2].kind == .number, tokens[k + 3].firstByte == ASCII.rparen
            {
                k += 3
            }
            k += 1
        }
        guard k < end else { return }
        from = tokens[k].range.lowerBound
        var parsed = call
        parsed.args = []
        // Arguments in parentheses right after the method: `viewWillAppear(true)`.
        if tokens[k].firstByte == ASCII.lparen, tokens[k].kind == .punctuation, !tokens[k].spaced,
            let close = b.matching(open: from, end: to)
        {
            ArgumentParser.parse(b, from: from + 1, to: close, into: &parsed)
            from = close + 1
        }
        // `selectedViewController = <B: 0x2>`: the property names its value.
        if assigned, call.canonical == .setSelected {
            let key = call.method.lowercased().contains("index") ? "index" : "selectedViewController"
            var value = RawCall(object: nil, method: "")
            ArgumentParser.parse(b, from: from, to: to, into: &value)
            if let first = value.args.first { call.args = [(key, first.1)] }
            return
        }
        ArgumentParser.parse(b, from: from, to: to, into: &parsed)
        call.object = parsed.object ?? call.object
        let receiver = call.object
        parsed.args.removeAll { if case .object(let ref) = $0.1 { return ref == receiver } else { return false } }
        call.args = parsed.args.filter { keep($0, event: call.canonical) }.map { (NameWords.argumentName($0.0), $0.1) }
    }

    /// Drops what the argument reader took from the words around a call: `called`,
    /// `animated: called`, a number read as `animated`.
    private func keep(_ arg: (String, RawArg), event: CanonicalEvent?) -> Bool {
        switch arg.1 {
        case .object(let ref):
            if ref.address != nil { return true }
            return !NameWords.isFiller(ref.name) && (NameWords.isTypeLike(ref.name) || ArgumentParser.objectKeys.contains(arg.0))
        case .value(let value):
            // A load or layout call takes no value: `viewDidLoad (23): 2` is a marker.
            if arg.0.hasPrefix("value"), let kind = event?.kind, kind == .load || kind == .layout { return false }
            if arg.0 == "animated", case .bool = value { return true }
            if arg.0 == "animated", case .int = value { return true }
            if arg.0 == "animated" || arg.0.hasPrefix("value") {
                if case .string = value { return false }
                if event?.kind == .appearance { return false }
            }
            return true
        }
    }
}

extension CanonicalEvent {
    /// Whether the event's lone argument is a controller (`parent`, `to`, `from`, `child`), so
    /// that an object logged after it is that argument, not the receiver.
    var takesController: Bool {
        switch self {
        case .willMoveToParent, .didMoveToParent, .addChild, .addSubview, .transition, .shouldSelect, .didSelect,
            .setSelected, .push, .pop, .willShow, .didShow, .present, .dismiss:
            return true
        default:
            return false
        }
    }
}

/// Words around calls that name no controller.
enum NameWords {
    static let fillers: Set<String> = [
        "called", "call", "calls", "calling", "invoked", "invoke", "method", "func", "function", "self", "super",
        "yes", "no", "true", "false", "nil", "null", "none", "optional", "animated", "info", "debug", "verbose",
        "warning", "warn", "error", "trace", "log", "notice", "default", "fault", "lifecycle", "the", "a", "an",
        "is", "was", "in", "of", "for", "on", "at", "to", "from", "and", "or", "with", "by", "now", "then", "did",
        "will", "view", "start", "end", "begin", "enter", "entered", "exit", "done", "finish", "finished", "step",
        "event", "message", "msg", "print", "nslog", "ui", "vc", "class", "name", "type", "object", "instance",
        "controller", "viewcontroller", "output", "console", "result", "thread", "main", "here", "this", "that",
        "it", "be", "been", "being", "has", "have", "not", "after", "before", "when", "appear", "appeared",
        "disappear", "disappeared", "load", "loaded", "screen", "page", "tab", "method_name", "classname",
        "methodname", "line", "file", "at", "time", "date", "level", "tag", "category", "subsystem", "process",
        "pid", "tid", "id", "fired", "triggered", "execute", "executed", "run", "running", "current", "currentvc",
        "lifecycleevent", "self_", "func_", "animate", "isanimated", "flag",
    ]

    /// Whether a word is one of `fillers`, written in lower case, capitalised or in capitals.
    /// A single capital (`A`) and a CamelCase word (`ViewController`) are names.
    static func isFiller(_ word: String) -> Bool {
        let utf8 = word.utf8
        if utf8.count == 1, let c = utf8.first, ASCII.isUpper(c) { return false }
        if utf8.dropFirst().contains(where: { ASCII.isUpper($0) }), utf8.contains(where: { ASCII.isLower($0) }) { return false }
        return fillers.contains(word.lowercased())
    }

    /// A Swift class name as the runtime prints it unmangled by nothing:
    /// `_TtCV14__lldb_expr_9010SampleView11Coordinator` is `SampleView.Coordinator`.
    static func demangled(_ name: String) -> String {
        guard name.hasPrefix("_Tt") else { return name }
        var parts: [String] = []
        var rest = Substring(name.dropFirst(3))
        while let first = rest.first, !first.isNumber { rest = rest.dropFirst() }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isNumber }
            guard let count = Int(digits), count > 0 else { break }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= count else { break }
            parts.append(String(rest.prefix(count)))
            rest = rest.dropFirst(count)
        }
        guard parts.count >= 2 else { return name }
        // The first part is the module (`__lldb_expr_90` in a playground).
        return parts.dropFirst().joined(separator: ".")
    }

    /// A class named as a view, not a controller: `ThirdView`, `FeedCell`.
    static func isViewClass(_ name: String) -> Bool {
        ["View", "Cell", "Label", "Button", "Layer", "Window"].contains { name.hasSuffix($0) } && name.count > 4
    }

    /// A name that reads as a controller class: `OneViewController`, `HomeVC`.
    static func isClassLike(_ word: String) -> Bool {
        let lower = word.lowercased()
        return isTypeLike(word) && (lower.hasSuffix("controller") || lower.hasSuffix("vc"))
    }

    /// A class or role name as logs write them: a capital first (`HomeVC`, `A`), a digit
    /// (`vc1`), or a known suffix (`homeController`).
    static func isTypeLike(_ word: String) -> Bool {
        guard let first = word.utf8.first, !isFiller(word) else { return false }
        if ASCII.isUpper(first) { return true }
        if word.utf8.contains(where: { ASCII.isDigit($0) }) { return true }
        let lower = word.lowercased()
        return lower.hasSuffix("vc") || lower.hasSuffix("controller") || word.contains(".")
    }

    /// The name an argument keeps: `toParent` becomes `parent`, `viewController` `to`.
    static func argumentName(_ key: String) -> String {
        switch key {
        case "toParent", "toParentViewController", "parentViewController": return "parent"
        default: return key
        }
    }
}
