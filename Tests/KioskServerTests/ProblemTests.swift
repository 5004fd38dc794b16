import KioskApplication
import KioskCore
import KioskServer
import KioskText
import Testing

@Suite struct ProblemTests {
    @Test func aRefusedOrderIsAConflictWithWhatIsMissingInTheCommandsWords() {
        let error = CommandError.refused(missing: [Missing(ingredient: "mango", needed: 9, available: 7)])
        let problem = Problem(error, command: "order")
        #expect(problem.status == 409)
        #expect(problem.detail == ErrorText().message(error))
        #expect(String(decoding: problem.json(), as: UTF8.self) == """
        {"type":"urn:kiosk:problem:insufficient_stock","title":"Conflict","status":409,\
        "detail":"order refused: not enough mango (needed 9, available 7)","code":"insufficient_stock","command":"order",\
        "missing":[{"ingredient":"mango","needed":9,"available":7}]}
        """)
    }

    @Test func statusesByCode() {
        #expect(Problem(.notANumber("x", what: "quantity"), command: "order").status == 400)
        #expect(Problem(.unknownItem("x", suggestion: nil), command: "order").status == 422)
        #expect(Problem(.unknownIngredient("x", suggestion: nil), command: "stock", pathNames: ["unknown_ingredient"]).status == 404)
        #expect(Problem(.belowZero(ingredient: "x", available: 1, requested: 2), command: "stock").status == 409)
    }

    @Test func theHTTPLayersCodesAreItsOwn() {
        #expect(Set(Problem.httpCodes).count == Problem.httpCodes.count)
        #expect(Set(Problem.httpCodes).isDisjoint(with: CommandError.codes))
    }
}
