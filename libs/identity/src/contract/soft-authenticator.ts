/**
 * A software authenticator for the contract suite (Node only): answers the options a provider gives with a real
 * P-256 key, as a browser with a platform authenticator would ("none" attestation, ES256), and lets a case bend
 * one thing at a time (origin, user verification, counter, signature) to see the provider refuse it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyCredentialJSON } from '../types';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The little CBOR the attestation object and a COSE key need: maps, text, bytes, integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  // Buffers are Node's, the test environment's Uint8Array may be another realm's: ask the view, not the class.
  if (ArrayBuffer.isView(value)) {
    const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return Buffer.concat([head(2, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

export class SoftAuthenticator {
  userVerified = true;
  /** The counter of the next answer is this plus one. */
  counter = 0;
  tamperSignature = false;
  readonly credentialId = randomBytes(32);
  userHandle = '';
  private readonly key: KeyObject;
  private readonly jwk: { x: string; y: string };

  constructor(
    public rpId: string,
    public origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.jwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(attested: boolean): Buffer {
    this.counter += 1;
    const flags = 0x01 | (this.userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts: Buffer[] = [createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      const cose = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.jwk.x, 'base64url')],
        [-3, Buffer.from(this.jwk.y, 'base64url')],
      ]);
      parts.push(Buffer.alloc(16), length, this.credentialId, cbor(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, options: PasskeyCredentialJSON | undefined): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: String(options?.challenge ?? ''), origin: this.origin, crossOrigin: false }));
  }

  /** Answers creation options with a RegistrationResponseJSON. */
  register(options: PasskeyCredentialJSON | undefined): PasskeyCredentialJSON {
    this.userHandle = String((options?.user as { id?: string } | undefined)?.id ?? '');
    const attestation = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(true)]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options)), attestationObject: b64url(attestation), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** Answers request options with an AuthenticationResponseJSON. */
  login(options: PasskeyCredentialJSON | undefined): PasskeyCredentialJSON {
    const authData = this.authData(false);
    const clientData = this.clientData('webauthn.get', options);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), { key: this.key, dsaEncoding: 'der' });
    if (this.tamperSignature) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0x01, signature.length - 1);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}
