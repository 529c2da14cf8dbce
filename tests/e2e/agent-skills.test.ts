/**
 * The integration skill installs with the ecosystem's own tool: `npx skills add <site>` (the
 * `skills` CLI, a pinned devDependency) against the test build as nginx serves it, offline,
 * non-interactively, into an empty folder. It reads `/.well-known/agent-skills/index.json`
 * (plugins/machine-readable/agent-discovery.ts), checks the skill's digest and writes it.
 */
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {mkdtemp, readFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {promisify} from 'node:util';
import {integrationSkillName, integrationSkillPath} from '@zip/model/agentDiscovery';
import {test} from '../support/browser';
import {buildDir, site} from '../support/site';

const run = promisify(execFile);
const skillsCli = resolve('node_modules/.bin/skills');

test.describe('agent skills discovery', () => {
  let folder: string | undefined;

  test.afterAll(async () => {
    if (folder) await rm(folder, {recursive: true, force: true});
  });

  test('npx skills add <site> installs zip-integration from the served build, as the build wrote it', async () => {
    test.setTimeout(120_000);
    folder = await mkdtemp(join(tmpdir(), 'zip-docs-skills-'));
    // A home of its own, so the CLI's global lock and config stay in the temporary folder; no telemetry.
    const env = {
      ...process.env,
      HOME: folder,
      XDG_CONFIG_HOME: join(folder, '.config'),
      DISABLE_TELEMETRY: '1',
      DO_NOT_TRACK: '1',
      CI: '1',
    };
    const project = join(folder, 'project');
    await run('mkdir', ['-p', project]);
    const {stdout, stderr} = await run(
      skillsCli,
      ['add', site.origin, '--skill', integrationSkillName, '--agent', 'universal', '--copy', '--yes'],
      {cwd: project, env, timeout: 100_000},
    ).catch((error: {stdout?: string; stderr?: string; message: string}) => {
      throw new Error(`skills add failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    const installed = await readFile(join(project, '.agents', 'skills', integrationSkillName, 'SKILL.md'), 'utf8').catch(() => {
      throw new Error(`skills add installed no ${integrationSkillName}/SKILL.md:\n${stdout}\n${stderr}`);
    });
    assert.equal(installed, readFileSync(join(buildDir, integrationSkillPath), 'utf8'), 'the installed skill is the served file');
  });
});
