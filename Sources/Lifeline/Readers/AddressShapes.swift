/// Reads a console message that differs from one read before only in its addresses, or in the
/// classes of its instance descriptions, as the messages of a long session do when every screen
/// is a new instance: `<Feed.ListViewController: 0x7f8e0c1a2b30> viewDidAppear(_:) true`, the
/// same message with `0x7f8e0d44e1c0`, and `<Feed.SearchViewController: 0x7f8e0d44e1c0>
/// viewDidAppear(_:) true`.
///
/// The message with each address's hex digits masked (their count kept) is its address shape;
/// with the class of each description `<Class: 0x…>` masked too, its class shape. A shape read
/// before gives its reading with the new values put in place of the old, instead of a parse.
/// The pattern of repeats among a message's addresses, and among its classes, is part of the
/// shape, so `<A: 0x1…> addChild <B: 0x1…>` and `<A: 0x1…> addChild <B: 0x2…>` are read apart;
/// so is whether each class is a view's (`FeedCell`, `HeaderView`), whose loading and layout
/// are not a controller's lifecycle. A class shape is used only when its call takes each class
/// as the name of the described object and nowhere else; other messages use the address shape.
///
/// Addresses are `0x` and at least six hex digits, after a character that is not a letter,
/// digit or underscore. A class in a description is ASCII letters, digits, `_` and `.`,
/// starting with a letter, right after `<` and right before `: 0x`, with `>` right after the
/// address.
struct AddressShapes {
    private struct Shape {
        var kind: MessageKind
        /// The values of the message it was read from: addresses, then classes.
        var values: [String]
        /// Its call's template, when it has one.
        var template: CallTemplate?
    }

    private var keys = RepeatedKeys()
    private var shapes: [Shape] = [Shape(kind: .ignorable, values: [])]
    /// Class shapes; one without a template sends its messages to the address shapes.
    private var classKeys = RepeatedKeys()
    private var classShapes: [CallTemplate?] = [nil]
    private var masked: [UInt8] = []
    private var classMasked: [UInt8] = []
    /// The address shapes met once and not kept.
    private var addressShapesMet = MetOnce()
    private var found: [Range<Int>] = []
    /// Per description found, where its class is and the place of its address in `found`.
    private var classes: [(range: Range<Int>, address: Int)] = []
    private let limit = 1 << 14
    static let minimumDigits = 6
    /// The most addresses a message read by its shape holds.
    static let maximumValues = 32

    /// The reading of `message`: from the reading of its shape when known, else `parse()`.
    mutating func kind(_ message: UnsafeRawBufferPointer, _ parse: () -> MessageKind) -> MessageKind {
        read(message, parse).kind
    }

    /// The reading of `message` as a call template and its values when its shape has one,
    /// else as a kind: from the reading of its shape when known, else `parse()`.
    ///
    /// The address shape is tried first: in most logs the same classes come back at new
    /// addresses. A new address shape is read from its class shape when that has a template;
    /// it is kept as an address shape only when met a second time, so a log whose every line
    /// names a new class (a list of cells) keeps no shape per line.
    mutating func read(_ message: UnsafeRawBufferPointer, _ parse: () -> MessageKind) -> ShapedReading {
        Self.addresses(in: message, into: &found)
        // A shape is checked value by value against the others: a message with many addresses
        // (a dump of a view tree on one line) is read as it is, which takes its length.
        guard !found.isEmpty, found.count <= Self.maximumValues else { return .kind(parse()) }
        var values: [String] = []
        values.reserveCapacity(found.count)
        for range in found { values.append(String(decoding: message[range], as: UTF8.self)) }
        maskAddressShape(message, values: values)
        var hash: UInt64 = 0
        if let id = masked.withUnsafeBytes({ keys.existing($0, hash: &hash) }) {
            let shape = shapes[Int(id)]
            if let template = shape.template { return .template(template, values) }
            return .kind(shape.values == values ? shape.kind : shape.kind.replacing(shape.values, with: values))
        }
        let metBefore = addressShapesMet.check(hash: hash)
        var kind: MessageKind? = nil
        Self.classes(in: message, addresses: found, into: &classes)
        var named = values
        if !classes.isEmpty {
            for c in classes { named.append(String(decoding: message[c.range], as: UTF8.self)) }
            maskClassShape(message, values: named)
        }
        // A class named again outside its description (`-[Feed viewDidLoad] <Feed: 0x…>`) may
        // change the reading, so such a message is read by its address shape.
        if !classes.isEmpty, !classes.contains(where: { Self.namedElsewhere(message, $0.range, in: classMasked) }) {
            let id = Int(classMasked.withUnsafeBytes { classKeys.id($0) })
            if id < classShapes.count, let template = classShapes[id] {
                guard metBefore else { return .template(template, named) }
                kind = .call(template.call(with: named))
            } else if id == classShapes.count {
                let parsed = parse()
                let template = CallTemplate.make(
                    parsed, values: named, names: values.count..<named.count, described: classes.map(\.address))
                classShapes.append(template)
                if classShapes.count > limit {
                    classKeys = RepeatedKeys()
                    classShapes = [nil]
                }
                if let template, !metBefore { return .template(template, named) }
                kind = parsed
            }
        }
        let read = kind ?? parse()
        _ = masked.withUnsafeBytes { keys.id($0) }  // the new shape's id is `shapes.count`
        let template = CallTemplate.make(read, values: values)
        shapes.append(Shape(kind: read, values: values, template: template))
        if shapes.count > limit {
            keys = RepeatedKeys()
            shapes = [Shape(kind: .ignorable, values: [])]
        }
        return template.map { .template($0, values) } ?? .kind(read)
    }

    /// Sets `masked` to the address shape of `message`, whose addresses are `values`.
    private mutating func maskAddressShape(_ message: UnsafeRawBufferPointer, values: [String]) {
        masked.removeAll(keepingCapacity: true)
        masked.append(contentsOf: message)
        for (k, range) in found.enumerated() {
            for i in range.dropFirst(2) { masked[i] = 0x23 }  // #
            masked.append(Self.repeatMark(values, k, from: 0))
        }
    }

    /// Sets `masked` to the class shape of `message`, whose values are its addresses, then
    /// the classes of its descriptions: each class is one byte 0x01.
    private mutating func maskClassShape(_ message: UnsafeRawBufferPointer, values: [String]) {
        classMasked.removeAll(keepingCapacity: true)
        var copied = 0
        var next = 0  // the next description
        for range in found {
            if next < classes.count, classes[next].range.upperBound <= range.lowerBound {
                classMasked.append(
                    contentsOf: UnsafeRawBufferPointer(rebasing: message[copied..<classes[next].range.lowerBound]))
                classMasked.append(0x01)
                copied = classes[next].range.upperBound
                next += 1
            }
            classMasked.append(contentsOf: UnsafeRawBufferPointer(rebasing: message[copied..<(range.lowerBound + 2)]))
            classMasked.append(contentsOf: repeatElement(0x23, count: range.count - 2))  // #
            copied = range.upperBound
        }
        classMasked.append(contentsOf: UnsafeRawBufferPointer(rebasing: message[copied...]))
        for k in found.indices { classMasked.append(Self.repeatMark(values, k, from: 0)) }
        for k in classes.indices {
            let name = values[found.count + k]
            classMasked.append(Self.repeatMark(values, found.count + k, from: found.count))
            classMasked.append(NameWords.isViewClass(ObjectRef.shortName(of: name)) ? 1 : 0)
        }
    }

    /// Whether the class at `range` of `message`, without its module, is in `masked` in any
    /// case: the message with its descriptions' classes taken out.
    static func namedElsewhere(_ message: UnsafeRawBufferPointer, _ range: Range<Int>, in masked: [UInt8])
        -> Bool
    {
        var start = range.upperBound
        while start > range.lowerBound, message[start - 1] != 0x2E { start -= 1 }
        let name = message[start..<range.upperBound]
        guard let first = name.first, name.count <= masked.count else { return false }
        let lower = first | 0x20
        for i in 0...(masked.count - name.count) where masked[i] | 0x20 == lower {
            var k = 1
            while k < name.count, masked[i + k] | 0x20 == name[name.startIndex + k] | 0x20 { k += 1 }
            if k == name.count { return true }
        }
        return false
    }

    /// Which earlier value from `first` on the value at `k` repeats, 255 if none.
    private static func repeatMark(_ values: [String], _ k: Int, from first: Int) -> UInt8 {
        let earlier = values[first..<k].firstIndex(of: values[k]).map { $0 - first } ?? 255
        return UInt8(truncatingIfNeeded: earlier)
    }

    /// Sets `classes` to the descriptions `<Class: 0x…>` among the addresses `found` in `b`.
    static func classes(
        in b: UnsafeRawBufferPointer, addresses found: [Range<Int>],
        into classes: inout [(range: Range<Int>, address: Int)]
    ) {
        classes.removeAll(keepingCapacity: true)
        for (k, range) in found.enumerated() {
            guard range.upperBound < b.count, b[range.upperBound] == ASCII.greater, range.lowerBound >= 4,
                b[range.lowerBound - 1] == ASCII.space, b[range.lowerBound - 2] == ASCII.colon
            else { continue }
            let end = range.lowerBound - 2
            var start = end
            while start > 0, case let c = b[start - 1], c < 0x80, ASCII.isIdentifier(c) || c == 0x2E { start -= 1 }
            guard start < end, start > 0, b[start - 1] == ASCII.less,
                ASCII.isLower(b[start]) || ASCII.isUpper(b[start]), b[end - 1] != 0x2E
            else { continue }
            classes.append((start..<end, k))
        }
    }

    /// Sets `found` to where the addresses in `b` are. The `x` of each `0x` is looked for
    /// eight bytes at a time: a message has few, and every message is scanned.
    static func addresses(in b: UnsafeRawBufferPointer, into found: inout [Range<Int>]) {
        found.removeAll(keepingCapacity: true)
        let n = b.count
        var x = 1  // where to look for the next `x` or `X`
        while let p = nextX(in: b, from: x) {
            let i = p - 1
            guard b[i] == 0x30, i + 2 + minimumDigits <= n else {
                x = p + 1
                continue
            }
            if i > 0, isWordByte(b[i - 1]) {
                x = p + 1
                continue
            }
            var j = i + 2
            while j < n, ASCII.isHex(b[j]) { j += 1 }
            if j - i - 2 >= minimumDigits, j == n || !isWordByte(b[j]) {
                found.append(i..<j)
            }
            x = max(j, p + 1)
        }
    }

    /// The place of the first `x` or `X` in `b` at or after `start`.
    @inline(__always) private static func nextX(in b: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var i = start
        let n = b.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= n {
            // Each byte of `v` is zero where the byte is `x` or `X` (they differ only in 0x20).
            let v =
                (b.loadUnaligned(fromByteOffset: i, as: UInt64.self) | 0x2020_2020_2020_2020) ^ 0x7878_7878_7878_7878
            let zeros = (v &- ones) & ~v & highs
            if zeros != 0 { return i + (zeros.trailingZeroBitCount >> 3) }
            i += 8
        }
        while i < n {
            if b[i] | 0x20 == 0x78 { return i }
            i += 1
        }
        return nil
    }

    /// An ASCII letter, digit or `_`: what may not touch an address.
    @inline(__always) private static func isWordByte(_ c: UInt8) -> Bool {
        c < 0x80 && ASCII.isIdentifier(c)
    }
}

/// What a message read as: a kind, or a call template with the message's addresses.
enum ShapedReading: Sendable {
    indirect case kind(MessageKind)
    /// A call template and the message's values (see `CallTemplate`).
    case template(CallTemplate, [String])

    var kind: MessageKind {
        switch self {
        case .kind(let kind): return kind
        case .template(let template, let values): return .call(template.call(with: values))
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
