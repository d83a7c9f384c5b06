/// Characters that change how a name looks without being seen: zero-width spaces and joiners,
/// bidirectional controls (which can make `gnp.evil` read as `live.png`), soft hyphens, BOMs. Two
/// names that look alike must not be two files, so names holding them are refused — manifest names
/// (`NameRules`) and catalog names (`LooseNames`) alike.
public enum InvisibleCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
