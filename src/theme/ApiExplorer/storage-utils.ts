/**
 * The explorer's storage, as the OpenAPI theme chooses it (`authPersistence`),
 * but never a storage that throws. In a sandboxed iframe or with storage
 * blocked, merely reading `window.sessionStorage` throws a SecurityError, and
 * the theme's `createStorage` returns that object unguarded: the endpoint
 * page crashed while building the explorer's state. Without storage the
 * explorer now behaves as if nothing is stored (the theme's own
 * no-persistence storage), and a warning says so once.
 *
 * The explorer fills its form from what it stored, without the checks a
 * typed credential gets (src/utils/explorerKeyGuard.ts): an entry holding
 * anything but a test secret key is dropped when read, never used.
 */
import {createStorage as createThemeStorage, hashArray} from '@theme-original/ApiExplorer/storage-utils';
import {storedCredentialsAllowed} from '@site/src/utils/readerTestKey';

export {hashArray};

type Persistence = 'localStorage' | 'sessionStorage' | false;

const warned = new Set<string>();

/** Whether the named browser storage can be read and written. */
export function isStorageAvailable(persistence: Persistence): boolean {
  // The server renders no explorer state and has no storage to offer.
  if (persistence === false || typeof window === 'undefined') return persistence === false;
  try {
    const storage = window[persistence];
    const probe = '__zip_docs_storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return true;
  } catch {
    if (!warned.has(persistence)) {
      warned.add(persistence);
      console.warn(
        `Browser storage is not available (${persistence}): the API explorer keeps the credentials you enter for this page only.`,
      );
    }
    return false;
  }
}

/** The storage, reading an entry only when its credentials pass; one that does not is removed. */
function checkedCredentials(storage: Storage): Storage {
  return new Proxy(storage, {
    get(target, property) {
      if (property === 'getItem') {
        return (name: string): string | null => {
          const entry = target.getItem(name);
          if (entry === null || storedCredentialsAllowed(entry)) return entry;
          target.removeItem(name);
          return null;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function createStorage(persistence: Persistence): ReturnType<typeof createThemeStorage> {
  return checkedCredentials(createThemeStorage(isStorageAvailable(persistence) ? persistence : false));
}
