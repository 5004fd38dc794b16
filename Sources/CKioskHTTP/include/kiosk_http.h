#ifndef KIOSK_HTTP_H
#define KIOSK_HTTP_H

// CKioskHTTP has no interface to call: its one function, curl_multi_setopt, is found by the
// dynamic linker in place of libcurl's (kiosk_http.c says why).

#endif
