// After `vite build` (the browser app) and `vite build --ssr` (src/prerender/render-page.tsx):
// writes dist/pages/<page>.html for each public page and each signed-in page in SHELL_PATHS, then
// the .br/.gz copies of every text file.
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

/** A module's chunk and the chunks it imports, itself first, each once. */
function chunksOf(manifest: Manifest, id: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[id];
  if (!chunk || seen.has(id)) return [];
  seen.add(id);
  return [chunk, ...(chunk.imports ?? []).flatMap((dep) => chunksOf(manifest, dep, seen))];
}

/** The chunk files a module needs, itself first, each once. */
const chunkFilesOf = (manifest: Manifest, id: string) =>
  chunksOf(manifest, id).map((chunk) => chunk.file);

/** A page module's chunks; a module missing from the build (a renamed page) stops the build. */
function pageChunksOf(manifest: Manifest, id: string): ManifestChunk[] {
  if (!manifest[id]) throw new Error(`${id} is not a chunk of the build`);
  return chunksOf(manifest, id);
}

/** The public pages' own entry (vite.config.ts): React and the page, not the router (issue 7). */
const ISLAND_ENTRY = 'src/island/main.tsx';

/** Vite's script and modulepreload tags for index.html's entry, replaced per page below. */
const ENTRY_TAGS =
  /\s*<script type="module" crossorigin src="[^"]+"><\/script>|\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/** index.html's one stylesheet (Tailwind, all pages): inlined into the island's pages below. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;

const preloadTag = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `shell` titled, running `entry` and modulepreloading `files` (each once, the entry aside). */
function withEntry(shell: string, title: string, entry: string, files: string[]): string {
  const preloads = [...new Set(files)]
    .filter((file) => file !== entry)
    .map(preloadTag)
    .join('');
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      '</head>',
      `<script type="module" crossorigin src="/${entry}"></script>${preloads}</head>`,
    );
}

async function main(): Promise<void> {
  const template = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await fs.readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  if (!template.match(ENTRY_TAGS)) throw new Error('index.html has no entry script to replace');
  const shell = template.replace(ENTRY_TAGS, '');
  const { renderPage, shellPage, PRERENDERED_PATHS, SHELL_PATHS, ISLAND_PATHS } = (await import(
    pathToFileURL(ssrEntry).href
  )) as RenderModule;

  const stylesheet = STYLESHEET.exec(shell);
  if (!stylesheet) throw new Error('index.html has no stylesheet');
  const css = await fs.readFile(path.join(distDir, stylesheet[1]!), 'utf8');

  await fs.mkdir(path.join(distDir, 'pages'), { recursive: true });
  for (const pathname of PRERENDERED_PATHS) {
    const page = await renderPage(pathname);
    const isIsland = ISLAND_PATHS.includes(pathname);
    const [entry, ...entryImports] = chunkFilesOf(manifest, isIsland ? ISLAND_ENTRY : 'index.html');
    const routeFiles = page.routeModules.flatMap((id) =>
      pageChunksOf(manifest, id).map((chunk) => chunk.file),
    );
    // The pages of first visits: their styles come in the HTML (10 KiB more compressed) rather
    // than a request after it, one round trip sooner to the first paint (LCP).
    const pageShell = isIsland
      ? shell.replace(stylesheet[0], () => `<style>${css}</style>`)
      : shell;
    const html = withEntry(pageShell, page.title, entry!, [...entryImports, ...routeFiles]).replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div>`,
    );
    if (!html.includes(page.html)) throw new Error('index.html has no empty #root to fill');
    const name = pathname === '/' ? 'index' : pathname.slice(1);
    await fs.writeFile(path.join(distDir, 'pages', `${name}.html`), html);
  }
  const [appEntry, ...appImports] = chunkFilesOf(manifest, 'index.html');
  for (const pathname of SHELL_PATHS) {
    const page = shellPage(pathname);
    const chunks = page.routeModules.flatMap((id) => pageChunksOf(manifest, id));
    const files = [...appImports, ...chunks.map((chunk) => chunk.file)];
    // The page's own styles too: Vite would add them only once its chunk is imported, and skips
    // a stylesheet already linked.
    const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('');
    const html = withEntry(shell, page.title, appEntry!, files).replace(
      '</head>',
      `${styles}</head>`,
    );
    await fs.writeFile(path.join(distDir, 'pages', `${pathname.slice(1)}.html`), html);
  }
  await compressDir(distDir);
}

await main();
