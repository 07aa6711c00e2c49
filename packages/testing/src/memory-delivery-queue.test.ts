import { memoryDeliveryQueue } from '@kindling/core/adapter';
import { describeDeliveryQueueConformance } from '@kindling/testing/conformance';

describeDeliveryQueueConformance('memory', () => memoryDeliveryQueue());
