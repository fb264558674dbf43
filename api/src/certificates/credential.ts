import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type * as Jose from 'jose' with { 'resolution-mode': 'import' };

// jose is an ES module: Node (20.19 and later) requires it as is; jest compiles it (jest.config.js).
// Loaded with the first signature, not at start (docs/testing.md, "Test time").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jose = () => require('jose') as typeof Jose;
type JWK = Jose.JWK;

/** PKCS #8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The platform's certificate signing key (Ed25519, from its 32-byte seed) and its public JWK with a key id. */
export class CredentialSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  private jwk?: Promise<JWK & { kid: string }>;

  constructor(seed: Buffer) {
    this.privateKey = createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    this.publicKey = createPublicKey(this.privateKey);
  }

  /** The public key as a JWK, its key id the RFC 7638 thumbprint (changes only when the key does). */
  publicJwk(): Promise<JWK & { kid: string }> {
    this.jwk ??= (async () => {
      const jwk = await jose().exportJWK(this.publicKey);
      const kid = await jose().calculateJwkThumbprint(jwk);
      return { ...jwk, kid, alg: 'EdDSA', use: 'sig' };
    })();
    return this.jwk;
  }

  /**
   * The credential as a VC-JWT (Open Badges 3.0 §8.2, VC data model 2.0): the credential's members
   * are the payload, with the registered claims iss (the issuer's id), jti (the credential's id), sub
   * (the subject's id) and nbf (validFrom); the header names the algorithm (EdDSA) and the key (kid).
   */
  async sign(credential: OpenBadgeCredential): Promise<string> {
    const { kid } = await this.publicJwk();
    return new (jose().SignJWT)({ ...credential } as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
      .setIssuer(credential.issuer.id)
      .setJti(credential.id)
      .setSubject(credential.credentialSubject.id)
      .setNotBefore(Math.floor(new Date(credential.validFrom).getTime() / 1000))
      .sign(this.privateKey);
  }
}

/** An Open Badges 3.0 OpenBadgeCredential (the fields this platform fills). */
export interface OpenBadgeCredential {
  '@context': string[];
  id: string;
  type: string[];
  name: string;
  issuer: { id: string; type: string[]; name: string; url: string };
  validFrom: string;
  credentialSubject: {
    id: string;
    type: string[];
    identifier: { type: 'IdentityObject'; identityHash: string; identityType: 'name'; hashed: false }[];
    achievement: {
      id: string;
      type: string[];
      name: string;
      description: string;
      criteria: { narrative: string };
      achievementType: string;
      inLanguage: string;
    };
  };
}

export const OB3_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
];
