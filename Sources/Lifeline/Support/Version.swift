/// Lifeline's version: printed by `lifeline --version` and written into SARIF output.
package enum LifelineVersion {
    package static let current = "0.3.0"
}
