// The `kiosk` executable's first constructor (kiosk_start.c): nothing to call, nothing to
// import; SwiftPM wants a header for a C target.
#ifndef KIOSK_START_H
#define KIOSK_START_H
#endif
