/**
 * A user on the wire, with every key the hosted service's SDK requires.
 */
import type { UserView } from '@kindling/core';

export function userWire(user: UserView, updated: string) {
  return {
    id: user.id,
    email: user.email,
    name: null,
    tz: user.tz,
    deviceTokens: null,
    subscribeToEmails: true,
    attributes: {},
    control: false,
    created: user.firstSeenAt,
    updated,
    totals: user.totals,
  };
}
