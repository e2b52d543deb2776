import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A report's files, written into a temporary folder beside the target and moved into place
/// only when every one of them is written. A report that fails or is interrupted halfway
/// leaves the previous report whole and no temporary folder behind. Files already in the
/// target folder that the new report does not write are left alone.
package final class ReportFolder {
    private let target: String
    private let temporary: String
    private var slots: [Int?] = []
    private var names: [String] = []
    private var done = false

    package init(_ target: String) throws {
        let trimmed = target.count > 1 && target.hasSuffix("/") ? String(target.dropLast()) : target
        self.target = trimmed
        // The folder the target is in (none for a bare name; `NSString`'s
        // `deletingLastPathComponent` traps on a one-letter name on Linux).
        let parent = trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) } ?? ""
        if !parent.isEmpty {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        var info = stat()
        if stat(trimmed, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw OutputFile.RefusedError(description: "\(target): exists and is not a folder")
        }
        temporary = TemporaryFiles.name(beside: trimmed)
        slots.append(TemporaryFiles.remember(temporary))
        guard mkdir(temporary, 0o777) == 0 else {
            TemporaryFiles.forget(slots[0])
            throw OutputFile.failure(temporary, "cannot create a temporary folder")
        }
    }

    /// Writes one file: `body` gets the path to write it to.
    package func write(_ name: String, _ body: (String) throws -> Void) throws {
        let path = temporary + "/" + name
        try body(path)
        names.append(name)
        slots.append(TemporaryFiles.remember(path))
    }

    /// Moves the written files into the target folder (the whole folder at once when the
    /// target does not exist yet).
    package func commit() throws {
        done = true
        defer { forgetAll() }
        if rename(temporary, target) == 0 { return }
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for name in names {
            var existing = stat()
            if stat(target + "/" + name, &existing) == 0 { chmod(temporary + "/" + name, existing.st_mode & 0o7777) }
            guard rename(temporary + "/" + name, target + "/" + name) == 0 else {
                let error = OutputFile.failure(target + "/" + name, "")
                removeTemporary()
                throw error
            }
        }
        rmdir(temporary)
    }

    /// Removes the temporary folder and what is in it, unless `commit()` ran.
    package func discard() {
        guard !done else { return }
        done = true
        removeTemporary()
        forgetAll()
    }

    private func removeTemporary() {
        for name in names { unlink(temporary + "/" + name) }
        rmdir(temporary)
    }

    private func forgetAll() {
        for slot in slots.reversed() { TemporaryFiles.forget(slot) }
        slots = []
    }
}
