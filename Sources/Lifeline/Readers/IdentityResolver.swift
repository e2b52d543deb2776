/// Turns the objects a log names into stable instance ids: `Class#ordinal`, numbered per class
/// in order of first appearance. Addresses differ between runs; ordinals do not, so two runs of
/// the same scenario get the same ids.
struct IdentityResolver {
    /// The addresses seen, by symbol; per address symbol, (class, id). An address reused by
    /// another class is a new instance.
    private var addresses = SymbolTable()
    private var atAddress: [(short: String, id: String)?] = [nil]
    /// Per class: how many instances it has had, and the latest.
    private var perClass: [String: ClassInstances] = [:]
    /// Instances first seen without an address; the first address seen for the class is theirs.
    private var unaddressed: Set<String> = []
    /// The address each instance was last seen at.
    private(set) var addressById: [String: String] = [:]

    private struct ClassInstances {
        var count = 0
        var latest: String? = nil
    }

    /// Changes whenever a name could now resolve differently; callers may reuse a resolution
    /// while it stays the same.
    private(set) var generation = 0

    static let unknownObject = "?"

    mutating func resolve(_ ref: ObjectRef) -> String {
        resolve(shortName: ref.shortName, address: ref.address)
    }

    /// The id of the object of class `short` (without its module) at `address`.
    mutating func resolve(shortName short: String, address: String?) -> String {
        guard let address else {
            if let latest = perClass[short]?.latest { return latest }
            let id = newInstance(of: short)
            unaddressed.insert(id)
            return id
        }
        let at = Int(addresses.id(address))
        if at == atAddress.count { atAddress.append(nil) }
        if let known = atAddress[at], known.short == short { return known.id }
        // Most logs print an address on every call, so this set is usually empty.
        if !unaddressed.isEmpty, let latest = perClass[short]?.latest, unaddressed.remove(latest) != nil {
            generation += 1
            atAddress[at] = (short, latest)
            addressById[latest] = address
            return latest
        }
        let id = newInstance(of: short)
        atAddress[at] = (short, id)
        addressById[id] = address
        return id
    }

    /// After `deinit`, the address may be reused by a new instance, which gets a new ordinal.
    mutating func forget(_ ref: ObjectRef, id: String) {
        generation += 1
        if let address = ref.address, let at = addresses.existing(address).map(Int.init), atAddress[at]?.id == id {
            atAddress[at] = nil
        }
        let short = ref.shortName
        if perClass[short]?.latest == id { perClass[short]?.latest = nil }
        unaddressed.remove(id)
    }

    private mutating func newInstance(of short: String) -> String {
        generation += 1
        // One lookup of the class, changed in place.
        return Self.next(&perClass[short, default: ClassInstances()], short)
    }

    private static func next(_ instances: inout ClassInstances, _ short: String) -> String {
        instances.count += 1
        let id = "\(short)#\(instances.count)"
        instances.latest = id
        return id
    }
}
