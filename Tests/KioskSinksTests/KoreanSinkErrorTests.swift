import KioskCore
import KioskMenu
@testable import KioskSinks
import KioskTestSupport
import KioskText
import Testing

/// A sink that cannot be made, or cannot deliver, says why in the operator's language: the
/// same origin and kind, the sink's reason and the system's in Korean.
@Suite struct KoreanSinkErrorTests {
    /// The error `--sink text` gives, made and worded in Korean.
    static func koreanSetupError(_ text: String) -> String? {
        Localization.$speaking.withValue(.korean) {
            do {
                _ = try MQTTSinkTests.sink(text)
                return nil
            } catch let error as SinkSetupError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
    }

    @Test func sinksThatCannotStartSayWhyInKorean() throws {
        let scratch = try ScratchDirectory()
        #expect(Self.koreanSetupError(#"log path "\#(scratch.path)""#)
            == "--sink:1:1: 오류: 'log' 싱크: '\(scratch.path)'에 기록할 수 없습니다: 디렉터리입니다; log 싱크는 일반 파일에만 덧붙입니다")
        #expect(Self.koreanSetupError(#"exec command "/no/such/program""#)
            == "--sink:1:1: 오류: 'exec' 싱크: '/no/such/program'을 시작할 수 없습니다: 그런 파일이 없습니다")
        #expect(Self.koreanSetupError(#"mqtt url "mqtt://broker" keepalive 2s"#)
            == "--sink:1:1: 오류: 'mqtt' 싱크: 'keepalive'는 5s에서 65535s 사이여야 합니다 (값: 2s)")
        #expect(Self.koreanSetupError(#"mqtt url "mqtts://broker" cafile "/no/such/ca.crt""#)
            == "--sink:1:1: 오류: 'mqtt' 싱크: TLS 파일 '/no/such/ca.crt'을(를) 쓸 수 없습니다: 그런 파일이 없습니다")
    }

    @Test func englishStaysWordForWord() {
        let error = SinkSetupError(declaration: SinkDeclaration(kind: "exec", origin: "--sink:1:1"), reason: "cannot start '/x': no such file")
        #expect(error.message == "--sink:1:1: error: 'exec' sink: cannot start '/x': no such file")
    }

    @Test func aBrokersTroubleInKorean() {
        Localization.$speaking.withValue(.korean) {
            #expect(MQTTError.noAnswer(address: "127.0.0.1:1883", within: .seconds(10)).description == "10s 안에 127.0.0.1:1883에서 응답이 없습니다")
            #expect(MQTTError.closed.description == "MQTT 클라이언트가 닫혔습니다")
        }
        #expect(MQTTError.noAnswer(address: "127.0.0.1:1883", within: .seconds(10)).description == "no answer from 127.0.0.1:1883 within 10s")
    }
}
