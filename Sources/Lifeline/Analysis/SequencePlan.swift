/// What every sequence chart draws: participants in first-appearance order, one message per
/// call with its sender, notes for state changes, activation from Appearing to Appeared, and
/// the transitions as boxes. Built once in linear time; each format only renders it.
///
/// A message is made from the trace when it is read: the plan keeps four bytes per call (its
/// sender and flags) and eight per block, so a chart of a million calls adds a few megabytes
/// to the trace it draws.
package struct SequencePlan: Sendable {
    package static let uikit = "UIKit"

    /// One call, with its sender, receiver and text as positions in the plan's `participants`
    /// and `texts` (read them with `from(_:)`, `to(_:)` and `text(_:)`).
    package struct Message: Sendable {
        package var seq: Int
        /// `name = value` notes for state values this call sets.
        package var notes: [String]
        /// The receiver's activation starts (viewWillAppear) or ends (viewDidAppear, or a
        /// disappearance while active) with this call.
        package var activates: Bool
        package var deactivates: Bool
        package var violation: String?
        package var fromIndex: Int32, toIndex: Int32, textIndex: Int32
    }

    package func from(_ m: Message) -> String { participants[Int(m.fromIndex)] }
    package func to(_ m: Message) -> String { participants[Int(m.toIndex)] }
    package func text(_ m: Message) -> String { texts[Int(m.textIndex)] }

    /// The messages of consecutive calls, indexed by the calls' positions in the trace.
    package struct Messages: RandomAccessCollection, Sendable {
        fileprivate let table: MessageTable
        package let startIndex: Int
        package fileprivate(set) var endIndex: Int

        package subscript(position: Int) -> Message { table.message(at: position) }

        /// The notes of the message at `position`, without making the rest of it.
        package func notes(at position: Int) -> [String] { table.notes(at: position) }

        /// No messages, starting at `position`, to be grown by moving `endIndex`.
        fileprivate func empty(at position: Int) -> Messages {
            Messages(table: table, startIndex: position, endIndex: position)
        }
    }

    package struct Block: Sendable {
        /// Nil for calls outside any transition.
        package var title: String?
        /// The title's position among the plan's distinct titles; -1 for none, or for a title
        /// made for a part of a block.
        package var titleID: Int
        package var messages: Messages
        package var firstSeq: Int { messages.first?.seq ?? 0 }
        package var lastSeq: Int { messages.last?.seq ?? 0 }
    }

    /// The calls of each transition, and the runs of calls between transitions, in order.
    package struct Blocks: RandomAccessCollection, Sendable {
        fileprivate let table: MessageTable
        /// Per block, its first call, then the number of calls: a block ends where the next
        /// begins.
        fileprivate let starts: [UInt32]
        /// Per block, its title's position in `titles`; -1 for none.
        fileprivate let titleIDs: [Int32]
        fileprivate let titles: [String]

        package var startIndex: Int { 0 }
        package var endIndex: Int { titleIDs.count }

        package subscript(k: Int) -> Block {
            Block(
                title: titleIDs[k] < 0 ? nil : titles[Int(titleIDs[k])], titleID: Int(titleIDs[k]),
                messages: Messages(table: table, startIndex: Int(starts[k]), endIndex: Int(starts[k + 1])))
        }
    }

    /// Participant ids (instance ids, or `UIKit`) in order of first appearance.
    package let participants: [String]
    package let blocks: Blocks
    /// Every distinct message text, once.
    package let texts: [String]
    package let names: DisplayNames

    package func label(_ participant: String) -> String {
        participant == SequencePlan.uikit ? SequencePlan.uikit : names[participant]
    }

    /// What the messages are made from: the trace, and per call its sender and flags.
    fileprivate final class MessageTable: Sendable {
        let events: EventList
        /// Per call: its sender's position, and the flags below.
        let packed: [UInt32]
        static let activates: UInt32 = 1 << 31, deactivates: UInt32 = 1 << 30, violates: UInt32 = 1 << 29
        static let sender: UInt32 = (1 << 29) - 1
        /// Per object symbol: its position among the participants.
        let receiver: [Int32]
        /// Per event name and arguments (`eventSymbol << 32 | argsID`): its text's position.
        let textOf: IdMap
        /// Per state id: the position of its notes in `notes`.
        let notesOf: IdMap
        let notes: [[String]]
        /// What the calls that break the appearance state machine break, by call position.
        let violations: [Int: String]

        init(
            events: EventList, packed: [UInt32], receiver: [Int32], textOf: IdMap, notesOf: IdMap, notes: [[String]],
            violations: [Int: String]
        ) {
            (self.events, self.packed, self.receiver, self.textOf) = (events, packed, receiver, textOf)
            (self.notesOf, self.notes, self.violations) = (notesOf, notes, violations)
        }

        func notes(at i: Int) -> [String] {
            let stateID = events.stateID(at: i)
            return stateID == 0 ? [] : notes[Int(notesOf[UInt64(stateID)]!)]
        }

        func message(at i: Int) -> Message {
            let flags = packed[i]
            let textKey = UInt64(events.eventSymbol(at: i)) << 32 | UInt64(events.argsID(at: i))
            return Message(
                seq: events.seq(at: i), notes: notes(at: i),
                activates: flags & MessageTable.activates != 0, deactivates: flags & MessageTable.deactivates != 0,
                violation: flags & MessageTable.violates != 0 ? violations[i] : nil,
                fromIndex: Int32(flags & MessageTable.sender), toIndex: receiver[Int(events.objectSymbol(at: i))],
                textIndex: textOf[textKey]!)
        }
    }

    /// The messages of a trace, with the participants they name and their texts: everything
    /// but the grouping into transitions.
    private struct Calls {
        let names: DisplayNames
        let participants: [String]
        let texts: [String]
        let table: MessageTable

        init(_ trace: Trace) {
            let hierarchy = Hierarchy(trace)
            let names = DisplayNames(trace)
            var participants: [String] = [], texts: [String] = []
            // Violations in step order, read with a cursor as the calls go by.
            let violations = AppearanceStateMachine(trace, keepingSteps: false).violations.map {
                ($0.step.seq, $0.step.violation!)
            }
            var nextViolation = 0
            // The parent of each child at each step, from the hierarchy's add/remove steps, in step
            // order (then in the order found), read with a cursor.
            var found: [(seq: Int, child: String, parent: String?)] = []
            for edge in hierarchy.edges {
                for s in edge.added { found.append((s, edge.child, edge.parent)) }
                for s in edge.removed { found.append((s, edge.child, nil)) }
            }
            let changes = found.enumerated().sorted { ($0.element.seq, $0.offset) < ($1.element.seq, $1.offset) }.map(
                \.element)
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
            // Each participant's position is its id here less one.
            var seen = SymbolTable(keepingStrings: false)
            var active = [Bool](repeating: false, count: symbolCount)
            var callTexts = CallTexts(names)
            var textIndex = IdMap()
            var receiverIndex = [Int32](repeating: -1, count: symbolCount)
            var packed: [UInt32] = []
            var violationOf: [Int: String] = [:]
            // Notes per state id: traces set the same few values again and again.
            var notesIndex = IdMap()
            var notesByID: [[String]] = []
            @discardableResult func note(_ p: String) -> Int {
                let position = Int(seen.id(p)) - 1
                if position < participants.count { return position }
                participants.append(p)
                return participants.count - 1
            }
            func uikit() -> Int {
                if uikitIndex < 0 { uikitIndex = note(SequencePlan.uikit) }
                return uikitIndex
            }
            packed.reserveCapacity(events.count)
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
                if receiverIndex[symbol] < 0 {
                    receiverIndex[symbol] = Int32(note(events.symbols[SymbolTable.ID(symbol)]))
                }
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
                let stateID = events.stateID(at: i)
                if stateID != 0, notesIndex[UInt64(stateID)] == nil {
                    let state = events.state(at: i)
                    notesIndex.insert(UInt64(stateID), Int32(notesByID.count))
                    notesByID.append(state.keys.sorted().map { "\($0) = \(names.show(state[$0]!))" })
                }
                let key = UInt64(events.eventSymbol(at: i)) << 32 | UInt64(events.argsID(at: i))
                if textIndex[key] == nil {
                    textIndex.insert(key, Int32(texts.count))
                    texts.append(callTexts.text(events, at: i))
                }
                if seq < lastSeq {
                    // Steps out of order (a hand-made trace): start the cursors again.
                    nextViolation = 0
                    nextChange = 0
                }
                lastSeq = seq
                var flags = UInt32(fromIndex < 0 ? Int(toIndex) : fromIndex)
                precondition(flags <= MessageTable.sender, "more participants than a sequence plan holds")
                while nextViolation < violations.count, violations[nextViolation].0 <= seq {
                    if violations[nextViolation].0 == seq, violationOf[i] == nil {
                        violationOf[i] = violations[nextViolation].1
                        flags |= MessageTable.violates
                    }
                    nextViolation += 1
                }
                if activates { flags |= MessageTable.activates }
                if deactivates { flags |= MessageTable.deactivates }
                packed.append(flags)
                while nextChange < changes.count, changes[nextChange].seq <= seq {
                    let change = changes[nextChange]
                    nextChange += 1
                    guard change.seq == seq, let child = events.symbols.existing(change.child) else { continue }
                    parentOf[Int(child)] = change.parent
                    parentIndex[Int(child)] = -1
                }
            }
            // UIKit sends the calls of the screens: its lifeline comes first, even when a
            // controller's own call (a `viewDidLoad`) came before UIKit's first.
            if uikitIndex > 0 {
                let u = UInt32(uikitIndex)
                func moved(_ p: UInt32) -> UInt32 { p == u ? 0 : p < u ? p + 1 : p }
                participants.remove(at: uikitIndex)
                participants.insert(SequencePlan.uikit, at: 0)
                for k in receiverIndex.indices where receiverIndex[k] >= 0 {
                    receiverIndex[k] = Int32(moved(UInt32(receiverIndex[k])))
                }
                for k in packed.indices {
                    let flags = packed[k]
                    packed[k] = flags & ~MessageTable.sender | moved(flags & MessageTable.sender)
                }
            }
            (self.names, self.participants, self.texts) = (names, participants, texts)
            table = MessageTable(
                events: events, packed: packed, receiver: receiverIndex, textOf: textIndex, notesOf: notesIndex,
                notes: notesByID, violations: violationOf)
        }
    }

    package init(_ trace: Trace) {
        // The messages (with the hierarchy, names and violations they need) on this thread;
        // the transitions, which only group them, on another.
        let (calls, transitions) = try! Parallel.run({ Calls(trace) }, alongside: { TransitionSteps.walking(trace) })
        names = calls.names
        participants = calls.participants
        texts = calls.texts
        // Blocks follow the transitions; each kind-and-controllers is titled once.
        let events = trace.events, found = transitions.found
        var titles = TransitionTitles(names)
        let titleOfKey = transitions.keys.spans.map { Int32(titles.id($0, events.symbols)) }
        var starts: [UInt32] = [], titleIDs: [Int32] = []
        starts.reserveCapacity(found.count / 3 * 2 + 2)
        titleIDs.reserveCapacity(found.count / 3 * 2 + 1)
        var next = 0  // the first call not in a block yet
        for t in 0..<found.count / 3 {
            let (first, last, key) = TransitionSteps.transition(t, in: found)
            if next < first {
                starts.append(UInt32(next))
                titleIDs.append(-1)
            }
            starts.append(UInt32(first))
            titleIDs.append(titleOfKey[key])
            next = last + 1
        }
        if next < events.count {
            starts.append(UInt32(next))
            titleIDs.append(-1)
        }
        starts.append(UInt32(events.count))
        blocks = Blocks(table: calls.table, starts: starts, titleIDs: titleIDs, titles: titles.titles)
    }

    /// The positions in `participants` of those that send or receive in `blocks`, in order.
    package func participantIndices(in blocks: [Block]) -> [Int] {
        var used = Set<Int32>()
        for block in blocks {
            for m in block.messages {
                used.insert(m.fromIndex)
                used.insert(m.toIndex)
            }
        }
        return used.map { Int($0) }.sorted()
    }

    /// Groups blocks into parts that each stay under the limits; a block bigger than a part is
    /// cut at message boundaries. `cost` is the size one message adds.
    package func parts(maxMessages: Int, maxCost: Int, cost: (Message) -> Int) -> [[Block]] {
        var parts: [[Block]] = []
        forEachPart(maxMessages: maxMessages, maxCost: maxCost, cost: cost) { parts.append($0) }
        return parts
    }

    /// The parts of `parts(maxMessages:maxCost:cost:)`, each handed to `body` as soon as it is
    /// complete, keeping none: for long traces. With `participantCost`, a part also pays for
    /// declaring each participant it uses, once (a chart declares its participants at its top).
    package func forEachPart(
        maxMessages: Int, maxCost: Int, cost: (Message) -> Int, participantCost: ((Int) -> Int)? = nil,
        titleCost: Int = 0, maxParticipants: Int? = nil, _ body: ([Block]) -> Void
    ) {
        let tracksParticipants = participantCost != nil || maxParticipants != nil
        let maxParticipants = maxParticipants ?? Int.max
        var part: [Block] = []
        var count = 0, size = 0
        var declared = Set<Int32>()
        func startPart() {
            if !part.isEmpty { body(part) }
            part.removeAll(keepingCapacity: true)
            count = 0
            size = 0
            declared.removeAll(keepingCapacity: true)
        }
        /// What `m` adds to a part that has declared `seen`, which it updates.
        func added(_ m: Message, _ seen: inout Set<Int32>) -> Int {
            var c = cost(m)
            guard tracksParticipants else { return c }
            for p in [m.fromIndex, m.toIndex] where seen.insert(p).inserted { c += participantCost?(Int(p)) ?? 0 }
            return c
        }
        for block in blocks {
            var seen = declared
            let title = block.title == nil ? 0 : titleCost
            var blockCost = block.messages.reduce(title) { $0 + added($1, &seen) }
            if count > 0
                && (count + block.messages.count > maxMessages || size + blockCost > maxCost
                    || seen.count > maxParticipants)
            {
                startPart()
                seen = []
                blockCost = block.messages.reduce(title) { $0 + added($1, &seen) }
            }
            if block.messages.count <= maxMessages && size + blockCost <= maxCost && seen.count <= maxParticipants {
                part.append(block)
                count += block.messages.count
                size += blockCost
                declared = seen
                continue
            }
            // Too big on its own: cut it.
            let all = block.messages
            var piece = Block(title: block.title, titleID: block.titleID, messages: all.empty(at: all.startIndex))
            for position in all.indices {
                var next = declared
                var c = added(all[position], &next) + (piece.messages.isEmpty ? title : 0)
                if !piece.messages.isEmpty
                    && (count + 1 > maxMessages || size + c > maxCost || next.count > maxParticipants)
                {
                    part.append(piece)
                    startPart()
                    next = []
                    c = added(all[position], &next) + title
                    piece = Block(
                        title: block.title.map { $0 + " (continued)" }, titleID: -1, messages: all.empty(at: position))
                }
                piece.messages.endIndex = position + 1
                count += 1
                size += c
                declared = next
            }
            if !piece.messages.isEmpty { part.append(piece) }
        }
        if !part.isEmpty { body(part) }
    }
}
