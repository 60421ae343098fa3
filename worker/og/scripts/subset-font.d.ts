// subset-font ships no types; the part build-assets.ts uses.
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'
    keepFeatures?: string[]
    noLayoutClosure?: boolean
    noHinting?: boolean
    dropTables?: string[]
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Uint8Array>
}
