import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: { name: 'budgets', include: ['tests/budgets/**/*.test.ts'], fileParallelism: false },
})
