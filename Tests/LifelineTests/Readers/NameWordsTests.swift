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

    /// Runtime names of Swift classes, several as UIKit's warnings print them, read back as Swift
    /// writes the types; names this reader does not know give nil.
    @Test(
        arguments: [
            ("_TtC5MyApp18HomeViewController", "HomeViewController"),
            ("_TtCV14__lldb_expr_9010SampleView11Coordinator", "SampleView.Coordinator"),
            ("_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_", "PresentationHostingController<AnyView>"),
            ("_TtGC7SwiftUI19UIHostingControllerVVS_7TabItem8RootView_", "UIHostingController<TabItem.RootView>"),
            (
                "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentV6Neebla8MainViewGVS_30_EnvironmentKeyWritingModifierGSqCS2_6AppEnv____",
                "UIHostingController<ModifiedContent<MainView, _EnvironmentKeyWritingModifier<Optional<AppEnv>>>>"
            ),
            (
                "_TtGC7SwiftUIP10$1a281c62428DestinationHostingControllerVS_7AnyView_",
                "DestinationHostingController<AnyView>"
            ),
            // One argument list per level of a nested name, outermost first; `s` is the standard library.
            ("_TtGCO5MyApp7Feature18ListViewController_VS_4Item_", "Feature.ListViewController<Item>"),
            ("_TtGCC5MyApp5Outer5InnerSi__", "Outer<Int>.Inner"),
            ("_TtGC5MyApp4ListGVs10DictionarySSSi__", "List<Dictionary<String, Int>>"),
            ("_TtGC7SwiftUI19UIHostingControllerVQ_", nil),
            ("_TtC5MyApp99Home", nil),
            ("_TtGC7SwiftUI19UIHostingController_", nil),
            ("HomeViewController", nil),
        ] as [(String, String?)])
    func runtimeNamesReadBack(_ name: String, _ expected: String?) {
        #expect(MangledName.demangled(name) == expected)
    }

    /// A name whose generic arguments are not read keeps its class.
    @Test func anUnreadRuntimeNameKeepsItsClass() {
        #expect(NameWords.demangled("_TtGC7SwiftUI19UIHostingControllerVQ_") == "UIHostingController")
        #expect(
            NameWords.demangled("_TtGC7SwiftUIP10$1a281c62428DestinationHostingControllerVQ_")
                == "DestinationHostingController")
        // Nested past any depth a screen's name has: left as printed, read without a crash.
        let deep = "_TtC" + String(repeating: "V", count: 900) + "5MyApp4Home"
        #expect(NameWords.demangled(deep) == deep)
    }

    @Test func modulesAreDroppedInsideGenericArguments() {
        #expect(ObjectRef(name: "App.ListViewController<App.Item>").shortName == "ListViewController<Item>")
        #expect(ObjectRef(name: "ListViewController<App.Item, Swift.Int>").shortName == "ListViewController<Item, Int>")
        #expect(ObjectRef(name: "App.HomeViewController").shortName == "HomeViewController")
        #expect(ObjectRef(name: "HomeViewController").shortName == "HomeViewController")
    }
}
