import SwivelCore
@testable import SwivelPhotos

/// Why `ImageDecoder` refuses `path` for a `width` × `height` card (the reason after "PATH: "),
/// or nil when it decodes.
func decodeRefusal(_ path: FilePath, width: Int, height: Int) -> String? {
    do throws(ImageLoadError) {
        _ = try ImageDecoder.decode(path, width: width, height: height)
        return nil
    } catch {
        return error.reason
    }
}
