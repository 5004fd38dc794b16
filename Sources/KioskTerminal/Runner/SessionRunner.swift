import KioskApplication
import KioskSystem

/// What runs a session's commands: where its lines come from, where its results and errors
/// go, and how they are written. `InteractiveRunner` (a terminal) and `BatchRunner` (a
/// pipe, a file or `-c`) are the two ways.
public class SessionRunner {
    let session: Session
    let reader: any LineReader
    let output: FileOutput
    let errors: FileOutput
    let resultText: ResultText
    let options: RunOptions

    public init(session: Session, reader: any LineReader, output: FileOutput, errors: FileOutput, resultText: ResultText, options: RunOptions) {
        self.session = session
        self.reader = reader
        self.output = output
        self.errors = errors
        self.resultText = resultText
        self.options = options
    }
}
