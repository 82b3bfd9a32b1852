import SwivelCore
import SwivelPhotoCore

extension Orientation {
    /// What is left to do after libtiff's TIFFReadRGBAImageOriented (which SDL2_image calls with
    /// ORIENTATION_TOPLEFT) has read an image tagged `self`: libtiff undoes the mirrors and the half
    /// turn of 2-4 itself, and for 5-8, which it cannot transpose, applies only the mirrors it
    /// would apply to 1-4 of the same first row (libtiff's tif_getimage.c, setorientation: 6 is
    /// mirrored left to right, 7 both ways, 8 top to bottom); what remains is a transpose across
    /// one diagonal or the other. Checked on Debian 12's libtiff by the orientation tests.
    var remainingAfterLibTIFF: Orientation {
        switch self {
        case .up, .mirrored, .down, .flipped: .up
        case .transposed, .transverse: .transposed
        case .right, .left: .transverse
        }
    }
}
