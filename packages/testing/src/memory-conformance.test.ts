import { memoryStore } from '@kindling/core';
import { describeStoreConformance } from './index.js';

describeStoreConformance('memory', () => memoryStore());
