/**
 * One delivery attempt: POST the signed body to the endpoint and say what happened. Any 2xx is
 * delivered; anything else (another status, a redirect, which is not followed since it could point
 * anywhere, a timeout, a refused or reset connection, an address that is not public) is a failed
 * attempt with its reason, to be tried again on the schedule of `retryAt`. The attempt never
 * throws: its outcome is a value the delivery log keeps.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SignedHeaders } from './signature.js';
import { guardedLookup, webhookUrlProblem } from './target.js';

/** How much of an endpoint's answer the log keeps. */
export const MAX_RESPONSE_SNIPPET = 1024;

export interface AttemptOutcome {
  readonly delivered: boolean;
  /** the endpoint had not answered when the timeout came */
  readonly timedOut: boolean;
  /** the endpoint's status code; null when it did not answer */
  readonly status: number | null;
  /** why it failed (null when delivered): `status 500`, `timeout after 10000 ms`, `ECONNREFUSED`, ... */
  readonly error: string | null;
  /** the start of the endpoint's answer, for the log */
  readonly response: string;
  readonly ms: number;
}

export interface AttemptInput {
  readonly url: string;
  readonly body: string;
  readonly headers: SignedHeaders;
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
  readonly userAgent: string;
  /** cuts the attempt short (the server is stopping): it fails with `stopped: …`, to be tried again */
  readonly signal?: AbortSignal;
}

/** The error of an attempt cut short by its signal. */
const STOPPED_ATTEMPT = 'stopped: the server stopped before the endpoint answered';

/** Send one attempt; resolves with its outcome, never rejects. */
export function sendAttempt(input: AttemptInput): Promise<AttemptOutcome> {
  const started = performance.now();
  const outcome = (status: number | null, error: string | null, response = '', timedOut = false): AttemptOutcome => ({
    delivered: error === null,
    timedOut,
    status,
    error,
    response,
    ms: Math.round(performance.now() - started),
  });
  const problem = webhookUrlProblem(input.url, input.allowPrivate);
  if (problem !== null) return Promise.resolve(outcome(null, problem));
  const url = new URL(input.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    /** once the endpoint's status has come: settles the attempt with it and what came of the body */
    let answered: (() => void) | null = null;
    const finish = (result: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(input.allowPrivate),
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': input.userAgent,
        },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        // The status is the answer: a body still coming at the timeout is cut there, not a failure.
        answered = () => done();
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_SNIPPET) chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_RESPONSE_SNIPPET) done();
        });
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_SNIPPET).toString('utf8');
          const ok = status >= 200 && status < 300;
          finish(outcome(status, ok ? null : `status ${status}`, text));
        };
        res.on('end', done);
        res.on('error', done);
      },
    );
    /** Ends the attempt early: with the endpoint's status if it came, else as `unanswered`. */
    const cutShort = (unanswered: AttemptOutcome) => (answered !== null ? answered() : finish(unanswered));
    const timer = setTimeout(
      () => cutShort(outcome(null, `timeout after ${input.timeoutMs} ms`, '', true)),
      input.timeoutMs,
    );
    req.on('error', (error: NodeJS.ErrnoException) => finish(outcome(null, error.code ?? error.message)));
    const signal = input.signal;
    if (signal !== undefined) {
      const stop = () => cutShort(outcome(null, STOPPED_ATTEMPT));
      if (signal.aborted) stop();
      else {
        signal.addEventListener('abort', stop, { once: true });
        req.on('close', () => signal.removeEventListener('abort', stop));
      }
    }
    req.end(input.body);
  });
}

/** First retry after 30 s, doubling up to an hour between attempts, for a day after the first attempt. */
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 3_600_000;
export const RETRY_FOR_MS = 86_400_000;

/**
 * When to try a failed delivery again, or null once a day has passed since its first attempt.
 * `attempts` counts the attempts made so far (1 after the first); `random` is in [0, 1) and spreads
 * the retries of many deliveries that failed together over half of each delay.
 */
export function retryAt(firstAttemptAt: number, attempts: number, now: number, random: number): number | null {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  const next = now + Math.round(base * (0.5 + random / 2));
  return next - firstAttemptAt > RETRY_FOR_MS ? null : next;
}
