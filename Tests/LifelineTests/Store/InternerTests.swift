import Testing

@testable import Lifeline

/// The interner's ids against a dictionary's, on values that differ in one field only and in
/// high bits, past several grows.
struct InternerTests {
    @Test func givesTheIdsADictionaryWould() {
        var interner = Interner(zero: EventDetail())
        var reference: [EventDetail: UInt32] = [EventDetail(): 0]
        var generator = SystemRandomNumberGenerator()
        var values: [EventDetail] = []
        for k in 0..<3000 {
            let n = UInt32(k)
            values.append(EventDetail(className: n, address: 0, thread: 0, file: 0))
            values.append(EventDetail(className: 0, address: n << 20, thread: 0, file: 1))
            values.append(EventDetail(className: 1, address: 1, thread: n, file: n))
            values.append(
                EventDetail(className: .random(in: 0..<8, using: &generator), address: n % 7, thread: 1, file: 0))
        }
        for value in values + values.reversed() + [EventDetail()] {
            let expected = reference[value] ?? UInt32(reference.count)
            reference[value] = expected
            #expect(interner.id(value) == expected)
        }
        for (value, id) in reference { #expect(interner[id] == value) }
    }

    @Test func extrasDifferingInEachField() {
        var interner = Interner(zero: EventExtras())
        let values = [
            EventExtras(args: 1), EventExtras(state: 1), EventExtras(note: 1), EventExtras(args: 1, state: 1),
            EventExtras(args: 1 << 31), EventExtras(note: UInt32.max),
        ]
        let ids = values.map { interner.id($0) }
        #expect(ids == [1, 2, 3, 4, 5, 6])
        #expect(values.map { interner.id($0) } == ids)
        #expect(interner.id(EventExtras()) == 0)
    }
}
