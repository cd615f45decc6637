import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { TStorage } from "./types";

/** Path under which the API serves locally stored files. */
export const LOCAL_FILES_PATH = "/api/files";

/** Keys are `folder/name` made by the server; anything else (../, absolute paths) is refused. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/.test(key);
}

export function createLocalStorage(rootDir: string): TStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const path = join(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`unsafe storage key: ${key}`);
    return path;
  };
  return {
    kind: "local",
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
      await writeFile(`${path}.type`, contentType);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const path = pathOf(key);
      try {
        const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, "utf8")]);
        return { body, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      // force: a file already gone is fine.
      await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
    },
    publicUrl: (key) => `${LOCAL_FILES_PATH}/${key}`,
  };
}
