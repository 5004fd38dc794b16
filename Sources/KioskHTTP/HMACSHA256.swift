import CCrypto

/// HMAC-SHA256 (RFC 2104 with SHA-256), computed by OpenSSL's libcrypto.
public enum HMACSHA256 {
    /// Bytes in a code.
    public static let byteCount = 32

    /// The 32-byte code of `message` under `key`, or `nil` if libcrypto fails (out of
    /// memory, or a FIPS provider that refuses the key).
    public static func code(for message: [UInt8], key: [UInt8]) -> [UInt8]? {
        // HMAC hashes a key longer than SHA-256's block anyway; doing it here keeps the
        // length within the `int` that HMAC() takes, whatever a user passes.
        guard key.count <= 64 else { return digest(key).flatMap { code(for: message, key: $0) } }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // A one-byte buffer stands in for an empty key or message: libcrypto wants pointers.
        let keyBytes = key.isEmpty ? [0] : key
        let messageBytes = message.isEmpty ? [0] : message
        let result = keyBytes.withUnsafeBytes { keyBuffer in
            messageBytes.withUnsafeBufferPointer { messageBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    HMAC(EVP_sha256(), keyBuffer.baseAddress, Int32(key.count), messageBuffer.baseAddress, message.count,
                         outputBuffer.baseAddress, &length)
                }
            }
        }
        guard result != nil, length == byteCount else { return nil }
        return Array(output.prefix(byteCount))
    }

    /// SHA-256 of `bytes`.
    private static func digest(_ bytes: [UInt8]) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { buffer in
                EVP_Digest(input.baseAddress, input.count, buffer.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        guard ok == 1, length == byteCount else { return nil }
        return Array(output.prefix(byteCount))
    }
}
