import KioskMenu
import KioskWire

extension WebhookSecret {
    /// The menu's check of a `secret` option, so a bad secret is an error when the menu is read.
    public static let rule = TextRule(
        name: "a webhook secret",
        help: "a secret is 'whsec_' and the key in base64, such as whsec_ followed by the output of 'openssl rand -base64 32'"
    ) { text in
        do throws(Problem) {
            _ = try WebhookSecret(parsing: text)
            return nil
        } catch {
            return error.reason
        }
    }
}
