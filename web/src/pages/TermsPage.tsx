import { ComingSoon } from '../components/ComingSoon'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function TermsPage() {
  useDocumentTitle('Terms of Service')
  return (
    <div className="container page page--prose">
      <header className="page-header">
        <p className="eyebrow">Legal</p>
        <h1>Terms of Service</h1>
        <p className="page-meta">Last updated August 2, 2025</p>
        <p className="page-lede">The rules of the arena: what you can expect from {PRODUCT_NAME}, and what we expect from you.</p>
      </header>
      <ComingSoon
        title="What these terms cover"
        items={[
          'Your account and keeping it secure.',
          'Keeping the banter friendly: community wall rules and moderation by commissioners.',
          'Our independence from the Premier League and Fantasy Premier League.',
          'The service is free and provided as is.',
        ]}
      />
    </div>
  )
}
