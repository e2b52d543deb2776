import Foundation

/// A file the recorded lines are appended to, one per line, emptied when it is opened.
final class TraceFile {
    let url: URL
    private let handle: FileHandle

    /// Creates (or empties) the file at `url`; nil when it cannot be written.
    init?(url: URL) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else { return nil }
        self.url = url
        self.handle = handle
    }

    /// Appends the line and its newline; the app goes on when the disk is full.
    func write(_ line: String) {
        let data = Data((line + "\n").utf8)
        if #available(iOS 13.4, tvOS 13.4, macOS 10.15.4, *) {
            try? handle.write(contentsOf: data)
        } else {
            handle.write(data)
        }
    }

    deinit {
        if #available(iOS 13.0, tvOS 13.0, macOS 10.15, *) { try? handle.close() } else { handle.closeFile() }
    }
}
