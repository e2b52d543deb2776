#if canImport(UIKit)
    import UIKit

    /// The first tab's root.
    public final class HomeViewController: UIViewController {
        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Home"
            view.backgroundColor = .systemBackground
        }
    }

    /// The second tab's root.
    public final class ProfileViewController: UIViewController {
        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Profile"
            view.backgroundColor = .systemBackground
        }
    }

    /// Pushed on the first tab's stack.
    public final class DetailViewController: UIViewController {
        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Detail"
            view.backgroundColor = .systemBackground
        }
    }

    /// Presented full screen over the tabs.
    public final class SheetViewController: UIViewController {
        public override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
        }
    }

    /// Each tab's stack.
    public final class StackController: UINavigationController {}

    /// The app's tab bar delegate: it allows every switch.
    public final class TabsDelegate: NSObject, UITabBarControllerDelegate {
        public func tabBarController(
            _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
        ) -> Bool {
            true
        }

        public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
        {}
    }

    /// Two tabs, each a stack: Home and Profile.
    public final class TabsController: UITabBarController {
        public let home = HomeViewController()
        public let profile = ProfileViewController()
        private let tabsDelegate = TabsDelegate()

        public init() {
            super.init(nibName: nil, bundle: nil)
            viewControllers = [StackController(rootViewController: home), StackController(rootViewController: profile)]
            delegate = tabsDelegate
        }

        required init?(coder: NSCoder) { nil }

        /// A tap on tab `index`, as UIKit makes it: the delegate is asked, the selection changes,
        /// the delegate is told.
        public func tap(_ index: Int) {
            guard let target = viewControllers?[index] else { return }
            guard delegate?.tabBarController?(self, shouldSelect: target) ?? true else { return }
            selectedViewController = target
            delegate?.tabBarController?(self, didSelect: target)
        }
    }
#endif
