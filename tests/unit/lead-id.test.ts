import { describe, expect, it } from 'vitest';
import { isLeadId, leadIdFor } from '@/lib/site/leads';

/*
 * A lead's id, said once (lib/site/leads/store.ts): the confirmation page, its embed and GET
 * /api/inquiries/{lead} ask the database only for a string of this shape.
 */

describe('isLeadId', () => {
  it('takes every id the site makes', () => {
    for (const key of ['aaaaaaaaaaaaaaaaaaaaaa.1x', 'Z'.repeat(100), 'form-seed_1.2.3.digest'])
      expect(isLeadId(leadIdFor(key)), key).toBe(true);
    expect(isLeadId('ld_AbCdEfGhIj0123456789')).toBe(true);
    expect(isLeadId(`ld_${'-_'.repeat(10)}`)).toBe(true);
  });

  it('refuses anything else: other lengths, prefixes, characters, paths', () => {
    for (const value of [
      '',
      'ld_',
      'ld_AbCdEfGhIj012345678',
      'ld_AbCdEfGhIj01234567890',
      'LD_AbCdEfGhIj0123456789',
      'lx_AbCdEfGhIj0123456789',
      'ld_AbCdEfGhIj012345678=',
      'ld_AbCdEfGhIj01234567.9',
      'ld_AbCdEfGhIj0123456789\n',
      ' ld_AbCdEfGhIj0123456789',
      'ld_../../../../../etc/pa',
      'WEB-20261121-7K3QX9',
      '42',
    ])
      expect(isLeadId(value), JSON.stringify(value)).toBe(false);
  });
});
