import Testing

@testable import Lifeline

@Suite struct EditScriptTests {
    /// Checks that `ops` walk both sequences in order, match only equal tokens, and cover all.
    private func check(_ a: [Int32], _ b: [Int32], _ ops: [EditScript.Op]) -> Int {
        var i = 0, j = 0, edits = 0
        for op in ops {
            switch op {
            case .match(let x, let y):
                #expect(x == i && y == j && a[x] == b[y])
                i += 1
                j += 1
            case .delete(let x):
                #expect(x == i)
                i += 1
                edits += 1
            case .insert(let y):
                #expect(y == j)
                j += 1
                edits += 1
            }
        }
        #expect(i == a.count && j == b.count)
        return edits
    }

    @Test func sparseEditsGiveAShortScript() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let a = (0..<3000).map { _ in Int32.random(in: 0..<12, using: &rng) }
            var b = a
            let changes = Int.random(in: 0...20, using: &rng)
            for _ in 0..<changes {
                let i = Int.random(in: 0..<(b.count - 1), using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: b.swapAt(i, i + 1)
                case 1: b.remove(at: i)
                default: b.insert(99, at: i)
                }
            }
            var ops: [EditScript.Op] = []
            #expect(EditScript.compute(a, b) { ops.append($0) })
            #expect(check(a, b, ops) <= 2 * changes)
        }
    }

    @Test func edgesAndEmptySides() {
        for (a, b) in [
            ([], [1, 2]), ([1, 2], []), ([1, 2, 3], [1, 2, 3]), ([1], [2]), ([1, 2, 3, 4], [4, 3, 2, 1]),
        ] as [([Int32], [Int32])] {
            var ops: [EditScript.Op] = []
            #expect(EditScript.compute(a, b) { ops.append($0) })
            _ = check(a, b, ops)
        }
    }

    @Test func tooDifferentSequencesAreLeftToTheCaller() {
        let a = (0..<5000).map { Int32($0) }
        let b = a.reversed().map { $0 + 0 }
        #expect(!EditScript.compute(a, Array(b), maxEdits: 100) { _ in })
    }
}
