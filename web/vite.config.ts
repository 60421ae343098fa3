import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, defineConfig, loadEnv, type Plugin, type Rollup } from 'vite'
import { escapeHtml } from '../worker/lib/html.ts'
import { assetHeadersFile } from '../worker/lib/security-headers.ts'
import { webManifest } from './manifest.ts'
import { prepaintHtml } from './prepaint.ts'

const webRoot = fileURLToPath(new URL('.', import.meta.url))
const WORKER_ORIGIN = 'http://127.0.0.1:8787'
const DEFAULT_PRODUCT_NAME = 'Banter Arena'

/**
 * Fills `%PRODUCT_NAME%` in index.html (title and social tags) from VITE_PRODUCT_NAME, and puts
 * the landing hero's static markup in #root so it paints before the JavaScript arrives.
 */
function indexHtml(productName: string): Plugin {
  return {
    name: 'banter-arena:index-html',
    transformIndexHtml: (html) =>
      html.replaceAll('%PRODUCT_NAME%', escapeHtml(productName)).replace('<div id="root"></div>', `<div id="root">${prepaintHtml(productName)}</div>`),
  }
}

/**
 * index.html's entry imports web/src/app/mount.tsx, after the first paint where the page has
 * static markup to show (see main.tsx). The build lists that chunk and everything it imports in
 * index.html (`#app-chunks`, JSON, not executed); theme-init.js preloads them at low priority
 * on the other paths, so there the download overlaps the stylesheet's instead of waiting for the
 * entry. The app's own stylesheets stay render-blocking links, as when the app was in the entry:
 * React's first render must not restyle the page. `#page-styles` names the tournament page's
 * stylesheets for the worker, which links them when it writes that page's first screen.
 */
function appChunks(): Plugin {
  const MOUNT_MODULE = /[\\/]web[\\/]src[\\/]app[\\/]mount\.tsx$/
  const TOURNAMENT_PAGE_MODULE = /[\\/]web[\\/]src[\\/]pages[\\/]TournamentDetailPage\.tsx$/
  return {
    name: 'banter-arena:app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
        const mount = chunks.find((chunk) => chunk.facadeModuleId && MOUNT_MODULE.test(chunk.facadeModuleId))
        if (!mount) throw new Error('app-chunks: no chunk for web/src/app/mount.tsx')
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        /** A chunk and everything it imports statically. */
        const graph = (root: Rollup.OutputChunk) => {
          const files = new Set<string>()
          const visit = (chunk: Rollup.OutputChunk) => {
            if (files.has(chunk.fileName)) return
            files.add(chunk.fileName)
            for (const name of chunk.imports) visit(byName.get(name)!)
          }
          visit(root)
          return files
        }
        const stylesOf = (files: Set<string>) => [...new Set([...files].flatMap((file) => [...(byName.get(file)!.viteMetadata?.importedCss ?? [])]))]
        const files = graph(mount)
        const appStyles = stylesOf(files).filter((file) => !html.includes(`/${file}"`))
        const styleLinks = appStyles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        // The tournament page's own stylesheets, which the worker links when it writes the page's
        // first screen into the HTML (worker/routes/tournament-page.ts).
        const tournamentPage = chunks.find((chunk) => chunk.facadeModuleId && TOURNAMENT_PAGE_MODULE.test(chunk.facadeModuleId))
        if (!tournamentPage) throw new Error('app-chunks: no chunk for web/src/pages/TournamentDetailPage.tsx')
        const pageStyles = stylesOf(graph(tournamentPage)).filter((file) => !html.includes(`/${file}"`) && !appStyles.includes(file))
        // "<" cannot appear in the file names, so the JSON cannot end the script element.
        const list = [
          `<script type="application/json" id="app-chunks">${JSON.stringify([...files].map((file) => `/${file}`))}</script>`,
          `<script type="application/json" id="page-styles">${JSON.stringify({ tournament: pageStyles.map((file) => `/${file}`) })}</script>`,
        ].join('\n    ')
        // The entry and its own imports are module scripts, which never block the first paint:
        // low priority lets the stylesheets go first.
        return html
          .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
          .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
          .replace('<script src="/theme-init.js">', `${list}\n    <script src="/theme-init.js">`)
          .replace('</head>', `  ${styleLinks.join('\n    ')}\n  </head>`)
      },
    },
  }
}

/**
 * Writes the static assets' `_headers` file (Cloudflare's format) with the same security headers
 * the worker sets, so files served straight from the asset store carry them too.
 */
function assetHeaders(): Plugin {
  return {
    name: 'banter-arena:asset-headers',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: assetHeadersFile() })
    },
  }
}

/**
 * The service worker, /sw.js: built on its own as one classic script (IIFE), so it shares no chunk
 * with the app (a service worker that imports the app's chunks would break on every deploy) and
 * stays a few kilobytes. The app registers it after the first paint (features/pwa/register.ts).
 */
function serviceWorker(): Plugin {
  return {
    name: 'banter-arena:service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      // The build's version names the worker's caches: the app's file names carry their content's hash.
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12)
      const result = await build({
        configFile: false,
        root: webRoot,
        publicDir: false,
        logLevel: 'warn',
        define: { __BUILD_VERSION__: JSON.stringify(version) },
        build: {
          write: false,
          minify: true,
          lib: { entry: 'src/service-worker/sw.ts', formats: ['iife'], name: 'BanterArenaServiceWorker', fileName: () => 'sw.js' },
        },
      })
      const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
      const chunk = outputs.flatMap((o) => o.output).find((file): file is Rollup.OutputChunk => file.type === 'chunk')
      if (!chunk) throw new Error('service-worker: the build produced no script')
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: chunk.code })
    },
  }
}

/** /manifest.webmanifest with the configured product name (web/manifest.ts), built and served in dev. */
function manifest(productName: string): Plugin {
  const source = () => JSON.stringify(webManifest(productName), null, 2)
  return {
    name: 'banter-arena:manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: source() })
    },
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json')
        res.end(source())
      })
    },
  }
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, webRoot, 'VITE_')
  const productName = env.VITE_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME
  return {
    root: webRoot,
    plugins: [react(), indexHtml(productName), appChunks(), assetHeaders(), manifest(productName), serviceWorker()],
    build: {
      outDir: '../dist/client',
      emptyOutDir: true,
      // Maps for the worker alone (decision 156): written beside each bundle but never linked from it, and
      // answered 404 to the public (wrangler.toml run_worker_first); POST /api/client-errors reads them.
      sourcemap: 'hidden',
      // Every browser the app supports knows modulepreload: no polyfill in the entry (decision 168).
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // React, React DOM, React Router and TanStack Query in their own chunk: it keeps its hash
          // (and the browser's cached copy) across deploys that only change the app's code. Other
          // packages (Hono's client) go with the code that uses them, which a first screen may not
          // load (decision 168).
          codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ }] },
        },
      },
    },
    server: {
      // The worker (`wrangler dev`) answers the API and the server-rendered share pages.
      // The Host header is kept (no changeOrigin) so links the worker builds point at this server.
      proxy: {
        '/api': { target: WORKER_ORIGIN },
        '/share': { target: WORKER_ORIGIN },
      },
    },
  }
})
