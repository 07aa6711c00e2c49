/**
 * An endpoint's delivery log as its owner reads and changes it: a page of it, one delivery sent
 * again (refused while an attempt of it is under way: never two at once), and the log and what was
 * still to be sent removed with the endpoint. The queue (DeliveryQueue) keeps them; the relay sends.
 */
import type { Delivery, DeliveryPage, DeliveryQueue } from '@kindling/core/adapter';
import { HttpError } from '../errors/errors.js';
import { ConflictError } from '../errors/service-errors.js';

/** What the delivery log is read and changed through. */
export interface DeliveryLogDeps {
  readonly backend: { readonly deliveries: DeliveryQueue };
  readonly clock: () => number;
}

/** A page of the endpoint's log, newest first, from `cursor` (null: the newest). */
export function listDeliveries(
  deps: Pick<DeliveryLogDeps, 'backend'>,
  endpointId: string,
  limit: number,
  cursor: string | null,
): Promise<DeliveryPage> {
  return deps.backend.deliveries.list(endpointId, limit, cursor);
}

/**
 * Makes one delivery pending and due now (its attempts kept) and answers it; NOT_FOUND when the
 * endpoint has no such delivery, DELIVERY_UNDER_WAY while an attempt of it is under way.
 */
export async function resendDelivery(deps: DeliveryLogDeps, endpointId: string, deliveryId: string): Promise<Delivery> {
  const noDelivery = () =>
    new HttpError('NOT_FOUND', `endpoint ${endpointId} has no delivery with the id ${JSON.stringify(deliveryId)}`);
  const outcome = await deps.backend.deliveries.retry(endpointId, deliveryId, deps.clock());
  if (outcome === 'unknown') throw noDelivery();
  if (outcome === 'underWay') throw new ConflictError('DELIVERY_UNDER_WAY');
  const delivery = await deps.backend.deliveries.get(endpointId, deliveryId);
  if (delivery === null) throw noDelivery();
  return delivery;
}

/** Removes a removed endpoint's log and what was still to be sent to it. */
export function forgetDeliveries(deps: Pick<DeliveryLogDeps, 'backend'>, endpointId: string): Promise<void> {
  return deps.backend.deliveries.removeEndpoint(endpointId);
}
