import { Link } from 'react-router'
import { PRODUCT_NAME } from '../lib/product'

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" className="logo-mark__bg" />
      <circle cx="32" cy="32" r="15" fill="none" stroke="#fff" strokeWidth="3.5" />
      <path d="M32 22l7 5-2.7 8.3h-8.6L25 27z" fill="#fff" />
      <path d="M12 32h8M44 32h8" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  )
}

/** Logo and product name, linking home. */
export function BrandLink() {
  return (
    <Link to="/" className="brand">
      <LogoMark />
      <span className="brand__name">{PRODUCT_NAME}</span>
    </Link>
  )
}
