/// The three ways of filling a grid that the bench compares.
enum RowKind: String, CaseIterable, Sendable {
    /// What the seed apps do: one picture at a time, full download, full decode, then scale.
    case naive
    /// The shared `ImageLoader` with an empty disk cache, thumbnails decoded at size.
    case pipelineCold = "pipeline-cold"
    /// The same again in a fresh process, with the disk cache the cold row left.
    case pipelineWarm = "pipeline-warm"
}
