/**
 * Answers to what Node's HTTP server refuses before Fastify routes a request (a malformed request
 * line, headers over 16 KB, a request not received within its timeout, an `Expect` it cannot
 * meet, an HTTP/1.1 request without `Host`, a CONNECT), in the one error shape `{ error, code }` (errors.ts)
 * instead of Node's and Fastify's own, with `Connection: close`, and no body after a HEAD. A
 * request refused behind others on the same connection (pipelined) is answered after theirs, in
 * order, as HTTP/1.1 asks: their answers are not cut off, nor replaced by the refusal. The socket is
 * then closed.
 */
import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newId } from '../random-ids.js';
import { clientErrorReply, type ErrorReply, HttpError, toErrorReply } from '../errors/errors.js';
import { REQUEST_ID, requestIdOf } from './request-id.js';
import { NOT_A_PAGE_LINES } from './security-headers.js';

/** What Node attaches to a parser error and to the socket it reads; none of it is guaranteed. */
interface ParserError extends Error {
  code?: string;
  reason?: string;
  /** the bytes being parsed when the error came (a Buffer) */
  rawPacket?: unknown;
}
interface ServerSocket extends Socket {
  /** the request being read, once its headers are in */
  parser?: { incoming?: { method?: string } | null } | null;
  /** the answer being written on this socket, if any (the next waits in line behind it) */
  _httpMessage?: ServerResponse | null;
}

/**
 * The method of the request that failed: from the request being read, else from the start of the
 * bytes that failed to parse (the usual case: the error comes in the request's first packet), else
 * unknown. An unknown method is answered with a body, which a HEAD client on a closing connection ignores.
 */
function methodOf(error: ParserError, socket: ServerSocket): string | null {
  const incoming = socket.parser?.incoming?.method;
  if (typeof incoming === 'string') return incoming;
  if (!Buffer.isBuffer(error.rawPacket)) return null;
  return /^([A-Z]+) /.exec(error.rawPacket.subarray(0, 8).toString('latin1'))?.[1] ?? null;
}

/**
 * Writes `answer` on a socket no answer has begun on (with no body after a HEAD), with a fresh
 * request id (the request's headers were not read, or not whole); false when it could not.
 */
function writeAnswer(socket: ServerSocket, answer: ErrorReply, head: boolean, id: string = newId()): boolean {
  if (socket.destroyed || !socket.writable || socket._httpMessage?.headersSent === true) return false;
  const body = JSON.stringify(answer.body);
  const lines = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    `Request-Id: ${id}`,
    ...NOT_A_PAGE_LINES,
  ].join('\r\n');
  socket.write(`${lines}\r\n\r\n${head ? '' : body}`);
  return true;
}

/** How long a refusal waits behind the answers in flight on its connection before closing it unanswered. */
const MAX_WAIT_FOR_ANSWERS_MS = 30_000;

/** The handler of the http server's 'clientError' event (Fastify's `clientErrorHandler`, called with the instance as `this`). */
export function answerClientError(this: FastifyInstance, error: ParserError, socket: ServerSocket): void {
  const answer = clientErrorReply(error);
  const head = methodOf(error, socket) === 'HEAD';
  // an answer in flight that never ends (its handler hung) does not keep the connection for ever
  const giveUp = setTimeout(() => socket.destroy(), MAX_WAIT_FOR_ANSWERS_MS);
  giveUp.unref();
  const refuse = () => {
    clearTimeout(giveUp);
    const reqId = newId();
    if (answer !== null && writeAnswer(socket, answer, head, reqId))
      this.log.debug({ reqId, code: error.code, status: answer.status }, 'refused a request Node could not read');
    socket.destroy();
  };
  afterAnswersInFlight(socket, refuse);
}

/**
 * Runs `then` once no answer is being written on `socket` to a request received whole: at once, or
 * when the answers to the requests before (Node hands the socket to each in turn as the one before
 * finishes) are all sent.
 * A socket closed meanwhile is closed for good: nothing is left to answer on it.
 */
function afterAnswersInFlight(socket: ServerSocket, then: () => void): void {
  const answer = socket._httpMessage;
  // Only the answer to a request received whole is waited for: one still waiting for its own body
  // is the request that failed (its timeout passed), and would hold the socket as long as a slow
  // client likes.
  if (answer == null || socket.destroyed || answer.req?.complete !== true) {
    then();
    return;
  }
  const next = () => {
    answer.off('finish', next);
    answer.off('close', next);
    // Node's own 'finish' listener, added when the answer was made, has by now handed the socket
    // to the next answer in line, if any
    afterAnswersInFlight(socket, then);
  };
  answer.on('finish', next);
  answer.on('close', next);
}

/**
 * The http server's 'connect' handler: a CONNECT asks for a proxy's tunnel, which Node hands to a
 * listener with the raw socket and, without one, answers by closing the connection.
 */
export function answerConnect(_request: IncomingMessage, socket: Socket): void {
  writeAnswer(
    socket as ServerSocket,
    toErrorReply(new HttpError('BAD_REQUEST', 'this server is not a proxy: it serves no CONNECT')),
    false,
  );
  socket.destroy();
}

/** The http server's 'checkExpectation' handler: an `Expect` other than 100-continue (Node answers that one itself). */
export function answerExpectation(request: IncomingMessage, response: ServerResponse): void {
  const answer = toErrorReply(
    new HttpError(
      'EXPECTATION_FAILED',
      `the server cannot meet Expect: ${String(request.headers.expect)}; send the request without it`,
    ),
  );
  const body = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
    [REQUEST_ID]: requestIdOf(request),
  });
  response.end(body);
}

/**
 * Refuses an HTTP/1.1 request without a Host header (RFC 9112 §3.2), as Node would with an empty
 * 400 (its `requireHostHeader`, turned off in app.ts so that this answer has the one error shape).
 */
export function refuseMissingHost(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1 && request.headers.host === undefined) {
    throw new HttpError('MISSING_HOST', 'an HTTP/1.1 request must carry a Host header');
  }
}
