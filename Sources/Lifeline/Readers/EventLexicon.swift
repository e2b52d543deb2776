/// How a word of a log line was recognised as a lifecycle event.
enum EventSpelling: String, Sendable {
    /// A method spelling, in any case: `viewWillAppear:`, `viewWillAppear(_:)`, `DeInit`.
    case spelled = "method name"
    /// Words: `view will appear`, `View Did Load`.
    case words = "words"
    /// Without `view`: `didAppear`, `willDisappear`, `isAppearing`.
    case shorthand = "shorthand"
    /// A misspelling of a long name: `viewWillDissapear`.
    case corrected = "corrected spelling"
    /// Chinese or Japanese words for the event: `视图将要显示`, `画面が表示された後`.
    case localized = "localized words"
}

/// The words that name lifecycle events, in every spelling a log uses.
///
/// A word is looked up by its letters and digits in lower case (`CanonicalEvent.squash`).
/// Common English words (`init`, `push`, `present`) are *weak*: they name an event only when the
/// line shows call syntax around them (see `CallFinder`).
enum EventLexicon {
    struct Match: Equatable {
        var event: CanonicalEvent
        var spelling: EventSpelling
        var weak: Bool
    }

    /// The event a squashed word names, if any.
    static func lookup(_ squashed: String) -> Match? {
        if let event = CanonicalEvent(squashed: squashed) {
            return Match(event: event, spelling: .spelled, weak: weakWords.contains(squashed))
        }
        if let event = shorthand[squashed] {
            return Match(event: event, spelling: .shorthand, weak: squashed == "isappearing" || squashed == "didload")
        }
        if let event = corrected(squashed) { return Match(event: event, spelling: .corrected, weak: false) }
        return nil
    }

    /// Every squashed word `lookup`, `pastTense` and a phrase read (see `WordFilter`).
    static var squashedWords: [String] {
        Array(CanonicalEvent.squashedSpellings) + Array(shorthand.keys) + Array(pastTenseWords.keys)
            + Array(phraseStarts)
    }

    /// Whether a squashed word of `count` letters starting with `first` could be a misspelling
    /// that `corrected` reads: its length and first letter are a long name's.
    static func mayBeCorrected(count: Int, first: UInt8) -> Bool {
        guard count >= 9, count <= 27 else { return false }
        return longNames.contains { name, _ in
            name.count >= 10 && name[0] == first && abs(name.count - count) <= (name.count >= 13 ? 2 : 1)
        }
    }

    /// Words that are events only with call syntax around them.
    static let weakWords: Set<String> = [
        "init", "new", "push", "pop", "present", "dismiss", "transition", "selectedindex",
        "selectedviewcontroller",
    ]

    private static let shorthand: [String: CanonicalEvent] = [
        "didappear": .viewDidAppear, "willappear": .viewWillAppear, "isappearing": .viewIsAppearing,
        "willdisappear": .viewWillDisappear, "diddisappear": .viewDidDisappear, "didload": .viewDidLoad,
        "willlayoutsubviews": .viewWillLayoutSubviews, "didlayoutsubviews": .viewDidLayoutSubviews,
        "willlayout": .viewWillLayoutSubviews, "didlayout": .viewDidLayoutSubviews,
        // In the past tense: `HomeViewController deallocated`.
        "deallocated": .deinit, "dealloced": .deinit, "deinitialized": .deinit, "deinitialised": .deinit,
        "deinited": .deinit,
        // Under way: `HomeViewController is deallocating`, `Deallocating HomeViewController`.
        "deallocating": .deinit, "deinitializing": .deinit, "deinitialising": .deinit,
    ]

    /// An event told in the past tense, in words only (`View appeared: Home`,
    /// `Settings view disappeared`, `Home view loaded`): a method is never named so. A call
    /// finder reads it only with its object.
    static func pastTense(_ squashed: String) -> Match? {
        pastTenseWords[squashed].map { Match(event: $0, spelling: .words, weak: false) }
    }

    private static let pastTenseWords: [String: CanonicalEvent] = [
        "viewappeared": .viewDidAppear, "viewdisappeared": .viewDidDisappear, "viewloaded": .viewDidLoad,
    ]

    /// The first words of an event spelled as words: `view will appear`, `will move to parent`.
    static let phraseStarts: Set<String> = ["view", "will", "did", "begin", "end", "remove", "add", "load", "de"]

    /// Chinese, Japanese and Korean words that blog logs print instead of a method name, for
    /// the appearance, load and release events. Longer phrases are tried first where one holds
    /// another.
    static let localized: [(phrase: [UInt8], event: CanonicalEvent)] = [
        ("加载完毕", CanonicalEvent.viewDidLoad), ("加载完成", .viewDidLoad), ("初回ロード", .viewDidLoad), ("ロード完了", .viewDidLoad),
        ("将要显示", .viewWillAppear), ("即将显示", .viewWillAppear), ("将要出现", .viewWillAppear), ("即将出现", .viewWillAppear),
        ("表示される前", .viewWillAppear), ("表示される直前", .viewWillAppear),
        ("已经显示", .viewDidAppear), ("完全显示", .viewDidAppear), ("显示完毕", .viewDidAppear), ("已经出现", .viewDidAppear),
        ("表示された後", .viewDidAppear), ("表示完了", .viewDidAppear),
        ("将要消失", .viewWillDisappear), ("即将消失", .viewWillDisappear), ("将要移除", .viewWillDisappear),
        ("即将移除", .viewWillDisappear), ("非表示になる前", .viewWillDisappear), ("消える前", .viewWillDisappear),
        ("已经消失", .viewDidDisappear), ("完全消失", .viewDidDisappear), ("已经移除", .viewDidDisappear),
        ("非表示になった後", .viewDidDisappear), ("消えた後", .viewDidDisappear),
        ("被销毁", .deinit), ("已销毁", .deinit), ("被释放", .deinit), ("已释放", .deinit),
        ("释放了", .deinit), ("销毁了", .deinit), ("解放された", .deinit), ("解放されました", .deinit),
        ("破棄された", .deinit), ("破棄されました", .deinit), ("해제됨", .deinit), ("해제되었", .deinit),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Long names a misspelling is matched against, squashed.
    private static let longNames: [([UInt8], CanonicalEvent)] = [
        CanonicalEvent.viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
        .viewDidDisappear, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .willMoveToParent, .didMoveToParent,
        .removeFromParent, .removeFromSuperview, .beginAppearanceTransition, .endAppearanceTransition,
    ].map { (Array(CanonicalEvent.squash($0.rawValue).utf8), $0) }

    /// A misspelled long name: one edit away for names of 10 to 12 letters, two for longer
    /// ones (`viewwilldissapear` is two substitutions from `viewwilldisappear`). No two long
    /// names are within three edits of each other, so a correction is never ambiguous.
    static func corrected(_ word: String) -> CanonicalEvent? {
        // Most words are shorter: told before their bytes are copied.
        guard word.utf8.count >= 9, word.utf8.count <= 27 else { return nil }
        let w = Array(word.utf8)
        for (n, event) in longNames {
            let allowed = n.count >= 13 ? 2 : 1
            guard n.count >= 10, abs(n.count - w.count) <= allowed, n[0] == w[0] else { continue }
            if editDistance(w, n, limit: allowed) <= allowed { return event }
        }
        return nil
    }

    /// Damerau–Levenshtein distance (adjacent swaps count as one edit), giving up past `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        let (n, m) = (a.count, b.count)
        var previous2 = [Int](repeating: 0, count: m + 1)
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        for i in 1...n {
            current[0] = i
            var rowMin = i
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                current[j] = d
                rowMin = min(rowMin, d)
            }
            if rowMin > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[m]
    }
}
