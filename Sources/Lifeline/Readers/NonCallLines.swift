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
/// ```
enum NonCallLines {
    /// Why the message between `start` and `end` is not a call, or nil.
    static func reason(_ b: Bytes, from start: Int, to end: Int) -> String? {
        guard start < end else { return nil }
        let text = b.string(start..<end)
        if isCode(text) { return "source code" }
        if isStackFrame(text) { return "a stack frame" }
        if isDocumentation(text) { return "documentation" }
        return nil
    }

    private static let codeStarts = [
        "override ", "func ", "@objc", "@IBAction", "@IBOutlet", "super.", "[super ", "- (", "-(", "+ (", "+(",
        "print(", "NSLog(", "debugPrint(", "os_log(", "Logger(", "let ", "var ", "if ", "guard ", "return ", "return;",
        "}", "{", "/*", "*/", "import ", "class ", "struct ", "extension ", "private ", "public ",
        "internal ", "fileprivate ", "open ", "static ", "final ", "@implementation", "@interface", "#import",
        "#pragma", "#if", "#endif", "self.", "DispatchQueue", "@end", "@property", "case ", "switch ", "protocol ",
        "typedef", "@selector", "dispatch_", "XCTAssert", "@Test", "#expect", "NSString ", "UIViewController *",
        "- viewDidLoad {", "lazy var",
    ]

    private static let codeParts = [
        "super.view", "[super view", "#function", "__FUNCTION__", "__func__", "__PRETTY_FUNCTION__", "func view",
        "(BOOL)animated", "_ animated: Bool", "NSLog(@", "print(\"", "override func", "@selector(", "NSStringFromSelector",
        "method_exchangeImplementations", "class_getInstanceMethod", "#selector(", ".viewDidLoad()", "\\(self)",
        "String(describing:", "type(of:", "XCTAssert", "func test", "[self view",
    ]

    static func isCode(_ text: String) -> Bool {
        for start in codeStarts where text.hasPrefix(start) { return true }
        for part in codeParts where text.contains(part) {
            // `HomeVC.viewDidLoad()` alone is a call logged with `#function`'s class; code calls
            // it with `super.` or `self.`, or writes more around it.
            if part == ".viewDidLoad()", !text.contains("super.") && !text.contains("self.") { continue }
            return true
        }
        if text.hasSuffix(";") || text.hasSuffix("{") || text.hasSuffix("{}") { return true }
        // Ruby (podspecs, Fastfiles): `Pod::Spec.new do |spec|`, `spec.name = 'X'`, `end`.
        if text == "end" || text.hasPrefix("Pod::") || text.contains(" do |") || text.hasPrefix("def ") || text.hasPrefix("require ") {
            return true
        }
        if text.contains(" = '") || text.contains(" = {") || text.contains(" = [") { return true }
        return false
    }

    /// `3   UIKitCore   0x00000001a2b3c4d5 -[UIViewController viewWillAppear:] + 40`,
    /// `frame #4: 0x… UIKitCore\`-[UIViewController …]`, `Thread 0 Crashed:`.
    static func isStackFrame(_ text: String) -> Bool {
        if text.hasPrefix("frame #") || text.hasPrefix("* frame #") || text.hasPrefix("Thread ") && text.contains("Crashed") {
            return true
        }
        let utf8 = Array(text.utf8)
        if isNumberedFrame(utf8) { return true }
        guard let last = utf8.last, ASCII.isDigit(last) else { return false }
        // Ends with `+ 40` after a symbol and holds a long address.
        var i = utf8.count - 1
        while i > 0, ASCII.isDigit(utf8[i]) { i -= 1 }
        guard i >= 2, utf8[i] == ASCII.space, utf8[i - 1] == ASCII.plus else { return false }
        return text.contains(" 0x") || text.hasPrefix("0x")
    }

    /// A crash report's frame: `4   icdab_planets   0x00000001048290f0 -[PlanetViewController viewDidLoad] + 20720 (…)`:
    /// a frame number, a binary, an address.
    private static func isNumberedFrame(_ t: [UInt8]) -> Bool {
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
    static func isDocumentation(_ text: String) -> Bool {
        if text.hasPrefix("```") || text.hasPrefix("|") && text.hasSuffix("|") { return true }
        if text.hasPrefix("#") {
            let rest = text.dropFirst().drop { $0 == "#" }
            if rest.hasPrefix(" ") || text.hasPrefix("##") && !rest.isEmpty { return true }
        }
        return false
    }

    /// A sentence in a script without spaces between words: two full-width commas or a
    /// full-width full stop (`，` `。`), as in `视图被销毁，需要对…进行释放。`.
    static func isWideSentence(_ text: String) -> Bool {
        var commas = 0
        for scalar in text.unicodeScalars {
            if scalar == "，" || scalar == "、" { commas += 1 }
            if scalar == "。" { return true }
        }
        return commas >= 2
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
            let standalone = (i == start || !ASCII.isIdentifier(b[i - 1]) && b[i - 1] != ASCII.dot)
                && (j == end || !ASCII.isIdentifier(b[j]) && b[j] != ASCII.lparen && b[j] != ASCII.colon)
            if standalone, j - i >= 2 {
                let word = b.string(i..<j)
                let lower = word.lowercased()
                let plain = word == lower || (ASCII.isUpper(b[i]) && word.dropFirst() == lower.dropFirst() && proseMarkers.contains(lower))
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
