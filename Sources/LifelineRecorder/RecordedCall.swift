/// A scalar in a line's `args` or `state`.
enum RecordedScalar: Equatable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
}

/// An argument as a hook sees it: a controller (written as its instance id, or `null`) or a
/// scalar.
enum RecordedArgument {
    case controller(AnyObject?)
    case scalar(RecordedScalar)

    /// An argument given as a value of any type: nil, a `Bool`, `Int`, `Double` or `String`,
    /// an instance of a class, or anything else as its description.
    init(_ value: Any?) {
        switch value {
        case nil: self = .controller(nil)
        case let flag as Bool: self = .scalar(.bool(flag))
        case let number as Int: self = .scalar(.int(number))
        case let number as Double: self = .scalar(.double(number))
        case let text as String: self = .scalar(.string(text))
        case let other? where type(of: other) is AnyClass: self = .controller(other as AnyObject)
        case let other?: self = .scalar(.string(String(describing: other)))
        }
    }
}

/// One call the recorder sees, with the arguments it was made with. `event` is the name
/// Lifeline gives it (`CanonicalEvent` in the Lifeline library); the session state fills in
/// what the call implies (`Recorder.lineFields`).
enum RecordedCall {
    // Load and appearance
    case loadView, viewDidLoad
    case viewWillAppear(animated: Bool)
    case viewIsAppearing(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
    case viewWillLayoutSubviews, viewDidLayoutSubviews
    // Containment
    case willMoveToParent(AnyObject?)
    case didMoveToParent(AnyObject?)
    /// On the parent.
    case addChild(AnyObject)
    /// On the child.
    case removeFromParent
    case beginAppearanceTransition(isAppearing: Bool, animated: Bool)
    case endAppearanceTransition
    /// On the container, from `transition(from:to:duration:options:animations:completion:)`.
    case transition(from: AnyObject, to: AnyObject)
    /// On the controller owning the superview; `view` is the controller whose root view moves in.
    case addSubview(view: AnyObject)
    /// On the controller whose root view leaves its superview.
    case removeFromSuperview
    // Presentation
    case present(AnyObject, animated: Bool)
    /// `presented` is what UIKit will dismiss (the receiver's presented controller, or the
    /// receiver); nil lets the recorder use the presentations it has seen.
    case dismiss(animated: Bool, presented: AnyObject?)
    // Navigation controllers. `top` is the controller on top before the call, when known.
    case push(AnyObject, animated: Bool)
    case pop(animated: Bool, top: AnyObject?)
    case popTo(AnyObject, animated: Bool)
    case popToRoot(animated: Bool, root: AnyObject?)
    case setViewControllers([AnyObject], animated: Bool)
    case willShow(AnyObject, animated: Bool)
    case didShow(AnyObject, animated: Bool)
    // Tab bar controllers. `selected` is the controller selected before the call, when known.
    case shouldSelect(AnyObject, selected: AnyObject?)
    case didSelect(AnyObject)
    case setSelectedIndex(Int, controller: AnyObject?)
    case setSelectedViewController(AnyObject?, index: Int?)
    // The app's own event
    case custom(String, [(String, RecordedArgument)])

    /// The event's name in the trace.
    var event: String {
        switch self {
        case .loadView: return "loadView"
        case .viewDidLoad: return "viewDidLoad"
        case .viewWillAppear: return "viewWillAppear"
        case .viewIsAppearing: return "viewIsAppearing"
        case .viewDidAppear: return "viewDidAppear"
        case .viewWillDisappear: return "viewWillDisappear"
        case .viewDidDisappear: return "viewDidDisappear"
        case .viewWillLayoutSubviews: return "viewWillLayoutSubviews"
        case .viewDidLayoutSubviews: return "viewDidLayoutSubviews"
        case .willMoveToParent: return "willMoveToParent"
        case .didMoveToParent: return "didMoveToParent"
        case .addChild: return "addChild"
        case .removeFromParent: return "removeFromParent"
        case .beginAppearanceTransition: return "beginAppearanceTransition"
        case .endAppearanceTransition: return "endAppearanceTransition"
        case .transition: return "transition"
        case .addSubview: return "addSubview"
        case .removeFromSuperview: return "removeFromSuperview"
        case .present: return "present"
        case .dismiss: return "dismiss"
        case .push: return "push"
        case .pop, .popTo, .popToRoot: return "pop"
        case .setViewControllers: return "setViewControllers"
        case .willShow: return "willShow"
        case .didShow: return "didShow"
        case .shouldSelect: return "shouldSelect"
        case .didSelect: return "didSelect"
        case .setSelectedIndex, .setSelectedViewController: return "setSelected"
        case .custom(let name, _): return name
        }
    }

    /// Whether this is one of the layout pair, which `Options.keepsLayout` may leave out.
    var isLayout: Bool {
        switch self {
        case .viewWillLayoutSubviews, .viewDidLayoutSubviews: return true
        default: return false
        }
    }
}
