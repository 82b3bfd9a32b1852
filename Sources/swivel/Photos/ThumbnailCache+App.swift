import SwivelPhotos
import SwivelSystem

extension ThumbnailCache {
    /// The user's shared thumbnail cache ($XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails),
    /// written as this version of swivel, its one warning to stderr; nil when neither variable is set.
    static func forApp() -> ThumbnailCache? {
        guard let root = ThumbnailDirectory.root(environment: Environment.nonEmpty) else { return nil }
        return ThumbnailCache(directory: ThumbnailDirectory(root: root, program: "swivel", version: Options.version),
                              software: "swivel \(Options.version)", warn: { Console.error($0) })
    }
}
