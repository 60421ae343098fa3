// Runs synchronously in <head>, before first paint, so the page never flashes the wrong theme.
// External on purpose: the Content-Security-Policy forbids inline scripts.
// Keep the key and values in sync with web/src/features/theme/theme.ts (a test checks it).
;(function () {
  var KEY = 'banter-arena-theme'
  var theme = null
  try {
    theme = window.localStorage.getItem(KEY)
  } catch (e) {
    // Storage can be blocked (privacy modes); fall back to the system preference.
  }
  if (theme !== 'light' && theme !== 'dark') {
    var prefersDark = false
    try {
      prefersDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches)
    } catch (e) {}
    theme = prefersDark ? 'dark' : 'light'
  }
  document.documentElement.setAttribute('data-theme', theme)
  // Pages whose first screen is in the HTML: the landing's hero (index.html, see heroCopy.ts),
  // and a tournament's page as a visitor without a session sees it (written in by the worker,
  // worker/routes/tournament-page.ts). There it is shown, and the app loads after it has painted
  // (main.tsx); on any other path the app's chunks (listed by the build in #app-chunks) start
  // downloading now, beside the stylesheet.
  var path = window.location.pathname
  var signedIn = false
  try {
    signedIn = !!window.localStorage.getItem('authToken')
  } catch (e) {}
  var prepaint = path === '/' ? 'landing' : /^\/tournaments\/[1-9][0-9]{0,8}$/.test(path) && !signedIn ? 'tournament' : null
  if (prepaint) {
    document.documentElement.setAttribute('data-prepaint', prepaint)
    return
  }
  var list = document.getElementById('app-chunks')
  var chunks = []
  try {
    chunks = list ? JSON.parse(list.textContent || '[]') : []
  } catch (e) {}
  for (var i = 0; i < chunks.length; i++) {
    var link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = chunks[i]
    link.crossOrigin = ''
    link.setAttribute('fetchpriority', 'low')
    document.head.appendChild(link)
  }
})()
