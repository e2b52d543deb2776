/// Turns the objects a log names into stable instance ids: `Class#ordinal`, numbered per class
/// in order of first appearance. Addresses differ between runs; ordinals do not, so two runs of
/// the same scenario get the same ids.
struct IdentityResolver {
    /// Address → (class, id); an address reused by another class is a new instance.
    private var idByAddress: [String: (short: String, id: String)] = [:]
    private var countByClass: [String: Int] = [:]
    private var latestByClass: [String: String] = [:]
    /// Instances first seen without an address; the first address seen for the class is theirs.
    private var unaddressed: Set<String> = []
    /// The address each instance was last seen at.
    private(set) var addressById: [String: String] = [:]

    /// Changes whenever a name could now resolve differently; callers may reuse a resolution
    /// while it stays the same.
    private(set) var generation = 0

    static let unknownObject = "?"

    mutating func resolve(_ ref: ObjectRef) -> String {
        let short = ref.shortName
        guard let address = ref.address else {
            if let latest = latestByClass[short] { return latest }
            let id = newInstance(of: short)
            unaddressed.insert(id)
            return id
        }
        if let known = idByAddress[address], known.short == short { return known.id }
        if let latest = latestByClass[short], unaddressed.remove(latest) != nil {
            generation += 1
            idByAddress[address] = (short, latest)
            addressById[latest] = address
            return latest
        }
        let id = newInstance(of: short)
        idByAddress[address] = (short, id)
        addressById[id] = address
        return id
    }

    /// After `deinit`, the address may be reused by a new instance, which gets a new ordinal.
    mutating func forget(_ ref: ObjectRef, id: String) {
        generation += 1
        if let address = ref.address, idByAddress[address]?.id == id { idByAddress[address] = nil }
        if latestByClass[ref.shortName] == id { latestByClass[ref.shortName] = nil }
        unaddressed.remove(id)
    }

    private mutating func newInstance(of short: String) -> String {
        generation += 1
        let n = (countByClass[short] ?? 0) + 1
        countByClass[short] = n
        let id = "\(short)#\(n)"
        latestByClass[short] = id
        return id
    }
}
