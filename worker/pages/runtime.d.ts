// worker/pages/index.ts is typechecked by the web program (web/tsconfig.json: DOM types, for the
// components it renders), which has no Workers types: the one runtime class the renderer uses.
// The API's program (tsconfig.json) excludes this file and has the real declaration.
declare module 'cloudflare:workers' {
  export abstract class WorkerEntrypoint {}
}
