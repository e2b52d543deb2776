import Testing

@testable import Lifeline

struct IdMapTests {
    @Test func findsEveryKeyAfterGrowing() {
        var map = IdMap()
        // Zero, neighbours and keys that differ only in their high bits, past several grows.
        let keys: [UInt64] = [0, 1, 2, UInt64.max, 1 << 63, 1 << 32] + (0..<5000).map { UInt64($0) << 40 | UInt64($0) }
        var expected: [UInt64: Int32] = [:]
        for (value, key) in keys.enumerated() where map[key] == nil {
            map.insert(key, Int32(value))
            expected[key] = Int32(value)
        }
        #expect(map.count == expected.count)
        for (key, value) in expected { #expect(map[key] == value) }
        #expect(map[3] == nil)
        #expect(map[UInt64.max - 1] == nil)
    }

    @Test func bytesFromLiteralsAndIntegers() {
        var bytes: [UInt8] = []
        bytes.append("<g class=\"m\">")
        for n: Int64 in [0, 7, 10, 99, 12345, Int64.max, -1, Int64.min] {
            NumberFormat.appendInteger(n, to: &bytes)
            bytes.append(",")
        }
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "<g class=\"m\">0,7,10,99,12345,9223372036854775807,-1,-9223372036854775808,")
    }
}
