private extension UInt8 {
    var asInt: Int { Int(self) }
}

/// The canonical event names of the native format. Anything else is a custom event.
package enum CanonicalEvent: String, Sendable, CaseIterable {
    // Appearance and load
    case `init`, loadView, viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear
    case viewWillDisappear, viewDidDisappear, viewWillLayoutSubviews, viewDidLayoutSubviews
    case `deinit`
    // Containment
    case addChild, willMoveToParent, didMoveToParent, removeFromParent, addSubview
    case removeFromSuperview, beginAppearanceTransition, endAppearanceTransition, transition
    // Containers
    case shouldSelect, didSelect, setSelected, push, pop, willShow, didShow, present, dismiss, setViewControllers

    package enum Kind: Sendable { case appearance, load, layout, containment, container }

    /// The case's position in `allCases`.
    var ordinal: Int { unsafeBitCast(self, to: UInt8.self).asInt }

    /// A set of canonical events as one bit each.
    struct Set {
        private var bits: UInt64 = 0
        mutating func insert(_ event: CanonicalEvent) { bits |= 1 << UInt64(event.ordinal) }
        func contains(_ event: CanonicalEvent) -> Bool { bits & (1 << UInt64(event.ordinal)) != 0 }
    }

    package var kind: Kind {
        switch self {
        case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
            return .appearance
        case .`init`, .loadView, .viewDidLoad, .`deinit`:
            return .load
        case .viewWillLayoutSubviews, .viewDidLayoutSubviews:
            return .layout
        case .addChild, .willMoveToParent, .didMoveToParent, .removeFromParent, .addSubview,
            .removeFromSuperview, .beginAppearanceTransition, .endAppearanceTransition, .transition:
            return .containment
        case .shouldSelect, .didSelect, .setSelected, .push, .pop, .willShow, .didShow, .present, .dismiss,
            .setViewControllers:
            return .container
        }
    }

    /// The argument name given to a lone object logged after the method, as in
    /// `didMove(toParent:) <Container: 0x1>` or `shouldSelect <B: 0x2>`.
    package var primaryArgument: String? {
        switch self {
        case .willMoveToParent, .didMoveToParent: return "parent"
        case .addChild, .removeFromParent: return "child"
        case .addSubview: return "view"
        case .shouldSelect, .didSelect, .setSelected, .push, .willShow, .didShow, .present, .transition:
            return "to"
        case .pop, .dismiss: return "from"
        case .beginAppearanceTransition: return "isAppearing"
        default: return nil
        }
    }

    /// Maps a logged method spelling to its canonical event, for example `viewWillAppear:`,
    /// `viewWillAppear(_:)`, `willMove(toParent:)`, `tabBarController:shouldSelectViewController:`
    /// or `dealloc`. Returns nil for methods that are not canonical.
    package init?(method: String) {
        self.init(squashed: CanonicalEvent.squash(method))
    }

    /// The event of a method name already squashed (see `squash`).
    init?(squashed key: String) {
        guard let found = CanonicalEvent.spellings[key] else { return nil }
        self = found
    }

    /// Lowercased letters and digits of the method name, ignoring `:`, `_`, parentheses and
    /// argument labels' punctuation: `willMove(toParent:)` becomes `willmovetoparent`.
    static func squash(_ method: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(method.utf8.count)
        for c in method.utf8 {
            if let kept = squashed(c) { bytes.append(kept) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A byte as `squash` keeps it: a letter lowered, a digit, or nil for any other byte.
    @inline(__always) static func squashed(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x61...0x7A, 0x30...0x39: return c
        case 0x41...0x5A: return c | 0x20
        default: return nil
        }
    }

    /// Every squashed spelling `init(squashed:)` reads.
    static var squashedSpellings: Dictionary<String, CanonicalEvent>.Keys { spellings.keys }

    private static let spellings: [String: CanonicalEvent] = {
        var table: [String: CanonicalEvent] = [:]
        for event in CanonicalEvent.allCases { table[squash(event.rawValue)] = event }
        let extra: [(String, CanonicalEvent)] = [
            ("initWithNibName:bundle:", .`init`), ("initWithNibName", .`init`), ("init(nibName:bundle:)", .`init`),
            ("initWithCoder:", .`init`), ("init(coder:)", .`init`), ("new", .`init`),
            ("dealloc", .`deinit`),
            ("viewWillAppear(_:)", .viewWillAppear), ("viewIsAppearing(_:)", .viewIsAppearing),
            ("addChildViewController:", .addChild), ("addChild(_:)", .addChild),
            ("willMoveToParentViewController:", .willMoveToParent), ("willMove(toParent:)", .willMoveToParent),
            ("didMoveToParentViewController:", .didMoveToParent), ("didMove(toParent:)", .didMoveToParent),
            ("removeFromParentViewController", .removeFromParent),
            // A parent's own helper, named for what it does to the child: `remove child Detail`.
            ("removeChild", .removeFromParent), ("removeChild(_:)", .removeFromParent),
            ("removeChildViewController:", .removeFromParent),
            ("beginAppearanceTransition:animated:", .beginAppearanceTransition),
            ("beginAppearanceTransition(_:animated:)", .beginAppearanceTransition),
            ("transitionFromViewController:toViewController:duration:options:animations:completion:", .transition),
            ("transition(from:to:duration:options:animations:completion:)", .transition),
            ("tabBarController:shouldSelectViewController:", .shouldSelect),
            ("tabBarController(_:shouldSelect:)", .shouldSelect),
            ("shouldSelectViewController:", .shouldSelect),
            ("tabBarController:didSelectViewController:", .didSelect),
            ("tabBarController(_:didSelect:)", .didSelect),
            ("didSelectViewController:", .didSelect),
            ("setSelectedIndex:", .setSelected), ("setSelectedViewController:", .setSelected),
            ("selectedIndex", .setSelected), ("selectedViewController", .setSelected),
            ("pushViewController:animated:", .push), ("pushViewController(_:animated:)", .push),
            ("popViewControllerAnimated:", .pop), ("popViewController(animated:)", .pop),
            ("popToRootViewControllerAnimated:", .pop), ("popToRootViewController(animated:)", .pop),
            ("popToViewController:animated:", .pop), ("popToViewController(_:animated:)", .pop),
            ("navigationController:willShowViewController:animated:", .willShow),
            ("navigationController(_:willShow:animated:)", .willShow),
            ("willShowViewController", .willShow),
            ("navigationController:didShowViewController:animated:", .didShow),
            ("navigationController(_:didShow:animated:)", .didShow),
            ("didShowViewController", .didShow),
            ("presentViewController:animated:completion:", .present),
            ("present(_:animated:completion:)", .present),
            ("dismissViewControllerAnimated:completion:", .dismiss),
            ("dismiss(animated:completion:)", .dismiss),
            ("setViewControllers:animated:", .setViewControllers),
            ("setViewControllers(_:animated:)", .setViewControllers),
        ]
        for (spelling, event) in extra { table[squash(spelling)] = event }
        return table
    }()
}
