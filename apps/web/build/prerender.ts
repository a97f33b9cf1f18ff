// After `vite build` (the browser app) and `vite build --ssr` (src/prerender/render-page.tsx):
// writes dist/pages/<page>.html for each public page, then the .br/.gz copies of every text file.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as RenderPageModule from '../src/prerender/render-page';
import { compressDir } from './compress-assets';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;
type RenderModule = typeof RenderPageModule;

const webDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(webDir, 'dist');
const ssrEntry = path.join(webDir, 'dist-ssr', 'render-page.js');

/** The chunk files a module needs, itself first, each once. */
function chunkFilesOf(manifest: Manifest, id: string, seen = new Set<string>()): string[] {
  const chunk = manifest[id];
  if (!chunk || seen.has(id)) return [];
  seen.add(id);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((dep) => chunkFilesOf(manifest, dep, seen))];
}

/** The landing page's own entry (vite.config.ts): React and the page, not the router (issue 7). */
const LANDING_ENTRY = 'src/features/landing/island/main.tsx';

/** Vite's script and modulepreload tags for index.html's entry, replaced per page below. */
const ENTRY_TAGS =
  /\s*<script type="module" crossorigin src="[^"]+"><\/script>|\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/** index.html's one stylesheet (Tailwind, all pages): inlined into the landing page below. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;

const preloadTag = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function main(): Promise<void> {
  const template = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await fs.readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  if (!template.match(ENTRY_TAGS)) throw new Error('index.html has no entry script to replace');
  const shell = template.replace(ENTRY_TAGS, '');
  const { renderPage, PRERENDERED_PATHS } = (await import(
    pathToFileURL(ssrEntry).href
  )) as RenderModule;

  const stylesheet = STYLESHEET.exec(shell);
  if (!stylesheet) throw new Error('index.html has no stylesheet');
  const css = await fs.readFile(path.join(distDir, stylesheet[1]!), 'utf8');

  await fs.mkdir(path.join(distDir, 'pages'), { recursive: true });
  for (const pathname of PRERENDERED_PATHS) {
    const page = await renderPage(pathname);
    const [entry, ...entryImports] = chunkFilesOf(
      manifest,
      pathname === '/' ? LANDING_ENTRY : 'index.html',
    );
    const routeFiles = page.routeModules.flatMap((id) => chunkFilesOf(manifest, id));
    const preloads = [...new Set([...entryImports, ...routeFiles])]
      .filter((file) => file !== entry)
      .map(preloadTag)
      .join('');
    // The landing page is most visitors' first: its styles come in its HTML (10 KiB more
    // compressed) rather than a request after it, one round trip sooner to the first paint (LCP).
    const pageShell =
      pathname === '/' ? shell.replace(stylesheet[0], () => `<style>${css}</style>`) : shell;
    const html = pageShell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        '</head>',
        `<script type="module" crossorigin src="/${entry}"></script>${preloads}</head>`,
      )
      .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
    if (!html.includes(page.html)) throw new Error('index.html has no empty #root to fill');
    const name = pathname === '/' ? 'index' : pathname.slice(1);
    await fs.writeFile(path.join(distDir, 'pages', `${name}.html`), html);
  }
  await compressDir(distDir);
}

await main();
