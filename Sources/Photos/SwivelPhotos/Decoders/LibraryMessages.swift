import CLibraryMessages

/// The filter on C's stderr that keeps libpng's and libjxl's console messages off it.
enum LibraryMessages {
    private static let installed: Int32 = swivel_filter_library_messages()

    /// Installs the filter, once (Swift runs a static's initialiser exactly once, whichever
    /// thread gets there first).
    static func filtered() { _ = installed }
}
