#ifndef SPORTSTIME_COPENSSL_SHIM_H
#define SPORTSTIME_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

// Functions for what Swift cannot call directly: macros and variadic functions of OpenSSL 3.
// Each is a one-line forward; the `sts_` prefix keeps them apart from OpenSSL's names.

/// `OPENSSL_free` (a macro that passes the caller's file and line).
static inline void sts_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

/// `BIO_get_mem_data` (a macro over `BIO_ctrl`): the bytes written to a memory BIO.
static inline long sts_BIO_get_mem_data(BIO *bio, char **data) {
  return BIO_get_mem_data(bio, data);
}

/// `sk_X509_new_null`.
static inline STACK_OF(X509) *sts_sk_X509_new_null(void) { return sk_X509_new_null(); }

/// `sk_X509_push`: the stack does not take a reference; the caller keeps the certificate alive.
static inline int sts_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) {
  return sk_X509_push(stack, certificate);
}

/// `sk_X509_num`.
static inline int sts_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }

/// `sk_X509_value`.
static inline X509 *sts_sk_X509_value(const STACK_OF(X509) *stack, int index) {
  return sk_X509_value(stack, index);
}

/// `sk_X509_free`: frees the stack only, not the certificates.
static inline void sts_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }

/// `EVP_EC_gen` (a macro over the variadic `EVP_PKEY_Q_keygen`): a fresh random EC key.
static inline EVP_PKEY *sts_EVP_EC_gen(const char *curve) { return EVP_EC_gen(curve); }

/// `EVP_PKEY_KEYPAIR` (a macro expression): the selection for `EVP_PKEY_fromdata` of a full key.
static inline int sts_EVP_PKEY_KEYPAIR(void) { return EVP_PKEY_KEYPAIR; }

/// `EVP_PKEY_PUBLIC_KEY` (a macro expression): the selection for `EVP_PKEY_fromdata` of a
/// public key.
static inline int sts_EVP_PKEY_PUBLIC_KEY(void) { return EVP_PKEY_PUBLIC_KEY; }

/// `XN_FLAG_RFC2253` without `ASN1_STRFLGS_ESC_MSB`: names printed as RFC 2253 in UTF-8.
static inline unsigned long sts_XN_FLAG_RFC2253_UTF8(void) {
  return XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB;
}

#endif
