import { memoryStore } from '@kindling/core';
import { describeStoreConformance } from '@kindling/testing/conformance';

describeStoreConformance('memory', () => memoryStore());
