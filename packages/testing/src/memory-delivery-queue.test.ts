import { memoryDeliveryQueue } from '@kindling/core';
import { describeDeliveryQueueConformance } from '@kindling/testing/conformance';

describeDeliveryQueueConformance('memory', () => memoryDeliveryQueue());
