import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'robonomics', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
