/// `menu`: the items with price, recipe and how many can be made now.
public enum MenuCommand: CommandHandler {
    public static func run(_ arguments: NoArguments, in session: Session) throws(CommandError) -> CommandOutput {
        .menu(MenuListing(menu: session.kiosk.menu, inventory: session.kiosk.inventory))
    }
}
