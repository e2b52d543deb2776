/// The edits that turn one token sequence into another, as GNU diff finds them: equal runs are
/// walked in step, and at each difference a greedy O(ND) search (Myers) runs only until the two
/// sides agree again for `syncLength` tokens. Linear in the length plus the square of each
/// local difference, so two long, nearly equal traces cost little more than reading them.
enum EditScript {
    enum Op: Equatable {
        case match(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// Calls `emit` with each edit in order. Returns false, having emitted part of the script,
    /// when one difference needs more than `maxEdits` edits: the sequences are too different
    /// for this search, and the caller should align them another way.
    static func compute(
        _ a: [Int32], _ b: [Int32], syncLength: Int = 16, maxEdits: Int = 2000, _ emit: (Op) -> Void
    ) -> Bool {
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                emit(.match(i, j))
                i += 1
                j += 1
            } else if i == a.count {
                emit(.insert(j))
                j += 1
            } else if j == b.count {
                emit(.delete(i))
                i += 1
            } else {
                guard let end = local(a, b, from: i, j, syncLength: syncLength, maxEdits: maxEdits, emit) else {
                    return false
                }
                (i, j) = end
            }
        }
        return true
    }

    /// Myers's greedy search from (i0, j0), stopped at the first edit distance whose path ends
    /// in a run of `syncLength` equal tokens (or at both ends). Emits that path and returns
    /// where it ends.
    private static func local(
        _ a: [Int32], _ b: [Int32], from i0: Int, _ j0: Int, syncLength: Int, maxEdits: Int, _ emit: (Op) -> Void
    ) -> (Int, Int)? {
        let n = a.count - i0, m = b.count - j0
        // frontier[d][k + d]: the furthest x on diagonal k (x - y) after d edits; -1 off the grid.
        var frontier: [[Int]] = []
        func previous(_ d: Int, _ k: Int) -> Int {
            guard d >= 0, k >= -d, k <= d else { return Int.min }
            let x = frontier[d][k + d]
            return x < 0 ? Int.min : x
        }
        func cameFromAbove(_ d: Int, _ k: Int) -> Bool {
            k == -d || (k != d && previous(d - 1, k - 1) < previous(d - 1, k + 1))
        }
        for d in 0...maxEdits {
            var row = [Int](repeating: -1, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if d == 0 {
                    x = 0
                } else if cameFromAbove(d, k) {
                    x = previous(d - 1, k + 1)
                } else {
                    x = previous(d - 1, k - 1)
                    if x != Int.min { x += 1 }
                }
                guard x != Int.min else { continue }
                var y = x - k
                guard x <= n, y <= m, y >= 0 else { continue }
                let start = x
                while x < n, y < m, a[i0 + x] == b[j0 + y] {
                    x += 1
                    y += 1
                }
                row[k + d] = x
                if x - start >= syncLength || (x == n && y == m) {
                    frontier.append(row)
                    emitPath(d: d, k: k, frontier: frontier, cameFromAbove: cameFromAbove, i0: i0, j0: j0, emit)
                    return (i0 + x, j0 + y)
                }
            }
            frontier.append(row)
        }
        return nil
    }

    private static func emitPath(
        d: Int, k: Int, frontier: [[Int]], cameFromAbove: (Int, Int) -> Bool, i0: Int, j0: Int, _ emit: (Op) -> Void
    ) {
        var ops: [Op] = []
        var d = d, k = k
        var x = frontier[d][k + d]
        while d > 0 {
            let above = cameFromAbove(d, k)
            let kPrevious = above ? k + 1 : k - 1
            let xPrevious = frontier[d - 1][kPrevious + d - 1]
            let yPrevious = xPrevious - kPrevious
            let xMid = above ? xPrevious : xPrevious + 1
            while x > xMid {
                x -= 1
                ops.append(.match(i0 + x, j0 + x - k))
            }
            ops.append(above ? .insert(j0 + yPrevious) : .delete(i0 + xPrevious))
            x = xPrevious
            k = kPrevious
            d -= 1
        }
        while x > 0 {
            x -= 1
            ops.append(.match(i0 + x, j0 + x))
        }
        for op in ops.reversed() { emit(op) }
    }
}
