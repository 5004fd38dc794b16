import KioskServer
import KioskText
import Testing

/// Why `kiosk serve` could not start its HTTP server, in the operator's language.
@Suite struct KoreanDaemonErrorTests {
    @Test func daemonErrorsInKorean() {
        Localization.$speaking.withValue(.korean) {
            #expect(DaemonError.noTLS.message == "이 libmicrohttpd는 HTTPS 없이 빌드되었습니다")
            #expect(DaemonError.startFailed("Address already in use").message == "HTTP 서버가 시작하지 않았습니다: Address already in use")
            #expect(DaemonError.startFailed(nil).message == "HTTP 서버가 시작하지 않았습니다")
        }
        #expect(DaemonError.startFailed(nil).message == "the HTTP server did not start")
        #expect(DaemonError.libraryUnavailable("not found").message
            == "libmicrohttpd (libmicrohttpd.so.12) cannot be loaded: not found; install libmicrohttpd12 (Debian: apt-get install libmicrohttpd12)")
    }
}
