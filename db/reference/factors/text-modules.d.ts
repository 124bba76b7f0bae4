// `import text from './x.csv' with { type: 'text' }`: Bun and esbuild (wrangler) inline the file
// as a string. Referenced from seed.ts so both tsconfig.json and tsconfig.worker.json see it.
declare module '*.csv' {
  const text: string;
  export default text;
}
