/**
 * The relay's delivery schedule: what it knows of the attempts it makes, and what it may claim next,
 * with no I/O, no clock and no promise, so that its decisions can be checked alone (relay.ts does
 * the claiming and sending it decides on).
 *
 * Its state, each part named:
 * - `maybeDue`: the endpoints that may have deliveries due (listed after a tick, given news, or one
 *   of their attempts just ended); an endpoint leaves it when a claim for it got less than it asked;
 * - `underWay`: the attempts under way, by endpoint; `held`: the deliveries under way, so that one
 *   claimed again after its lease ended is not sent twice at once;
 * - `slow`: the endpoints whose last attempt was slow (timed out, or took half the timeout or more);
 * - `queueFailed`: a write of the queue failed: no claim until the next tick;
 * - `again`, `againFromTick`: a claiming was asked for while one ran (and whether a tick asked), so
 *   the one running goes round once more.
 *
 * The shares (see relay.ts's header): at most PER_ENDPOINT attempts to an endpoint and IN_FLIGHT in
 * all; a slow endpoint SLOW_PER_ENDPOINT, and the slow ones together SLOW_IN_ALL.
 */

/** Attempts under way at once in all, to one endpoint, to one slow endpoint, and to all slow ones. */
export const IN_FLIGHT = 64;
export const PER_ENDPOINT = 16;
export const SLOW_PER_ENDPOINT = 4;
export const SLOW_IN_ALL = IN_FLIGHT / 2;

/** A delivery's key among those the relay holds. */
const heldKey = (endpointId: string, deliveryId: string) => `${endpointId}\u0000${deliveryId}`;

export class DeliverySchedule {
  private readonly maybeDue = new Set<string>();
  private readonly underWay = new Map<string, number>();
  private readonly held = new Set<string>();
  private readonly slow = new Set<string>();
  private queueFailed = false;
  private again = false;
  private againFromTick = false;

  /** The attempts under way in all. */
  get inFlight(): number {
    return this.held.size;
  }

  /** Whether a write of the queue failed since the tick began (no claims until the next). */
  get isQueueFailed(): boolean {
    return this.queueFailed;
  }

  /** A tick begins: claims may go on after a failed write of the queue. */
  beginTick(): void {
    this.queueFailed = false;
  }

  /** The endpoint may have deliveries due. */
  noteDue(endpointId: string): void {
    this.maybeDue.add(endpointId);
  }

  /** The endpoints that may have deliveries due, the one with the fewest attempts under way first. */
  claimOrder(): string[] {
    return [...this.maybeDue].sort((a, b) => (this.underWay.get(a) ?? 0) - (this.underWay.get(b) ?? 0));
  }

  /** Whether any claim may be made now: the queue's writes work and not every attempt is taken. */
  mayClaim(): boolean {
    return !this.queueFailed && this.held.size < IN_FLIGHT;
  }

  /** How many attempts the endpoint may have under way now: its share, less what it has, within what all may. */
  room(endpointId: string): number {
    const slow = this.slow.has(endpointId);
    const under = this.underWay.get(endpointId) ?? 0;
    let room = Math.min((slow ? SLOW_PER_ENDPOINT : PER_ENDPOINT) - under, IN_FLIGHT - this.held.size);
    if (slow) {
      let slowUnder = 0;
      for (const id of this.slow) slowUnder += this.underWay.get(id) ?? 0;
      room = Math.min(room, SLOW_IN_ALL - slowUnder);
    }
    return room;
  }

  /** A claim for the endpoint asked for `asked` and got `got`: fewer, and it has nothing more due. */
  claimed(endpointId: string, asked: number, got: number): void {
    if (got < asked) this.maybeDue.delete(endpointId);
  }

  /** An attempt of a claimed delivery begins; false when this relay has it under way already (not begun). */
  begin(endpointId: string, deliveryId: string): boolean {
    const key = heldKey(endpointId, deliveryId);
    if (this.held.has(key)) return false;
    this.held.add(key);
    this.underWay.set(endpointId, (this.underWay.get(endpointId) ?? 0) + 1);
    return true;
  }

  /** An attempt was logged: the endpoint is slow from now on if it was slow, else not. */
  paced(endpointId: string, slowly: boolean): void {
    if (slowly) this.slow.add(endpointId);
    else this.slow.delete(endpointId);
  }

  /** An attempt was not logged, a write of the queue failed; whether it is the first since the tick began. */
  failQueue(): boolean {
    const first = !this.queueFailed;
    this.queueFailed = true;
    return first;
  }

  /** An attempt ended (logged or not): its slot is free, and the user's next delivery to the endpoint may be due. */
  end(endpointId: string, deliveryId: string): void {
    this.held.delete(heldKey(endpointId, deliveryId));
    const under = (this.underWay.get(endpointId) ?? 1) - 1;
    if (under > 0) this.underWay.set(endpointId, under);
    else this.underWay.delete(endpointId);
    this.maybeDue.add(endpointId);
  }

  /** A claiming was asked for while one runs (`fromTick`: by a tick): the one running goes round again. */
  askAgain(fromTick: boolean): void {
    this.again = true;
    this.againFromTick ||= fromTick;
  }

  /** A round of claiming begins: what was asked before it is in it. */
  beginRound(): void {
    this.again = false;
  }

  /** A round ended: whether the next round is a tick's, or null when none was asked for (or the relay stopped). */
  nextRound(stopped: boolean): boolean | null {
    const fromTick = this.againFromTick;
    this.againFromTick = false;
    return this.again && !stopped ? fromTick : null;
  }
}
