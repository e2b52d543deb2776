/// A Swift class's name as the Objective-C runtime prints it, in the mangling that begins with
/// `_Tt`, read back as Swift writes the type (`String(describing:)`): without modules, nested
/// types joined by dots, generic arguments in angle brackets.
///
/// ```
/// _TtC5MyApp18HomeViewController                      HomeViewController
/// _TtCV14__lldb_expr_9010SampleView11Coordinator      SampleView.Coordinator
/// _TtGC7SwiftUI19UIHostingControllerV5MyApp8HomeView_ UIHostingController<HomeView>
/// _TtGC7SwiftUI19UIHostingControllerVS_7AnyView_      UIHostingController<AnyView>
/// ```
///
/// Every SwiftUI screen hosted in UIKit is an instance of its own specialization of
/// `UIHostingController`, and `-[NSObject description]` prints that class's runtime name, so a
/// log of such an app names each screen this way.
enum MangledName {
    /// Longer names are not read: no runtime name of a screen comes near.
    private static let longest = 1024

    /// The type `name` spells, or nil when it is not a `_Tt` name this reader knows.
    static func demangled(_ name: String) -> String? {
        guard var reader = Reader(name) else { return nil }
        guard let type = reader.type(), reader.at == reader.bytes.count else { return nil }
        return type.text
    }

    /// The class of a generic `_Tt` name whose arguments are not read:
    /// `_TtGC7SwiftUI19UIHostingControllerVQ_` is `UIHostingController`.
    static func genericClass(_ name: String) -> String? {
        guard var reader = Reader(name), reader.next == 0x47 else { return nil }  // G
        reader.at += 1
        return reader.type()?.text
    }

    /// A type as read: its names from the outermost (`["SampleView", "Coordinator"]`), each
    /// with its generic arguments when it has some.
    private struct ReadType {
        var names: [String]
        var text: String { names.joined(separator: ".") }
    }

    /// A recursive reader of the mangling: each module and named type it reads becomes a
    /// substitution, which `S_`, `S0_`, `S1_` … name again later.
    private struct Reader {
        let bytes: [UInt8]
        var at = 3
        /// Modules (nil) and named types, in the order they were read.
        var substitutions: [ReadType?] = []
        /// How deep the reading is nested; deep nesting is refused rather than followed.
        var depth = 0

        init?(_ name: String) {
            guard name.utf8.count > 3, name.utf8.count <= MangledName.longest, name.hasPrefix("_Tt") else {
                return nil
            }
            bytes = Array(name.utf8)
        }

        var next: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func type() -> ReadType? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 32, let c = next else { return nil }
            switch c {
            case 0x43, 0x56, 0x4F:  // C, V, O: class, struct, enum
                at += 1
                return nominal()
            case 0x47:  // G: a generic type, then one argument list per level of its name
                at += 1
                guard var base = type() else { return nil }
                var any = false
                for level in base.names.indices {
                    var arguments: [String] = []
                    while let c = next, c != 0x5F {
                        guard let argument = type() else { return nil }
                        arguments.append(argument.text)
                    }
                    guard next == 0x5F else { return nil }
                    at += 1
                    if !arguments.isEmpty {
                        base.names[level] += "<" + arguments.joined(separator: ", ") + ">"
                        any = true
                    }
                }
                return any ? base : nil
            case 0x53:  // S: a substitution or a standard library type
                return standardOrSubstitution()
            default:
                return nil
            }
        }

        /// A named type after its kind: its context (a module, or the type it is nested in),
        /// then its name. Modules are left out of what it reads as.
        private mutating func nominal() -> ReadType? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 32 else { return nil }
            var names: [String] = []
            switch next {
            case 0x43, 0x56, 0x4F:
                at += 1
                guard let outer = nominal() else { return nil }
                names = outer.names
            case 0x53:
                guard let substituted = substitution() else { return nil }
                // A substituted module names no type; a substituted type is the context.
                names = substituted?.names ?? []
            case 0x73:  // s: the standard library
                at += 1
            default:
                guard identifier() != nil else { return nil }
                substitutions.append(nil)
            }
            guard let name = identifier() else { return nil }
            let type = ReadType(names: names + [name])
            substitutions.append(type)
            return type
        }

        /// `S_`, `S0_` …: an earlier module (nil) or type; `Ss`, `So` and `SC`: the standard
        /// library's module, Objective-C's and an imported C module's.
        private mutating func substitution() -> ReadType?? {
            guard next == 0x53, at + 1 < bytes.count else { return nil }
            at += 1
            if bytes[at] == 0x73 || bytes[at] == 0x6F || bytes[at] == 0x43 {
                at += 1
                return .some(nil)
            }
            var index = 0
            if bytes[at] != 0x5F {
                guard let n = number() else { return nil }
                index = n + 1
            }
            guard next == 0x5F, index < substitutions.count else { return nil }
            at += 1
            return .some(substitutions[index])
        }

        private mutating func standardOrSubstitution() -> ReadType? {
            guard at + 1 < bytes.count else { return nil }
            if let known = Self.standardTypes[bytes[at + 1]] {
                at += 2
                return ReadType(names: [known])
            }
            guard case .some(.some(let type)) = substitution() else { return nil }
            return type
        }

        /// `Sq` and the others: types of the standard library written in two letters.
        private static let standardTypes: [UInt8: String] = [
            0x71: "Optional", 0x51: "ImplicitlyUnwrappedOptional", 0x61: "Array", 0x53: "String", 0x69: "Int",
            0x75: "UInt", 0x62: "Bool", 0x64: "Double", 0x66: "Float", 0x63: "UnicodeScalar",
            0x50: "UnsafePointer", 0x70: "UnsafeMutablePointer", 0x52: "UnsafeBufferPointer",
            0x72: "UnsafeMutableBufferPointer", 0x56: "UnsafeRawPointer", 0x76: "UnsafeMutableRawPointer",
        ]

        /// A length and that many bytes; `P` first marks a private type, whose name follows a
        /// discriminator written the same way.
        private mutating func identifier() -> String? {
            if next == 0x50 {  // P
                at += 1
                guard identifierText() != nil else { return nil }
            }
            return identifierText()
        }

        private mutating func identifierText() -> String? {
            guard let count = number(), count > 0, at + count <= bytes.count else { return nil }
            let text = String(decoding: bytes[at..<(at + count)], as: UTF8.self)
            at += count
            return text
        }

        private mutating func number() -> Int? {
            var value = 0
            let start = at
            while let c = next, ASCII.isDigit(c), at - start < 6 {
                value = value * 10 + Int(c - 0x30)
                at += 1
            }
            return at > start ? value : nil
        }
    }
}
