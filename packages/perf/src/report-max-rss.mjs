// Loaded into every build process by the benchmark (NODE_OPTIONS=--import):
// appends the process's peak resident memory, in bytes, to ZIP_BENCH_RSS_FILE.
import {appendFileSync} from 'node:fs';

process.on('exit', () => {
  const file = process.env.ZIP_BENCH_RSS_FILE;
  if (file) appendFileSync(file, `${process.resourceUsage().maxRSS * 1024}\n`);
});
