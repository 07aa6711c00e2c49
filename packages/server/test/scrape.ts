/**
 * Tests' reader of GET /metrics: the Prometheus text format (0.0.4) checked line by line, strictly
 * (a HELP and a TYPE before each family's samples, names and labels as the format allows them,
 * values as numbers), and its samples as values to look up. Not part of the package's API.
 */
import type { TestServer } from './server.js';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
/** a value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes Nan) */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-][Ii][Nn][Ff])$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** The samples of an exposition text; throws at the first line the format does not allow. */
export function parseExposition(text: string): Sample[] {
  if (!text.endsWith('\n')) throw new Error('the text does not end with a line break');
  const samples: Sample[] = [];
  const typed = new Map<string, string>();
  for (const line of text.slice(0, -1).split('\n')) {
    // the format ignores empty lines (prom-client puts one between families)
    if (line === '') continue;
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) {
      const [, , name = '', rest = ''] = line.split(' ', 4);
      if (!NAME.test(name)) throw new Error(`a bad family name: ${line}`);
      if (line.startsWith('# TYPE ')) {
        if (!TYPES.has(rest) || typed.has(name)) throw new Error(`a bad or repeated TYPE: ${line}`);
        typed.set(name, rest);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const [, name = '', , body = ''] = match;
    const family = [...typed.keys()].find(
      (f) => name === f || ['_bucket', '_sum', '_count', '_total'].some((s) => name === f + s),
    );
    if (family === undefined) throw new Error(`a sample before its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const label = LABEL.exec(body);
      if (label === null) throw new Error(`bad labels: ${line}`);
      labels[label[1] as string] = (label[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const text = match[4] as string;
    const value = /^[Nn]/.test(text)
      ? Number.NaN
      : /^[+-][Ii]/.test(text)
        ? Number(`${text[0]}Infinity`)
        : Number(text);
    if (!/^[Nn]/.test(text) && Number.isNaN(value)) throw new Error(`not a number: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels`, summed over the others' (0 when none). */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics of the tests' server, parsed (with `token` as the bearer token when given). */
export async function scrape(t: TestServer, token?: string): Promise<Sample[]> {
  const answer = await t.call('GET', '/metrics', {
    key: null,
    headers: token !== undefined ? { authorization: `Bearer ${token}` } : {},
  });
  if (answer.status !== 200) throw new Error(`GET /metrics answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return parseExposition(answer.body as string);
}
