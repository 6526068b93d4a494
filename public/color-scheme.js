// Sets the colour scheme before the first paint, so a dark-mode visitor never sees a white flash. It is a
// file rather than Mantine's inline ColorSchemeScript because the Content-Security-Policy forbids inline
// script. The key and the default ('auto') match src/ui/color-scheme.ts and MantineProvider in src/main.tsx.
;(function () {
  try {
    var stored = window.localStorage.getItem('tec.color-scheme')
    var scheme = stored === 'light' || stored === 'dark' ? stored : 'auto'
    if (scheme === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme)
  } catch {
    // Storage may be blocked (private mode); Mantine applies the scheme itself once the app starts.
  }
})()
