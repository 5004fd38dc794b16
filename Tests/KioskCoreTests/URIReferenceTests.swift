import KioskCore
import Testing

@Suite struct URIReferenceTests {
    @Test(arguments: [
        // Absolute URIs, including every example of RFC 3986 §1.1.2.
        "ftp://ftp.is.co.za/rfc/rfc1808.txt", "http://www.ietf.org/rfc/rfc2396.txt", "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212", "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "https://stand.example/kiosks/7", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
        "http://user:pa%20ss@host:8080/p/a/t/h?query=1&x#frag/?", "http:", "a+b-c.d:", "http://[::1]/", "http://[::ffff:192.0.2.1]:443",
        "http://[v7.fe80::1+en0]/", "http://[1:2:3:4:5:6:7:8]/", "http://[1:2:3:4:5:6:7::]/", "HTTP://EXAMPLE.COM:/",
        // Relative references, including the CloudEvents examples of `source`.
        "/kiosk/juice-maker", "/kiosk/caf%C3%A9", "cloudevents/spec/pull/123", "/sensors/tn-1234567/alerts", "1-555-123-4567",
        "//host/path", "//", "", ".", "../a/b:c", "./a:b", "?q", "#f", "a/b?c#d", "%41", "@x", "~user",
    ])
    func acceptsURIReferences(_ text: String) {
        #expect(URIReference.isValid(text))
    }

    @Test(arguments: [
        "kiosk/Juice Maker", "a b", "/kiosk/café", "/kiosk/딸기", "a\tb", "a\nb", "http://host/a\"b", "<x>", "a{b}", "a|b", "a\\b", "a^b", "a`b",
        "%", "%4", "%GG", "/a%2", // broken escapes
        "a:b:c d", ":no-scheme", "1http://x", "a:b/c:d e", "ab:c%",
        "1a:b", // a relative path whose first segment has a colon
        "http://a@b@c/", "http://host:80a/", "http://ho st/", "http://[::1/", "http://[::1]x/", "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[1::2::3]/", "http://[12345::]/", "http://[::1.2.3]/", "http://[::256.1.1.1]/", "http://[::01.1.1.1]/", "http://[1.2.3.4::]/",
        "http://[v.x]/", "http://[vx.y]/", "http://[v1.]/", "http://[fe80::1%en0]/", "http://[v7.fe80::1%25en0]/",
        "#a#b", "?a#b#c",
    ])
    func rejectsWhatIsNotAURIReference(_ text: String) {
        #expect(!URIReference.isValid(text))
    }

    @Test func aPathSegmentKeepsOnlyUnreservedCharacters() {
        #expect(URIReference.encodingPathSegment("juice-maker") == "juice-maker")
        #expect(URIReference.encodingPathSegment("a b/c?d%e~f_g.h") == "a%20b%2Fc%3Fd%25e~f_g.h")
        #expect(URIReference.encodingPathSegment("café-딸기") == "caf%C3%A9-%EB%94%B8%EA%B8%B0")
        #expect(URIReference.isValid("/kiosk/" + URIReference.encodingPathSegment("any thing: at \"all\" 🍓")))
    }
}
