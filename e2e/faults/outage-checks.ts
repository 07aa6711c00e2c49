/**
 * What a client may see while the store is out: every request answered in bounded time, either
 * 201 (its store work was done) or 503 STORE_UNAVAILABLE with Retry-After; never a 500, never no
 * answer. Returns the answers that broke this, described, so a failing test shows them.
 */
import { describeAnswer, type Answer } from './traffic.js';

export interface OutageWindow {
  /** when the fault began and ended (Date.now()) */
  readonly from: number;
  readonly to: number;
  /** the longest an answer may take */
  readonly maxMs: number;
  /** what counts as an answer that worked (default: 201) */
  readonly ok?: (answer: Answer) => boolean;
}

export function isStoreUnavailable(answer: Answer): boolean {
  return (
    answer.status === 503 &&
    answer.code === 'STORE_UNAVAILABLE' &&
    answer.retryAfter !== null &&
    /^\d+$/.test(answer.retryAfter)
  );
}

/** The answers to requests sent during the window that were slow, unanswered, or neither 201 nor 503 STORE_UNAVAILABLE with Retry-After. */
export function findOutageViolations(answers: readonly Answer[], window: OutageWindow): string[] {
  const ok = window.ok ?? ((answer: Answer) => answer.status === 201);
  return answers
    .filter((answer) => answer.at >= window.from && answer.at < window.to)
    .filter((answer) => answer.ms > window.maxMs || !(ok(answer) || isStoreUnavailable(answer)))
    .map((answer) => describeAnswer(answer, window.from));
}
