import KioskHTTP
import KioskSystem

// kiosk-http: the helper kiosk starts to send webhooks with URLSession. Not for people;
// it speaks one JSON line per request on standard input and output.
CurrentProcess.exit(HTTPAgent.run())
