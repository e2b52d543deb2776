@testable import LifelineRecorder

/// For each trace in Samples/, the calls a recorder would see in that scenario, made on fake
/// controllers in the trace's order. Arguments a hook always has (`animated`) are passed even
/// where the sample's log left them out; the comparison sets those aside.
enum SampleScripts {
    static let all: [String: @Sendable (Stage) -> Void] = [
        "addchild-order/trace-correct.log": addChildThenView,
        "addchild-order/trace-wrong.log": viewThenAddChild,
        "child-add-remove/trace.log": childAddRemove,
        "child-addsubview-first/trace.log": viewThenAddChild,
        "child-manual-appearance/trace.ndjson": childManualAppearance,
        "custom-tab-container/trace.log": customTabContainer,
        "interactive-pop-cancelled/trace.jsonl": interactivePopCancelled,
        "modal-fullscreen-vs-pagesheet/trace-fullscreen.json": modalFullScreen,
        "modal-fullscreen-vs-pagesheet/trace-pagesheet.json": modalPageSheet,
        "nav-push-pop/trace.log": navPushPop,
        "push-vs-modal/trace-modal.log": { s in
            appearanceSwitch(s, from: "ListViewController", to: "DetailViewController", didOrder: .newFirst)
        },
        "push-vs-modal/trace-push.log": { s in
            appearanceSwitch(s, from: "ListViewController", to: "DetailViewController", didOrder: .oldFirst)
        },
        "same-scenario-two-styles/trace-nslog.log": { s in
            tabSwitch(s, from: "HomeViewController", to: "ProfileViewController")
        },
        "same-scenario-two-styles/trace-print.log": { s in
            tabSwitch(s, from: "HomeViewController", to: "ProfileViewController")
        },
        "tab-order-compared/trace-1-old-tab-first.log": { s in
            appearances(s, old: "AViewController", new: "BViewController", newFirst: false)
        },
        "tab-order-compared/trace-2-new-tab-first.log": { s in appearances(s, old: "A", new: "B", newFirst: true) },
        "tab-programmatic-select/trace.log": tabProgrammaticSelect,
        "tab-retap/trace.log": tabRetap,
        "tab-switch/trace.log": { s in tabSwitch(s, from: "AViewController", to: "BViewController") },
        "tab-switch-navigation/trace.log": tabSwitchNavigation,
        "tab-switch-new-tab-first/trace.log": tabSwitchNewTabFirst,
        "transition-container/trace.log": transitionContainer,
    ]

    static func addChildThenView(_ s: Stage) {
        s.on("ContainerViewController", .viewDidLoad)
        s.on("ContainerViewController", .viewWillAppear(animated: false))
        s.on("TTViewController", .viewDidLoad)
        s.on("ContainerViewController", .addChild(s["TTViewController"]))
        s.on("TTViewController", .willMoveToParent(s["ContainerViewController"]))
        s.on("ContainerViewController", .addSubview(view: s["TTViewController"]))
        s.on("TTViewController", .viewWillAppear(animated: false))
        s.on("TTViewController", .didMoveToParent(s["ContainerViewController"]))
        s.on("ContainerViewController", .viewDidAppear(animated: false))
        s.on("TTViewController", .viewDidAppear(animated: false))
    }

    /// The child's view goes in before the child, and the child appears twice.
    static func viewThenAddChild(_ s: Stage) {
        s.on("ContainerViewController", .viewDidLoad)
        s.on("ContainerViewController", .viewWillAppear(animated: false))
        s.on("TTViewController", .viewDidLoad)
        s.on("ContainerViewController", .addSubview(view: s["TTViewController"]))
        s.on("TTViewController", .viewWillAppear(animated: false))
        s.on("ContainerViewController", .addChild(s["TTViewController"]))
        s.on("TTViewController", .willMoveToParent(s["ContainerViewController"]))
        s.on("TTViewController", .didMoveToParent(s["ContainerViewController"]))
        s.on("TTViewController", .viewDidAppear(animated: false))
        s.on("ContainerViewController", .viewDidAppear(animated: false))
        s.on("TTViewController", .viewDidAppear(animated: false))
    }

    static func childAddRemove(_ s: Stage) {
        s.on("ContainerViewController", .viewDidLoad)
        s.on("ContainerViewController", .addChild(s["TTViewController"]))
        s.on("TTViewController", .willMoveToParent(s["ContainerViewController"]))
        s.on("TTViewController", .viewDidLoad)
        s.on("ContainerViewController", .addSubview(view: s["TTViewController"]))
        s.on("TTViewController", .didMoveToParent(s["ContainerViewController"]))
        s.each(["ContainerViewController", "TTViewController"], .viewWillAppear(animated: true))
        s.each(["ContainerViewController", "TTViewController"], .viewDidAppear(animated: true))
        s.on("TTViewController", .willMoveToParent(nil))
        s.on("TTViewController", .viewWillDisappear(animated: false))
        s.on("TTViewController", .removeFromSuperview)
        s.on("TTViewController", .viewDidDisappear(animated: false))
        s.on("TTViewController", .removeFromParent)
        s.on("TTViewController", .didMoveToParent(nil))
    }

    static func childManualAppearance(_ s: Stage) {
        for appearing in [true, false] {
            let will: RecordedCall = appearing ? .viewWillAppear(animated: true) : .viewWillDisappear(animated: true)
            let did: RecordedCall = appearing ? .viewDidAppear(animated: true) : .viewDidDisappear(animated: true)
            s.on("ParentViewController", will)
            s.on("ChildViewController", .beginAppearanceTransition(isAppearing: appearing, animated: true))
            s.on("ChildViewController", will)
            s.on("ParentViewController", did)
            s.on("ChildViewController", .endAppearanceTransition)
            s.on("ChildViewController", did)
        }
    }

    static func customTabContainer(_ s: Stage) {
        let container = "ContainerTabViewController"
        s.on(container, .viewDidLoad)
        s.on("FirstVC", .willMoveToParent(s[container]))
        s.on(container, .addChild(s["FirstVC"]))
        s.on("FirstVC", .viewDidLoad)
        s.on(container, .addSubview(view: s["FirstVC"]))
        s.each([container, "FirstVC"], .viewWillAppear(animated: false))
        s.each([container, "FirstVC"], .viewDidAppear(animated: false))
        s.on(container, .custom("didSelectTab", [("value", .scalar(.int(1)))]))
        s.on("SecondVC", .beginAppearanceTransition(isAppearing: true, animated: true))
        s.on("SecondVC", .viewDidLoad)
        s.on("SecondVC", .viewWillAppear(animated: true))
        s.on("FirstVC", .beginAppearanceTransition(isAppearing: false, animated: true))
        s.on("FirstVC", .viewWillDisappear(animated: true))
        s.on(container, .addChild(s["SecondVC"]))
        s.on("SecondVC", .willMoveToParent(s[container]))
        s.on(container, .addSubview(view: s["SecondVC"]))
        s.on("SecondVC", .didMoveToParent(s[container]))
        s.on("FirstVC", .willMoveToParent(nil))
        s.on("FirstVC", .removeFromParent)
        s.on("FirstVC", .didMoveToParent(nil))
        s.on("FirstVC", .removeFromSuperview)
        s.on("FirstVC", .endAppearanceTransition)
        s.on("FirstVC", .viewDidDisappear(animated: true))
        s.on("SecondVC", .endAppearanceTransition)
        s.on("SecondVC", .viewDidAppear(animated: true))
        s.on(container, .custom("didSelectTab", [("value", .scalar(.int(1)))]))
    }

    static func interactivePopCancelled(_ s: Stage) {
        s.on("UINavigationController", .willShow(s["InboxViewController"], animated: true))
        s.on("MessageViewController", .viewWillDisappear(animated: true))
        s.on("InboxViewController", .viewWillAppear(animated: true))
        // The finger lifts early: the pop is cancelled and the message comes back.
        s.on("InboxViewController", .viewWillDisappear(animated: true))
        s.on("InboxViewController", .viewDidDisappear(animated: true))
        s.on("MessageViewController", .viewWillAppear(animated: true))
        s.on("MessageViewController", .viewDidAppear(animated: true))
    }

    static func modalFullScreen(_ s: Stage) {
        s.on("ListViewController", .present(s["DetailViewController"], animated: true))
        s.on("DetailViewController", .viewDidLoad)
        s.on("ListViewController", .viewWillDisappear(animated: true))
        s.on("DetailViewController", .viewWillAppear(animated: true))
        s.on("DetailViewController", .viewDidAppear(animated: true))
        s.on("ListViewController", .viewDidDisappear(animated: true))
        s.on("DetailViewController", .dismiss(animated: true, presented: nil))
        s.on("DetailViewController", .viewWillDisappear(animated: true))
        s.on("ListViewController", .viewWillAppear(animated: true))
        s.on("ListViewController", .viewDidAppear(animated: true))
        s.on("DetailViewController", .viewDidDisappear(animated: true))
        s.release("DetailViewController")
    }

    /// A page sheet leaves the presenter on screen: it gets no appearance calls.
    static func modalPageSheet(_ s: Stage) {
        s.on("ListViewController", .present(s["DetailViewController"], animated: true))
        s.on("DetailViewController", .viewDidLoad)
        s.on("DetailViewController", .viewWillAppear(animated: true))
        s.on("DetailViewController", .viewDidAppear(animated: true))
        s.on("DetailViewController", .dismiss(animated: true, presented: nil))
        s.on("DetailViewController", .viewWillDisappear(animated: true))
        s.on("DetailViewController", .viewDidDisappear(animated: true))
        s.release("DetailViewController")
    }

    static func navPushPop(_ s: Stage) {
        s.on("UINavigationController", .willShow(s["B"], animated: true))
        s.on("B", .viewDidLoad)
        appearances(s, old: "A", new: "B", newFirst: false)
        s.on("UINavigationController", .willShow(s["A"], animated: true))
        s.on("B", .viewWillDisappear(animated: true))
        s.on("A", .viewWillAppear(animated: true))
        s.on("B", .viewDidDisappear(animated: true))
        s.on("A", .viewDidAppear(animated: true))
        s.release("B")
    }

    enum DidOrder { case oldFirst, newFirst }

    /// The new controller loads, then takes the old one's place.
    static func appearanceSwitch(_ s: Stage, from old: String, to new: String, didOrder: DidOrder) {
        s.on(new, .viewDidLoad)
        s.on(old, .viewWillDisappear(animated: true))
        s.on(new, .viewWillAppear(animated: true))
        if didOrder == .oldFirst { s.on(old, .viewDidDisappear(animated: true)) }
        s.on(new, .viewDidAppear(animated: true))
        if didOrder == .newFirst { s.on(old, .viewDidDisappear(animated: true)) }
    }

    /// The four appearance calls of a switch from `old` to `new`.
    static func appearances(_ s: Stage, old: String, new: String, newFirst: Bool) {
        if newFirst {
            s.on(new, .viewWillAppear(animated: false))
            s.on(old, .viewWillDisappear(animated: false))
            s.on(old, .viewDidDisappear(animated: false))
        } else {
            s.on(old, .viewWillDisappear(animated: false))
            s.on(new, .viewWillAppear(animated: false))
            s.on(old, .viewDidDisappear(animated: false))
        }
        s.on(new, .viewDidAppear(animated: false))
    }

    /// A tap on a tab, seen through the tab bar delegate.
    static func tabSwitch(_ s: Stage, from old: String, to new: String, tabs: String = "UITabBarController") {
        s.on(tabs, .shouldSelect(s[new], selected: s[old]))
        appearances(s, old: old, new: new, newFirst: false)
        s.on(tabs, .didSelect(s[new]))
    }

    static func tabProgrammaticSelect(_ s: Stage) {
        s.on("MainTabBarController", .setSelectedIndex(1, controller: s["ProfileViewController"]))
        appearances(s, old: "HomeViewController", new: "ProfileViewController", newFirst: false)
    }

    /// A second tap on the tab already selected: the delegate is asked, nothing appears.
    static func tabRetap(_ s: Stage) {
        tabSwitch(s, from: "AViewController", to: "BViewController")
        s.on("UITabBarController", .shouldSelect(s["BViewController"], selected: s["BViewController"]))
    }

    static func tabSwitchNavigation(_ s: Stage) {
        s.on("HomeViewController", .didMoveToParent(s["UINavigationController#1"]))
        s.on("ProfileViewController", .didMoveToParent(s["UINavigationController#2"]))
        s.on("HomeViewController", .viewDidLoad)
        s.on("HomeViewController", .viewWillAppear(animated: false))
        s.on("HomeViewController", .viewDidAppear(animated: false))
        s.on(
            "UITabBarController", .shouldSelect(s["UINavigationController#2"], selected: s["UINavigationController#1"]))
        s.on("ProfileViewController", .viewDidLoad)
        appearances(s, old: "HomeViewController", new: "ProfileViewController", newFirst: false)
        s.on("UITabBarController", .didSelect(s["UINavigationController#2"]))
    }

    static func tabSwitchNewTabFirst(_ s: Stage) {
        appearances(s, old: "A", new: "B", newFirst: true)
        appearances(s, old: "B", new: "A", newFirst: true)
    }

    static func transitionContainer(_ s: Stage) {
        s.on("container", .viewDidLoad)
        s.on("container", .addChild(s["vc1"]))
        s.on("vc1", .willMoveToParent(s["container"]))
        s.on("vc1", .viewDidLoad)
        s.on("container", .addSubview(view: s["vc1"]))
        s.on("vc1", .didMoveToParent(s["container"]))
        s.each(["container", "vc1"], .viewWillAppear(animated: false))
        s.each(["container", "vc1"], .viewDidAppear(animated: false))
        s.on("vc1", .willMoveToParent(nil))
        s.on("container", .addChild(s["vc2"]))
        s.on("vc2", .willMoveToParent(s["container"]))
        s.on("container", .transition(from: s["vc1"], to: s["vc2"]))
        s.on("vc2", .viewDidLoad)
        appearances(s, old: "vc1", new: "vc2", newFirst: false)
        s.on("vc2", .didMoveToParent(s["container"]))
        s.on("vc1", .removeFromParent)
        s.on("vc1", .didMoveToParent(nil))
    }
}
