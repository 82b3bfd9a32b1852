/// The phrase for something that needs a library which did not load (`dlopen` failed, and the
/// libraries are loaded on first use: Sources/LazyLibraries): what needs which Debian package,
/// then why, in dlerror's words, which tell a library not installed ("cannot open shared object
/// file: No such file or directory") from a broken one ("file too short") and from a process out
/// of descriptors ("Too many open files").
public enum MissingLibrary {
    static let marker = ", which did not load"

    /// "JPEG XL needs libjxl0.7, which did not load: libjxl.so.0.7: cannot open shared object
    /// file: No such file or directory" for `need` "JPEG XL needs libjxl0.7".
    public static func reason(_ need: String, dlerror: String?) -> String {
        need + marker + (dlerror.map { ": " + $0 } ?? "")
    }

    /// Whether `reason` is such a phrase: a failure that says nothing about the file that needed
    /// the library.
    public static func isReason(_ reason: String) -> Bool { reason.utf8.containsSequence(marker.utf8) }
}
