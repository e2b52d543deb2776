/// Comments an author wrote after a call on its own line (see `CallFinder`).
extension CallFinder {
    /// The anchors without those inside a comment on the call before them. A group in brackets
    /// or parentheses, opened after a space once a call's method has ended, is a comment on
    /// that call when it holds Chinese, Japanese or Korean words or names only that call's
    /// event again:
    ///
    ///     mainViewCtrl invoke viewWillDisappear [然后oldController调用viewWillDisappear]
    ///     Child1ViewController invoke viewWillDisappear [oldController viewWillDisappear]
    ///     <Sub: 0x7fd5a0405170> viewDidAppear: (IMP = ParentViewController viewDidAppear)
    ///
    /// A group glued to a name (`Home(viewDidAppear) Detail(viewDidAppear)`) or closed before
    /// the next event (`[A] viewDidAppear [B] viewDidAppear`) holds a call of its own.
    ///
    /// A group that holds a sentence (Chinese or Japanese sentence punctuation, `，` or `。`)
    /// after other words is a comment even with no call before it:
    ///
    ///     Child1ViewController dismiss end [关键时刻哦，… oldController viewDidDisappear后被触发的哦]
    /// Whether a Chinese negation stands right before the event, set apart by a space: the
    /// method is named as not called, and the rest of the line may still log a call.
    ///
    /// ```
    /// 故意不调 didMoveToParentViewController:        ("deliberately not calling")   no call
    /// 只 addSubview，不 addChildViewController:        ("only addSubview, no addChild")   addSubview
    /// [漏 didMove] addChildViewController:           ("didMove left out")   addChild
    /// ```
    func isNegated(_ anchor: Anchor) -> Bool {
        let k = anchor.token
        guard k > 0, tokens[k].spaced, tokens[k - 1].isWideLetter else { return false }
        let word = b.string(tokens[k - 1].range)
        // `泄漏` is "leak", not "left out": `Detail 没有泄漏 deinit` is a deinit.
        if word == "漏", k > 1, b.string(tokens[k - 2].range) == "泄" { return false }
        if word == "不" || word == "没" || word == "未" || word == "漏" { return true }
        return word == "调" && k > 1 && ["不", "没"].contains(b.string(tokens[k - 2].range))
    }

    /// Whether the line names an event only as not called (see `isNegated`).
    func namesNegatedCall() -> Bool { anchors.contains(where: isNegated) }

    func withoutComments(_ anchors: [Anchor]) -> [Anchor] {
        var anchors = anchors
        anchors.removeAll(where: isNegated)
        if let first = anchors.first, first.token > 0, let open = openGroup(from: 1, to: first.token),
            tokens[open].spaced, holdsSentence(from: open, to: closing(open))
        {
            let close = closing(open)
            anchors.removeAll { $0.token < close }
        }
        guard anchors.count > 1 else { return anchors }
        var kept = [anchors[0]]
        var k = 1
        while k < anchors.count {
            let call = kept[kept.count - 1]
            // `[oldController viewWillDisappear]`, read as one message send.
            let t = tokens[anchors[k].token]
            if t.kind == .objcMethod, t.spaced, t.firstByte == ASCII.lbracket,
                anchors[k].match.event == call.match.event
            {
                k += 1
                continue
            }
            guard let open = openGroup(from: call.last + 1, to: anchors[k].token), tokens[open].spaced else {
                kept.append(anchors[k])
                k += 1
                continue
            }
            let close = closing(open)
            let inside = anchors[k...].prefix { $0.token < close }
            let wide = tokens[open..<close].contains { $0.isWideLetter }
            if wide || inside.allSatisfy({ $0.match.event == call.match.event }) {
                k += inside.count
            } else {
                kept.append(anchors[k])
                k += 1
            }
        }
        return kept
    }

    /// Whether tokens `from` to `to` hold a full-width comma or an ideographic full stop.
    private func holdsSentence(from: Int, to: Int) -> Bool {
        let start = tokens[from].range.lowerBound
        let end = to < tokens.count ? tokens[to].range.lowerBound : tokens[tokens.count - 1].range.upperBound
        var i = start
        while i + 2 < end {
            if b[i] == 0xEF, b[i + 1] == 0xBC, b[i + 2] == 0x8C { return true }  // ，
            if b[i] == 0xE3, b[i + 1] == 0x80, b[i + 2] == 0x82 { return true }  // 。
            i += 1
        }
        return false
    }

    /// The outermost bracket or parenthesis opened between tokens `from` and `to` and still
    /// open at `to`.
    private func openGroup(from: Int, to: Int) -> Int? {
        var opened: [Int] = []
        for k in from..<max(from, to) where tokens[k].kind == .punctuation {
            switch tokens[k].firstByte {
            case ASCII.lbracket, ASCII.lparen: opened.append(k)
            case ASCII.rbracket, ASCII.rparen: _ = opened.popLast()
            default: break
            }
        }
        return opened.first
    }

    /// The token that closes the group opened at `open`, or the end of the line.
    private func closing(_ open: Int) -> Int {
        var depth = 0
        for k in open..<tokens.count where tokens[k].kind == .punctuation {
            switch tokens[k].firstByte {
            case ASCII.lbracket, ASCII.lparen: depth += 1
            case ASCII.rbracket, ASCII.rparen:
                depth -= 1
                if depth == 0 { return k }
            default: break
            }
        }
        return tokens.count
    }
}
