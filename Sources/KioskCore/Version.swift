/// The version of kiosk, as `--version` and the webhook `User-Agent` show it.
public enum KioskVersion {
    public static let current = "0.1.0"
}
