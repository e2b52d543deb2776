/// Finds lifecycle calls in a log message: first the events (`EventLexicon`), then for each
/// event the object, from the evidence around it, strongest first (see docs/Reading.md, "How a line is
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
        case gluedNumber = "number glued to the event"
        case file = "file of the log location"
        case none = "no object named"
        case implicit = "the container of a delegate call"
    }

    let b: Bytes
    let tokens: [LineToken]
    let file: String?

    /// Whether Chinese and Japanese words for events are read (in a log that prints no method
    /// names; see `LogJudgement`).
    let localized: Bool

    /// Whether the line is a banner over a section of a log: it opens with a rule of three or
    /// more of the same `-`, `=`, `*`, `#` or `~` (`--------PUSH--------`), here or in the
    /// furniture stripped before `start` (`==== REMOVE CHILD ====`).
    let isBanner: Bool

    /// The line's events, found once: reading a line asks for them more than once.
    private(set) var anchors: [Anchor] = []

    init(_ b: Bytes, from start: Int, to end: Int, file: String?, localized: Bool = false) {
        self.localized = localized
        self.b = b
        self.tokens = LineTokenizer.tokens(b, from: start, to: end)
        self.file = file
        let rule = LineFurniture.ruleBytes
        let afterRule =
            start >= 4 && b[start - 1] == ASCII.space && rule.contains(b[start - 2])
            && b[start - 3] == b[start - 2] && b[start - 4] == b[start - 2]
        isBanner =
            afterRule
            || tokens.count >= 3 && tokens[0].kind == .punctuation && rule.contains(tokens[0].firstByte)
                && tokens[1].firstByte == tokens[0].firstByte && tokens[2].firstByte == tokens[0].firstByte
        anchors = findAnchors()
    }

    /// An event found at a token, before its object is known.
    struct Anchor {
        var token: Int
        var match: EventLexicon.Match
        var method: String
        /// A class named in the method itself (`-[X sel]`, `X.sel`).
        var methodClass: ObjectRef?
        /// The last token of the method (a phrase spans several; a signature's `)` ends it).
        var last: Int
        /// A screen's number glued to the event (`viewDidLoad2`), which names the object when
        /// nothing else on the line does.
        var gluedNumber: String? = nil
        /// Whether the event was told in the past tense (`View appeared`), which a log writes
        /// only with the object it is about.
        var pastTense = false
    }

    func find() -> [Found] {
        let anchors = withoutComments(anchors)
        guard !anchors.isEmpty else { return [] }
        var found: [Found] = []
        let sourceLine = self.sourceLine
        // Looked for once: a long line holds many calls.
        let lineFile = file ?? fileAnywhere()
        // Each anchor's object before it, from right to left, so a name right before an event
        // is that event's and not the previous event's argument.
        var before: [(ObjectRef, ObjectRule, Int)?] = Array(repeating: nil, count: anchors.count)
        for (k, anchor) in anchors.enumerated() {
            let floor = k == 0 ? 0 : anchors[k - 1].last + 1
            before[k] = choose(self.before(anchor, floor: floor), anchor: anchor)
        }
        for (k, anchor) in anchors.enumerated() {
            var ceiling = k + 1 < anchors.count ? anchors[k + 1].token : tokens.count
            if k + 1 < anchors.count, let (_, _, at) = before[k + 1] { ceiling = min(ceiling, at) }
            var argsFrom = anchor.last + 1
            if let arrow = (anchor.last + 1..<ceiling).first(where: { tokens[$0].kind == .arrow }) {
                // `deinit -> HomeViewController`: an arrow right after the line's last event,
                // then one name and nothing more, points at the object, not at the next call.
                if arrow == argsFrom, k + 1 == anchors.count, arrow + 1 < tokens.count, tokens[arrow + 1].kind == .name,
                    tokens[(arrow + 2)...].allSatisfy({ $0.kind == .punctuation }),
                    !anchor.match.event.takesController
                {
                    argsFrom = arrow + 1
                } else {
                    ceiling = arrow
                }
            }
            var call = RawCall(object: nil, method: anchor.method)
            call.setEvent(anchor.match.event)
            var rule = ObjectRule.none
            let takesController = anchor.match.event.takesController
            // An instance description after the event is its receiver unless the event takes a
            // controller argument (`didMove(toParent:) <Container: 0x1>`).
            let instanceAfter = (argsFrom..<ceiling).first { tokens[$0].kind == .instance }
            if let (ref, r, _) = before[k] {
                call.object = ref
                rule = r
                if let m = anchor.methodClass, m.shortName != ref.shortName { call.note = "implemented in \(m.name)" }
            }
            if let at = instanceAfter, !takesController, rule != .instance,
                call.object == nil ? !isNamedValue(at, from: argsFrom) : !isLabelledValue(at, from: argsFrom),
                let ref = tokens[at].ref
            {
                if let m = call.object, m.shortName != ref.shortName { call.note = "implemented in \(m.name)" }
                call.object = ref
                rule = .instance
            }
            if call.object == nil, !takesController, let (ref, next) = objectAfter(from: argsFrom, to: ceiling) {
                call.object = ref
                rule = .after
                argsFrom = next
            }
            if call.object == nil, let number = anchor.gluedNumber {
                call.object = ObjectRef(name: number)
                rule = .gluedNumber
            }
            if call.object == nil, let file = lineFile {
                call.object = ObjectRef(name: file)
                rule = .file
            }
            // A view told in the past tense with no object is a sentence: `The view appeared.`
            if call.object == nil, anchor.pastTense { continue }
            if call.object == nil, TraceBuilder.implicitObject(for: anchor.match.event) != nil { rule = .implicit }
            arguments(from: argsFrom, to: ceiling, into: &call)
            call.phase = phase(of: anchor, ceiling: ceiling)
            // The object named after the event (`viewDidLoad HomeViewController`) is no remark.
            if call.phase == nil, let word = remark(after: anchor, ceiling: ceiling) {
                call.remarks = word != call.object?.name && word != call.object?.shortName
            }
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
        return found
    }

    /// The strongest evidence before an anchor: an instance description; a class-like name
    /// logged before a method of another class (base-class logging: `OneViewController -->
    /// -[MainViewController viewWillAppear:]`); the class in the method; a bound or nearest name;
    /// a source file's name.
    func choose(_ found: Before, anchor: Anchor) -> (ObjectRef, ObjectRule, Int)? {
        if let (ref, at) = found.instance { return (ref, .instance, at) }
        if let m = anchor.methodClass {
            if let (ref, rule, at) = found.name, rule == .bound, NameWords.isClassLike(ref.name),
                ref.shortName != m.shortName
            {
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

    /// Whether the instance description at token `at` is given as a labelled value after token
    /// `from` (`loadView() view = Optional(<UIView: 0x…>)`): the value, not the receiver, when a
    /// name before the event is. `self: <X: 0x…>` is the receiver.
    func isLabelledValue(_ at: Int, from: Int) -> Bool {
        (from..<at).contains { k in
            [ASCII.equals, ASCII.colon].contains(tokens[k].firstByte)
                && !(k > 0 && tokens[k - 1].kind == .name && b.string(tokens[k - 1].range) == "self")
        }
    }

    /// Whether the instance description at token `at` is the value of a word's label after token
    /// `from` (`viewDidAppear: window: <UIWindow: 0x…; frame = …>`): a value the call logs, not
    /// its receiver, even when nothing before the event names one. `self: <X: 0x…>` is the
    /// receiver.
    func isNamedValue(_ at: Int, from: Int) -> Bool {
        at > from + 1
            && (from + 1..<at).contains { k in
                [ASCII.equals, ASCII.colon].contains(tokens[k].firstByte) && tokens[k - 1].kind == .name
                    && b.string(tokens[k - 1].range) != "self"
            }
    }

    /// Whether the words around an anchor mark its line as the start or the end of the call:
    /// `loadView - after super`, `viewDidLoad start`, `Exit viewDidAppear`.
    func phase(of anchor: Anchor, ceiling: Int) -> CallPhase? {
        if anchor.token > 0, tokens[anchor.token - 1].kind == .name,
            let phase = CallPhase.before(b.string(tokens[anchor.token - 1].range))
        {
            return phase
        }
        guard anchor.last + 1 < tokens.count else { return nil }
        let from = tokens[anchor.last].range.upperBound
        let to = ceiling < tokens.count ? tokens[ceiling].range.lowerBound : tokens[tokens.count - 1].range.upperBound
        guard from < to else { return nil }
        return CallPhase.after(Substring(b.string(from..<to)))
    }

    /// The word right after the event when it is the author's, spaced from it: a label of a
    /// value (`viewDidLoad time: …`; `self:` labels the receiver, not a value), or a word that
    /// does more than say the method was called (`viewDidLoad reports (320.0, 568.0)`).
    func remark(after anchor: Anchor, ceiling: Int) -> String? {
        let end = min(ceiling, tokens.count)
        let k = anchor.last + 1
        guard k < end, tokens[k].kind == .name, tokens[k].spaced else { return nil }
        let word = b.string(tokens[k].range)
        let lower = word.lowercased()
        if k + 1 < end, tokens[k + 1].firstByte == ASCII.colon, !tokens[k + 1].spaced, lower != "self" { return word }
        return NameWords.fillers.contains(lower) ? nil : word
    }

    /// The name of a source file named anywhere in the line (`of ViewController.swift:32`).
    func fileAnywhere() -> String? {
        tokens.first { $0.kind == .file }.map { b.string($0.inner) }
    }

    /// The source line a logger printed with the record: `Feed.swift:88`, `Feed.swift 88`,
    /// `[Line 21]`, `viewDidLoad():42`.
    var sourceLine: Int? {
        for (k, t) in tokens.enumerated() where k + 1 < tokens.count {
            var n = k + 1
            switch t.kind {
            case .file: break
            case .name where b.string(t.range).lowercased() == "line": break
            case .punctuation where t.firstByte == ASCII.rparen && !tokens[n].spaced: break
            case .punctuation
            where t.firstByte == ASCII.rbracket && tokens[n].firstByte == ASCII.lparen && !tokens[n].spaced:
                n += 1
                if n + 1 < tokens.count, tokens[n].kind == .number, tokens[n + 1].firstByte == ASCII.rparen,
                    let line = Int(b.string(tokens[n].range))
                {
                    return line
                }
                continue
            default: continue
            }
            if tokens[n].kind == .punctuation, tokens[n].firstByte == ASCII.colon, !tokens[n].spaced,
                n + 1 < tokens.count
            {
                n += 1
            }
            if tokens[n].kind == .number, let line = Int(b.string(tokens[n].range)),
                t.kind != .punctuation || n == k + 2
            {
                return line
            }
        }
        return nil
    }
}
