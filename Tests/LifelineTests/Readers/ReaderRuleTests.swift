import Testing

@testable import Lifeline

/// One example of each reading rule docs/Reading.md documents (see "How a line is read").
@Suite struct ReaderRuleTests {
    struct Case: CustomStringConvertible, Sendable {
        var line: String
        var calls: [String]  // "Object event", object `?` when none
        var description: String { line }
    }

    static let cases: [Case] = [
        // Object evidence, strongest first.
        Case(
            line: "-[MYBaseViewController viewWillAppear:] <Notes.EditorViewController: 0x7fe3a1c0>",
            calls: ["EditorViewController viewWillAppear"]),
        Case(
            line: "viewDidAppear(_:) <Mail.ComposeViewController: 0x7fe3a1c1>",
            calls: ["ComposeViewController viewDidAppear"]),
        Case(
            line: "[InboxViewController 0x7f8e0c40a2b0] viewDidAppear: animated=1",
            calls: ["InboxViewController viewDidAppear"]),
        Case(line: "[UI] Orders.viewDidAppear(_:)", calls: ["Orders viewDidAppear"]),
        Case(line: "Settings - ViewWillAppear", calls: ["Settings viewWillAppear"]),
        Case(line: "===== [ProfileVC : viewDidAppear] =====", calls: ["ProfileVC viewDidAppear"]),
        Case(line: "Menu(viewDidAppear)", calls: ["Menu viewDidAppear"]),
        // `_` is a signature's unnamed argument, never an object.
        Case(line: "tabBar(_:didSelect:) item: Profile", calls: ["UITabBarController didSelect"]),
        Case(line: "(Menu)viewDidAppear", calls: ["Menu viewDidAppear"]),
        Case(line: "deinit Checkout.CartViewController", calls: ["CartViewController deinit"]),
        Case(
            line: "viewDidAppear 5F1A9C3E-0D3B-4C5E-9B1A-2C3D4E5F6A7B",
            calls: ["5F1A9C3E-0D3B-4C5E-9B1A-2C3D4E5F6A7B viewDidAppear"]),
        Case(line: "控制器：HomeVC 方法：viewDidLoad", calls: ["HomeVC viewDidLoad"]),
        Case(line: "[Feed.swift:88] viewDidAppear(_:)", calls: ["Feed viewDidAppear"]),
        // After a function and a colon, one name alone is the object (`print("\(#function):
        // \(type(of: self))")`); a logger's message (XCGLogger's default) names none.
        Case(line: "viewWillAppear(_:): MyApp.DetailViewController", calls: ["DetailViewController viewWillAppear"]),
        Case(
            line: "2014-06-09 06:44:43.600 [Debug] [FeedViewController.swift:40] viewDidLoad(): Simple message",
            calls: ["FeedViewController viewDidLoad"]),
        Case(
            line: "OneViewController --> -[MainViewController viewDidAppear:]",
            calls: ["OneViewController viewDidAppear"]),
        Case(line: "Table view controller viewDidLoad called", calls: ["TableViewController viewDidLoad"]),
        Case(line: "1번째 viewDidLoad 호출", calls: ["1번째 viewDidLoad"]),
        Case(line: "2番目 viewWillAppear", calls: ["2番目 viewWillAppear"]),
        Case(line: "第一个VC viewDidLoad", calls: ["第一个VC viewDidLoad"]),
        Case(line: "画面A viewWillAppear", calls: ["画面A viewWillAppear"]),
        Case(line: "Main: loadView", calls: ["Main loadView"]),
        Case(line: "[Main] viewWillAppear", calls: ["Main viewWillAppear"]),
        Case(line: "[main] viewWillAppear", calls: ["? viewWillAppear"]),
        Case(line: "initWithNibName", calls: ["? init"]),
        Case(line: "viewDidLoad()", calls: ["? viewDidLoad"]),
        // Line furniture.
        Case(line: "INFO: Home viewWillAppear", calls: ["Home viewWillAppear"]),
        Case(line: "🟢 INFO Home viewDidAppear", calls: ["Home viewDidAppear"]),
        Case(
            line: "12:04:33.120 💚 DEBUG HomeViewController.viewDidLoad():23 - viewDidLoad called",
            calls: ["HomeViewController viewDidLoad"]
        ),
        Case(
            line:
                "2024-05-01 10:00:00.123456+0200 0x2f1a     Default     0x0                  812    0    Notes: (UIKit) [com.app:ui] Home viewDidAppear",
            calls: ["Home viewDidAppear"]),
        Case(
            line: "2024-05-01 10:00:00.123 Df Notes[812:2f1a] [com.app:ui] Home viewWillDisappear",
            calls: ["Home viewWillDisappear"]),
        Case(line: "① Home viewDidAppear", calls: ["Home viewDidAppear"]),
        Case(line: "(3) Home viewWillDisappear", calls: ["Home viewWillDisappear"]),
        Case(line: "// VC-1 viewDidLoad 호출", calls: ["VC-1 viewDidLoad"]),
        // Events in every spelling.
        Case(line: "Home view will appear", calls: ["Home viewWillAppear"]),
        Case(line: "Home didAppear", calls: ["Home viewDidAppear"]),
        Case(line: "Home ViewDidAppear :", calls: ["Home viewDidAppear"]),
        Case(line: "Home DeInit", calls: ["Home deinit"]),
        Case(line: "Configurator de-init", calls: ["Configurator deinit"]),
        Case(line: "Home viewWillDissapear", calls: ["Home viewWillDisappear"]),
        Case(line: "Presenter init(presenter:)", calls: ["Presenter init"]),
        Case(line: "Child: willMove(toParent: Home)", calls: ["Child willMoveToParent"]),
        Case(
            line: "<App.Child: 0x7f0030> didMove(toParent: Optional(<App.Home: 0x7f0010>))",
            calls: ["Child didMoveToParent"]),
        // Several calls on a line; one call named twice.
        Case(
            line: "(Home)viewWillDisappear -> (Detail)viewDidLoad",
            calls: ["Home viewWillDisappear", "Detail viewDidLoad"]),
        Case(
            line: "[HomeViewController.swift:25] viewDidLoad() > view did load",
            calls: ["HomeViewController viewDidLoad"]),
        // Not calls.
        Case(line: "override func viewDidLoad() {", calls: []),
        Case(line: "super.viewWillAppear(animated)", calls: []),
        Case(line: "- (void)viewWillAppear:(BOOL)animated", calls: []),
        Case(line: "[super viewDidLoad];", calls: []),
        Case(line: "- viewDidLoad is where you configure the views you loaded from the storyboard.", calls: []),
        Case(line: "在viewController的view bounds发生变化时,view会调整subviews的位置,调整完成后会调用viewDidLayoutSubviews", calls: []),
        Case(line: "HomeVC的viewDidLoad,加载完毕", calls: ["HomeVC viewDidLoad"]),
        Case(line: "viewDidLayoutSubviews :", calls: []),
        Case(line: "1번째 viewDidLoad는 호출되지않고 (이미 로드된 후 이기때문에)", calls: []),
        Case(line: "Home viewDidLoad not called", calls: []),
        Case(line: "viewDidLoadは呼ばれない", calls: []),
        Case(
            line: "-[TestVC viewWillDisappear:]  // push到下一个界面，但不会调用dealloc",
            calls: ["TestVC viewWillDisappear"]),
        Case(line: "viewWillAppear:", calls: ["? viewWillAppear"]),
        Case(line: "3   UIKitCore   0x00000001a2b3c4d5 -[UIViewController viewWillAppear:] + 40", calls: []),
        Case(line: "--------PUSH--------", calls: []),
        // Words alone in a banner are its heading; a banner that names a controller is a call.
        Case(line: "--------REMOVE CHILD--------", calls: []),
        Case(line: "===== VIEW DID LOAD =====", calls: []),
        Case(line: "---- ProfileVC view did load ----", calls: ["ProfileVC viewDidLoad"]),
        Case(line: "===== PUSH =====", calls: []),
        Case(line: "--- HomeVC: present DetailVC", calls: ["HomeVC present"]),
        Case(line: "Push:", calls: []),
        Case(line: "-[ThirdView initWithCoder:]", calls: []),
        // A variable named with a controller's suffix, before a word such as `invoke`.
        Case(line: "mainViewCtrl invoke viewDidLoad", calls: ["mainViewCtrl viewDidLoad"]),
        // A title and its number are one name.
        Case(line: "Tab 1 viewWillAppear", calls: ["Tab 1 viewWillAppear"]),
        Case(line: "Demo 2 viewDidAppear(_:)", calls: ["Demo 2 viewDidAppear"]),
        // Comments after a call: in brackets with Chinese words, restating the event, or a
        // sentence after other words.
        Case(
            line: "mainViewCtrl invoke viewWillDisappear [然后oldController调用viewWillDisappear]",
            calls: ["mainViewCtrl viewWillDisappear"]),
        Case(
            line: "Child1ViewController invoke viewDidAppear [newController viewDidAppear]",
            calls: ["Child1ViewController viewDidAppear"]),
        Case(
            line: "<Sub: 0x7fd5a0405170> viewDidAppear: (IMP = ParentViewController viewDidAppear)",
            calls: ["Sub viewDidAppear"]),
        Case(line: "Child1ViewController dismiss end [关键时刻，它是在 oldController viewDidDisappear后被触发的]", calls: []),
        Case(line: "Home(viewDidAppear) Detail(viewDidAppear)", calls: ["Home viewDidAppear", "Detail viewDidAppear"]),
        Case(line: "[A] viewDidAppear [B] viewDidAppear", calls: ["A viewDidAppear", "B viewDidAppear"]),
        // Xcode's first controller in a tag; a tag that tells two controllers of a class apart.
        Case(line: "* [ViewController] viewDidLoad", calls: ["ViewController viewDidLoad"]),
        Case(line: "[Lifecycle] viewDidLoad", calls: ["? viewDidLoad"]),
        Case(line: "1st ViewController viewDidLoad", calls: ["1st ViewController viewDidLoad"]),
        // A generic controller word after an ordinal, in any case, and an initializer's modifier.
        Case(line: "2nd Viewcontroller viewDidAppear", calls: ["2nd Viewcontroller viewDidAppear"]),
        Case(line: "1st ViewController required init", calls: ["1st ViewController init"]),
        Case(line: "ViewController required Init", calls: ["ViewController init"]),
        Case(line: "required init", calls: ["? init"]),
        Case(line: "Home - required init(coder:)", calls: ["Home init"]),
        Case(line: "B ViewController viewWillAppear(_:)", calls: ["B ViewController viewWillAppear"]),
        Case(line: "2 ViewController viewDidLoad", calls: ["2 ViewController viewDidLoad"]),
        Case(line: "01 HomeViewController viewWillAppear", calls: ["HomeViewController viewWillAppear"]),
        // Containment and layout in words.
        Case(
            line: "<Child: 0x8994fc0> willMove to <ViewController: 0x898d6f0>", calls: ["Child willMoveToParent"]),
        Case(line: "<Child: 0x8994fc0> didMove to (null)", calls: ["Child didMoveToParent"]),
        Case(line: "<Child: 0x8994fc0> will layout", calls: ["Child viewWillLayoutSubviews"]),
        // The first word alone after a controller's description; a view's move is another call.
        Case(line: " <FirstViewController: 0x71c2140> willMove", calls: ["FirstViewController willMoveToParent"]),
        Case(line: "<SecondViewController: 0x71c24d0> didMove", calls: ["SecondViewController didMoveToParent"]),
        Case(line: "<UIView: 0x7fa1c0d0> willMove", calls: []),
        Case(line: "<FirstViewController: 0x71c2140> willMove now", calls: []),
        // A description given as a labelled value is that value; `self:` is the receiver.
        Case(
            line: "NaviController loadView()  view = Optional(<UILayoutContainerView: 0x7ff793804ee0>)",
            calls: ["NaviController loadView"]),
        Case(line: "Home viewDidLoad self: <App.HomeVC: 0x7fe3a1c0>", calls: ["HomeVC viewDidLoad"]),
        // A word's labelled description is its value even when nothing names the receiver.
        Case(
            line:
                "viewDidAppear: window: <UIWindow: 0x8f40320; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x8f34780>>",
            calls: ["? viewDidAppear"]),
        Case(line: "viewWillAppear parent = <App.Container: 0x7fe3a1c0>", calls: ["? viewWillAppear"]),
        Case(line: "viewDidLoad self: <App.HomeVC: 0x7fe3a1c0>", calls: ["HomeVC viewDidLoad"]),
        Case(
            line: "viewWillDisappear <SettingsViewController: 0x7fd1e6042310>",
            calls: ["SettingsViewController viewWillDisappear"]),
        // A possessive is a sentence's.
        Case(
            line: "// This time, VCParentViewController's `viewDidAppear` called earlier than VCChildViewController's",
            calls: []),
        // A screen's number glued to the method names the screen; a misspelling stays one.
        Case(line: "viewDidLoad1", calls: ["1 viewDidLoad"]),
        Case(line: "viewWillDisappear2", calls: ["2 viewWillDisappear"]),
        Case(line: "Home viewDidLoad2", calls: ["Home viewDidLoad"]),
        Case(line: "viewWillDissapear", calls: ["? viewWillDisappear"]),
        // A screen named in words in brackets, its last word naming a screen.
        Case(line: "🎮 [Overview VC] viewDidLoad", calls: ["Overview VC viewDidLoad"]),
        Case(line: "[Home Screen] viewWillAppear", calls: ["Home Screen viewWillAppear"]),
        Case(line: "[첫 번째 뷰] viewDidLoad", calls: ["첫 번째 뷰 viewDidLoad"]),
        Case(line: "[View Controller] viewDidLoad", calls: ["? viewDidLoad"]),
        Case(line: "[Page switch] viewDidLoad", calls: ["? viewDidLoad"]),
        Case(line: "[Home Screen]: viewWillAppear", calls: ["Home Screen viewWillAppear"]),
        Case(line: "【首页】viewDidLoad", calls: ["首页 viewDidLoad"]),
        Case(line: "「ホーム画面」viewDidAppear", calls: ["ホーム画面 viewDidAppear"]),
        Case(line: "【生命周期】viewDidLoad", calls: ["? viewDidLoad"]),
        // The same words opening the message without brackets; an article opens a sentence, and
        // a word before a class is no part of its name.
        Case(line: "Third VC: viewWillDisappear(_:), 19:20:52 ns 752712965", calls: ["Third VC viewWillDisappear"]),
        Case(line: "Home Screen: viewDidLoad", calls: ["Home Screen viewDidLoad"]),
        Case(line: "Detail VC - viewWillAppear", calls: ["Detail VC viewWillAppear"]),
        Case(line: "Login Page viewDidAppear", calls: ["Login Page viewDidAppear"]),
        Case(line: "Then Home VC viewWillAppear", calls: ["Home VC viewWillAppear"]),
        Case(line: "Warning Home Screen viewDidLoad", calls: ["Home Screen viewDidLoad"]),
        Case(
            line: "Home VC viewDidAppear gets called twice when I come back from the cart, which is weird.", calls: []),
        Case(line: "Root View Controller viewDidAppear", calls: ["RootViewController viewDidAppear"]),
        Case(line: "The Home Screen viewDidLoad", calls: ["Home Screen viewDidLoad"]),
        Case(line: "Demo HomeViewController viewDidLoad", calls: ["HomeViewController viewDidLoad"]),
        // A word of a script without spaces that names a screen, right before the event.
        Case(line: "首页 viewDidLoad", calls: ["首页 viewDidLoad"]),
        Case(line: "홈화면 viewWillAppear", calls: ["홈화면 viewWillAppear"]),
        Case(line: "然后 viewDidLoad", calls: ["? viewDidLoad"]),
        Case(line: "设置页面 viewDidLoad", calls: ["设置页面 viewDidLoad"]),
        // With its number glued to it: `画面1` ("screen 1"); a count is no screen.
        Case(line: "画面1 viewDidLoad 画面2 viewDidLoad", calls: ["画面1 viewDidLoad", "画面2 viewDidLoad"]),
        Case(line: "页面12 viewWillAppear", calls: ["页面12 viewWillAppear"]),
        Case(line: "第2次 viewDidAppear", calls: ["? viewDidAppear"]),
        Case(line: "加载视图 loadView", calls: ["? loadView"]),
        Case(line: "[window rootViewController] viewDidAppear", calls: ["? viewDidAppear"]),
        // `dealloc` and `deinit` in the past tense.
        Case(line: "HomeViewController deallocated", calls: ["HomeViewController deinit"]),
        Case(line: "HomeViewController deinitialized", calls: ["HomeViewController deinit"]),
        // Any run of `>` is an arrow; a duration's unit and a bare pointer name no object.
        Case(line: "HomeVC >>> viewDidLoad", calls: ["HomeVC viewDidLoad"]),
        Case(line: "HomeVC: >>> viewWillAppear", calls: ["HomeVC viewWillAppear"]),
        Case(line: "[+0.003s] viewDidLoad", calls: ["? viewDidLoad"]),
        Case(line: "12ms HomeVC viewDidLoad", calls: ["HomeVC viewDidLoad"]),
        Case(line: "HomeViewController@7fb1c2d04a80.viewDidLoad", calls: ["HomeViewController viewDidLoad"]),
        // A short role glued before a screen word, and `deinit` under way or in Chinese words.
        Case(line: "A页面 viewDidLoad", calls: ["A页面 viewDidLoad"]),
        Case(line: "Home控制器 - viewWillAppear", calls: ["Home控制器 viewWillAppear"]),
        Case(line: "HomeViewController is deallocating", calls: ["HomeViewController deinit"]),
        Case(line: "HomeViewController 释放了", calls: ["HomeViewController deinit"]),
        // An arrow after the line's last event, then one name, points at the object.
        // (The chain `(Home)viewWillDisappear -> (Detail)viewDidLoad` above keeps its two calls.)
        Case(line: "dealloc -> DetailViewController", calls: ["DetailViewController deinit"]),
        Case(line: "HomeViewController が解放された", calls: ["HomeViewController deinit"]),
        // A screen word or a generic controller name and a capital letter are one name.
        Case(line: "Screen A - viewDidLoad", calls: ["Screen A viewDidLoad"]),
        Case(line: "ViewController B viewWillAppear", calls: ["ViewController B viewWillAppear"]),
        Case(line: "Feed A viewDidLoad", calls: ["A viewDidLoad"]),
        // A weak word bound to a name by punctuation, with one controller's class after it.
        Case(line: "HomeViewController: present DetailViewController", calls: ["HomeViewController present"]),
        Case(line: "Home - push DetailVC", calls: ["Home push"]),
        Case(line: "ViewController push FirstViewController", calls: []),
        Case(line: "Home: present the detail screen", calls: []),
        // A weak word with a name before it and a word that marks the call's start or end after.
        Case(line: "Child1ViewController dismiss begin", calls: ["Child1ViewController dismiss"]),
        Case(line: "mainViewCtrl present end", calls: ["mainViewCtrl present"]),
        Case(line: "Home push start", calls: ["Home push"]),
        // A sentence that names methods as Markdown code is prose.
        Case(
            line: "After switching to B, the user taps B again: only `shouldSelect` fires, with `from` equal to `to`.",
            calls: []),
        Case(line: "The tab bar delegate logs `shouldSelect` and `didSelect` (NSLog, classic prefix);", calls: []),
        Case(line: "4. `ViewControllerA viewDidLoad`", calls: ["ViewControllerA viewDidLoad"]),
        // A block's name names the method it runs in, which was logged already.
        Case(line: "__40-[HomeViewController viewDidAppear:]_block_invoke", calls: []),
        Case(line: "222block __25-[ViewController2 close:]_block_invoke", calls: []),
        Case(line: "-[HomeViewController viewDidAppear:]_block_invoke_2", calls: []),
        Case(line: "Home push the detail", calls: []),
        Case(line: "Please present later", calls: []),
        // Words joined by hyphens with no space are one name.
        Case(line: "  Z-orphan viewWillAppear", calls: ["Z-orphan viewWillAppear"]),
        Case(line: "A-B-C viewDidLoad", calls: ["A-B-C viewDidLoad"]),
        Case(line: "Home - viewDidLoad", calls: ["Home viewDidLoad"]),
        Case(line: "home-screen: viewWillAppear", calls: ["home-screen viewWillAppear"]),
        Case(line: "[Z-orphan] viewDidAppear", calls: ["Z-orphan viewDidAppear"]),
        Case(line: "(login-form) viewDidLoad", calls: ["login-form viewDidLoad"]),
        // A word written with accents is prose, never a name, nor a bridge to one.
        Case(line: "Método viewDidLoad ejecutado", calls: ["? viewDidLoad"]),
        Case(line: "Se llamó viewDidLoad en HomeViewController", calls: ["? viewDidLoad"]),
        Case(line: "Função viewWillAppear chamada", calls: ["? viewWillAppear"]),
        // A lifecycle selector with its argument written in is a message send: code.
        Case(line: "[LoginVC viewWillAppear:YES]", calls: []),
        // A class before a method known only with its signature.
        Case(line: "Nav.pushViewController(_:animated:) DetailVC", calls: ["Nav push"]),
        Case(line: "Child.willMove(toParent:)", calls: ["Child willMoveToParent"]),
        Case(line: "Tabs.tabBarController(_:didSelect:)", calls: ["Tabs didSelect"]),
        Case(line: "ChildVC.willMove(toParent: ParentVC)", calls: ["ChildVC willMoveToParent"]),
        // Optional chaining is Swift source, never printed.
        Case(line: "    navigationController?.pushViewController(detailVC, animated: true)", calls: []),
        // A call given a variable is source code; values, labels and event names are not variables.
        Case(line: "present(vc, animated: true, completion: nil)", calls: []),
        Case(line: "child.didMove(toParent: self)", calls: []),
        Case(line: "view.addSubview(child.view)", calls: []),
        Case(line: "child.beginAppearanceTransition(true, animated: flag)", calls: []),
        Case(line: "Child.didMove(toParent: nil)", calls: ["Child didMoveToParent"]),
        Case(line: "Menu(viewDidAppear)", calls: ["Menu viewDidAppear"]),
        Case(
            line: ".../BlueViewController.swift 15 viewDidLoad() >> 다음(blue)뷰가 로드되고",
            calls: ["BlueViewController viewDidLoad"]),
        // A Swift class's runtime name, as `description` prints it, is read back as Swift writes
        // the type: each SwiftUI screen hosted in UIKit is its own specialization.
        Case(
            line:
                "-[UIViewController viewDidAppear:] <_TtGC7SwiftUI19UIHostingControllerV5MyApp8HomeView_: 0x7f8a1c00a200>",
            calls: ["UIHostingController<HomeView> viewDidAppear"]),
        Case(
            line: "<_TtGC7SwiftUIP10$1a281c62428DestinationHostingControllerVS_7AnyView_: 0x108dcf1f0> viewWillAppear:",
            calls: ["DestinationHostingController<AnyView> viewWillAppear"]),
        Case(
            line: "<_TtC5MyApp18HomeViewController: 0x7f8a1c00f000> viewDidAppear:",
            calls: ["HomeViewController viewDidAppear"]),
        // A generic type as `type(of: self)` prints it is one name, not its last argument.
        Case(line: "ListViewController<Item> viewDidLoad()", calls: ["ListViewController<Item> viewDidLoad"]),
        Case(
            line: "MyApp.ListViewController<MyApp.Item>.viewWillAppear(_:)",
            calls: ["ListViewController<Item> viewWillAppear"]),
        Case(
            line: "UIHostingController<ModifiedContent<AnyView, RootModifier>> viewDidAppear(_:)",
            calls: ["UIHostingController<ModifiedContent<AnyView, RootModifier>> viewDidAppear"]),
        Case(
            line: "[ListViewController<Item>] viewDidDisappear(_:)",
            calls: ["ListViewController<Item> viewDidDisappear"]),
        // `type(of:)` of an optional names the wrapped type.
        Case(line: "Optional<HomeViewController> viewWillAppear(_:)", calls: ["HomeViewController viewWillAppear"]),
        // The class in a method, as the runtime names a Swift class.
        Case(
            line: "-[_TtC5MyApp18HomeViewController viewDidDisappear:]", calls: ["HomeViewController viewDidDisappear"]),
        // Arguments as Swift never prints them are no generic clause.
        Case(line: "HomeViewController< Item> viewDidLoad", calls: ["Item viewDidLoad"]),
        // A thread printed beside the call (`NSLog(@"%s---%@", __func__, [NSThread
        // currentThread])`) names no object and is no argument.
        Case(
            line: "-[ViewController viewDidLoad]---<NSThread: 0x170271ec0>{number = 1, name = main}",
            calls: ["ViewController viewDidLoad"]),
        Case(
            line: "viewWillAppear(_:) <_NSMainThread: 0x600001700000>{number = 1, name = main}",
            calls: ["? viewWillAppear"]),
        // Only a thread's class with its details is one: the arguments after it stay, and an
        // unclosed `{number = …` swallows no later call.
        Case(
            line:
                "-[ViewController viewDidLoad]---<NSThread: 0x600001700000>{number = 1, name = main -[ViewController viewWillAppear:] {done}",
            calls: ["ViewController viewDidLoad", "ViewController viewWillAppear"]),
        Case(
            line: "<HomeViewController: 0x7fa1c0d0a000>{number = 1, name = main} viewDidLoad",
            calls: ["HomeViewController viewDidLoad"]),
        // A value the unified log withheld (`<private>`) names no object.
        Case(line: "<private> viewDidAppear", calls: ["? viewDidAppear"]),
        Case(line: "[lifecycle] <private> viewWillDisappear(_:)", calls: ["? viewWillDisappear"]),
        Case(
            line: "<NSThread: 0x600001700000>{number = 1, name = main} HomeVC viewDidAppear",
            calls: ["HomeVC viewDidAppear"]),
    ]

    @Test(arguments: cases) func readsLine(_ c: Case) throws {
        let trace = try? Fixture.trace(c.line + "\n")
        var got: [String] = []
        if let trace {
            for i in 0..<trace.events.count {
                let e = trace.events[i]
                guard CanonicalEvent(rawValue: e.event) != nil else { continue }
                let name = e.className ?? String(e.object.split(separator: "#").first ?? "?")
                got.append("\(name == "?" ? "?" : ObjectRef(name: name).shortName) \(e.event)")
            }
        }
        #expect(got == c.calls)
    }

    /// A custom call's method is an identifier: a sentence with full-width punctuation is none
    /// ("when A pushes B, the order of the methods is:").
    @Test(arguments: ["当从A push到B的时候，方法执行顺序是:", "输出dismiss begin，表示调用了Child1ViewController的doDismiss递归函数"])
    func aSentenceIsNoCustomCall(_ line: String) {
        let trace = try? Fixture.trace(line + "\n")
        #expect((trace?.events.count ?? 0) == 0)
    }

    /// Lines a logger stamped with a time and a process are records, even when they print
    /// values that read like code; the same values without the stamps are code.
    @Test func stampedRecordsOfValuesAreNotCode() throws {
        let events = ["initWithNibName", "viewDidLoad", "viewWillAppear:", "viewDidAppear:"]
        let stamped = events.enumerated().map { k, event in
            "2015-06-18 22:14:00.0\(k)6 App[10783:607] \(event)\n"
                + "2015-06-18 22:14:00.0\(k)7 App[10783:607] self.view.frame: {{0, 0}, {320, 480}}\n"
        }.joined()
        #expect(try Fixture.trace(stamped).events.count == 4)
        let unstamped = events.map { "\($0)\nself.view.frame: {{0, 0}, {320, 480}};\nself.title = @\"A\";\n" }.joined()
        #expect(throws: (any Error).self) { try Fixture.trace(unstamped) }
    }

    /// Arguments written with their labels name the method, and a value in parentheses is an
    /// argument, not a signature.
    @Test func labelledArgumentsKeepTheirRoles() throws {
        let trace = try Fixture.trace(
            "Child: willMove(toParent: Home)\nHome: addChild(Child)\nHome: viewWillAppear(true)\n")
        #expect(trace.events[0].args["parent"] == .string("Home#1"))
        #expect(trace.events[1].event == "addChild")
        #expect(trace.events[1].args["child"] == .string("Child#1"))
        #expect(trace.events[2].args["animated"] == .bool(true))
    }

    /// A parent's helper named for what it does to its child is that child's removal, and the
    /// hierarchy loses the edge.
    @Test(arguments: [
        "Home: add child Detail\nHome: remove child Detail\n",
        "Home addChild Detail\nHome.removeChild(_:) Detail\n",
        "<Home: 0x1> addChild <Detail: 0x2>\n[<Home: 0x1> removeChildViewController:<Detail: 0x2>]\n",
    ])
    func aParentRemovingAChildIsRemoveFromParent(_ log: String) throws {
        let trace = try Fixture.trace(log)
        #expect(trace.events.map(\.event) == ["addChild", "removeFromParent"])
        #expect(trace.events[1].args["child"] != nil)
        #expect(trace.events[1].args["child"] == trace.events[0].args["child"])
        let hierarchy = Hierarchy(trace)
        #expect(hierarchy.edges.count == 1)
        #expect(hierarchy.edges(at: trace.events.count).isEmpty)
    }

    @Test func consecutiveRecordsOfOneFunctionAreOneCall() throws {
        let log = """
            -[Feed viewDidLoad] [Line 21] retainCount=8
            -[Feed viewDidLoad] [Line 27] retainCount=10
            -[Feed viewDidLoad] [Line 21] retainCount=8

            """
        let trace = try Fixture.trace(log)
        #expect(trace.events.count == 2)
    }

    /// A line of the same object and event between a call's start and end is a record from
    /// inside it, also when the same message comes back in a later call.
    @Test func recordsInsideAnOpenCallAreThatCall() throws {
        let log = """
            NaviController loadView() Start
            NaviController loadView()  view = Optional(<UILayoutContainerView: 0x7ff793804ee0>)
            NaviController loadView() End
            NaviController loadView() Start
            NaviController loadView()  view = Optional(<UILayoutContainerView: 0x7ff793804ee0>)
            NaviController loadView() End
            NaviController viewDidLoad()
            NaviController viewDidLoad()

            """
        let trace = try Fixture.trace(log)
        let calls = trace.events.map { "\($0.object) \($0.event)" }
        #expect(
            calls == [
                "NaviController#1 loadView", "NaviController#1 loadView", "NaviController#1 viewDidLoad",
                "NaviController#1 viewDidLoad",
            ])
    }

    /// A start whose end never came does not swallow the same call logged much later.
    @Test func aStartLeftOpenDoesNotSwallowLaterCalls() throws {
        let filler = (0..<250).map { "Other\($0) viewDidLoad" }.joined(separator: "\n")
        let log = "Home viewDidLoad start\n" + filler + "\nHome viewDidLoad\n"
        let trace = try Fixture.trace(log)
        let homes = trace.events.filter { $0.object == "Home#1" }.map(\.event)
        #expect(homes == ["viewDidLoad", "viewDidLoad"])
    }

    /// A line that logs a call's end, after a line that logged its start, is that call.
    @Test func startAndEndLinesAreOneCall() throws {
        let log = """
            [ListViewController] loadView - before super
            [ListViewController] loadView - after super
            Home viewDidLoad start
            Child viewDidLoad
            Home viewDidLoad end
            Enter viewDidAppear
            Exit viewDidAppear
            Home viewWillAppear finished
            Home viewWillAppear finished

            """
        let trace = try Fixture.trace(log)
        let calls = trace.events.map { "\($0.object) \($0.event)" }
        // An end with no start open is a call of its own: an app may log only the end.
        #expect(
            calls == [
                "ListViewController#1 loadView", "Home#1 viewDidLoad", "Child#1 viewDidLoad", "? viewDidAppear",
                "Home#1 viewWillAppear", "Home#1 viewWillAppear",
            ])
        var explained: [String] = []
        try ReadingExplainer.explain(ByteInput(bytes: Array(log.utf8), name: "t.log")) { explained.append($0) }
        #expect(explained[1] == "t.log:2: the end of the call whose start line 1 logged, not a second call")
        #expect(explained[0].hasSuffix("logs the call's start]"))
    }

    /// A line that remarks on the load call a plain line just logged, for the same object, is a
    /// record printed from inside it; two plain lines, or two remarks, are two calls.
    @Test func remarksOnALoadCallJustLoggedAreThatCall() throws {
        let log = """
             viewDidLoad
             viewDidLoad reports (320.0, 568.0)
             viewDidLoad reports compact regular
             will appear (320.0, 568.0)
            ⏰ [Main] viewDidLoad called
            ⏰ [Main] viewDidLoad time: 2025-07-06 12:52:03 +0000
            Page viewDidLoad
            Page viewDidLoad
            Card viewDidLoad index: 0
            Card viewDidLoad index: 1
            Home viewDidLoad
            Home viewWillAppear
            Home viewDidLoad again

            """
        let trace = try Fixture.trace(log)
        let calls = trace.events.map { "\($0.object) \($0.event)" }
        #expect(
            calls == [
                "? viewDidLoad", "? viewWillAppear", "Main#1 viewDidLoad", "Page#1 viewDidLoad", "Page#1 viewDidLoad",
                "Card#1 viewDidLoad", "Card#1 viewDidLoad", "Home#1 viewDidLoad", "Home#1 viewWillAppear",
                "Home#2 viewDidLoad",
            ])
        var explained: [String] = []
        try ReadingExplainer.explain(ByteInput(bytes: Array(log.utf8), name: "t.log")) { explained.append($0) }
        #expect(explained[1] == "t.log:2: a record from inside the load call above, not a second call")
        #expect(explained[5] == "t.log:6: a record from inside the load call above, not a second call")
        #expect(!explained[12].contains("record"))
    }

    /// Words after an event that are not a phase leave it a plain call.
    @Test func otherWordsAfterAnEventAreNoPhase() {
        #expect(CallPhase.after(" - before super") == .start)
        #expect(CallPhase.after(": END") == .end)
        #expect(CallPhase.after(" 结束") == .end)
        #expect(CallPhase.after(" endless") == nil)
        #expect(CallPhase.after(" called") == nil)
        #expect(CallPhase.before("Exit") == .end)
    }

    @Test func explainsEachLine() throws {
        var lines: [String] = []
        try ReadingExplainer.explain(
            ByteInput(
                bytes: Array("Home viewWillDissapear\noverride func viewDidLoad() {\nhello\n".utf8), name: "x.log")
        ) { lines.append($0) }
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("x.log:1: Home viewWillDisappear") && lines[0].contains("corrected"))
        #expect(lines[1] == "x.log:2: skipped: source code, not a call")
        #expect(lines[2].hasPrefix("x.log:3: not read"))
    }

    /// An input judged source code as a whole gives no call unless read with `--from console`:
    /// the explanation says so before its lines.
    @Test func explainsThatSourceCodeGivesNoCall() throws {
        let post = """
            override func viewDidLoad() {
                super.viewDidLoad()
                print("Home viewDidLoad")
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                print("Home viewWillAppear")
            }
            Home viewDidLoad

            """
        var lines: [String] = []
        try ReadingExplainer.explain(ByteInput(bytes: Array(post.utf8), name: "p.md")) { lines.append($0) }
        #expect(lines[0].hasPrefix("p.md: as a whole, this looks like source code ("))
        #expect(lines[0].hasSuffix("unless --from console; each line below says how --from console reads it"))
        #expect(lines.last == "p.md:9: Home viewDidLoad  [event: method name; object: name bound to the event]")
        var forced: [String] = []
        try ReadingExplainer.explain(ByteInput(bytes: Array(post.utf8), name: "p.md"), forced: true) {
            forced.append($0)
        }
        #expect(forced.count == lines.count - 1)
    }

    /// Only an input read as a console log is judged: a JSON Lines trace gets no such line.
    @Test func explainsNoJudgementOfOtherFormats() throws {
        let trace = (1...12).map { #"{"seq":\#($0),"object":"A#1","event":"viewDidLoad","args":{"k":[1,2]}}"# }
        var lines: [String] = []
        let input = ByteInput(bytes: Array((trace.joined(separator: "\n") + "\n").utf8), name: "t.jsonl")
        try ReadingExplainer.explain(input) { lines.append($0) }
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.hasPrefix("t.jsonl:") })
    }

    @Test func anEmptyReadShowsTheLinesAndAPattern() throws {
        do {
            _ = try Fixture.trace("10:01:02 Screen Home appeared\nsomething else\n")
            Issue.record("expected no calls")
        } catch let error as TraceReadError {
            let text = error.description
            #expect(text.contains("test.log:1: 10:01:02 Screen Home appeared"))
            #expect(text.contains("(?<object>\\w+)\\s+(?<event>\\w+)$"))
            let pattern = try #require(PatternSuggestion.pattern(for: "10:01:02 Screen Home appeared"))
            let trace = try Fixture.trace("10:01:02 Screen Home appeared\n", options: ReadOptions(pattern: pattern))
            #expect(trace.events[0].object.hasPrefix("Home") && trace.events[0].event == "appeared")
        }
    }
}

@Suite struct LocalizedWordsTests {
    @Test func wordsAreReadInALogOfWordsAlone() throws {
        let trace = try Fixture.trace("视图将要显示\n视图已经显示\n")
        #expect((0..<trace.events.count).map { trace.events[$0].event } == ["viewWillAppear", "viewDidAppear"])
    }

    @Test func wordsOverMethodNamesAreHeadings() throws {
        let trace = try Fixture.trace("2. A将要消失\nA --- -[ViewController viewWillDisappear:]\n")
        #expect((0..<trace.events.count).map { trace.events[$0].event } == ["viewWillDisappear"])
    }

    @Test func aReleaseWordAfterAControllersClassIsItsDeinitInAnyLog() throws {
        let trace = try Fixture.trace(
            "第一个VC viewDidLoad\n2. A将要消失\nLFLifeCycleViewController被销毁了\nHome被释放了\n")
        let calls = (0..<trace.events.count).map { "\(trace.events[$0].object) \(trace.events[$0].event)" }
        #expect(calls == ["第一个VC#1 viewDidLoad", "LFLifeCycleViewController#1 deinit"])
    }
}

@Suite struct TransitionArgumentTests {
    @Test(arguments: [
        "C transition(from:to:duration:options:animations:completion:) <A: 0x1> <B: 0x2>",
        "-[C transitionFromViewController:toViewController:duration:options:animations:completion:] <A: 0x1> <B: 0x2>",
        "C transition from: A, to: B",
        "<C: 0x9> transition(from: Optional(<A: 0x1>), to: <B: 0x2>)",
        "-[C transitionFromViewController:<A: 0x1> toViewController:<B: 0x2> duration:0.3 options:0 animations:(null) completion:(null)]",
        "[<C: 0x9> transitionFromViewController:<A: 0x1> toViewController:<B: 0x2> duration:0.3 options:0 animations:<__NSMallocBlock__: 0x5> completion:(null)]",
    ])
    func keepsBothControllers(_ line: String) throws {
        let event = try Fixture.trace(line + "\n").events[0]
        #expect(event.event == "transition")
        #expect(event.args["from"] == .string("A#1") && event.args["to"] == .string("B#1"))
    }

    /// Objective-C sends logged with their arguments between the selector's pieces.
    @Test(arguments: [
        (
            "[<UINavigationController: 0x7b600000> pushViewController:<App.CViewController: 0x7b61b000> animated:YES]",
            "UINavigationController push", ["to": ArgValue.string("CViewController#1"), "animated": .bool(true)]
        ),
        (
            "presentViewController:<App.DViewController: 0x7b61c000> animated:NO completion:(null)",
            "? present", ["to": .string("DViewController#1"), "animated": .bool(false)]
        ),
    ])
    func readsInterleavedObjCSends(_ line: String, _ call: String, _ args: [String: ArgValue]) throws {
        let event = try #require(try Fixture.trace(line + "\n").events.first)
        #expect("\(event.object.split(separator: "#")[0]) \(event.event)" == call)
        #expect(event.args == args)
    }

    /// The appearance flag printed as a number is 0 or 1; any other number after the call is
    /// something else its logger printed, such as `#column`.
    @Test(arguments: [
        (
            "[InboxViewController 0x7f8e0c40a2b0] viewDidAppear: animated=1",
            [
                "animated": ArgValue.int(1)
            ]
        ),
        ("Feed viewWillAppear 0", ["animated": .int(0)]),
        ("FeedViewController.swift 20 viewWillAppear 40", [:]),
        ("/Users/me/App/FeedViewController.swift 24 viewDidAppear(_:) 40", [:]),
    ])
    func readsTheAppearanceFlag(_ line: String, _ args: [String: ArgValue]) throws {
        let event = try #require(try Fixture.trace(line + "\n").events.first)
        #expect(event.args == args)
    }

    /// Code sends, with variables or Xcode placeholders for the controllers, are not calls.
    @Test(arguments: [
        "[self.navigationController pushViewController:detailVC animated:YES]",
        "[self.navigationController pushViewController:<#(nonnull UIViewController *)#> animated:<#(BOOL)#>]",
        "[self presentViewController:<#(UIViewController *)#> animated:<#(BOOL)#> completion:<#^(void)completion#>]",
        "[nav pushViewController:vc animated:YES];",
    ])
    func codeSendsAreNotCalls(_ line: String) {
        #expect((try? Fixture.trace(line + "\n"))?.events.count ?? 0 == 0)
    }

    @Test func aFlagIsAnimatedNotAController() throws {
        let event = try Fixture.trace("Nav popViewController(animated:) true\n").events[0]
        #expect(event.event == "pop" && event.args == ["animated": .bool(true)])
    }
}

@Suite struct PropertySetTests {
    @Test func bothPropertiesOfOneSetAreKept() throws {
        let line =
            "MainTabBarController.selectedIndex = 1, selectedViewController = <TabApp.ProfileViewController: 0x600003a1c000>\n"
        let event = try Fixture.trace(line).events[0]
        #expect(event.event == "setSelected")
        #expect(event.args == ["index": .int(1), "selectedViewController": .string("ProfileViewController#1")])
    }

    /// Headings over a log's groups of calls that name their objects leave it a log; the same
    /// headings over bare method names make a document.
    @Test func headingsOverCallsThatNameObjectsLeaveALog() throws {
        let log = """
            # Load
            ViewController: loadView called
            ViewController: viewDidLoad called
            # Appear
            ViewController: viewWillAppear called
            # Layout
            ViewController: viewWillLayoutSubviews called
            # Draw
            ViewController: viewDidLayoutSubviews called

            """
        #expect(try Fixture.trace(log).events.count == 5)
        let notes = """
            # Load
            1. loadView
            2. viewDidLoad
            # Appear
            3. viewWillAppear
            # Layout
            4. viewWillLayoutSubviews
            # Draw
            5. viewDidLayoutSubviews

            """
        #expect((try? Fixture.trace(notes)) == nil)
    }

    /// A load call of an object logged by name alone, after it has been on screen, is a new
    /// controller of that name; loaded again before it was on screen, it stays the same one.
    @Test func aNamedControllerLoadedAgainAfterAppearingIsANewOne() throws {
        let log = """
            2nd viewDidLoad()
            2nd viewWillAppear()
            2nd viewDidAppear()
            2nd viewWillDisappear()
            2nd viewDidDisappear()
            2nd viewDidLoad()
            2nd viewWillAppear()
            2nd viewDidAppear()
            Home loadView
            Home viewDidLoad
            Home loadView
            Home viewDidLoad
            <Detail: 0x7b61a2d0> viewDidLoad
            <Detail: 0x7b61a2d0> viewWillAppear
            <Detail: 0x7b61a2d0> viewDidLoad

            """
        let trace = try Fixture.trace(log)
        let objects = (0..<trace.events.count).map { trace.events[$0].object }
        #expect(
            objects == [
                "2nd#1", "2nd#1", "2nd#1", "2nd#1", "2nd#1", "2nd#2", "2nd#2", "2nd#2", "Home#1", "Home#1", "Home#1",
                "Home#1", "Detail#1", "Detail#1", "Detail#1",
            ])
        // The second run's calls are not the first controller appearing while on screen.
        #expect(Linter().run(trace).isEmpty)
    }

    /// An app's own JSON records are read as the message their text values make, in order;
    /// a value that is a timestamp is the call's time.
    @Test func anAppsJSONRecordsAreReadByTheirValues() throws {
        let log = """
            {"time":"2024-05-01T10:00:00.120Z","screen":"Home","event":"viewDidLoad"}
            {"event":"viewWillAppear","screen":"Home","animated":true}
            {"level":"debug","message":"<App.Detail: 0x7fb1c2d04a80> viewDidAppear(_:)"}

            """
        let trace = try Fixture.trace(log)
        let calls = (0..<trace.events.count).map { "\(trace.events[$0].object) \(trace.events[$0].event)" }
        #expect(calls == ["Home#1 viewDidLoad", "Home#1 viewWillAppear", "Detail#1 viewDidAppear"])
        #expect(trace.events[0].time != nil)
    }

    @Test func anAuthorsNoteAfterACallIsNotProse() throws {
        let noted = try Fixture.trace(
            " viewDidLoad\n will appear (375.0, 667.0) // proving that will appear can be too early for layout\n")
        #expect(noted.events.count == 2)
        // A sentence with no note is still prose.
        let prose = try Fixture.trace(" viewDidLoad\n will appear is where you should start the animations\n")
        #expect(prose.events.count == 1)
    }

    @Test func aNoteAfterALeftArrowIsNotLookedAt() throws {
        // Set apart by a column of spaces, or glued to a note in another script; a left arrow
        // inside a line (`A ← B viewDidAppear`) is part of it.
        let trace = try Fixture.trace(
            "Ana · willMove(toParent: UINavigationController)   ← olurken (init sırasında)\nAna · loadView\n"
                + "Ana viewDidLoad ←ここ viewDidAppear\nA ← B viewDidAppear\n")
        let calls = (0..<trace.events.count).map { "\(trace.events[$0].object) \(trace.events[$0].event)" }
        #expect(calls == ["Ana#1 willMoveToParent", "Ana#1 loadView", "Ana#1 viewDidLoad", "B#1 viewDidAppear"])
    }

    @Test func aWeakWordAfterASpacedMarkIsTheNamesCall() throws {
        // A dash or a bar sets apart a heading or a table cell, not a name.
        let trace = try Fixture.trace(
            "Ana · init\nHome - init\nDetail • init\nPresent Modal now\nStep 2 - present\n| Home | init |\n")
        let calls = (0..<trace.events.count).map { "\(trace.events[$0].object) \(trace.events[$0].event)" }
        #expect(calls == ["Ana#1 init", "Detail#1 init"])
    }

    @Test func aMethodNamedAsNotCalledIsNoCall() throws {
        let trace = try Fixture.trace(
            """
            [漏 didMove] addChildViewController:
            [漏 didMove] 故意不调 didMoveToParentViewController:
            [漏 addChild] 只 addSubview，不 addChildViewController:
            => loadView 共 2 次，viewDidLoad 共 2 次
            C3 viewDidAppear
            Detail 没有泄漏 deinit
            """)
        let calls = (0..<trace.events.count).map { "\(trace.events[$0].object) \(trace.events[$0].event)" }
        // `泄漏` is "leak", not "left out".
        #expect(calls == ["? addChild", "? addSubview", "C3#1 viewDidAppear", "Detail#1 deinit"])
    }

    @Test func aViewToldInThePastTenseIsItsEvent() throws {
        let trace = try Fixture.trace(
            "[Navigation] View appeared: ItemListView\nSettings view disappeared\nview loaded\n"
                + "The view appeared blank after the rotation\nThe view appeared.\n")
        let calls = (0..<trace.events.count).map { "\(trace.events[$0].object) \(trace.events[$0].event)" }
        // Told with no object, it is a sentence.
        #expect(calls == ["ItemListView#1 viewDidAppear", "Settings#1 viewDidDisappear"])
    }

    @Test func anAppsOwnCallEndingInAWordNamesNoObject() throws {
        let trace = try Fixture.trace(
            "[Main] loadURL called\n[Main] loadURL Detail\nvc1 willMove(toParent:) container\n")
        try #require(trace.events.count == 3)
        #expect(trace.events[0].args == ["value": .string("called")])
        #expect(trace.events[1].args == ["value": .string("Detail#1")])
        #expect(trace.events[2].args == ["parent": .string("container#1")])
    }

    @Test func theEndOfALoadCallLoggedPlainlyIsThatCall() throws {
        let ended = try Fixture.trace(
            "[Main] viewDidLoad called\n[Main] loadURL called\n[Main] viewDidLoad completed\n[Main] viewWillAppear\n")
        #expect(ended.events.count == 3)
        // Only ends logged: a call each. A plain line of another instance ends nothing.
        #expect(try Fixture.trace("Home viewDidLoad completed\nHome viewDidLoad completed\n").events.count == 2)
        let two = try Fixture.trace("<A: 0x1> viewDidLoad\n<A: 0x2> viewDidLoad\n<A: 0x1> viewDidLoad finished\n")
        #expect(two.events.count == 2)
        // An end logged after the controller appeared (from a task the load started) ends that
        // load; it does not make the name a second controller.
        let late = try Fixture.trace(
            "Home viewDidLoad\nHome viewWillAppear\nHome viewDidLoad finished\nHome viewDidAppear\n")
        #expect((0..<late.events.count).map { late.events[$0].object } == ["Home#1", "Home#1", "Home#1"])
        // A message met again is added from the memo, and its load is noted there too.
        let again = try Fixture.trace(
            "[Main] viewDidLoad called\n[Main] viewDidLoad completed\n[Main] viewDidAppear\n[Main] viewDidDisappear\n"
                + "[Main] viewDidLoad called\n[Main] viewDidLoad completed\n")
        #expect((0..<again.events.count).map { again.events[$0].object } == ["Main#1", "Main#1", "Main#1", "Main#2"])
    }

    /// `enter` after the event marks a start, as `Enter` before it does.
    @Test func enterAndExitAfterTheEventAreOneCall() throws {
        let trace = try Fixture.trace("Home viewDidLoad - enter\nHome viewDidLoad - exit\n")
        #expect(trace.events.count == 1)
    }

    @Test func chineseEnterAndExitAfterTheEventAreOneCall() throws {
        let trace = try Fixture.trace(
            "DefaultVC loadView 进入\nDefaultVC loadView 退出，view=UIView\nDefaultVC viewDidLoad\n")
        #expect((0..<trace.events.count).map { trace.events[$0].event } == ["loadView", "viewDidLoad"])
    }
}

/// Sentences in scripts written with spaces between words count against a log, as English
/// ones do: a post that explains each method under a numbered heading is documentation.
@Suite struct SpacedSentenceTests {
    @Test func aKoreanPostThatExplainsEachMethodIsNotALog() {
        let text = """
            1. loadView
            viewController 의 View를 만드는 역할, 해당 프로퍼티가 nil 일 때 호출됨
            view를 로드하거나 생성, 해당 view를 viewController 의 view 프로퍼티에 저장
            2. viewDidLoad
            viewController 의 view가 메모리에 로드된 지후에 호출
            viewController 에서 사용할 객체들을 초기화할 때 적합
            3. viewWillAppear
            view가 화면에 나타나기 직전에 호출

            """
        #expect(LogJudgement.judge(ArraySlice(Array(text.utf8))).verdict == "documentation or prose")
    }

    @Test func aLogWhoseCallsNameTheirObjectsIsReadWhateverIsWrittenBetween() {
        let text = """
            앱을 처음 실행했을 때 호출되는 순서
            A viewDidLoad
            A viewWillAppear
            A viewDidAppear
            B 화면으로 이동하는 버튼을 눌렀을 때 호출되는 순서
            B viewDidLoad
            A viewWillDisappear
            B viewWillAppear
            이전 화면이 사라지고 나서 다음 화면이 나타남
            A viewDidDisappear
            B viewDidAppear
            뒤로 가기 버튼을 눌렀을 때 호출되는 순서

            """
        #expect(LogJudgement.judge(ArraySlice(Array(text.utf8))).verdict == nil)
    }

    @Test func theLinesAStampedRecordGoesOnOverAreTheLogs() {
        let text = """
            2016-03-06 16:12:29:263 App[1105:60b] Logging: HomeViewController viewDidLoad
            2016-03-06 16:12:31:438 App[1105:60b] Logging: HomeViewController viewDidAppear:
            2016-03-06 16:12:35:870 App[1105:60b] Error Domain=RestKit Code=-1016 "Expected {(
                "text/javascript",
                "application/json"
            )}, got text/plain" UserInfo=0x14d0c430 {headers {
                Connection = "keep-alive";
                "Content-Length" = 16;
            } }}
            2016-03-06 16:12:35:905 App[1105:60b] Logging: WizardViewController viewDidAppear:

            """
        let judgement = LogJudgement.judge(ArraySlice(Array(text.utf8)))
        #expect(judgement.verdict == nil)
        #expect(judgement.continuations == 6)
    }

    @Test func codeAfterAStampedRecordIsStillCode() {
        let text = """
            2016-03-06 16:12:29.263 App[1105:60b] viewDidLoad
            override func viewDidLoad() {
                super.viewDidLoad()
                print("viewDidLoad")
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
            }

            """
        #expect(LogJudgement.judge(ArraySlice(Array(text.utf8))).verdict == "source code")
    }

    @Test(arguments: [
        ("Когда: При создании экземпляра контроллера", true),
        ("view가 화면에 나타나기 직전에 호출", true),
        ("—— 进入 第二个 页面 ——", false),
        ("点击 Next 按钮 跳转到 第二个 页面", false),
        ("⚠️ ➡️ 주의 구간", false),
        ("Loading user data started", false),
    ])
    func tellsSentencesInSpacedScripts(_ line: String, _ isSentence: Bool) {
        let bytes = Array(line.utf8)
        #expect(
            bytes.withUnsafeBufferPointer { NonCallLines.isSpacedSentence($0, from: 0, to: bytes.count) } == isSentence)
    }
}

/// A warning quotes the start of a line it could not read, cut before a character, not inside
/// one.
@Suite struct WarningExcerptTests {
    @Test func aLongLineIsQuotedUpToAWholeCharacter() throws {
        let remark = "view의 bound는 정의됐지만, 오리엔테이션이 설정되진 않은 상태에서 호출된다"
        let trace = try Fixture.trace("Home viewDidLoad\n\(remark)\nHome viewWillAppear\n")
        let warning = try #require(trace.diagnostics.first { $0.rule == "unparsed-line" })
        #expect(!warning.message.contains("\u{FFFD}"))
        #expect(warning.message.contains("오리엔테이션이 설정되진 않은 상"))
    }
}
