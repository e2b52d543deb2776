#if canImport(UIKit) && !os(watchOS)
    import Foundation
    import ObjectiveC
    import UIKit
    import os

    extension LifelineRecorder {
        /// Starts recording: exchanges the implementations of the recorded UIKit methods, once.
        /// Call it on the main thread, early in launch; a second call does nothing (the first
        /// call's options stay).
        @MainActor public static func start(_ options: Options = Options()) {
            guard UIKitHooks.recorder == nil else { return }
            UIKitHooks.begin(options)
        }
    }

    /// The exchanged implementations. Only UIKit's own classes (and the classes of tab bar and
    /// navigation delegates) are changed, each method once: an app's overrides run as before
    /// and are recorded when they call `super`, at UIKit's implementation's entry. Blocks take
    /// `NSObject` and read UIKit state by key-value coding, so they run on whatever thread
    /// UIKit calls them on.
    enum UIKitHooks {
        static var recorder: Recorder? { Recorder.current }
        nonisolated(unsafe) static let watcherKey = UnsafeRawPointer(
            UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        private static let exchanged = OnceKeys()

        typealias Plain = @convention(c) (NSObject, Selector) -> Void
        typealias WithFlag = @convention(c) (NSObject, Selector, Bool) -> Void
        typealias WithObject = @convention(c) (NSObject, Selector, NSObject?) -> Void
        typealias Completion = @convention(block) () -> Void

        /// Replaces the implementation of `name` found on `owner` with the block `make` builds
        /// around the original one; false when there is no such method or it was done before.
        @discardableResult
        static func exchange<Original, Block>(
            _ owner: AnyClass, _ name: String, _ type: Original.Type, _ make: (Original, Selector) -> Block
        ) -> Bool {
            let selector = NSSelectorFromString(name)
            guard let method = class_getInstanceMethod(owner, selector) else { return false }
            guard exchanged.first(UInt(bitPattern: method)) else { return false }
            let original = unsafeBitCast(method_getImplementation(method), to: Original.self)
            // A block is one object pointer.
            method_setImplementation(
                method, imp_implementationWithBlock(unsafeBitCast(make(original, selector), to: AnyObject.self)))
            return true
        }

        /// Makes the recorder and exchanges the methods. (Not on the main actor, so that no
        /// closure made here assumes it runs there.)
        static func begin(_ options: LifelineRecorder.Options) {
            let log = OSLog(subsystem: "lifeline", category: "trace")
            let output = RecorderOutput(options: options, temporaryDirectory: FileManager.default.temporaryDirectory) {
                line in
                os_log("%{public}@", log: log, type: .default, line as NSString)
            }
            LifelineRecorder.fileURL = output.file?.url
            Recorder.current = Recorder(
                environment: RecorderEnvironment(
                    clock: { ProcessInfo.processInfo.systemUptime },
                    thread: {
                        var id: UInt64 = 0
                        pthread_threadid_np(nil, &id)
                        return String(id)
                    },
                    className: {
                        let cls: AnyClass = ($0 as? NSObject)?.classForCoder ?? type(of: $0)
                        return ObjectIdentities.className(runtimeName: NSStringFromClass(cls), of: cls)
                    },
                    watch: { objc_setAssociatedObject($0, watcherKey, $1, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) },
                    write: output.write, includes: options.includes, keepsLayout: options.keepsLayout))
            install(layout: options.keepsLayout, viewMoves: options.keepsViewMoves)
        }

        static func record(_ call: RecordedCall, _ object: NSObject) { recorder?.record(call, on: object) }

        /// Records `call` unless a call of the same family is under way on this thread, then runs `body`.
        static func outermost<T>(
            _ family: String, _ call: @autoclosure () -> RecordedCall, _ object: NSObject, _ body: () -> T
        ) -> T {
            guard let recorder, recorder.enter(family) else { return body() }
            defer { recorder.leave(family) }
            recorder.record(call(), on: object)
            return body()
        }

        static func get(_ object: NSObject, _ key: String) -> NSObject? { object.value(forKey: key) as? NSObject }

        static func install(layout: Bool, viewMoves: Bool) {
            let vc: AnyClass = UIViewController.self
            var plain: [(String, RecordedCall)] = [
                ("loadView", .loadView), ("viewDidLoad", .viewDidLoad),
                ("endAppearanceTransition", .endAppearanceTransition),
                ("removeFromParentViewController", .removeFromParent),
            ]
            if layout {
                plain += [
                    ("viewWillLayoutSubviews", .viewWillLayoutSubviews),
                    ("viewDidLayoutSubviews", .viewDidLayoutSubviews),
                ]
            }
            for (name, call) in plain {
                exchange(vc, name, Plain.self) { original, selector in
                    { (me: NSObject) in
                        record(call, me)
                        original(me, selector)
                    } as @convention(block) (NSObject) -> Void
                }
            }
            let appearance: [(String, (Bool) -> RecordedCall)] = [
                ("viewWillAppear:", { .viewWillAppear(animated: $0) }),
                ("viewIsAppearing:", { .viewIsAppearing(animated: $0) }),
                ("viewDidAppear:", { .viewDidAppear(animated: $0) }),
                ("viewWillDisappear:", { .viewWillDisappear(animated: $0) }),
                ("viewDidDisappear:", { .viewDidDisappear(animated: $0) }),
            ]
            for (name, call) in appearance {
                exchange(vc, name, WithFlag.self) { original, selector in
                    { (me: NSObject, animated: Bool) in
                        record(call(animated), me)
                        if me is UITabBarController || me is UINavigationController { watchDelegate(of: me) }
                        original(me, selector, animated)
                    } as @convention(block) (NSObject, Bool) -> Void
                }
            }
            let containment: [(String, (NSObject?) -> RecordedCall?)] = [
                ("willMoveToParentViewController:", { .willMoveToParent($0) }),
                ("didMoveToParentViewController:", { .didMoveToParent($0) }),
                ("addChildViewController:", { $0.map { RecordedCall.addChild($0) } }),
            ]
            for (name, call) in containment {
                exchange(vc, name, WithObject.self) { original, selector in
                    { (me: NSObject, other: NSObject?) in
                        if let call = call(other) { record(call, me) }
                        original(me, selector, other)
                    } as @convention(block) (NSObject, NSObject?) -> Void
                }
            }
            typealias Begin = @convention(c) (NSObject, Selector, Bool, Bool) -> Void
            exchange(vc, "beginAppearanceTransition:animated:", Begin.self) { original, selector in
                { (me: NSObject, appearing: Bool, animated: Bool) in
                    record(.beginAppearanceTransition(isAppearing: appearing, animated: animated), me)
                    original(me, selector, appearing, animated)
                } as @convention(block) (NSObject, Bool, Bool) -> Void
            }
            typealias Transition =
                @convention(c) (NSObject, Selector, NSObject, NSObject, Double, UInt, Completion?, AnyObject?) -> Void
            exchange(
                vc, "transitionFromViewController:toViewController:duration:options:animations:completion:",
                Transition.self
            ) {
                original, selector in
                {
                    (
                        me: NSObject, from: NSObject, to: NSObject, duration: Double, options: UInt,
                        animations: Completion?, done: AnyObject?
                    )
                    in
                    record(.transition(from: from, to: to), me)
                    original(me, selector, from, to, duration, options, animations, done)
                } as @convention(block) (NSObject, NSObject, NSObject, Double, UInt, Completion?, AnyObject?) -> Void
            }
            typealias Present = @convention(c) (NSObject, Selector, NSObject, Bool, Completion?) -> Void
            exchange(vc, "presentViewController:animated:completion:", Present.self) { original, selector in
                { (me: NSObject, shown: NSObject, animated: Bool, done: Completion?) in
                    outermost("present", .present(shown, animated: animated), me) {
                        original(me, selector, shown, animated, done)
                    }
                } as @convention(block) (NSObject, NSObject, Bool, Completion?) -> Void
            }
            typealias Dismiss = @convention(c) (NSObject, Selector, Bool, Completion?) -> Void
            exchange(vc, "dismissViewControllerAnimated:completion:", Dismiss.self) { original, selector in
                { (me: NSObject, animated: Bool, done: Completion?) in
                    // What UIKit dismisses: what the receiver presents, or else what its presenter presents.
                    let gone =
                        get(me, "presentedViewController")
                        ?? get(me, "presentingViewController").flatMap { get($0, "presentedViewController") }
                    outermost("dismiss", .dismiss(animated: animated, presented: gone), me) {
                        original(me, selector, animated, done)
                    }
                } as @convention(block) (NSObject, Bool, Completion?) -> Void
            }
            installNavigation()
            installTabs()
            if viewMoves { installViewMoves() }
        }

        static func installNavigation() {
            let nav: AnyClass = UINavigationController.self
            typealias Push = @convention(c) (NSObject, Selector, NSObject, Bool) -> Void
            exchange(nav, "pushViewController:animated:", Push.self) { original, selector in
                { (me: NSObject, pushed: NSObject, animated: Bool) in
                    outermost("navigation", .push(pushed, animated: animated), me) {
                        original(me, selector, pushed, animated)
                    }
                } as @convention(block) (NSObject, NSObject, Bool) -> Void
            }
            typealias Pop = @convention(c) (NSObject, Selector, Bool) -> NSObject?
            exchange(nav, "popViewControllerAnimated:", Pop.self) { original, selector in
                { (me: NSObject, animated: Bool) -> NSObject? in
                    outermost("navigation", .pop(animated: animated, top: get(me, "topViewController")), me) {
                        original(me, selector, animated)
                    }
                } as @convention(block) (NSObject, Bool) -> NSObject?
            }
            typealias PopTo = @convention(c) (NSObject, Selector, NSObject, Bool) -> NSArray?
            exchange(nav, "popToViewController:animated:", PopTo.self) { original, selector in
                { (me: NSObject, target: NSObject, animated: Bool) -> NSArray? in
                    outermost("navigation", .popTo(target, animated: animated), me) {
                        original(me, selector, target, animated)
                    }
                } as @convention(block) (NSObject, NSObject, Bool) -> NSArray?
            }
            typealias PopToRoot = @convention(c) (NSObject, Selector, Bool) -> NSArray?
            exchange(nav, "popToRootViewControllerAnimated:", PopToRoot.self) { original, selector in
                { (me: NSObject, animated: Bool) -> NSArray? in
                    let root = (me.value(forKey: "viewControllers") as? NSArray)?.firstObject as? NSObject
                    return outermost("navigation", .popToRoot(animated: animated, root: root), me) {
                        original(me, selector, animated)
                    }
                } as @convention(block) (NSObject, Bool) -> NSArray?
            }
            typealias SetStack = @convention(c) (NSObject, Selector, NSArray, Bool) -> Void
            exchange(nav, "setViewControllers:animated:", SetStack.self) { original, selector in
                { (me: NSObject, stack: NSArray, animated: Bool) in
                    let controllers = stack.compactMap { $0 as? NSObject }
                    outermost("navigation", .setViewControllers(controllers, animated: animated), me) {
                        original(me, selector, stack, animated)
                    }
                } as @convention(block) (NSObject, NSArray, Bool) -> Void
            }
            watchDelegateSetter(of: nav)
        }

        static func installTabs() {
            let tabs: AnyClass = UITabBarController.self
            typealias SetIndex = @convention(c) (NSObject, Selector, Int) -> Void
            exchange(tabs, "setSelectedIndex:", SetIndex.self) { original, selector in
                { (me: NSObject, index: Int) in
                    let list = me.value(forKey: "viewControllers") as? NSArray
                    let target = list.flatMap { index >= 0 && index < $0.count ? $0[index] as? NSObject : nil }
                    outermost("select", .setSelectedIndex(index, controller: target), me) {
                        original(me, selector, index)
                    }
                } as @convention(block) (NSObject, Int) -> Void
            }
            exchange(tabs, "setSelectedViewController:", WithObject.self) { original, selector in
                { (me: NSObject, target: NSObject?) in
                    let index = target.flatMap { (me.value(forKey: "viewControllers") as? NSArray)?.index(of: $0) }
                    let known = index.flatMap { $0 == NSNotFound ? nil : $0 }
                    outermost("select", .setSelectedViewController(target, index: known), me) {
                        original(me, selector, target)
                    }
                } as @convention(block) (NSObject, NSObject?) -> Void
            }
            watchDelegateSetter(of: tabs)
        }

        /// Watches the delegates a tab bar or navigation controller is given.
        static func watchDelegateSetter(of container: AnyClass) {
            exchange(container, "setDelegate:", WithObject.self) { original, selector in
                { (me: NSObject, delegate: NSObject?) in
                    original(me, selector, delegate)
                    watchDelegate(of: me)
                } as @convention(block) (NSObject, NSObject?) -> Void
            }
        }

        /// Records the delegate methods UIKit calls on a tab bar's or navigation controller's
        /// delegate by exchanging them in the delegate's class; the delegate stays the app's own.
        /// A delegate that does not implement a method is not asked, so there is nothing to record.
        static func watchDelegate(of container: NSObject) {
            guard let delegate = get(container, "delegate") else { return }
            let owner: AnyClass = type(of: delegate)
            typealias Ask = @convention(c) (NSObject, Selector, NSObject, NSObject) -> Bool
            typealias Tell = @convention(c) (NSObject, Selector, NSObject, NSObject) -> Void
            typealias Show = @convention(c) (NSObject, Selector, NSObject, NSObject, Bool) -> Void
            exchange(owner, "tabBarController:shouldSelectViewController:", Ask.self) { original, selector in
                { (me: NSObject, tabs: NSObject, target: NSObject) -> Bool in
                    let call = RecordedCall.shouldSelect(target, selected: get(tabs, "selectedViewController"))
                    return outermost("shouldSelect", call, tabs) { original(me, selector, tabs, target) }
                } as @convention(block) (NSObject, NSObject, NSObject) -> Bool
            }
            exchange(owner, "tabBarController:didSelectViewController:", Tell.self) { original, selector in
                { (me: NSObject, tabs: NSObject, target: NSObject) in
                    outermost("didSelect", .didSelect(target), tabs) { original(me, selector, tabs, target) }
                } as @convention(block) (NSObject, NSObject, NSObject) -> Void
            }
            let shows: [(String, (NSObject, Bool) -> RecordedCall)] = [
                ("navigationController:willShowViewController:animated:", { .willShow($0, animated: $1) }),
                ("navigationController:didShowViewController:animated:", { .didShow($0, animated: $1) }),
            ]
            for (name, call) in shows {
                exchange(owner, name, Show.self) { original, selector in
                    { (me: NSObject, nav: NSObject, shown: NSObject, animated: Bool) in
                        outermost(name, call(shown, animated), nav) { original(me, selector, nav, shown, animated) }
                    } as @convention(block) (NSObject, NSObject, NSObject, Bool) -> Void
                }
            }
        }

        /// A controller's root view moving in or out of a superview: its next responder is the
        /// controller. The container is the first controller owning a view up the superviews.
        static func installViewMoves() {
            exchange(UIView.self, "willMoveToSuperview:", WithObject.self) { original, selector in
                { (me: NSObject, superview: NSObject?) in
                    if let moved = get(me, "nextResponder"), moved is UIViewController {
                        if let superview, let container = owner(of: superview) {
                            record(.addSubview(view: moved), container)
                        } else if superview == nil, get(me, "superview") != nil {
                            record(.removeFromSuperview, moved)
                        }
                    }
                    original(me, selector, superview)
                } as @convention(block) (NSObject, NSObject?) -> Void
            }
        }

        static func owner(of view: NSObject) -> NSObject? {
            var current: NSObject? = view
            while let view = current {
                if let next = get(view, "nextResponder"), next is UIViewController { return next }
                current = get(view, "superview")
            }
            return nil
        }
    }
#endif
