import Foundation

/// A regular file cut at line ends into pieces of about the same size, for two threads to
/// share: one takes pieces from the front, the other from the back, until none is left. So the
/// two end within a piece of each other, however fast each one runs.
/// Unchecked `Sendable`: `front` and `back` are only read or written while `lock` is held.
final class FilePieces: @unchecked Sendable {
    /// Piece `k` is the bytes `ends[k]..<ends[k + 1]`.
    private let ends: [Int]
    private let lock = NSLock()
    private var front = 0
    private var back: Int

    init(path: String, size: Int, pieceSize: Int) throws {
        var ends = [0]
        while ends.last! < size {
            // A line longer than a piece makes a piece of its own.
            ends.append(try ByteInput.lineEnd(in: path, after: min(ends.last! + pieceSize, size) - 1))
        }
        self.ends = ends
        back = ends.count - 1
    }

    /// The first piece nobody has taken, or nil when all are taken.
    func takeFront() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard front < back else { return nil }
        front += 1
        return ends[front - 1]..<ends[front]
    }

    /// The last piece nobody has taken, or nil when all are taken.
    func takeBack() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard front < back else { return nil }
        back -= 1
        return ends[back]..<ends[back + 1]
    }
}
