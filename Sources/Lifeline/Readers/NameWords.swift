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

    /// Fillers that also name screens when written capitalised (`Main: viewDidLoad`,
    /// `[Screen] viewWillAppear`); in lower case `main` is the main thread.
    static let screenWords: Set<String> = ["main", "screen", "page", "tab"]

    /// Whether `word` is one of `screenWords`, capitalised: `Main`, not `main` or `MAIN`.
    static func isScreenRole(_ word: String) -> Bool {
        let utf8 = word.utf8
        guard let first = utf8.first, ASCII.isUpper(first), utf8.dropFirst().allSatisfy(ASCII.isLower) else {
            return false
        }
        return screenWords.contains(word.lowercased())
    }

    /// Whether a word is one of `fillers`, written in lower case, capitalised or in capitals.
    /// A single capital (`A`) and a CamelCase word (`ViewController`) are names.
    static func isFiller(_ word: String) -> Bool {
        let utf8 = word.utf8
        if utf8.count == 1, let c = utf8.first, ASCII.isUpper(c) { return false }
        if utf8.dropFirst().contains(where: { ASCII.isUpper($0) }), utf8.contains(where: { ASCII.isLower($0) }) {
            return false
        }
        return fillers.contains(word.lowercased())
    }

    /// A Swift class name as the runtime prints it, read back (see `MangledName`):
    /// `_TtCV14__lldb_expr_9010SampleView11Coordinator` is `SampleView.Coordinator`. A name
    /// whose generic arguments are not read keeps its class: `UIHostingController`.
    static func demangled(_ name: String) -> String {
        guard name.hasPrefix("_Tt") else { return name }
        return MangledName.demangled(name) ?? MangledName.genericClass(name) ?? name
    }

    /// A class named as a view, not a controller: `ThirdView`, `FeedCell`.
    static func isViewClass(_ name: String) -> Bool { isViewClass(Substring(name)) }

    /// Compared on bytes: a long session asks this of every class it meets.
    static func isViewClass(_ name: Substring) -> Bool {
        if let known = name.utf8.withContiguousStorageIfAvailable({ isViewClass(bytes: $0) }) {
            return known ?? (name.count > 4)
        }
        return viewSuffixes.contains { name.hasSuffix(String(decoding: $0, as: UTF8.self)) } && name.count > 4
    }

    /// Whether the name with these bytes ends in a view's suffix and is longer than four
    /// characters; nil when it ends in one but has non-ASCII bytes (its characters are then
    /// to be counted).
    private static func isViewClass(bytes b: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard
            viewSuffixes.contains(where: { suffix in
                b.count >= suffix.count && suffix.indices.allSatisfy { b[b.count - suffix.count + $0] == suffix[$0] }
            })
        else { return false }
        return b.allSatisfy { $0 < 0x80 } ? b.count > 4 : nil
    }

    private static let viewSuffixes: [[UInt8]] = ["View", "Cell", "Label", "Button", "Layer", "Window"].map {
        Array($0.utf8)
    }

    /// A word that titles numbered screens (`Tab 1`, `Demo 2`, `VC 3`): a class or role
    /// name, a capitalised screen word, or `VC`.
    static func isTitle(_ word: String) -> Bool {
        isTypeLike(word) || isScreenRole(word) || word == "VC"
    }

    /// A name that reads as a controller class: `OneViewController`, `HomeVC`, `MainViewCtrl`.
    static func isClassLike(_ word: String) -> Bool {
        isTypeLike(word) && hasControllerSuffix(word)
    }

    /// Whether a name ends the way controllers' names do: `Controller`, `VC`, `Ctrl`.
    static func hasControllerSuffix(_ word: String) -> Bool {
        // A generic's base: `ListViewController<Item>`.
        let base = word.firstIndex(of: "<").map { word[..<$0] } ?? word[...]
        let lower = base.lowercased()
        return lower.hasSuffix("controller") || lower.hasSuffix("vc") || lower.hasSuffix("ctrl")
    }

    /// A class or role name as logs write them: a capital first (`HomeVC`, `A`), a digit
    /// (`vc1`), or a controller's suffix (`homeController`, `mainViewCtrl`).
    static func isTypeLike(_ word: String) -> Bool {
        guard let first = word.utf8.first, !isFiller(word) else { return false }
        if ASCII.isUpper(first) { return true }
        if word.utf8.contains(where: { ASCII.isDigit($0) }) { return true }
        return hasControllerSuffix(word) || word.contains(".")
    }

    /// The name an argument keeps: `toParent` becomes `parent`, `viewController` `to`.
    static func argumentName(_ key: String) -> String {
        switch key {
        case "toParent", "toParentViewController", "parentViewController": return "parent"
        default: return key
        }
    }
}
