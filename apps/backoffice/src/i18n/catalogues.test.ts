import { OPERATOR_ERROR_CODES } from '@member-wallet/contract/error-codes';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import th from './th.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('back-office catalogues', () => {
  it('Thai and English have the same keys', () => {
    expect(keys(th).sort()).toEqual(keys(en).sort());
  });

  it('no Thai text is an English copy', () => {
    const english = new Map(keys(en).map((key) => [key, key]));
    const flatTh = Object.fromEntries(keys(th).map((key) => [key, key]));
    const copies = [...english.keys()].filter((key) => {
      const path = key.split('.');
      const read = (tree: Tree) => path.reduce<string | Tree>((node, part) => (node as Tree)[part] ?? '', tree);
      return key in flatTh && read(th) === read(en) && /[a-z]{4}/i.test(String(read(en)));
    });
    // Language names are written in their own script in both catalogues.
    expect(copies).toEqual(['language.en']);
  });

  it('every operator error code has a text', () => {
    const chat = ['CHAT_FILE_NOT_SUPPORTED', 'CHAT_FILE_TOO_LARGE', 'REQUEST_LIMIT_1MIN', 'KEY_INVALID', 'KEY_MISSING'];
    for (const code of [...OPERATOR_ERROR_CODES, ...chat, 'WRONG_CREDENTIAL', 'REQUEST_LIMIT', 'invalid-token']) {
      expect(keys(en)).toContain(`errors.${code}`);
    }
  });
});
