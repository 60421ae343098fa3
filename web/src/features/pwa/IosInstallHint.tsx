/** iPhone and iPad only get push notifications from an app added to the Home Screen. */
const IOS_INSTALL_HINT = 'On iPhone, notifications need the app on your Home Screen: tap Share, then Add to Home Screen.'

export function IosInstallHint() {
  return (
    <p className="notice ios-hint">
      <span aria-hidden="true">📲 </span>
      {IOS_INSTALL_HINT}
    </p>
  )
}
