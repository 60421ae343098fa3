import path from 'node:path'
import { defineConfig } from 'vitest/config'

// Plain Node unit tests (no workerd): the FPL simulator and other pure modules.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'unit',
    environment: 'node',
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 30_000,
  },
})
