#!/usr/bin/env node
// The test mode's command: runs its TypeScript through tsx, which the package depends on.
import {register} from 'tsx/esm/api';

register();
await import('../src/serve.ts');
