/**
 * A client's traffic during a fault, measured: workers record events in a loop (bounded by a pause
 * between requests and by `stop()`), and every answer is kept with when it was asked, how long it
 * took, its status, code and Retry-After. A request that gets no answer within `timeoutMs` is kept
 * with status 0. Also the same for single calls (readiness probes, admin calls).
 */
import { sleep } from './server-process.js';

export interface Answer {
  readonly user: string;
  /** Date.now() when the request was sent */
  readonly at: number;
  /** how long until the answer (or until giving up) */
  readonly ms: number;
  /** 0: no answer within the timeout, or the connection failed */
  readonly status: number;
  readonly code: string | null;
  readonly retryAfter: string | null;
  readonly error: string | null;
}

export interface Call {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly key?: string;
  readonly body?: unknown;
  readonly timeoutMs?: number;
}

/** One request, measured; never throws. */
export async function measure(call: Call, user = ''): Promise<Answer> {
  const at = Date.now();
  try {
    const response = await fetch(call.url, {
      method: call.method ?? 'GET',
      headers: {
        ...(call.key !== undefined ? { 'x-api-key': call.key } : {}),
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal: AbortSignal.timeout(call.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let code: string | null = null;
    let error: string | null = null;
    try {
      const body = JSON.parse(text) as { code?: string; error?: string };
      code = body.code ?? null;
      error = body.error ?? null;
    } catch {
      error = text.slice(0, 200);
    }
    return {
      user,
      at,
      ms: Date.now() - at,
      status: response.status,
      code,
      retryAfter: response.headers.get('retry-after'),
      error,
    };
  } catch (failure) {
    return { user, at, ms: Date.now() - at, status: 0, code: null, retryAfter: null, error: String(failure) };
  }
}

export interface Traffic {
  readonly answers: Answer[];
  stop(): Promise<void>;
}

/**
 * `concurrency` workers, each recording one event at a time for the users in turn, `gapMs` apart:
 * at most concurrency × 1000 / gapMs requests a second.
 */
export function startTraffic(options: {
  url: string;
  key: string;
  users: readonly string[];
  concurrency?: number;
  gapMs?: number;
  timeoutMs?: number;
}): Traffic {
  const answers: Answer[] = [];
  let running = true;
  let turn = 0;
  const worker = async () => {
    while (running) {
      const user = options.users[turn++ % options.users.length] as string;
      answers.push(
        await measure(
          {
            url: `${options.url}/api/metrics/lessons/event`,
            method: 'POST',
            key: options.key,
            body: { user: { id: user }, value: 1 },
            timeoutMs: options.timeoutMs ?? 10_000,
          },
          user,
        ),
      );
      await sleep(options.gapMs ?? 25);
    }
  };
  const workers = Array.from({ length: options.concurrency ?? 4 }, worker);
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Polls `call` every `everyMs` until `until()` is true; every answer kept. */
export function poll(call: Call, everyMs: number): { answers: Answer[]; stop(): Promise<void> } {
  const answers: Answer[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      answers.push(await measure(call));
      await sleep(everyMs);
    }
  })();
  return {
    answers,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** The first answer asked at or after `from` that satisfies `test`, waiting up to `timeoutMs` for it. */
export async function firstAfter(
  answers: readonly Answer[],
  from: number,
  test: (answer: Answer) => boolean,
  timeoutMs: number,
): Promise<Answer | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = answers.find((answer) => answer.at >= from && test(answer));
    if (found !== undefined) return found;
    if (Date.now() > deadline) return null;
    await sleep(50);
  }
}

/** A short line per answer, for failure messages. */
export function describeAnswer(answer: Answer, origin: number): string {
  return `+${answer.at - origin} ms ${answer.user} → ${answer.status} ${answer.code ?? ''} in ${answer.ms} ms${answer.retryAfter !== null ? ` (Retry-After ${answer.retryAfter})` : ''}${answer.status !== 201 && answer.error !== null ? `: ${answer.error.slice(0, 120)}` : ''}`;
}

/** How the answers of a window went: counts by status/code, the slowest. */
export function summarize(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const label = `${answer.status}${answer.code !== null ? ` ${answer.code}` : ''}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const slowest = answers.reduce((max, answer) => Math.max(max, answer.ms), 0);
  return `${answers.length} answers (${[...counts].map(([label, n]) => `${n}× ${label}`).join(', ')}), slowest ${slowest} ms`;
}
