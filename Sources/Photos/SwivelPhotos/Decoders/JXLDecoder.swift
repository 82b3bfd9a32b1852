import CJXL
import Glibc
import SwivelCore
import SwivelPhotoCore

/// JPEG XL through libjxl. The size comes from the basic info, which libjxl gives before any
/// pixel; libjxl turns the image upright itself (its orientation field, the EXIF values), and
/// the pixels come in the colour space the decoder reports for its output, which is converted to
/// sRGB through its ICC profile unless it already is sRGB. CMYK images come as C, M, Y and a black
/// extra channel, converted to sRGB through their CMYK profile. When the colour space's transfer
/// function is PQ or HLG, the pixels are asked for as 16-bit samples and tone-mapped here
/// (`ToneMapping`, from the image's intensity target), not by libjxl: its own tone mapping
/// (a "desired intensity target" set on the decoder) is "not meant to be considered authoritative" and "may
/// change from version to version" (decode.h), and every format's HDR goes through the same operator.
///
/// The file is read a MiB at a time (`Input`; a container's metadata boxes are passed over
/// unread), never whole. A cancelled decode stops between reads: libjxl decodes the groups a read
/// completes before it asks for the next, so that is within a read's worth of groups (libjxl's
/// work runs through a parallel runner of ours, on this thread, that cannot safely refuse it:
/// see `runner`).
enum JXLDecoder {
    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.jpegXL.require(for: "JPEG XL")
        // libjxl's allocations go through malloc here, so that one that fails is known as such
        // (libjxl itself reports only JXL_DEC_ERROR).
        let allocationFailed = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        allocationFailed.initialize(to: false)
        defer { allocationFailed.deallocate() }
        var memory = JxlMemoryManager(opaque: allocationFailed, alloc: { failed, size in
            let block = malloc(size)
            if block == nil { failed?.assumingMemoryBound(to: Bool.self).pointee = true }
            return block
        }, free: { _, block in free(block) })
        guard let decoder = JxlDecoderCreate(&memory) else { throw Failure(reason: "cannot start libjxl") }
        defer { JxlDecoderDestroy(decoder) }
        let events = Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue)
        // Colour stored with its alpha multiplied in (the basic info's alpha_premultiplied) comes
        // out straight, as every step after the decode takes it (the ICC and CMYK conversions,
        // the tone mapping; the card multiplies alpha in at the end): libjxl otherwise hands it
        // over premultiplied, and it was shown too dark.
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS,
              JxlDecoderSetParallelRunner(decoder, runner, nil) == JXL_DEC_SUCCESS,
              JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) == JXL_DEC_SUCCESS else {
            throw Failure(reason: "cannot start libjxl")
        }
        var output = Output()
        var input = try Input(file)
        defer { input.free() }
        try withExtendedLifetime(cancellation) { () throws(Failure) in
            try input.next(for: decoder)
            while true {
                try cancellation.check()
                let status = JxlDecoderProcessInput(decoder)
                if status == JXL_DEC_NEED_MORE_INPUT && !input.atEnd {
                    try input.next(for: decoder)
                    continue
                }
                // A failed allocation comes back as libjxl's error.
                if status == JXL_DEC_ERROR {
                    try cancellation.check()
                    if allocationFailed.pointee { throw PhotoMemory.outOfMemory }
                }
                // The input is never closed: libjxl then says JXL_DEC_NEED_MORE_INPUT when the file
                // ends before the first frame does (with it closed, a cut file is JXL_DEC_ERROR,
                // like a damaged one), which `handle` calls truncated.
                if try output.handle(status, of: decoder) { break }
            }
        }
        guard !output.pixels.isEmpty else { throw Failure(reason: "cannot decode: JPEG XL file has no image") }
        var channels = Int(output.format.num_channels)
        if let toneMapping = output.toneMapping {
            let pixels = try PhotoMemory.reserving(output.width * output.height * channels) { output.pixels.withUnsafeBytes { bytes in
                toneMapping.sRGBPixels(bytes.baseAddress!.assumingMemoryBound(to: UInt16.self), width: output.width,
                                       height: output.height, rowLength: output.width * channels,
                                       channels: channels, maximum: 65535)
            } }
            return try pixels.withUnsafeBufferPointer { buffer throws(Failure) in
                try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress!, pitch: output.width * channels,
                                                     width: output.width, height: output.height, hasAlpha: channels == 4),
                                    orientation: .up, iccProfile: nil, format: "JPEG XL", target: target)
            }
        }
        if output.blackIndex != nil && output.iccProfile != nil { try DecoderLibrary.lcms2.require(for: "JPEG XL") }
        if let cmyk = try output.cmyk() {
            (output.pixels, output.iccProfile) = (cmyk, nil)
            channels = channels == 4 ? 4 : 3
        }
        return try output.pixels.withUnsafeBufferPointer { buffer throws(Failure) in
            try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress!, pitch: output.width * channels,
                                                 width: output.width, height: output.height, hasAlpha: channels == 4),
                                orientation: .up, iccProfile: output.iccProfile, format: "JPEG XL", target: target)
        }
    }

    /// The file given to libjxl a chunk at a time: what it has not yet used of the last input
    /// (a section it needs whole), then the next `chunkBytes` of the file's `parts`.
    private struct Input {
        let file: OpenFile
        /// The parts of the file that libjxl is given, in order; `offset` is in the first.
        var parts: [Range<Int>]
        var buffer: UnsafeMutableRawPointer?
        var capacity = 0, count = 0, offset = 0
        /// Whether the whole file has been given (the input is left open: see `decode`).
        var atEnd = false

        /// Read at a time: between reads a cancelled decode stops.
        static let chunkBytes = 1 << 20
        /// The most that libjxl may hold back unused. It holds back a section until it has it
        /// whole (and the headers, with the ICC profile, before the basic info's events); a section
        /// is a group of at most 1024 × 1024 pixels (group_size_shift 3, ISO/IEC 18181-1 C.4.2),
        /// 16 MiB as four channels of 32-bit floats uncompressed: 64 MiB is four times that.
        static let maxHeldBytes = 64 << 20
        /// Container boxes looked at (a codestream may be split into many `jxlp` boxes); the file
        /// past them is given whole.
        static let maxBoxes = 1 << 16

        init(_ file: OpenFile) throws(Failure) {
            self.file = file
            parts = try Self.parts(of: file)
            offset = parts.first?.lowerBound ?? 0
        }

        func free() { Glibc.free(buffer) }

        /// The whole file for a bare codestream; for a container (ISO/IEC 18181-2), its boxes but
        /// the metadata ones (`Exif`, `xml `, `jumb`, `brob`, `jbrd`, …), which libjxl would only
        /// read through: the orientation and colour it uses are the codestream's. From their
        /// headers, 16 bytes a box.
        static func parts(of file: OpenFile) throws(Failure) -> [Range<Int>] {
            let signature: [UInt8] = [0, 0, 0, 12] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]
            guard try file.read(min(file.size, 12)) == signature else { return [0..<file.size] }
            let kept: Set<String> = ["JXL ", "ftyp", "jxll", "jxlc", "jxlp"]
            var parts: [Range<Int>] = [], offset = 0, boxes = 0
            func keep(_ range: Range<Int>) {
                if let last = parts.last, last.upperBound == range.lowerBound {
                    parts[parts.count - 1] = last.lowerBound..<range.upperBound
                } else {
                    parts.append(range)
                }
            }
            while offset < file.size {
                let header = try file.read(16, at: offset)
                boxes += 1
                guard header.count >= 8, boxes <= maxBoxes else { break }
                var size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
                if size == 1 {
                    guard header.count == 16 else { break }
                    let large = header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                    size = large > UInt64(file.size) ? file.size + 1 : Int(large)
                } else if size == 0 {
                    size = file.size - offset
                }
                guard size >= 8, size <= file.size - offset else { break }   // libjxl says what is wrong
                if kept.contains(String(decoding: header[4..<8], as: UTF8.self)) { keep(offset..<(offset + size)) }
                offset += size
            }
            if offset < file.size { keep(offset..<file.size) }
            return parts
        }

        /// Releases the input, keeps what libjxl has not used, adds the next chunk of the file,
        /// and sets it as the input.
        mutating func next(for decoder: OpaquePointer) throws(Failure) {
            let unused = min(JxlDecoderReleaseInput(decoder), count)
            if let buffer, unused > 0 { memmove(buffer, buffer + (count - unused), unused) }
            count = unused
            guard count <= Self.maxHeldBytes else {
                throw Failure(reason: "cannot decode: a JPEG XL section or header is over \(Self.maxHeldBytes >> 20) MiB")
            }
            let wanted = min(Self.chunkBytes, (parts.first?.upperBound ?? offset) - offset)
            if count + wanted > capacity || buffer == nil {
                guard let grown = realloc(buffer, max(count + wanted, 1)) else {
                    throw PhotoMemory.outOfMemory
                }
                (buffer, capacity) = (grown, count + wanted)
            }
            let chunk = try file.read(wanted, at: offset)
            chunk.withUnsafeBytes { _ = memcpy(buffer! + count, $0.baseAddress!, chunk.count) }
            count += chunk.count
            offset += chunk.count
            if let part = parts.first, offset >= part.upperBound {
                parts.removeFirst()
                offset = parts.first?.lowerBound ?? offset
            }
            guard JxlDecoderSetInput(decoder, buffer!.assumingMemoryBound(to: UInt8.self), count) == JXL_DEC_SUCCESS else {
                throw Failure(reason: "cannot decode: libjxl refused the data")
            }
            if chunk.count < wanted || parts.isEmpty { atEnd = true }
        }
    }

    /// libjxl's parallel runner, run on the calling thread (decodes already run on several). It
    /// never refuses work: libjxl 0.7 checks some of its runs with JXL_CHECK, which traps (SIGILL)
    /// when the runner fails, so refusing the next group once cancelled crashed the process
    /// whenever the cancel fell in such a run (`ContainerDecodeCancellationTests`, JPEG XL,
    /// cancelled 0.2 s into a 4096² decode: killed by signal 4 in 2 runs of 2 here). A cancelled
    /// decode stops between reads instead (`Input.chunkBytes`).
    private static let runner: JxlParallelRunner = { _, opaque, initialise, run, start, end in
        guard let run, start <= end else { return JXL_PARALLEL_RET_RUNNER_ERROR }
        if let initialise, initialise(opaque, 1) != 0 { return JXL_PARALLEL_RET_RUNNER_ERROR }
        for value in start..<end { run(opaque, value, 0) }
        return 0
    }

    /// What libjxl has told so far, and the buffer it decodes into.
    private struct Output {
        var format = JxlPixelFormat(num_channels: 3, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var pixels: [UInt8] = []
        /// The upright image's size.
        var width = 0, height = 0
        var iccProfile: [UInt8]?
        /// For PQ and HLG output (then 16-bit samples, native byte order).
        var toneMapping: ToneMapping?
        /// The basic info's intensity target: the brightest light in the image, cd/m².
        var intensityTarget: Double?
        /// CMYK: the index of the black extra channel and its pixels (the colour channels are C, M, Y).
        var blackIndex: UInt32?
        var black: [UInt8] = []

        /// Answers one of libjxl's events; true once the image is decoded.
        mutating func handle(_ status: JxlDecoderStatus, of decoder: OpaquePointer) throws(Failure) -> Bool {
            switch status {
            case JXL_DEC_BASIC_INFO:
                var info = JxlBasicInfo()
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
                    throw Failure(reason: "cannot decode: malformed JPEG XL header")
                }
                if let problem = ImageLimits.problem(width: Int(info.xsize), height: Int(info.ysize)) {
                    throw Failure(reason: problem)
                }
                // Orientations 5-8 swap the sides of the output.
                let swaps = info.orientation.rawValue >= 5
                (width, height) = swaps ? (Int(info.ysize), Int(info.xsize)) : (Int(info.xsize), Int(info.ysize))
                format.num_channels = info.alpha_bits > 0 ? 4 : 3
                // 255 cd/m² is the header's default (ISO/IEC 18181-1, the ToneMapping bundle), which
                // an encoder that states nothing leaves (cjxl 0.7 does for lossy PQ): not a peak.
                intensityTarget = info.intensity_target == 255 ? nil : Double(info.intensity_target)
                for index in 0..<info.num_extra_channels {
                    var channel = JxlExtraChannelInfo()
                    if JxlDecoderGetExtraChannelInfo(decoder, Int(index), &channel) == JXL_DEC_SUCCESS,
                       channel.type == JXL_CHANNEL_BLACK {
                        blackIndex = index
                        break
                    }
                }
            case JXL_DEC_COLOR_ENCODING:
                toneMapping = JXLDecoder.toneMapping(decoder, intensityTarget: intensityTarget)
                if toneMapping != nil {
                    format.data_type = JXL_TYPE_UINT16
                } else {
                    iccProfile = JXLDecoder.outputProfile(decoder)
                }
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var size = 0
                let sampleSize = format.data_type == JXL_TYPE_UINT16 ? 2 : 1
                guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS,
                      size == width * height * Int(format.num_channels) * sampleSize else {
                    throw Failure(reason: "cannot decode: unexpected JPEG XL output size")
                }
                pixels = try PhotoMemory.zeros(count: size)
                let set = pixels.withUnsafeMutableBytes {
                    JxlDecoderSetImageOutBuffer(decoder, &format, $0.baseAddress, $0.count)
                }
                guard set == JXL_DEC_SUCCESS else { throw Failure(reason: "cannot decode: libjxl refused the buffer") }
                if let blackIndex, isCMYK {
                    var one = JxlPixelFormat(num_channels: 1, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
                    var blackSize = 0
                    guard JxlDecoderExtraChannelBufferSize(decoder, &one, &blackSize, blackIndex) == JXL_DEC_SUCCESS,
                          blackSize == width * height else {
                        throw Failure(reason: "cannot decode: unexpected JPEG XL black channel size")
                    }
                    black = try PhotoMemory.zeros(count: blackSize)
                    let setBlack = black.withUnsafeMutableBytes {
                        JxlDecoderSetExtraChannelBuffer(decoder, &one, $0.baseAddress, $0.count, blackIndex)
                    }
                    guard setBlack == JXL_DEC_SUCCESS else { throw Failure(reason: "cannot decode: libjxl refused the buffer") }
                }
            case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                return true   // the first frame is enough (an animation shows its first)
            case JXL_DEC_NEED_MORE_INPUT:
                throw Failure(reason: "cannot decode: truncated JPEG XL data")
            case JXL_DEC_ERROR:
                throw Failure(reason: "cannot decode: malformed JPEG XL data")
            default:
                throw Failure(reason: "cannot decode: libjxl stopped with status \(status.rawValue)")
            }
            return false
        }

        /// Whether the colour is CMYK (the profile's colour space field, ICC.1 section 7.2.6).
        var isCMYK: Bool {
            guard let iccProfile, iccProfile.count >= 20 else { return false }
            return Array(iccProfile[16..<20]) == Array("CMYK".utf8)
        }

        /// For a CMYK image with its black channel: the pixels in sRGB through the CMYK profile
        /// (RGB, or RGBA keeping the alpha), else nil. JPEG XL stores inks inverted (1 is no ink),
        /// like Adobe's CMYK JPEGs.
        func cmyk() throws(Failure) -> [UInt8]? {
            guard isCMYK, let iccProfile, !black.isEmpty else { return nil }
            let channels = Int(format.num_channels), count = width * height
            guard pixels.count == count * channels, black.count == count else { return nil }
            var inks = try PhotoMemory.zeros(UInt8.self, count: count * 4)
            for i in 0..<count {
                inks[i * 4] = pixels[i * channels]
                inks[i * 4 + 1] = pixels[i * channels + 1]
                inks[i * 4 + 2] = pixels[i * channels + 2]
                inks[i * 4 + 3] = black[i]
            }
            let rgb = try PhotoMemory.reserving(count * 3) {
                inks.withUnsafeBufferPointer { ColorProfile.rgb(fromCMYK: $0, inverted: true, iccProfile: iccProfile) }
                    ?? JPEGDecoder.rgb(fromCMYK: inks, inverted: true)
            }
            guard channels == 4 else { return rgb }
            var rgba = try PhotoMemory.zeros(UInt8.self, count: count * 4)
            for i in 0..<count {
                rgba[i * 4] = rgb[i * 3]
                rgba[i * 4 + 1] = rgb[i * 3 + 1]
                rgba[i * 4 + 2] = rgb[i * 3 + 2]
                rgba[i * 4 + 3] = pixels[i * 4 + 3]
            }
            return rgba
        }
    }

    /// The tone mapping for output whose transfer function is PQ or HLG, else nil.
    private static func toneMapping(_ decoder: OpaquePointer, intensityTarget: Double?) -> ToneMapping? {
        var encoding = JxlColorEncoding()
        guard JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS,
              encoding.color_space == JXL_COLOR_SPACE_RGB || encoding.color_space == JXL_COLOR_SPACE_GRAY,
              let transfer = ToneMapping.Transfer(cicp: Int(encoding.transfer_function.rawValue)) else { return nil }
        return ToneMapping(transfer: transfer, primaries: primaries(encoding), sourcePeak: intensityTarget)
    }

    /// The primaries and white point of `encoding` (grey: sRGB's, which leaves grey grey).
    static func primaries(_ encoding: JxlColorEncoding) -> ToneMapping.Primaries {
        guard encoding.color_space == JXL_COLOR_SPACE_RGB else { return .bt709 }
        var primaries: ToneMapping.Primaries
        switch encoding.primaries {
        case JXL_PRIMARIES_SRGB: primaries = .bt709
        case JXL_PRIMARIES_2100: primaries = .bt2020
        case JXL_PRIMARIES_P3: primaries = .displayP3
        default:
            primaries = ToneMapping.Primaries(
                red: .init(encoding.primaries_red_xy.0, encoding.primaries_red_xy.1),
                green: .init(encoding.primaries_green_xy.0, encoding.primaries_green_xy.1),
                blue: .init(encoding.primaries_blue_xy.0, encoding.primaries_blue_xy.1), white: ToneMapping.Primaries.d65)
        }
        switch encoding.white_point {
        case JXL_WHITE_POINT_D65: primaries.white = ToneMapping.Primaries.d65
        case JXL_WHITE_POINT_DCI: primaries.white = .init(0.314, 0.351)
        case JXL_WHITE_POINT_E: primaries.white = .init(1.0 / 3, 1.0 / 3)
        default: primaries.white = .init(encoding.white_point_xy.0, encoding.white_point_xy.1)
        }
        return primaries
    }

    /// The ICC profile of the decoded pixels, or nil when they are sRGB already (or have no profile).
    private static func outputProfile(_ decoder: OpaquePointer) -> [UInt8]? {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS,
           encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
           encoding.primaries == JXL_PRIMARIES_SRGB, encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB {
            return nil
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
              size > 0, size < 16 << 20 else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &profile, size)
                == JXL_DEC_SUCCESS else { return nil }
        return profile
    }
}
