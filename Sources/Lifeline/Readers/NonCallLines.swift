/// Lines that mention lifecycle methods without being calls: source code, stack frames,
/// documentation and prose. Reading them as calls would make a wrong trace, which is worse
/// than none.
///
/// ```
/// override func viewDidLoad() {                       → source code
/// [super viewWillAppear:animated];                   → source code
/// 3   UIKitCore   0x00000001a2b3c4d5 -[UIViewController viewWillAppear:] + 40   → stack frame
/// ## viewDidLoad                                     → documentation
/// - viewDidLoad is where you configure the views you loaded.   → prose
/// __40-[HomeViewController viewDidAppear:]_block_invoke   → a block inside the method
/// ```
///
/// A block's name, which `__func__` prints inside a block a method runs (a dispatch, an
/// animation's completion), names the method it is in, already logged: not a call again.
enum NonCallLines {
    /// Why the message between `start` and `end` is not a call, or nil.
    static func reason(_ b: Bytes, from start: Int, to end: Int) -> String? {
        guard start < end else { return nil }
        let text = Line(b: b, start: start, end: end)
        if isCode(text) { return "source code" }
        if isStackFrame(text) { return "a stack frame" }
        if isDocumentation(text) { return "documentation" }
        if isSpacedColonHeading(b, from: start, to: end) { return "a heading" }
        if isNegatedMention(text) { return "a remark that the method is not called" }
        if b.find("]_block_invoke", from: start, end: end) != nil { return "a block inside the method" }
        if isCountSummary(b, from: start, to: end) { return "a count of calls" }
        if isMarkdownProse(b, from: start, to: end) { return "prose" }
        return nil
    }

    /// A sentence that names methods as Markdown code: a `` `code` `` span and at least six
    /// words of two letters or more outside such spans. A log line that marks its call as code
    /// has few words around it (`` AppDelegate.swift - `viewDidLoad()` ``).
    ///
    /// ```
    /// After switching to B, the user taps B again: only `shouldSelect` fires.   → prose
    /// 4. `ViewControllerA viewDidLoad`                                          → a call
    /// ```
    static func isMarkdownProse(_ b: Bytes, from start: Int, to end: Int) -> Bool {
        guard b.find("`", from: start, end: end) != nil else { return false }
        var words = 0, letters = 0, inCode = false, spans = 0
        for i in start..<end {
            let c = b[i]
            if c == 0x60 {
                inCode.toggle()
                if !inCode { spans += 1 }
            }
            if !inCode, ASCII.isLower(c) || ASCII.isUpper(c) {
                letters += 1
            } else {
                if letters >= 2 { words += 1 }
                letters = 0
            }
        }
        if letters >= 2, !inCode { words += 1 }
        return spans > 0 && words >= 6
    }

    /// A line that says a method is not called (`1번째 viewDidLoad는 호출되지않고`, `viewDidLoad
    /// not called`, `viewDidLoad不会调用`, `viewDidLoadは呼ばれない`). A remark after ` // `
    /// is the author's and is not looked at: `-[A viewWillDisappear:]  // 但不会调用dealloc` is a call.
    static func isNegatedMention(_ text: Line) -> Bool {
        var stop = text.end
        if let remark = text.b.find(" //", from: text.start, end: text.end) { stop = remark }
        return negations.contains { text.contains($0, before: stop) }
    }

    /// A line that counts calls in Chinese, "N times in all" (`=> loadView 共 2 次，viewDidLoad
    /// 共 2 次`): a summary of the calls above it, not one more.
    static func isCountSummary(_ b: Bytes, from start: Int, to end: Int) -> Bool {
        var from = start
        while let at = b.find("共", from: from, end: end) {
            var i = b.skipSpaces(from: at + 3, to: end)
            let digits = i
            while i < end, ASCII.isDigit(b[i]) { i += 1 }
            i = b.skipSpaces(from: i, to: end)
            if i > digits, b.hasPrefix("次", at: i, end: end) { return true }
            from = at + 3
        }
        return false
    }

    private static let negations: [SearchedLiteral] = [
        "호출되지", "호출 안 ", "호출이 안", "호출이 되지", "불리지 않", "呼ばれない", "呼ばれず", "呼ばれません", "呼ばれなかった",
        "不会调用", "没有调用", "未调用", "不调用", "没调用", "不会被调用", "没有被调用", " not called", " never called",
        " isn't called", " wasn't called", " not being called",
    ].map(SearchedLiteral.init)

    /// A line's bytes, searched without making a `String`.
    struct Line {
        let b: Bytes
        let start: Int
        let end: Int
        /// The bytes the line holds: most literals it is searched for hold one it lacks.
        let holds: BytesHeld

        init(b: Bytes, start: Int, end: Int) {
            self.b = b
            self.start = start
            self.end = end
            holds = BytesHeld(b, from: start, to: end)
        }

        func hasPrefix(_ s: StaticString) -> Bool { b.hasPrefix(s, at: start, end: end) }
        func hasSuffix(_ s: StaticString) -> Bool {
            let n = s.utf8CodeUnitCount
            return end - start >= n && b.hasPrefix(s, at: end - n, end: end)
        }
        func contains(_ s: StaticString) -> Bool {
            holds.containsAll(of: s) && b.find(s, from: start, end: end) != nil
        }
        /// Whether the line holds `literal` before `stop`.
        func contains(_ literal: SearchedLiteral, before stop: Int? = nil) -> Bool {
            holds.containsAll(of: literal.bytes) && b.find(literal.text, from: start, end: stop ?? end) != nil
        }
        var count: Int { end - start }
        subscript(i: Int) -> UInt8 { b[start + i] }
        func isExactly(_ s: StaticString) -> Bool { count == s.utf8CodeUnitCount && hasPrefix(s) }
        func string(from i: Int, to j: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: b[(start + i)..<(start + j)]), as: UTF8.self)
        }
        /// Whether the bytes from `i` to `j` are `s`.
        func isExactly(_ s: StaticString, from i: Int, to j: Int) -> Bool {
            j - i == s.utf8CodeUnitCount && b.hasPrefix(s, at: start + i, end: start + j)
        }
    }

    private static let codeStarts: [StaticString] = [
        "override ", "func ", "@objc", "@IBAction", "@IBOutlet", "super.", "[super ", "- (", "-(", "+ (", "+(",
        "print(", "NSLog(", "debugPrint(", "os_log(", "Logger(", "let ", "var ", "if ", "guard ", "return ", "return;",
        "}", "{", "/*", "*/", "import ", "class ", "struct ", "extension ", "private ", "public ",
        "internal ", "fileprivate ", "open ", "static ", "final ", "@implementation", "@interface", "#import",
        "#pragma", "#if", "#endif", "self.", "DispatchQueue", "@end", "@property", "case ", "switch ", "protocol ",
        "typedef", "@selector", "dispatch_", "XCTAssert", "@Test", "#expect", "NSString ", "UIViewController *",
        "- viewDidLoad {", "lazy var",
    ]

    private static let codeParts: [SearchedLiteral] = [
        "super.view", "[super view", "#function", "__FUNCTION__", "__func__", "__PRETTY_FUNCTION__", "func view",
        "(BOOL)animated", "_ animated: Bool", "NSLog(@", "print(\"", "override func", "@selector(",
        "NSStringFromSelector",
        "method_exchangeImplementations", "class_getInstanceMethod", "#selector(", "\\(self)",
        "String(describing:", "type(of:", "XCTAssert", "func test", "[self view", "super.viewDidLoad()",
        "self.viewDidLoad()",
    ].map(SearchedLiteral.init)

    static func isCode(_ text: Line) -> Bool {
        for start in codeStarts where text.hasPrefix(start) { return true }
        for part in codeParts where text.contains(part) { return true }
        if text.hasSuffix(";") || text.hasSuffix("{") || text.hasSuffix("{}") { return true }
        if hasOptionalChaining(text) || hasVariableArgument(text) { return true }
        // Ruby (podspecs, Fastfiles): `Pod::Spec.new do |spec|`, `spec.name = 'X'`, `end`.
        if text.isExactly("end") || text.hasPrefix("Pod::") || text.contains(" do |") || text.hasPrefix("def ")
            || text.hasPrefix("require ")
        {
            return true
        }
        return text.contains(" = '") || text.contains(" = {") || text.contains(" = [")
    }

    /// Swift's optional chaining, a name, `?.` and a method or property:
    /// `navigationController?.pushViewController(detailVC, animated: true)`. No log prints it.
    static func hasOptionalChaining(_ text: Line) -> Bool {
        var i = 1
        while i + 2 < text.count {
            if text[i] == 0x3F, text[i + 1] == 0x2E, ASCII.isIdentifier(text[i - 1]), ASCII.isLower(text[i + 2]) {
                return true
            }
            i += 1
        }
        return false
    }

    /// A call given a program's variable: `present(vc, animated: true)`,
    /// `child.didMove(toParent: self)`, `view.addSubview(child.view)`. A log prints values
    /// (`true`, `nil`, `<App.Home: 0x…>`, `Home`) and signatures (`willMove(toParent:)`), not
    /// the names of variables: an argument that is a lowercase ASCII name, or a path of them,
    /// other than a literal or an event's name, is one. `animated` is left out: it is also
    /// written as a label (`viewWillAppear(animated)`), and so is an event (`Menu(viewDidAppear)`).
    static func hasVariableArgument(_ t: Line) -> Bool {
        func word(from start: Int) -> Int {
            var k = start
            while k < t.count, t[k] < 0x80, ASCII.isIdentifier(t[k]) { k += 1 }
            return k
        }
        var i = 1
        while i < t.count {
            // Call syntax: an ASCII name right before `(` (`다음(blue)뷰` is a gloss in prose).
            guard t[i] == ASCII.lparen, t[i - 1] < 0x80, ASCII.isIdentifier(t[i - 1]) else {
                i += 1
                continue
            }
            var j = i + 1
            while j < t.count, t[j] != ASCII.rparen, t[j] != ASCII.lparen {
                // One argument: a label if any, then its value.
                while j < t.count, t[j] == ASCII.space { j += 1 }
                var end = word(from: j)
                if end > j, end < t.count, t[end] == ASCII.colon {
                    j = end + 1
                    while j < t.count, t[j] == ASCII.space { j += 1 }
                    end = word(from: j)
                }
                if end > j, ASCII.isLower(t[j]), end < t.count,
                    t[end] == ASCII.comma || t[end] == ASCII.rparen || t[end] == ASCII.dot,
                    !literals.contains(where: { t.isExactly($0, from: j, to: end) }),
                    // `Menu(viewDidAppear)` names the event, as some logs write it.
                    EventLexicon.lookup(CanonicalEvent.squash(t.string(from: j, to: end))) == nil
                {
                    return true
                }
                // On to the next argument.
                j = end
                while j < t.count, t[j] != ASCII.comma, t[j] != ASCII.rparen, t[j] != ASCII.lparen { j += 1 }
                if j < t.count, t[j] == ASCII.comma { j += 1 }
            }
            i = j + 1
        }
        return false
    }

    private static let literals: [StaticString] = ["true", "false", "nil", "null", "animated", "yes", "no"]

    /// `3   UIKitCore   0x00000001a2b3c4d5 -[UIViewController viewWillAppear:] + 40`,
    /// `frame #4: 0x… UIKitCore\`-[UIViewController …]`, `Thread 0 Crashed:`.
    static func isStackFrame(_ text: Line) -> Bool {
        if text.hasPrefix("frame #") || text.hasPrefix("* frame #")
            || text.hasPrefix("Thread ") && text.contains("Crashed")
        {
            return true
        }
        if isNumberedFrame(text) { return true }
        guard text.count > 0, ASCII.isDigit(text[text.count - 1]) else { return false }
        // Ends with `+ 40` after a symbol and holds a long address.
        var i = text.count - 1
        while i > 0, ASCII.isDigit(text[i]) { i -= 1 }
        guard i >= 2, text[i] == ASCII.space, text[i - 1] == ASCII.plus else { return false }
        return text.contains(" 0x") || text.hasPrefix("0x")
    }

    /// A crash report's frame: `4   icdab_planets   0x00000001048290f0 -[PlanetViewController viewDidLoad] + 20720 (…)`:
    /// a frame number, a binary, an address.
    private static func isNumberedFrame(_ t: Line) -> Bool {
        var i = 0
        while i < t.count, ASCII.isDigit(t[i]) { i += 1 }
        guard i > 0, i < t.count, ASCII.isSpace(t[i]) else { return false }
        while i < t.count, ASCII.isSpace(t[i]) { i += 1 }
        let binary = i
        while i < t.count, !ASCII.isSpace(t[i]) { i += 1 }
        guard i > binary else { return false }
        while i < t.count, ASCII.isSpace(t[i]) { i += 1 }
        guard i + 8 < t.count, t[i] == 0x30, t[i + 1] == 0x78 else { return false }
        return (i + 2..<i + 8).allSatisfy { ASCII.isHex(t[$0]) }
    }

    /// Markdown headings, table rows and fences; lines of a man page.
    static func isDocumentation(_ text: Line) -> Bool {
        if text.hasPrefix("```") || text.hasPrefix("|") && text.hasSuffix("|") { return true }
        if text.hasPrefix("#") {
            var i = 1
            while i < text.count, text[i] == 0x23 { i += 1 }
            if i < text.count, text[i] == ASCII.space || i >= 2 { return true }
        }
        return false
    }

    /// A remark in a script without spaces between words around a method it mentions: eight
    /// or more letters and a full-width punctuation mark (`注：点击Home键并不会调用viewWillDisappear`),
    /// or an ASCII comma written right after a Chinese or Japanese letter, as pages that turn
    /// full-width punctuation into ASCII print it (`view会调整subviews的位置,调整完成后会调用viewDidLayoutSubviews`).
    static func isWideRemark(_ b: Bytes, from start: Int, to end: Int) -> Bool {
        var letters = 0, marks = 0
        var afterLetter = false
        var i = start
        while i < end {
            let c = b[i]
            let d: UInt8 = i + 1 < end ? b[i + 1] : 0
            var letter = false
            if i + 2 < end, c == 0xEF, d == 0xBC || d == 0xBD {
                marks += 1
            } else if i + 2 < end, c == 0xE3, d == 0x80 {
                marks += 1
            } else if i + 2 < end, (c == 0xE3 && d >= 0x81) || (c >= 0xE4 && c <= 0xED) {
                letters += 1
                // Han and kana, not Hangul: Korean is written with spaces and ASCII commas.
                letter = c <= 0xE9
            } else if c == ASCII.comma, afterLetter {
                marks += 1
            }
            afterLetter = letter
            i += c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1
        }
        return letters >= 8 && marks >= 1
    }

    /// A heading over notes: a method's name alone with a space before a closing colon
    /// (`viewDidLayoutSubviews :`). Logged selectors have no space before the colon
    /// (`viewWillAppear:`), and a bracketed send keeps its brackets.
    static func isSpacedColonHeading(_ b: Bytes, from start: Int, to end: Int) -> Bool {
        var j = start
        while j < end, ASCII.isIdentifier(b[j]), b[j] < 0x80 { j += 1 }
        guard j > start, j < end, b[j] == ASCII.space else { return false }
        var k = j
        while k < end, b[k] == ASCII.space { k += 1 }
        return k == end - 1 && b[k] == ASCII.colon
    }

    /// A sentence in a script without spaces between words: two full-width commas or a
    /// full-width full stop (`，` `。`), as in `视图被销毁，需要对…进行释放。`.
    static func isWideSentence(_ text: Line) -> Bool {
        var commas = 0
        var i = 0
        while i + 2 < text.count {
            // ，EF BC 8C  、E3 80 81  。E3 80 82
            if text[i] == 0xEF, text[i + 1] == 0xBC, text[i + 2] == 0x8C { commas += 1 }
            if text[i] == 0xE3, text[i + 1] == 0x80, text[i + 2] == 0x81 { commas += 1 }
            if text[i] == 0xE3, text[i + 1] == 0x80, text[i + 2] == 0x82 { return true }
            i += 1
        }
        return commas >= 2
    }

    /// A sentence in a script written with spaces between words, other than English: four or
    /// more words of two or more letters of Hangul, Cyrillic, Greek or Latin with marks, as in
    /// `view가 화면에 나타나기 직전에 호출` or `Когда: При создании экземпляра контроллера`.
    /// Punctuation, arrows and emoji are no letters, and Chinese and Japanese, written without
    /// spaces, are told by their punctuation instead (`isWideSentence`).
    static func isSpacedSentence(_ b: Bytes, from start: Int, to end: Int) -> Bool {
        var words = 0
        var i = start
        while i < end {
            while i < end, b[i] == ASCII.space || b[i] == ASCII.tab { i += 1 }
            var letters = 0
            while i < end, b[i] != ASCII.space, b[i] != ASCII.tab {
                if isSpacedScriptLetter(b, at: i, end: end) { letters += 1 }
                i += 1
            }
            if letters >= 2 { words += 1 }
        }
        return words >= 4
    }

    /// Whether the UTF-8 sequence at `i` starts a letter of a script written with spaces:
    /// U+00C0–U+04FF (Latin with marks, Greek, Cyrillic), U+1E00–U+1EFF (Latin with more marks,
    /// as Vietnamese writes) or U+A000–U+D7FF (Hangul, most of it).
    private static func isSpacedScriptLetter(_ b: Bytes, at i: Int, end: Int) -> Bool {
        let c = b[i]
        if c >= 0xC3 && c <= 0xD3 { return true }
        if c >= 0xEA && c <= 0xED { return true }
        return c == 0xE1 && i + 1 < end && b[i + 1] >= 0xB8 && b[i + 1] <= 0xBB
    }

    /// Where an author's note on a call line starts: a `//` with a space before it and after it
    /// (` will appear (375.0, 667.0) // proving that will appear can be too early`). A URL's
    /// `//` has neither.
    static func noteStart(_ b: Bytes, from start: Int, to end: Int) -> Int? {
        var i = start + 1
        while i + 2 < end {
            if b[i] == ASCII.slash, b[i + 1] == ASCII.slash, ASCII.isSpace(b[i - 1]), ASCII.isSpace(b[i + 2]) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// Prose about a method: `viewDidLoad is where you configure the views`. Counted over the
    /// words outside the call: four or more English words with one that only prose uses
    /// (`you`, `the`, `should`, `when`…), or seven or more of any kind.
    static func isProse(_ b: Bytes, from start: Int, to end: Int) -> Bool {
        var words = 0
        var marked = false
        var i = start
        while i < end {
            guard ASCII.isLower(b[i]) || ASCII.isUpper(b[i]) else {
                i += 1
                continue
            }
            var j = i
            while j < end, ASCII.isLower(b[j]) || ASCII.isUpper(b[j]) || b[j] == 0x27 { j += 1 }
            let standalone =
                (i == start || !ASCII.isIdentifier(b[i - 1]) && b[i - 1] != ASCII.dot)
                && (j == end || !ASCII.isIdentifier(b[j]) && b[j] != ASCII.lparen && b[j] != ASCII.colon)
            if standalone, j - i >= 2 {
                let word = b.string(i..<j)
                let lower = word.lowercased()
                let plain =
                    word == lower
                    || (ASCII.isUpper(b[i]) && word.dropFirst() == lower.dropFirst() && proseMarkers.contains(lower))
                if plain, !logWords.contains(lower), EventLexicon.lookup(CanonicalEvent.squash(word)) == nil {
                    words += 1
                    if proseMarkers.contains(lower) { marked = true }
                }
            }
            i = j
        }
        return words >= 7 || (words >= 4 && marked)
    }

    private static let logWords: Set<String> = [
        "called", "call", "invoked", "method", "animated", "true", "false", "yes", "no", "nil", "self", "is",
        "was", "optional", "vc", "begin", "end", "start", "done",
    ]

    private static let proseMarkers: Set<String> = [
        "you", "your", "we", "our", "should", "must", "can", "could", "where", "when", "which", "this", "that",
        "the", "it", "its", "because", "override", "implement", "use", "used", "if", "whenever", "every", "good",
        "place", "here", "there", "these", "those", "then", "also", "only", "first", "note", "method", "methods",
    ]
}
