/// The API's description, OpenAPI 3.1, served at `/api/v1/openapi.json`: every route, its
/// bodies and its problems. The document is `openapi.json` beside this file, built into the
/// binary like the pages (kiosk ships no resource files) and served byte for byte;
/// `openapi-spec-validator` accepts it, and `OpenAPIDocumentTests` checks it names every route
/// of `APIRoutes`.
public enum OpenAPIDocument {
    public static var bytes: [UInt8] { PackageResources.openapi_json }
}
