/// Gives each object a stable instance id, `Class#n`: the class's name without its module
/// (after the last `.`, as Lifeline names objects), numbered per class in order of first
/// sight. After an object's deinit its id is retired, so an object later made at the same
/// address is a new instance.
struct ObjectIdentities {
    struct Identity {
        var id: String
        var className: String
        var address: String
    }

    private var known: [ObjectIdentifier: Identity] = [:]
    private var counts: [String: Int] = [:]

    /// The identity of `object`, and whether it was seen just now for the first time.
    mutating func identity(of object: AnyObject, className: String, address: String) -> (Identity, isNew: Bool) {
        let key = ObjectIdentifier(object)
        if let identity = known[key], identity.className == className { return (identity, false) }
        let short = Self.shortName(className)
        let n = counts[short, default: 0] + 1
        counts[short] = n
        let identity = Identity(id: "\(short)#\(n)", className: className, address: address)
        known[key] = identity
        return (identity, true)
    }

    /// The identity of an object already seen, without touching the object.
    func existing(_ key: ObjectIdentifier) -> Identity? { known[key] }

    /// Retires the object's id; returns the identity it had.
    mutating func retire(_ key: ObjectIdentifier) -> Identity? { known.removeValue(forKey: key) }

    /// `MyApp.HomeViewController` → `HomeViewController`.
    static func shortName(_ className: String) -> String {
        guard let dot = className.lastIndex(of: "."), className.index(after: dot) < className.endIndex else {
            return className
        }
        return String(className[className.index(after: dot)...])
    }
}
