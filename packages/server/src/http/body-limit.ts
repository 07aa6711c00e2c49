/**
 * The largest request body the HTTP API takes, on every route but the batch of events (which has a
 * limit of its own). `kindling import` holds each line, which is one event, to it as well.
 */
export const BODY_LIMIT = 64 * 1024;
