import KioskMenu
import KioskText
import KioskWire

extension WebhookSecret {
    /// The menu's check of a `secret` option, so a bad secret is an error when the menu is read.
    public static let rule = TextRule(
        name: trNoop("a webhook secret"),
        help: trNoop("a secret is 'whsec_' and the key in base64, such as whsec_ followed by the output of 'openssl rand -base64 32'")
    ) { text in
        do throws(Problem) {
            _ = try WebhookSecret(parsing: text)
            return nil
        } catch {
            return error.reason
        }
    }
}
