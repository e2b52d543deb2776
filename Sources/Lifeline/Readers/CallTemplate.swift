/// A call read from one message, ready to take the values of another message of the same
/// shape without being read or built again. In a long session every screen is a new instance,
/// so `<App.FeedViewController: 0x7f8e0c1a2b30> viewDidAppear(_:) true` comes back as the same
/// text with `0x7f8e0d44e1c0`, or with another class in the description
/// (`<App.SearchViewController: 0x7f8e0d44e1c0> viewDidAppear(_:) true`): the second message
/// is the first one's call on other objects.
///
/// A message's values are its addresses, in order of appearance, then the class names of its
/// instance descriptions (`AddressShapes`). A call gets a template only when those values
/// appear in the call as its objects' addresses and names and nowhere else (not inside a
/// note, a method or a text argument), and it is not a `deinit` (which ends an identity) or
/// the start or end of a call logged twice. Other calls keep the general path
/// (`MessageKind.replacing`).
final class CallTemplate: Sendable {
    /// Where an object's address comes from.
    enum Address: Sendable, Equatable {
        case none
        /// Not a `0x` address (a UUID, a tag): the same in every message of the shape.
        case fixed(String)
        /// The message's value at this place.
        case slot(Int)
    }

    /// Where an object's class name comes from.
    enum Name: Sendable {
        /// The same in every message of the shape, with its class without the module.
        case fixed(String, short: String)
        /// The message's value at this place: the class of one of its instance descriptions.
        case slot(Int)
    }

    /// An object of the call.
    struct Object: Sendable {
        let name: Name
        let address: Address

        init(_ ref: ObjectRef, values: [String], names: Range<Int>, described: [Int]) {
            let address = ref.address.map { a in values.firstIndex(of: a).map(Address.slot) ?? .fixed(a) } ?? .none
            self.address = address
            // A name is a slot only with its own description's address.
            if case .slot(let a) = address,
                let k = names.first(where: { values[$0] == ref.name && described[$0 - names.lowerBound] == a })
            {
                name = .slot(k)
            } else {
                name = .fixed(ref.name, short: ref.shortName)
            }
        }

        /// The class name as the message with these values names it.
        func name(_ values: ArraySlice<String>) -> String {
            switch name {
            case .fixed(let name, _): return name
            case .slot(let k): return values[values.startIndex + k]
            }
        }

        /// The class without its module, as the message with these values names it.
        func shortName(_ values: ArraySlice<String>) -> Substring {
            switch name {
            case .fixed(_, let short): return Substring(short)
            case .slot(let k): return ObjectRef.shortName(of: values[values.startIndex + k])
            }
        }

        /// The address, as the message with these values names it.
        func address(_ values: ArraySlice<String>) -> String? {
            switch address {
            case .none: return nil
            case .fixed(let a): return a
            case .slot(let k): return values[values.startIndex + k]
            }
        }

        /// The object as the message with these values names it.
        func ref(_ values: ArraySlice<String>) -> ObjectRef { ObjectRef(name: name(values), address: address(values)) }

        var hasNameSlot: Bool {
            if case .slot = name { return true }
            return false
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
    /// How many values a message of this shape has.
    let valueCount: Int
    /// Whether the class names of the message's descriptions are values (`names` of `make`).
    let takesNames: Bool
    /// When exactly one argument is an object (and no two share a label): that argument's
    /// place in `args`, and the other arguments and the note as bytes. Two calls with the same
    /// bytes and the same instance as that argument have the same arguments and note, so a
    /// builder can keep what they intern to by the bytes and the instance.
    let objectArgShape: (place: Int, bytes: [UInt8])?

    /// The template of `kind`, read from a message with these values, of which those at
    /// `names` are class names, each of the description of the address at its place in
    /// `described`; nil when the call does not qualify. With class names, every one must be
    /// the name of an object of the call at its description's address.
    static func make(
        _ kind: MessageKind, values: [String], names: Range<Int> = 0..<0, described: [Int] = []
    ) -> CallTemplate? {
        guard case .call(let call) = kind, call.canonical != .`deinit`, call.phase == nil, !values.isEmpty else {
            return nil
        }
        let addresses = values[..<(names.isEmpty ? values.count : names.lowerBound)]
        // Any text that holds a value (a class of the message's descriptions, an address of the
        // message or one spelled otherwise) disqualifies.
        func holdsValue(_ text: String) -> Bool {
            if names.contains(where: { text.contains(values[$0]) }) { return true }
            guard text.utf8.contains(0x78) || text.utf8.contains(0x58) else { return false }  // no `x`
            if addresses.contains(where: { text.contains($0) }) { return true }
            var text = text
            var found: [Range<Int>] = []
            text.withUTF8 { AddressShapes.addresses(in: UnsafeRawBufferPointer($0), into: &found) }
            return !found.isEmpty
        }
        func qualifies(_ ref: ObjectRef) -> Bool {
            let nameQualifies = names.contains { values[$0] == ref.name } || !holdsValue(ref.name)
            return nameQualifies && (ref.address.map { addresses.contains($0) || !holdsValue($0) } ?? true)
        }
        if let object = call.object, !qualifies(object) { return nil }
        if let note = call.note, holdsValue(note) { return nil }
        if holdsValue(call.method) { return nil }
        for (label, arg) in call.args {
            if holdsValue(label) { return nil }
            switch arg {
            case .object(let ref): if !qualifies(ref) { return nil }
            case .value(.string(let s)): if holdsValue(s) { return nil }
            case .value: break
            }
        }
        let template = CallTemplate(call, values: values, names: names, described: described)
        if !names.isEmpty {
            // Each class name is an object's, taken from the message.
            var used = Set<Int>()
            for o in template.objects { if case .slot(let k) = o.name { used.insert(k) } }
            for o in template.objects
            where !o.hasNameSlot && names.contains(where: { values[$0] == o.name(values[...]) }) {
                return nil
            }
            guard used.count == names.count else { return nil }
        }
        return template
    }

    private init(_ call: RawCall, values: [String], names: Range<Int>, described: [Int]) {
        self.call = call
        valueCount = values.count
        takesNames = !names.isEmpty
        object = (call.object ?? TraceBuilder.implicitObject(for: call.canonical)).map {
            Object($0, values: values, names: names, described: described)
        }
        event = call.canonical?.rawValue ?? TraceBuilder.customName(call.method)
        args = call.args.map { label, arg in
            switch arg {
            case .value(let v): return (label, .value(v))
            case .object(let ref):
                return (label, .object(Object(ref, values: values, names: names, described: described)))
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
        objectArgShape = Self.objectArgShape(args, note: call.note)
    }

    /// The arguments, with the one object among them as its label only, and the note, in
    /// `DictionaryInterner`'s encoding; nil unless exactly one argument is an object.
    private static func objectArgShape(_ args: [(String, Arg)], note: String?) -> (place: Int, bytes: [UInt8])? {
        let objects = args.indices.filter { if case .object = args[$0].1 { true } else { false } }
        guard objects.count == 1, Set(args.map(\.0)).count == args.count else { return nil }
        var bytes: [UInt8] = []
        for (label, arg) in args.sorted(by: { $0.0 < $1.0 }) {
            switch arg {
            case .value(let v): DictionaryInterner.encode(label, v, into: &bytes)
            case .object: DictionaryInterner.encode(label, .null, into: &bytes)
            }
        }
        // The note after a byte no encoded entry starts with there.
        bytes.append(0xFF)
        if let note { DictionaryInterner.encode(note, .null, into: &bytes) }
        return (objects[0], bytes)
    }

    /// The template's identity as an integer map's key (the template must be held while it is
    /// a key, so the identity is not reused).
    var identityKey: UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(self))) }

    /// The call's object and the objects among its arguments.
    private var objects: [Object] {
        var all = object.map { [$0] } ?? []
        for (_, arg) in args { if case .object(let o) = arg { all.append(o) } }
        return all
    }

    /// The call as a message of this shape with `values` reads.
    func call(with values: [String]) -> RawCall {
        var call = self.call
        if call.object != nil { call.object = object?.ref(values[...]) }
        call.args = args.map { label, arg in
            switch arg {
            case .value(let v): return (label, .value(v))
            case .object(let o): return (label, .object(o.ref(values[...])))
            }
        }
        return call
    }
}
