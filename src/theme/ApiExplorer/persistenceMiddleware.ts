/**
 * The theme's persistence middleware, given no storage when the one it would
 * use throws. The theme's middleware imports its storage helper by relative
 * path, so the `storage-utils` wrapper beside this file does not reach it;
 * without this, the first credential typed into the explorer threw.
 */
import type {Middleware} from 'redux';
import type {ApiThemeOptions} from '@theme/ApiItem/store';
import {createPersistenceMiddleware as createThemeMiddleware} from '@theme-original/ApiExplorer/persistenceMiddleware';
import {isStorageAvailable} from './storage-utils';

export function createPersistenceMiddleware(options: ApiThemeOptions | undefined): Middleware {
  const persistence = options?.authPersistence ?? 'sessionStorage';
  return createThemeMiddleware(isStorageAvailable(persistence) ? options : {...options, authPersistence: false});
}
