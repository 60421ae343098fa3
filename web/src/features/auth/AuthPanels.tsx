// The auth dialog's panels, in their own chunk: the dialog loads them when it first opens (and
// the app preloads them when the browser is idle), so the entry chunk stays small.
export { RegisterPanel } from './RegisterPanel'
export { SignInPanel } from './SignInPanel'
