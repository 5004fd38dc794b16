/// Answers "what should I have?": scores every item for each person, vetoes what anyone
/// avoids, keeps only what the stock can make for the whole party, aggregates a group's
/// scores by its rule, and ranks the rest.
///
/// Scores are on the 1–10 scale. A person's score for an item starts at 5; their rating of
/// the item replaces it (`like` rates an item 10, `dislike` 1); each liked tag or
/// ingredient the item has adds 1, each disliked one takes 1; each answered question adds
/// 1 when the item fits the answer and takes 1 when it does not; the sum is kept within
/// 1–10. Ties go to the item the stock can make more of, then to the one earlier on the
/// menu, so the same request on the same state always gives the same list.
///
/// Pure: no clock, no I/O. The work per request is integer arithmetic over the flat arrays
/// the menu built once (`SuggestionIndex`); names are looked up only to resolve the
/// profiles, never per item.
public enum Suggester {
    /// Suggests for `request` with the stock `inventory`.
    ///
    /// - Throws: `SuggestionError` for an unknown or repeated profile, more answers than
    ///   questions, or a party size out of range.
    public static func suggest(
        _ request: SuggestionRequest, menu: Menu, inventory: Inventory, profiles: Profiles
    ) throws(SuggestionError) -> SuggestionOutcome {
        let members = try resolve(request.profiles, in: profiles)
        let partySize = request.partySize ?? max(1, members.count)
        guard (max(1, members.count)...Menu.maximumQuantity).contains(partySize) else {
            throw .partySizeOutOfRange(partySize)
        }
        guard request.answers.count <= menu.questions.count else {
            throw .tooManyAnswers(given: request.answers.count, questions: menu.questions.count)
        }
        let settings = menu.suggestSettings
        let context = SuggestionContext(
            profiles: members.map(\.name), partySize: partySize,
            answers: zip(menu.questions, request.answers).map { AnsweredQuestion(question: $0.key, answer: $1) },
            rule: request.rule ?? settings.rule, threshold: settings.threshold, lenient: request.lenient
        )
        var run = Run(menu: menu, members: members, answers: request.answers, context: context, capacity: settings.ranked)
        run.score(inventory: inventory)
        if run.ranking.isEmpty {
            return .nothing(run.reason, context)
        }
        let ranked = run.ranking.entries.map { run.suggestion(for: $0) }
        return .suggestions(SuggestionPages(context: context, ranked: ranked, pageSize: settings.shows, nextLimit: settings.next, menu: menu))
    }

    private static func resolve(_ names: [String], in profiles: Profiles) throws(SuggestionError) -> [Profile] {
        guard names.count <= SuggestionRequest.maximumProfiles else { throw .tooManyProfiles(limit: SuggestionRequest.maximumProfiles) }
        var members: [Profile] = []
        for name in names {
            guard let profile = profiles[name] else { throw .unknownProfile(name) }
            if members.contains(where: { $0.isNamed(name) }) { throw .repeatedProfile(profile.name) }
            members.append(profile)
        }
        return members
    }
}

/// One request's scoring: the group's vetoes and personal scores resolved to item indices,
/// then one pass over the items.
private struct Run {
    let menu: Menu
    let index: SuggestionIndex
    let members: [Profile]
    let context: SuggestionContext
    /// Members scored: the profiles, or the one anonymous customer.
    let memberCount: Int
    /// Vectors per item in `personal`: the members, padded to whole vectors of `Lanes`.
    let vectorsPerItem: Int
    /// Answer masks: bit `q` for each question answered yes, and each answered no.
    private var yes: UInt64 = 0
    private var no: UInt64 = 0
    /// The union of the allergens the members avoid.
    private var avoidedAllergens: UInt16 = 0
    /// Per row (an item, or a selection of one: `SuggestionIndex`), whether a member avoids
    /// one of its tags or ingredients, or the item itself. Always one flag a row, even when
    /// nobody avoids anything: the pass over the rows then reads it with no test of whether
    /// it is there, nor a bounds check.
    private var vetoed: [Bool]
    /// Per row and member (row-major, `vectorsPerItem` vectors a row, member `m` in lane
    /// `m % Lanes.scalarCount` of the row's vector `m / Lanes.scalarCount`), the score
    /// before answers; empty when every member is neutral about every item. Padding lanes
    /// hold `Run.padding`, which scores 10 whatever the answers: it never lowers a minimum,
    /// and adds a known amount to a sum. Whole vectors, so scoring an item loads its
    /// members' scores as they are stored, aligned, with no raw memory read.
    private var personal: [Lanes] = []

    /// One vector of member scores.
    typealias Lanes = SIMD8<Int16>
    static let padding: Int16 = 1000

    private(set) var ranking: Ranking
    private var makeableItems = 0
    private var makeableRows = 0
    private var vetoedRows = 0
    private var undeclaredItems = 0

    init(menu: Menu, members: [Profile], answers: [Answer], context: SuggestionContext, capacity: Int) {
        self.menu = menu
        self.index = menu.suggestionIndex
        self.members = members
        self.context = context
        self.memberCount = max(1, members.count)
        self.vectorsPerItem = (memberCount + Lanes.scalarCount - 1) / Lanes.scalarCount
        self.ranking = Ranking(capacity: capacity, itemOnce: menu.suggestionIndex.hasVariants)
        self.vetoed = Array(repeating: false, count: menu.suggestionIndex.facts.count)
        for (position, answer) in answers.enumerated() {
            switch answer {
            case .yes: yes |= 1 << UInt64(position)
            case .no: no |= 1 << UInt64(position)
            case .skip: break
            }
        }
        resolveAvoids()
        resolveOpinions()
    }

    // MARK: Resolving the profiles

    private mutating func resolveAvoids() {
        for member in members {
            for word in member.avoids {
                avoidedAllergens |= Allergens.avoided(by: word).rawValue
                let key = NameKey.fold(word)
                if let tag = index.tagsByKey[key] { veto(index.rowsByTag[tag]) }
                if let ingredient = menu.ingredientIndex(named: word) { veto(index.rowsByIngredient[ingredient]) }
                if let item = menu.itemIndex(named: word) { veto(index.rows(of: item).lazy.map(Int32.init)) }
            }
        }
    }

    private mutating func veto(_ rows: some Collection<Int32>) {
        for row in rows { vetoed[Int(row)] = true }
    }

    private mutating func resolveOpinions() {
        guard members.contains(where: { !$0.likes.isEmpty || !$0.dislikes.isEmpty || !$0.ratings.isEmpty }) else { return }
        let rowCount = index.facts.count
        var personal = Run.neutralScores(rowCount: rowCount, memberCount: memberCount, vectorsPerItem: vectorsPerItem)
        // Marks the rows one liked word already moved: a word that is both a tag and an
        // ingredient of an item moves it once.
        var moved: [Int32] = []
        var stamp: Int32 = 0
        for (position, member) in members.enumerated() {
            // A member's scores are one lane of the item's vector `vector`: changed with whole
            // vector operations, since setting a lane chosen at run time goes through memory.
            let (vector, lane) = position.quotientAndRemainder(dividingBy: Lanes.scalarCount)
            var unit = Lanes.zero
            unit[lane] = 1
            let (scores, adjustments) = opinions(of: member)
            for (item, score) in scores {
                for row in index.rows(of: item) {
                    let slot = row * vectorsPerItem + vector
                    personal[slot] = personal[slot].replacing(with: score, where: unit .== 1)
                }
            }
            if !adjustments.isEmpty, moved.isEmpty { moved = Array(repeating: 0, count: rowCount) }
            for (word, delta) in adjustments {
                stamp += 1
                let tagRows = index.tagsByKey[NameKey.fold(word)].map { index.rowsByTag[$0] } ?? []
                let ingredientRows = menu.ingredientIndex(named: word).map { index.rowsByIngredient[$0] } ?? []
                let step = unit &* Lanes(repeating: delta)
                // Kept far from Int16's limits: the sum is brought into 1–10 anyway. Every
                // score stored, the padding's included, is within these limits, so the other
                // lanes, moved by 0, stay as they are.
                let (lowestKept, highestKept) = (Lanes(repeating: -1000), Lanes(repeating: 1000))
                // Spans, so the many writes of one word check no array's uniqueness each.
                var scoreVectors = personal.mutableSpan
                var movedStamps = moved.mutableSpan
                for rows in [tagRows, ingredientRows] {
                    for row in rows.lazy.map(Int.init) where movedStamps[row] != stamp {
                        movedStamps[row] = stamp
                        let slot = row * vectorsPerItem + vector
                        scoreVectors[slot] = pointwiseMin(pointwiseMax(scoreVectors[slot] &+ step, lowestKept), highestKept)
                    }
                }
            }
        }
        self.personal = personal
    }

    /// The score table before any opinion: every member's lane neutral, every padding lane
    /// `Run.padding`. Padding lanes are only ever in a row's last vector.
    private static func neutralScores(rowCount: Int, memberCount: Int, vectorsPerItem: Int) -> [Lanes] {
        let neutral = Lanes(repeating: Int16(Profile.neutralScore))
        var last = neutral
        for lane in (memberCount - (vectorsPerItem - 1) * Lanes.scalarCount)..<Lanes.scalarCount { last[lane] = Run.padding }
        var table = [Lanes](repeating: neutral, count: rowCount * vectorsPerItem)
        var vectors = table.mutableSpan
        for row in 0..<rowCount { vectors[row &* vectorsPerItem &+ (vectorsPerItem &- 1)] = last }
        return table
    }

    /// A member's item scores (ratings; liked items 10, disliked 1; in that order, so a like
    /// wins over a rating of the same item under another of its names), and the liked and
    /// disliked words that are not items, each with its +1 or −1.
    private func opinions(of member: Profile) -> (scores: [(item: Int, score: Int16)], adjustments: [(word: String, delta: Int16)]) {
        var scores: [(item: Int, score: Int16)] = []
        var adjustments: [(word: String, delta: Int16)] = []
        for rating in member.ratings {
            if let item = menu.itemIndex(named: rating.item) { scores.append((item, Int16(rating.score))) }
        }
        for (words, itemScore, delta) in [(member.likes, Profile.scale.upperBound, Int16(1)), (member.dislikes, Profile.scale.lowerBound, Int16(-1))] {
            for word in words {
                if let item = menu.itemIndex(named: word) {
                    scores.append((item, Int16(itemScore)))
                } else {
                    adjustments.append((word, delta))
                }
            }
        }
        return (scores, adjustments)
    }

    // MARK: Scoring

    /// Scores every item the stock can make for the party, and ranks the best.
    mutating func score(inventory: Inventory) {
        let tally = scoreItems(stock: inventory.counts.span, tally: Tally(ranking: ranking))
        ranking = tally.ranking
        makeableItems = tally.makeableItems
        makeableRows = tally.makeable
        vetoedRows = tally.vetoed
        undeclaredItems = tally.undeclaredItems
    }

    /// What one pass over the rows found: rows, and the items they are of (an item's rows
    /// are side by side, so counting an item once is a comparison with the last one).
    private struct Tally {
        var ranking: Ranking
        var makeable = 0
        var vetoed = 0
        var makeableItems = 0
        var undeclaredItems = 0
        var lastMakeable: Int32 = -1
        var lastUndeclared: Int32 = -1
    }

    /// The pass over the rows: integer work only, the hot loop of `suggest`.
    ///
    /// The tables are read as spans: a span's base and count are fixed values, so they stay
    /// in registers through the loop, no reference is counted per item, and the loop over
    /// the indices of `facts` reads it with no bounds check.
    private func scoreItems(stock: Span<Int>, tally start: Tally) -> Tally {
        var tally = start
        let (facts, components, vetoed, personal) = (index.facts.span, index.recipeComponents.span, self.vetoed.span, self.personal.span)
        precondition(vetoed.count == facts.count)
        let (partySize, rule, threshold) = (context.partySize, context.rule, context.threshold)
        let (yes, no, memberCount, avoided, vectorsPerItem) = (self.yes, self.no, self.memberCount, avoidedAllergens, self.vectorsPerItem)
        let paddingSlots = vectorsPerItem * Lanes.scalarCount - memberCount
        let strict = avoided != 0 && !context.lenient
        // Each answer moves a score by 1 either way: start from every answer missed and add
        // 2 for each one fitted.
        let missedAll = no.nonzeroBitCount - yes.nonzeroBitCount
        for row in facts.indices {
            let facts = facts[row]
            let recipe = components.extracting(facts.recipe)
            guard recipe.canBeMade(times: partySize, from: stock) else { continue }
            tally.makeable += 1
            if facts.item != tally.lastMakeable {
                tally.makeableItems += 1
                tally.lastMakeable = facts.item
            }
            let bits = facts.allergens
            if vetoed[row] || bits & avoided != 0 {
                tally.vetoed += 1
                continue
            }
            if strict, bits == SuggestionIndex.undeclared {
                tally.vetoed += 1
                if facts.item != tally.lastUndeclared {
                    tally.undeclaredItems += 1
                    tally.lastUndeclared = facts.item
                }
                continue
            }
            let fit = facts.fits
            // Scores are small (each within 1–10, summed over at most 50 members): wrapping
            // arithmetic cannot wrap, and spares the overflow checks.
            let answered = missedAll &+ 2 &* ((fit & yes).nonzeroBitCount &- (fit & no).nonzeroBitCount)
            var sum = 0
            var lowest = Int.max
            if personal.isEmpty {
                let score = Run.onScale(Profile.neutralScore &+ answered)
                sum = score &* memberCount
                lowest = score
            } else {
                let first = row &* vectorsPerItem
                (sum, lowest) = Run.sumAndLowest(personal.extracting(first..<(first &+ vectorsPerItem)), answered: answered)
                sum = sum &- paddingSlots &* Profile.scale.upperBound
            }
            let key: Int
            switch rule {
            case .average: key = sum
            case .leastMisery: key = lowest
            case .averageWithoutMisery:
                if lowest < threshold { continue }
                key = sum
            }
            // The count costs a division per ingredient: work it out only for an item that
            // ranks, which a tie with the last one ranked does only if more can be made.
            switch tally.ranking.admission(of: key) {
            case .no: continue
            case .ifMoreThan(let makeable): guard recipe.canBeMade(times: makeable + 1, from: stock) else { continue }
            case .yes: break
            }
            tally.ranking.offer(key: key, makeable: recipe.makeableCount(from: stock), row: row, item: Int(facts.item))
        }
        return tally
    }

    /// The sum and the lowest of one item's member scores (its `row` of vectors) with
    /// `answered` added, each kept within 1–10, a vector of members at a time; padding
    /// slots count 10 each.
    @inline(__always)
    static func sumAndLowest(_ row: Span<Lanes>, answered: Int) -> (sum: Int, lowest: Int) {
        let shift = Lanes(repeating: Int16(truncatingIfNeeded: answered))
        let low = Lanes(repeating: Int16(Profile.scale.lowerBound))
        let high = Lanes(repeating: Int16(Profile.scale.upperBound))
        var sums = Lanes.zero
        var lowest = high
        for vector in row.indices {
            let scaled = pointwiseMin(pointwiseMax(row[vector] &+ shift, low), high)
            sums &+= scaled
            lowest = pointwiseMin(lowest, scaled)
        }
        return (Int(sums.wrappedSum()), Int(lowest.min()))
    }

    static func onScale(_ score: Int) -> Int {
        min(Profile.scale.upperBound, max(Profile.scale.lowerBound, score))
    }

    /// Why the ranking is empty.
    var reason: NoSuggestion {
        if makeableItems == 0 { return .outOfStock(partySize: context.partySize) }
        if vetoedRows == makeableRows { return .allVetoed(vetoed: makeableItems, undeclared: undeclaredItems) }
        return .allMiserable(threshold: context.threshold)
    }

    // MARK: Explaining

    /// The suggestion for a ranked row: its score again, member by member, and the answers
    /// it fits.
    func suggestion(for entry: Ranking.Entry) -> Suggestion {
        let (row, item) = (entry.row, entry.item)
        let fit = index.facts[row].fits
        let answered = no.nonzeroBitCount - yes.nonzeroBitCount + 2 * ((fit & yes).nonzeroBitCount - (fit & no).nonzeroBitCount)
        let scores = (0..<memberCount).map { member in
            let (vector, lane) = member.quotientAndRemainder(dividingBy: Lanes.scalarCount)
            return Run.onScale((personal.isEmpty ? Profile.neutralScore : Int(personal[row * vectorsPerItem + vector][lane])) + answered)
        }
        let fitted = (fit & yes) | (~fit & no)
        let fits = menu.questions.indices.filter { fitted & (1 << UInt64($0)) != 0 }.map { menu.questions[$0].key }
        let score = context.rule == .leastMisery
            ? SuggestionScore(total: scores.min() ?? 0, count: 1)
            : SuggestionScore(total: scores.reduce(0, +), count: memberCount)
        return Suggestion(
            item: item, name: menu.items[item].name, score: score, makeable: entry.makeable, fits: fits,
            memberScores: zip(members, scores).map { MemberScore(name: $0.name, score: $1) },
            undeclaredAllergens: avoidedAllergens != 0 && index.facts[row].allergens == SuggestionIndex.undeclared,
            choice: index.selections[Int32(row)].flatMap { menu.lineChoice(item: item, selection: $0) }
        )
    }
}

/// The best few rows seen so far, best first: higher key, then more makeable, then
/// earlier on the menu. Bounded, so ranking a big menu never sorts it. With `itemOnce`,
/// an item keeps only its best row (its first of equals).
struct Ranking {
    struct Entry {
        let key: Int
        let makeable: Int
        let row: Int
        let item: Int

        /// Ranks above `other`. Items are offered in menu order, so an equal one offered
        /// later never ranks above an earlier one.
        func ranksAbove(_ other: Entry) -> Bool {
            key != other.key ? key > other.key : makeable > other.makeable
        }
    }

    let capacity: Int
    let itemOnce: Bool
    private(set) var entries: [Entry] = []

    init(capacity: Int, itemOnce: Bool = false) {
        self.capacity = max(1, capacity)
        self.itemOnce = itemOnce
        entries.reserveCapacity(self.capacity)
    }

    var isEmpty: Bool { entries.isEmpty }

    enum Admission {
        case yes
        case no
        /// Only if more than this many can be made: a tie with the last entry.
        case ifMoreThan(Int)
    }

    /// Whether an item with `key`, offered after every item ranked so far, would rank.
    func admission(of key: Int) -> Admission {
        guard entries.count == capacity, let last = entries.last else { return .yes }
        if key > last.key { return .yes }
        return key == last.key ? .ifMoreThan(last.makeable) : .no
    }

    mutating func offer(key: Int, makeable: Int, row: Int, item: Int) {
        let entry = Entry(key: key, makeable: makeable, row: row, item: item)
        if itemOnce, let same = entries.firstIndex(where: { $0.item == item }) {
            guard entry.ranksAbove(entries[same]) else { return }
            entries.remove(at: same)
        }
        if entries.count == capacity {
            guard let last = entries.last, entry.ranksAbove(last) else { return }
            entries.removeLast()
        }
        var position = entries.count
        while position > 0, entry.ranksAbove(entries[position - 1]) { position -= 1 }
        entries.insert(entry, at: position)
    }
}
