import {
  createCipheriv,
  createDecipheriv,
  hash as digest,
  hkdfSync,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's first argon2id choice: 19 MiB, two passes, one lane. Every deployment hashes with it. */
export const ARGON2_COST: Readonly<HashCost> = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
let cost = ARGON2_COST;

/**
 * Tests only: argon2id at `lower` instead of production's cost, or production's again with
 * `undefined`. The server's tests sign up and sign in hundreds of users, and 19 MiB per hash was a
 * large share of their time. Refused outside Vitest, so no deployment can lower it.
 */
export function setHashCostForTests(lower: HashCost | undefined) {
  if (!process.env.VITEST) throw new Error('the password hashing cost is lowered only in tests');
  cost = lower ?? ARGON2_COST;
}

function scryptKey(secret: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes written before argon2id: `scrypt$N$r$p$salt$key`. They still verify until upgraded. */
async function verifyScrypt(secret: string, stored: string): Promise<boolean> {
  const [, N, r, p, salt, key] = stored.split('$');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptKey(
    secret,
    Buffer.from(salt, 'base64url'),
    Number(N),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** argon2id in PHC form (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`): the parameters travel with it. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret.normalize('NFKC'), { algorithm: 2 satisfies Algorithm.Argon2id, ...cost });
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const normalized = secret.normalize('NFKC');
  if (stored.startsWith('scrypt$')) return verifyScrypt(normalized, stored);
  if (!stored.startsWith('$argon2')) return false;
  return verify(stored, normalized).catch(() => false);
}

/** A stored hash that is not argon2id with today's parameters: rewrite it at the next correct use. */
function isOutdatedHash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const used = parseOptions(stored);
    return (
      used.memoryCost !== cost.memoryCost || used.timeCost !== cost.timeCost || used.parallelism !== cost.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * The hash to store after `secret` matched `stored`, when `stored` is outdated; otherwise undefined.
 * Callers write it only where the row still holds `stored`, so a change made meanwhile is kept.
 */
export async function upgradedHash(secret: string, stored: string): Promise<string | undefined> {
  return isOutdatedHash(stored) ? hashSecret(secret) : undefined;
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;
export function decoySecretHash(): Promise<string> {
  decoyHash ??= hashSecret(randomBytes(12).toString('hex'));
  return decoyHash;
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Node's one-shot hash: every authenticated request hashes its token, and a Hash object cost four times as much. */
export function sha256(value: string): string {
  return digest('sha256', value, 'hex');
}

export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomInviteCode(length = 7): string {
  return Array.from({ length }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
}

/** A key of its own for `purpose`, derived from a server secret, so one secret never serves two uses. */
export function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
}

/** `text` encrypted and authenticated (AES-256-GCM) under `key`: what may wait in a table unread. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The text `seal` sealed under `key`; throws when it was sealed under another key or changed. */
export function unseal(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
