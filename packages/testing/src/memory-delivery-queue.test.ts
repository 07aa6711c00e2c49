import { memoryDeliveryQueue } from '@kindling/core';
import { describeDeliveryQueueConformance } from './index.js';

describeDeliveryQueueConformance('memory', () => memoryDeliveryQueue());
