/// The menus compiled into the binary, so `kiosk` works from any directory.
public enum BundledMenu {
    /// The name diagnostics and `reload` use for the bundled Juice Maker.
    public static let juiceMakerPath = "juice.kiosk (bundled)"

    /// `menus/juice.kiosk`, byte for byte (a test keeps the two the same).
    public static let juiceMaker = """
# The Juice Maker: five fruits, seven juices.
kiosk "Juice Maker"

ingredient strawberry stock 10
ingredient banana     stock 10
ingredient pineapple  stock 10
ingredient kiwi       stock 10
ingredient mango      stock 10

item "Strawberry Juice"        needs strawberry 16
item "Banana Juice"            needs banana 2
item "Kiwi Juice"              needs kiwi 3
item "Pineapple Juice"         needs pineapple 2
item "Strawberry Banana Juice" needs strawberry 10, banana 1
item "Mango Juice"             needs mango 3
item "Mango Kiwi Juice"        needs mango 2, kiwi 1

"""
}
