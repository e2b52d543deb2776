import Testing

@testable import Lifeline

/// Instance ids (`Name#digits`) told on bytes, against a plain reading of the text.
@Suite struct InstanceIdTests {
    /// The plain reading: the last `#`, not first, a name before it and only digits after.
    static func referenceHash(_ s: String) -> Int? {
        let bytes = Array(s.utf8)
        guard let hash = bytes.lastIndex(of: UInt8(ascii: "#")), hash > 0, hash + 1 < bytes.count,
            bytes[(hash + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        return hash
    }

    static let samples = [
        "Home#1", "Home#12", "HomeViewController#300000", "A#1#2", "A#x#2", "#3", "Home#", "Home", "", "#",
        "Café#2", "Home#1x", "Home#-1", "Home #7", "ホーム#3", "a\u{301}#4", "UIKit", "Home##5", "Home#0",
    ]

    @Test func hashMatchesThePlainReading() {
        var samples = Self.samples
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("ab#19Z é#")
        for _ in 0..<2000 {
            samples.append(String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement()! }))
        }
        for s in samples {
            #expect(DisplayNames.instanceHash(s) == Self.referenceHash(s), "\(s)")
            #expect(DisplayNames.isInstanceId(s) == (Self.referenceHash(s) != nil), "\(s)")
            let expected = Self.referenceHash(s).map { String(decoding: Array(s.utf8)[..<$0], as: UTF8.self) } ?? s
            #expect(DisplayNames.className(of: s) == expected, "\(s)")
        }
    }

    /// An id is shown as its class when no other id has that class; a plain name counts as a
    /// class of its own.
    @Test func shownNamesDropTheOrdinalOfALoneInstance() {
        #expect(
            DisplayNames.shown(["Home#1", "Detail#1", "Detail#2", "Home", "Café#3"])
                == ["Home#1", "Detail#1", "Detail#2", "Home", "Café"])
    }
}
