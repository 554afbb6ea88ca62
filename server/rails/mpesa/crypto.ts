// The M-Pesa OpenAPI Bearer: base64(RSA PKCS#1 v1.5 encryption of the API key or session ID with the
// portal's public key). The provider decrypts it with its private key.
import { constants, createPublicKey, type KeyObject, privateDecrypt, publicEncrypt } from 'node:crypto';

/** `publicKey` is the portal's base64 DER SubjectPublicKeyInfo. Throws when it is not a key. */
export function encryptBearer(publicKey: string, secret: string): string {
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(secret, 'utf8')).toString(
    'base64',
  );
}

/**
 * The emulator's side: the secret a Bearer carries, or null when it does not decrypt. Node 20 refuses
 * PKCS#1 v1.5 private decryption (CVE-2023-46809, a timing oracle), so the padding is removed by hand
 * after a raw decryption; an emulator has no secret worth that attack.
 */
export function decryptBearer(privateKey: KeyObject, bearer: string): string | null {
  try {
    const block = privateDecrypt(
      { key: privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(bearer, 'base64'),
    );
    // 0x00 0x02 <at least 8 non-zero padding bytes> 0x00 <message>
    if (block[0] !== 0 || block[1] !== 2) return null;
    const end = block.indexOf(0, 2);
    if (end < 10) return null;
    return block.subarray(end + 1).toString('utf8');
  } catch {
    return null;
  }
}
