/// A customer's answer to one question.
public enum Answer: Sendable, Hashable, CaseIterable {
    case yes
    case no
    /// Not answered: the question moves no score.
    case skip

    /// `y`, `n` or `-`, as `suggest answers y,n,-` and events write it.
    public var symbol: String {
        switch self {
        case .yes: "y"
        case .no: "n"
        case .skip: "-"
        }
    }

    /// Reads one answer: `y`, `yes`, `n`, `no`, `-`, `skip`, in any case, and the Korean
    /// `예`, `네`, `응` (yes), `아니오`, `아니요`, `아니` (no) and `건너뛰기`, `패스` (skip).
    public init?(word: String) {
        switch NameKey.fold(word) {
        case "y", "yes", "예", "네", "응": self = .yes
        case "n", "no", "아니오", "아니요", "아니": self = .no
        case "-", "skip", "s", "건너뛰기", "패스": self = .skip
        default: return nil
        }
    }

    /// Reads `y,n,-` (spaces allowed around the commas); `nil` if any part is not an answer.
    public static func list(parsing text: String) -> [Answer]? {
        var answers: [Answer] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let answer = Answer(word: String(part)) else { return nil }
            answers.append(answer)
        }
        return answers
    }
}
