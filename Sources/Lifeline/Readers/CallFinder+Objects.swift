/// Finding the object of each event from the evidence around it (see `CallFinder`).
extension CallFinder {
    /// What names an object before an anchor, down to token `floor`.
    struct Before {
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
    func before(_ anchor: Anchor, floor: Int) -> Before {
        var found = Before()
        var k = anchor.token - 1
        var address: String? = nil
        var adjacent = true
        var passed = false
        // Past a word of accented prose, a name is the sentence's, not the call's.
        var prose = false
        // `[Home Screen]: viewWillAppear`: a colon or dash may stand between.
        var close = k
        if close > floor, tokens[close].kind == .punctuation,
            tokens[close].firstByte == ASCII.colon || tokens[close].firstByte == ASCII.dash
        {
            close -= 1
        }
        if let (name, open) = bracketedScreenName(endingAt: close, floor: floor) {
            found.name = (ObjectRef(name: name), .bound, open)
            k = open - 1
            adjacent = false
            passed = true
        } else if let (name, first) = spacedScreenName(endingAt: close, floor: floor) {
            // Not bound: a sentence may open with such words too, and is still prose.
            found.name = (ObjectRef(name: name), .nearest, first)
            k = first - 1
            adjacent = false
            passed = true
        }
        // The name from token `j` to `last`, written as one, is bound to the event; the walk
        // goes on before it.
        func bindName(from j: Int, through last: LineToken) {
            let name = b.string(tokens[j].range.lowerBound..<last.range.upperBound)
            found.name = (ObjectRef(name: name, address: address), .bound, j)
            adjacent = false
            k = j - 1
            passed = true
        }
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
            case .name where isPossessive(k):
                // `Parent's viewDidAppear`: the `s` of a possessive names nothing, and a name
                // in a possessive is a sentence's, never bound to the event.
                adjacent = false
            case .name:
                var name = b.string(t.range)
                // `Table view controller viewDidLoad`, `inner content controller will disappear`:
                // a class named in words.
                if found.name == nil, adjacent, name.lowercased() == "controller" {
                    var words: [String] = []
                    var j = k - 1
                    while j >= floor, words.count < 3, tokens[j].kind == .name, tokens[j + 1].spaced {
                        let word = b.string(tokens[j].range)
                        guard word.utf8.allSatisfy({ ASCII.isLower($0) || ASCII.isUpper($0) }),
                            !["the", "a", "an", "this"].contains(word.lowercased())
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
                // `Z-orphan viewWillAppear`, `D-child viewDidAppear`, `home-screen: viewDidLoad`:
                // words joined by hyphens with no space are one name.
                if found.name == nil, adjacent, !t.spaced, k - 2 >= floor, tokens[k - 1].firstByte == ASCII.dash,
                    tokens[k - 1].kind == .punctuation, !tokens[k - 1].spaced, tokens[k - 2].kind == .name,
                    endsSpacedName(k)
                {
                    var j = k - 2
                    while j - 2 >= floor, !tokens[j].spaced, tokens[j - 1].firstByte == ASCII.dash,
                        tokens[j - 1].kind == .punctuation, !tokens[j - 1].spaced, tokens[j - 2].kind == .name
                    {
                        j -= 2
                    }
                    let opened =
                        j > floor && tokens[j - 1].kind == .punctuation
                        && [ASCII.lbracket, ASCII.lparen].contains(tokens[j - 1].firstByte)
                    if j == floor || tokens[j].spaced || opened {
                        bindName(from: j, through: t)
                        continue
                    }
                }
                // `Screen A viewDidLoad`, `ViewController B - viewWillAppear`: a screen word or a
                // generic controller name and a capital letter are one name, as `Tab 1` is.
                if found.name == nil, adjacent, t.spaced, t.range.count == 1, ASCII.isUpper(t.firstByte),
                    k - 1 >= floor, tokens[k - 1].kind == .name
                {
                    let title = b.string(tokens[k - 1].range)
                    if NameWords.isScreenRole(title) || Self.letterTitles.contains(title) {
                        found.name = (ObjectRef(name: title + " " + name, address: address), .bound, k - 1)
                        k -= 2
                        passed = true
                        adjacent = false
                        continue
                    }
                }
                // `第一个VC viewDidLoad`, `画面A viewDidLoad`: a role glued to the Chinese, Japanese
                // or Korean words before it is one name with them.
                if found.name == nil, adjacent, !t.spaced, k - 1 >= floor, tokens[k - 1].isWideLetter,
                    NameWords.isClassLike(name) || ["vc", "controller"].contains(name.lowercased())
                        || NameWords.isTypeLike(name)
                {
                    var j = k - 1
                    while j - 1 >= floor, tokens[j - 1].isWideLetter, !tokens[j].spaced { j -= 1 }
                    bindName(from: j, through: t)
                    continue
                }
                // `2nd Viewcontroller viewDidAppear`: a generic controller word after a tag
                // (an ordinal, a capital) names the controller in any case.
                let taggedGeneric =
                    adjacent && t.spaced && k - 1 >= floor && tokens[k - 1].kind == .name && isTag(k - 1)
                    && Self.genericControllerWords.contains(name.lowercased())
                // `_` is a signature's unnamed argument (`tabBar(_:didSelect:)`), never a name.
                if found.name != nil
                    || (NameWords.isFiller(name) && !(adjacent && NameWords.isScreenRole(name)) && !taggedGeneric)
                    || EventLexicon.lookup(CanonicalEvent.squash(name)) != nil || Self.movesTo[name.lowercased()] != nil
                    || name.utf8.allSatisfy({ $0 == ASCII.underscore })
                {
                    adjacent = false
                } else if adjacent || NameWords.isTypeLike(name) && !prose {
                    found.name = (ObjectRef(name: name, address: address), adjacent ? .bound : .nearest, k)
                    // `1st ViewController viewDidLoad`, `B ViewController viewWillAppear`: a tag
                    // that tells two controllers of one class apart is part of the name.
                    // A bare number is a tag only before a generic name (`2 ViewController`):
                    // before another (`01 HomeViewController`) it numbers the line.
                    if adjacent, t.spaced, k - 1 >= floor, NameWords.isClassLike(name) || taggedGeneric, isTag(k - 1),
                        tokens[k - 1].kind != .number || Self.genericControllerWords.contains(name.lowercased()),
                        k - 2 < floor || tokens[k - 2].kind != .name
                    {
                        let tagged = b.string(tokens[k - 1].range) + " " + name
                        found.name = (ObjectRef(name: tagged, address: address), .bound, k - 1)
                        k -= 2
                        passed = true
                        adjacent = false
                        continue
                    }
                    adjacent = false
                } else {
                    adjacent = false
                }
            case .number
            where found.name == nil && adjacent && !t.spaced && k - 1 >= floor
                && tokens[k - 1].isWideLetter && t.range.count <= 3:
                // `画面1 viewDidLoad`, `页面2 viewWillAppear`: a screen word and its number glued
                // to it are one name, as `Tab 1` is.
                if let (word, first) = wideScreenName(endingAt: k - 1, floor: floor) {
                    found.name = (ObjectRef(name: word + b.string(t.range), address: address), .bound, first)
                    k = first - 1
                    passed = true
                    adjacent = false
                    continue
                }
                adjacent = false
            case .number where found.name == nil && adjacent && t.spaced && k - 1 >= floor:
                // `Tab 1 viewWillAppear`, `Demo 2 viewDidAppear`: a title and its number are one
                // name, so each numbered screen is an object of its own.
                let title = tokens[k - 1]
                let word = b.string(title.range)
                if title.kind == .name, t.range.count <= 3, NameWords.isTitle(word) {
                    found.name = (ObjectRef(name: word + " " + b.string(t.range), address: address), .bound, k - 1)
                    k -= 2
                    passed = true
                    adjacent = false
                    continue
                }
                adjacent = false
            case .number, .objcMethod:
                adjacent = false
            case .punctuation where t.firstByte == ASCII.comma || t.firstByte == ASCII.quote:
                adjacent = false
            case .other where t.isWideLetter:
                // `首页 viewDidLoad` ("home page"), `홈화면 viewDidLoad`: a word of a script
                // without spaces that names a screen.
                if found.name == nil, adjacent, let (name, first) = wideScreenName(endingAt: k, floor: floor) {
                    found.name = (ObjectRef(name: name, address: address), .bound, first)
                    k = first - 1
                    passed = true
                    adjacent = false
                    continue
                }
                adjacent = false
            case .other where t.isAccentedWord:
                // `Se llamó viewDidLoad`: a word of prose stands between a name and the event.
                adjacent = false
                prose = true
            default:
                break
            }
            passed = true
            k -= 1
        }
        return found
    }

    /// Whether the name at token `k` ends where a space follows it, or a colon or closing
    /// bracket and then a space (`Z-orphan: viewDidLoad`, `[Z-orphan] viewDidLoad`).
    func endsSpacedName(_ k: Int) -> Bool {
        guard k + 1 < tokens.count else { return false }
        let next = tokens[k + 1]
        if next.spaced { return true }
        guard next.kind == .punctuation, next.range.count == 1,
            [ASCII.colon, ASCII.rbracket, ASCII.rparen].contains(next.firstByte)
        else { return false }
        return k + 2 == tokens.count || tokens[k + 2].spaced
    }

    /// A screen named in words in brackets right before the event, when the last word names a
    /// screen: `[Overview VC] viewDidLoad`, `[Home Screen] viewWillAppear`,
    /// `[첫 번째 뷰] viewDidLoad` ("first view"). A name of one Latin word in brackets is read
    /// as any name before an event is (`[HomeVC] viewDidLoad`); a category tag
    /// (`[View Controller]`) and a message (`[window rootViewController]`, whose first word is
    /// not a capital's) name no screen. Gives the name and the token of `[`.
    func bracketedScreenName(endingAt close: Int, floor: Int) -> (String, Int)? {
        guard close >= floor else { return nil }
        let text: String
        let open: Int
        var wide = false
        if tokens[close].kind == .objcMethod, b[tokens[close].range.lowerBound] == ASCII.lbracket {
            // `[Home Screen]` has the shape of a message, `[Class selector]`.
            let range = tokens[close].range
            text = b.string((range.lowerBound + 1)..<(range.upperBound - 1))
            open = close
        } else {
            guard close > floor, let opening = closingBracket(tokens[close]) else { return nil }
            var k = close - 1
            while k >= floor, close - k <= 12 {
                let t = tokens[k]
                if bytes(of: t) == opening { break }
                guard t.kind == .name || t.kind == .number || t.isWideLetter else { return nil }
                wide = wide || t.isWideLetter
                k -= 1
            }
            guard k >= floor, k < close - 1, bytes(of: tokens[k]) == opening else { return nil }
            text = b.string(tokens[k + 1].range.lowerBound..<tokens[close - 1].range.upperBound)
            open = k
        }
        let words = text.split(separator: " ")
        guard words.count <= 4, words.count > 1 || wide, let first = words.first, let last = words.last,
            first.first.map({ $0.isUppercase || !$0.isASCII }) == true,
            !text.contains(where: { ":.=()".contains($0) }),
            !LineFurniture.categoryTags.contains(text.lowercased())
        else { return nil }
        let lower = last.lowercased()
        guard
            Self.latinScreenWords.contains(lower) || NameWords.hasControllerSuffix(lower)
                || Self.wideScreenWords.contains(where: { last.hasSuffix($0) })
        else { return nil }
        return (text, open)
    }

    /// A screen named in two or three capitalised words that open the message (after any
    /// article, filler, level or verb words: `The`, `Then`, `Warning`, `Showing`), right
    /// before the event, when the last word is a screen word or `VC`: `Third VC:
    /// viewWillDisappear(_:)`, `Home Screen: viewDidLoad`, `Detail VC - viewWillAppear`. No
    /// article is left first (`A ViewController` is a tag and a class), no word but the last
    /// is a class's (`Demo HomeViewController viewDidLoad` is a class after a word), and words
    /// ending in `Controller` are one class name (`Table view controller viewDidLoad` is
    /// `TableViewController`'s). The name is a guess: a line that reads as a sentence is still
    /// prose. Gives the name and its first token.
    func spacedScreenName(endingAt last: Int, floor: Int) -> (String, Int)? {
        guard last > floor else { return nil }
        for j in floor...last {
            guard tokens[j].kind == .name, j == floor || tokens[j].spaced,
                b[tokens[j].range].allSatisfy({ ASCII.isLower($0) || ASCII.isUpper($0) || ASCII.isDigit($0) })
            else { return nil }
        }
        var first = floor
        while first < last, Self.isLeadWord(b.string(tokens[first].range)) { first += 1 }
        let lastWord = b.string(tokens[last].range).lowercased()
        guard last > first, last - first <= 2, Self.latinScreenWords.contains(lastWord) || lastWord == "vc",
            !Self.articles.contains(b.string(tokens[first].range).lowercased()),
            (first...last).allSatisfy({ ASCII.isUpper(tokens[$0].firstByte) }),
            (first..<last).allSatisfy({ !NameWords.isClassLike(b.string(tokens[$0].range)) })
        else { return nil }
        return (b.string(tokens[first].range.lowerBound..<tokens[last].range.upperBound), first)
    }

    /// A word that opens a line before the screen it names: a filler or level word (`Then`,
    /// `Warning`, `Lifecycle`), a verb in `-ing` (`Showing`, `Entering`) or `Expected`.
    private static func isLeadWord(_ word: String) -> Bool {
        NameWords.isFiller(word) || word.hasSuffix("ing") || word.lowercased() == "expected"
    }

    private static let articles: Set<String> = ["a", "an", "the", "this", "that", "my", "our", "your", "its"]

    /// The bytes of the bracket that `t` closes (`]`, `】`, `」`, `』`), or nil.
    private func closingBracket(_ t: LineToken) -> [UInt8]? {
        switch bytes(of: t) {
        case [ASCII.rbracket]: return [ASCII.lbracket]
        case [0xE3, 0x80, 0x91]: return [0xE3, 0x80, 0x90]
        case [0xE3, 0x80, 0x8D]: return [0xE3, 0x80, 0x8C]
        case [0xE3, 0x80, 0x8F]: return [0xE3, 0x80, 0x8E]
        default: return nil
        }
    }

    private func bytes(of t: LineToken) -> [UInt8] {
        t.range.count <= 3 ? Array(b[t.range]) : []
    }

    /// A run of letters of a script without spaces, ending at token `last`, that names a
    /// screen by its last word (`首页`, `首页控制器`, `홈화면`, also after a short role:
    /// `A页面`), with the token it starts at.
    func wideScreenName(endingAt last: Int, floor: Int) -> (String, Int)? {
        var first = last
        while first - 1 >= floor, tokens[first - 1].isWideLetter, !tokens[first].spaced { first -= 1 }
        guard last - first < 10 else { return nil }
        // `A页面`, `Home控制器`: a short role glued before the screen word is part of the name.
        if first - 1 >= floor, !tokens[first].spaced,
            tokens[first - 1].kind == .name || tokens[first - 1].kind == .number,
            tokens[first - 1].range.count <= 12
        {
            first -= 1
        }
        let text = b.string(tokens[first].range.lowerBound..<tokens[last].range.upperBound)
        guard Self.wideScreenWords.contains(where: { text.hasSuffix($0) }) else { return nil }
        return (text, first)
    }

    /// Generic names that a capital letter after them tells apart (`ViewController B`).
    static let letterTitles: Set<String> = ["VC", "ViewController", "Controller", "View", "Scene"]

    /// Last words that make a name in brackets a screen's.
    static let latinScreenWords: Set<String> = ["view", "screen", "page", "tab", "scene"]
    /// The same in Korean, Chinese and Japanese: view, screen, controller, page, interface
    /// (`视图`, "view", is left out: `加载视图 loadView` is "load the view").
    static let wideScreenWords = [
        "뷰", "화면", "컨트롤러", "페이지", "页", "页面", "控制器", "界面", "頁", "頁面", "画面", "ページ", "ビュー",
    ]

    /// Whether token `k` is the `s` of a possessive: `VCParentViewController's`.
    private func isPossessive(_ k: Int) -> Bool {
        let t = tokens[k]
        guard t.range.count == 1, b[t.range.lowerBound] | 0x20 == 0x73, !t.spaced, k >= 2,
            tokens[k - 2].kind == .name, !tokens[k - 1].spaced
        else { return false }
        let apostrophe = tokens[k - 1].range
        return (apostrophe.count == 1 && b[apostrophe.lowerBound] == 0x27)
            || (apostrophe.count == 3 && b[apostrophe.lowerBound] == 0xE2 && b[apostrophe.lowerBound + 1] == 0x80
                && b[apostrophe.lowerBound + 2] == 0x99)
    }

    /// Names any controller could have, in lower case.
    static let genericControllerWords: Set<String> = ["viewcontroller", "vc", "controller"]

    /// Whether a tag before `word` makes the two one controller's name (`1st ViewController`,
    /// `2nd Viewcontroller`): a class name, or a generic one in any case.
    static func takesTag(_ word: String) -> Bool {
        NameWords.isClassLike(word) || genericControllerWords.contains(word.lowercased())
    }

    /// Whether token `k` is a tag that sets a controller apart: an ordinal (`1st`, `2nd`), a
    /// single capital (`A`) or a number of one or two digits.
    func isTag(_ k: Int) -> Bool {
        let text = b.string(tokens[k].range)
        let utf8 = Array(text.utf8)
        switch tokens[k].kind {
        case .number: return utf8.count <= 2 && utf8.allSatisfy(ASCII.isDigit)
        case .name:
            if utf8.count == 1 { return ASCII.isUpper(utf8[0]) }
            let digits = utf8.prefix(while: ASCII.isDigit)
            return !digits.isEmpty && digits.count <= 2
                && ["st", "nd", "rd", "th"].contains(String(decoding: utf8[digits.count...], as: UTF8.self))
        default: return false
        }
    }

    /// An event-first call's object: a type, identifier or UUID right after the event, past
    /// `:`, `-`, `=` and words such as `called` or `in`.
    func objectAfter(from start: Int, to end: Int) -> (ObjectRef, Int)? {
        var k = start
        var messageFollows = false
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
                if messageFollows, tokens[(k + 1)..<end].contains(where: { $0.kind != .punctuation }) { return nil }
                // `viewWillAppear animated: YES`: a key, not an object.
                if k + 1 < end, tokens[k + 1].firstByte == ASCII.colon || tokens[k + 1].firstByte == ASCII.equals {
                    return nil
                }
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
                guard
                    [ASCII.colon, ASCII.dash, ASCII.equals, ASCII.lparen, ASCII.rparen, ASCII.rbracket, ASCII.lbracket]
                        .contains(
                            t.firstByte)
                else { return nil }
                // `viewDidLoad(): Simple message`: a logger's function and its message, which
                // names an object only when it is one name alone (`viewDidLoad(): Home`).
                if t.firstByte == ASCII.colon, t.range.lowerBound > 0, b[t.range.lowerBound - 1] == ASCII.rparen {
                    messageFollows = true
                }
            case .other:
                break
            default:
                return nil
            }
            k += 1
        }
        return nil
    }
}
