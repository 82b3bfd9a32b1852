import SwivelPhotos
import SwivelSystem

extension ThumbnailCache {
    /// The user's shared thumbnail cache ($XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails, the
    /// variables read from `environment`), written as this version of swivel, its one warning to
    /// `warn` (stderr); nil when neither variable is set.
    static func forApp(environment: (String) -> String? = Environment.nonEmpty,
                       warn: @escaping @Sendable (String) -> Void = { Console.error($0) }) -> ThumbnailCache? {
        guard let root = ThumbnailDirectory.root(environment: environment) else { return nil }
        return ThumbnailCache(directory: ThumbnailDirectory(root: root, program: "swivel", version: Options.version),
                              software: "swivel \(Options.version)", warn: warn)
    }
}
