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
  // index.html's static hero is the landing page's: show it there only (see heroCopy.ts).
  // There the app loads after the hero has painted (main.tsx); on any other path its chunks
  // (listed by the build in #app-chunks) start downloading now, beside the stylesheet.
  if (window.location.pathname === '/') {
    document.documentElement.setAttribute('data-prepaint', '')
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
