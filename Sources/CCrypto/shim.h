// The parts of OpenSSL's libcrypto that kiosk-http uses: HMAC-SHA256 for signing webhooks.
#ifndef KIOSK_CCRYPTO_SHIM_H
#define KIOSK_CCRYPTO_SHIM_H

#include <openssl/evp.h>
#include <openssl/hmac.h>

#endif
