/// What every sequence chart draws: participants in first-appearance order, one message per
/// call with its sender, notes for state changes, activation from Appearing to Appeared, and
/// the transitions as boxes. Built once in linear time; each format only renders it.
public struct SequencePlan: Sendable {
    public static let uikit = "UIKit"

    /// One call, with its sender, receiver and text as positions in the plan's `participants`
    /// and `texts` (read them with `from(_:)`, `to(_:)` and `text(_:)`): a million calls keep
    /// no strings of their own.
    public struct Message: Sendable {
        public var seq: Int
        /// `name = value` notes for state values this call sets.
        public var notes: [String]
        /// The receiver's activation starts (viewWillAppear) or ends (viewDidAppear, or a
        /// disappearance while active) with this call.
        public var activates: Bool
        public var deactivates: Bool
        public var violation: String?
        public var fromIndex: Int32, toIndex: Int32, textIndex: Int32
    }

    public func from(_ m: Message) -> String { participants[Int(m.fromIndex)] }
    public func to(_ m: Message) -> String { participants[Int(m.toIndex)] }
    public func text(_ m: Message) -> String { texts[Int(m.textIndex)] }

    public struct Block: Sendable {
        /// Nil for calls outside any transition.
        public var title: String?
        /// A slice of one array of all messages, so blocks share it.
        public var messages: ArraySlice<Message>
        public var firstSeq: Int { messages.first?.seq ?? 0 }
        public var lastSeq: Int { messages.last?.seq ?? 0 }
    }

    /// Participant ids (instance ids, or `UIKit`) in order of first appearance.
    public var participants: [String] = []
    public var blocks: [Block] = []
    /// Every distinct message text, once.
    public var texts: [String] = []
    public let names: DisplayNames

    public func label(_ participant: String) -> String {
        participant == SequencePlan.uikit ? SequencePlan.uikit : names[participant]
    }

    /// The messages of a trace, with the participants they name and their texts: everything
    /// but the grouping into transitions.
    private struct Calls {
        var names: DisplayNames
        var participants: [String] = []
        var texts: [String] = []
        var messages: [Message] = []

        public init(_ trace: Trace) {
            let hierarchy = Hierarchy(trace)
            names = DisplayNames(trace)
            let names = self.names
            // Violations in step order, read with a cursor as the calls go by.
            let violations = AppearanceStateMachine(trace, keepingSteps: false).violations.map { ($0.step.seq, $0.step.violation!) }
            var nextViolation = 0
            // The parent of each child at each step, from the hierarchy's add/remove steps, in step
            // order (then in the order found), read with a cursor.
            var found: [(seq: Int, child: String, parent: String?)] = []
            for edge in hierarchy.edges {
                for s in edge.added { found.append((s, edge.child, edge.parent)) }
                for s in edge.removed { found.append((s, edge.child, nil)) }
            }
            let changes = found.enumerated().sorted { ($0.element.seq, $0.offset) < ($1.element.seq, $1.offset) }.map(\.element)
            var nextChange = 0
            var lastSeq = Int.min
            let events = trace.events
            let symbolCount = events.symbols.count
            var parentOf = [String?](repeating: nil, count: symbolCount)
            // Per symbol: its parent's participant position, -1 until first needed (a parent
            // takes its place among the participants when it first sends, as any sender does).
            var parentIndex = [Int32](repeating: -1, count: symbolCount)
            var uikitIndex = -1
            let unknownSymbol = events.symbols.existing(IdentityResolver.unknownObject).map(Int.init) ?? -1
            var seen: [String: Int] = [:]
            var active = [Bool](repeating: false, count: symbolCount)
            var callTexts = CallTexts(names)
            var textIndex = IdMap()
            var receiverIndex = [Int](repeating: -1, count: symbolCount)
            // Notes per state id: traces set the same few values again and again.
            var notesIndex = IdMap()
            var notesByID: [[String]] = []
            @discardableResult func note(_ p: String) -> Int {
                if let known = seen[p] { return known }
                seen[p] = participants.count
                participants.append(p)
                return participants.count - 1
            }
            func uikit() -> Int {
                if uikitIndex < 0 { uikitIndex = note(SequencePlan.uikit) }
                return uikitIndex
            }
            messages.reserveCapacity(events.count)
            for i in events.indices {
                let canonical = events.canonical(at: i)
                let symbol = Int(events.objectSymbol(at: i))
                let seq = events.seq(at: i)
                // The sender's participant position, or -1 when the receiver sends to itself.
                let fromIndex: Int
                switch canonical?.kind {
                case .appearance?, .layout?:
                    if let parent = parentOf[symbol] {
                        if parentIndex[symbol] < 0 { parentIndex[symbol] = Int32(note(parent)) }
                        fromIndex = Int(parentIndex[symbol])
                    } else {
                        fromIndex = uikit()
                    }
                case .containment?:
                    let receiver = events.symbols[SymbolTable.ID(symbol)]
                    var sender = receiver
                    switch canonical {
                    case .willMoveToParent?, .didMoveToParent?, .beginAppearanceTransition?, .endAppearanceTransition?:
                        if case .string(let p)? = events.args(at: i)["parent"], DisplayNames.isInstanceId(p) {
                            sender = p
                        } else {
                            sender = parentOf[symbol] ?? receiver
                        }
                    default: break
                    }
                    fromIndex = sender == receiver ? -1 : note(sender)
                case .container?:
                    fromIndex = uikit()
                default:
                    fromIndex = symbol == unknownSymbol ? uikit() : -1
                }
                if receiverIndex[symbol] < 0 { receiverIndex[symbol] = note(events.symbols[SymbolTable.ID(symbol)]) }
                let toIndex = receiverIndex[symbol]
                var activates = false, deactivates = false
                switch canonical {
                case .viewWillAppear?:
                    activates = !active[symbol]
                    active[symbol] = true
                case .viewDidAppear?, .viewWillDisappear?, .viewDidDisappear?:
                    deactivates = active[symbol]
                    active[symbol] = false
                default: break
                }
                var notes: [String] = []
                let stateID = events.stateID(at: i)
                if stateID != 0 {
                    if let known = notesIndex[UInt64(stateID)] {
                        notes = notesByID[Int(known)]
                    } else {
                        let state = events.state(at: i)
                        notes = state.keys.sorted().map { "\($0) = \(names.show(state[$0]!))" }
                        notesIndex.insert(UInt64(stateID), Int32(notesByID.count))
                        notesByID.append(notes)
                    }
                }
                let key = UInt64(events.eventSymbol(at: i)) << 32 | UInt64(events.argsID(at: i))
                let text: Int
                if let known = textIndex[key] {
                    text = Int(known)
                } else {
                    text = texts.count
                    textIndex.insert(key, Int32(text))
                    texts.append(callTexts.text(events, at: i))
                }
                if seq < lastSeq {
                    // Steps out of order (a hand-made trace): start the cursors again.
                    nextViolation = 0
                    nextChange = 0
                }
                lastSeq = seq
                var violation: String? = nil
                while nextViolation < violations.count, violations[nextViolation].0 <= seq {
                    if violations[nextViolation].0 == seq, violation == nil { violation = violations[nextViolation].1 }
                    nextViolation += 1
                }
                messages.append(Message(
                    seq: seq, notes: notes, activates: activates, deactivates: deactivates, violation: violation,
                    fromIndex: Int32(fromIndex < 0 ? toIndex : fromIndex), toIndex: Int32(toIndex), textIndex: Int32(text)))
                while nextChange < changes.count, changes[nextChange].seq <= seq {
                    let change = changes[nextChange]
                    nextChange += 1
                    guard change.seq == seq, let child = events.symbols.existing(change.child) else { continue }
                    parentOf[Int(child)] = change.parent
                    parentIndex[Int(child)] = -1
                }
            }
        }
    }

    public init(_ trace: Trace) {
        // The messages (with the hierarchy, names and violations they need) on this thread;
        // the transitions, which only group them, on another.
        let (calls, transitions) = try! Parallel.run(
            { Calls(trace) }, alongside: { TransitionDetector.spans(in: trace) })
        names = calls.names
        participants = calls.participants
        texts = calls.texts
        let messages = calls.messages
        let events = trace.events
        // Blocks follow the transitions.
        var titles = TransitionTitles(names)
        var i = 0, t = 0
        while i < messages.count {
            if t < transitions.count, transitions[t].range.lowerBound == i {
                let range = transitions[t].range
                let title = titles.id(transitions[t], events.symbols)
                blocks.append(Block(title: titles.titles[title], messages: messages[range]))
                i = range.upperBound + 1
                t += 1
            } else {
                let end = t < transitions.count ? transitions[t].range.lowerBound : messages.count
                blocks.append(Block(title: nil, messages: messages[i..<end]))
                i = end
            }
        }
    }

    /// Groups blocks into parts that each stay under the limits; a block bigger than a part is
    /// cut at message boundaries. `cost` is the size one message adds.
    public func parts(maxMessages: Int, maxCost: Int, cost: (Message) -> Int) -> [[Block]] {
        var parts: [[Block]] = [[]]
        var count = 0, size = 0
        func startPart() {
            if !(parts.last?.isEmpty ?? true) { parts.append([]) }
            count = 0
            size = 0
        }
        for block in blocks {
            let blockCost = block.messages.reduce(0) { $0 + cost($1) }
            if count > 0 && (count + block.messages.count > maxMessages || size + blockCost > maxCost) { startPart() }
            if block.messages.count <= maxMessages && blockCost <= maxCost {
                parts[parts.count - 1].append(block)
                count += block.messages.count
                size += blockCost
                continue
            }
            // Too big on its own: cut it.
            var piece = Block(title: block.title, messages: [])
            for message in block.messages {
                let c = cost(message)
                if !piece.messages.isEmpty && (count + 1 > maxMessages || size + c > maxCost) {
                    parts[parts.count - 1].append(piece)
                    startPart()
                    piece = Block(title: block.title.map { $0 + " (continued)" }, messages: [])
                }
                piece.messages.append(message)
                count += 1
                size += c
            }
            if !piece.messages.isEmpty { parts[parts.count - 1].append(piece) }
        }
        return parts.filter { !$0.isEmpty }
    }
}
