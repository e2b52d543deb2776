import Testing

@testable import Lifeline

/// A class name without its module, before and inside a generic's arguments.
@Suite struct ShortNameTests {
    @Test(arguments: [
        ("HomeViewController", "HomeViewController"),
        ("App.HomeViewController", "HomeViewController"),
        ("My.App.Home", "Home"),
        ("Home.", "Home."),
        (".Home", "Home"),
        ("", ""),
        ("App.ListViewController<App.Item>", "ListViewController<Item>"),
        ("ListViewController<Item>", "ListViewController<Item>"),
        (
            "UIHostingController<ModifiedContent<SwiftUI.AnyView, App.Root>>",
            "UIHostingController<ModifiedContent<AnyView, Root>>"
        ),
        ("App.Pair<App.A, B>", "Pair<A, B>"),
        ("App.Cell<Int>.Sub", "Cell<Int>.Sub"),
        ("App.Cell<App.Int>.Sub.Deep", "Cell<Int>.Sub.Deep"),
        ("App.Cell<.Int>", "Cell<Int>"),
        ("App.Pair<App.A, .B>", "Pair<A, B>"),
        ("Ünïcode.Café", "Café"),
    ])
    func dropsModules(name: String, short: String) {
        #expect(ObjectRef.shortName(of: name) == short)
    }
}
