/// Reads a console message that differs from one read before only in its addresses, as the
/// messages of a long session do when every screen is a new instance:
/// `<Feed.ListViewController: 0x7f8e0c1a2b30> viewDidAppear(_:) true` and the same message with
/// `0x7f8e0d44e1c0`. The message with each address's hex digits masked (their count kept) is
/// the shape; a shape read before gives its reading with the new addresses put in place of the
/// old, instead of a parse. The pattern of repeats among a message's addresses is part of the
/// shape, so `<A: 0x1…> addChild <B: 0x1…>` and `<A: 0x1…> addChild <B: 0x2…>` are read apart.
/// Addresses are `0x` and at least six hex digits, after a character that is not a letter,
/// digit or underscore.
struct AddressShapes {
    private var keys = RepeatedKeys()
    /// Per shape: its reading, the addresses of the message it was read from, and its call's
    /// template when it has one.
    private var shapes: [(kind: MessageKind, addresses: [String], template: CallTemplate?)] = [(.ignorable, [], nil)]
    private var masked: [UInt8] = []
    private var found: [Range<Int>] = []
    private let limit = 1 << 14
    static let minimumDigits = 6

    /// The reading of `message`: from the reading of its shape when known, else `parse()`.
    mutating func kind(_ message: UnsafeRawBufferPointer, _ parse: () -> MessageKind) -> MessageKind {
        read(message, parse).kind
    }

    /// The reading of `message` as a call template and its addresses when its shape has one,
    /// else as a kind: from the reading of its shape when known, else `parse()`.
    mutating func read(_ message: UnsafeRawBufferPointer, _ parse: () -> MessageKind) -> ShapedReading {
        Self.addresses(in: message, into: &found)
        guard !found.isEmpty else { return .kind(parse()) }
        masked.removeAll(keepingCapacity: true)
        masked.append(contentsOf: message)
        var addresses: [String] = []
        addresses.reserveCapacity(found.count)
        for range in found {
            let text = String(decoding: message[range], as: UTF8.self)
            for i in range.dropFirst(2) { masked[i] = 0x23 }  // #
            // Which earlier address this one repeats, if any.
            masked.append(UInt8(truncatingIfNeeded: (addresses.firstIndex(of: text) ?? 255)))
            addresses.append(text)
        }
        let id = masked.withUnsafeBytes { keys.id($0) }
        if Int(id) == shapes.count {
            let kind = parse()
            let template = CallTemplate.make(kind, addresses: addresses)
            shapes.append((kind, addresses, template))
            if shapes.count > limit {
                keys = RepeatedKeys()
                shapes = [(.ignorable, [], nil)]
            }
            return template.map { .template($0, addresses) } ?? .kind(kind)
        }
        let shape = shapes[Int(id)]
        if let template = shape.template { return .template(template, addresses) }
        return .kind(shape.addresses == addresses ? shape.kind : shape.kind.replacing(shape.addresses, with: addresses))
    }

    /// Sets `found` to where the addresses in `b` are.
    static func addresses(in b: UnsafeRawBufferPointer, into found: inout [Range<Int>]) {
        found.removeAll(keepingCapacity: true)
        var i = 0
        let n = b.count
        while i + 2 + minimumDigits <= n {
            guard b[i] == 0x30, b[i + 1] | 0x20 == 0x78 else {
                i += 1
                continue
            }
            if i > 0, isWordByte(b[i - 1]) {
                i += 2
                continue
            }
            var j = i + 2
            while j < n, ASCII.isHex(b[j]) { j += 1 }
            if j - i - 2 >= minimumDigits, j == n || !isWordByte(b[j]) {
                found.append(i..<j)
            }
            i = j
        }
    }

    /// An ASCII letter, digit or `_`: what may not touch an address.
    @inline(__always) private static func isWordByte(_ c: UInt8) -> Bool {
        c < 0x80 && ASCII.isIdentifier(c)
    }
}

/// What a message read as: a kind, or a call template with the message's addresses.
enum ShapedReading: Sendable {
    indirect case kind(MessageKind)
    case template(CallTemplate, [String])

    var kind: MessageKind {
        switch self {
        case .kind(let kind): return kind
        case .template(let template, let addresses): return .call(template.call(with: addresses))
        }
    }
}

extension MessageKind {
    /// The same reading with each of `old` addresses replaced by the one at its place in `new`,
    /// wherever the reading's texts hold it.
    func replacing(_ old: [String], with new: [String]) -> MessageKind {
        let swap = AddressSwap(old: old, new: new)
        switch self {
        case .call(let call): return .call(swap.call(call))
        case .calls(let calls): return .calls(calls.map(swap.call))
        case .uikitWarning(let text): return .uikitWarning(swap.text(text))
        case .warnedCall(let text, let call): return .warnedCall(swap.text(text), swap.call(call))
        case .notCall(let reason): return .notCall(swap.text(reason))
        case .ignorable, .unparsed: return self
        }
    }
}

/// Puts new addresses in place of old ones in the texts of a reading, all at once (an old
/// address may be another's new one).
private struct AddressSwap {
    var old: [String]
    var new: [String]

    /// The new address for an old one (a message has a few, so a search is cheapest).
    func replacement(_ address: Substring) -> String? {
        for k in old.indices where old[k].utf8.count == address.utf8.count && address == old[k] { return new[k] }
        return nil
    }

    func text(_ s: String) -> String {
        if let whole = replacement(Substring(s)) { return whole }
        guard s.utf8.contains(0x78) || s.utf8.contains(0x58) else { return s }  // no `x`, no address
        var text = s
        return text.withUTF8 { b in
            let raw = UnsafeRawBufferPointer(b)
            var found: [Range<Int>] = []
            AddressShapes.addresses(in: raw, into: &found)
            var out: [UInt8] = []
            var copied = 0
            for range in found {
                guard let replacement = replacement(Substring(String(decoding: raw[range], as: UTF8.self))) else {
                    continue
                }
                out.append(contentsOf: raw[copied..<range.lowerBound])
                out.append(contentsOf: replacement.utf8)
                copied = range.upperBound
            }
            guard copied > 0 else { return s }
            out.append(contentsOf: raw[copied...])
            return String(decoding: out, as: UTF8.self)
        }
    }

    func object(_ ref: ObjectRef) -> ObjectRef {
        ObjectRef(name: text(ref.name), address: ref.address.map(text))
    }

    func call(_ call: RawCall) -> RawCall {
        var call = call
        call.object = call.object.map(object)
        call.args = call.args.map { label, arg in
            switch arg {
            case .object(let ref): return (label, .object(object(ref)))
            case .value(.string(let s)): return (label, .value(.string(text(s))))
            case .value: return (label, arg)
            }
        }
        call.note = call.note.map(text)
        return call
    }
}
