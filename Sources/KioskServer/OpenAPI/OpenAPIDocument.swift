/// The API's description, OpenAPI 3.1, served at `/api/v1/openapi.json`. Kept here, in one
/// place, as the text it is served as (kiosk ships no resource files).
public enum OpenAPIDocument {
    public static var bytes: [UInt8] { Array(text.utf8) }

    static let text = #"""
    {"openapi":"3.1.0","info":{"title":"kiosk","version":"1"},"paths":{}}
    """#
}
