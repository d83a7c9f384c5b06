public enum AssetcVersion {
    public static let current = "0.1.0"
}
