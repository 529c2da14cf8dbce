/**
 * `/.well-known/security.txt` (plugins/delivery/security-txt.ts): the fields
 * RFC 9116 asks for, at the site's own URL, and the expiry rule the served
 * file is held to (tests/e2e/delivery.test.ts applies it to today's date).
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
  expiryProblem,
  parseSecurityTxt,
  securityTxt,
  securityTxtExpires,
  securityTxtRenewalDays,
} from '../../plugins/delivery/security-txt';
import {facts} from '@zip/model/facts';

const day = 24 * 60 * 60 * 1000;

describe('security.txt', () => {
  it('names the security contact, its expiry, language, policy and canonical address at the site URL', () => {
    const fields = parseSecurityTxt(securityTxt('https://docs.zip.test', '/'));
    assert.deepEqual(Object.fromEntries(fields), {
      Contact: [`mailto:${facts.company.securityEmail}`],
      Expires: [securityTxtExpires],
      'Preferred-Languages': ['en'],
      Policy: ['https://docs.zip.test/help/security#report-a-vulnerability'],
      Canonical: ['https://docs.zip.test/.well-known/security.txt'],
    });
  });

  it('puts the policy and canonical address under the base URL', () => {
    const fields = parseSecurityTxt(securityTxt('https://zip.test', '/docs'));
    assert.deepEqual(fields.get('Canonical'), ['https://zip.test/docs/.well-known/security.txt']);
    assert.deepEqual(fields.get('Policy'), ['https://zip.test/docs/help/security#report-a-vulnerability']);
  });

  it('fails a line that is not a field, naming the file and line', () => {
    assert.throws(() => parseSecurityTxt('Contact: mailto:a@b.test\nnot a field\n', 'x/security.txt'), /x\/security\.txt:2: "not a field"/);
  });

  it('accepts an expiry between the renewal margin and a year ahead', () => {
    const expires = '2027-06-01T00:00:00.000Z';
    assert.equal(expiryProblem(expires, new Date(Date.parse(expires) - 364 * day)), undefined);
    assert.equal(expiryProblem(expires, new Date(Date.parse(expires) - (securityTxtRenewalDays + 1) * day)), undefined);
  });

  it('fails an expiry that is past, within the renewal margin, more than a year ahead, or not a date', () => {
    const expires = '2027-06-01T00:00:00.000Z';
    const at = (daysBefore: number): Date => new Date(Date.parse(expires) - daysBefore * day);
    assert.match(expiryProblem(expires, at(-1)) ?? '', /is past: move securityTxtExpires/);
    assert.match(expiryProblem(expires, at(0)) ?? '', /is past/);
    assert.match(expiryProblem(expires, at(securityTxtRenewalDays - 1)) ?? '', /within the 30-day renewal margin/);
    assert.match(expiryProblem(expires, at(366)) ?? '', /more than 365 days away/);
    assert.match(expiryProblem('1 June 2027', at(100)) ?? '', /not an RFC 3339 date/);
    assert.match(expiryProblem(undefined, at(100)) ?? '', /"\(missing\)"/);
  });
});
