import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (it runs at postinstall, before any TypeScript tooling)
import { literalTraitKeys } from './patch-sdk-schemas.mjs';

const generated = `const _h = "http";
const _e = "error";
const _c = "client";
const _q = "a \\"quoted\\" value";
export var SendEmail$ = [9, n0, _SE,
    { [_h]: ["POST", "/v2/email/outbound-emails", 200] }, () => SendEmailRequest$, () => SendEmailResponse$
];
export var BadRequestException$ = [-3, n0, _BRE, { [_e]: _c, [_hE]: 400, [_q]: 1 }, [_m], [0]];
export var List = [1, n0, "L", 0, [_h, _e]];
`;

describe('literal trait keys (aws/aws-sdk-js-v3#7607)', () => {
  it('writes each computed key of a declared string constant as that string, and nothing else', () => {
    const out = literalTraitKeys(generated) as string;
    expect(out).toContain('{ "http": ["POST", "/v2/email/outbound-emails", 200] }');
    expect(out).toContain('{ "error": _c, [_hE]: 400, "a \\"quoted\\" value": 1 }');
    // an array of constants and the values stay as they were
    expect(out).toContain('[1, n0, "L", 0, [_h, _e]]');
    expect(out.split('\n').filter((l) => l.startsWith('const '))).toEqual(generated.split('\n').filter((l) => l.startsWith('const ')));
  });

  it('builds the same objects', () => {
    const evaluate = (source: string) =>
      new Function(
        'n0',
        '_SE',
        '_BRE',
        '_hE',
        '_m',
        'SendEmailRequest$',
        'SendEmailResponse$',
        `${source.replaceAll('export ', '')}; return [SendEmail$[3], BadRequestException$[3], List[4]];`,
      )(0, 'SE', 'BRE', 'httpError', 'message', 0, 0);
    expect(evaluate(literalTraitKeys(generated))).toEqual(evaluate(generated));
  });

  it('changes nothing the second time', () => {
    expect(literalTraitKeys(literalTraitKeys(generated))).toBe(literalTraitKeys(generated));
  });
});
