// What the explorer's storage-utils takes from crypto-js, SHA-1 to name a page's saved values,
// bundled in place of the whole library (index.ts).
import SHA1 from 'crypto-js/sha1.js';

export default {SHA1};
