/// How wide a text is drawn in the sans-serif fonts the SVG pictures name (Helvetica, Arial and
/// their metric twins such as Liberation Sans), from the fonts' published character widths, so
/// a picture can plan room for its labels without a font at hand. Wide characters (CJK, emoji,
/// arrows) count as a full em; other characters outside ASCII as an average letter.
enum TextWidth {
    /// Widths of ASCII 32…126 in thousandths of an em.
    private static let ascii: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space … /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 … ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ … O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P … _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` … o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p … ~
    ]

    /// The width of `text` in pixels at `size` pixels, rounded up.
    static func pixels(_ text: String, size: Int = 12) -> Int {
        pixels(thousandths: thousandths(text.unicodeScalars), size: size)
    }

    /// A width in thousandths of an em, in pixels at `size` pixels, rounded up.
    static func pixels(thousandths: Int, size: Int) -> Int { (thousandths * size + 999) / 1000 }

    /// The width of `scalars` in thousandths of an em: a text's is the sum of its characters'.
    static func thousandths(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
        var thousandths = 0
        for scalar in scalars {
            let v = scalar.value
            if v >= 32, v < 127 {
                thousandths += Int(ascii[Int(v - 32)])
            } else if v >= 0x2000 {
                thousandths += 1000
            } else {
                thousandths += 556
            }
        }
        return thousandths
    }
}
