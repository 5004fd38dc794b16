/// `menu`: the items with price, recipe and how many can be made now.
public enum MenuCommand: CommandHandler {
    public static func run(_ arguments: NoArguments, in session: Session) throws(CommandError) -> CommandOutput {
        let kiosk = session.kiosk
        let now = session.clock()
        return .menu(MenuListing(menu: kiosk.menu, inventory: kiosk.inventory) { kiosk.isServed($0, at: now) })
    }
}
