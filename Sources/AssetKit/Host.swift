import AssetPlatform

/// What the command-line front needs of the operating system, so it depends on the façade alone
/// and never on a platform module.
public enum Host {
    public static var standardErrorIsTerminal: Bool { StandardError.isTerminal }

    public static func writeStandardError(_ text: String) { StandardError.write(text) }

    /// See `StopSignals.install`.
    public static func installStopHandler(_ handler: @convention(c) (Int32) -> Void) { StopSignals.install(handler) }

    /// Async-signal-safe: lets the next SIGINT or SIGTERM terminate the process at once.
    public static func restoreDefaultSignalAction(_ signalNumber: Int32) { StopSignals.restoreDefault(signalNumber) }
}
