import Glibc
import KioskSystem
import KioskText
import Testing

/// A system call's failure in words: glibc's words in English, kiosk's catalog in Korean
/// (a machine with only C.UTF-8 has no translated `strerror`), `strerror` for the rest.
@Suite struct SystemErrorTests {
    /// The `errno` values kiosk has words for, and kiosk's own English where glibc's says less.
    static let worded: [Int32] = [
        ENOENT, EACCES, EPERM, ENOSPC, EDQUOT, EROFS, EISDIR, ENOTDIR, EEXIST, EMFILE, ENFILE, EIO, ENAMETOOLONG, ELOOP,
        ECONNREFUSED, ETIMEDOUT, EADDRINUSE, EADDRNOTAVAIL, EHOSTUNREACH, ENETUNREACH, EPIPE, ECONNRESET, EAGAIN, EINTR,
        EBADF, EINVAL, ENOMEM, EFBIG, EXDEV, ENOTEMPTY, EBUSY, ETXTBSY,
    ]
    static let kiosksOwn: [Int32: String] = [
        ENOENT: "no such file", ENOSPC: "no space left on the device", EFBIG: "the file is larger than allowed",
    ]

    static func reason(_ code: Int32, in language: Language) -> String {
        Localization.$speaking.withValue(language) { SystemError(code: code).reason }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    @Test func englishSaysWhatStrerrorSays() {
        for code in Self.worded {
            let expected = Self.kiosksOwn[code] ?? String(cString: strerror(code)).lowercased()
            #expect(Self.reason(code, in: .english) == expected, "errno \(code)")
        }
    }

    @Test func koreanHasWordsForEveryCommonErrno() {
        var seen: Set<String> = []
        for code in Self.worded {
            let korean = Self.reason(code, in: .korean)
            #expect(korean.unicodeScalars.contains(where: Self.isHangul), "errno \(code): \(korean)")
            #expect(korean != Self.reason(code, in: .english))
            seen.insert(korean)
        }
        #expect(seen.count == Self.worded.count, "each errno its own words")
        #expect(Self.reason(ENOENT, in: .korean) == "그런 파일이 없습니다")
        #expect(Self.reason(ECONNREFUSED, in: .korean) == "연결이 거부되었습니다")
        #expect(Self.reason(ENOSPC, in: .korean) == "장치에 남은 공간이 없습니다")
    }

    @Test func anErrnoWithoutWordsFallsBackToStrerror() {
        for code in [ENOTSOCK, EPROTO, ESPIPE] {
            let glibc = String(cString: strerror(code)).lowercased()
            #expect(Self.reason(code, in: .english) == glibc)
            #expect(Self.reason(code, in: .korean) == glibc)
        }
    }

    @Test func aRefusedPathAndItsPathInKorean() {
        Localization.$speaking.withValue(.korean) {
            #expect(SystemError.notARegularFile(.directory, path: "/tmp").description == "/tmp: 디렉터리입니다")
            #expect(SystemError.notARegularFile(.fifo).reason == "파일이 아니라 FIFO입니다")
            #expect(SystemError.notARegularFile(.socket).reason == "파일이 아니라 소켓입니다")
            #expect(SystemError.fifoWithoutReader().reason == "아무도 읽지 않는 FIFO입니다")
            #expect(SystemError.notFound(path: "menu.kiosk").description == "menu.kiosk: 그런 파일이 없습니다")
        }
        #expect(SystemError.notFound(path: "menu.kiosk").description == "menu.kiosk: no such file")
        #expect(SystemError.notARegularFile(.fifo).reason == "is a FIFO, not a file")
    }
}
