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

    /// `MyApp.HomeViewController` → `HomeViewController`, and each type of a generic the same
    /// way: `SwiftUI.UIHostingController<MyApp.HomeView>` → `UIHostingController<HomeView>`.
    static func shortName(_ className: String) -> String {
        var short = ""
        var word = Substring()
        var start = className.startIndex
        for k in className.indices where "<>, ".contains(className[k]) {
            word = className[start..<k]
            short += lastPart(word)
            short.append(className[k])
            start = className.index(after: k)
        }
        word = className[start...]
        return short + lastPart(word)
    }

    private static func lastPart(_ name: Substring) -> Substring {
        guard let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex else { return name }
        return name[name.index(after: dot)...]
    }

    /// The name a trace gives a class: the runtime's (`NSStringFromClass`), except for a
    /// generic Swift class, whose runtime name is mangled
    /// (`_TtGC7SwiftUI19UIHostingControllerV5MyApp8HomeView_`, each SwiftUI screen hosted in
    /// UIKit) and is written as Swift writes the type instead
    /// (`SwiftUI.UIHostingController<MyApp.HomeView>`).
    static func className(runtimeName: String, of type: Any.Type) -> String {
        runtimeName.hasPrefix("_Tt") ? String(reflecting: type) : runtimeName
    }
}
