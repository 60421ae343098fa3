import { Link } from 'react-router'
import { BanterSharingSettings } from '../../account/BanterSharingSettings'
import { ChangePasswordCard } from '../../account/ChangePasswordCard'
import { DisplayNameEditor } from '../../account/DisplayNameEditor'
import type { League } from '../types'
import '../../../styles/dashboard.css'

/**
 * Settings (signed in): the account's display name, password and banter sharing, the same
 * cards as the dashboard's Account Settings. Loaded on demand (its own chunk). The tab says they
 * are the account's, for every tournament; the tournament's own settings are its commissioner's,
 * on Manage League (the commissioner screen), linked here for them (decision 164).
 */
export default function SettingsTab({ league }: { league?: League | null }) {
  return (
    <section className="settings-tab" aria-labelledby="settings-tab-title" aria-describedby="settings-tab-scope">
      <header className="settings-tab__head">
        <h2 id="settings-tab-title">Account Settings</h2>
        <p className="muted">Manage your account security and preferences</p>
        <p id="settings-tab-scope" className="settings-tab__scope">
          These are your account settings: they apply to all your tournaments, not only this one.
        </p>
        {league?.is_commissioner ? (
          <p className="settings-tab__scope">
            This tournament&apos;s own settings (its name, description, invite link and members) are on{' '}
            <Link to="/commissioner" state={{ league }}>
              Manage League
            </Link>
            .
          </p>
        ) : null}
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
