import { escapeHtml } from '../worker/lib/html.ts'
import { HERO_COPY } from './src/features/landing/heroCopy.ts'

/**
 * Static markup of the header bar and the landing hero's text, with the classes of the React
 * components, which the build puts in index.html's #root: a phone on a slow network paints the
 * hero (the page's largest text) before the JavaScript has arrived. theme-init.js shows it on
 * "/" only (data-prepaint="landing"); React replaces it on its first render.
 */
export function prepaintHtml(productName: string): string {
  return `<div class="prepaint prepaint--landing" aria-hidden="true">
      <div class="site-header"><div class="container site-header__inner"><span class="brand"><svg class="logo-mark" viewBox="0 0 64 64" width="32" height="32"><rect width="64" height="64" rx="16" class="logo-mark__bg"/></svg><span class="brand__name">${escapeHtml(productName)}</span></span></div></div>
      <section class="hero"><div class="container hero__inner"><div class="hero__copy">
        <p class="eyebrow eyebrow--on-hero">${escapeHtml(HERO_COPY.eyebrow)}</p>
        <p class="hero__title">${escapeHtml(HERO_COPY.titleLead)}<span class="hero__highlight">${escapeHtml(HERO_COPY.titleHighlight)}</span></p>
        <p class="hero__lede">${escapeHtml(HERO_COPY.lede)}</p>
      </div></div></section>
    </div>`
}
