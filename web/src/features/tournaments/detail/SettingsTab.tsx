import { Link } from 'react-router'
import { ChangePasswordCard } from '../../account/ChangePasswordCard'
import { BanterSharingSettings } from '../../dashboard/BanterSharingSettings'
import { DisplayNameEditor } from '../../dashboard/DisplayNameEditor'
import '../../../styles/dashboard.css'

/**
 * Settings (signed in): the account's display name, password and banter sharing, the same
 * cards as the dashboard's Account Settings. Loaded on demand (its own chunk).
 */
export default function SettingsTab() {
  return (
    <section className="settings-tab" aria-labelledby="settings-tab-title">
      <header className="settings-tab__head">
        <h2 id="settings-tab-title">Account Settings</h2>
        <p className="muted">Manage your account security and preferences</p>
      </header>
      <div className="settings-grid">
        <DisplayNameEditor />
        <ChangePasswordCard />
        <BanterSharingSettings />
      </div>
      <p className="muted settings-tab__more">
        Your profile, FPL team and tournaments are on <Link to="/dashboard">your dashboard</Link>.
      </p>
    </section>
  )
}
