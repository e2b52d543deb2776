/// `shouldSelect(from: A, to: B)` for each event, made once per distinct receiver, event and
/// arguments and then reused: long traces repeat the same calls again and again.
struct CallTexts {
    struct Key: Hashable {
        var event: SymbolTable.ID, args: UInt32
    }

    /// What the text of the call at `index` depends on.
    static func key(_ events: EventList, at index: Int) -> Key {
        Key(event: events.eventSymbol(at: index), args: events.argsID(at: index))
    }

    let names: DisplayNames
    /// Per key (`event << 32 | args`), its text's place in `texts`.
    private var places = IdMap()
    private var texts: [String] = []

    init(_ names: DisplayNames) { self.names = names }

    mutating func text(_ events: EventList, at index: Int) -> String {
        let key = CallTexts.key(events, at: index)
        let packed = UInt64(key.event) << 32 | UInt64(key.args)
        if let known = places[packed] { return texts[Int(known)] }
        let text = CallTexts.call(events.symbols[key.event], events.args(at: index), names: names)
        places.insert(packed, Int32(texts.count))
        texts.append(text)
        return text
    }

    /// `shouldSelect(from: A, to: B)` for one event.
    static func call(_ event: TraceEvent, names: DisplayNames) -> String {
        call(event.event, event.args, names: names)
    }

    /// Arguments sorted by name, object ids shortened.
    static func call(_ event: String, _ args: [String: ArgValue], names: DisplayNames) -> String {
        guard !args.isEmpty else { return event }
        // Assembled as bytes: appending to a `String` piece by piece costs several times more.
        var text: [UInt8] = []
        text.reserveCapacity(event.utf8.count + 2 + args.count * 24)
        text.append(contentsOf: event.utf8)
        text.append(UInt8(ascii: "("))
        func add(_ label: String, _ value: ArgValue) {
            text.append(contentsOf: label.utf8)
            text.append(contentsOf: ": ".utf8)
            text.append(contentsOf: names.show(value).utf8)
        }
        if args.count == 1, let only = args.first {
            add(only.key, only.value)
        } else {
            for (k, label) in args.keys.sorted().enumerated() {
                if k > 0 { text.append(contentsOf: ", ".utf8) }
                add(label, args[label]!)
            }
        }
        text.append(UInt8(ascii: ")"))
        return String(decoding: text, as: UTF8.self)
    }
}
