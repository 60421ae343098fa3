import { type ComponentType, lazy } from 'react'

/**
 * A route's page loaded on demand, like React.lazy, that can also be loaded ahead. Once
 * `preload` has finished the page renders straight away instead of suspending: the first render
 * of a deep link is the page itself, not the loading fallback (which React keeps on screen for
 * at least 300 ms once it has shown it).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined
  const remember = (module: { default: ComponentType }) => {
    loaded = module.default
    return module
  }
  const Lazy = lazy(() => load().then(remember))
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per route at module scope, never during a render
  function Page() {
    const Component = loaded ?? Lazy
    return <Component />
  }
  Page.preload = async () => {
    remember(await load())
  }
  return Page
}
