import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * Serves the built renderer from one folder and nothing outside it: the URL path is decoded,
 * normalised and resolved, and the real path (symlinks followed) must stay under the root.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL pathname to a file under root, or null when it would leave the root or is malformed.
 * "/" is index.html. Pure path arithmetic: the caller still checks the real path on disk.
 */
export function resolveStaticPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = path.posix.normalize(decoded === '/' ? '/index.html' : decoded).replace(/^\/+/, '');
  if (relative === '' || relative === '.' || relative.startsWith('..')) return null;
  const absolute = path.resolve(root, relative);
  const rootWithSep = path.resolve(root) + path.sep;
  return absolute.startsWith(rootWithSep) ? absolute : null;
}

/** Streams the file at pathname, or answers 404. Returns the status it sent. */
export async function sendStatic(root: string, pathname: string, res: ServerResponse, headers: Record<string, string>, headOnly: boolean): Promise<number> {
  const candidate = resolveStaticPath(root, pathname);
  const file = candidate === null ? null : await existingFileUnder(root, candidate);
  if (file === null) {
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return 404;
  }
  const info = await stat(file);
  res.writeHead(200, {
    ...headers,
    'Content-Type': contentTypeFor(file),
    'Content-Length': String(info.size),
    // Hashed asset names may be cached; the pages themselves must not be (they carry no token, but stay fresh).
    'Cache-Control': file.endsWith('.html') ? 'no-store' : 'private, max-age=3600',
  });
  if (headOnly) {
    res.end();
    return 200;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
  return 200;
}

async function existingFileUnder(root: string, candidate: string): Promise<string | null> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(candidate)]);
    if (!realFile.startsWith(realRoot + path.sep)) return null;
    const info = await stat(realFile);
    return info.isFile() ? realFile : null;
  } catch {
    return null;
  }
}
