import { ComingSoon } from '../components/ComingSoon'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy')
  return (
    <div className="container page page--prose">
      <header className="page-header">
        <p className="eyebrow">Legal</p>
        <h1>Privacy Policy</h1>
        <p className="page-meta">Last updated August 2, 2025</p>
        <p className="page-lede">How {PRODUCT_NAME} handles your account details, your FPL team ID and your data.</p>
      </header>
      <ComingSoon
        title="What this policy covers"
        items={[
          'What we collect: your name, email, password (stored only as a secure hash) and optional FPL team ID.',
          'What comes from FPL’s public API, and what we show to other members of your leagues.',
          'Cookies and analytics, which run only with your consent.',
          'How long we keep data, and how to get a copy or have it deleted.',
        ]}
      />
    </div>
  )
}
