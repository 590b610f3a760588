import { describe, expect, it } from 'vitest';
import { statementRefusalOf } from './statements.ts';

describe('statementRefusalOf', () => {
  it("reads a refused file's row and problem from the answer's detail", () => {
    expect(statementRefusalOf('{"row":15,"problem":"amount"}')).toEqual({ row: 15, problem: 'amount' });
    expect(statementRefusalOf('{"row":null,"problem":"encoding"}')).toEqual({ row: null, problem: 'encoding' });
  });

  it('answers null for no detail, text that is no JSON, or a problem the contract does not list', () => {
    expect(statementRefusalOf(undefined)).toBeNull();
    expect(statementRefusalOf('row 15')).toBeNull();
    expect(statementRefusalOf('{"row":15,"problem":"weather"}')).toBeNull();
    expect(statementRefusalOf('{"row":1.5,"problem":"amount"}')).toBeNull();
  });
});
