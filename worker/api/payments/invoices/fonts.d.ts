/** Font files bundled as bytes (wrangler.toml [[rules]] type "Data"; vitest reads the same rules). */
declare module '*.ttf' {
  const data: ArrayBuffer;
  export default data;
}
