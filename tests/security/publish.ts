// `npm run security:report`: writes the security table of the latest whole test runs (kept in
// tests/.artifacts/security/ by the test reporter) and the latest `npm run load` into
// docs/security.md, to commit with the change it describes.
import { publishSecuritySummary } from './summary-reporter.ts'

publishSecuritySummary()
console.log('written to docs/security.md')
