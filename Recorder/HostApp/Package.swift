// swift-tools-version:6.0
import PackageDescription

// A tiny app's screens and a test that drives them on the iOS simulator with LifelineRecorder
// on (see .github/workflows/recorder.yml). On Linux it builds to nothing.
let package = Package(
    name: "HostApp",
    platforms: [.iOS(.v15)],
    dependencies: [.package(name: "Lifeline", path: "../..")],
    targets: [
        .target(name: "HostApp"),
        .testTarget(
            name: "HostAppTests",
            dependencies: ["HostApp", .product(name: "LifelineRecorder", package: "Lifeline")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
