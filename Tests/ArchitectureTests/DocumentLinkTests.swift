import Foundation
import Testing

/// The README and the pages of `docs/` link to each other: every relative link names a
/// file that is there, and every `#anchor` a heading of that file, as GitHub makes them.
@Suite struct DocumentLinkTests {
    static let documents = ["README.md"] + SourceTree.files(under: "docs", endingIn: ".md")

    /// The relative links of a Markdown text, outside code blocks: `[text](target)`.
    static func links(in text: String) -> [String] {
        var links: [String] = []
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode else { continue }
            for match in line.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.1)
                if !target.contains("://") { links.append(target) }
            }
        }
        return links
    }

    /// The anchors GitHub gives a Markdown text's headings: lower case, spaces as hyphens,
    /// punctuation other than hyphens and underscores left out.
    static func anchors(in text: String) -> Set<String> {
        var anchors = Set<String>()
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            let kept = title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            anchors.insert(kept.replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }

    @Test func everyLinkLeadsSomewhere() throws {
        #expect(DocumentLinkTests.documents.count >= 10)
        for document in DocumentLinkTests.documents {
            let directory = (document as NSString).deletingLastPathComponent
            for link in DocumentLinkTests.links(in: try SourceTree.text(document)) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? document : ((directory as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
                #expect(FileManager.default.fileExists(atPath: SourceTree.root + "/" + file), "\(document): \(link)")
                if parts.count == 2, file.hasSuffix(".md") {
                    let anchors = DocumentLinkTests.anchors(in: (try? SourceTree.text(file)) ?? "")
                    #expect(anchors.contains(String(parts[1])), "\(document): \(link)")
                }
            }
        }
    }
}
