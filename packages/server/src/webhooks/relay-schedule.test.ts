/**
 * The relay's delivery schedule alone: claims, attempts beginning and ending, slow endpoints and a
 * failed queue write fed to it, and what it decides next (no HTTP, no store, no clock).
 */
import { describe, expect, it } from 'vitest';
import { DeliverySchedule, IN_FLIGHT, PER_ENDPOINT, SLOW_IN_ALL, SLOW_PER_ENDPOINT } from './relay-schedule.js';

/** Begins `count` attempts of the endpoint, deliveries named `<endpoint>-<n>` from `from` on. */
function beginMany(schedule: DeliverySchedule, endpointId: string, count: number, from = 0): void {
  for (let n = from; n < from + count; n++) expect(schedule.begin(endpointId, `${endpointId}-${n}`)).toBe(true);
}

describe('the delivery schedule', () => {
  it('gives an endpoint its share of attempts, less those it has under way', () => {
    const schedule = new DeliverySchedule();
    expect(schedule.room('a')).toBe(PER_ENDPOINT);
    beginMany(schedule, 'a', 5);
    expect([schedule.room('a'), schedule.room('b'), schedule.inFlight]).toEqual([PER_ENDPOINT - 5, PER_ENDPOINT, 5]);
  });

  it('gives no endpoint more than what is left of the attempts of all, and claims nothing once all are taken', () => {
    const schedule = new DeliverySchedule();
    const full = IN_FLIGHT / PER_ENDPOINT;
    for (let e = 0; e < full - 1; e++) beginMany(schedule, `e${e}`, PER_ENDPOINT);
    beginMany(schedule, 'last', PER_ENDPOINT - 3);
    expect([schedule.room('other'), schedule.mayClaim()]).toEqual([3, true]);
    beginMany(schedule, 'last', 3, PER_ENDPOINT - 3);
    expect([schedule.room('other'), schedule.mayClaim()]).toEqual([0, false]);
  });

  it('gives a slow endpoint a smaller share, and the slow ones together at most their part of all', () => {
    const schedule = new DeliverySchedule();
    const slowOnes = SLOW_IN_ALL / SLOW_PER_ENDPOINT;
    for (let e = 0; e < slowOnes; e++) {
      beginMany(schedule, `s${e}`, 1);
      schedule.paced(`s${e}`, true);
    }
    expect(schedule.room('s0')).toBe(SLOW_PER_ENDPOINT - 1);
    for (let e = 0; e < slowOnes; e++) beginMany(schedule, `s${e}`, SLOW_PER_ENDPOINT - 1, 1);
    // every slow one has its full share under way: no room for another slow one, still for a quick one
    schedule.paced('another', true);
    expect([schedule.room('another'), schedule.room('quick')]).toEqual([0, PER_ENDPOINT]);
    // quick again: the endpoint has the whole share back
    schedule.paced('s0', false);
    expect(schedule.room('s0')).toBe(PER_ENDPOINT - SLOW_PER_ENDPOINT);
  });

  it('does not begin a delivery it has under way already, until that attempt ends', () => {
    const schedule = new DeliverySchedule();
    expect(schedule.begin('a', 'd1')).toBe(true);
    expect(schedule.begin('a', 'd1')).toBe(false);
    expect(schedule.inFlight).toBe(1);
    schedule.end('a', 'd1');
    expect([schedule.inFlight, schedule.room('a'), schedule.begin('a', 'd1')]).toEqual([0, PER_ENDPOINT, true]);
  });

  it('claims for the endpoints that may have deliveries due, the one with the fewest attempts under way first', () => {
    const schedule = new DeliverySchedule();
    beginMany(schedule, 'busy', 3);
    beginMany(schedule, 'some', 1);
    for (const id of ['busy', 'some', 'idle']) schedule.noteDue(id);
    expect(schedule.claimOrder()).toEqual(['idle', 'some', 'busy']);
  });

  it('drops an endpoint whose claim got less than it asked, and takes it up again when one of its attempts ends', () => {
    const schedule = new DeliverySchedule();
    schedule.noteDue('a');
    schedule.noteDue('b');
    schedule.claimed('a', 16, 16);
    schedule.claimed('b', 16, 2);
    expect(schedule.claimOrder()).toEqual(['a']);
    beginMany(schedule, 'b', 2);
    schedule.end('b', 'b-0');
    expect(schedule.claimOrder().sort()).toEqual(['a', 'b']);
  });

  it('claims nothing after a failed write of the queue until the next tick, and tells only the first failure', () => {
    const schedule = new DeliverySchedule();
    expect(schedule.failQueue()).toBe(true);
    expect(schedule.failQueue()).toBe(false);
    expect([schedule.isQueueFailed, schedule.mayClaim()]).toEqual([true, false]);
    schedule.beginTick();
    expect([schedule.isQueueFailed, schedule.mayClaim()]).toEqual([false, true]);
  });

  it('goes round once more when a claiming is asked for while one runs, as a tick if a tick asked', () => {
    const schedule = new DeliverySchedule();
    schedule.beginRound();
    expect(schedule.nextRound(false)).toBeNull();

    schedule.beginRound();
    schedule.askAgain(false);
    schedule.askAgain(true);
    schedule.askAgain(false);
    expect(schedule.nextRound(false)).toBe(true);
    schedule.beginRound();
    schedule.askAgain(false);
    expect(schedule.nextRound(false)).toBe(false);
    schedule.beginRound();
    expect(schedule.nextRound(false)).toBeNull();
  });

  it('goes round no more once the relay stopped, whatever was asked', () => {
    const schedule = new DeliverySchedule();
    schedule.beginRound();
    schedule.askAgain(true);
    expect(schedule.nextRound(true)).toBeNull();
  });
});
