// Builds the project's SPA and the bare Vite + React baseline page with the repository's own vite and
// @vitejs/plugin-react, through vite's JS API, each into a folder of its own (never the repository's dist/,
// which other work may be using).
import { existsSync } from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { REPO, runToEnd } from './lib.ts'

/** The bare page of bench/baseline-app/, built into `outDir`. */
export async function buildBaseline(outDir: string): Promise<void> {
  await build({
    root: path.join(REPO, 'bench/baseline-app'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
}

/**
 * The project's SPA as `npm run build` makes it (vite.config.ts, the router plugin included) into `site`/dist, and
 * the module that renders its public pages on the server into `site`/build/ssr, where the server looks for both when
 * it runs in `site`. `site` must be inside the repository, so that module finds the packages it imports.
 */
export async function buildProject(site: string): Promise<void> {
  // A clean clone has no generated contract types yet (`npm run build` makes them first; they are git-ignored).
  if (!existsSync(path.join(REPO, 'src/api/schema.gen.ts'))) await runToEnd('npm', ['run', 'gen'])
  const configFile = path.join(REPO, 'vite.config.ts')
  await build({ root: REPO, configFile, logLevel: 'warn', build: { outDir: path.join(site, 'dist'), emptyOutDir: true } })
  await build({ root: REPO, configFile, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: path.join(site, 'build/ssr'), emptyOutDir: true } })
}
