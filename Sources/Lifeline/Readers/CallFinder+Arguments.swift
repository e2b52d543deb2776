/// Reading the arguments after an event (see `CallFinder`).
extension CallFinder {
    func arguments(from start: Int, to end: Int, into call: inout RawCall) {
        guard start < end else { return }
        var from = tokens[start].range.lowerBound
        let to = tokens[end - 1].range.upperBound
        // `HomeVC.viewDidLoad():42`: a line number, not an argument.
        var k = start
        var assigned = false
        while k < end, tokens[k].kind == .punctuation,
            [ASCII.colon, ASCII.rparen, ASCII.rbracket, ASCII.dash, ASCII.equals, ASCII.greater].contains(
                tokens[k].firstByte)
        {
            if tokens[k].firstByte == ASCII.colon, k + 1 < end, tokens[k + 1].kind == .number, !tokens[k + 1].spaced,
                k + 2 == end || tokens[k + 2].spaced
            {
                k += 1
            }
            if tokens[k].firstByte == ASCII.equals { assigned = true }
            // `[Feed viewDidLoad()](20)`: a source line.
            if tokens[k].firstByte == ASCII.rbracket, k + 3 < end, tokens[k + 1].firstByte == ASCII.lparen,
                !tokens[k + 1].spaced,
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
    /// `animated: called`, a number other than 0 or 1 read as `animated`.
    func keep(_ arg: (String, RawArg), event: CanonicalEvent?) -> Bool {
        switch arg.1 {
        case .object(let ref):
            if ref.address != nil { return true }
            return !NameWords.isFiller(ref.name)
                && (NameWords.isTypeLike(ref.name) || ArgumentParser.objectKeys.contains(arg.0))
        case .value(let value):
            // A load or layout call takes no value: `viewDidLoad (23): 2` is a marker.
            if arg.0.hasPrefix("value"), let kind = event?.kind, kind == .load || kind == .layout { return false }
            if arg.0 == "animated", case .bool = value { return true }
            // The flag printed as a number is 0 or 1; another number after an appearance call
            // is something else the logger printed (`File.swift 20 viewWillAppear 40`: a column).
            if arg.0 == "animated", case .int(let n) = value { return n == 0 || n == 1 }
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
