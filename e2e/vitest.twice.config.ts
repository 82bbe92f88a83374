import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// Every test twice, without retry (scripts/twice-runner.ts): checks that each test can run again.
export default mergeConfig(base, defineConfig({ test: { runner: '../scripts/twice-runner.ts' } }));
