/// Finding the lifecycle events of a line (see `CallFinder`).
extension CallFinder {
    func findAnchors() -> [Anchor] {
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
                    let cls = ObjectRef(name: NameWords.demangled(b.string(t.inner)))
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
        if tokens.contains(where: { $0.isWideLetter }) {
            anchors = merged(anchors, localized ? localizedAnchors() : localizedReleases())
        }
        return anchors
    }

    /// In a log that prints method names, the one localized word still read: a release word
    /// right after a controller's class (`LFLifeCycleViewController被销毁了`), which is how
    /// apps log `dealloc`. Other words there are the author's headings (`2. A将要消失`).
    func localizedReleases() -> [Anchor] {
        localizedAnchors().filter { anchor in
            anchor.match.event == .`deinit` && anchor.token > 0 && tokens[anchor.token - 1].kind == .name
                && NameWords.isClassLike(b.string(tokens[anchor.token - 1].range))
        }
    }

    /// Events written as Chinese or Japanese words (`EventLexicon.localized`), at the token
    /// where each phrase starts.
    func localizedAnchors() -> [Anchor] {
        var found: [Anchor] = []
        for (k, t) in tokens.enumerated() where t.isWideLetter {
            for (phrase, event) in EventLexicon.localized where t.range.lowerBound + phrase.count <= b.count {
                guard (0..<phrase.count).allSatisfy({ b[t.range.lowerBound + $0] == phrase[$0] }) else { continue }
                let end = t.range.lowerBound + phrase.count
                let last = tokens.lastIndex { $0.range.lowerBound < end } ?? k
                found.append(
                    Anchor(
                        token: k, match: EventLexicon.Match(event: event, spelling: .localized, weak: false),
                        method: event.rawValue,
                        methodClass: nil, last: last))
                break
            }
        }
        return found
    }

    /// Two lists of anchors in the order of their tokens, leaving out one that overlaps another.
    private func merged(_ a: [Anchor], _ b: [Anchor]) -> [Anchor] {
        var all = (a + b).sorted { $0.token < $1.token }
        var k = 1
        while k < all.count {
            if all[k].token <= all[k - 1].last { all.remove(at: k) } else { k += 1 }
        }
        return all
    }

    /// An event named by the name token at `k`: `viewDidLoad`, `Orders.viewDidAppear`,
    /// `tabBarController(_:didSelect:)`, `navigationController:willShowViewController:animated:`,
    /// `view will appear`.
    func nameAnchor(at k: Int) -> Anchor? {
        if namesNoEvent(at: k) { return nil }
        let t = tokens[k]
        let text = b.string(t.range)
        // Argument labels are not events: `(isAppearing: true`, `, animated:`.
        if k > 0, tokens[k - 1].kind == .punctuation,
            tokens[k - 1].firstByte == ASCII.lparen || tokens[k - 1].firstByte == ASCII.comma,
            k + 1 < tokens.count, tokens[k + 1].firstByte == ASCII.colon, !tokens[k + 1].spaced,
            k >= 2, tokens[k - 2].kind == .name
        {
            return nil
        }
        var methodClass: ObjectRef? = nil
        var name = text
        // Most words hold no dot: told on the bytes before looking for it among the characters.
        if t.range.contains(where: { b[$0] == ASCII.dot }), let dot = text.lastIndex(of: ".") {
            let tail = String(text[text.index(after: dot)...])
            // The method alone (`Orders.viewDidAppear`), with its signature
            // (`Nav.pushViewController(_:animated:)`, `Child.willMove(toParent:)`) or with
            // labelled arguments (`Child.willMove(toParent: Parent)`).
            guard
                EventLexicon.lookup(CanonicalEvent.squash(tail)) != nil
                    || signature(after: k).map({ EventLexicon.lookup(CanonicalEvent.squash(tail + $0.0)) != nil })
                        == true
                    || labelSignature(after: k).map({ CanonicalEvent(method: tail + $0) != nil }) == true
            else { return nil }
            let head = String(text[..<dot])
            if !["self", "super", "vc", "controller"].contains(head.lowercased()) {
                methodClass = ObjectRef(name: head)
            }
            if head == "super" { return nil }  // `super.viewDidLoad()` is code
            name = tail
        }
        // The name's own reading and lower case, made once: most words are tried several ways.
        var nameMatch: EventLexicon.Match?? = nil
        func matchOfName() -> EventLexicon.Match? {
            if let known = nameMatch { return known }
            let match = EventLexicon.lookup(CanonicalEvent.squash(name))
            nameMatch = .some(match)
            return match
        }
        let lower = name.lowercased()
        // A Swift signature or an ObjC selector with more parts: the whole spelling when it is a
        // known one (`tabBarController(_:didSelect:)`), else the name (`init(presenter:)`).
        if let (signature, end) = signature(after: k) {
            if let match = EventLexicon.lookup(CanonicalEvent.squash(name + signature)),
                CanonicalEvent(method: name + signature) != nil
                    || matchOfName() == nil
            {
                return accept(
                    Anchor(token: k, match: match, method: name + signature, methodClass: methodClass, last: end))
            }
            if let match = matchOfName() {
                return accept(
                    Anchor(
                        token: k, match: match, method: name + (signature.hasPrefix("(") ? signature : ""),
                        methodClass: methodClass,
                        last: end))
            }
            return nil
        }
        // Arguments given with their labels: `willMove(toParent: Home)` is `willMove(toParent:)`.
        if matchOfName() == nil, let labels = labelSignature(after: k),
            CanonicalEvent(method: name + labels) != nil,
            let match = EventLexicon.lookup(CanonicalEvent.squash(name + labels))
        {
            return accept(Anchor(token: k, match: match, method: name + labels, methodClass: methodClass, last: k))
        }
        // Words: `view will appear`, `View Did Load`, `will move to parent`.
        if methodClass == nil, EventLexicon.phraseStarts.contains(lower) {
            // The phrase's squashed letters, looked up only when the filter may hold them.
            var squashed: [UInt8] = []
            var word = SquashedWord()
            for byte in name.utf8 { if let kept = word.add(byte) { squashed.append(kept) } }
            var best: (Int, EventLexicon.Match)? = nil
            var past = false
            var j = k + 1
            while j < tokens.count, j - k <= 6 {
                // `de-init`, `view-did-load`: words joined by hyphens.
                if tokens[j].kind == .punctuation, tokens[j].firstByte == ASCII.dash, !tokens[j].spaced,
                    j + 1 < tokens.count,
                    tokens[j + 1].kind == .name, !tokens[j + 1].spaced
                {
                    j += 1
                    continue
                }
                guard tokens[j].kind == .name, tokens[j].spaced || tokens[j - 1].firstByte == ASCII.dash,
                    !tokens[j].range.contains(where: { b[$0] == ASCII.dot })
                else { break }
                for i in tokens[j].range { if let kept = word.add(b[i]) { squashed.append(kept) } }
                if Self.lookedUpWords.mayHold(hash: word.hash) {
                    let key = String(decoding: squashed, as: UTF8.self)
                    if let match = EventLexicon.lookup(key), match.spelling != .corrected {
                        (best, past) = ((j, match), false)
                    } else if let match = EventLexicon.pastTense(key) {
                        (best, past) = ((j, match), true)
                    }
                }
                j += 1
            }
            // `--------REMOVE CHILD--------`: words alone in a banner are its heading, not a call.
            if let (end, match) = best, !isBanner || namesMore(than: k...end) {
                var m = match
                m.spelling = .words
                m.weak = false
                var anchor = Anchor(token: k, match: m, method: m.event.rawValue, methodClass: nil, last: end)
                anchor.pastTense = past
                return anchor
            }
        }
        // `<Child: 0x…> willMove to <Parent: 0x…>`, `didMove to (null)`: the containment calls
        // with their parent, as a controller logs them in words.
        if let event = Self.movesTo[lower], k + 2 < tokens.count, tokens[k + 1].spaced,
            b.string(tokens[k + 1].range).lowercased() == "to",
            tokens[k + 2].kind == .instance || tokens[k + 2].firstByte == ASCII.lparen
        {
            let match = EventLexicon.Match(event: event, spelling: .shorthand, weak: false)
            return Anchor(token: k, match: match, method: name, methodClass: methodClass, last: k + 1)
        }
        // `<FirstViewController: 0x71c2140> willMove`: a controller that logs its description
        // and the containment call's first word, and nothing after. A view's `willMove` is a
        // move to a superview or a window, not to a parent.
        if let event = Self.movesTo[lower], methodClass == nil, k > 0, tokens[k - 1].kind == .instance,
            tokens[k].spaced, let ref = tokens[k - 1].ref, !NameWords.isViewClass(ref.shortName),
            tokens[(k + 1)...].allSatisfy({ $0.kind == .punctuation })
        {
            let match = EventLexicon.Match(event: event, spelling: .shorthand, weak: false)
            return Anchor(token: k, match: match, method: name, methodClass: methodClass, last: k)
        }
        // `viewDidLoad1`, `viewWillDisappear2`: a screen's number glued to the method, read
        // as the method and the screen it names, not as a misspelling.
        let digits = name.utf8.reversed().prefix(while: ASCII.isDigit).count
        if digits > 0, digits <= 2, digits < name.utf8.count {
            let method = String(name.dropLast(digits))
            if let match = EventLexicon.lookup(CanonicalEvent.squash(method)), match.spelling == .spelled, !match.weak {
                return Anchor(
                    token: k, match: match, method: method, methodClass: methodClass, last: k,
                    gluedNumber: String(name.suffix(digits)))
            }
        }
        guard let match = matchOfName() else { return nil }
        return accept(Anchor(token: k, match: match, method: name, methodClass: methodClass, last: k))
    }

    /// The squashed words `nameAnchor` looks up, whichever table holds them.
    static let lookedUpWords = WordFilter(EventLexicon.squashedWords + movesTo.keys)

    /// Whether the name token at `k` is told on its bytes to name no event: an ASCII word
    /// without a dot, a glued number or a signature after it, whose letters no table holds
    /// and which no misspelling of a long name could be. Most words of an app's own logging
    /// (`fetch`, `response`) end here; the rest are looked up.
    func namesNoEvent(at k: Int) -> Bool {
        let range = tokens[k].range
        guard let last = range.last, !ASCII.isDigit(b[last]) else { return false }
        for i in range where b[i] >= 0x80 || b[i] == ASCII.dot { return false }
        guard signature(after: k) == nil, labelSignature(after: k) == nil else { return false }
        let (hash, count, first) = WordFilter.squashedHash(b, range)
        return !Self.lookedUpWords.mayHold(hash: hash) && !EventLexicon.mayBeCorrected(count: count, first: first)
    }

    /// Whether a token outside `phrase` is more than punctuation or a word that starts an
    /// event's phrase: a controller's name, say.
    func namesMore(than phrase: ClosedRange<Int>) -> Bool {
        tokens.indices.contains { k in
            !phrase.contains(k) && tokens[k].kind != .punctuation
                && !EventLexicon.phraseStarts.contains(b.string(tokens[k].range).lowercased())
        }
    }

    /// `willMove` and `didMove` followed by `to` and a controller or `(null)`, or alone after a
    /// controller's description.
    static let movesTo: [String: CanonicalEvent] = ["willmove": .willMoveToParent, "didmove": .didMoveToParent]

    /// A weak event word (`init`, `push`, `present`) counts only with call syntax around it:
    /// `(`, `:` or `]` after it, `.`, `[` or `(` before it, or nothing but a name before it and
    /// nothing, or one controller's class, after. A Swift initializer's modifier before `init`
    /// (`required init`, `HomeViewController override init`) is part of the event, never its
    /// object.
    func accept(_ anchor: Anchor) -> Anchor? {
        let k = anchor.token
        if anchor.match.event == .`init`, anchor.methodClass == nil, k > 0, tokens[k].spaced,
            tokens[k - 1].kind == .name,
            Self.initializerModifiers.contains(b.string(tokens[k - 1].range).lowercased())
        {
            guard var accepted = anchor.match.weak ? accept(anchor, from: k - 1) : anchor else { return nil }
            accepted.token = k - 1
            return accepted
        }
        guard anchor.match.weak else { return anchor }
        return accept(anchor, from: k)
    }

    /// Whether a token is a spaced middle dot `·` or bullet `•`, which a logger puts between a
    /// name and its event. A dash or a bar is not: `Step 2 - present`, `| Home | init |` are a
    /// heading and a table row.
    func isSeparator(_ t: LineToken) -> Bool {
        guard t.spaced, t.kind == .other else { return false }
        let mark = b.string(t.range)
        return mark == "·" || mark == "•"
    }

    /// The words Swift writes before `init`.
    static let initializerModifiers: Set<String> = ["required", "override", "convenience"]

    /// `accept(_:)` for a weak word whose event starts at token `s` (its modifier, or itself).
    private func accept(_ anchor: Anchor, from s: Int) -> Anchor? {
        // `--------PUSH--------` is a banner, not a call.
        if isBanner, !namesMore(than: s...anchor.last) { return nil }
        if anchor.methodClass != nil || anchor.last > anchor.token { return anchor }
        let k = anchor.token
        // `Push:`, `Pop Cancelled:`: a heading.
        if let last = tokens.last, last.kind == .punctuation, last.firstByte == ASCII.colon,
            !tokens.contains(where: { $0.kind == .instance || $0.kind == .objcMethod || $0.firstByte == ASCII.lparen })
        {
            return nil
        }
        // `selectedViewController = <B: 0x2>`: a property set.
        if k + 1 < tokens.count, tokens[k + 1].kind == .punctuation, tokens[k + 1].firstByte == ASCII.equals {
            return anchor
        }
        if k + 1 < tokens.count, !tokens[k + 1].spaced,
            [ASCII.lparen, ASCII.colon, ASCII.rbracket, ASCII.rparen].contains(tokens[k + 1].firstByte),
            tokens[k + 1].kind == .punctuation
        {
            return anchor
        }
        if s > 0, !tokens[s].spaced, tokens[s - 1].kind == .punctuation,
            [ASCII.dot, ASCII.lbracket, ASCII.lparen, ASCII.rparen].contains(tokens[s - 1].firstByte)
        {
            return anchor
        }
        // `transition from: A, to: B`: arguments by name after the word.
        if k + 2 < tokens.count, tokens[k + 1].kind == .name, tokens[k + 2].firstByte == ASCII.colon,
            !tokens[k + 2].spaced,
            ArgumentParser.objectKeys.contains(b.string(tokens[k + 1].range))
        {
            return anchor
        }
        // `Configurator init`: a name, a space, the word, and nothing after.
        let last = tokens[(k + 1)...].allSatisfy { $0.kind == .punctuation }
        // The modifier is part of the event, and `1st ViewController` is one name.
        let names =
            tokens.filter { ($0.kind == .name || $0.kind == .other) && !isSeparator($0) }.count - (k - s)
            - tokens.indices.dropLast().filter { j in
                tokens[j].kind == .name && isTag(j) && tokens[j + 1].spaced && tokens[j + 1].kind == .name
                    && Self.takesTag(b.string(tokens[j + 1].range))
            }.count
        // `[Presenter] init`, `Presenter: init`, `Presenter · init`.
        let named =
            s > 0
            && (tokens[s - 1].kind == .name || isSeparator(tokens[s - 1])
                || [ASCII.rbracket, ASCII.rparen, ASCII.colon].contains(tokens[s - 1].firstByte))
        if last, names <= 2, s == 0 || named && tokens[s].spaced { return anchor }
        // `HomeViewController: present DetailViewController`: a name bound to the word, and
        // one controller's class after it, nothing more.
        // Bound by punctuation only: `ViewController push FirstViewController` is how authors
        // note the step a log shows next.
        let bound =
            s >= 2 && tokens[s - 1].kind == .punctuation && tokens[s - 2].kind == .name
            && [ASCII.colon, ASCII.dash, ASCII.rbracket].contains(tokens[s - 1].firstByte)
        if bound, tokens[s].spaced, names <= 3, k + 1 < tokens.count, tokens[k + 1].kind == .name,
            tokens[k + 1].spaced, NameWords.isClassLike(b.string(tokens[k + 1].range)),
            tokens[(k + 2)...].allSatisfy({ $0.kind == .punctuation })
        {
            return anchor
        }
        // `Child1ViewController dismiss begin`, `Home present end`: a name, the word, and one
        // word that marks the call's start or end.
        if k + 1 < tokens.count, tokens[(k + 2)...].allSatisfy({ $0.kind == .punctuation }),
            tokens[k + 1].kind == .name, tokens[k + 1].spaced, names <= 3,
            s == 0 || named && tokens[s].spaced,
            CallPhase.after(Substring(b.string(tokens[k + 1].range))) != nil
        {
            return anchor
        }
        if s == 0, names <= 2, anchor.match.event != .`init` { return anchor }
        return nil
    }

    /// The signature of the arguments in parentheses right after the name token at `k`, by
    /// their labels: `(toParent: Home)` gives `(toParent:)`, `(from: A, to: B)` `(from:to:)`.
    func labelSignature(after k: Int) -> String? {
        guard k + 2 < tokens.count, !tokens[k + 1].spaced, tokens[k + 1].kind == .punctuation,
            tokens[k + 1].firstByte == ASCII.lparen
        else { return nil }
        var text = "("
        var depth = 1
        var pieceStart = true
        var j = k + 2
        while j < tokens.count {
            let t = tokens[j]
            if t.kind == .punctuation {
                switch t.firstByte {
                case ASCII.lparen, ASCII.lbracket, ASCII.less: depth += 1
                case ASCII.rparen, ASCII.rbracket, ASCII.greater:
                    depth -= 1
                    if depth == 0 { return text == "(" ? nil : text + ")" }
                case ASCII.comma where depth == 1:
                    pieceStart = true
                    j += 1
                    continue
                default: break
                }
            }
            if pieceStart, depth == 1 {
                if t.kind == .name, j + 1 < tokens.count, tokens[j + 1].firstByte == ASCII.colon, !tokens[j + 1].spaced
                {
                    text += b.string(t.range) + ":"
                } else {
                    text += "_:"
                }
                pieceStart = false
            }
            j += 1
        }
        return nil
    }

    /// The most labels a method's signature is read with.
    static let maxLabels = 12

    /// `(_:)`, `(toParent:)`, `()`, or `:shouldSelectViewController:` right after the name token
    /// at `k`, with the token that ends it.
    func signature(after k: Int) -> (String, Int)? {
        guard k + 1 < tokens.count, !tokens[k + 1].spaced, tokens[k + 1].kind == .punctuation else { return nil }
        let open = tokens[k + 1].firstByte
        // A method has a few labels (UIKit's have at most five): a longer run of `a:b:c:` is no
        // signature, and reading it from every name of a long line would take its square.
        let limit = k + 2 + 2 * Self.maxLabels
        if open == ASCII.lparen {
            var j = k + 2
            var text = "("
            while j < tokens.count, !tokens[j].spaced || tokens[j].firstByte == ASCII.rparen {
                guard j < limit else { return nil }
                let t = tokens[j]
                if t.kind == .punctuation, t.firstByte == ASCII.rparen { return (text + ")", j) }
                guard t.kind == .name || (t.kind == .punctuation && t.firstByte == ASCII.colon) else { return nil }
                // Only labels: `(toParent:)`, not values (`(Child)`, `(true)`), which are arguments.
                if t.kind == .name, j + 1 >= tokens.count || tokens[j + 1].firstByte != ASCII.colon { return nil }
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
            while j + 1 < tokens.count, tokens[j].firstByte == ASCII.colon, tokens[j].kind == .punctuation,
                !tokens[j].spaced
            {
                guard j < limit else { return nil }
                text += ":"
                guard tokens[j + 1].kind == .name, !tokens[j + 1].spaced, j + 2 < tokens.count,
                    tokens[j + 2].firstByte == ASCII.colon,
                    !tokens[j + 2].spaced
                else { return (text, j) }
                text += b.string(tokens[j + 1].range)
                j += 2
            }
            return (text + (j < tokens.count && tokens[j].firstByte == ASCII.colon ? ":" : ""), j)
        }
        return nil
    }
}
