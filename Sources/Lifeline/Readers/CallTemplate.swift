/// A call read from one message, ready to take the addresses of another message of the same
/// shape without being read or built again. In a long session every screen is a new instance,
/// so `<App.FeedViewController: 0x7f8e0c1a2b30> viewDidAppear(_:) true` comes back as the same
/// text with `0x7f8e0d44e1c0`: the second message is the first one's call on other objects.
///
/// A call gets a template only when its message's addresses appear in the call as its
/// objects' addresses and nowhere else (not inside a name, a note or a text argument), and it
/// is not a `deinit` (which ends an identity). Other calls keep the general path
/// (`MessageKind.replacing`).
final class CallTemplate: Sendable {
    /// Where an object's address comes from.
    enum Address: Sendable, Equatable {
        case none
        /// Not a `0x` address (a UUID, a tag): the same in every message of the shape.
        case fixed(String)
        /// The message's address at this place, in order of appearance.
        case slot(Int)
    }

    /// An object of the call, with its class name without the module worked out once.
    struct Object: Sendable {
        let name: String
        let shortName: String
        let address: Address

        init(_ ref: ObjectRef, addresses: [String]) {
            name = ref.name
            shortName = ref.shortName
            address = ref.address.map { a in addresses.firstIndex(of: a).map(Address.slot) ?? .fixed(a) } ?? .none
        }

        /// The object as the message with these addresses names it.
        func ref(_ addresses: [String]) -> ObjectRef {
            switch address {
            case .none: return ObjectRef(name: name)
            case .fixed(let a): return ObjectRef(name: name, address: a)
            case .slot(let k): return ObjectRef(name: name, address: addresses[k])
            }
        }
    }

    enum Arg: Sendable {
        case value(ArgValue)
        case object(Object)
    }

    /// The call as read from the first message.
    let call: RawCall
    /// The object the call belongs to: the one named, else the one implied by its event.
    let object: Object?
    /// The event's name in the trace: the canonical name, or the custom method's.
    let event: String
    let args: [(String, Arg)]
    /// The arguments when none is an object: the same in every message of the shape.
    let fixedArgs: [String: ArgValue]?
    /// Where the call was logged from, when its logger printed a source line.
    let located: RepeatedRecords.Located?
    /// How many addresses a message of this shape has.
    let addressCount: Int

    /// The template of `kind`, read from a message with these addresses; nil when the call
    /// does not qualify.
    static func make(_ kind: MessageKind, addresses: [String]) -> CallTemplate? {
        guard case .call(let call) = kind, call.canonical != .`deinit`, call.phase == nil, !addresses.isEmpty else {
            return nil
        }
        // Any text that holds an address, the message's or one spelled otherwise, disqualifies.
        func holdsAddress(_ text: String) -> Bool {
            guard text.utf8.contains(0x78) || text.utf8.contains(0x58) else { return false }  // no `x`
            if addresses.contains(where: { text.contains($0) }) { return true }
            var text = text
            var found: [Range<Int>] = []
            text.withUTF8 { AddressShapes.addresses(in: UnsafeRawBufferPointer($0), into: &found) }
            return !found.isEmpty
        }
        func qualifies(_ ref: ObjectRef) -> Bool {
            !holdsAddress(ref.name) && (ref.address.map { addresses.contains($0) || !holdsAddress($0) } ?? true)
        }
        if let object = call.object, !qualifies(object) { return nil }
        if let note = call.note, holdsAddress(note) { return nil }
        if holdsAddress(call.method) { return nil }
        for (label, arg) in call.args {
            if holdsAddress(label) { return nil }
            switch arg {
            case .object(let ref): if !qualifies(ref) { return nil }
            case .value(.string(let s)): if holdsAddress(s) { return nil }
            case .value: break
            }
        }
        return CallTemplate(call, addresses: addresses)
    }

    private init(_ call: RawCall, addresses: [String]) {
        self.call = call
        addressCount = addresses.count
        object = (call.object ?? TraceBuilder.implicitObject(for: call.canonical)).map {
            Object($0, addresses: addresses)
        }
        event = call.canonical?.rawValue ?? TraceBuilder.customName(call.method)
        args = call.args.map { label, arg in
            switch arg {
            case .value(let v): return (label, .value(v))
            case .object(let ref): return (label, .object(Object(ref, addresses: addresses)))
            }
        }
        var fixed: [String: ArgValue]? = [:]
        for (label, arg) in args {
            guard case .value(let v) = arg else {
                fixed = nil
                break
            }
            fixed?[label] = v
        }
        fixedArgs = fixed
        located = RepeatedRecords.located(.call(call))
    }

    /// The call as a message of this shape with `addresses` reads.
    func call(with addresses: [String]) -> RawCall {
        var call = self.call
        if call.object != nil { call.object = object?.ref(addresses) }
        call.args = args.map { label, arg in
            switch arg {
            case .value(let v): return (label, .value(v))
            case .object(let o): return (label, .object(o.ref(addresses)))
            }
        }
        return call
    }
}
