import AssetModel

/// How a batch of variants is rendered, whichever executor runs it (`WorkerPool`'s supervised
/// processes or `ParallelRenderer`'s threads): the façade makes one and hands it to either.
public struct BatchSettings: Sendable {
    /// Variants rendered at once.
    public var jobs: Int
    public var encoder: PNGEncoderSettings
    /// Pixels of canvas in flight at once, over all jobs (`PixelBudget`).
    public var pixelBudget: Int
    /// Called with (done, total) as variants finish.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Asked between variants; once true, the rest are `.cancelled`.
    public var isCancelled: @Sendable () -> Bool

    public init(jobs: Int, encoder: PNGEncoderSettings, pixelBudget: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
                isCancelled: @escaping @Sendable () -> Bool = { false }) {
        (self.jobs, self.encoder, self.pixelBudget) = (jobs, encoder, pixelBudget)
        (self.progress, self.isCancelled) = (progress, isCancelled)
    }
}
