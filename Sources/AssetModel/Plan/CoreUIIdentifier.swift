/// CoreUI's identifier for an asset name in `Assets.car`. It lives here, not in the writer, so
/// planning can refuse two names with the same identifier: `check` refuses what `build` would.
public enum NameIdentifier {
    /// The identifier actool gives an asset name (facet keys, rendition keys, BITMAPKEYS): a djb2-style
    /// hash from 0x189D7 over the UTF-8 bytes in 64 bits, its four 16-bit parts folded by powers of 33,
    /// zero mapped to one. Matches every facet of the actool-made files examined (`AppIcon` → 6849).
    public static func of(_ name: String) -> UInt16 {
        var hash: UInt64 = 0x189D7
        for byte in name.utf8 { hash = hash &* 33 &+ UInt64(byte) }
        let parts = (0..<4).map { (hash >> (16 * UInt64($0))) & 0xFFFF }
        let folded = (parts[0] &* 35937 &+ parts[1] &* 1089 &+ parts[2] &* 33 &+ parts[3]) & 0xFFFF
        return folded == 0 ? 1 : UInt16(folded)
    }
}
