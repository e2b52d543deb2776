/// What loggers put before a message and what is not part of a call: times, levels, emoji
/// markers, thread and category tags, file locations, bullets and numbering, the columns of
/// `log stream`/`log show` text. `skip` passes over them at the start of a message.
///
/// ```
/// 12:04:33.120 💚 DEBUG [main] [Feed.swift:88] viewDidAppear(_:)   → viewDidAppear(_:), file Feed
/// 2024-05-01 10:00:00.123456+0200 0x2f1a  Default  0x0  812  0  Notes: (UIKit) [com.app:ui] …
/// ③ [INFO] Home - viewWillAppear                                  → Home - viewWillAppear
/// ```
enum LineFurniture {
    struct Skipped {
        /// Where the message proper starts.
        var start: Int
        /// The file name of a `File.swift:88` location met on the way, without its extension.
        var file: Range<Int>?
        /// Whether the line is a comment (`// VC-1 viewDidLoad`): log output pasted into code.
        var comment = false
    }

    static func skip(_ b: Bytes, from start: Int, to end: Int) -> Skipped {
        var result = Skipped(start: start, file: nil)
        var i = start
        var columns = false
        while true {
            i = b.skipSpaces(from: i, to: end)
            guard i < end else { break }
            if i + 2 < end, b[i] == 0x2F, b[i + 1] == 0x2F, b[i + 2] == ASCII.space {
                result.comment = true
                i += 3
                continue
            }
            if let next = symbol(b, at: i, end: end) ?? time(b, at: i, end: end) ?? level(b, at: i, end: end)
                ?? bullet(b, at: i, end: end) ?? numbering(b, at: i, end: end) ?? tag(b, at: i, end: end)
            {
                i = next
                continue
            }
            if let (file, next) = location(b, at: i, end: end) {
                result.file = result.file ?? file
                i = next
                continue
            }
            if let next = logColumns(b, at: i, end: end) {
                columns = true
                i = next
                continue
            }
            if columns, let next = processName(b, at: i, end: end) {
                columns = false
                i = next
                continue
            }
            if let (_, next) = LogPrefix.parseProcess(b, from: i, to: end, afterDate: false) {
                i = next
                continue
            }
            break
        }
        result.start = i
        return result
    }

    /// Emoji, dingbats, arrows, circled numbers, bullets and box drawing (not letters of any
    /// script), and the variation selector after them.
    private static func symbol(_ b: Bytes, at i: Int, end: Int) -> Int? {
        let c = b[i]
        if c >= 0xF0, i + 4 <= end { return i + 4 }
        if c == 0xE2, i + 3 <= end { return i + 3 }
        if c == 0xEF, i + 3 <= end, b[i + 1] == 0xB8, b[i + 2] == 0x8F { return i + 3 }
        if c == 0xC2, i + 2 <= end, b[i + 1] == 0xB7 { return i + 2 }  // ·
        return nil
    }

    /// `12:04:33`, `12:04:33.120`, `12:04:33:120`, `2024-05-01`, `2024/05/01`, `[2024-05-01 12:04:33 +0000]`,
    /// `2024-05-01T12:04:33.120Z`, a zone after them.
    private static func time(_ b: Bytes, at start: Int, end: Int) -> Int? {
        var i = start
        let bracketed = b[i] == ASCII.lbracket || b[i] == ASCII.lparen
        if bracketed { i += 1 }
        guard i < end, ASCII.isDigit(b[i]) else { return nil }
        var j = i
        var colons = 0, dashes = 0
        while j < end {
            let c = b[j]
            if ASCII.isDigit(c) {
                j += 1
            } else if c == ASCII.colon || c == ASCII.dot || c == 0x2C, j + 1 < end, ASCII.isDigit(b[j + 1]), j > i,
                ASCII.isDigit(b[j - 1])
            {
                if c == ASCII.colon { colons += 1 }
                j += 1
            } else if c == ASCII.dash || c == 0x2F, j + 1 < end, ASCII.isDigit(b[j + 1]), j > i,
                ASCII.isDigit(b[j - 1]), colons == 0
            {
                dashes += 1
                j += 1
            } else if c == ASCII.space || c == 0x54, dashes == 2, colons == 0, j + 1 < end, ASCII.isDigit(b[j + 1]) {
                j += 1
            } else if c == ASCII.plus || c == ASCII.dash, colons >= 1, j + 1 < end, ASCII.isDigit(b[j + 1]) {
                j += 1  // a zone
            } else if c == 0x5A, colons >= 1 {
                j += 1
                break
            } else {
                break
            }
        }
        guard colons >= 1 || dashes == 2 else { return nil }
        if j < end, b[j] == ASCII.space, j + 1 < end, b[j + 1] == ASCII.plus || b[j + 1] == ASCII.dash,
            j + 2 < end, ASCII.isDigit(b[j + 2])
        {
            j += 2
            while j < end, ASCII.isDigit(b[j]) || b[j] == ASCII.colon { j += 1 }
        }
        if bracketed {
            guard j < end, b[j] == ASCII.rbracket || b[j] == ASCII.rparen else { return nil }
            j += 1
        }
        guard j == end || !ASCII.isIdentifier(b[j]) else { return nil }
        return j
    }

    /// Level names a logger prints, lowercased.
    static let levels: Set<String> = [
        "verbose", "debug", "info", "notice", "warning", "warn", "error", "fatal", "trace", "default", "fault",
        "log", "df", "db", "dbg", "inf", "wrn", "err",
    ]

    /// `INFO`, `INFO:`, `[INFO]`, `<Info>`, `(debug)`, `D/`, `I |`.
    private static func level(_ b: Bytes, at start: Int, end: Int) -> Int? {
        var i = start
        let open = b[i]
        let close: UInt8? =
            open == ASCII.lbracket
            ? ASCII.rbracket : open == ASCII.less ? ASCII.greater : open == ASCII.lparen ? ASCII.rparen : nil
        if close != nil { i += 1 }
        var j = i
        while j < end, ASCII.isLower(b[j]) || ASCII.isUpper(b[j]) { j += 1 }
        guard j > i else { return nil }
        let word = b.string(i..<j).lowercased()
        let single = j - i == 1 && "vdiwef".contains(word)
        guard levels.contains(word) || single else { return nil }
        if let close {
            guard j < end, b[j] == close else { return nil }
            return j + 1
        }
        if j < end, b[j] == ASCII.colon || b[j] == 0x2F || b[j] == 0x7C { return j + 1 }
        if single { return nil }
        // A bare word must be in capitals or followed by a space and more text.
        guard j < end, b[j] == ASCII.space, word != "log" else { return nil }
        let upper = (i..<j).allSatisfy { ASCII.isUpper(b[$0]) }
        return upper || word == "default" || word == "info" || word == "debug" ? j : nil
    }

    /// The characters of a banner's rule: `-`, `=`, `*`, `#`, `~`.
    static let ruleBytes: [UInt8] = [ASCII.dash, ASCII.equals, 0x2A, 0x23, 0x7E]

    /// `- `, `* `, `+ `, `> `, `| `, and a banner's rule (`===== `).
    private static func bullet(_ b: Bytes, at i: Int, end: Int) -> Int? {
        var j = i
        while j < end, b[j] == b[i], ruleBytes.contains(b[i]) { j += 1 }
        if j - i >= 3, j < end, b[j] == ASCII.space { return j + 1 }
        guard i + 1 < end, b[i + 1] == ASCII.space else { return nil }
        let c = b[i]
        return c == ASCII.dash || c == 0x2A || c == ASCII.plus || c == ASCII.greater || c == 0x7C ? i + 2 : nil
    }

    /// `6.`, `6)`, `6:`, `(6)`, `#6`, `Step 6:` followed by a space.
    private static func numbering(_ b: Bytes, at start: Int, end: Int) -> Int? {
        var i = start
        if b[i] == ASCII.lparen || b[i] == 0x23 { i += 1 }
        let digits = i
        while i < end, ASCII.isDigit(b[i]) { i += 1 }
        guard i > digits, i - digits <= 4, i < end else { return nil }
        if b[start] == ASCII.lparen {
            guard b[i] == ASCII.rparen else { return nil }
            i += 1
        } else if b[start] != 0x23 {
            guard b[i] == ASCII.dot || b[i] == ASCII.rparen || b[i] == ASCII.colon || b[i] == 0xEF || b[i] == 0xE3
            else { return nil }
            i += b[i] >= 0x80 ? 3 : 1  // a full-width `．` or `、`
        }
        guard i <= end, i == end || b[i] == ASCII.space || b[i] >= 0x80 else { return nil }
        return i
    }

    /// Tags that say where or how a line was logged, not which controller: `[main]`,
    /// `[Thread 1]`, `[com.example.app:lifecycle]`, `[Lifecycle]`, `[UI]`.
    private static func tag(_ b: Bytes, at i: Int, end: Int) -> Int? {
        guard b[i] == ASCII.lbracket else { return nil }
        var j = i + 1
        while j < end, b[j] != ASCII.rbracket, j - i < 80 { j += 1 }
        guard j < end, b[j] == ASCII.rbracket else { return nil }
        let inside = b.string((i + 1)..<j)
        let lower = inside.lowercased()
        // `[ViewController]`, Xcode's name for an app's first controller, names that class.
        if categoryTags.contains(lower), !NameWords.isScreenRole(inside), !NameWords.isClassLike(inside) {
            return j + 1
        }
        if lower.hasPrefix("thread") || lower.hasPrefix("queue") { return j + 1 }
        // A subsystem and category: `[com.example.app:lifecycle]`.
        if lower.contains("."), lower.contains(":"), !lower.contains(" "), !lower.contains(".swift") { return j + 1 }
        return nil
    }

    /// Category tags that name no controller.
    static let categoryTags: Set<String> = [
        "main", "ui", "uikit", "lifecycle", "life cycle", "life-cycle", "lifecycle log", "vc", "viewcontroller",
        "view controller", "log", "logger", "app", "trace", "debug", "screen", "view", "views", "navigation", "nav",
        "controller", "vc lifecycle", "vc-lifecycle", "com.apple.main-thread", "lifeline",
    ]

    /// `[Feed.swift:88]`, `Feed.swift:88`, `(Feed.swift:88)`, `Feed.swift(88)`, `Feed.m:88`, with an
    /// optional column and a function name inside the brackets.
    static func location(_ b: Bytes, at start: Int, end: Int) -> (Range<Int>, Int)? {
        var i = start
        let open = b[i]
        let bracketed = open == ASCII.lbracket || open == ASCII.lparen
        if bracketed { i += 1 }
        let nameStart = i
        while i < end, ASCII.isIdentifier(b[i]) && b[i] < 0x80 || b[i] == ASCII.dash || b[i] == 0x2B { i += 1 }
        let nameEnd = i
        guard nameEnd > nameStart, i < end, b[i] == ASCII.dot else { return nil }
        i += 1
        let extStart = i
        while i < end, ASCII.isLower(b[i]) { i += 1 }
        let ext = b.string(extStart..<i)
        guard ["swift", "m", "mm", "h", "c", "cpp"].contains(ext), i < end else { return nil }
        if b[i] == ASCII.colon || b[i] == ASCII.lparen {
            i += 1
            let digits = i
            while i < end, ASCII.isDigit(b[i]) || b[i] == ASCII.colon { i += 1 }
            guard i > digits else { return nil }
            if i < end, b[i] == ASCII.rparen, open != ASCII.lparen || !bracketed { i += 1 }
        } else if !bracketed && b[i] != ASCII.space {
            return nil
        }
        if bracketed {
            // `[Feed.swift:88 viewDidAppear(_:)]` keeps its function: only the file is skipped then.
            if i < end, b[i] == ASCII.space {
                return (nameStart..<nameEnd, i)
            }
            guard i < end, b[i] == ASCII.rbracket || b[i] == ASCII.rparen else { return nil }
            i += 1
        }
        return (nameStart..<nameEnd, i)
    }

    /// The columns of `log stream`/`log show` text after the time: thread id, type, activity id,
    /// process id and TTL (`0x2f1a  Default  0x0  812  0`), or the compact style's type (`Df`).
    private static func logColumns(_ b: Bytes, at start: Int, end: Int) -> Int? {
        var i = start
        var seen = 0
        while i < end {
            i = b.skipSpaces(from: i, to: end)
            var j = i
            if seen == 0, !b.hasPrefix("0x", at: i, end: end) {
                // The compact style's type before a process: `Df MyApp[812:2f1a]`.
                var j = i
                while j < end, ASCII.isLower(b[j]) || ASCII.isUpper(b[j]) { j += 1 }
                guard logTypes.contains(b.string(i..<j)), j < end, b[j] == ASCII.space else { break }
                let next = b.skipSpaces(from: j, to: end)
                guard LogPrefix.parseProcess(b, from: next, to: end, afterDate: false) != nil else { break }
                return next
            }
            if b.hasPrefix("0x", at: i, end: end) {
                j = i + 2
                while j < end, ASCII.isHex(b[j]) { j += 1 }
            } else if i < end, ASCII.isDigit(b[i]), seen > 0 {
                while j < end, ASCII.isDigit(b[j]) { j += 1 }
            } else {
                while j < end, ASCII.isLower(b[j]) || ASCII.isUpper(b[j]) { j += 1 }
                let word = b.string(i..<j)
                guard logTypes.contains(word), seen > 0 || word.count <= 2 || word == "Default" else { break }
            }
            guard j > i, j == end || b[j] == ASCII.space else { break }
            seen += 1
            i = j
        }
        return seen > 0 ? b.skipSpaces(from: i, to: end) : nil
    }

    private static let logTypes: Set<String> = [
        "Default", "Info", "Debug", "Error", "Fault", "Activity", "Df", "I", "Db", "E", "F", "A",
    ]

    /// `Notes:` and `Notes: (UIKitCore)` after the columns of `log stream` text.
    private static func processName(_ b: Bytes, at start: Int, end: Int) -> Int? {
        var i = start
        while i < end, b[i] != ASCII.colon, b[i] != ASCII.space { i += 1 }
        guard i < end, i > start, b[i] == ASCII.colon else { return nil }
        i = b.skipSpaces(from: i + 1, to: end)
        if i < end, b[i] == ASCII.lparen, let close = b.matching(open: i, end: end) {
            i = b.skipSpaces(from: close + 1, to: end)
        }
        return i
    }

    /// The header lines `log stream` and `log show` print before their entries.
    static func isToolHeader(_ b: Bytes, from i: Int, to end: Int) -> Bool {
        b.hasPrefix("Filtering the log data", at: i, end: end) || b.hasPrefix("Timestamp ", at: i, end: end)
            || b.hasPrefix("Skipping info and debug", at: i, end: end)
            || b.hasPrefix("getpwuid_r did not", at: i, end: end)
            || b.hasPrefix("Log      - Default:", at: i, end: end)
            || b.hasPrefix("---", at: i, end: end)
                && b.find("Log ", from: i, end: end) != nil
    }
}
