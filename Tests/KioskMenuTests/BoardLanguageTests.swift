import KioskCore
import KioskMenu
import KioskTestSupport
import Testing

/// Stations, the board and items' prep times: what compiles, and every diagnostic as text.
@Suite struct BoardLanguageTests {
    @Test func aMenuWithoutABoardCompilesAsBefore() throws {
        let compiled = try #require(Compile(juiceMakerSource).menu)
        #expect(compiled.menu.board == nil)
        #expect(compiled.menu.stations == [.counter])
        #expect(compiled.menu.items.allSatisfy { $0.prep == Item.defaultPrep && $0.station == 0 })
        #expect(compiled.menu.messages == MessageCatalog.defaults)
        #expect(compiled.summary == "5 ingredients, 7 items, 0 sinks")
    }

    @Test func stationsBoardAndPrepTimes() throws {
        let compiled = try #require(Compile(pantry + """
        station blender staff 2
        board auto { warn 4m
          late 6m }
        item Shake needs banana 2, milk 1 prep 90s station Blender
        item Milk needs milk 1
        """).menu)
        let menu = compiled.menu
        #expect(menu.stations == [Station(name: "blender", staff: 2), Station(name: "counter", staff: 1)])
        #expect(menu.board == BoardSettings(warn: .seconds(240), late: .seconds(360), auto: true))
        #expect(menu.items.map(\.prep) == [.seconds(90), .seconds(60)])
        #expect(menu.items.map(\.station) == [0, 1])
        #expect(menu.messages[.orderSucceeded].text == "Ticket {ticket}: {item}.")
        #expect(compiled.summary == "2 ingredients, 2 items, 2 stations, 0 sinks")
    }

    @Test func withoutStationStatementsTheStationsItemsNameExistWithOneHand() throws {
        let menu = try #require(Compile(pantry + "board\nitem A needs milk 1 station bar\nitem B needs milk 1\nitem C needs milk 1 station BAR").menu).menu
        #expect(menu.stations == [Station(name: "bar"), Station(name: "counter")])
        #expect(menu.items.map(\.station) == [0, 1, 0])
        #expect(menu.board == BoardSettings())
    }

    @Test func aMessageMayUseTicketAndStation() throws {
        let menu = try #require(Compile(#"message ticket.ready "{ticket}번 나왔습니다!""# + "\n" + #"message ticket.started "{ticket} @ {station}""#).menu).menu
        let ready = Event.Payload.ticketReady(TicketChanged(ticket: 7, lines: []))
        #expect(menu.messages[.ticketReady].render(ready) == "7번 나왔습니다!")
        let started = Event.Payload.ticketStarted(TicketStarted(ticket: 7, station: "blender", prep: 1000, lines: []))
        #expect(menu.messages[.ticketStarted].render(started) == "7 @ blender")
    }

    @Test func theBoardMenusCompileAndTheirNamesFindTheirItems() throws {
        for name in ["juice-board", "juice-board-ko"] {
            let result = MenuCompiler(sinkSchemas: SinkSchemasFixture.all).compile(path: Repository.menus + "/\(name).kiosk")
            let compiled = try #require(result.menu, "\(name).kiosk has errors")
            #expect(compiled.summary == "5 ingredients, 7 items, 2 stations, 4 arrival rates, 0 sinks")
            #expect(compiled.menu.stations.map(\.staff) == [2, 1])
            #expect(compiled.menu.itemIndex(named: "mango juice") != nil)
        }
        let korean = try #require(MenuCompiler(sinkSchemas: SinkSchemasFixture.all).compile(path: Repository.menus + "/juice-board-ko.kiosk").menu).menu
        #expect(korean.messages[.ticketReady].text == "{ticket}번 나왔습니다! 맛있게 드세요!")
    }

    // MARK: Diagnostics

    @Test func anUnknownStationWhenStationsAreDeclaredSuggestsTheClosest() {
        #expect(Compile(pantry + "station blender staff 2\nitem Shake needs milk 1 station blendr").rendered == """
        menu.kiosk:4:33: error: unknown station 'blendr'
            4 | item Shake needs milk 1 station blendr
              |                                 ^~~~~~
              = help: did you mean 'blender'?

        """)
    }

    @Test func anUnknownStationWithNothingCloseListsTheDeclaredOnes() {
        #expect(Compile(pantry + "station blender\nstation bar\nitem Shake needs milk 1 station grill").rendered == """
        menu.kiosk:5:33: error: unknown station 'grill'
            5 | item Shake needs milk 1 station grill
              |                                 ^~~~~
              = help: stations are 'blender' and 'bar'; declare it: station grill staff 1

        """)
    }

    @Test func aStationWithoutStaff() {
        #expect(Compile("station blender staff 0").rendered == """
        menu.kiosk:1:23: error: 'staff' must be between 1 and 1,000 (found 0)
            1 | station blender staff 0
              |                       ^

        """)
    }

    @Test func aDuplicateStationPointsAtBoth() {
        #expect(Compile("station blender staff 2\nstation Blender").rendered == """
        menu.kiosk:2:9: error: duplicate station 'Blender'
            2 | station Blender
              |         ^~~~~~~
        menu.kiosk:1:9: note: 'blender' was first declared here
            1 | station blender staff 2
              |         ^~~~~~~

        """)
    }

    @Test func warnMustComeBeforeLate() {
        #expect(Compile("board { warn 8m late 5m }").rendered == """
        menu.kiosk:1:14: error: 'warn' (8m) must be shorter than 'late' (5m)
            1 | board { warn 8m late 5m }
              |              ^~
              = help: a ticket is marked warn first, then late: board { warn 5m late 8m }

        """)
    }

    @Test func warnMustComeBeforeTheDefaultLate() {
        #expect(Compile("board auto warn 10m").rendered == """
        menu.kiosk:1:17: error: 'warn' (10m) must be shorter than 'late' (8m by default)
            1 | board auto warn 10m
              |                 ^~~
              = help: a ticket is marked warn first, then late: board { warn 5m late 8m }

        """)
    }

    @Test func prepOutOfRange() {
        #expect(Compile(pantry + "item Stew needs milk 1 prep 2h\nitem Water needs milk 1 prep 0s").rendered == """
        menu.kiosk:3:29: error: 'prep' of 2h must be between 1s and 1h
            3 | item Stew needs milk 1 prep 2h
              |                             ^~
        menu.kiosk:4:30: error: 'prep' of 0s must be between 1s and 1h
            4 | item Water needs milk 1 prep 0s
              |                              ^~

        """)
    }

    @Test func aBoardDeclaredTwice() {
        #expect(Compile("board\nboard auto").rendered == """
        menu.kiosk:2:1: error: the board is declared twice
            2 | board auto
              | ^~~~~
        menu.kiosk:1:1: note: first given here
            1 | board
              | ^~~~~

        """)
    }

    @Test func autoTakesNoValue() {
        #expect(Compile("board auto yes").rendered == """
        menu.kiosk:1:12: error: unknown property 'yes' for 'board'
            1 | board auto yes
              |            ^~~
              = help: 'board' takes 'warn', 'late' and 'auto'

        """)
    }
}
