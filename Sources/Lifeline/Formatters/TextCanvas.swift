/// The characters of a text, one cell per character (grapheme) as a terminal chart lays them
/// out: a one-scalar character is its scalar's value; a character of several scalars is a
/// number from 0x110000 up that a `TextCanvas` names.
struct TextCells {
    private(set) var codes: [UInt32] = []
    /// Whether every cell is an ASCII character.
    private(set) var isASCII = true

    var count: Int { codes.count }

    mutating func removeAll() {
        codes.removeAll(keepingCapacity: true)
        isASCII = true
    }

    mutating func append(_ code: UInt32) {
        codes.append(code)
        if code >= 0x80 { isASCII = false }
    }

    mutating func append(_ other: TextCells) {
        codes += other.codes
        if !other.isASCII { isASCII = false }
    }

    /// An ASCII literal, a cell per byte.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { for byte in $0 { codes.append(UInt32(byte)) } }
    }

    /// A decimal number, left-padded with spaces to `width` cells.
    mutating func append(number: Int, padTo width: Int = 0) {
        let digits = String(number).utf8
        for _ in digits.count..<max(digits.count, width) { codes.append(0x20) }
        for digit in digits { codes.append(UInt32(digit)) }
    }

    /// At most `room` cells: a longer text keeps `room - 1` (at least one) and ends in `mark`.
    mutating func clip(_ room: Int, mark: UInt32) {
        guard count > room else { return }
        codes.removeSubrange(max(1, room - 1)...)
        append(mark)
    }
}

/// One row of a text chart at a time: a blank row (spaces, and a bar on each lifeline) that
/// texts are put on, written out as UTF-8 with its trailing spaces cut. Only the cells a row
/// changed are encoded; the rest is copied from the blank row's bytes. In ASCII mode, every
/// other scalar is written as `\u{…}`.
struct TextCanvas {
    private let width: Int
    private let ascii: Bool
    private var row: [UInt32]
    private let blank: [UInt32]
    /// The blank row's bytes, and where each cell's begin (one more for the end).
    private var blankBytes: [UInt8] = []
    private var offsets: [Int] = []
    /// How many cells the blank row has once its trailing spaces are cut.
    private let blankEnd: Int
    /// The cells changed since the last row was written: `changedFrom..<changedTo`.
    private var changedFrom = Int.max, changedTo = 0
    /// The characters of several scalars met so far, by their cell code.
    private var clusters: [String] = []
    private var clusterCodes: [String: UInt32] = [:]

    init(width: Int, bars: [Int], bar: UInt32, ascii: Bool) {
        self.width = width
        self.ascii = ascii
        var blank = [UInt32](repeating: 0x20, count: width)
        for column in bars { blank[column] = bar }
        self.blank = blank
        row = blank
        blankEnd = (blank.lastIndex { $0 != 0x20 } ?? -1) + 1
        for code in blank {
            offsets.append(blankBytes.count)
            encode(code, into: &blankBytes)
        }
        offsets.append(blankBytes.count)
    }

    /// The cells of `text`: a byte each when it is ASCII, otherwise a character each.
    mutating func cells(_ text: String) -> TextCells {
        var cells = TextCells()
        if !TextEscaper.nonASCII.any(in: text) {
            for byte in text.utf8 { cells.append(UInt32(byte)) }
            return cells
        }
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count == 1 {
                cells.append(scalars.first!.value)
            } else if let known = clusterCodes[String(character)] {
                cells.append(known)
            } else {
                let code = 0x11_0000 + UInt32(clusters.count)
                clusters.append(String(character))
                clusterCodes[String(character)] = code
                cells.append(code)
            }
        }
        return cells
    }

    /// Puts `cells` on the row from column `start`; what passes the row's end is dropped.
    mutating func put(_ cells: TextCells, at start: Int) {
        let end = min(width, start + cells.count)
        guard start < end else { return }
        for column in start..<end { row[column] = cells.codes[column - start] }
        mark(start..<end)
    }

    /// Sets every cell of the row to `code`.
    mutating func fill(_ code: UInt32) {
        for column in 0..<width { row[column] = code }
        mark(0..<width)
    }

    /// An arrow between two lifelines: dashes between them, and `head` next to the target.
    mutating func arrow(from: Int, to: Int, dash: UInt32, head: UInt32) {
        let span = (min(from, to) + 1)..<max(from, to)
        for column in span { row[column] = dash }
        row[to > from ? to - 1 : to + 1] = head
        mark(span)
    }

    private mutating func mark(_ columns: Range<Int>) {
        changedFrom = min(changedFrom, columns.lowerBound)
        changedTo = max(changedTo, columns.upperBound)
    }

    /// Writes the row and a newline to `out`, and starts a blank one.
    mutating func finish(into out: inout TextBuffer) {
        let lo = min(changedFrom, width), hi = max(changedTo, lo)
        var end = max(hi, blankEnd)
        while end > 0 && row[end - 1] == 0x20 { end -= 1 }
        let encoded = lo..<max(lo, min(hi, end))
        // Cells of one scalar each, in Unicode mode, or ASCII ones: at most 4 bytes a cell.
        let plain = !row[encoded].contains { $0 >= (ascii ? 0x80 : 0x11_0000) }
        out.write { bytes in
            blankBytes.withUnsafeBufferPointer { blank in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: blank[0..<offsets[min(lo, end)]]))
                if plain {
                    row.withUnsafeBufferPointer { cells in
                        ByteWriter.append(to: &bytes, room: 4 * encoded.count) { w in
                            for code in cells[encoded] { TextCanvas.putUTF8(code, &w) }
                        }
                    }
                } else {
                    for column in encoded { encode(row[column], into: &bytes) }
                }
                if hi < end {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: blank[offsets[hi]..<offsets[end]]))
                }
            }
            bytes.append(0x0A)
        }
        for column in lo..<hi { row[column] = blank[column] }
        (changedFrom, changedTo) = (Int.max, 0)
    }

    /// A scalar's UTF-8 bytes (a surrogate's stand in for U+FFFD, as a string would have it).
    @inline(__always) private static func putUTF8(_ code: UInt32, _ w: inout ByteWriter) {
        switch code {
        case ..<0x80:
            w.put(UInt8(code))
        case ..<0x800:
            w.put(UInt8(0xC0 | code >> 6))
            w.put(UInt8(0x80 | code & 0x3F))
        case 0xD800...0xDFFF:
            w.put("\u{FFFD}")
        case ..<0x1_0000:
            w.put(UInt8(0xE0 | code >> 12))
            w.put(UInt8(0x80 | code >> 6 & 0x3F))
            w.put(UInt8(0x80 | code & 0x3F))
        default:
            w.put(UInt8(0xF0 | code >> 18))
            w.put(UInt8(0x80 | code >> 12 & 0x3F))
            w.put(UInt8(0x80 | code >> 6 & 0x3F))
            w.put(UInt8(0x80 | code & 0x3F))
        }
    }

    private func encode(_ code: UInt32, into bytes: inout [UInt8]) {
        if code < 0x80 {
            bytes.append(UInt8(code))
        } else if code < 0x11_0000 {
            encode(Unicode.Scalar(code) ?? "\u{FFFD}", into: &bytes)
        } else {
            for scalar in clusters[Int(code - 0x11_0000)].unicodeScalars { encode(scalar, into: &bytes) }
        }
    }

    private func encode(_ scalar: Unicode.Scalar, into bytes: inout [UInt8]) {
        if scalar.isASCII {
            bytes.append(UInt8(scalar.value))
        } else if ascii {
            bytes.append(contentsOf: TextEscaper.asciiCode(scalar).utf8)
        } else {
            bytes.append(contentsOf: UTF8.encode(scalar)!)
        }
    }
}
