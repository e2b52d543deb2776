import Testing

@testable import Lifeline

/// Finding a literal in a line's bytes agrees with a plain search, from any start to any end.
@Suite struct ByteFindTests {
    private func plainFind(_ literal: [UInt8], in bytes: [UInt8], from: Int, end: Int) -> Int? {
        guard !literal.isEmpty, end - from >= literal.count else { return nil }
        return (from...(end - literal.count)).first { Array(bytes[$0..<($0 + literal.count)]) == literal }
    }

    @Test func agreesWithAPlainSearch() {
        let literals: [StaticString] = [" = '", "  x", " ", "ab", "a", " do |", "b a", "  ", "x y "]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(" ab'=xy|do".utf8)
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let from = Int.random(in: 0...bytes.count, using: &generator)
            let end = Int.random(in: from...bytes.count, using: &generator)
            for literal in literals {
                let expected = plainFind(
                    Array(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)), in: bytes,
                    from: from, end: end)
                let found = bytes.withUnsafeBufferPointer { $0.find(literal, from: from, end: end) }
                #expect(found == expected, "\(literal) in \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
