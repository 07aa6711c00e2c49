/**
 * What a dashboard sign-in attempt passes before any secret is checked. Every attempt counts against
 * its client (IPv4 address or IPv6 /64); a password attempt also against the account it names (or,
 * when no account has that name, the name itself, so that a name's answers do not tell whether it
 * exists) and then waits for one of the few password-check slots of the process (hashing-slots.ts).
 * The attempt limits are token buckets like the API keys' rate limit, shared the same way by the
 * processes on one Redis (shared-limits.ts, in a record of their own).
 *
 * A key sign-in is not counted against the account: a key cannot be guessed, and an attacker
 * guessing at the password must not keep the owner from signing in with a key.
 */
import { clientOf } from './client-address.js';
import { HttpError } from '../errors/errors.js';
import type { HashingSlots } from './hashing-slots.js';
import type { Limiter } from './shared-limits.js';

/** Attempts a client, or an account, may make at once. */
export const SIGN_IN_BURST = 10;
/** Attempts a client, or an account, may make per second once its burst is spent (one every 10 s). */
export const SIGN_IN_PER_SECOND = 0.1;
/** The record of the counters the processes on one Redis share. */
export const SIGN_IN_RECORD = 'ratelimit:sign-in';

function refuse(retry: number): never {
  throw new HttpError('RATE_LIMITED', `too many sign-in attempts; retry in ${retry} s`, {
    headers: { 'retry-after': String(retry) },
  });
}

export class SignInLimits {
  constructor(
    private readonly attempts: Limiter,
    readonly checks: HashingSlots,
  ) {}

  /** Counts an attempt from this address; 429 RATE_LIMITED when its client has made too many. */
  client(address: string): void {
    const retry = this.attempts.take(`client:${clientOf(address)}`);
    if (retry > 0) refuse(retry);
  }

  /** Counts a password attempt at an account (by id), or at a name no account has; 429 when too many. */
  account(target: { id: string } | { name: string }): void {
    const retry = this.attempts.take('id' in target ? `account:${target.id}` : `name:${target.name}`);
    if (retry > 0) refuse(retry);
  }

  /** A password-check slot (give it back when done); 429 SIGN_IN_BUSY at once when the line is full. */
  async enter(): Promise<() => void> {
    const slot = this.checks.enter();
    if (slot === null)
      throw new HttpError('SIGN_IN_BUSY', 'the server is checking too many sign-ins at once; retry in 1 s', {
        headers: { 'retry-after': '1' },
      });
    return slot;
  }
}
