// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lifeline",
    products: [
        .library(name: "Lifeline", targets: ["Lifeline"]),
        .library(name: "LifelineGraphviz", targets: ["LifelineGraphviz"]),
        .library(name: "LifelineRecorder", targets: ["LifelineRecorder"]),
        .executable(name: "lifeline", targets: ["LifelineCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The only C in the package: libgraphviz, found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // Pure Swift: the trace model, readers, analysis and text formatters.
        .target(name: "Lifeline"),
        // The app-side recorder: plain Swift, plus one UIKit file compiled only where UIKit is.
        // It depends on nothing else here, so an app adds it without the engine or Graphviz.
        .target(name: "LifelineRecorder"),
        // The single Swift module that imports CGraphviz.
        .target(name: "LifelineGraphviz", dependencies: ["CGraphviz"]),
        .executableTarget(
            name: "LifelineCLI",
            dependencies: [
                "Lifeline",
                "LifelineGraphviz",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Golden files are read from the source tree, not bundled.
        .testTarget(name: "LifelineTests", dependencies: ["Lifeline"], exclude: ["Snapshots"]),
        .testTarget(name: "LifelineGraphvizTests", dependencies: ["LifelineGraphviz", "Lifeline"]),
        .testTarget(name: "LifelineRecorderTests", dependencies: ["LifelineRecorder", "Lifeline"]),
        // Runs the built `lifeline` binary as a subprocess; the dependency makes `swift test` build it first.
        .testTarget(name: "LifelineCLITests", dependencies: ["LifelineCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
