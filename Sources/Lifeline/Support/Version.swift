/// Lifeline's version: printed by `lifeline --version` and written into SARIF output.
public enum LifelineVersion {
    public static let current = "0.3.0"
}
