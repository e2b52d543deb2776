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
    /// The type `name` spells, or nil when it is not a `_Tt` name this reader knows.
    static func demangled(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count > 3, bytes[0] == 0x5F, bytes[1] == 0x54, bytes[2] == 0x74 else { return nil }  // _Tt
        var reader = Reader(bytes: bytes, at: 3)
        guard let type = reader.type(), reader.at == bytes.count else { return nil }
        return type
    }

    /// A recursive reader of the mangling: each module and named type it reads becomes a
    /// substitution, which `S_`, `S0_`, `S1_` … name again later.
    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        var substitutions: [String] = []
        /// Deep nesting is refused rather than followed.
        var depth = 0

        init(bytes: [UInt8], at: Int) {
            self.bytes = bytes
            self.at = at
        }

        private var next: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func type() -> String? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 32, let c = next else { return nil }
            switch c {
            case 0x43, 0x56, 0x4F:  // C, V, O: class, struct, enum
                at += 1
                return nominal()
            case 0x47:  // G: a generic type and its arguments, up to `_`
                at += 1
                guard let base = type() else { return nil }
                var arguments: [String] = []
                while let c = next, c != 0x5F {
                    guard let argument = type() else { return nil }
                    arguments.append(argument)
                }
                guard next == 0x5F, !arguments.isEmpty else { return nil }
                at += 1
                return base + "<" + arguments.joined(separator: ", ") + ">"
            case 0x53:  // S: a substitution or a standard library type
                return standardOrSubstitution()
            default:
                return nil
            }
        }

        /// A named type after its kind: its context (a module, or the type it is nested in),
        /// then its name. Modules are left out of what it reads as.
        private mutating func nominal() -> String? {
            let context: String?
            switch next {
            case 0x43, 0x56, 0x4F:
                at += 1
                guard let outer = nominal() else { return nil }
                context = outer
            case 0x53:
                guard let substituted = substitutionIndex() else { return nil }
                // A substituted module names no type; a substituted type is the context.
                context = substituted.isModule ? nil : substituted.text
            default:
                guard let module = identifier() else { return nil }
                substitutions.append("\u{0}" + module)
                context = nil
            }
            guard let name = identifier() else { return nil }
            let full = context.map { $0 + "." + name } ?? name
            substitutions.append(full)
            return full
        }

        /// `S_`, `S0_` …: an earlier module or type; `Ss` and `So`: the standard library's module
        /// and Objective-C's.
        private mutating func substitutionIndex() -> (text: String, isModule: Bool)? {
            guard next == 0x53, at + 1 < bytes.count else { return nil }
            at += 1
            if bytes[at] == 0x73 || bytes[at] == 0x6F {  // Ss, So: the standard library, Objective-C
                at += 1
                return ("", true)
            }
            var index = 0
            if bytes[at] != 0x5F {
                guard let n = number() else { return nil }
                index = n + 1
            }
            guard next == 0x5F, index < substitutions.count else { return nil }
            at += 1
            let entry = substitutions[index]
            return entry.hasPrefix("\u{0}") ? (String(entry.dropFirst()), true) : (entry, false)
        }

        private mutating func standardOrSubstitution() -> String? {
            guard at + 1 < bytes.count else { return nil }
            if let known = Self.standardTypes[bytes[at + 1]] {
                at += 2
                return known
            }
            guard let substituted = substitutionIndex(), !substituted.isModule else { return nil }
            return substituted.text
        }

        /// `Sq` and the others: types of the standard library written in two letters.
        private static let standardTypes: [UInt8: String] = [
            0x71: "Optional", 0x51: "ImplicitlyUnwrappedOptional", 0x61: "Array", 0x53: "String", 0x69: "Int",
            0x75: "UInt", 0x62: "Bool", 0x64: "Double", 0x66: "Float", 0x63: "UnicodeScalar",
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
