import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the API must read back (staff's authenticator secrets) are stored encrypted with AES-256-GCM
 * under a key from the configuration (AppConfig.twoFactor.secretKey): `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text of a sealed secret, or null when it was sealed under another key or altered. */
export function open(sealed: string, key: Buffer): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
