import KioskHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// kiosk-http: the helper kiosk starts to send webhooks with URLSession. Not for people;
// it speaks one JSON line per request on standard input and output.
exit(HTTPAgent.run())
