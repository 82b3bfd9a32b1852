import CSDL2
import Glibc

/// An `SDL_RWops` that reads a file descriptor (SDL2 has no such constructor). The descriptor is
/// kept in `hidden.unknown.data1` (plus one, so that descriptor 0 is not a null pointer), and
/// `hidden.unknown.data2` becomes non-null once a read finds nothing left (the decoder wanted
/// more than the file has). Closing the stream leaves the descriptor open for its owner.
enum DescriptorStream {
    static func make(_ descriptor: Int32) -> UnsafeMutablePointer<SDL_RWops>? {
        guard let stream = SDL_AllocRW() else { return nil }
        stream.pointee.type = SDL_RWOPS_UNKNOWN
        stream.pointee.hidden.unknown.data1 = UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1)
        stream.pointee.hidden.unknown.data2 = nil
        stream.pointee.size = { context in
            var status = stat()
            return fstat(DescriptorStream.descriptor(context), &status) == 0 ? Int64(status.st_size) : -1
        }
        stream.pointee.seek = { context, offset, whence in
            let origin = switch whence {
            case RW_SEEK_CUR: SEEK_CUR
            case RW_SEEK_END: SEEK_END
            default: SEEK_SET
            }
            return Int64(lseek(DescriptorStream.descriptor(context), off_t(offset), origin))
        }
        stream.pointee.read = { context, buffer, size, count in
            guard let buffer, size > 0 else { return 0 }
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow else { return 0 }
            var done = 0
            while done < total {
                let got = Glibc.read(DescriptorStream.descriptor(context), buffer + done, total - done)
                if got > 0 { done += got } else if got < 0 && errno == EINTR { continue } else { break }
            }
            if done < size && total > 0 { context?.pointee.hidden.unknown.data2 = UnsafeMutableRawPointer(bitPattern: 1) }
            return done / size
        }
        stream.pointee.write = { _, _, _, _ in 0 }
        stream.pointee.close = { _ in 0 }
        return stream
    }

    /// Whether a read on `stream` has found the end of the file with bytes still wanted.
    static func ranOut(_ stream: UnsafeMutablePointer<SDL_RWops>) -> Bool {
        stream.pointee.hidden.unknown.data2 != nil
    }

    static func descriptor(_ context: UnsafeMutablePointer<SDL_RWops>?) -> Int32 {
        guard let context, let data = context.pointee.hidden.unknown.data1 else { return -1 }
        return Int32(truncatingIfNeeded: Int(bitPattern: data) - 1)
    }
}

