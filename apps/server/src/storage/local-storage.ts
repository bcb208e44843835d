import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, type Storage, type StoredObject } from './storage';

/** Files under a folder; writes go to a temporary file first and are renamed into place. */
export function createLocalStorage(root: string): Storage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(file(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async *list(prefix) {
      const top = prefix.replace(/\/$/, '');
      // Depth first, one folder's files per page (an image's folder holds a handful).
      const folders = [top];
      while (folders.length) {
        const folder = folders.pop()!;
        let entries;
        try {
          entries = await readdir(file(folder), { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        const page: StoredObject[] = [];
        for (const e of entries) {
          const key = `${folder}/${e.name}`;
          if (e.isDirectory()) folders.push(key);
          else if (e.isFile()) {
            const info = await stat(file(key)).catch(() => null); // removed meanwhile
            if (info) page.push({ key, lastModified: info.mtime });
          }
        }
        if (page.length) yield page;
      }
    },
  };
}
