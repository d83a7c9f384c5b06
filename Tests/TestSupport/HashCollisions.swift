/// The first two names `icon0`, `icon1`, … that a 16-bit hash maps to the same value (CoreUI's name
/// identifier in Assets.car tests), or nil when none of the first `limit` names collide.
public func firstCollidingNames(limit: Int = 5000, hash: (String) -> UInt16) -> (String, String)? {
    var byHash: [UInt16: String] = [:]
    for index in 0..<limit {
        let name = "icon\(index)"
        if let other = byHash.updateValue(name, forKey: hash(name)) { return (other, name) }
    }
    return nil
}
