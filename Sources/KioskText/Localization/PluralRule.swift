/// The `plural=` expression of a PO header's `Plural-Forms`: the C expression over `n`
/// that gettext evaluates to pick a plural form (`n != 1`; `0` for Korean; Polish's
/// `n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2`).
///
/// Read once into a tree; evaluated in Int64 with C's meaning (true is 1), where a
/// division by zero, which gettext leaves undefined, gives 0.
public struct PluralRule: Sendable {
    private let root: Node

    /// English's and German's rule: the first form for 1, the second otherwise.
    public static let germanic = PluralRule(root: .binary("!=", .n, .number(1)))

    private init(root: Node) {
        self.root = root
    }

    /// The rule `expression` states; an error for anything that is not one.
    public init(_ expression: String) throws(CatalogError) {
        var parser = Parser(expression)
        root = try parser.parseWhole()
    }

    /// The index of the plural form for `count`.
    public func form(for count: Int) -> Int {
        // gettext counts in unsigned long: a negative count is read as its magnitude.
        let n = Int64(clamping: count.magnitude)
        return Int(clamping: root.value(n))
    }

    fileprivate indirect enum Node: Sendable {
        case n
        case number(Int64)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)

        func value(_ n: Int64) -> Int64 {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let operand): return operand.value(n) == 0 ? 1 : 0
            case .choice(let condition, let then, let otherwise): return condition.value(n) != 0 ? then.value(n) : otherwise.value(n)
            case .binary(let op, let left, let right):
                let a = left.value(n)
                // && and || evaluate their right side only when C would.
                if op == "&&" { return a != 0 && right.value(n) != 0 ? 1 : 0 }
                if op == "||" { return a != 0 || right.value(n) != 0 ? 1 : 0 }
                let b = right.value(n)
                switch op {
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "+": return a &+ b
                case "-": return a &- b
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                case "%": return b == 0 ? 0 : a % b
                default: return 0
                }
            }
        }
    }

    /// Precedence climbing over C's operators, lowest first.
    private struct Parser {
        private let tokens: [String]
        private var position = 0

        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

        init(_ expression: String) {
            var tokens: [String] = []
            let characters = Array(expression)
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if character.isWhitespace {
                    index += 1
                } else if character.isNumber {
                    var digits = ""
                    while index < characters.count, characters[index].isNumber {
                        digits.append(characters[index])
                        index += 1
                    }
                    tokens.append(digits)
                } else {
                    let pair = index + 1 < characters.count ? String([character, characters[index + 1]]) : ""
                    if ["||", "&&", "==", "!=", "<=", ">="].contains(pair) {
                        tokens.append(pair)
                        index += 2
                    } else {
                        tokens.append(String(character))
                        index += 1
                    }
                }
            }
            self.tokens = tokens
        }

        mutating func parseWhole() throws(CatalogError) -> Node {
            let node = try parseChoice()
            guard position == tokens.count else { throw problem("unexpected '\(tokens[position])'") }
            return node
        }

        private mutating func parseChoice() throws(CatalogError) -> Node {
            let condition = try parseBinary(level: 0)
            guard peek == "?" else { return condition }
            position += 1
            let then = try parseChoice()
            guard peek == ":" else { throw problem("'?' without its ':'") }
            position += 1
            return .choice(condition, then, try parseChoice())
        }

        private mutating func parseBinary(level: Int) throws(CatalogError) -> Node {
            guard level < Parser.levels.count else { return try parseUnary() }
            var left = try parseBinary(level: level + 1)
            while let op = peek, Parser.levels[level].contains(op) {
                position += 1
                left = .binary(op, left, try parseBinary(level: level + 1))
            }
            return left
        }

        private mutating func parseUnary() throws(CatalogError) -> Node {
            guard let token = peek else { throw problem("the expression ends too soon") }
            position += 1
            switch token {
            case "!": return .not(try parseUnary())
            case "n": return .n
            case "(":
                let inner = try parseChoice()
                guard peek == ")" else { throw problem("'(' without its ')'") }
                position += 1
                return inner
            default:
                guard let value = Int64(token) else { throw problem("unexpected '\(token)'") }
                return .number(value)
            }
        }

        private var peek: String? { position < tokens.count ? tokens[position] : nil }

        private func problem(_ message: String) -> CatalogError {
            CatalogError(line: 0, message: "Plural-Forms: " + message)
        }
    }
}
