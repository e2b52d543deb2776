/// Turns the objects a log names into stable instance ids: `Class#ordinal`, numbered per class
/// in order of first appearance. Addresses differ between runs; ordinals do not, so two runs of
/// the same scenario get the same ids.
///
/// Each instance is also a dense index, so a builder can keep what it worked out for an
/// instance (its symbols in the store) in an array instead of hashing its id on every call:
/// a long session names a new instance on nearly every screen.
struct IdentityResolver {
    /// One instance the log named.
    struct Instance {
        /// `Class#ordinal`.
        let id: String
        /// The address it was last seen at.
        var address: String?
        /// What the builder keeps for it: its id's and its address's symbols, and the detail
        /// of its latest call with the class name and thread that detail has (0 when unset).
        var objectSymbol: UInt32 = 0
        var addressSymbol: UInt32 = 0
        var detail = CachedDetail()
        /// The class name (with its module) it was last logged with, and that name's symbol.
        var className: String? = nil
        var classSymbol: UInt32 = 0
        /// Its class's place in `perClass`, which names the class without its module.
        var classIndex: Int32 = 0
    }

    /// An event detail kept for an instance, valid for one class name and thread.
    struct CachedDetail {
        var className: UInt32 = 0
        var thread: UInt32 = 0
        var id: UInt32? = nil
    }

    private(set) var instances: [Instance] = []
    /// The addresses seen, each at a place in `atAddress`, which holds the index of the
    /// instance there (-1 when none). An address reused by another class is a new instance.
    /// A `0x` address as the readers write it (lowercase, no leading zero) is found by its
    /// value; any other by its text.
    private var addressValues = IdMap()
    private var recentValues = [UInt64](repeating: 0, count: 256)
    private var recentPlaces = [Int32](repeating: -1, count: 256)
    private var addressTexts = SymbolTable(keepingStrings: false)
    private var textPlaces: [Int32] = [-1]
    private var atAddress: [Int32] = []
    /// Per class (by its symbol in `classes`): how many instances it has had, and the latest's
    /// index.
    private var classes = SymbolTable(keepingStrings: false)
    private var perClass: [ClassInstances] = [ClassInstances(name: "")]
    /// Instances first seen without an address; the first address seen for the class is theirs.
    private var unaddressed: Set<Int32> = []
    /// Per class (by its place in `perClass`), the instances known by name alone that are
    /// still alive, oldest first: a name logged again after its controller was on screen and
    /// loads again is a second controller, and the first may still be about (see
    /// `TraceBuilder.sibling(for:event:)`).
    private(set) var namedAlone: [Int32: [Int32]] = [:]
    /// By id, the instances ever known by name alone.
    private var namedAloneIDs: [String: Int32] = [:]

    private struct ClassInstances {
        let name: String
        var count = 0
        var latest: Int32 = -1
        /// The class name (with its module) an instance was last logged with, and the
        /// builder's symbol of it: a new instance of the class is mostly logged with it too.
        var fullName: String? = nil
        var fullSymbol: UInt32 = 0
    }

    /// Changes whenever a name could now resolve differently; callers may reuse a resolution
    /// while it stays the same.
    private(set) var generation = 0

    static let unknownObject = "?"

    /// The id of the object `ref` names.
    mutating func resolve(_ ref: ObjectRef) -> String {
        instances[index(shortName: ref.shortName, address: ref.address)].id
    }

    /// The index of the instance of class `short` (without its module) at `address`.
    mutating func index(shortName short: String, address: String?) -> Int {
        index(shortName: Substring(short), address: address)
    }

    /// The same, for a class given as a slice of a name: no new string when the instance is
    /// known.
    mutating func index(shortName short: Substring, address: String?) -> Int {
        guard let address else {
            let k = classIndex(short)
            let latest = perClass[k].latest
            if latest >= 0 { return Int(latest) }
            let index = newInstance(of: short, address: nil)
            unaddressed.insert(Int32(index))
            namedAloneIDs[instances[index].id] = Int32(index)
            namedAlone[Int32(k), default: []].append(Int32(index))
            return index
        }
        let at = place(of: address)
        let known = Int(atAddress[at])
        if known >= 0, perClass[Int(instances[known].classIndex)].name == short { return known }
        // Most logs print an address on every call, so this set is usually empty.
        if !unaddressed.isEmpty, case let k = classIndex(short), case let latest = perClass[k].latest,
            latest >= 0, unaddressed.remove(latest) != nil
        {
            generation += 1
            end(instance: Int(latest))
            atAddress[at] = latest
            instances[Int(latest)].address = address
            instances[Int(latest)].addressSymbol = 0
            instances[Int(latest)].detail = CachedDetail()
            return Int(latest)
        }
        let index = newInstance(of: short, address: address)
        atAddress[at] = Int32(index)
        return index
    }

    /// Whether some instance was first seen without an address and has none yet.
    var hasUnaddressed: Bool { !unaddressed.isEmpty }

    /// Whether some live instance is known by name alone.
    var hasNamedAlone: Bool { !namedAlone.isEmpty }

    /// The instance with this id, when it is known by name alone.
    func namedAloneInstance(id: String) -> Int? { namedAloneIDs[id].map(Int.init) }

    /// The live instances known by name alone of the class of instance `index`, oldest first.
    func siblings(of index: Int) -> [Int32] { namedAlone[instances[index].classIndex] ?? [] }

    /// Instance `index` is gone (released), or is now known by its address: no longer one of
    /// its class's instances known by name alone.
    mutating func end(instance index: Int) {
        let k = instances[index].classIndex
        guard var list = namedAlone[k], let at = list.firstIndex(of: Int32(index)) else { return }
        list.remove(at: at)
        namedAlone[k] = list.isEmpty ? nil : list
    }

    /// The latest instance of class `short`, when it has been seen only without an address.
    func latestUnaddressed(ofClass short: String) -> Int? {
        var short = short
        guard let k = short.withUTF8({ classes.existing(UnsafeRawBufferPointer($0)) }) else { return nil }
        let latest = perClass[Int(k)].latest
        return latest >= 0 && unaddressed.contains(latest) ? Int(latest) : nil
    }

    /// The address the instance with this id was last seen at.
    func address(ofInstance index: Int) -> String? { instances[index].address }

    /// Keeps the builder's symbol of instance `index`'s id.
    mutating func keep(objectSymbol: UInt32, for index: Int) { instances[index].objectSymbol = objectSymbol }

    /// Keeps the builder's symbol of the address instance `index` was last seen at.
    mutating func keep(addressSymbol: UInt32, for index: Int) { instances[index].addressSymbol = addressSymbol }

    /// Keeps the builder's symbol of the class name instance `index` was logged with.
    mutating func keep(className: String, symbol: UInt32, for index: Int) {
        instances[index].className = className
        instances[index].classSymbol = symbol
        let k = Int(instances[index].classIndex)
        (perClass[k].fullName, perClass[k].fullSymbol) = (className, symbol)
    }

    /// The builder's symbol of class name `name`, when it was kept for an instance of the
    /// class of instance `index`.
    func classSymbol(named name: String, forClassOf index: Int) -> UInt32? {
        let k = Int(instances[index].classIndex)
        return perClass[k].fullSymbol != 0 && perClass[k].fullName == name ? perClass[k].fullSymbol : nil
    }

    /// Keeps the builder's detail for instance `index`.
    mutating func keep(_ detail: CachedDetail, for index: Int) { instances[index].detail = detail }

    /// The app was launched again: every object named from here is a new instance, whatever
    /// its address or name (its ordinals go on from the last run's).
    mutating func startNewProcess() {
        generation += 1
        for k in atAddress.indices { atAddress[k] = -1 }
        for k in perClass.indices { perClass[k].latest = -1 }
        unaddressed.removeAll()
        namedAlone.removeAll()
    }

    /// After `deinit`, the address may be reused by a new instance, which gets a new ordinal.
    mutating func forget(_ ref: ObjectRef, instance index: Int) {
        generation += 1
        if let address = ref.address, let at = existingPlace(of: address), Int(atAddress[at]) == index {
            atAddress[at] = -1
        }
        let k = classIndex(Substring(ref.shortName))
        if perClass[k].latest == Int32(index) { perClass[k].latest = -1 }
        unaddressed.remove(Int32(index))
    }

    /// Instance `index` was released: a name logged alone then names the newest controller of
    /// its class still alive and known by name alone, if any (the one below a popped screen of
    /// its own class), instead of a new one.
    mutating func fallBack(afterReleasing index: Int) {
        let k = instances[index].classIndex
        guard perClass[Int(k)].latest < 0, let live = namedAlone[k]?.last else { return }
        generation += 1
        perClass[Int(k)].latest = live
        unaddressed.insert(live)
    }

    /// The place of `address` in `atAddress`, added when new.
    private mutating func place(of address: String) -> Int {
        guard let value = Self.value(of: address) else {
            if let known = existingPlace(of: address) { return known }
            _ = addressTexts.id(address)
            textPlaces.append(Int32(atAddress.count))
            atAddress.append(-1)
            return atAddress.count - 1
        }
        if let known = knownPlace(of: value) { return known }
        remember(value, place: Int32(atAddress.count))
        addressValues.insert(value, Int32(atAddress.count))
        atAddress.append(-1)
        return atAddress.count - 1
    }

    /// The calls of one transition name the same few addresses: a small table of the latest
    /// ones answers most lookups without touching the big one.
    private func recentSlot(_ value: UInt64) -> Int {
        Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    private mutating func remember(_ value: UInt64, place: Int32) {
        let slot = recentSlot(value)
        (recentValues[slot], recentPlaces[slot]) = (value, place)
    }

    /// The place of the address with this value when it has one, through the table of recent
    /// ones.
    private mutating func knownPlace(of value: UInt64) -> Int? {
        let slot = recentSlot(value)
        if recentValues[slot] == value, recentPlaces[slot] >= 0 { return Int(recentPlaces[slot]) }
        guard let known = addressValues[value] else { return nil }
        remember(value, place: known)
        return Int(known)
    }

    private func existingPlace(of address: String) -> Int? {
        if let value = Self.value(of: address) { return addressValues[value].map(Int.init) }
        return addressTexts.existing(address).map { Int(textPlaces[Int($0)]) }
    }

    /// The value of a `0x` address of 1 to 16 lowercase hex digits without a leading zero
    /// (`0x0` aside); nil for any other text, so no two texts share a value.
    static func value(of address: String) -> UInt64? {
        var address = address
        return address.withUTF8 { b in
            guard b.count >= 3, b.count <= 18, b[0] == 0x30, b[1] == 0x78, b[2] != 0x30 || b.count == 3 else {
                return nil
            }
            var value: UInt64 = 0
            for c in b[2...] {
                let digit: UInt8
                if ASCII.isDigit(c) {
                    digit = c &- 0x30
                } else if c &- 0x61 < 6 {
                    digit = c &- 0x61 &+ 10
                } else {
                    return nil
                }
                value = value << 4 | UInt64(digit)
            }
            return value
        }
    }

    private mutating func newInstance(of short: Substring, address: String?) -> Int {
        generation += 1
        let index = instances.count
        let k = classIndex(short)
        let ordinal = Self.next(&perClass[k], index)
        // The class's name is shared by its instances, not copied for each.
        let name = perClass[k].name
        let id = Self.instanceID(name, ordinal)
        instances.append(Instance(id: id, address: address, classIndex: Int32(k)))
        return index
    }

    /// `Class#ordinal`, made in one go: a long session makes one per screen.
    private static func instanceID(_ name: String, _ ordinal: Int) -> String {
        var digits = 1
        var n = ordinal
        while n >= 10 { (n, digits) = (n / 10, digits + 1) }
        let count = name.utf8.count + 1 + digits
        var name = name
        return String(unsafeUninitializedCapacity: count) { out in
            let k = name.withUTF8 { out.initialize(fromContentsOf: $0) }
            out[k] = 0x23  // #
            var n = ordinal
            for at in stride(from: count - 1, to: k, by: -1) {
                out[at] = UInt8(truncatingIfNeeded: 0x30 + n % 10)
                n /= 10
            }
            return count
        }
    }

    /// The place of class `short` in `perClass`, added when new.
    private mutating func classIndex(_ short: Substring) -> Int {
        var short = short
        let k = Int(short.withUTF8 { classes.id(UnsafeRawBufferPointer($0)) })
        if k == perClass.count { perClass.append(ClassInstances(name: String(short))) }
        return k
    }

    private static func next(_ instances: inout ClassInstances, _ index: Int) -> Int {
        instances.count += 1
        instances.latest = Int32(index)
        return instances.count
    }
}
