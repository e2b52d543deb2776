import Testing

@testable import Lifeline

/// The byte-level test for view classes against the plain String one.
struct NameWordsTests {
    static func reference(_ name: String) -> Bool {
        ["View", "Cell", "Label", "Button", "Layer", "Window"].contains { name.hasSuffix($0) } && name.count > 4
    }

    @Test func viewClassesAsTheStringTestReadsThem() {
        let names = [
            "View", "Cell", "Label", "Button", "Layer", "Window", "AView", "FeedCell", "HeaderView", "ThirdView",
            "HomeViewController", "Screen0ViewController", "Reviewer", "Viewer", "Labeller", "ListLayer", "MainWindow",
            "", "W", "Éview", "ÉView", "ÉÉView", "视图View", "ViewView", "CellX", "cell", "view", "TitleLabel",
        ]
        for name in names {
            #expect(NameWords.isViewClass(name) == Self.reference(name), "\(name)")
            #expect(NameWords.isViewClass(Substring("App." + name).dropFirst(4)) == Self.reference(name), "\(name)")
        }
    }
}
