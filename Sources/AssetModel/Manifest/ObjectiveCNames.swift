/// `--objc` and `"codegen": {"objc": …}` name a path without extension whose last part is the class.
public enum ObjectiveCNames {
    public static func problem(_ path: String) -> Diagnostic.Message? {
        let name = FilePath(path).lastComponent
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) || ("a"..."z").contains(first) || first == "_",
              name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { return .mustEndInAClassName }
        return nil
    }
}

extension Diagnostic.Message {
    /// Said of `--objc` and of `"objc" of "codegen"`, each naming itself first.
    fileprivate static let mustEndInAClassName: Diagnostic.Message = "must end in an Objective-C class name such as Assets (letters, digits, _), without extension"
}
