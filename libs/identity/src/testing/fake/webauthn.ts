/**
 * What the fake needs to check a WebAuthn answer as the embedded provider does (go-webauthn there): a CBOR
 * decoder for the attestation object and the COSE key, the authenticator data's layout, and an ES256 signature
 * check with WebCrypto. Only "none" attestation and ES256 keys (what the service asks for, and what platform
 * authenticators and Chromium's virtual one give); anything else is refused as invalid.
 */

export function fromBase64Url(value: string): Uint8Array {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomBase64Url(length = 32): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return toBase64Url(bytes);
}

export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data as BufferSource));
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Decodes one CBOR item at `offset`; answers it and where the next one starts. Throws on anything unexpected. */
export function decodeCbor(bytes: Uint8Array, offset = 0): { value: unknown; next: number } {
  let pos = offset;
  const byte = (): number => {
    if (pos >= bytes.length) throw new Error('cbor: truncated');
    return bytes[pos++]!;
  };
  const length = (info: number): number => {
    if (info < 24) return info;
    let n = 0;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : 0;
    if (size === 0) throw new Error('cbor: unsupported length');
    for (let i = 0; i < size; i += 1) n = n * 256 + byte();
    return n;
  };
  const item = (): unknown => {
    const head = byte();
    const major = head >> 5;
    const info = head & 0x1f;
    switch (major) {
      case 0:
        return length(info);
      case 1:
        return -1 - length(info);
      case 2: {
        const n = length(info);
        if (pos + n > bytes.length) throw new Error('cbor: truncated');
        const out = bytes.slice(pos, pos + n);
        pos += n;
        return out;
      }
      case 3: {
        const n = length(info);
        if (pos + n > bytes.length) throw new Error('cbor: truncated');
        const out = new TextDecoder().decode(bytes.slice(pos, pos + n));
        pos += n;
        return out;
      }
      case 4: {
        const n = length(info);
        return Array.from({ length: n }, () => item());
      }
      case 5: {
        const n = length(info);
        const out = new Map<unknown, unknown>();
        for (let i = 0; i < n; i += 1) out.set(item(), item());
        return out;
      }
      case 7:
        if (info === 20) return false;
        if (info === 21) return true;
        if (info === 22) return null;
        throw new Error('cbor: unsupported simple value');
      default:
        throw new Error('cbor: unsupported type');
    }
  };
  const value = item();
  return { value, next: pos };
}

export interface AuthenticatorData {
  rpIdHash: Uint8Array;
  userVerified: boolean;
  backupEligible: boolean;
  backupState: boolean;
  signCount: number;
  credentialId?: Uint8Array;
  publicKey?: JsonWebKey;
}

export function parseAuthenticatorData(data: Uint8Array): AuthenticatorData {
  if (data.length < 37) throw new Error('authenticator data too short');
  const flags = data[32]!;
  const out: AuthenticatorData = {
    rpIdHash: data.slice(0, 32),
    userVerified: (flags & 0x04) !== 0,
    backupEligible: (flags & 0x08) !== 0,
    backupState: (flags & 0x10) !== 0,
    signCount: new DataView(data.buffer, data.byteOffset + 33, 4).getUint32(0),
  };
  if ((flags & 0x40) === 0) return out;
  if (data.length < 55) throw new Error('attested credential data too short');
  const idLength = (data[53]! << 8) | data[54]!;
  out.credentialId = data.slice(55, 55 + idLength);
  const { value } = decodeCbor(data, 55 + idLength);
  out.publicKey = coseToJwk(value);
  return out;
}

/** An EC2 P-256 COSE key (ES256) as a JWK; anything else throws. */
function coseToJwk(value: unknown): JsonWebKey {
  if (!(value instanceof Map) || value.get(1) !== 2 || value.get(3) !== -7 || value.get(-1) !== 1) throw new Error('only ES256 keys');
  const x = value.get(-2);
  const y = value.get(-3);
  if (!(x instanceof Uint8Array) || !(y instanceof Uint8Array)) throw new Error('bad EC key');
  return { kty: 'EC', crv: 'P-256', x: toBase64Url(x), y: toBase64Url(y), ext: true };
}

/** The attestation object of a registration: only "none" attestation, whose authData carries the new key. */
export function parseAttestationObject(bytes: Uint8Array): AuthenticatorData {
  const { value } = decodeCbor(bytes);
  if (!(value instanceof Map) || value.get('fmt') !== 'none') throw new Error('only none attestation');
  const authData = value.get('authData');
  if (!(authData instanceof Uint8Array)) throw new Error('no authData');
  const parsed = parseAuthenticatorData(authData);
  if (!parsed.credentialId || !parsed.publicKey) throw new Error('no attested credential');
  return parsed;
}

/** A DER ECDSA signature as WebCrypto wants it: r and s, 32 bytes each. */
function derToRaw(der: Uint8Array): Uint8Array {
  if (der[0] !== 0x30) throw new Error('signature is not DER');
  let pos = 2;
  const part = (): Uint8Array => {
    if (der[pos] !== 0x02) throw new Error('signature is not DER');
    const n = der[pos + 1]!;
    let value = der.slice(pos + 2, pos + 2 + n);
    pos += 2 + n;
    while (value.length > 32 && value[0] === 0) value = value.slice(1);
    if (value.length > 32) throw new Error('bad signature');
    const out = new Uint8Array(32);
    out.set(value, 32 - value.length);
    return out;
  };
  const r = part();
  const s = part();
  const raw = new Uint8Array(64);
  raw.set(r);
  raw.set(s, 32);
  return raw;
}

/** Verifies an assertion signature over authData ‖ SHA-256(clientDataJSON). */
export async function verifyES256(publicKey: JsonWebKey, signature: Uint8Array, authData: Uint8Array, clientDataJSON: Uint8Array): Promise<boolean> {
  try {
    const key = await globalThis.crypto.subtle.importKey('jwk', publicKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const signed = new Uint8Array(authData.length + 32);
    signed.set(authData);
    signed.set(await sha256(clientDataJSON), authData.length);
    return await globalThis.crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, derToRaw(signature) as BufferSource, signed as BufferSource);
  } catch {
    return false;
  }
}
