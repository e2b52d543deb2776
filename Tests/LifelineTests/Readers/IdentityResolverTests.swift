import Testing

@testable import Lifeline

/// Addresses are found by value when written as the readers write them, by text otherwise;
/// either way two different texts are two addresses.
struct IdentityResolverTests {
    @Test func onlyCanonicalAddressesHaveAValue() {
        #expect(IdentityResolver.value(of: "0x0") == 0)
        #expect(IdentityResolver.value(of: "0x7f8e0c1a2b30") == 0x7f8e_0c1a_2b30)
        #expect(IdentityResolver.value(of: "0xffffffffffffffff") == UInt64.max)
        for text in ["0x", "0x00", "0x07f8e", "0x7F8E", "0x1ffffffffffffffff", "0xg1", "1x10", "0y10", "", "0x1 "] {
            #expect(IdentityResolver.value(of: text) == nil, "\(text)")
        }
    }

    @Test func textsThatReadAsOneValueStayApart() {
        var resolver = IdentityResolver()
        let a = resolver.index(shortName: "Feed", address: "0xa")
        let b = resolver.index(shortName: "Feed", address: "0x0a")
        let c = resolver.index(shortName: "Feed", address: "0xA")
        #expect(Set([a, b, c]).count == 3)
        #expect(resolver.index(shortName: "Feed", address: "0xa") == a)
        #expect(resolver.index(shortName: "Feed", address: "0x0a") == b)
        // Many addresses, then the first again: found past the table of recent ones.
        for k in 1...5000 { _ = resolver.index(shortName: "Cell", address: "0x\(String(k * 64, radix: 16))") }
        #expect(resolver.index(shortName: "Feed", address: "0xa") == a)
        #expect(
            resolver.index(shortName: "Cell", address: "0x40") == resolver.index(shortName: "Cell", address: "0x40"))
        #expect(resolver.instances[resolver.index(shortName: "Cell", address: "0x40")].id == "Cell#1")
    }
}
