/** This package's tests alone (`pnpm test` in this folder); the root config runs every package's. */
import { defineProject } from 'vitest/config';
import { packageProject } from '../../vitest.shared.js';

// Vitest reads a config file's default export.
export default defineProject(packageProject(new URL('.', import.meta.url)));
