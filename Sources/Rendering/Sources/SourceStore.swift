import AssetModel
import AssetPlatform
import Foundation

/// Reads each source file once per build and shares the immutable bytes between workers.
///
/// It also carries the previous build's `SourceRecord`s: while a file's fingerprint (size, mtime,
/// inode) is unchanged, its hash and page sizes come from the record and the file is not opened,
/// which is what makes a no-op build nearly free.
public final class SourceStore: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: Result<[UInt8], SourceError>] = [:]
    private var hashes: [String: String] = [:]
    private let previous: [String: SourceRecord]
    /// Per path, this build's fingerprint taken before the first read, and what was learned since.
    private var learned: [String: SourceRecord] = [:]
    /// Per path, whether the previous record was found still valid (asked once per build).
    private var trusted: [String: Bool] = [:]
    /// Every file this build read or trusted: the prerequisites of a Make dependency file.
    private var inputs: Set<String> = []

    /// False in a render worker: it opens each source once per run of variants and must not hold
    /// every file it ever read.
    private let keepsBytes: Bool

    public init(previous: [String: SourceRecord] = [:], keepsBytes: Bool = true) { (self.previous, self.keepsBytes) = (previous, keepsBytes) }

    /// SHA-256 of a source's bytes, computed once per build (or taken from an unchanged record).
    public func sha256(_ path: String) throws(SourceError) -> String {
        noteInput(path)
        if let record = validRecord(path) { return record.sha256 }
        lock.lock()
        if let hash = hashes[path] {
            lock.unlock()
            return hash
        }
        lock.unlock()
        let hash = sha256Hex(try bytes(path))
        lock.lock()
        hashes[path] = hash
        learned[path]?.sha256 = hash
        lock.unlock()
        return hash
    }

    public func bytes(_ path: String) throws(SourceError) -> [UInt8] {
        noteInput(path)
        lock.lock()
        if let cached = cache[path] {
            lock.unlock()
            return try cached.get()
        }
        lock.unlock()
        // Fingerprint before reading: if the file changes during the read, the next build sees a
        // different fingerprint and reads it again.
        let fingerprint = FileSystem.fingerprint(path)
        let result: Result<[UInt8], SourceError>
        do {
            result = .success(try FileSystem.read(path, limit: Limits.maximumSourceBytes))
        } catch {
            result = .failure(.file(error))
        }
        lock.lock()
        if keepsBytes { cache[path] = result }
        if let fingerprint, case .success = result, learned[path] == nil {
            learned[path] = SourceRecord(fingerprint: fingerprint, sha256: hashes[path] ?? "")
        }
        lock.unlock()
        return try result.get()
    }

    func noteInput(_ path: String) {
        lock.withLock { _ = inputs.insert(path) }
    }

    /// Every file read (or trusted unread) so far, sorted.
    public func inputPaths() -> [String] {
        lock.withLock { inputs.sorted() }
    }

    /// The previous build's record for `path` when the file's fingerprint still matches it.
    private func validRecord(_ path: String) -> SourceRecord? {
        noteInput(path)
        lock.lock()
        defer { lock.unlock() }
        guard let record = previous[path] else { return nil }
        if let valid = trusted[path] { return valid ? learned[path] : nil }
        let valid = cache[path] == nil && learned[path] == nil && FileSystem.fingerprint(path) == record.fingerprint
        trusted[path] = valid
        if valid { learned[path] = record }
        return valid ? record : nil
    }

    /// Planning facts from an unchanged record, when they cover every page asked for.
    func recordedInfo(_ path: String, pages: Set<Int>) -> SourceInfo? {
        guard let info = validRecord(path)?.info else { return nil }
        if case .pdf(let count, let sizes) = info, !pages.allSatisfy({ $0 > count || sizes[$0] != nil }) { return nil }
        return info
    }

    func recordedOpacity(_ path: String, page: Int) -> Bool? {
        validRecord(path)?.opaque[page]
    }

    func recordedFonts(_ path: String) -> [String]? {
        validRecord(path)?.unembeddedFonts
    }

    func remember(_ path: String, unembeddedFonts: [String]) {
        lock.withLock { learned[path]?.unembeddedFonts = unembeddedFonts }
    }

    /// Remembers what planning read from a file this build, for the next build's records.
    func remember(_ path: String, info: SourceInfo? = nil, opaque: (page: Int, value: Bool)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        guard var record = learned[path] else { return }
        if let info {
            if case .pdf(let count, let newSizes) = info, case .pdf(_, let oldSizes)? = record.info {
                record.info = .pdf(pageCount: count, pageSizes: oldSizes.merging(newSizes) { $1 })
            } else {
                record.info = info
            }
        }
        if let opaque { record.opaque[opaque.page] = opaque.value }
        learned[path] = record
    }

    /// Records for the next build: every source this build read or trusted, hashed, except files
    /// modified so recently that their fingerprint cannot be trusted yet.
    public func records(now: Int = FileSystem.currentTime()) -> [String: SourceRecord] {
        let paths = lock.withLock { Array(learned.keys) }
        var result: [String: SourceRecord] = [:]
        for path in paths {
            guard let hash = try? sha256(path), var record = lock.withLock({ learned[path] }),
                  !record.fingerprint.isRacy(now: now) else { continue }
            record.sha256 = hash
            result[path] = record
        }
        return result
    }
}
