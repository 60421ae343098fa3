import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { assetHeadersFile } from '../worker/lib/security-headers.ts'
import { escapeHtml } from '../worker/lib/html.ts'
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

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, webRoot, 'VITE_')
  const productName = env.VITE_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME
  return {
    root: webRoot,
    plugins: [react(), indexHtml(productName), assetHeaders()],
    build: {
      outDir: '../dist/client',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: {
        output: {
          // React, React DOM and React Router in their own chunk: it keeps its hash (and the
          // browser's cached copy) across deploys that only change the app's code.
          codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] },
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
